"""Every subcommand and every option of ``workbench`` says what it is for in --help."""

from __future__ import annotations

import argparse
import re

import pytest

from workbench.cli import COMMANDS, build_parser, main
from workbench.registry import game_names, shown_game_names, spec


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_option_has_help(command: str) -> None:
    parser = _subparsers()[command]
    missing = [
        a.option_strings[0] if a.option_strings else a.dest
        for a in parser._actions
        if not isinstance(a, argparse._HelpAction) and not (a.help or "").strip()
    ]
    assert missing == [], f"workbench {command}: no help text for {missing}"


def test_game_choices_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("app", "play"):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0
        text = " ".join(capsys.readouterr().out.split())
        assert all(name in text for name in shown_game_names()), (command, text)
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "build/reports/" in text and "build/<name>.html" in text


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_test_games_stay_out_of_every_help(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fixtures = [g for g in game_names() if spec(g).test_game]
    assert "peek" in fixtures
    with pytest.raises(SystemExit):
        main([command, "--help"])
    words = set(re.findall(r"[a-z_]+", capsys.readouterr().out))
    assert not words & set(fixtures), (command, words & set(fixtures))
