"""One table of minus look-alikes: notation, sheet cells, effects and the CLI read the same dashes."""

from __future__ import annotations

import json

import pytest

from workbench.cards.cells import to_dice, to_int
from workbench.cards.effects import Vocabulary
from workbench.cli import main
from workbench.prob.dice import pool
from workbench.prob.notation import parse_dice
from workbench.text import LONG_VOWEL_MARKS, MINUS_LOOKALIKES, MINUS_SIGNS, fold_minus


def test_the_table_holds_every_dash_once():
    assert len(set(MINUS_LOOKALIKES)) == len(MINUS_LOOKALIKES) == 11
    assert "\u2212" in MINUS_SIGNS and "ー" in LONG_VOWEL_MARKS and "-" not in MINUS_LOOKALIKES
    assert fold_minus("ー1") == "-1" and fold_minus("ー1", long_vowels=False) == "ー1"


@pytest.mark.parametrize("dash", list(MINUS_LOOKALIKES))
def test_notation_and_cells_read_each_lookalike_as_minus(dash):
    assert parse_dice(f"２Ｄ{dash}１").dist() == pool(2, 6, -1)
    assert to_int(f"{dash}3") == -3
    assert str(to_dice(f"1D{dash}2")) == str(to_dice("1D-2"))


@pytest.mark.parametrize("dash", list(MINUS_SIGNS))
def test_effects_read_the_signs_and_keep_long_vowels_in_words(dash):
    vocab = Vocabulary({"power": "signed", "name": "ルール|ノート"})
    assert vocab.parse(f"power {dash}2")[0].args == (-2,)
    assert vocab.parse("name ルール")[0].args == ("ルール",)


@pytest.mark.parametrize("faces", ["ー1,0,1", "−1,0,1", "－1,0,1", "ｰ1,0,1"])
def test_cli_dice_faces_take_the_same_dashes_as_notation(faces, capsys):
    """`workbench dice 3D --faces "ー1,0,1"` used to exit 2 though notation accepts ー."""
    assert main(["dice", "3D", "--faces", faces, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mean"] == "0" and data["distribution"]["-3"] == "1/27"
