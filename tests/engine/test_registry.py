"""The game registry: entry points (the workbench's and another distribution's) and register()."""

from __future__ import annotations

import sys
from importlib.metadata import entry_points

import pytest

from workbench.engine.kernel import registry
from workbench.engine.kernel.registry import (
    GROUP,
    UnknownGame,
    game_module,
    game_names,
    game_package,
    make_game,
    register,
    unregister,
)

SEED_GAMES = ("ghost", "detective", "mugen", "life")


def test_the_seed_games_come_first_in_their_order():
    assert GROUP == "workbench.games"
    assert game_names()[:4] == SEED_GAMES
    declared = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    for name in SEED_GAMES:
        assert declared[name] == game_package(name) == f"workbench.games.{name}"


def test_unknown_names_say_which_games_exist():
    with pytest.raises(
        UnknownGame, match=r"^unknown game 'chess'; known: ghost, detective, mugen, life"
    ):
        game_module("chess")
    assert issubclass(UnknownGame, ValueError)
    with pytest.raises(UnknownGame):
        game_package(["ghost"])  # type: ignore[arg-type]


def test_make_game_passes_parameters_to_the_rules():
    assert make_game("life", players=3).params.players == 3
    assert game_module("life", "cards").__name__ == "workbench.games.life.cards"
    with pytest.raises(ModuleNotFoundError):
        game_module("life", "no_such_part")


@pytest.fixture
def outside_package(tmp_path, monkeypatch):
    """A package ``tinygame`` outside workbench: rules.make_game returns its params."""
    pkg = tmp_path / "tinygame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "rules.py").write_text(
        "def make_game(**params):\n    return ('tiny', params)\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("tinygame.rules", None)
    sys.modules.pop("tinygame", None)


def test_register_adds_a_game_and_a_later_registration_wins(outside_package):
    register("tiny", "tinygame")
    try:
        assert game_names()[:4] == SEED_GAMES and "tiny" in game_names()
        assert make_game("tiny", size=3) == ("tiny", {"size": 3})
        register("tiny", "elsewhere.tiny")
        assert game_package("tiny") == "elsewhere.tiny"
        register("ghost", "tinygame")  # a designer's own ghost replaces the seed game
        assert make_game("ghost") == ("tiny", {}) and game_names()[:4] == SEED_GAMES
    finally:
        unregister("tiny")
        unregister("ghost")
    assert "tiny" not in game_names() and game_package("ghost") == "workbench.games.ghost"


@pytest.mark.parametrize(
    "name, package", [("Bad Name", "x"), ("", "x"), ("ok", "not a path"), ("ok", "")]
)
def test_register_refuses_bad_names(name, package):
    with pytest.raises(ValueError, match="game name|package"):
        register(name, package)
    assert name not in game_names()


def test_another_distribution_joins_through_the_entry_point_group(outside_package):
    """An installed package (a dist-info on sys.path) with a workbench.games entry point."""
    info = outside_package / "tinygame-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: tinygame\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[{GROUP}]\ntiny = tinygame\naardvark = tinygame\n", encoding="utf-8"
    )
    registry.refresh()
    try:
        names = game_names()
        assert names[:4] == SEED_GAMES
        assert names.index("aardvark") < names.index("tiny")  # others sorted, after the seeds
        assert make_game("tiny", n=1) == ("tiny", {"n": 1})
    finally:
        sys.path.remove(str(outside_package))
        registry.refresh()
    assert "tiny" not in game_names()
