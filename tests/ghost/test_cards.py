"""The 100-card sheet: composition, the seed's two cards verbatim, clear errors for bad rows."""

from __future__ import annotations

import csv
from collections import Counter

import pytest

from workbench.cards import SheetError, load_sheet
from workbench.games.ghost.cards import SCHEMA, SHEET, designs, load_cards


def test_composition_is_60_ghosts_25_shells_15_mandatory():
    cards = load_cards()
    assert Counter(c.kind for c in cards) == {"ghost": 60, "shell": 25, "mandatory": 15}
    assert [c.id for c in cards] == list(range(100))


def test_seed_cards_are_verbatim_and_mapped():
    by_name = {c.name: c for c in designs(load_cards())}
    sakura, brunhilde = by_name["御影さくら"], by_name["ブリュンヒルデ"]
    assert (str(sakura.physical), str(sakura.mental), sakura.vp) == ("3D+2", "3D+1", 5)
    assert sakura.ability_name == "抜刀" and sakura.ability[0].args == ("physical", 2)
    assert [e.verb for e in sakura.effects] == ["install_named", "draw"]
    assert sakura.event_names == ("さくら", "双葉") and sakura.timing == "OnYourTurn"
    assert "「物理」で攻撃・援護をした場合" in sakura.text
    assert (str(brunhilde.physical), str(brunhilde.mental), brunhilde.vp) == ("3D+1", "1D+1", 3)
    assert brunhilde.has("quick") and brunhilde.effects[0].verb == "skip_turn"
    assert not sakura.prototype and not brunhilde.prototype
    assert sum(not c.prototype for c in designs(load_cards())) == 2
    raw = SHEET.read_text(encoding="utf-8")
    assert "３Ｄ＋２" in raw  # written full-width, as in the seed


def _broken(tmp_path, row: int, column: str, value: str):
    with SHEET.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rows[row - 2][column] = value
    path = tmp_path / "cards.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return load_sheet(path, SCHEMA)


@pytest.mark.parametrize(
    ("row", "column", "value", "rule", "words"),
    [
        (3, "ability", "fly high", "effects", "unknown word 'fly'"),
        (4, "physical", "3X+1", "dice", "3X+1"),
        (5, "vp", "", "ghost", "needs physical, mental and vp"),
        (10, "effect", "void_lowest", "effect", "'void_lowest' is not a ghost effect"),
        (40, "timing", "Event.OnYourTurn", "timing", "System.Mandatory"),
        (6, "effect", "power +2; skip_turn", "target", "one kind of thing"),
    ],
)
def test_bad_rows_are_problems_at_their_row_and_column(tmp_path, row, column, value, rule, words):
    sheet = _broken(tmp_path, row, column, value)
    problems = sheet.problems.filter(sheet.problems["row"] == row)
    assert not sheet.ok and problems.height >= 1
    hit = problems.filter(problems["rule"] == rule)
    assert hit.height == 1 and hit["column"][0] == column and words in hit["message"][0]
    with pytest.raises(SheetError):
        sheet.require_clean()
