"""Effects in words (workbench.ui.words) against a real vocabulary's parse."""

from __future__ import annotations

from workbench.cards.effects import Vocabulary
from workbench.ui.words import card_title, effects_in_words, words


def test_parsed_effects_read_as_words() -> None:
    v = Vocabulary({"damage": "int", "draw": "int", "atk": "signed turns?", "trash_shell": ""})
    effects = v.parse("damage 3; draw 1; ATK +2 for 2 turns; trash_shell")
    phrases = {"damage": "deal {0} damage", "draw": "draw {0} card(s)", "atk": "attack {0:+d}"}
    assert effects_in_words(effects, phrases) == (
        "deal 3 damage; draw 1 card; attack +2 for 2 turns; trash shell"
    )
    assert effects_in_words(v.parse("draw 2")) == "draw 2"


def test_codes_and_names() -> None:
    assert words("OnYourTurn") == "on your turn" and words("win_installed") == "win installed"
    assert card_title("御影さくら", "Sakura Mikage") == "御影さくら (Sakura Mikage)"
    assert card_title("何か", None) == card_title("何か", "何か") == "何か"
