"""The parameters of 「何か」: table size and the readings the seed leaves open (see rules.py).

>>> GhostParams(players=3).archive_limit
5
>>> GhostParams().server_end, GhostParams().event_limit, GhostParams().facedown_per_battle
('at_once', 'action', 0)
>>> GhostParams().stat_choice, GhostParams().deal_order
('after_defender', 'all_hands')
>>> GhostParams(**OLD_READINGS).server_end
'next_turn'
>>> GhostParams().reactions, GhostParams(reactions=False).reactions
('every_step', 'none')
"""

from __future__ import annotations

from dataclasses import dataclass, field

PENALTIES = ("none", "lose_vp")
SERVER_ENDS = ("at_once", "next_turn")
EVENT_LIMITS = ("action", "turn")
STAT_CHOICES = ("after_defender", "at_declaration")
DEAL_ORDERS = ("all_hands", "by_seat")
QUICK_INSTALLS = ("anyone", "sides")
MASTER_DEALS = ("dealt", "first_install")
REACTIONS = ("every_step", "turn_start", "none")
CHOICES = {
    "reactions": REACTIONS,
    "no_ghost_penalty": PENALTIES,
    "server_end": SERVER_ENDS,
    "event_limit": EVENT_LIMITS,
    "quick_install": QUICK_INSTALLS,
    "master_deal": MASTER_DEALS,
    "stat_choice": STAT_CHOICES,
    "deal_order": DEAL_ORDERS,
}

#: The readings of version 2 (before issue 14), as parameters: the server checked at the next
#: turn's start, one face-down event per user per battle besides the turn's action event, no
#: out-of-turn window, quick installs by the battle's sides only, the first installed ghost as
#: master and slaves supporting slaves. (The dead negate it offered is not kept.)
OLD_READINGS = {
    "server_end": "next_turn",
    "event_limit": "action",
    "facedown_per_battle": 1,
    "reactions": "none",
    "quick_install": "sides",
    "master_deal": "first_install",
    "slave_support": True,
    "stat_choice": "at_declaration",
    "deal_order": "by_seat",
}

#: The readings of version 3 that version 4 (issue 25) replaced: the stat named with the
#: attack, one event from the archive per user per turn (battle events included), each seat
#: dealt and its mandatory events replaced before the next seat is dealt.
V3_READINGS = {"stat_choice": "at_declaration", "event_limit": "turn", "deal_order": "by_seat"}

#: The reading of version 4 that version 5 (issue 24) replaced: at a reaction point only the
#: users holding an event playable out of turn were asked (being asked told the table so).
V4_READINGS = {"ask_everyone": False}


@dataclass(frozen=True)
class GhostParams:
    """The table's settings and the variants the seed leaves open (see rules.py,
    readings 4, 10, 12, 14 and 17-20 for the seed lines behind each default).

    ``server_end``: ``"at_once"`` (the download that empties the server ends
    the game) or ``"next_turn"`` (the old check at the next turn's start).
    ``event_limit``: ``"action"`` (only the turn user's action event is
    limited, the seed's 5-2 3)) or ``"turn"`` (each user uses at most one event
    from its archive per turn: action, face-down or reaction). ``facedown_per_battle``: events a
    user may place face down in one battle (0 = no limit of its own).
    ``reactions`` (reading 18, issue 36): when other users may play Anytime /
    Not.YourTurn events out of battles — ``"every_step"`` (default: after the turn's
    download and after each install, shell, event or ability of the turn's user),
    ``"turn_start"`` (the narrowest reading of 「いつでも使用できる」: one point a
    turn, after its download) or ``"none"`` (face down in battles only); ``True`` and
    ``False`` (versions up to 5) read as ``"every_step"`` and ``"none"``.
    ``ask_everyone`` (default): at such a point every
    other user is asked the same way, a user without such an event gets the prompt
    with only "pass" (so being asked reveals nothing); False: only users holding one
    are asked (version 4). ``quick_install``: who may install a
    〈軽量速攻〉 ghost during a battle (``"anyone"`` or only the ``"sides"``, as
    support). Master-slave: ``master_deal`` (``"dealt"`` before the hands, or
    the ``"first_install"``), ``slave_support`` (slaves may support slaves),
    ``master_support`` (the tentative rule: a master supports its slaves).
    ``stat_choice``: ``"after_defender"`` (the attacker picks 物理 or 精神 once the
    defending ghost is known, seed 6 1)-2)) or ``"at_declaration"`` (named with the
    attack). ``deal_order``: ``"all_hands"`` (every hand dealt, then each user
    replaces its mandatory events) or ``"by_seat"`` (each seat dealt and replaced
    before the next seat is dealt).

    >>> GhostParams(players=7)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..6, got 7
    >>> GhostParams(event_limit="battle")
    Traceback (most recent call last):
    ...
    ValueError: event_limit must be one of ('action', 'turn'), got 'battle'
    """

    players: int = field(default=4, metadata={"range": (2, 6)})
    vp_to_win: int = field(default=15, metadata={"range": (0, 100)})
    floor_at_zero: bool = True
    fumble: bool = True
    no_ghost_penalty: str = field(default="none", metadata={"choices": PENALTIES})
    master_slave: bool = False
    hand_size: int = field(default=5, metadata={"range": (0, 20)})
    archive_limit: int = field(default=5, metadata={"range": (0, 50)})
    sheet: str = field(default="", metadata={"path": True})
    server_end: str = field(default="at_once", metadata={"choices": SERVER_ENDS})
    event_limit: str = field(default="action", metadata={"choices": EVENT_LIMITS})
    facedown_per_battle: int = field(default=0, metadata={"range": (0, 20)})
    reactions: str = field(default="every_step", metadata={"choices": REACTIONS})
    ask_everyone: bool = True
    quick_install: str = field(default="anyone", metadata={"choices": QUICK_INSTALLS})
    master_deal: str = field(default="dealt", metadata={"choices": MASTER_DEALS})
    slave_support: bool = False
    master_support: bool = False
    stat_choice: str = field(default="after_defender", metadata={"choices": STAT_CHOICES})
    deal_order: str = field(default="all_hands", metadata={"choices": DEAL_ORDERS})

    def __post_init__(self) -> None:
        if isinstance(self.reactions, bool):  # versions up to 5 (replays, saved settings)
            object.__setattr__(self, "reactions", "every_step" if self.reactions else "none")
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise ValueError(f"players must be 2..6, got {self.players!r}")
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        for name in ("vp_to_win", "hand_size", "archive_limit", "facedown_per_battle"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")


__all__ = [
    "CHOICES",
    "DEAL_ORDERS",
    "EVENT_LIMITS",
    "MASTER_DEALS",
    "OLD_READINGS",
    "PENALTIES",
    "QUICK_INSTALLS",
    "REACTIONS",
    "SERVER_ENDS",
    "STAT_CHOICES",
    "V3_READINGS",
    "V4_READINGS",
    "GhostParams",
]
