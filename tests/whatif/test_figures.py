"""The exact figures an edit redraws: each worked example moves the figures it should, to
values checked independently."""

from __future__ import annotations

from fractions import Fraction
from importlib import import_module
from itertools import combinations, product
from math import comb

import polars as pl
import pytest

from workbench.cards import SheetError
from workbench.cards.variants import Variant, load_variant
from workbench.datafiles import data_files
from workbench.ui.whatif import WhatIf


def _line_pays(
    colours_needed: dict[str, int], k: int, per_colour: int = 4, colours: int = 8
) -> Fraction:
    """P(k cards drawn from colours × per_colour hold the needed icons), by inclusion–exclusion
    over the colours that fall short (needs of 1 each)."""
    assert set(colours_needed.values()) == {1}
    needed = list(colours_needed)
    total = colours * per_colour
    good = 0
    for r in range(len(needed) + 1):
        for _missing in combinations(needed, r):
            good += (-1) ** r * comb(total - r * per_colour, k)
    return Fraction(good, comb(total, k))


def test_detective_event_2_one_card_cheaper_pays_far_more_often():
    what = WhatIf("detective", import_module("workbench.games.detective.whatif").worked_example())
    moved = what.figures()["events"]
    assert moved["no"].to_list() == [2, 2] and moved["side"].to_list() == ["before", "after"]
    after = moved.row(1, named=True)
    for k in (4, 8):
        assert Fraction(after[f"p_line{k}_exact"]) == _line_pays(
            {"black": 1, "orange": 1, "blue": 1}, k
        )


def test_life_a_second_star_moves_stage_1_shares_only():
    what = WhatIf("life", import_module("workbench.games.life.whatif").worked_example())
    moved = what.figures()["stars by stage"]
    assert set(moved["stage"]) == {1}
    before = {
        r["stars"]: r["cards"]
        for r in moved.filter(moved["side"] == "before").iter_rows(named=True)
    }
    after = {
        r["stars"]: r["cards"] for r in moved.filter(moved["side"] == "after").iter_rows(named=True)
    }
    assert after[1] == before[1] - 1 and after[2] == before[2] + 1


@pytest.mark.parametrize("game", ["ghost", "mugen"])
def test_the_worked_example_moves_its_cards_figures(game):
    hooks = import_module(f"workbench.games.{game}.whatif")
    what = WhatIf(game, hooks.worked_example())
    moved = what.figures()
    assert moved, f"{game}: no exact figure moved"
    if game == "ghost":  # うにゅう's own battle odds rise with its dice
        fair = moved["battle fairness"]
        unyu = fair.filter(fair["name"] == "うにゅう")
        assert unyu["win"].to_list()[0] < unyu["win"].to_list()[1]
    else:  # ソラ's cheapest skill costs 1: a play is castable earlier
        cards = moved["ソラ deck: cards and EX warnings"]
        assert cards.filter(cards["card"] == "C01")["cheapest"].to_list() == [2, 1]


# -- every figure a function of the sheet: an edit moves what it must, by the brute-forced amount --

GAMES = ("ghost", "detective", "mugen", "life")
YASAGURE = (1, 2, 3, 4, 5, 0)  # the ghost die: its 6 reads 0


def _ghost_total(n: int, k: int, faces: tuple[int, ...]) -> int:
    """nD+k on the ghost die: all of two or more dice reading 0 is a fumble (0); floored at 0."""
    if n >= 2 and not any(faces):
        return 0
    return max(0, sum(faces) + k)


def _ghost_win(attack: tuple[int, int], defence: tuple[int, int]) -> Fraction:
    """P(attack nD+k beats defence nD+k), ties to the defender, by every roll of every die."""
    wins = total = 0
    for a in product(YASAGURE, repeat=attack[0]):
        for d in product(YASAGURE, repeat=defence[0]):
            total += 1
            wins += _ghost_total(*attack, a) > _ghost_total(*defence, d)
    return Fraction(wins, total)


def _what(game: str, variant) -> WhatIf:
    return WhatIf(game, variant)


