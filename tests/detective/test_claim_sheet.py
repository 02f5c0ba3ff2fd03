"""The 25 % claim's exact figures follow the sheet's starting deck (issue 23 item 3)."""

import shutil

import polars as pl

from workbench.cards.registry import sheet_files, sheet_source
from workbench.datafiles import packaged_data
from workbench.games.detective import analysis as da
from workbench.games.detective import whatif


def _without_genichiro_at_the_start(tmp_path):
    """A copy of the packaged sheets where genichiro is not in the starting deck."""
    folder = tmp_path / "detective"
    shutil.copytree(packaged_data() / "detective", folder)
    people = pl.read_csv(folder / "people.csv", infer_schema_length=0)
    people = people.with_columns(
        pl.when(pl.col("id") == "genichiro")
        .then(pl.lit("false"))
        .otherwise(pl.col("in_start_deck"))
        .alias("in_start_deck")
    )
    people.write_csv(folder / "people.csv")
    return folder


def test_claim_25_reads_the_starting_deck_from_the_sheet(tmp_path):
    folder = _without_genichiro_at_the_start(tmp_path)

    assert len(da.start_deck()) == 7
    six = da.start_deck(folder)
    assert len(six) == 6 and "genichiro" not in six
    before, after = da.claim_25(), da.claim_25(deck=six)
    assert before["exact"].to_list() != after["exact"].to_list()
    figure = whatif.figures(sheet_source("detective", sheet_files("detective", folder)).sheets)
    redrawn = figure["immediate tragic night (the 25 % claim)"]
    base = redrawn.filter(pl.col("reading") == "base rules (first-card rule)")["exact"].item()
    assert after.filter(pl.col("reading") == "base rules (first-card rule)")["exact"].item() == base


def test_actions_table_counts_the_sheets_starting_deck(tmp_path):
    """actions_table's default deck is the sheet's starting deck, not a typed 7: a person taken
    out of it moves the exact expectation, to the what-if figure's value (issue 23 leftover)."""
    folder = _without_genichiro_at_the_start(tmp_path)

    assert da.actions_table()["expected"].to_list() == ["35/8", "7/4", "11/4", "3/2"]
    six = da.actions_table(data_dir=folder)
    assert six.equals(da.actions_table(6))
    assert six["expected"].to_list() != da.actions_table()["expected"].to_list()
    figure = whatif.figures(sheet_source("detective", sheet_files("detective", folder)).sheets)
    assert figure["actions per round"].equals(six)
