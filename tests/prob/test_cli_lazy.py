"""The command line imports only the subcommand asked for (issue 18)."""

from __future__ import annotations

import json
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
    [
        ["dice", "3D+2", "--json"],
        ["dice", "2d6"],
        ["versus", "3D", "3D", "--json"],
        ["versus", "3D+2,1D", "3D", "--faces", "0,1,2,3,4,5", "--fumble", "zero"],
        ["draws", "--deck", "40", "--copies", "3", "--seen", "7", "--json"],
        ["copies-needed", "--deck", "40", "--seen", "7", "--target", "0.5", "--json"],
        ["draws", "--deck", "40", "--copies", "3", "--turn", "2"],
        ["round", "--deck", "A:2,T:1", "--stop", "T", "--json"],
        ["round", "--deck", "A:2,B:1,T:1", "--stop", "T", "--opening", "1"],
    ],
)
def test_light_commands_import_neither_sympy_nor_polars(argv):
    """Only the module asked for, and no sympy, polars or numpy on these paths (issue 18)."""
    code = (
        "import sys; from workbench.cli import main; rc = main(sys.argv[1:]); "
        "heavy = sorted(m for m in ('sympy', 'polars', 'numpy', 'workbench.cards',"
        " 'workbench.cli.check_cmd', 'workbench.cli.share_cmd') if m in sys.modules); "
        "print(heavy, file=sys.stderr); sys.exit(rc)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "[]", done.stderr


def test_help_and_unknown_command_list_every_subcommand(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["nonsense"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert all(name in err for name in cli.COMMANDS)


@pytest.mark.parametrize(
    ("deck", "stop", "extra"),
    [
        ("A:2,B:1,C:1,T:1", "T", []),
        ("A:3,B:2,T:1", "T", ["--opening", "2"]),
        ("A:1,T:1", "T", ["--stop-first", "end"]),
        ("A:2,B:2,T:1", "T", ["--opening", "1", "--opening-stop", "bottom"]),
    ],
)
def test_round_json_matches_the_sympy_api(capsys, deck, stop, extra):
    """The Fraction path prints what str() of the public sympy values prints."""
    from workbench.cli.deck_cmd import parse_round_deck
    from workbench.prob.ordered import RoundRules, round_odds

    assert cli.main(["round", "--deck", deck, "--stop", stop, *extra, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    args = dict(zip(extra[::2], extra[1::2]))
    rules = RoundRules(
        args.get("--stop-first", "bottom"),
        int(args.get("--opening", 0)),
        args.get("--opening-stop", "reshuffle"),
    )
    odds = round_odds(parse_round_deck(deck), stop, rules)
    assert got == {
        "length": {str(n): str(p) for n, p in odds.length.pmf().items()},
        "death": {("none" if w is None else w): str(p) for w, p in odds.death.items()},
        "expected_length": str(odds.expected_length),
        "no_action": str(odds.acting.p(0)),
    }


@pytest.mark.parametrize("seen", [0, 1, 7, 40])
def test_draws_and_copies_json_match_the_sympy_api(capsys, seen):
    from workbench.prob.deck import DrawSchedule, copies_needed, p_by_turn, p_draw

    cli.main(["draws", "--deck", "40", "--copies", "4", "--seen", str(seen), "--json"])
    assert json.loads(capsys.readouterr().out) == {"probability": str(p_draw(40, 4, seen))}
    cli.main(
        ["draws", "--deck", "40", "--copies", "4", "--turn", "3", "--going", "second", "--json"]
    )
    want = p_by_turn(40, 4, 3, DrawSchedule(4))
    assert json.loads(capsys.readouterr().out) == {"probability": str(want)}
    if seen:
        cli.main(
            ["copies-needed", "--deck", "40", "--seen", str(seen), "--target", "0.5", "--json"]
        )
        found = copies_needed(40, seen, "1/2")
        assert json.loads(capsys.readouterr().out) == {
            "copies": found.copies,
            "probability": str(found.probability),
        }


@pytest.mark.parametrize("text", ["3D+2", "1D-3", "2d6+1d8", "10D", "0D+4"])
@pytest.mark.parametrize(
    "extra", [[], ["--faces", "0,1,2,3,4,5", "--fumble", "zero"], ["--floor", "0"]]
)
def test_dice_json_matches_the_sympy_api(capsys, text, extra):
    from workbench.prob.notation import parse_dice

    cli.main(["dice", text, *extra, "--json"])
    got = json.loads(capsys.readouterr().out)
    args = dict(zip(extra[::2], extra[1::2]))
    faces = tuple(int(f) for f in args.get("--faces", "1,2,3,4,5,6").split(","))
    floor = int(args["--floor"]) if "--floor" in args else None
    dist = parse_dice(text, faces=faces).dist(floor=floor, fumble=args.get("--fumble"))
    assert got == {
        "mean": str(dist.mean()),
        "variance": str(dist.variance()),
        "distribution": {str(o): str(p) for o, p in dist.pmf().items()},
    }
