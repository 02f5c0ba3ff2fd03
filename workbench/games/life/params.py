"""Life's rule parameters: the seed's numbers and the author's open ideas as switches.

>>> LifeParams().players, LifeParams().full_album_vp
(4, 6)
>>> LifeParams(players=5)
Traceback (most recent call last):
...
ValueError: players must be 3 or 4, got 5
>>> LifeParams(players=4, dream_skills=3)
Traceback (most recent call last):
...
ValueError: dream_skills=3 needs 4 dream cards per player: 16 for 4 players, but there are 12
"""

from __future__ import annotations

from dataclasses import dataclass, field

DREAM_CARDS = 12


@dataclass(frozen=True, slots=True)
class LifeParams:
    """Every rule number and variant switch of Life is Rolling Stone.

    - ``players``: 3 or 4.
    - ``stages`` × ``rounds_per_stage``: 3 × 3 in the seed.
    - ``mid_vp``: VP for 1st, 2nd... place at mid-scoring (seed: 3 and 1).
    - ``full_album_vp``: bonus for a full 4×4 album (seed draft 7: 6).
    - ``covered_star_vp``: VP of a ★ covered by a power cube at final scoring:
      1 (the seed: 「パワー１個を配置することにより１ＶＰとして扱います」) or 0
      (the power only cancels the ★'s −1).
    - ``free_orientation``: True, each player chooses how each die lies after
      the initial roll (the seed); False, the die lies in the default
      orientation (the smallest north face that fits the top face).
    - ``bonus_move``: order bonus 2 「サイコロ１個を、好きな方向へ１面分動かしてもよい」:
      ``"tip"`` turns the die one face in place (it stays on its card) or
      ``"roll"`` rolls it one face onto an orthogonally adjacent card of the album
      (as a placement moves it; only towards a square holding a card).
    - ``start_tie``: ``"random"`` (tied lowest totals roll off: a chance node)
      or ``"first"`` (the tied player with the lowest seat number).
    - ``timed_events``: the author's idea: events leave the stage deck and one
      is drawn at every round start (organised by the start player).
    - ``dream_skills``: 2 (the seed: one set aside at each mid-scoring) or 3
      (the author's idea: also one right after the dream draft); the deal is
      ``dream_skills + 1`` cards so that one dream remains for final scoring.
    - ``album_skills``: False drops regular cards' skills (the author's
      "cards without skills" variant).
    - ``skill_on_failed_placement``: the new card discarded because it cannot
      be placed also applies its skill (draft 7: "skills work when discarded").
    - ``character_replaceable``: True (the seed protects only cards with a die:
      「サイコロが乗っているカードを捨て札にはできず」), the character card without
      a die may be replaced like any placed card; False (version 2), never.
    - ``relocate_turn``: how a die re-placed by a skill may be turned
      (「その向きは自由に決めることができます」): ``"top"`` keeps its top face and
      chooses which way it lies, as the set-up's same words do; ``"any"``
      (version 2) any of the 24 ways, so the top face too.
    """

    players: int = field(default=4, metadata={"range": (3, 4)})
    stages: int = field(default=3, metadata={"range": (1, 10)})
    rounds_per_stage: int = field(default=3, metadata={"range": (1, 10)})
    mid_vp: tuple[int, ...] = field(default=(3, 1), metadata={"range": (0, 100), "max_items": 4})
    full_album_vp: int = field(default=6, metadata={"range": (0, 100)})
    covered_star_vp: int = field(default=1, metadata={"range": (0, 10)})
    free_orientation: bool = True
    bonus_move: str = "tip"
    start_tie: str = "random"
    timed_events: bool = False
    dream_skills: int = field(default=2, metadata={"range": (2, 3)})
    album_skills: bool = True
    skill_on_failed_placement: bool = True
    character_replaceable: bool = True
    relocate_turn: str = field(default="top", metadata={"choices": ("top", "any")})

    def __post_init__(self) -> None:
        object.__setattr__(self, "mid_vp", tuple(self.mid_vp))  # a replay's JSON list
        if self.players not in (3, 4):
            raise ValueError(f"players must be 3 or 4, got {self.players}")
        if self.stages < 1 or self.rounds_per_stage < 1:
            raise ValueError("stages and rounds_per_stage must be at least 1")
        if self.bonus_move not in ("tip", "roll"):
            raise ValueError(f"bonus_move must be 'tip' or 'roll', got {self.bonus_move!r}")
        if self.relocate_turn not in ("top", "any"):
            raise ValueError(f"relocate_turn must be 'top' or 'any', got {self.relocate_turn!r}")
        if self.start_tie not in ("random", "first"):
            raise ValueError(f"start_tie must be 'random' or 'first', got {self.start_tie!r}")
        if self.dream_skills not in (2, 3):
            raise ValueError(f"dream_skills must be 2 or 3, got {self.dream_skills}")
        need = self.dream_deal * self.players
        if need > DREAM_CARDS:
            raise ValueError(
                f"dream_skills={self.dream_skills} needs {self.dream_deal} dream cards per "
                f"player: {need} for {self.players} players, but there are {DREAM_CARDS}"
            )
        if self.covered_star_vp not in (0, 1):
            raise ValueError(f"covered_star_vp must be 0 or 1, got {self.covered_star_vp}")
        if any(v < 0 for v in self.mid_vp) or self.full_album_vp < 0:
            raise ValueError("VP values must not be negative")

    @property
    def dream_deal(self) -> int:
        """Dream cards dealt to each player."""
        return self.dream_skills + 1

    @property
    def rounds(self) -> int:
        """Rounds in the whole game."""
        return self.stages * self.rounds_per_stage
