"""Issue 34: the engine, cards, share and CLI packages read a game's parts directly, never by
``getattr(obj, "name", default)`` probing. Every optional hook is declared once where the
kernel defines the type (``Game``, ``KernelGame``, the step decorators' ``STEP_HOOKS``,
``Table``, the ``Player`` protocol, ``RecordedSession``) with its default; docs/your-game.md
lists them. The ``getattr(`` calls left read a value, not a game part: each is allowed below
with its reason, and a new one fails here until it is declared instead (or allowed with one).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from workbench.engine.kernel.kernel_game import KernelGame
from workbench.engine.kernel.protocol import Game
from workbench.engine.kernel.seat import sees_everything
from workbench.engine.kernel.steps import STEP_HOOKS, decision
from workbench.engine.kernel.table import Table

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("workbench/engine", "workbench/cards", "workbench/share", "workbench/cli")

# (file, a piece of the line): why it is not a game part
ALLOWED: dict[tuple[str, str], str] = {
    # names for labels and messages: any callable may lack __name__
    ("workbench/engine/players/basic.py", "getattr(self.score, '__name__'"): "a label",
    ("workbench/engine/players/basic.py", 'getattr(fn, "__name__"'): "a label",
    ("workbench/engine/play/session_bots.py", "getattr(p, '__name__'"): "a label",
    ("workbench/engine/runs/simulate.py", 'getattr(player, "__name__"'): "a label",
    ("workbench/engine/conformance/narration.py", 'getattr(spec, "__name__"'): "a label",
    ("workbench/cards/loader.py", 'getattr(check, "__name__"'): "a label",
    ("workbench/engine/kernel/params.py", 'getattr(hint, "__name__"'): "a type hint's name",
    # a function's identity for a cache key (a lambda or a local function has none usable)
    ("workbench/engine/runs/sweep.py", 'getattr(fn, "__module__"'): "a cache key",
    # values of declared fields, looped over the declaration
    ("workbench/engine/kernel/seen.py", "getattr(self.table, f.name)"): "declared fields",
    ("workbench/engine/play/replay.py", "getattr(params, f.name)"): "dataclass fields",
    ("workbench/engine/play/replay_sheets.py", "getattr(p, f.name)"): "dataclass fields",
    ("workbench/engine/measure/compare_settings.py", "getattr(checked, key)"): "checked keys",
    ("workbench/cli/compare_cmd.py", "getattr(args, name)"): "argparse options it declares",
    # the kernel reading declarations where it makes them
    ("workbench/engine/kernel/fields.py", 'getattr(cls, "FIELDS", ())'): "a base table's fields",
    ("workbench/engine/kernel/steps.py", "callable(getattr(cls, m, None))"): (
        "the step decorator refuses a step without its required methods (an error, no default)"
    ),
    ("workbench/engine/kernel/steps.py", 'getattr(cls, "_fields", ())'): "a NamedTuple's fields",
    ("workbench/engine/kernel/secrets.py", 'getattr(cls, "_fields", ())'): "a NamedTuple's fields",
    ("workbench/engine/kernel/protocol.py", 'getattr(self.params, "players"'): (
        "the seat count a game's parameters hold when they have one (a parameter value)"
    ),
    # a player is any callable (a plain function carries no attributes): its one optional
    # mark is read here only, and the budget probe reads a search player's own settings
    ("workbench/engine/kernel/seat.py", 'getattr(player, "SEES_EVERYTHING"'): "a player's mark",
    ("workbench/cli/_budget.py", "getattr(player, "): "a search player's budget settings",
    # lazy loading and other libraries' objects
    ("workbench/engine/__init__.py", "getattr(importlib.import_module("): "the lazy loader",
    ("workbench/engine/measure/compare.py", "getattr(compare_pairs, name)"): "lazy loader",
    ("workbench/engine/runs/cluster.py", '"http_server"'): "dask's scheduler or worker",
    ("workbench/cards/cells.py", 'getattr(exc, "position"'): "a parse error's position",
    ("workbench/share/export.py", 'getattr(nb, "cells"'): "an nbformat notebook",
    ("workbench/share/app_server.py", '"handed_out"'): "Voila's kernel manager (patched)",
    ("workbench/share/app_server.py", '"counts_boards"'): "the patch's own mark on Voila",
    ("workbench/cli/__init__.py", 'getattr(stream, "encoding"'): "a text stream",
    ("workbench/cli/__init__.py", 'getattr(args, "workers"'): "subcommands without --workers",
}

# Probes still to declare: none (the solver's hooks are declared on Game since issue 34's
# last pass). A new entry here is a debt to pay, not a place to park a probe.
PENDING: tuple[tuple[str, str], ...] = ()


_GETATTR = re.compile(r"\bgetattr\(")


def getattr_lines(text: str) -> list[tuple[int, str]]:
    """The (line number, line) pairs of ``text`` that call ``getattr(``.

    >>> getattr_lines('x = 1\\nz = getattr(game, "search_trust", None)\\ny = hasgetattr(1)')
    [(2, 'z = getattr(game, "search_trust", None)')]
    """
    return [(i, line) for i, line in enumerate(text.splitlines(), 1) if _GETATTR.search(line)]


def _hits() -> list[tuple[str, int, str]]:
    out = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for i, line in getattr_lines(path.read_text(encoding="utf-8")):
                out.append((rel, i, line.strip()))
    return out


def _allowed(rel: str, line: str, entries: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(f, piece) for f, piece in entries if f == rel and piece in line]


def test_no_getattr_reads_a_game_part() -> None:
    unexplained = [
        f"{rel}:{i}: {line}"
        for rel, i, line in _hits()
        if not _allowed(rel, line, ALLOWED) and not _allowed(rel, line, PENDING)
    ]
    assert not unexplained, "declare the part on its type and read it directly:\n" + "\n".join(
        unexplained
    )


def test_every_allowed_getattr_is_still_there() -> None:
    """A stale entry would let a later probe on that line through unnoticed."""
    found = {key for rel, _, line in _hits() for key in _allowed(rel, line, ALLOWED)}
    assert set(ALLOWED) - found == set()


def test_the_scan_catches_a_probe() -> None:
    probe = 'margin = getattr(game, "search_margin", None)'
    assert getattr_lines(f"def f(game):\n    {probe}\n") == [(2, f"    {probe}")]
    assert not _allowed("workbench/engine/players/rollouts.py", probe, ALLOWED)


def test_the_hooks_have_their_declared_defaults() -> None:
    for hook in (
        ("thaw", "rollout_action", "standing")
        + tuple(f"search_{k}" for k in ("horizon", "margin", "root", "trust"))
        + ("solve_key", "solve_table", "solve_order")
    ):
        assert getattr(Game, hook) is None, hook
    assert Game.solve_key_space.fget(None) is None  # type: ignore[attr-defined]
    assert KernelGame.thaw is not None and dict(KernelGame.disclosed) == {}
    assert Table._touched == -1

    @decision
    class Pick(NamedTuple):
        seat: int

        def legal(self, t: object) -> list[int]:
            return [1]

        def resolve(self, t: object, a: int) -> None:
            pass

        def label(self, t: object, a: int) -> str:
            return f"pick {a}"

    step = Pick(0)
    assert step.label(None, 1) == "pick 1"  # its own part is kept
    assert (step.seen_by, step.hidden_label, step.guess, step.lapses) == (None,) * 4
    assert dict(step.SECRET) == {} and Pick.LAPSES is False  # type: ignore[attr-defined]
    assert step.ALWAYS_ASKED is False  # type: ignore[attr-defined]
    hooks = {"label", "seen_by", "hidden_label", "guess", "lapses", "SECRET", "ALWAYS_ASKED"}
    assert set(STEP_HOOKS) == hooks


def test_a_cheat_is_told_by_its_mark_and_a_plain_function_is_fair() -> None:
    class Cheat:
        SEES_EVERYTHING = True

    def fair(view: object, rng: random.Random) -> int:
        return 0

    assert sees_everything(Cheat()) and not sees_everything(fair)
