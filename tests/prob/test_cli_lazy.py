"""The command line imports only the subcommand asked for (issue 18)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from workbench import cli


def _full_choices() -> dict[str, str]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return {c.dest: c.help for c in sub._choices_actions}  # type: ignore[attr-defined]


def test_command_table_matches_the_modules():
    """COMMANDS lists every subcommand a module registers, with its module and help."""
    full = _full_choices()
    assert {name: text for name, (_, text) in cli.COMMANDS.items()} == full
    for name, (module, _) in cli.COMMANDS.items():
        lazy = cli.build_parser(name)
        sub = next(a for a in lazy._actions if a.dest == "command")
        assert set(sub.choices) == set(full)
        # the placeholder of another module's command takes no arguments: the real one does
        real = {a.dest for a in sub.choices[name]._actions}
        assert real >= {"help"}, (name, module)


@pytest.mark.parametrize(
    "argv",
    [["dice", "3D+2", "--json"], ["versus", "3D", "3D", "--json"],
     ["draws", "--deck", "40", "--copies", "3", "--seen", "7", "--json"],
     ["copies-needed", "--deck", "40", "--seen", "7", "--target", "0.5", "--json"],
     ["round", "--deck", "A:2,T:1", "--stop", "T", "--json"]],
)
def test_light_commands_import_only_their_module(argv):
    code = (
        "import sys; from workbench.cli import main; rc = main(sys.argv[1:]); "
        "heavy = sorted(m for m in ('workbench.cards', 'workbench.cli.check_cmd',"
        " 'workbench.cli.share_cmd') if m in sys.modules); "
        "print(heavy, file=sys.stderr); sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "[]", done.stderr


def test_help_and_unknown_command_list_every_subcommand(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["nonsense"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert all(name in err for name in cli.COMMANDS)
