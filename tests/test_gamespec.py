"""Every game is one declared GameSpec: each part it declares is checked against the contract
(``workbench/spec.py``, ``docs/your-game.md``): the registered games (the workbench's, Pig),
the conformance toys and the spec helpers' refusals."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from workbench.cards.components import Expectation
from workbench.cards.registry import sheet_files, sheet_source
from workbench.cards.schema import Schema
from workbench.engine.conformance import kernel_toy, toy
from workbench.engine.kernel.seat import SeatView
from workbench.engine.measure.sheet_figures import SheetFigure
from workbench.engine.measure.skilled import Question
from workbench.engine.players.specs import player_from_spec
from workbench.registry import game_names, spec
from workbench.spec import (
    PARTS,
    DataFolder,
    GameSpec,
    GameType,
    MissingPart,
    PlayerFamily,
    Ref,
    Sheets,
    WhatIfExample,
)

ROOT = Path(__file__).resolve().parents[1]
TOYS = (toy.TAKEAWAY_SPEC, toy.DICERACE_SPEC, kernel_toy.SPEC)
SPECS = {s.name: s for s in (*(spec(n) for n in game_names()), *TOYS)}


def test_the_walk_covers_every_game_we_ship():
    assert {"ghost", "detective", "mugen", "life", "peek", "takeaway", "two_tricks"} <= set(SPECS)
    assert all(isinstance(s, GameSpec) for s in SPECS.values())


@pytest.mark.parametrize("name", sorted(SPECS))
def test_required_parts(name):
    s = SPECS[name]
    assert s.name == name and s.title and isinstance(s.version, str)
    assert isinstance(s.game_type, GameType)
    game = s.make_game()
    assert str(game.version) == s.version, (  # the version replays record is the declared one
        f"{name}: the rules say version {game.version}, its GameSpec {s.version}: declare it "
        "once, in the spec, and let the rules read it (version = SPEC.version)"
    )
    assert game.num_players in s.seats
    assert game.min_players == s.game_type.min_seats or name in ("takeaway", "two_tricks")
    assert game.max_players == s.game_type.max_seats or name in ("takeaway", "two_tricks")
    if s.game_type.information == "perfect":
        assert game.observe(game.initial_state(), 0) is not None


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_declared_part_has_its_documented_type(name):
    s = SPECS[name]
    game = s.make_game()
    state = game.initial_state()
    if s.sheets is not None:
        assert isinstance(s.sheets, Sheets) and s.sheets.stems
        schemas = s.sheets.schemas({})
        assert isinstance(schemas, Mapping) and set(schemas) == set(s.sheets.stems)
        assert all(isinstance(v, Schema) for v in schemas.values())
        source = sheet_source(name)
        assert set(source.sheets) == set(s.sheets.stems)
        params = s.sheets.read(source)
        assert isinstance(params, Mapping)
        assert s.make_game({}, source).num_players == game.num_players
    if s.data is not None:
        assert isinstance(s.data, DataFolder) and s.data_folder().is_dir()
        if s.sheets is not None:
            assert set(sheet_files(name, s.data_folder())) == set(s.sheets.stems)
    for family in s.players:
        assert isinstance(family, PlayerFamily) and family.usage
        player = family.make(None)
        assert callable(player)
        assert player_from_spec(family.name, name) is not None
    if s.render is not None:
        assert isinstance(s.render(game, state), str)
        assert isinstance(s.render(game, state, viewer=0, picks=()), str)  # the one shape
        assert isinstance(s.render(game, state, viewer=None, picks=()), str)
    if s.board is not None:
        from workbench.ui.board import BoardView

        view = s.board(seed=1)
        assert isinstance(view, BoardView) and view.widget is not None
    if s.chance_drawing is not None:
        assert callable(s.chance_drawing.load())
    if s.questions is not None:
        qs = s.questions()
        assert qs and all(isinstance(q, Question) for q in qs)
    if s.sheet_figures is not None:
        figures = s.sheet_figures.load()
        assert figures and all(isinstance(f, SheetFigure) for f in figures)
        assert {sheet for f in figures for sheet in f.reads} <= set(s.sheets.stems)
    if s.components is not None:
        stated = s.components.load()
        assert isinstance(stated, Sequence) and all(isinstance(e, Expectation) for e in stated)
        assert {e.sheet.partition("#")[0] for e in stated} <= set(s.sheets.stems)
    for hook in (s.extra_findings, s.deck_warnings, s.card_events, s.neutral_card):
        if hook is not None:
            assert callable(hook.load() if isinstance(hook, Ref) else hook)
    if s.print_layout is not None:
        assert (s.data_folder() / s.print_layout).is_file()
    if s.whatif is not None:
        example = s.whatif.load()
        assert isinstance(example, WhatIfExample) and example.pairs > 0
        assert example.variant().game == name
    if s.parameters is not None:
        cls = s.parameters.load()
        assert dataclasses.is_dataclass(cls) and isinstance(game.params, cls)
    if s.comparable:
        assert set(s.comparable) <= {f.name for f in dataclasses.fields(s.parameters.load())}
    assert isinstance(s.test_game, bool)
    assert isinstance(s.seat_word, str) and s.seat_word[:1].isupper()


def test_each_declared_player_family_plays_a_legal_move():
    for s in SPECS.values():
        for family in s.players:
            if family.name == "optimal":
                continue  # solves the whole game first (about a minute): tests/pig does it
            game = s.make_game()
            state = game.initial_state()
            while game.current_player(state) < 0 and not game.is_terminal(state):
                outcomes = game.chance_outcomes(state).outcomes()
                state = game.apply(state, outcomes[0])
            seat = game.current_player(state)
            choice = family.make(None)(SeatView(game, seat, state), random.Random(1))
            assert choice in game.legal_ids(state), (s.name, family.name)


def test_a_missing_part_is_refused_naming_what_it_unlocks():
    with pytest.raises(MissingPart, match=r"^peek declares no board \(GameSpec.board\), which "):
        spec("peek").require("board", for_="workbench app")
    with pytest.raises(ValueError, match="not an optional part"):
        spec("peek").require("colour", for_="x")
    assert set(PARTS) >= {"sheets", "players", "render", "board", "questions", "whatif"}
    assert spec("ghost").require("questions", for_="compare") is spec("ghost").questions


def test_bad_declarations_are_one_line():
    kind = GameType("perfect", "explicit", 2, 2, "win-loss")
    with pytest.raises(ValueError, match="game name 'My Game'"):
        GameSpec("My Game", "t", "1", kind, dict)
    with pytest.raises(ValueError, match="version must be non-empty text"):
        GameSpec("g", "t", "", kind, dict)
    with pytest.raises(ValueError, match="GameType utility must be one of"):
        GameType("perfect", "explicit", 2, 2, "fun")
    with pytest.raises(ValueError, match="player family name"):
        PlayerFamily("Hold", dict)
    with pytest.raises(ImportError, match="module workbench.spec has no 'Nope'"):
        Ref("workbench.spec:Nope").load()


PART_NAMES = frozenset(
    {
        "player_for",
        "PLAYERS",
        "PLAYER_SPECS",
        "greedy_player",
        "greedy",
        "schemas",
        "SCHEMAS",
        "SCHEMA",
        "COMPONENTS",
        "extra_findings",
        "deck_warnings",
        "sheet_params",
        "FIGURES",
        "figures",
        "questions",
        "chance_drawing",
        "make_board",
        "board",
        "render",
        "TEST_GAME",
        "worked_example",
        "ORDER",
    }
)
"""The names the core used to probe a game's modules for (issue 34)."""


