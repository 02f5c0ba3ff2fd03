"""Life's cards and steps as a player reads them (issue 25 item 14): the board says
"3 VP if your blue die shows 5 or more", never the sheet's code ``top_vp blue 5 3``,
and "place your character card", never the step's short name ``char``.

>>> from workbench.games.life.rules import make_game
>>> g = make_game()
>>> dream_words(g.dreams["D01"])
('3 VP if your blue die shows 5 or more', 'gain 1 more power whenever you organise an event')
>>> card_words(g.cards["J04"])
'when discarded: gain 1 power'
>>> step_words("char"), step_words("orient"), step_words("mid")
('place your character card', 'choose how your die lies', 'mid-scoring')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from workbench.ui.words import effects_in_words

SKILL_PHRASES = {
    "power": "gain {0} power",
    "vp": "gain {0} VP",
    "tip": "tip one of your dice one face, {0} time(s)",
    "reroll": "re-roll your {0} die where it stands",
    "relocate": "move your {0} die onto any card of your album",
}
EVENT_PHRASES = {
    "power": "everyone gains {0} power",
    "lose": "everyone loses {0} power",
    "tip": "everyone may tip one of their dice one face, {0} time(s)",
    "reroll": "everyone re-rolls their {0} die",
    "reward": "everyone whose {0} die shows {1} or more gains {2} VP",
    "lowest": "whoever has the lowest dice total gains {0} power",
}
DREAM_SKILL_PHRASES = {
    "place_power": "gain 1 power whenever you place a {0} card",
    "event_power": "gain {0} more power whenever you organise an event",
    "discard_vp": "gain {0} VP whenever you discard a placed card to make room",
    "shield": "at the end, ignore {0} of your uncovered ★",
}
DREAM_PHRASES = {
    "colour_vp": "{1} VP per {0} card in your album",
    "top_vp": "{2} VP if your {0} die shows {1} or more",
    "power_vp": "{0} VP per power left over",
    "clean_vp": "{0} VP if none of your ★ is left uncovered",
    "line_vp": "{0} VP per full row or column of your album",
}
STEP_WORDS = {
    "deal": "dealing the dream cards",
    "reveal": "revealing the round's cards",
    "draw": "drawing a card",
    "timed": "drawing the round's event",
    "roll": "rolling a die",
    "reroll": "re-rolling a die",
    "tie": "rolling off for start player",
    "place": "place the card in your album",
    "take": "take a card from the common area",
    "pawn": "put your pawn on the order card",
    "tip": "tip a die one face (or not)",
    "pass": "pass a dream card to the left",
    "dream": "set a dream card aside as a skill",
    "char": "place your character card",
    "orient": "choose how your die lies",
    "turnany": "turn your die as you like",
    "move": "move your die onto a card",
    "which": "choose which die moves",
    "mid": "mid-scoring",
    "final": "final scoring",
}


def _said(effects: Iterable[Any], phrases: dict[str, str]) -> str:
    text = effects_in_words(effects, phrases)
    return text.replace("your any die", "one of your dice")


def card_words(card: Any) -> str:
    """An album card's text: an event (everyone follows it) or the skill used when the card
    is discarded; ``""`` for a card without either."""
    if card.event:
        return "event: " + _said(card.event, EVENT_PHRASES)
    return "when discarded: " + _said(card.skill, SKILL_PHRASES) if card.skill else ""


def dream_words(dream: Any) -> tuple[str, str]:
    """A dream card's two halves: the dream (scored at the end by the card kept in hand)
    and the skill (lasting once the card is set aside at a mid-scoring)."""
    return _said(dream.dream, DREAM_PHRASES), _said(dream.skill, DREAM_SKILL_PHRASES)


def step_words(kind: str) -> str:
    """What the table waits for, from a step's short name (:func:`~.steps.kind_of`)."""
    return STEP_WORDS.get(kind, kind.replace("_", " "))
