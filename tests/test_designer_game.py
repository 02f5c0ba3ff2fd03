"""A designer's own game, end to end (issue 34, "Done when"): written from the scaffold
(``workbench new``) and the contract alone, not one of the repository's games, with a
hidden set-aside card and "lowest score wins" declared, registered in this process.

*Low Card*: one card set aside face down, each seat dealt one secret card, each keeps it
or swaps it for the top of the deck, the lowest card wins. The test edits the scaffold as
a designer would (rules, render, players, board and the spec's declarations), then asks
the workbench what a designer asks: compare (a sheet variant and ``--set`` variants), the
board (a click), the analysis panel (1-based "Player N"), print, a playtest where the
seats that wait see their own table, and the solver's refusal and its policy answer.
"""

from __future__ import annotations

import importlib
import itertools
import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from workbench.cli import main
from workbench.registry import register, spec, unregister

NAME = "lowcard"
HERE = Path(__file__).with_name("designer_game")
"""The designer's files (rules, render, players, board) copied over the scaffold's."""

# the designer's edits to the scaffold's __init__.py: (what the scaffold writes, the edit)
SPEC_EDITS = (
    ('information="perfect",', 'information="imperfect",'),
    ('scoring="highest",', 'scoring="lowest",'),
    (
        'PlayerFamily("cautious", _here("players:cautious"), "cautious:N", "stops at N points"),',
        'PlayerFamily("low", _here("players:low"), "low:N", "keeps at N points or fewer"),',
    ),
    (
        'parameters=_here("rules:Params"),',
        'parameters=_here("rules:Params"),\n    comparable=("rounds", "base_points"),',
    ),
)
CARDS = {"one": (1, 4), "two": (2, 3), "three": (3, 2), "four": (4, 1)}
"""The scaffold's sheet, kept: id -> (points, copies)."""


def _forget() -> None:
    for mod in [m for m in sys.modules if m == NAME or m.startswith(NAME + ".")]:
        del sys.modules[mod]
    importlib.invalidate_caches()


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    from workbench.scaffold import new_game

    project = new_game(NAME, tmp_path_factory.mktemp("designer"))
    package = project / NAME
    for part in ("rules.py", "render.py", "players.py", "board.py"):
        (package / part).write_text((HERE / part).read_text(encoding="utf-8"), encoding="utf-8")
    init = (package / "__init__.py").read_text(encoding="utf-8")
    for old, new in SPEC_EDITS:
        assert init.count(old) == 1, f"the scaffold's __init__.py no longer writes {old}"
        init = init.replace(old, new)
    (package / "__init__.py").write_text(init, encoding="utf-8")
    _forget()
    sys.path.insert(0, str(project))
    try:
        module = importlib.import_module(NAME)
        register(module.SPEC)
        yield module
    finally:
        unregister(NAME)
        sys.path.remove(str(project))
        _forget()


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code = main(list(argv))
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)


def _measure(out: dict, name: str) -> dict:
    return next(q for q in out["questions"] if q["question"] == name)


def test_the_spec_declares_what_the_designer_wrote(game) -> None:
    s = spec(NAME)
    assert s is game.SPEC and s.game_type.scoring == "lowest"
    assert s.game_type.information == "imperfect" and s.comparable == ("rounds", "base_points")
    assert s.data_folder() == Path(game.__file__).parent  # its sheets, found from its package


def test_the_lowest_score_wins_as_declared(game) -> None:
    g = spec(NAME).make_game({"players": 2})
    s = g.initial_state()
    for card in ("four", "one", "two", "keep", "keep"):  # aside, deal seat 1, seat 2, turns
        s = g.apply(s, card)
    assert g.returns(s) == (1.0, 2.0)
    assert g.winners(s) == (0,)  # one point beats two: the lowest score wins


# -- compare: a sheet variant and --set variants, paired on the same deals -------------

COMPARE = ("compare", NAME, "--players", "low", "--games", "40", "--seed", "3", "--json")


def test_compare_a_setting_that_cannot_change_an_answer(capsys, game, tmp_path, monkeypatch):
    """base_points adds the same points to every hand: nobody's rank, nor the game's
    length, can change, so every measure is the same on every pair."""
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    out = _run(capsys, *COMPARE, "--set", "base_points=5")
    assert out["set"] == {"base_points": 5}
    assert all(q["difference"] == 0 for q in out["questions"])
    assert _measure(out, "decisions per game")["interval"] == [0.0, 0.0]


def test_compare_a_setting_that_must_change_the_length(capsys, game, tmp_path, monkeypatch):
    """Two rounds instead of one: every seat decides twice, 3 decisions a game become 6."""
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    out = _run(capsys, *COMPARE, "--set", "rounds=2")
    length = _measure(out, "decisions per game")
    assert (length["base"], length["variant"], length["difference"]) == (3.0, 6.0, 3.0)
    assert length["interval"] == [3.0, 3.0]
    assert main([*COMPARE, "--set", "players=4"]) == 2
    assert capsys.readouterr().err.strip() == (
        "workbench compare: --set players=4: lowcard does not declare players comparable "
        "(GameSpec.comparable: rounds, base_points)"
    )


