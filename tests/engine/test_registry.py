"""The game registry: entry points (the workbench's and another distribution's) and register()."""

from __future__ import annotations

import sys
from dataclasses import replace
from importlib.metadata import entry_points

import pytest

from workbench import registry
from workbench.registry import (
    GROUP,
    BadGame,
    UnknownGame,
    game_names,
    make_game,
    register,
    spec,
    unregister,
)
from workbench.spec import GameSpec, GameType, Ref

SEED_GAMES = ("ghost", "detective", "mugen", "life")


def test_the_seed_games_come_first_in_their_order():
    assert GROUP == "workbench.games"
    assert game_names()[:4] == SEED_GAMES
    declared = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    for name in SEED_GAMES:
        assert declared[name] == f"workbench.games.{name}"
        assert spec(name) is sys.modules[f"workbench.games.{name}"].SPEC
        assert spec(name).name == name


def test_unknown_names_say_which_games_exist():
    with pytest.raises(
        UnknownGame, match=r"^unknown game 'chess'; known: ghost, detective, mugen, life"
    ):
        spec("chess")
    assert issubclass(UnknownGame, ValueError)
    with pytest.raises(UnknownGame):
        spec(["ghost"])  # type: ignore[arg-type]


def test_make_game_passes_parameters_to_the_rules():
    assert make_game("life", players=3).params.players == 3
    assert spec("life").make_game({"players": 4}).params.players == 4


def _tiny(name: str = "tiny", target: str = "tinygame:make_game") -> GameSpec:
    return GameSpec(
        name, "Tiny", "1", GameType("perfect", "deterministic", 1, 1, "win-loss"), Ref(target)
    )


@pytest.fixture
def outside_package(tmp_path, monkeypatch):
    """A package ``tinygame`` outside workbench: make_game returns its params; SPEC declares it."""
    pkg = tmp_path / "tinygame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from workbench.spec import GameSpec, GameType, Ref\n"
        "def make_game(**params):\n    return ('tiny', params)\n"
        "SPEC = GameSpec('tiny', 'Tiny', '1', GameType('perfect', 'deterministic', 1, 1,"
        " 'win-loss'), Ref('tinygame:make_game'))\n",
        encoding="utf-8",
    )
    (pkg / "nospec.py").write_text("X = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("tinygame.nospec", None)
    sys.modules.pop("tinygame", None)


def test_register_adds_a_game_and_a_later_registration_wins(outside_package):
    register(_tiny())
    try:
        assert game_names()[:4] == SEED_GAMES and "tiny" in game_names()
        assert make_game("tiny", size=3) == ("tiny", {"size": 3})
        register(replace(_tiny(), title="Tiny again"))
        assert spec("tiny").title == "Tiny again"
        register(_tiny("ghost"))  # a designer's own ghost replaces the seed game
        assert make_game("ghost") == ("tiny", {}) and game_names()[:4] == SEED_GAMES
    finally:
        unregister("tiny")
        unregister("ghost")
    assert "tiny" not in game_names() and spec("ghost").title.startswith("何か")


@pytest.mark.parametrize("name", ["Bad Name", "", "1st", "a-b"])
def test_specs_refuse_bad_names(name):
    with pytest.raises(ValueError, match="game name"):
        _tiny(name)
    with pytest.raises(TypeError, match="register takes a GameSpec"):
        register(name)  # type: ignore[arg-type]
    assert name not in game_names()


def test_another_distribution_joins_through_the_entry_point_group(outside_package):
    """An installed package (a dist-info on sys.path) with a workbench.games entry point:
    its package's SPEC, or the spec itself (``pkg:SPEC``); a package without one, or a spec
    of another name, is one line naming the entry point."""
    info = outside_package / "tinygame-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: tinygame\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[{GROUP}]\ntiny = tinygame\naardvark = tinygame:SPEC\nbare = tinygame.nospec\n",
        encoding="utf-8",
    )
    registry.refresh()
    try:
        names = game_names()
        assert names[:4] == SEED_GAMES
        assert names.index("aardvark") < names.index("bare") < names.index("tiny")
        assert make_game("tiny", n=1) == ("tiny", {"n": 1})
        with pytest.raises(BadGame, match=r"^game 'bare': 'tinygame.nospec' exports no SPEC"):
            spec("bare")
        with pytest.raises(BadGame, match=r"^game 'aardvark': its SPEC is named 'tiny'"):
            spec("aardvark")
    finally:
        sys.path.remove(str(outside_package))
        registry.refresh()
    assert "tiny" not in game_names()
