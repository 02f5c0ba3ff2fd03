"""The sheet grid driven from Python (the messages its front-end sends)."""

from __future__ import annotations

from workbench.cards.variants import Variant
from workbench.ui.sheet_grid import SheetGrid, whatif_editor
from workbench.ui.whatif import WhatIf


def _send(grid: SheetGrid, **msg) -> None:
    grid._message(grid, msg, None)


def test_refused_edit_keeps_everything_and_names_the_cell():
    grid = SheetGrid(Variant.of("mugen", None, "g"), "cards")
    seen = []
    grid.on_change(seen.append)
    rows = [list(r) for r in grid.rows]
    _send(grid, kind="edit", row=0, column="star", value="9")
    assert grid.problem["row"] == 0 and grid.problem["column"] == "star"
    assert grid.problem["message"]  # the schema's own words
    assert grid.rows == rows and seen == [] and not grid.can_undo


def test_rows_undo_and_redo():
    grid = SheetGrid(Variant.of("life", None, "g"), "album")
    n = len(grid.rows)
    _send(grid, kind="duplicate", row=3)
    assert len(grid.rows) == n + 1 and grid.rows[4][0] != grid.rows[3][0]
    assert grid.rows[4][1:] == grid.rows[3][1:]
    _send(grid, kind="remove", row=0)
    _send(grid, kind="add")
    assert len(grid.rows) == n + 1 and grid.can_undo
    for _ in range(3):
        _send(grid, kind="undo")
    assert grid.variant.diff().height == 0 and len(grid.rows) == n and grid.can_redo
    _send(grid, kind="redo")
    assert len(grid.rows) == n + 1
    _send(grid, kind="remove", row=-1)
    assert "select a row" in grid.status


def test_the_editor_redraws_the_figures_an_edit_moves():
    what = WhatIf("life", Variant.of("life", None, "e"))
    box = whatif_editor(what, "album")
    figures = box.children[2]
    assert "no exact figure moves" in figures.value
    assert box.grid.edit(4, "stars", "2")
    assert "stars by stage" in figures.value and "J05" in box.children[1].value
    assert what.variant.diff().height == 1


def test_an_edit_that_breaks_an_events_reference_is_refused_at_the_cell():
    """勿忘草's person key changed: the events that name 勿忘草 would name nobody (detective's
    sheets name each other's rows; the variant checks each sheet against its set's people),
    so the grid refuses it, naming the event's file, row and column; nothing moves."""
    what = WhatIf("detective", Variant.of("detective", None, "e"))
    box = whatif_editor(what, "people")
    key = [r[0] for r in box.grid.rows].index("wasurenagusa")
    shown = box.children[2].value
    assert not box.grid.edit(key, "person", "genichiro")
    assert "events.csv row 4, column person [allowed]: 'wasurenagusa'" in box.grid.status
    assert box.grid.problem["row"] == key and box.grid.problem["column"] == "person"
    assert box.grid.problem["message"].startswith("events.csv row 4, column person")  # at the cell
    assert what.variant.diff().height == 0 and box.children[2].value == shown
    assert box.grid.edit(key, "colour", "red")  # a colour breaks no reference: accepted
    assert what.variant.diff().height == 1
    assert "the game cannot read" not in box.children[2].value


def test_sheets_the_game_cannot_read_are_said_at_the_figures_not_raised(monkeypatch):
    """A rule only the game's loader checks (none is left in the packaged games' sheets since
    the variant checks read each sheet against its neighbours): the figures say the loader's
    words instead of the widget's callback raising."""
    from workbench.cards.problems import Problem, SheetError

    what = WhatIf("life", Variant.of("life", None, "e"))
    box = whatif_editor(what, "album")

    def refuse() -> dict:
        raise SheetError([Problem("album.csv", 5, "stars", "rule", "a rule of the loader")])

    monkeypatch.setattr(what, "figures", refuse)
    assert box.grid.edit(4, "stars", "2")  # the sheet's checks accept it
    assert "the game cannot read these sheets" in box.children[2].value
    assert "album.csv row 5, column stars [rule]: a rule of the loader" in box.children[2].value