def test_compare_a_sheet_variant(capsys, game, tmp_path, monkeypatch):
    """The four made worth 0 points (the best card): a variant saved from the designer's
    sheet, compared on the same deals. A hand holding it now wins where it lost."""
    from workbench.cards.variants import Variant

    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path))
    variant = Variant.of(NAME, name="cheap-four").set("cards", "four", "points", "0")
    saved = variant.save(tmp_path / "cheap-four")
    out = _run(capsys, *COMPARE, "--variant", str(saved))
    assert _measure(out, "decisions per game")["difference"] == 0  # one decision a seat
    seats = [_measure(out, f"seat {i} wins") for i in (1, 2, 3)]
    nobody = _measure(out, "no single winner")
    for side in ("base", "variant"):  # the win rates and the shared wins add up to 1
        assert sum(q[side] for q in seats) + nobody[side] == pytest.approx(1.0)
    # seed 3, 40 pairs: the first seat's wins rise and the shared wins fall, beyond chance
    assert (seats[0]["base"], seats[0]["variant"]) == (0.1, 0.35) and seats[0]["interval"][0] > 0
    assert (nobody["base"], nobody["variant"]) == (0.5, 0.2) and nobody["interval"][1] < 0


# -- the board, the analysis panel, print, the playtest, the solver ----------------------


def test_the_board_takes_a_click_and_the_panel_names_players_from_1(game) -> None:
    board = spec(NAME).board(seed=1)
    s = board.session
    assert s.to_move == 0 and [a.id for a in s.legal_actions()] == ["keep", "swap"]
    board.analysis.budget_field.value = "40"
    board.analysis.analyse()
    html = board.analysis.table.value
    assert "Player 1 keeps" in html and "Player 1 swaps" in html  # seat 0's own moves
    assert "Player 2 keeps" not in html
    assert board.click_action("keep")
    assert s.actions[-1] == "keep" and s.to_move == 1
    assert s.log[-1].endswith("Player 1 keeps")


def test_print_and_play(game, tmp_path) -> None:
    pdf = tmp_path / "lowcard.pdf"
    assert main(["print", NAME, "--out", str(pdf)]) == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_a_playtest_shows_each_waiting_seat_its_own_table(game) -> None:
    from workbench.engine.play.playtest import Playtest
    from workbench.share.playtest_server import seat_page

    p = Playtest(spec(NAME).make_game({"players": 3}), [None, None, None], seed=5)
    hands = p.session.state.hands
    assert p.session.to_move == 0
    cards = {c.id: c.name for c in game.cards.load_cards()}
    for seat in (1, 2):  # waiting: each sees its own card, no other
        view = seat_page(p, seat)
        assert not view["mine"] and view["buttons"] == []
        shown = [f"Player {i + 1}: {cards[h[0]]}" in view["picture"] for i, h in enumerate(hands)]
        assert shown == [i == seat for i in range(3)]
        assert "set aside: ▒" in view["picture"]  # nobody sees the set-aside card
    mover = seat_page(p, 0)
    assert mover["mine"] and [b["label"] for b in mover["buttons"]] == [
        "Player 1 keeps",
        "Player 1 swaps",
    ]


def _first_seat_share(keeps_at: int) -> Fraction:
    """Seat 1's share of the wins at two seats, seat 1 playing low:N and seat 2 keeping
    whatever it holds, by brute force over every order of the deck's first four cards
    (the set-aside card, the two deals, the card a swap draws)."""
    points = [p for p, copies in CARDS.values() for _ in range(copies)]
    orders = list(itertools.permutations(range(len(points)), 4))
    total = Fraction(0)
    for _aside, first, second, top in orders:
        mine = points[first] if points[first] <= keeps_at else points[top]
        theirs = points[second]
        total += 1 if mine < theirs else Fraction(1, 2) if mine == theirs else 0
    return total / len(orders)


def test_the_solver_refuses_hidden_hands_and_evaluates_a_line_up(game) -> None:
    from workbench.engine.solve.solver import NotSolvable, evaluate, solve

    g = spec(NAME).make_game({"players": 2})
    with pytest.raises(NotSolvable) as refused:
        solve(g)
    assert str(refused.value).startswith("lowcard: seat 0 cannot see the whole state")
    assert "\n" not in str(refused.value)
    # a line-up of policies that read only their own card is valued exactly with open hands
    low = importlib.import_module(f"{NAME}.players").low  # the package does not import it
    keep = evaluate(g, [low("4"), low("4")], open_hands=True)
    assert tuple(keep.exact_value) == (Fraction(1, 2), Fraction(1, 2))  # symmetric
    swap = evaluate(g, [low("1"), low("4")], open_hands=True)
    assert swap.exact_value[0] == _first_seat_share(1) == Fraction(19, 30)