def test_ghost_a_named_ghosts_dice_move_its_named_battle_by_the_brute_forced_amount():
    """ブリュンヒルデ's mental 1D+1 -> 2D: 御影さくら (mental 3D+1, no mental bonus) attacking it."""
    what = _what("ghost", Variant.of("ghost", None, "hilde").set("cards", "G02", "mental", "2D"))
    moved = what.figures()
    assert (
        "battles by card name" in what.redrawn
        and "mandatory events in the starting hands" not in what.redrawn
    )
    named = moved["battles by card name"]
    row = named.filter((pl.col("attack") == "御影さくら") & (pl.col("stat") == "mental"))
    before, after = (Fraction(x) for x in row["p_exact"].to_list())
    assert before == _ghost_win((3, 1), (1, 1)) == Fraction(65, 72)  # the odds doctest
    assert after == _ghost_win((3, 1), (2, 0))
    assert after - before == _ghost_win((3, 1), (2, 0)) - _ghost_win((3, 1), (1, 1))


def test_ghost_one_more_mandatory_event_moves_the_deal_and_run_out_figures():
    """ファイル共有 (not an all-draw event) 3 -> 4 copies: 101 cards, 16 mandatory."""
    what = _what("ghost", Variant.of("ghost", None, "share").set("cards", "M02", "copies", "4"))
    moved = what.figures()
    assert set(what.redrawn) == {
        "mandatory events in the starting hands",
        "latest run-out turn",
        "battle fairness",
        "battle order: attacker odds by design",
        "battles by card name",
    }  # copies: every figure counting cards
    deal = moved["mandatory events in the starting hands"]
    after = deal.filter(pl.col("side") == "after")
    first = after.filter(
        (pl.col("deal_order") == "all_hands") & (pl.col("users") == 4) & (pl.col("seat") == 1)
    )
    assert Fraction(first["p_exact"].item()) == 1 - Fraction(comb(85, 5), comb(101, 5))
    last = after.filter(
        (pl.col("deal_order") == "by_seat") & (pl.col("users") == 4) & (pl.col("seat") == 4)
    )
    assert Fraction(last["p_exact"].item()) == 1 - Fraction(
        comb(101 - 15 - 16, 5), comb(101 - 15, 5)
    )
    run_out = moved["latest run-out turn"]
    for users in range(2, 7):  # one more card after the deal, the same four all-draw events
        turns = run_out.filter(pl.col("users") == users)["latest_run_out_turn"].to_list()
        assert turns == [100 - 5 * users - 3, 101 - 5 * users - 3]
    assert "battle fairness" not in moved  # a mandatory event's copies leave the ghosts' odds


def _p_colour(colours: list[str], colour: str, k: int) -> Fraction:
    """P(a colour among the first k of a shuffled line), by every k-subset of the cards."""
    lines = list(combinations(range(len(colours)), k))
    return Fraction(sum(any(colours[i] == colour for i in line) for line in lines), len(lines))


def test_detective_a_person_in_the_start_deck_moves_the_round_one_colour_odds():
    """勿忘草 (blue) starts in the deck: 8 people; the colours read from the CSV itself."""
    what = _what(
        "detective",
        Variant.of("detective", None, "wasure").set(
            "people", "wasurenagusa", "in_start_deck", "true"
        ),
    )
    moved = what.figures()
    assert (
        "events" not in what.redrawn
    )  # the events' odds read all person cards, not the start deck
    odds = moved["one icon of a colour after k draws (round-1 deck)"]
    sheet = pl.read_csv(data_files("detective") / "people.csv").filter(pl.col("card") == "person")
    before = sheet.filter(pl.col("in_start_deck"))["colour"].to_list()
    after = sheet.filter(pl.col("in_start_deck") | (pl.col("id") == "wasurenagusa"))[
        "colour"
    ].to_list()
    assert (len(before), len(after)) == (7, 8)
    for side, colours in (("before", before), ("after", after)):
        rows = odds.filter(pl.col("side") == side)
        assert sorted(set(rows["colour"])) == sorted(set(colours))
        for r in rows.iter_rows(named=True):
            assert Fraction(r["exact"]) == _p_colour(colours, r["colour"], r["draws"]), (side, r)
    assert set(moved) >= {"round 1: length and deaths", "actions per round"}


