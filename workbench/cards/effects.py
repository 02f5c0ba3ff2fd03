"""Card effects in a small closed vocabulary, declared per game as data.

A :class:`Vocabulary` maps each verb to an argument pattern, a string of
space-separated slots:

- ``int`` a whole number >= 0; ``signed`` a whole number with optional sign
  (``+2``, ``-1``, ``3``); ``dice`` dice text such as ``1D+1`` (normalised);
- ``a|b|c`` one word from that closed set (kept as an argument);
- any other word is a literal that must be written (not kept), e.g. ``face``;
- a slot ending in ``?`` is optional (a missing typed slot is ``None``);
- ``turns`` (or ``turns?``), last: the phrase ``for N turn(s)`` (``Effect.turns``).

Clauses are separated by ``;`` (or a line break); one clause may hold several
effects in a row, and a trailing ``for N turns`` covers every lasting effect
of its clause. Text is NFKC-folded first (full-width is fine) and matched
case-insensitively. Nothing is ever evaluated as code.

>>> v = Vocabulary({"damage": "int", "draw": "int", "atk": "signed turns?",
...                 "def": "signed turns?", "move": "die|card int face"})
>>> v.parse("damage 3; draw 2")
(Effect(verb='damage', args=(3,), turns=None), Effect(verb='draw', args=(2,), turns=None))
>>> v.format(v.parse("ATK +2 def ＋1 for 2 turns"))
'atk +2 for 2 turns; def +1 for 2 turns'
>>> v.parse("move die 1 face")
(Effect(verb='move', args=('die', 1), turns=None),)
>>> v.parse("damage 3; dammage 2")
Traceback (most recent call last):
...
workbench.cards.effects.EffectError: unknown word 'dammage' at character 11 (did you mean 'damage'?)
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

import polars as pl

from workbench.text import MINUS_SIGNS

_MINUS = str.maketrans({**dict.fromkeys(MINUS_SIGNS, "-"), "\n": ";"})  # names keep their ー
_TOKEN = re.compile(r";|[^\s;]+")
_INT = re.compile(r"\d+")
_SIGNED = re.compile(r"[+-]?\d+")
_TYPES = ("int", "signed", "dice")

Arg = int | str | None


@dataclass(frozen=True, slots=True)
class Effect:
    """One parsed effect: the verb, its kept arguments, and how many turns it lasts."""

    verb: str
    args: tuple[Arg, ...] = ()
    turns: int | None = None


class EffectError(ValueError):
    """Effect text outside the vocabulary; ``.position`` is the 1-based character."""

    def __init__(self, message: str, position: int, word: str = "") -> None:
        super().__init__(message)
        self.position = position
        self.word = word


@dataclass(frozen=True, slots=True)
class _Slot:
    kind: str  # int, signed, dice, set, literal, turns
    optional: bool
    words: tuple[str, ...] = ()

    def describe(self) -> str:
        text = {
            "int": "a whole number",
            "signed": "a number like +2",
            "dice": "dice like 1D+1",
            "turns": "'for N turns'",
        }.get(self.kind) or " or ".join(map(repr, self.words))
        return text


def _slots(verb: str, pattern: str) -> tuple[_Slot, ...]:
    slots = []
    tokens = pattern.split()
    for i, token in enumerate(tokens):
        optional = token.endswith("?")
        name = token.rstrip("?").lower()
        if not name:
            raise ValueError(f"verb {verb!r}: empty slot in pattern {pattern!r}")
        if name == "turns":
            if i != len(tokens) - 1:
                raise ValueError(f"verb {verb!r}: 'turns' must be the last slot of {pattern!r}")
            slots.append(_Slot("turns", optional))
        elif name in _TYPES:
            slots.append(_Slot(name, optional))
        elif "|" in name:
            slots.append(_Slot("set", optional, tuple(w for w in name.split("|") if w)))
        else:
            slots.append(_Slot("literal", optional, (name,)))
    return tuple(slots)


def _fold(text: str) -> tuple[str, list[int]]:
    """NFKC-fold per character, keeping each output character's original position."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        folded = unicodedata.normalize("NFKC", ch).translate(_MINUS)
        out.append(folded)
        where.extend([i + 1] * len(folded))
    return "".join(out), where


