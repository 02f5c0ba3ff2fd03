"""The card sheet: the prototype set's shape, and bad sheets reported at row and column."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from workbench.cards import SheetError
from workbench.engine.kernel.seat import SeatView
from workbench.games.mugen.cards import CARDS_CSV, load_cards, read_sheet
from workbench.games.mugen.effects import TimedEffect, parse_effects
from workbench.games.mugen.players import policy_player, priority_player
from workbench.games.mugen.rules import make_game
from workbench.games.mugen.scenario import position


def test_prototype_set_has_what_the_brief_asks() -> None:
    cards = load_cards()
    generic = [c for c in cards.values() if not c.character]
    chars = [c for c in cards.values() if c.character]
    assert len(generic) >= 30 and {c.star for c in generic} == {1, 2, 3}
    assert len(chars) >= 4 and sum(bool(c.trait) for c in chars) == 1
    assert all(c.prototype for c in cards.values())
    kinds = {s.kind for c in cards.values() for s in c.skills}
    assert kinds == {"plain", "set", "super_set", "revenge", "ex"}
    assert any(len(c.skills) == 3 for c in cards.values())


def test_effect_text_reads_japanese_aliases_and_full_width() -> None:
    assert parse_effects("ダメージ ３; 開始時: 回復 1") == (
        TimedEffect("damage", 3),
        TimedEffect("heal", 1, "start"),
    )


def _edited(tmp_path: Path, row_id: str, **cells: str) -> Path:
    rows = list(csv.DictReader(CARDS_CSV.read_text(encoding="utf-8").splitlines()))
    for r in rows:
        if r["id"] == row_id:
            r.update(cells)
    path = tmp_path / "cards.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


@pytest.mark.parametrize(
    ("card", "cells", "column", "rule", "text"),
    [
        (
            "G01",
            {"skill1_effects": "damage 2; burn 1"},
            "skill1_effects",
            "effects",
            "unknown word 'burn'",
        ),
        ("G01", {"skill1_effects": "atk +1"}, "skill1_effects", "kind", "only works on set"),
        ("G05", {"skill1_turns": ""}, "skill1_turns", "required", "needs its number of counters"),
        ("G07", {"skill1_cost": "2"}, "skill1_cost", "revenge-cost", "is free"),
        ("G02", {"skill2_kind": "magic"}, "skill2_kind", "allowed", "'magic' is not one of"),
        ("G01", {"star": "4"}, "star", "range", "above the maximum 3"),
        ("G01", {"trait": "atk +1"}, "trait", "trait", "only character skills"),
        ("G01", {"skill2_cost": "3"}, "skill2_cost", "empty-kind", "skill2_kind is empty"),
    ],
)
def test_bad_sheet_cells_are_named(
    tmp_path: Path, card: str, cells: dict[str, str], column: str, rule: str, text: str
) -> None:
    path = _edited(tmp_path, card, **cells)
    problems = read_sheet(path).problems
    assert problems.height >= 1
    first = problems.row(0, named=True)
    row = 2 + [
        r["id"] for r in csv.DictReader(CARDS_CSV.read_text(encoding="utf-8").splitlines())
    ].index(card)
    assert (first["row"], first["column"], first["rule"]) == (row, column, rule)
    assert text in first["message"]
    with pytest.raises(SheetError, match=f"row {row}, column {column}"):
        load_cards(path)


def test_designer_players_pick_what_they_are_told() -> None:
    g = make_game()
    s = position(g, hands=(["G01", "G02"], []), mp=(4, 1))
    dearest = policy_player(
        lambda game, state, a: (
            game.cards[a.id[1]].skills[a.id[2]].cost if isinstance(a.id, tuple) else -1
        )
    )
    view = SeatView(g, 0, s)
    assert dearest(view, random.Random(0)) == ("use", "G02", 1)
    assert priority_player(["火花"])(view, random.Random(0)) == ("use", "G01", 0)
    assert priority_player(["G29"])(view, random.Random(0)) == (
        "use",
        "G01",
        0,
    )  # none in hand: greedy (3 per MP)
