"""Card effects in words for boards and logs, built from a game's effect vocabulary.

A game passes a phrase per verb (``{"damage": "deal {0} damage"}``); a verb
without one still reads as words (``trash_shell`` → ``trash shell``,
``OnYourTurn`` → ``on your turn``), never as a vocabulary code. Card names
show as the Japanese name with its English gloss.

>>> from workbench.cards.effects import Effect
>>> phrases = {"draw": "draw {0} card(s)", "atk": "attack {0:+d}"}
>>> effect_in_words(Effect("draw", (2,)), phrases)
'draw 2 cards'
>>> effect_in_words(Effect("atk", (2,), turns=3), phrases)
'attack +2 for 3 turns'
>>> effects_in_words([Effect("trash_shell"), Effect("win_installed", (5,))])
'trash shell; win installed 5'
>>> timing_in_words("OnYourTurn"), card_title("何か", "Something")
('on your turn', '何か (Something)')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PLURAL = re.compile(r"(\S+)\(s\)")


def words(code: str) -> str:
    """A vocabulary code as lower-case words: ``win_installed`` → ``win installed``.

    >>> words("OnYourTurn"), words("trash_shell")
    ('on your turn', 'trash shell')
    """
    return " ".join(_CAMEL.sub(" ", code).replace("_", " ").split()).lower()


def timing_in_words(timing: str) -> str:
    """A timing code (``OnYourTurn``, ``on_attack``) as words."""
    return words(timing)


def _plural(text: str, count: Any) -> str:
    return _PLURAL.sub(lambda m: m.group(1) + ("" if count in (1, -1) else "s"), text)


def effect_in_words(effect: Any, phrases: Mapping[str, str] | None = None) -> str:
    """One effect (``verb``, ``args``, ``turns``) as a phrase; ``card(s)`` agrees with the
    first number."""
    args = [a for a in getattr(effect, "args", ()) if a is not None]
    template = (phrases or {}).get(effect.verb)
    if template is not None:
        try:
            text = template.format(*args)
        except (IndexError, ValueError, KeyError):
            text = " ".join([words(effect.verb), *map(str, args)])
    else:
        text = " ".join([words(effect.verb), *map(str, args)])
    first = next((a for a in args if isinstance(a, int)), None)
    text = _plural(text, first)
    turns = getattr(effect, "turns", None)
    if turns:
        text += f" for {turns} turn{'s' if turns != 1 else ''}"
    return text


def effects_in_words(
    effects: Iterable[Any], phrases: Mapping[str, str] | None = None, sep: str = "; "
) -> str:
    """Several effects as phrases joined by ``sep``."""
    return sep.join(effect_in_words(e, phrases) for e in effects)


def card_title(name_ja: str, name_en: str | None = None) -> str:
    """The Japanese card name with its English gloss in brackets (when there is one)."""
    return f"{name_ja} ({name_en})" if name_en and name_en != name_ja else name_ja
