"""The closed effect vocabulary of むげんの宙へ cards (what a sheet cell may say).

An effects cell is a list separated by ``;``: ``damage 3; draw 1``. Each item
is ``[timing:] verb amount``. One-shot verbs resolve when the skill resolves;
``atk``/``def`` are boosts that last while a set skill stays set; a timing
prefix makes a set skill (or an additional trait) trigger at a turn's start or
end:

=============== ===========================================================
``damage N``     N damage to the opponent (+ own attack, - their defence)
``pierce N``     N damage to the opponent, ignoring their defence
``heal N``       recover N HP (never above the maximum HP)
``draw N``       draw N cards
``mp +N``        N more MP to spend this turn
``ramp N``       the MP counter rises by N (at most 10), this turn included
``destroy_set N`` dust N of the opponent's set skills (the user picks;
                 super set skills are immune)
``mill N``       the opponent's top N deck cards go to their dust zone
``discard N``    the opponent discards N random cards from hand
``atk +N``       attack +N while set (set / super set skills, traits)
``def +N``       defence +N while set (set / super set skills, traits)
``hp +N``        traits only: maximum and starting HP +N
``hand +N``      traits only: N more cards in the opening draw
=============== ===========================================================

Timings: ``start:`` / ``end:`` (the owner's turn), ``opp_start:`` /
``opp_end:`` (the opponent's turn); they take one-shot verbs only.

>>> parse_effects("damage 3; start: heal 1")
(Effect(verb='damage', amount=3, timing='now'), Effect(verb='heal', amount=1, timing='start'))
>>> str(parse_effects("atk +2")[0])
'atk +2'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

ONE_SHOT = ("damage", "pierce", "heal", "draw", "mp", "ramp", "destroy_set", "mill", "discard")
BOOSTS = ("atk", "def")
TRAIT_ONLY = ("hp", "hand")
SIGNED = ("mp", "atk", "def", "hp", "hand")
VERBS = ONE_SHOT + BOOSTS + TRAIT_ONLY
TIMINGS = ("now", "start", "end", "opp_start", "opp_end")

_ITEM = re.compile(r"^(?:(?P<timing>[a-z_]+)\s*:\s*)?(?P<verb>[a-z_]+)\s+(?P<amount>[+-]?\d+)$")
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2010": "-", "\u2011": "-"})


class EffectError(ValueError):
    """Effect text outside the vocabulary; ``.position`` is the 1-based character."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: a verb from the vocabulary, its amount and when it happens."""

    verb: str
    amount: int
    timing: str = "now"

    def __str__(self) -> str:
        amount = f"+{self.amount}" if self.verb in SIGNED and self.amount >= 0 else str(self.amount)
        prefix = "" if self.timing == "now" else f"{self.timing}: "
        return f"{prefix}{self.verb} {amount}"


def parse_effect(text: str, offset: int = 0) -> Effect:
    """One item such as ``damage 3`` or ``end: heal 1`` (full-width text allowed).

    >>> parse_effect("ｄａｍａｇｅ　４")
    Effect(verb='damage', amount=4, timing='now')
    >>> parse_effect("burn 2")
    Traceback (most recent call last):
    ...
    workbench.games.mugen.effects.EffectError: unknown verb 'burn' at character 1; known: damage, pierce, heal, draw, mp, ramp, destroy_set, mill, discard, atk, def, hp, hand
    """
    folded = unicodedata.normalize("NFKC", text).translate(_MINUS).strip().lower()
    where = offset + 1 + (len(text) - len(text.lstrip()))
    m = _ITEM.match(folded)
    if m is None:
        raise EffectError(
            f"{text.strip()!r} at character {where} is not 'verb amount' "
            "(e.g. 'damage 3' or 'start: heal 1')",
            where,
        )
    timing = m.group("timing") or "now"
    verb = m.group("verb")
    amount = int(m.group("amount"))
    if timing not in TIMINGS[1:] and m.group("timing"):
        raise EffectError(
            f"unknown timing {timing!r} at character {where}; known: {', '.join(TIMINGS[1:])}",
            where,
        )
    if verb not in VERBS:
        raise EffectError(
            f"unknown verb {verb!r} at character {where}; known: {', '.join(VERBS)}", where
        )
    if timing != "now" and verb not in ONE_SHOT:
        raise EffectError(f"{verb!r} cannot be timed ({timing}:) at character {where}", where)
    if verb not in SIGNED and amount < 1:
        raise EffectError(f"{verb} needs a positive amount, got {amount} at character {where}", where)
    return Effect(verb, amount, timing)


def parse_effects(text: str) -> tuple[Effect, ...]:
    """A ``;``-separated list of effects; empty text gives no effects.

    >>> parse_effects("")
    ()
    >>> parse_effects("heal 2;; draw 1")
    Traceback (most recent call last):
    ...
    workbench.games.mugen.effects.EffectError: empty effect at character 8 (two ';' in a row?)
    """
    if not text.strip():
        return ()
    out: list[Effect] = []
    offset = 0
    for piece in text.replace("；", ";").split(";"):
        if not piece.strip():
            raise EffectError(
                f"empty effect at character {offset + 1} (two ';' in a row?)", offset + 1
            )
        out.append(parse_effect(piece, offset))
        offset += len(piece) + 1
    return tuple(out)


def check_for_kind(effects: tuple[Effect, ...], kind: str) -> str | None:
    """Why these effects do not fit a skill kind (or a trait), or None when they do.

    >>> check_for_kind(parse_effects("atk +1"), "plain")
    "'atk +1' only works on set / super_set skills and traits"
    >>> check_for_kind(parse_effects("atk +1; end: draw 1"), "super_set") is None
    True
    """
    for e in effects:
        if e.verb in TRAIT_ONLY and kind != "trait":
            return f"'{e}' only works in an additional trait"
        if kind in ("set", "super_set", "trait"):
            continue
        if e.verb in BOOSTS:
            return f"'{e}' only works on set / super_set skills and traits"
        if e.timing != "now":
            return f"'{e}' is timed: only set / super_set skills and traits trigger"
    return None
