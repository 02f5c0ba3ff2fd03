"""「何か」 cards in words for the board: abilities, events and mandatory events from the
effect vocabularies (cards.py), never as vocabulary codes; names as Japanese + English gloss.

>>> from workbench.games.ghost.cards import ABILITY, EVENT
>>> ability_words(ABILITY.parse("bonus physical +2"))
'物理 physical +2 when attacking or supporting'
>>> event_words(EVENT.parse("power +2; draw 1"))
'+2 power to the chosen side; download 1 card'
>>> timing_words("Not.YourTurn")
"not on your turn (another user's)"
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from workbench.ui.words import card_title, effects_in_words, timing_in_words

STAT_WORDS = {"physical": "物理 physical", "mental": "精神 mental", "any": "物理 or 精神"}

PHRASES = {
    # abilities (a ghost's 〈…〉 line)
    "bonus": "{0} {1:+d} when attacking or supporting",
    "guard": "{0} {1:+d} when defending",
    "quick": "軽量速攻: may be installed mid-battle as a support ghost",
    "steady": "its dice never fumble (no シテオク)",
    "cycle": "once a turn: trash an archive card, download 1",
    "win_installed": "wins when its user starts a turn with {0} ghosts installed",
    # events
    "draw": "download {0} card(s)",
    "skip_turn": "the chosen user skips a turn",
    "install_named": "install a ghost named on the card from your archive",
    "trash_shell": "trash the chosen ghost's shell",
    "bounce": "the chosen ghost goes back to its owner's archive",
    "power": "{0:+d} power to the chosen side",
    "dice": "{0:+d} dice for the chosen side's lead ghost",
    "switch": "the battle switches strength (物理 ↔ 精神)",
    "negate": "voids the event revealed just before",
    # mandatory events
    "all_draw": "every user downloads {0} card(s)",
    "rotate_archives": "every archive passes to the next user",
    "trash_all_shells": "every shell goes to the trash",
    "void_lowest": "each user's lowest-VP ghost goes to the void 虚",
}
TIMINGS = {
    "OnYourTurn": "on your turn",
    "OnBattle": "in a battle (placed face down)",
    "Not.YourTurn": "not on your turn (another user's)",
    "Anytime": "any time",
    "System.Mandatory": "mandatory: everybody follows it when it is downloaded",
}


def _stat_args(effects: Iterable[Any]) -> list[Any]:
    out = []
    for e in effects:
        args = tuple(STAT_WORDS.get(a, a) if isinstance(a, str) else a for a in e.args)
        out.append(type(e)(e.verb, args, e.turns) if args != e.args else e)
    return out


def ability_words(effects: Iterable[Any]) -> str:
    """A ghost's ability as words ("draw N" is the activated once-a-turn download)."""
    phrases = dict(PHRASES, draw="once a turn: download {0} card(s)")
    return effects_in_words(_stat_args(effects), phrases)


def event_words(effects: Iterable[Any]) -> str:
    """An event's (or mandatory event's) effects as words."""
    return effects_in_words(_stat_args(effects), PHRASES)


def timing_words(timing: str) -> str:
    """When an event may be played, in words."""
    return TIMINGS.get(timing, timing_in_words(timing))


def roll_words(dice: int, raw: int, modifier: int, value: int, fumble: bool) -> str:
    """A ghost's roll as the chance strip shows it: strength, raw sum, modifier, value.

    >>> roll_words(1, 2, -1, 1, False), roll_words(2, 0, 1, 0, True), roll_words(1, 4, 0, 4, False)
    ('1D-1: 2 -1 = 1', '2D+1: 0 シテオク (all 0) → 0', '1D: 4')
    """
    strength = f"{dice}D{modifier:+d}" if modifier else f"{dice}D"
    if fumble:
        return f"{strength}: {raw} シテオク (all 0) → 0"
    if modifier:
        return f"{strength}: {raw} {modifier:+d} = {value}"
    return f"{strength}: {value}"


def card_name(card: Any) -> str:
    """The Japanese card name with its English gloss (when the sheet has one)."""
    return card_title(card.name, card.name_en)


__all__ = [
    "PHRASES",
    "ability_words",
    "card_name",
    "event_words",
    "roll_words",
    "timing_words",
]