def test_mugen_a_cheaper_character_moves_the_turn_one_curve_by_the_counted_amount():
    what = _what("mugen", import_module("workbench.games.mugen.whatif").worked_example())
    curve = what.figures()["ソラ deck: castable play by turn"]
    turn1 = curve.filter((pl.col("going") == "first") & (pl.col("turn") == 1))
    before, after = (Fraction(x) for x in turn1["probability"].to_list())
    # 40 cards, 4 seen going first; castable at 1 MP: 10 cards, and the 4 ソラ once it costs 1
    assert before == 1 - Fraction(comb(30, 4), comb(40, 4)) == Fraction(12797, 18278)
    assert after == 1 - Fraction(comb(26, 4), comb(40, 4))
    assert "the pool" not in what.redrawn and "deck legality" not in what.redrawn


def test_life_a_second_star_moves_stage_1_shares_by_one_card_in_24():
    what = _what("life", import_module("workbench.games.life.whatif").worked_example())
    shares = what.figures()["stars by stage"]
    after = {
        r["stars"]: Fraction(r["probability"])
        for r in shares.iter_rows(named=True)
        if r["side"] == "after"
    }
    assert after == {1: Fraction(7, 24), 2: Fraction(5, 24)}
    assert "colours by stage" not in what.redrawn


@pytest.mark.parametrize("game", GAMES)
def test_an_identical_variant_moves_no_figure(game, data_copy):
    hooks = import_module(f"workbench.games.{game}.whatif")
    base = data_copy(game)
    same = Variant.of(game, base, "same")
    what = WhatIf(game, same)
    assert what.figures() == {} and what.redrawn == []
    redrawn = hooks.figures(load_variant(same.save()).sheet_source().sheets)  # every figure, saved
    again = hooks.figures(same.sheet_source().sheets)
    assert [f.title for f in hooks.FIGURES] == list(redrawn) == list(again)
    for title, frame in again.items():
        assert frame.equals(redrawn[title]), title


@pytest.mark.parametrize(
    ("game", "sheet", "card", "column", "value"),
    [
        ("ghost", "cards", "G04", "text_ja", "うにゅう"),
        ("detective", "people", "genichiro", "note", "x"),
        ("mugen", "cards", "C01", "flavour", "x"),
        ("life", "album", "J04", "name_en", "Den"),
    ],
)
def test_an_edit_no_figure_reads_redraws_nothing(game, sheet, card, column, value):
    what = _what(game, Variant.of(game, None, "text").set(sheet, card, column, value))
    assert what.figures() == {} and what.redrawn == []


def _column_edits(variant: Variant):
    """Per sheet column but the key: one accepted edit of it (a card given another card's value;
    the first of four tries the sheet's checks accept, else the column is left out)."""
    for sheet, table in variant.tables().items():
        key = table.header.index(table.key)
        for c, column in enumerate(table.header):
            if c == key:
                continue
            tries = [(a[key], b[c]) for a in table.rows for b in table.rows if a[c] != b[c]][:4]
            edit = next(
                (
                    e
                    for e in (_try(variant, sheet, card, column, value) for card, value in tries)
                    if e is not None
                ),
                None,
            )
            if edit is not None:
                yield sheet, column, edit


def _try(variant: Variant, sheet: str, card: str, column: str, value: str) -> Variant | None:
    try:
        return variant.set(sheet, card, column, value)
    except ValueError:
        return None


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=pytest.mark.slow) for g in GAMES if g != "life"] + ["life"]
)  # life's few columns take ~3 s, the others 8-50 s
def test_a_figure_moves_only_with_the_columns_it_declares(game):
    """Every column of every sheet edited in turn: a figure the edit moves must read that
    column (else an edit there would leave it stale on the screen).
    An edit the sheet's checks accept but the game's loader refuses (a cross-sheet rule) is
    left out."""
    hooks = import_module(f"workbench.games.{game}.whatif")
    base = Variant.of(game, None, "base")
    before = hooks.figures(base.sheet_source().sheets)
    checked = 0
    for sheet, column, edited in _column_edits(base):
        try:
            after = hooks.figures(edited.sheet_source().sheets)
        except SheetError:
            continue
        moved = {t for t in before if not before[t].equals(after[t])}
        declared = {f.title for f in hooks.FIGURES if f.touched_by([(sheet, column)])}
        assert moved <= declared, (sheet, column, moved - declared)
        checked += bool(moved)
    assert checked >= 3  # the edits did move figures: the test can fail


