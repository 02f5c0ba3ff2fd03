"""The paired comparison: common random numbers, intervals from pairs, the CLI."""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path

import nbformat
import pytest

from workbench.cards.variants import Variant
from workbench.cli import main
from workbench.engine import compare
from workbench.ui.whatif import sentence

GAMES = ("ghost", "detective", "mugen", "life")
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize("game", ["detective", "mugen"])
def test_an_identical_variant_differs_by_nothing(game, data_copy):
    same = Variant.of(game, data_copy(game), "same")
    c = compare(game, None, same, "greedy", 20, 3, cache=False)
    assert c.table.height >= 5
    for row in c.table.iter_rows(named=True):
        assert row["difference"] == 0 and row["low"] <= 0 <= row["high"]
        assert row["base"] == row["variant"] and not row["changed"]


@pytest.mark.parametrize(
    "game",
    [
        pytest.param("ghost", marks=pytest.mark.slow),
        "detective",
        "mugen",
        pytest.param("life", marks=pytest.mark.slow),
    ],
)  # ghost and life play slowly: 4 s each
def test_paired_intervals_are_narrower_than_independent_runs(game):
    hooks = import_module(f"workbench.games.{game}.whatif")
    c = compare(game, None, hooks.worked_example(), "greedy", 30, 5, cache=False)
    moved = c.table.filter(c.table["independent_half"] > 0)
    assert moved.height >= 2
    assert c.narrowing() < 0.9, c.table.select("measure", "narrowing")


def test_the_edit_moves_what_it_should():
    """Detective's event 2 one card cheaper: its 5-VP events are played more often."""
    hooks = import_module("workbench.games.detective.whatif")
    c = compare("detective", None, hooks.worked_example(), "greedy", 100, 1, cache=False)
    row = c.table.filter(c.table["measure"] == "5-VP events played per game").row(0, named=True)
    assert row["low"] > 0 and row["changed"]


def test_the_cli_gives_the_api_figures_and_a_cached_answer(data_copy, capsys):
    hooks = import_module("workbench.games.mugen.whatif")
    folder = hooks.worked_example(data_copy("mugen")).save()
    argv = [
        "compare",
        "mugen",
        "--variant",
        str(folder),
        "--players",
        "greedy,greedy",
        "--games",
        "30",
        "--seed",
        "2",
        "--json",
    ]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"game", "games", "players", "questions"}
    assert set(out["questions"][0]) == {
        "question",
        "base",
        "variant",
        "difference",
        "interval",
        "verdict",
        "changed",
    }
    api = compare("mugen", None, hooks.worked_example(), "greedy,greedy", 30, 2, cache=False)
    assert out == json.loads(json.dumps(api.as_json()))
    assert compare("mugen", None, folder, "greedy,greedy", 30, 2).cached


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--variant", "VARIANT_OF_LIFE"], "a variant of life, not of mugen"),
        (["--variant", "BAD_SHEET"], "fails its checks"),
        (["--variant", "GOOD", "--players", "greedy,nobody"], "nobody"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words, data_copy, tmp_path, capsys):
    life = Variant.of("life", data_copy("life"), "l").save()
    mugen = data_copy("mugen")
    bad = tmp_path / "bad" / "mugen" / "cards.csv"
    bad.parent.mkdir(parents=True)
    text = (
        (mugen / "cards.csv")
        .read_text(encoding="utf-8")
        .replace(",plain,2,,damage 3,", ",plain,x,,damage 3,", 1)
    )
    bad.write_text(text, encoding="utf-8")
    paths = {"VARIANT_OF_LIFE": str(life), "BAD_SHEET": str(bad), "GOOD": str(mugen / "cards.csv")}
    argv = ["compare", "mugen", *[paths.get(a, a) for a in args], "--games", "2", "--json"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def _notebook_what_if(game: str):
    """The notebook's own what-if: its WhatIf cell run as written, and its comparison cell."""
    nb = nbformat.read(NOTEBOOKS / f"{game}.ipynb", as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    build = next(src for src in code if "what = WhatIf(" in src)
    shown = next(src for src in code if src.startswith("paired = what.compare("))
    assert "sentence(paired" in shown and "readable(paired)" in shown
    space: dict = {}
    exec(compile(build, f"{game}.ipynb", "exec"), space)  # noqa: S102 (the repository's own notebook)
    return space["what"], shown


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_cli_on_each_worked_example_gives_the_notebooks_figures(game, data_copy, capsys):
    """The notebook's what-if cells (run from the notebook file) and the saved variant through
    the command line give the same figures; the notebook's sentence prints the paired /
    independent width ratio, below 1 on every worked example."""
    what, shown = _notebook_what_if(game)
    hooks = import_module(f"workbench.games.{game}.whatif")
    assert what.diff().equals(hooks.worked_example().diff())
    folder = hooks.worked_example(data_copy(game)).save()
    assert (
        main(
            [
                "compare",
                game,
                "--variant",
                str(folder),
                "--games",
                str(what.pairs),
                "--seed",
                str(what.seed),
                "--players",
                what.players,
                "--json",
                "--no-cache",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert (
        shown.split("\n")[0] == "paired = what.compare()"
    )  # the notebook asks with what's settings
    paired = what.compare(cache=False)
    assert out == json.loads(json.dumps(paired.as_json()))
    ratio = paired.narrowing()
    assert ratio < 1, paired.table.select("measure", "narrowing")
    assert f"{ratio:.2f}× as wide as two independent runs" in sentence(paired, what.diff())


def test_the_cli_on_an_identical_variant_gives_zero_differences(data_copy, capsys):
    folder = Variant.of("detective", data_copy("detective"), "same").save()
    assert (
        main(
            [
                "compare",
                "detective",
                "--variant",
                str(folder),
                "--games",
                "12",
                "--seed",
                "7",
                "--json",
                "--no-cache",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert len(out["questions"]) >= 10
    for q in out["questions"]:
        lo, hi = q["interval"]
        assert q["difference"] == 0 and lo <= 0 <= hi and not q["changed"]


def test_a_changed_sheet_is_never_answered_from_the_cache():
    hooks = import_module("workbench.games.mugen.whatif")
    first = compare("mugen", None, hooks.worked_example(), "greedy", 6, 9)
    assert (
        not first.cached and compare("mugen", None, hooks.worked_example(), "greedy", 6, 9).cached
    )
    other = hooks.worked_example().set("cards", "C01", "skill1_cost", "3")
    again = compare("mugen", None, other, "greedy", 6, 9)
    assert not again.cached and again.variant.hash != first.variant.hash
