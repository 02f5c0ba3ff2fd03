"""The card report (issue 37): a planted strong card comes first by cause, an identical swap
moves nothing, the pairs are compare's pairs, racing only stops early, bad input is one line."""

from __future__ import annotations

import dataclasses
import json
import math

import polars as pl
import pytest

import workbench.engine.measure.card_report as card_report_module
from workbench.cards.variants import Variant
from workbench.cli import main
from workbench.engine.measure.card_report import CardReportError, card_report, neutral_variant
from workbench.engine.measure.compare import pair_rows
from workbench.engine.measure.compare_sheets import sheet_set
from workbench.engine.measure.paired_edit import EDIT_KEY, edit_rows
from workbench.registry import spec


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))


def test_a_planted_strong_card_is_first_with_an_interval_clear_of_the_rest() -> None:
    """流星 (G14, in the ミライ deck) made to pierce 30 at its cost of 3 MP: the causal
    column ranks it first, its interval's low end above every other card's high end."""
    planted = Variant.of("mugen", name="planted").set("cards", "G14", "skill1_effects", "pierce 30")
    r = card_report("mugen", "greedy", games=100, seed=2, base=planted, question_games=0)
    ranked = r.ranked()
    assert ranked.height == 21  # the cards of the two sample decks
    top = ranked.row(0, named=True)
    assert top["card"] == "G14"
    assert top["effect_low"] > max(ranked["effect_high"].to_list()[1:])
    assert top["verdict"] == "higher"
    assert "G14" in r.sentences()[0] and "clear of every other card" in r.sentences()[0]


def test_the_unplanted_card_is_not_first() -> None:
    """The same card as printed (damage 4) is far from first: the planted test can fail."""
    r = card_report("mugen", "greedy", games=60, seed=2, cards=["G14", "C01"], question_games=0)
    assert r.ranked()["card"].to_list() == ["C01", "G14"]


def test_an_identical_copy_moves_no_card(monkeypatch) -> None:
    """Each card swapped for an identical copy of itself (its own effect written back):
    every pair is the same game twice, so every effect is 0 and every interval covers 0."""
    same = dataclasses.replace(
        spec("mugen"), neutral_card=lambda sheet, row: {"skill1_effects": row["skill1_effects"]}
    )
    monkeypatch.setattr(card_report_module, "spec", lambda name: same)
    r = card_report(
        "mugen", "greedy", games=30, seed=5, cards=["C01", "G01", "G26", "C02"], question_games=6
    )
    assert r.table["effect"].to_list() == [0.0, 0.0, 0.0, 0.0]
    assert all(lo <= 0 <= hi for lo, hi in zip(r.table["effect_low"], r.table["effect_high"]))
    assert set(r.table["verdict"]) == {"too few games to say"}
    for asked in r.table["questions"].to_list():  # per question: the same games twice
        assert asked and all(q["effect"] == 0 and q["low"] <= 0 <= q["high"] for q in asked)


def test_rows_per_deck_split_the_owners() -> None:
    """Mugen's seats play named decks: a card in both decks (一閃 G02) has a row in each,
    their owners adding up to the card's row; ソラ's card is in ソラ's deck only; the deck
    rows' causal pairs split the card's pairs."""
    r = card_report("mugen", "greedy", games=24, seed=1, cards=["C01", "G02"], question_games=0)
    rows = {(d["deck"], d["card"]): d for d in r.decks.iter_rows(named=True)}
    assert sorted(rows) == [("C01 ソラ", "C01"), ("C01 ソラ", "G02"), ("C02 ミライ", "G02")]
    both = r.table.filter(pl.col("card") == "G02").row(0, named=True)
    sora, mirai = rows[("C01 ソラ", "G02")], rows[("C02 ミライ", "G02")]
    assert sora["owned"] == mirai["owned"] == 24 and both["owned"] == 48
    assert sora["n_drawn"] + mirai["n_drawn"] == both["n_drawn"]
    assert sora["effect_pairs"] + mirai["effect_pairs"] == both["effect_pairs"]
    assert sora["win_owned"] > mirai["win_owned"]  # ソラ's deck wins most games


def test_the_pairs_are_compares_pairs() -> None:
    """edit_rows seats and seeds game i exactly as compare's pair_rows does (same winners,
    seeds and seats for the base and for an edit), so the report's pairs are compare's."""
    base = sheet_set("mugen", None)
    edit = sheet_set("mugen", neutral_variant(Variant.of("mugen"), "C01"))
    theirs = pair_rows(
        "mugen", *EDIT_KEY, {}, [base.params(), edit.params()], [base.key, edit.key],
        ["greedy"], None, 3, 9, 7,
    )  # fmt: skip
    for side, rows in zip((base, edit), theirs, strict=True):
        mine = edit_rows("mugen", side, ["greedy"], 3, 9, 7)
        keep = ("game", "seed", "winners", "player_0", "player_1", "turns")
        assert [{k: r[k] for k in keep} for r in mine] == [{k: r[k] for k in keep} for r in rows]
    assert [r["winners"] for r in theirs[0]] != [r["winners"] for r in theirs[1]]


