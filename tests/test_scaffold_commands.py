"""A game made by ``workbench new`` reaches every command through its spec alone: put on
``sys.path`` and registered in-process (no pip install), then check, play, compare, print
and the playtest, app and new helps, each in-process through ``workbench.cli.main``."""

from __future__ import annotations

import importlib
import json
import sys

import pytest

from workbench import registry
from workbench.cli import main
from workbench.scaffold import new_game


@pytest.fixture(scope="module")
def brewed(tmp_path_factory):
    """A new game 'stew' in a temporary folder, importable and registered in this process."""
    project = new_game("stew", tmp_path_factory.mktemp("scaffold"))
    sys.path.insert(0, str(project))
    registry.register(importlib.import_module("stew").SPEC)
    try:
        yield project
    finally:
        registry.unregister("stew")
        sys.path.remove(str(project))
        for mod in [m for m in sys.modules if m == "stew" or m.startswith("stew.")]:
            del sys.modules[mod]


def test_its_spec_declares_what_the_scaffold_writes(brewed):
    spec = registry.spec("stew")
    assert spec.data_folder() == brewed / "stew"
    assert spec.make_game().version == spec.version == "1"
    assert [f.name for f in spec.players] == ["cautious"]
    for part in ("sheets", "render", "board", "questions", "print_layout", "parameters"):
        assert spec.has(part), part
    assert not spec.has("whatif") and not spec.has("chance_drawing")


def test_check_reads_its_sheet_and_finds_a_bad_cell(brewed, tmp_path, capsys):
    sheet = brewed / "stew" / "cards.csv"
    assert main(["check", str(sheet), "--json"]) == 0
    capsys.readouterr()
    bad = tmp_path / "stew" / "cards.csv"
    bad.parent.mkdir()
    bad.write_text(sheet.read_text().replace("one,One,1,4", "one,One,x,4"), encoding="utf-8")
    assert main(["check", str(bad), "--game", "stew", "--json"]) == 1
    problems = json.loads(capsys.readouterr().out)
    assert any(p["column"] == "points" and p["row"] == 2 for p in problems), problems


def test_play_with_its_own_player_family(brewed, capsys):
    argv = ["play", "stew", "--players", "cautious:3,random", "--games", "30", "--seed", "1"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 30
    assert main(["play", "stew", "--players", "bold,random", "--games", "2"]) == 2
    assert "stew's own: cautious:N" in capsys.readouterr().err


def test_compare_a_sheet_variant_on_the_same_deals(brewed, tmp_path, capsys):
    variant = tmp_path / "variant" / "cards.csv"
    variant.parent.mkdir()
    text = (brewed / "stew" / "cards.csv").read_text().replace("four,Four,4,1", "four,Four,4,3")
    variant.write_text(text, encoding="utf-8")
    argv = ["compare", "stew", "--variant", str(variant), "--players", "cautious,random"]
    assert main([*argv, "--games", "20", "--seed", "1", "--no-cache", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "stew" and len(out["questions"]) >= 2


def test_print_and_the_helps(brewed, tmp_path, capsys):
    assert main(["print", "stew", "--out", str(tmp_path / "stew.pdf")]) == 0
    assert (tmp_path / "stew.pdf").stat().st_size > 1000
    for command in ("playtest", "app", "check", "play", "compare", "print"):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0, command
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "stew: cautious:N" in " ".join(capsys.readouterr().out.split())


def test_a_part_it_lacks_is_refused_in_one_line(brewed, capsys):
    from dataclasses import replace

    registry.register(replace(registry.spec("stew"), questions=None))
    try:
        assert main(["compare", "stew", "--variant", str(brewed / "stew" / "cards.csv")]) == 2
    finally:
        registry.register(importlib.import_module("stew").SPEC)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stew declares no questions (GameSpec.questions)" in err
