"""`make bench` as the README promises it (issue 39, item 13): every bench script runs without
arguments, the quick set names only benches, and a run counts as done when the bench ran (a
missed goal printed is not a failure; a traceback, a usage error or a timeout is)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_runner", ROOT / "scripts" / "bench.py")
assert _spec is not None and _spec.loader is not None
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


def _required_positionals(path: Path) -> list[str]:
    """Positional arguments a bench's argparse requires (no nargs ?/* and no default)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "add_argument"):
            continue
        first = node.args[0] if node.args else None
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        nargs = keywords.get("nargs")
        optional = isinstance(nargs, ast.Constant) and nargs.value in ("?", "*")
        if not first.value.startswith("-") and not optional and "default" not in keywords:
            found.append(first.value)
    return found


def test_every_bench_runs_without_arguments() -> None:
    scripts = runner.benchmarks([])
    assert len(scripts) >= 10
    assert {p.name: _required_positionals(p) for p in scripts if _required_positionals(p)} == {}


def test_the_quick_set_names_only_benches() -> None:
    """Each name of QUICK is a bench (a bench it does not name runs with its own defaults)."""
    names = {p.stem for p in runner.benchmarks([])}
    assert set(runner.QUICK) <= names and len(runner.QUICK) >= 15


def test_a_missed_goal_is_not_a_failure_but_a_crash_is() -> None:
    assert runner.verdict(0, "all goals met", 60) == (True, "ran")
    assert runner.verdict(1, "wall 21 s (goal 20 s): missed", 60) == (True, "ran, a goal missed")
    assert runner.verdict(1, "Traceback (most recent call last):\n  ...", 60)[0] is False
    assert runner.verdict(2, "usage: paired_strength.py [-h] game", 60) == (False, "exit 2")
    assert runner.verdict(None, "", 60) == (False, "stopped after 60 s")


def test_the_runner_exits_0_when_every_bench_ran(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "slowish.py").write_text(
        "print('rate 90 games a second (goal 100): missed')\nraise SystemExit(1)\n"
    )
    (tmp_path / "bench" / "fine.py").write_text("print('took 0.1 s (goal under 1 s)')\n")
    monkeypatch.setattr(runner, "ROOT", tmp_path)
    assert runner.main(["--limit", "60"]) == 0
    out = capsys.readouterr().out
    assert "2 of 2 benches ran in" in out and "s CPU (load" in out
    assert "    rate 90 games a second (goal 100): missed" in out  # the figure beside its goal
    (tmp_path / "bench" / "broken.py").write_text("raise ValueError('a bug')\n")
    assert runner.main(["--limit", "60"]) == 1
    assert "did not run: broken" in capsys.readouterr().out