def test_racing_only_stops_early_and_an_unstopped_card_matches_the_full_run() -> None:
    cards = ["C01", "G01", "G10"]
    raced = card_report("mugen", "greedy", games=48, seed=3, cards=cards, question_games=0)
    full = card_report(
        "mugen", "greedy", games=48, seed=3, cards=cards, race=False, question_games=0
    )
    assert raced.cost["games_causal"] <= full.cost["games_causal"] == 3 * 48
    for a, b in zip(raced.table.iter_rows(named=True), full.table.iter_rows(named=True)):
        assert a["effect_games"] <= b["effect_games"] == 48
        if not a["stopped_early"]:
            assert (a["effect"], a["effect_low"]) == (b["effect"], b["effect_low"])
    # the correlational columns do not depend on racing
    assert raced.table["iwd"].to_list() == full.table["iwd"].to_list()


def test_correlational_columns_count_every_owner_once() -> None:
    """Mugen's decks are fixed: a card in one deck has one owner per game, a card in both
    decks two; drawn + not drawn is every owner, and rates lie in their intervals."""
    r = card_report("mugen", "greedy", games=40, seed=1, causal=False)
    by = {row["card"]: row for row in r.table.iter_rows(named=True)}
    assert by["C01"]["owned"] == 40 and by["G02"]["owned"] == 80  # 一閃 is in both decks
    for row in by.values():
        assert row["n_drawn"] + row["n_not_drawn"] == row["owned"]
        assert row["win_drawn_low"] <= row["win_drawn"] <= row["win_drawn_high"]
        assert row["n_opening"] + row["n_not_opening"] == row["owned"]  # the opening hand
        assert math.isnan(row["effect"])
    assert r.cost["games_causal"] == 0


def test_the_neutral_card_keeps_costs_and_passes_the_sheets_checks() -> None:
    base = Variant.of("mugen")
    for card in base.tables()["cards"].frame()["id"]:
        v = neutral_variant(base, card)
        t0, t1 = base.tables()["cards"], v.tables()["cards"]
        for col in ("skill1_cost", "skill2_cost", "skill3_cost", "star", "character"):
            assert t0.cell(card, col) == t1.cell(card, col)
    with pytest.raises(CardReportError, match="no sheet has a card 'Z99'"):
        neutral_variant(base, "Z99")


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    try:
        code = main(["cards", *argv])
    except SystemExit as exc:  # argparse refuses a bounded number itself (one line, exit 2)
        code = exc.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("nope",), "unknown game 'nope'"),
        (("mugen", "--games", "0"), "--games: 0 is below the minimum 1"),
        (("mugen", "--games", "20001"), "above the maximum 20000"),
        (("mugen", "--players", "bogus"), "unknown player 'bogus'"),
        (("mugen", "--players", "greedy,"), "names an empty player"),
        (("pig",), "pig declares no card_events"),
        (("mugen", "--card", "ZZZ", "--games", "3"), "mugen has no card 'ZZZ'"),
        (("mugen", "--base", "/no/such/folder"), "--base /no/such/folder: no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, said) -> None:
    assert said in _refused(capsys, *argv)


def test_the_command_prints_json(capsys) -> None:
    argv = ["cards", "mugen", "--games", "12", "--seed", "1", "--card", "C01", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "mugen" and out["games"] == 12
    (card,) = out["cards"]
    assert card["card"] == "C01" and card["owned"] == 12
    assert card["effect_low"] <= card["effect"] <= card["effect_high"]
    assert out["cost"]["games_base"] == 12


def test_the_command_prints_a_ranked_table(capsys) -> None:
    assert main(["cards", "mugen", "--games", "12", "--card", "G01", "--card", "C01"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("mugen: 12 games, players greedy")
    assert out[-1].startswith("cost: 12 base games and 24 replayed")
    cards = out[2:4]
    assert sorted(line.split()[0] for line in cards) == ["C01", "G01"]
    effects = [float(line.split("pts [")[0].split()[-1]) for line in cards]
    assert effects == sorted(effects, reverse=True)  # ranked by causal effect


def test_life_reports_the_seat_that_took_a_card() -> None:
    """Life's cards belong to the seat that took them: a ★ card is replayed plain, a plain
    card is already neutral (no games), a dream card has no neutral form (said in its row)."""
    r = card_report("life", "greedy", games=10, seed=1, cards=["J04", "J01", "D01"])
    by = {row["card"]: row for row in r.table.iter_rows(named=True)}
    assert by["J04"]["neutral"] == "" and by["J04"]["effect_games"] > 0
    assert by["J01"]["neutral"] == "the card is already neutral" and by["J01"]["effect_games"] == 0
    assert by["D01"]["neutral"].startswith("no neutral card: life's dreams cards")
    assert all(math.isnan(row["iwd"]) for row in by.values())  # no "not drawn" side
    assert by["J04"]["n_drawn"] == by["J04"]["owned"] <= 10
    assert r.cost["games_unraced"] == 10
