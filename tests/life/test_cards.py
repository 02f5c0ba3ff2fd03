"""Life's card sheets: the shipped data, and clear errors for broken sheets."""

from __future__ import annotations

from collections import Counter

import pytest

from workbench.cards import SheetError
from workbench.games.life.cards import DATA, load_album, load_dreams
from workbench.games.life.rules import make_game


def test_shipped_sheets():
    album = load_album()
    assert len(album) == 81
    assert Counter(c.stage for c in album) == {1: 27, 2: 27, 3: 27}
    assert Counter(c.colour for c in album if not c.is_event) == {
        "red": 18,
        "blue": 18,
        "yellow": 18,
        "green": 18,
    }
    assert all(c.skill for c in album if c.stars) and not any(c.skill for c in album if c.is_event)
    assert "status" in (DATA / "album.csv").read_text(encoding="utf-8").splitlines()[0]
    dreams = load_dreams()
    assert len(dreams) == 12 and all(d.dream and d.skill for d in dreams)
    assert dreams[0].name_ja == "宇宙飛行士"


def write(tmp_path, text):
    p = tmp_path / "album.csv"
    p.write_text(text, encoding="utf-8")
    return p


HEADER = "id,stage,kind,colour,name_ja,name_en,stars,skill,event\n"


def test_unknown_skill_word_names_row_column_and_character(tmp_path):
    p = write(tmp_path, HEADER + "X1,1,regular,red,初恋,First love,1,powr 1,\n")
    with pytest.raises(SheetError) as err:
        load_album(p)
    text = str(err.value)
    assert "skill" in text and "powr" in text and "2" in text


def test_bad_colour_and_event_text_on_a_regular_are_problems(tmp_path):
    p = write(tmp_path, HEADER + "X1,1,regular,purple,a,b,0,,\nX2,1,regular,red,a,b,0,,power 1\n")
    with pytest.raises(SheetError) as err:
        load_album(p)
    text = str(err.value)
    assert "purple" in text and "no event text" in text


def test_too_small_a_deck_is_refused_by_the_game():
    album = load_album()
    with pytest.raises(ValueError, match="stage 2 deck has 20 cards"):
        make_game(album=[c for c in album if c.stage != 2 or int(c.id[1:]) <= 20])