def _probes(paths: Sequence[Path]) -> list[str]:
    """``getattr``/``hasattr`` of a game-part name, and ``game_module`` calls, in ``paths``."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id in ("getattr", "hasattr") and len(node.args) >= 2:
                name = node.args[1]
                if isinstance(name, ast.Constant) and name.value in PART_NAMES:
                    found.append(f"{path.name}:{node.lineno} {name.value}")
            if node.func.id == "game_module":
                found.append(f"{path.name}:{node.lineno} game_module")
    return found


@pytest.mark.parametrize("folder", ["engine", "cards", "share", "cli"])
def test_no_part_is_found_by_guessing(folder, tmp_path):
    assert _probes(sorted((ROOT / "workbench" / folder).rglob("*.py"))) == []
    probe = tmp_path / "probe.py"  # the check sees a probe where there is one
    probe.write_text("hook = getattr(module, 'PLAYERS', None) or game_module(g, 'cards')\n")
    assert _probes([probe]) == ["probe.py:1 PLAYERS", "probe.py:1 game_module"]


def test_players_are_told_apart_by_their_family_not_their_signature():
    text = (ROOT / "workbench" / "engine" / "players" / "specs.py").read_text(encoding="utf-8")
    assert "inspect" not in text and "getattr(" not in text


def test_the_contract_table_lists_every_part_the_code_has():
    """``docs/your-game.md`` describes the same shape as the code: one row per GameSpec field."""
    table = (ROOT / "docs" / "your-game.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip().strip("`") for line in table.splitlines() if line[:3] == "| `"
    }
    fields = {f.name for f in dataclasses.fields(GameSpec)}
    assert fields <= rows, sorted(fields - rows)
    assert set(PARTS) <= fields


def test_a_rules_version_is_written_once_in_the_spec():
    """Issue 34: a game's rules read their version from the package's SPEC (one source);
    no rules module of the house games, Pig or the designer-game fixture writes its own
    version string beside it (the equality test above cannot tell two equal literals from
    one source)."""
    files = [
        *sorted((ROOT / "workbench" / "games").glob("*/rules.py")),
        ROOT / "examples" / "pig" / "pig" / "rules.py",
        ROOT / "tests" / "designer_game" / "rules.py",
    ]
    read_from_spec = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
                    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                        target = stmt.targets[0]
                    if isinstance(target, ast.Name) and target.id == "version":
                        value = stmt.value
                        assert not isinstance(value, ast.Constant), (
                            f"{path}: version {value.value!r}"
                        )
                        assert ast.unparse(value) == "SPEC.version", f"{path}: {ast.unparse(value)}"
                        read_from_spec.append(path.parent.name)
    assert {"ghost", "life", "mugen", "detective", "pig"} <= set(read_from_spec)
