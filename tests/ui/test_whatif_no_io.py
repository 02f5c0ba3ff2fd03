"""A what-if cell edit opens no file and writes none until the designer saves the variant
(issue 34): the variant reads its sheets once, then every edit, its check against the
loader's rules, the grid's redraw, the diff, the texts and the content hash run in memory.
File opens are counted with an audit hook (``open`` covers builtins.open, io.open,
Path.open and os.open), with folder and rename events beside them."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from workbench.cards.variants import EditRefused, Variant
from workbench.ui.sheet_grid import SheetGrid

WATCHED = frozenset({"open", "os.mkdir", "os.rename", "os.replace", "os.remove", "os.unlink"})
_seen: list[tuple[str, str]] = []
_counting: list[int | None] = [None]  # the thread whose opens count, while counting


def _hook(event: str, args: tuple) -> None:
    # only the test's own thread: a monitor thread another test left in this worker (a
    # dask cluster's, reading /proc/<pid>/statm) is not the redraw opening a file
    if _counting[0] == threading.get_ident() and event in WATCHED:
        _seen.append((event, str(args[0]) if args else ""))


sys.addaudithook(_hook)  # hooks cannot be removed: it counts only inside files_touched()


@contextmanager
def files_touched() -> Iterator[list[tuple[str, str]]]:
    """The (event, path) of every file opened, folder made or file moved inside the block.

    The collector is paused inside the block: a full collection runs the gc callbacks in the
    thread that set it off, and a dask cluster another test left in this worker hooks one
    (distributed's GCDiagnosis) that reads /proc/<pid>/statm at its start and stop. That read
    is not the redraw opening a file (it failed a CI run, stop 43)."""
    _seen.clear()
    collecting = gc.isenabled()
    gc.disable()
    _counting[0] = threading.get_ident()
    found: list[tuple[str, str]] = []
    try:
        yield found
    finally:
        _counting[0] = None
        if collecting:
            gc.enable()
        found.extend(_seen)


def test_the_counter_sees_a_file_read(tmp_path) -> None:
    (tmp_path / "x.csv").write_text("id\n", encoding="utf-8")
    with files_touched() as touched:
        (tmp_path / "x.csv").read_bytes()
    assert [e for e, _ in touched] == ["open"]


def test_the_counter_ignores_other_threads_but_sees_its_own(tmp_path) -> None:
    (tmp_path / "x.csv").write_text("id\n", encoding="utf-8")
    with files_touched() as touched:
        other = threading.Thread(target=(tmp_path / "x.csv").read_bytes)
        other.start()
        other.join()
        assert touched == [] and _seen == []
        (tmp_path / "x.csv").read_bytes()
    assert [e for e, _ in touched] == ["open"]


def test_the_counter_pauses_the_collector_whose_callbacks_open_files(tmp_path) -> None:
    (tmp_path / "x.csv").write_text("id\n", encoding="utf-8")

    def opens_a_file(phase: str, info: dict) -> None:
        (tmp_path / "x.csv").read_bytes()

    assert gc.isenabled()
    gc.callbacks.append(opens_a_file)
    try:
        with files_touched() as touched:
            assert not gc.isenabled()
            for _ in range(50_000):  # enough cycles to set off a collection, were it running
                cycle: list = []
                cycle.append(cycle)
    finally:
        gc.callbacks.remove(opens_a_file)
    assert touched == [] and gc.isenabled()


@pytest.mark.parametrize(
    ("game", "sheet", "card", "column", "value", "accepted"),
    [
        ("life", "album", "J04", "stars", "2", True),
        ("detective", "people", "genichiro", "copies", "3", True),
        # renaming a person an event names: refused at that event, the sheets read in memory
        ("detective", "people", "wasurenagusa", "person", "wasure", False),
    ],
)
def test_a_cell_edit_reads_and_writes_no_file(game, sheet, card, column, value, accepted):
    variant = Variant.of(game, name="edited")
    grid = SheetGrid(variant, sheet)  # reads the sheets: once, here
    key = grid.header.index(variant.tables()[sheet].key)
    row = [r[key] for r in grid.rows].index(card)
    before = grid.rows[row][grid.header.index(column)]
    with files_touched() as touched:
        done = grid.edit(row, column, value)
        diff = grid.variant.diff()
        texts = grid.variant.texts()
        digest = grid.variant.content_hash()
    assert touched == []
    assert done is accepted and before != value
    assert len(digest) == 64 and set(texts) == set(variant.source_files())
    if accepted:
        assert diff.rows() == [(sheet, card, column, before, value)]
        assert grid.rows[row][grid.header.index(column)] == value
    else:
        assert diff.height == 0 and grid.variant == variant
        assert grid.status.startswith("refused: events.csv row 4, column person")


def test_a_refused_edit_is_checked_in_memory_with_the_loaders_words() -> None:
    variant = Variant.of("life", name="edited")
    variant.tables()
    with files_touched() as touched:
        with pytest.raises(EditRefused) as refused:
            variant.set("album", "J04", "stars", "x")
        grid = SheetGrid(variant, "album")
        assert not grid.edit(4, "stars", "lots")
    assert touched == []
    assert str(refused.value) == "album.csv row 5, column stars [int]: 'x' is not a whole number"
    assert grid.problem["message"].endswith("'lots' is not a whole number")


def test_saving_writes_the_files_the_edits_made(tmp_path) -> None:
    edited = Variant.of("life", name="edited").set("album", "J04", "stars", "2")
    with files_touched() as touched:
        saved = edited.save(tmp_path / "edited")
    assert any(e == "open" and p.endswith("album.csv") for e, p in touched)
    assert "J04" in (saved / "life" / "album.csv").read_text(encoding="utf-8")


def test_the_game_reads_an_edited_variant_in_memory_as_it_reads_the_saved_one(tmp_path) -> None:
    """life reads its sheets through its spec from loaded sheets: the variant's sheets,
    loaded from their cells without a file, make the same game as the saved files do."""
    from workbench.cards.registry import sheet_files, sheet_source
    from workbench.registry import spec

    edited = Variant.of("life", name="edited").set("album", "J04", "stars", "2")
    spec("life").make_game({"players": 3}, edited.sheet_source())  # the modules imported
    with files_touched() as touched:
        source = edited.sheet_source()
        game = spec("life").make_game({"players": 3}, source)
    assert touched == []
    assert set(source.files) == {"dreams"}  # the edited album lives in memory only
    saved = edited.save(tmp_path / "edited")
    from_files = spec("life").make_game(
        {"players": 3}, sheet_source("life", sheet_files("life", saved / "life"))
    )
    assert game.cards == from_files.cards and game.dreams == from_files.dreams
    assert game.cards["J04"].stars == 2


@pytest.mark.parametrize(
    ("game", "sheet", "card", "column", "value"),
    [
        ("ghost", "cards", "G04", "physical", "2D+1"),
        ("life", "album", "J04", "stars", "2"),
        ("detective", "events", "2", "cost", "black 1; orange 1; blue 1"),
        ("mugen", "cards", "C01", "skill1_cost", "1"),
    ],
)
def test_the_whole_redraw_after_an_edit_reads_and_writes_no_file(
    game, sheet, card, column, value
) -> None:
    """The what-if editor's whole redraw of every house game (the grid, the diff, the exact
    figures before and after) runs on the sheets in memory: every figure takes the loaded
    sheets (``GameSpec.sheet_figures``), so no variant is written and read back. The files no
    edit changes (mugen's sample deck lists and deck rules) are opened once a run, by a
    first drawing of the figures on the base before the counted edit."""
    from workbench.engine.measure.sheet_figures import draw_figures
    from workbench.ui.sheet_grid import whatif_editor
    from workbench.ui.whatif import WhatIf

    warm = WhatIf(game, Variant.of(game, name="warm"))
    draw_figures(warm.sheet_figures, warm.base_sheets())  # the modules and fixed files, once
    what = WhatIf(game, Variant.of(game, name="edited"))
    editor = whatif_editor(what, sheet)
    grid = editor.grid
    key = grid.header.index(what.variant.tables()[sheet].key)
    row = [r[key] for r in grid.rows].index(card)
    figures_box = editor.children[2]
    with files_touched() as touched:
        assert grid.edit(row, column, value)
    assert touched == []
    assert what.variant.diff().height == 1 and what.redrawn
    assert "before / after" in figures_box.value and "refused" not in figures_box.value
