"""Parameters of 「探偵無宿２」: the base rules and the author's variants.

>>> DetectiveParams(players=3).players
3
>>> DetectiveParams(players=5)
Traceback (most recent call last):
...
ValueError: players must be 3 or 4 (the seed's 3〜4人用), got 5
>>> DetectiveParams(opening_tragic="top")
Traceback (most recent call last):
...
ValueError: opening_tragic must be 'reshuffle' or 'bottom', got 'top'
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields


@dataclass(frozen=True)
class DetectiveParams:
    """Table size, the base numbers of the seed, and every variant switch.

    Base rules: ``hand_limit=5``, ``discard_rate=4`` hand cards per generated
    icon (reduced by related notebook events down to ``min_discards=1``),
    ``win_vp=10``, ``deaths_to_end=5``, the first-card rule on.

    Variants from the seed's 問題点 section:
    ``opening=4`` (draw 4 cards without actions at round start; a tragic night
    among them is set aside, then shuffled back or put at the bottom after the
    opening: ``opening_tragic``; ``opening_replace=True`` draws a replacement so
    the opening always shows 4 people),
    ``suspects_per_round=1`` (one suspect per round), ``copies=3`` with
    ``awaken_on_fourth=True`` (the 4th card of a person is the awakened card:
    suspecting it awakens the person), ``reservation=True`` (play an event
    face down now, set it later when the line pays for it; lost with a penalty
    at round end; once the tragic night is out nothing more is reserved or set),
    ``oneshot_free=True`` (one-shot events do not use the main phase: no cap, the
    seed's 「使い切りカードについては、手番を消費しない形にする」; ``oneshot_cap=1``
    is version 2's one free one-shot per turn).

    Readings (quotes in :mod:`.rules`, issue 36): ``trim_hands="everyone"`` (at every
    turn's end each player over the hand limit trims; ``"active"``: only the player whose
    turn ends), ``night_break="refill"`` (a break after the tragic night only refills,
    「手札の補充だけ」; ``"discard"``: version 3's reading, the refill's optional discard of
    one card kept). ``awaken_at=3`` (with
    ``awaken_on_fourth``, a person awakens once 3 of their cards are suspects,
    i.e. out of the supply; ``None``: only when the awakened 4th card itself
    is suspected); ``generated_lasts="turn"`` (generated icons count for every
    event of the turn; ``"event"``: for the one event paid).
    More ideas from 問題点, as switches: ``break_draw="one"`` (a break draws one
    card instead of refilling to the limit, without the refill's optional
    discard: 「パスして手札１枚補充＆捜査線操作」; ``one_draw_discard=True`` keeps
    that discard, version 2's reading), ``round_start_edit=True`` (the start
    player may add one supply card to the investigation deck or take one
    person's card out of it back to their pile, 「１枚追加、あるいは減らす」;
    ``edit_remove="line"`` removes a card from the line instead, version 2's
    reading, which without an opening has nothing to remove).
    """

    players: int = field(default=4, metadata={"range": (3, 4)})
    hand_limit: int = field(default=5, metadata={"range": (1, 20)})
    discard_rate: int = field(default=4, metadata={"range": (1, 20)})
    min_discards: int = field(default=1, metadata={"range": (1, 20)})
    win_vp: int = field(default=10, metadata={"range": (1, 100)})
    deaths_to_end: int = field(default=5, metadata={"range": (1, 50)})
    first_card_rule: bool = True
    opening: int = field(default=0, metadata={"range": (0, 7)})
    opening_tragic: str = "reshuffle"
    opening_replace: bool = False
    suspects_per_round: int | None = field(default=None, metadata={"range": (0, 10)})
    copies: int | None = field(default=None, metadata={"range": (1, 9)})
    awaken_on_fourth: bool = False
    awaken_at: int | None = field(default=3, metadata={"range": (1, 9)})
    reservation: bool = False
    reservation_penalty: int = field(default=1, metadata={"range": (0, 20)})
    oneshot_free: bool = False
    oneshot_cap: int | None = field(default=None, metadata={"range": (1, 20)})
    generated_lasts: str = field(default="turn", metadata={"choices": ("turn", "event")})
    break_draw: str = field(default="refill", metadata={"choices": ("refill", "one")})
    one_draw_discard: bool = False
    round_start_edit: bool = False
    edit_remove: str = field(default="deck", metadata={"choices": ("deck", "line")})
    trim_hands: str = field(default="everyone", metadata={"choices": ("everyone", "active")})
    night_break: str = field(default="refill", metadata={"choices": ("refill", "discard")})
    next_start: str = "after_drawer"
    max_rounds: int = field(default=40, metadata={"range": (1, 1000)})
    cards_folder: str | None = field(default=None, metadata={"path": True})

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ValueError(f"players must be 3 or 4 (the seed's 3〜4人用), got {self.players}")
        for name in (
            "hand_limit",
            "discard_rate",
            "min_discards",
            "win_vp",
            "deaths_to_end",
            "max_rounds",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
        if self.min_discards > self.discard_rate:
            raise ValueError(
                f"min_discards {self.min_discards} exceeds discard_rate {self.discard_rate}"
            )
        if not isinstance(self.opening, int) or not 0 <= self.opening <= 7:
            raise ValueError(f"opening must be 0..7 cards, got {self.opening!r}")
        if self.opening_tragic not in ("reshuffle", "bottom"):
            raise ValueError(
                f"opening_tragic must be 'reshuffle' or 'bottom', got {self.opening_tragic!r}"
            )
        if self.next_start not in ("after_drawer", "rotate"):
            raise ValueError(
                f"next_start must be 'after_drawer' or 'rotate', got {self.next_start!r}"
            )
        if self.suspects_per_round is not None and self.suspects_per_round < 0:
            raise ValueError(
                f"suspects_per_round must be None or >= 0, got {self.suspects_per_round}"
            )
        if self.copies is not None and not 1 <= self.copies <= 9:
            raise ValueError(f"copies must be None (the sheet's) or 1..9, got {self.copies}")
        if self.awaken_at is not None and not 1 <= self.awaken_at <= 9:
            raise ValueError(
                f"awaken_at must be None (the awakened card) or 1..9, got {self.awaken_at!r}"
            )
        for name, allowed in (
            ("generated_lasts", ("turn", "event")),
            ("break_draw", ("refill", "one")),
            ("edit_remove", ("deck", "line")),
            ("trim_hands", ("everyone", "active")),
            ("night_break", ("refill", "discard")),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        if self.oneshot_cap is not None and (
            not isinstance(self.oneshot_cap, int) or self.oneshot_cap < 1
        ):
            raise ValueError(f"oneshot_cap must be None (no cap) or >= 1, got {self.oneshot_cap!r}")
        if self.reservation_penalty < 0:
            raise ValueError(f"reservation_penalty must be >= 0, got {self.reservation_penalty}")

    @classmethod
    def from_dict(cls, values: dict) -> DetectiveParams:
        """Build from a plain dict, naming any unknown key.

        >>> DetectiveParams.from_dict({"colour": 1})
        Traceback (most recent call last):
        ...
        ValueError: unknown detective parameter 'colour'; known: players, hand_limit, ...
        """
        known = [f.name for f in fields(cls)]
        for key in values:
            if key not in known:
                raise ValueError(f"unknown detective parameter {key!r}; known: {', '.join(known)}")
        return cls(**values)
