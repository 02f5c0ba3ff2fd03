"""Effect cells in the players' words: the engine's vocabulary rendered by the layout's
``[phrases]``, so no rule-engine text (``draw 3``, ``bonus physical +2``) reaches a card.

A sheet column declared with an effect :class:`~workbench.cards.effects.Vocabulary`
holds text such as ``damage 2; end: draw 1``. Each parsed effect is printed through the
phrase of its verb (``"column.verb"`` first, then ``"verb"``): ``{1}``, ``{2}`` … are the
verb's arguments, ``{+1}`` an argument with its sign, ``{turns}`` the turns it lasts and
``{effect}`` an effect written as the arguments (a timing such as ``end:`` followed by
``draw 1``), itself phrased. Effects of one cell are joined by the layout's
``phrase_join`` (``"column._join"`` in ``[phrases]`` for one column). Word arguments (``physical``) go through ``[words]``. A verb
with no phrase is a problem (rule ``words``) naming the verb and the file, row and
column, and prints as written, so a missing wording is seen, never hidden.

>>> from workbench.cards.effects import Vocabulary
>>> v = Vocabulary({"damage": "int", "atk": "signed", "end:": "damage|draw int"})
>>> phrases = {"damage": "{1}ダメージ", "atk": "攻{+1}", "draw": "{1}枚ドロー",
...            "end:": "ターン終了時、{effect}"}
>>> say(v.parse("damage 2; atk +1; end: draw 1"), phrases, {}, "、")
('2ダメージ、攻+1、ターン終了時、1枚ドロー', [])
>>> say(v.parse("damage 2; atk +1"), {"damage": "{1}ダメージ"}, {}, "、", vocabulary=v)
('2ダメージ、atk +1', ['atk'])
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from workbench.cards.effects import Effect, EffectError, Vocabulary
from workbench.cards.problems import Problem

__all__ = ["players_words", "say"]

_SLOT = re.compile(r"\{(\+?)(\d|turns|effect)\}")


def _arg(value: Any, signed: bool, column: str, words: Mapping[str, str]) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:+d}" if signed else str(value)
    text = str(value)
    return words.get(f"{column}.{text}", words.get(text, text))


def _phrase(verb: str, column: str, phrases: Mapping[str, str]) -> str | None:
    return phrases.get(f"{column}.{verb}", phrases.get(verb))


def _one(
    effect: Effect,
    phrases: Mapping[str, str],
    words: Mapping[str, str],
    column: str,
    vocabulary: Vocabulary | None,
    unknown: list[str],
) -> str:
    template = _phrase(effect.verb, column, phrases)
    if template is None:
        unknown.append(effect.verb)
        if vocabulary is not None and effect.verb in vocabulary.verbs:
            return vocabulary.format((effect,))
        return " ".join([effect.verb, *(str(a) for a in effect.args if a is not None)])
    inner = ""
    if "{effect}" in template and effect.args and isinstance(effect.args[0], str):
        aliases = vocabulary.aliases if vocabulary is not None else {}
        verb = aliases.get(effect.args[0], effect.args[0])
        inner = _one(Effect(verb, effect.args[1:]), phrases, words, column, vocabulary, unknown)

    def fill(match: re.Match[str]) -> str:
        sign, key = match.groups()
        if key == "turns":
            return "" if effect.turns is None else str(effect.turns)
        if key == "effect":
            return inner
        index = int(key) - 1
        value = effect.args[index] if index < len(effect.args) else None
        return _arg(value, bool(sign), column, words)

    return _SLOT.sub(fill, template)


def say(
    effects: tuple[Effect, ...],
    phrases: Mapping[str, str],
    words: Mapping[str, str],
    join: str,
    column: str = "",
    vocabulary: Vocabulary | None = None,
) -> tuple[str, list[str]]:
    """(the effects in words, the verbs that have no phrase); ``vocabulary`` (the one the
    effects were read with) spells an unphrased verb as the sheet would and resolves the
    aliases of an effect given as arguments."""
    unknown: list[str] = []
    text = join.join(_one(e, phrases, words, column, vocabulary, unknown) for e in effects)
    return text, unknown


def players_words(
    record: Mapping[str, Any],
    vocabularies: Mapping[str, Vocabulary],
    phrases: Mapping[str, str],
    words: Mapping[str, str],
    join: str,
) -> tuple[dict[str, Any], list[Problem]]:
    """``record`` with every effect cell replaced by its wording, and the problems (verbs with
    no phrase). Cells the vocabulary cannot read are left as written (the sheet check lists
    them)."""
    out = dict(record)
    problems = []
    for column, vocabulary in vocabularies.items():
        value = record.get(column)
        if not isinstance(value, str) or not value.strip():
            continue
        try:
            effects = vocabulary.parse(value)
        except EffectError:
            continue
        joint = phrases.get(f"{column}._join", join)
        text, unknown = say(effects, phrases, words, joint, column, vocabulary)
        out[column] = text
        for verb in dict.fromkeys(unknown):
            problems.append(
                Problem(
                    str(record.get("_file", "sheet")),
                    record.get("_row"),
                    column,
                    "words",
                    f"no wording for {verb!r} in the layout's [phrases]: it prints as the "
                    f'rule text; add {verb} = "…" (its players\' words) to print_layout.toml',
                )
            )
    return out, problems