class Vocabulary:
    """A closed effect vocabulary: verb -> argument pattern (see the module docstring).

    ``aliases`` maps extra spellings (e.g. Japanese) to verbs.

    >>> Vocabulary({"heal": "int"}, aliases={"回復": "heal"}).parse("回復 ２")
    (Effect(verb='heal', args=(2,), turns=None),)
    """

    def __init__(
        self,
        verbs: Mapping[str, str],
        *,
        aliases: Mapping[str, str] | None = None,
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        if not verbs:
            raise ValueError("a vocabulary needs at least one verb")
        self.verbs: dict[str, str] = {}
        self._slots: dict[str, tuple[_Slot, ...]] = {}
        for verb, pattern in verbs.items():
            key = unicodedata.normalize("NFKC", verb).lower()
            if not key or any(c.isspace() or c == ";" for c in key) or key in self._slots:
                raise ValueError(f"bad or repeated verb {verb!r}")
            self.verbs[key] = pattern
            self._slots[key] = _slots(key, pattern)
        self.aliases: dict[str, str] = {}
        for alias, verb in (aliases or {}).items():
            if verb.lower() not in self._slots:
                raise ValueError(f"alias {alias!r} points to unknown verb {verb!r}")
            self.aliases[unicodedata.normalize("NFKC", alias).lower()] = verb.lower()
        self.descriptions: dict[str, str] = dict(descriptions or {})

    def __repr__(self) -> str:
        return f"Vocabulary({self.verbs!r})"

    def _verb(self, word: str) -> str | None:
        return word if word in self._slots else self.aliases.get(word)

    def parse(self, text: str) -> tuple[Effect, ...]:
        """The effects written in ``text`` (blank text is no effect); raises :class:`EffectError`."""
        folded, where = _fold(text)
        tokens = [(m.group().lower(), where[m.start()]) for m in _TOKEN.finditer(folded)]
        tokens.append(("", len(text) + 1))  # the end, as a position one past the last character
        effects: list[Effect] = []
        clause_start = 0
        i = 0
        while tokens[i][0]:
            word, pos = tokens[i]
            if word == ";":
                self._share_turns(effects, clause_start)
                clause_start = len(effects)
                i += 1
                continue
            verb = self._verb(word)
            if verb is None:
                raise EffectError(self._unknown(word, pos, effects), pos, word)
            effect, i = self._read(verb, tokens, i + 1)
            effects.append(effect)
        self._share_turns(effects, clause_start)
        return tuple(effects)

    def _unknown(self, word: str, pos: int, before: list[Effect]) -> str:
        if word == "for" and before:
            return (
                f"{before[-1].verb!r} does not last: 'for N turns' at character {pos} "
                "is not allowed after it"
            )
        glued = re.fullmatch(r"(\D+?)([+-]?\d+)", word)
        if glued and self._verb(glued.group(1)) is not None:
            return (
                f"unknown word {word!r} at character {pos} "
                f"(write {glued.group(1) + ' ' + glued.group(2)!r}, with a space)"
            )
        close = difflib.get_close_matches(word, [*self._slots, *self.aliases], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(self._slots)})"
        return f"unknown word {word!r} at character {pos}{hint}"

    def _read(self, verb: str, tokens: list[tuple[str, int]], i: int) -> tuple[Effect, int]:
        args: list[Arg] = []
        turns: int | None = None
        for slot in self._slots[verb]:
            word, pos = tokens[i]
            if slot.kind == "turns":
                if word == "for":
                    turns, i = self._turns(tokens, i + 1, pos)
                elif not slot.optional:
                    raise EffectError(f"{verb!r} needs 'for N turns' at character {pos}", pos)
                continue
            value = self._value(slot, word) if word and word != ";" else None
            if value is None:
                if not slot.optional:
                    got = f"{word!r}" if word and word != ";" else "nothing"
                    raise EffectError(
                        f"{verb!r} needs {slot.describe()} at character {pos}, got {got}", pos, word
                    )
                if slot.kind != "literal":
                    args.append(None)
                continue
            if slot.kind != "literal":
                args.append(value)
            i += 1
        return Effect(verb, tuple(args), turns), i

    @staticmethod
    def _value(slot: _Slot, word: str) -> Arg:
        if slot.kind == "int":
            return int(word) if _INT.fullmatch(word) else None
        if slot.kind == "signed":
            return int(word) if _SIGNED.fullmatch(word) else None
        if slot.kind == "dice":
            # workbench.prob loads sympy (about a second): only effects with dice need it
            from workbench.cards._dice import parse_dice_text

            try:
                return str(parse_dice_text(word))
            except ValueError:
                return None
        return word if word in slot.words else None

    @staticmethod
    def _turns(tokens: list[tuple[str, int]], i: int, pos: int) -> tuple[int, int]:
        number = tokens[i] if i < len(tokens) else ("", pos)
        unit = tokens[i + 1] if i + 1 < len(tokens) else ("", number[1])
        if not _INT.fullmatch(number[0]) or int(number[0]) < 1:
            raise EffectError(
                f"'for' needs a number of turns at character {number[1]}", number[1], number[0]
            )
        if unit[0] not in ("turn", "turns"):
            raise EffectError(
                f"'for {number[0]}' needs 'turns' at character {unit[1]}", unit[1], unit[0]
            )
        return int(number[0]), i + 2

    def _share_turns(self, effects: list[Effect], start: int) -> None:
        """A later effect's duration covers the lasting effects before it in its clause."""
        carry: int | None = None
        for k in range(len(effects) - 1, start - 1, -1):
            e = effects[k]
            lasting = any(s.kind == "turns" for s in self._slots[e.verb])
            if e.turns is not None:
                carry = e.turns
            elif carry is not None and lasting:
                effects[k] = Effect(e.verb, e.args, carry)

    def format(self, effects: tuple[Effect, ...] | list[Effect]) -> str:
        """Normalised text for parsed effects (``parse(format(x)) == x``).

        >>> v = Vocabulary({"atk": "signed turns?"})
        >>> v.format((Effect("atk", (2,), 3),))
        'atk +2 for 3 turns'
        """
        clauses = []
        for e in effects:
            slots = [s for s in self._slots[e.verb] if s.kind != "turns"]
            words = [e.verb]
            args = iter(e.args)
            for slot in slots:
                if slot.kind == "literal":
                    words.append(slot.words[0])
                    continue
                value = next(args, None)
                if value is None:
                    continue
                words.append(
                    f"{value:+d}"
                    if slot.kind == "signed" and isinstance(value, int)
                    else str(value)
                )
            if e.turns is not None:
                words.append(f"for {e.turns} turn{'s' if e.turns != 1 else ''}")
            clauses.append(" ".join(words))
        return "; ".join(clauses)

    def normalise(self, text: str) -> str:
        """``format(parse(text))``.

        >>> Vocabulary({"draw": "int"}).normalise(" DRAW  ２ ")
        'draw 2'
        """
        return self.format(self.parse(text))

    def table(self) -> pl.DataFrame:
        """The vocabulary as a frame (verb, pattern, aliases, description) for documentation."""
        rows = [
            (
                verb,
                pattern,
                ", ".join(a for a, v in self.aliases.items() if v == verb),
                self.descriptions.get(verb, ""),
            )
            for verb, pattern in self.verbs.items()
        ]
        return pl.DataFrame(
            rows, schema=["verb", "pattern", "aliases", "description"], orient="row"
        )
