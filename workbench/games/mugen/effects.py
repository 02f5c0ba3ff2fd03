"""The closed effect vocabulary of むげんの宙へ cards (what a sheet cell may say).

An effects cell is a list separated by ``;``: ``damage 3; draw 1``. Each item
is ``[timing:] verb amount``. One-shot verbs resolve when the skill resolves;
``atk``/``def`` are boosts that last while a set skill stays set; a timing
prefix makes a set skill (or an additional trait) trigger at a turn's start or
end. Japanese spellings are aliases (``ダメージ 3``, ``回復 2``, ``攻 +1``).

================ ===========================================================
``damage N``      N damage to the opponent (+ own attack, - their defence)
``pierce N``      N damage to the opponent, ignoring their defence
``heal N``        recover N HP (never above the maximum HP)
``draw N``        draw N cards
``mp +N``         N more MP to spend this turn
``ramp N``        the MP counter rises by N (at most 10), this turn included
``destroy_set N`` dust N of the opponent's set skills (the user picks;
                  super set skills are immune)
``mill N``        the opponent's top N deck cards go to their dust zone
``discard N``     the opponent discards N random cards from hand
``atk +N``        attack +N while set (set / super set skills, traits)
``def +N``        defence +N while set (set / super set skills, traits)
``hp +N``         traits only: maximum and starting HP +N
``hand +N``       traits only: N more cards in the opening draw
================ ===========================================================

Timings: ``start:`` / ``end:`` (the owner's turn), ``opp_start:`` /
``opp_end:`` (the opponent's turn) followed by a one-shot verb and amount.

>>> parse_effects("damage 3; start: heal 1")
(TimedEffect(verb='damage', amount=3, timing='now'), TimedEffect(verb='heal', amount=1, timing='start'))
>>> str(parse_effects("攻 ＋2")[0])
'atk +2'
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.cards import Effect, EffectError, Vocabulary

ONE_SHOT = ("damage", "pierce", "heal", "draw", "mp", "ramp", "destroy_set", "mill", "discard")
BOOSTS = ("atk", "def")
TRAIT_ONLY = ("hp", "hand")
SIGNED = ("mp", "atk", "def", "hp", "hand")
TIMINGS = ("now", "start", "end", "opp_start", "opp_end")

_DESCRIPTIONS = {
    "damage": "N damage to the opponent (+ attack, - their defence)",
    "pierce": "N damage ignoring the opponent's defence",
    "heal": "recover N HP (up to the maximum)",
    "draw": "draw N cards",
    "mp": "N more MP to spend this turn",
    "ramp": "the MP counter +N (at most 10)",
    "destroy_set": "dust N of the opponent's set skills (not super set)",
    "mill": "the opponent's top N deck cards to their dust zone",
    "discard": "the opponent discards N random cards from hand",
    "atk": "attack +N while set",
    "def": "defence +N while set",
    "hp": "trait: maximum and starting HP +N",
    "hand": "trait: N more cards in the opening draw",
}
_VERBS = {v: ("signed" if v in SIGNED else "int") for v in ONE_SHOT + BOOSTS + TRAIT_ONLY}
ALIASES = {
    "ダメージ": "damage",
    "貫通": "pierce",
    "回復": "heal",
    "ドロー": "draw",
    "攻": "atk",
    "防": "def",
    "破壊": "destroy_set",
    "捨て": "discard",
}
_TIMED = " ".join(
    ["|".join(ONE_SHOT + tuple(a for a, v in ALIASES.items() if v in ONE_SHOT)), "signed"]
)
VOCABULARY = Vocabulary(
    {**_VERBS, **{f"{t}:": _TIMED for t in TIMINGS[1:]}},
    aliases={**ALIASES, "開始時:": "start:", "終了時:": "end:"},
    descriptions={**_DESCRIPTIONS, "start:": "at the start of the owner's turn: <verb N>",
                  "end:": "at the end of the owner's turn: <verb N>",
                  "opp_start:": "at the start of the opponent's turn: <verb N>",
                  "opp_end:": "at the end of the opponent's turn: <verb N>"},
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TimedEffect:
    """One effect as the rules use it: a verb, its amount and when it happens."""

    verb: str
    amount: int
    timing: str = "now"

    def __str__(self) -> str:
        amount = f"+{self.amount}" if self.verb in SIGNED and self.amount >= 0 else str(self.amount)
        prefix = "" if self.timing == "now" else f"{self.timing}: "
        return f"{prefix}{self.verb} {amount}"


def from_vocabulary(effects: tuple[Effect, ...]) -> tuple[TimedEffect, ...]:
    """The sheet loader's effects (``workbench.cards.Effect``) as timed effects.

    >>> from_vocabulary(VOCABULARY.parse("end: draw 1"))
    (TimedEffect(verb='draw', amount=1, timing='end'),)
    """
    out = []
    for e in effects:
        if e.verb.endswith(":"):
            verb, amount = e.args
            out.append(
                TimedEffect(ALIASES.get(str(verb), str(verb)), int(amount or 0), e.verb[:-1])
            )
        else:
            out.append(TimedEffect(e.verb, int(e.args[0] or 0)))
    return tuple(out)


def parse_effects(text: str) -> tuple[TimedEffect, ...]:
    """Effect text through the vocabulary; bad text raises ``EffectError`` (``.position``).

    >>> parse_effects("")
    ()
    >>> parse_effects("heal 2; burn 1")
    Traceback (most recent call last):
    ...
    workbench.cards.effects.EffectError: unknown word 'burn' at character 9 (known: damage, pierce, ...)
    """
    return from_vocabulary(VOCABULARY.parse(text))


def check_effects(effects: tuple[TimedEffect, ...], kind: str) -> str | None:
    """Why these effects do not fit a skill kind (or ``"trait"``), or None when they do.

    >>> check_effects(parse_effects("atk +1"), "plain")
    "'atk +1' only works on set / super_set skills and traits"
    >>> check_effects(parse_effects("atk +1; end: draw 1"), "super_set") is None
    True
    >>> check_effects(parse_effects("damage 0"), "plain")
    "'damage 0' needs an amount of at least 1"
    """
    for e in effects:
        if e.verb not in SIGNED and e.amount < 1:
            return f"'{e}' needs an amount of at least 1"
        if e.verb in TRAIT_ONLY and kind != "trait":
            return f"'{e}' only works in an additional trait"
        if kind in ("set", "super_set", "trait"):
            continue
        if e.verb in BOOSTS:
            return f"'{e}' only works on set / super_set skills and traits"
        if e.timing != "now":
            return f"'{e}' is timed: only set / super_set skills and traits trigger"
    return None


__all__ = ["VOCABULARY", "EffectError", "TimedEffect", "check_effects", "parse_effects"]
