"""Deck-construction rules: the mugen decks in data/, and a synthetic card sheet."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cards import Column, Schema, SheetError, load_sheet
from workbench.cards.deckrules import DeckRule, check_deck, load_deck, load_deck_rules

ROOT = Path(__file__).resolve().parents[2]
MUGEN = ROOT / "data" / "mugen"
CARDS_SCHEMA = Schema(
    "mugen",
    (
        Column("id", unique=True),
        Column("name", unique=True),
        Column("name_en", required=False),
        Column("star", "int"),
        Column("character", "bool"),
    ),
)
#: deck file -> the rules it must break (star caps of 8 and 20 cannot be broken alone:
#: with at most 4 per name they follow from the kinds caps, 2 x 4 and 5 x 4)
EXPECTED = {
    "illegal_total.csv": {"total"},
    "illegal_per_name.csv": {"per-name"},
    "illegal_character_kinds.csv": {"character-kinds"},
    "illegal_character_copies.csv": {"character-copies"},
    "illegal_star3_kinds.csv": {"star3-kinds"},
    "illegal_star3_cards.csv": {"star3-cards", "star3-kinds"},
    "illegal_star2_kinds.csv": {"star2-kinds"},
    "illegal_star2_cards.csv": {"star2-cards", "star2-kinds"},
}


@pytest.fixture(scope="module")
def mugen():
    cards = load_sheet(MUGEN / "cards.csv", CARDS_SCHEMA)
    return cards, load_deck_rules(MUGEN / "deck_rules.csv")


def test_rules_sheet_holds_the_seed_rules(mugen):
    _, rules = mugen
    assert [(r.rule, r.select, r.measure, r.op, r.value) for r in rules] == [
        ("total", "all", "cards", "==", 40),
        ("per-name", "all", "copies", "<=", 4),
        ("character-kinds", "character==true", "kinds", "==", 1),
        ("character-copies", "character==true", "copies", "==", 4),
        ("star3-kinds", "star==3", "kinds", "<=", 2),
        ("star3-cards", "star==3", "cards", "<=", 8),
        ("star2-kinds", "star==2", "kinds", "<=", 5),
        ("star2-cards", "star==2", "cards", "<=", 20),
    ]


def test_every_rule_has_an_illegal_deck(mugen):
    _, rules = mugen
    assert {rule for rules_ in EXPECTED.values() for rule in rules_} == {r.rule for r in rules}


@pytest.mark.parametrize("name", ["sora.csv", "mirai.csv"])
def test_legal_decks_pass(mugen, name):
    cards, rules = mugen
    deck = load_deck(MUGEN / "decks" / name)
    assert deck.ok and deck.frame["count"].sum() == 40
    assert check_deck(deck, cards, rules).height == 0


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_illegal_deck_fails_with_its_rule(mugen, name):
    cards, rules = mugen
    problems = check_deck(load_deck(MUGEN / "decks" / name), cards, rules)
    assert set(problems["rule"].to_list()) == EXPECTED[name]
    assert problems.height == len(EXPECTED[name])  # one message per broken rule
    assert set(problems["file"].to_list()) == {name}


def test_messages_name_the_cards(mugen):
    cards, rules = mugen
    problems = check_deck(load_deck(MUGEN / "decks" / "illegal_star3_kinds.csv"), cards, rules)
    assert problems["message"][0] == (
        "star==3: 3 kinds, at most 2 allowed (ソラ ×4, 天穹の砲 ×2, "
        "終焉の鐘 ×2) — ★3: at most 2 kinds (the character counts)"
    )
    per_name = check_deck(load_deck(MUGEN / "decks" / "illegal_per_name.csv"), cards, rules)
    assert per_name.row(0, named=True)["row"] == 9  # the 火花 line of the deck file
    assert "火花 ×5" in per_name["message"][0]


SYNTH = pl.DataFrame(
    {
        "id": ["c1", "c2", "a", "b", "c", "d", "e", "f", "g"],
        "name": ["Hero", "Rival", "A", "B", "C", "D", "E", "F", "G"],
        "name_en": ["hero", "rival", "a", "b", "c", "d", "e", "f", "g"],
        "star": [2, 1, 3, 3, 3, 2, 1, 1, 1],
        "character": [True, True, False, False, False, False, False, False, False],
    }
)
RULES = (
    DeckRule("total", "all", "cards", "==", 12),
    DeckRule("per-name", "all", "copies", "<=", 3),
    DeckRule("char", "character==true", "kinds", "==", 1),
    DeckRule("char-copies", "character == TRUE", "copies", "==", 3),
    DeckRule("star3", "star==3", "kinds", "<=", 1),
    DeckRule("no-f", "name==f", "cards", "==", 0),
)


@pytest.mark.parametrize(
    ("deck", "broken"),
    [
        ({"Hero": 3, "A": 3, "E": 3, "G": 3}, set()),
        ({"hero": 3, "a": 3, "e": 3, "c1": 3}, {"per-name", "char-copies"}),  # en name + id: 6 Hero
        ({"Hero": 3, "A": 3, "E": 3, "G": 2}, {"total"}),
        ({"Hero": 3, "Rival": 3, "E": 3, "G": 3}, {"char"}),
        ({"Hero": 2, "A": 3, "E": 3, "G": 4}, {"char-copies", "per-name"}),
        ({"Hero": 3, "A": 2, "B": 1, "E": 3, "G": 3}, {"star3"}),
        ({"Hero": 3, "A": 3, "F": 3, "G": 3}, {"no-f"}),
        ({"E": 3, "G": 3, "A": 3, "D": 3}, {"char"}),
    ],
)
def test_synthetic_rules(deck, broken):
    problems = check_deck(deck, SYNTH, RULES)
    assert set(problems["rule"].to_list()) == broken


def test_unknown_cards_are_problems_at_their_row(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("name,count\nHero,3\nNobody,2\nA,x\n", encoding="utf-8")
    deck = load_deck(path)
    assert [(r["row"], r["rule"]) for r in deck.problems.iter_rows(named=True)] == [(4, "int")]
    problems = check_deck(deck, SYNTH, RULES[:1])
    assert [(r["row"], r["rule"]) for r in problems.iter_rows(named=True)] == [
        (3, "unknown-card"),
        (None, "total"),
    ]


def test_bad_rules_sheet_is_refused(tmp_path):
    path = tmp_path / "deck_rules.csv"
    path.write_text("rule,select,measure,op,value\nx,star=3,cards,=<,8\n", encoding="utf-8")
    with pytest.raises(SheetError) as info:
        load_deck_rules(path)
    assert set(info.value.problems["rule"].to_list()) == {"select", "allowed"}
    with pytest.raises(ValueError):
        DeckRule("x", "all", "pages", "==", 1)


def _oracle(deck: dict[str, int], cards: pl.DataFrame) -> set[str]:
    """The seed's rules written out directly, to compare with the data-driven checker."""
    info = {r["name"]: r for r in cards.iter_rows(named=True)}
    broken = set()
    if sum(deck.values()) != 40:
        broken.add("total")
    if any(n > 4 for n in deck.values()):
        broken.add("per-name")
    chars = {k: n for k, n in deck.items() if info[k]["character"]}
    if len(chars) != 1:
        broken.add("character-kinds")
    if any(n != 4 for n in chars.values()):
        broken.add("character-copies")
    for star, kinds, total in ((3, 2, 8), (2, 5, 20)):
        chosen = {k: n for k, n in deck.items() if info[k]["star"] == star}
        if len(chosen) > kinds:
            broken.add(f"star{star}-kinds")
        if sum(chosen.values()) > total:
            broken.add(f"star{star}-cards")
    return broken


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_checker_agrees_with_the_rules_written_out(mugen, data):
    cards, rules = mugen
    names = cards.frame["name"].to_list()
    picked = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=14, unique=True))
    deck = {n: data.draw(st.integers(1, 6)) for n in picked}
    found = check_deck(deck, cards, rules)
    assert set(found["rule"].to_list()) == _oracle(deck, cards.frame)
