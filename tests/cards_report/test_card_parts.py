"""Ghost's and detective's parts of the card report (issue 37): who owned, drew, held and
played each card at the end of real games, and vanilla neutral cards the sheets accept."""

from __future__ import annotations

import math

import pytest

from workbench.cards.variants import Variant
from workbench.engine.measure.card_report import card_report, neutral_variant
from workbench.engine.runs.playout import playout
from workbench.games.detective import card_parts as detective_parts
from workbench.games.ghost import card_parts as ghost_parts
from workbench.registry import make_game, spec


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))


def _final(game, seed: int):
    from workbench.engine.players.specs import player_from_spec

    players = [player_from_spec("greedy", game.name)] * game.num_players
    return playout(game, players, seed).final


def test_ghost_events_read_each_seats_archive_and_desktop() -> None:
    g = make_game("ghost", players=3)
    final = _final(g, 4)
    t = g.view(final)
    ev = ghost_parts.card_events(g, final)
    names = {c.name for c in g.cards if not c.is_mandatory}
    assert len(names) == 37  # 30 ghosts and 7 shells; mandatory events belong to nobody
    for seat, e in ev.items():
        assert set(e["owned"]) == names
        desk = [g.cards[i].name for pair in t.desktops[seat] for i in pair if i >= 0]
        archive = [g.cards[i].name for i in t.archives[seat] if not g.cards[i].is_mandatory]
        assert set(e["played"]) == set(desk)
        assert (
            set(e["drawn"])
            == set(e["holds"])
            == set(desk) | set(archive) | {g.cards[i].name for i in t.facedown[seat]}
        )
    assert any(e["played"] for e in ev.values())  # a real game installs ghosts


def test_ghost_neutral_cards_are_vanilla_and_pass_the_sheets_checks() -> None:
    base = Variant.of("ghost")
    table = base.tables()["cards"]
    kinds = dict(zip(table.frame()["id"], table.frame()["kind"], strict=True))
    for card, kind in kinds.items():
        if kind == "mandatory":
            with pytest.raises(ValueError, match="mandatory event has no neutral"):
                neutral_variant(base, card)
            continue
        v = neutral_variant(base, card).tables()["cards"]
        for keep in ("physical", "mental", "vp", "shell_physical", "shell_mental", "copies"):
            assert v.cell(card, keep) == table.cell(card, keep)
        for blank in ("ability", "effect", "timing", "event_name"):
            assert v.cell(card, blank) == ""
    assert "ability" in spec("ghost").neutral_card("cards", {"kind": "ghost", "ability": "quick"})


def test_detective_events_read_hands_and_notebooks() -> None:
    g = make_game("detective")
    final = _final(g, 2)
    t = g.view(final)
    ev = detective_parts.card_events(g, final)
    events = g.catalogue.events
    placed = {str(no) for no, e in events.items() if e.kind == "placed"}
    assert len(placed) == 44 and "45" not in placed  # 44 placed events, 16 one-shots
    for seat, e in ev.items():
        assert set(e["owned"]) == placed
        assert set(e["played"]) == {str(n) for n in t.notebooks[seat]} & placed
        assert set(e["drawn"]) == {str(n) for n in (*t.hands[seat], *t.notebooks[seat])} & placed
    assert sum(len(e["played"]) for e in ev.values()) > 0


def test_detective_neutral_events_keep_kind_cost_and_vp() -> None:
    base = Variant.of("detective")
    table = base.tables()["events"]
    for card in table.frame()["no"].cast(str):
        v = neutral_variant(base, card).tables()["events"]
        for keep in ("kind", "cost", "vp"):
            assert v.cell(card, keep) == table.cell(card, keep)
        assert (v.cell(card, "effects"), v.cell(card, "discount")) == ("", "0")
    with pytest.raises(ValueError, match="act on everyone"):
        detective_parts.neutral_card("people", {"id": "genichiro"})


@pytest.mark.parametrize(("game", "cards"), [("ghost", ["G19", "S01"]), ("detective", ["1", "8"])])
def test_the_report_gives_every_column(game: str, cards: list[str]) -> None:
    """Drawn, not drawn, IWD, played and the causal column (with per-question effects)."""
    r = card_report(game, "greedy", games=16, seed=3, cards=cards, question_games=4)
    for row in r.table.iter_rows(named=True):
        assert row["owned"] == 16 * 4  # every seat of every game owns it (a shared pile)
        assert row["n_drawn"] + row["n_not_drawn"] == row["owned"]
        assert not math.isnan(row["iwd"]) and row["neutral"] == ""
        assert row["effect_pairs"] == row["n_drawn"] > 0
        assert row["effect_low"] <= row["effect"] <= row["effect_high"]
        asked = {q["measure"]: q for q in row["questions"]}
        assert "seat 1 wins" in asked if game == "ghost" else asked
        assert all(q["pairs"] == 4 and q["low"] <= q["effect"] <= q["high"] for q in asked.values())