def test_a_row_added_or_removed_redraws_every_figure_of_its_sheet():
    """秘密基地 duplicated (a 28th stage-1 card), then 初恋 removed: back to 27 in stage 1."""
    hooks = import_module("workbench.games.life.whatif")
    grown = Variant.of("life", None, "rows").duplicate("album", "J04", "J99")
    what = WhatIf("life", grown)
    sizes = what.figures()["cards per stage against the cards a game uses"]
    assert what.redrawn == [f.title for f in hooks.FIGURES]
    assert sizes.filter(pl.col("stage") == 1)["cards on the sheet"].to_list() == [27, 28]
    what.variant = grown.remove("album", "J01")
    moved = what.figures()
    assert what.redrawn == [f.title for f in hooks.FIGURES]
    assert "cards per stage against the cards a game uses" not in moved  # 27 again: nothing moved
    stars = moved[
        "stars by stage"
    ]  # 初恋 (★0) out, a second 秘密基地 (★1) in; ★2 stays (not shown)
    after = {
        r["stars"]: Fraction(r["probability"])
        for r in stars.iter_rows(named=True)
        if r["side"] == "after"
    }
    assert after == {0: Fraction(11, 24), 1: Fraction(9, 24)}


def test_on_the_packaged_sheets_the_figures_are_the_notebooks_own():
    """The what-if figures of the unedited sheets give what the notebooks' sections compute
    with the game's analysis functions (so before/after starts from the notebook's numbers)."""
    from workbench.cards.registry import sheet_source
    from workbench.games.detective import analysis as da
    from workbench.games.ghost import analysis as ga
    from workbench.games.mugen import analysis as ma
    from workbench.games.mugen.decks import SAMPLE_DECKS
    from workbench.games.mugen.odds import mana_curve_exact

    ghost = import_module("workbench.games.ghost.whatif").figures(sheet_source("ghost").sheets)
    seats = ghost["mandatory events in the starting hands"].filter(
        (pl.col("deal_order") == "by_seat") & (pl.col("users") == 4)
    )
    assert (
        seats["p_exact"].to_list()
        == ga.mandatory_by_seat(4, deal_order="by_seat")["p_exact"].to_list()
    )
    assert ghost["latest run-out turn"]["latest_run_out_turn"].to_list() == [
        ga.server_bound(n) for n in range(2, 7)
    ]
    assert (
        ghost["battle fairness"]["win_exact"].to_list()
        == ga.ghost_fairness()["win_exact"].to_list()
    )

    detective = import_module("workbench.games.detective.whatif").figures(
        sheet_source("detective").sheets
    )
    assert detective["events their death starves"].equals(da.hard_events())
    assert detective["actions per round"].equals(da.actions_table())
    claim = da.claim_25()
    for r in detective["immediate tragic night (the 25 % claim)"].iter_rows(named=True):
        name = {
            "base rules (first-card rule)": "base rules (first-card rule)",
            "opening 4, as written (night shuffled back)": "as written: night shuffled back, no replacement",
            "opening 4, night put at the bottom": "night put at the bottom",
            "opening 4, replacement drawn (4 people open)": "replacement drawn (4 people open)",
        }[r["reading"]]
        assert claim.filter(pl.col("reading") == name)["exact"].item() == r["exact"]

    mugen = import_module("workbench.games.mugen.whatif").figures(sheet_source("mugen").sheets)
    assert mugen["ソラ deck: castable play by turn"].equals(
        mana_curve_exact(SAMPLE_DECKS["sora"], turns=range(1, 11))
    )
    assert mugen["deck legality"].equals(ma.deck_legality().select(mugen["deck legality"].columns))


@pytest.mark.slow
def test_ghost_battle_order_by_design_is_the_mean_of_the_notebooks_table():
    """Each attacker's row: the mean of its rows of ``battle_order_table`` (13,800 pairs, ~3 s)."""
    from workbench.cards.registry import sheet_source
    from workbench.games.ghost.battle_order import battle_order_table

    figure = import_module("workbench.games.ghost.whatif").figures(sheet_source("ghost").sheets)[
        "battle order: attacker odds by design"
    ]
    order = battle_order_table()
    for r in figure.iter_rows(named=True):
        rows = order.filter(pl.col("attacker") == r["attacker"])
        for column in ("p_after_defender_exact", "p_at_declaration_exact"):
            values = rows[column].to_list()
            assert Fraction(r[column]) == sum(map(Fraction, values)) / len(values), (
                r["attacker"],
                column,
            )
