"""Game engine, one subpackage per concern:

- :mod:`~workbench.engine.kernel` — the kernel and its protocol: declared fields and
  secrets, steps, chance, observations, seat views, parameters, seeds;
- :mod:`~workbench.engine.play` — one game: sessions (undo/redo, one seeded rng), replays;
- :mod:`~workbench.engine.players` — random, greedy, OSLA, ISMCTS, player specs, analysis;
- :mod:`~workbench.engine.runs` — many games: playouts in place, simulate, sweeps, matches, ladders;
- :mod:`~workbench.engine.measure` — balance reports, quality metrics, skilled answers,
  paired comparisons of two card sheets (``compare``);
- :mod:`~workbench.engine.solve` — the exact solver;
- :mod:`~workbench.engine.conformance` — the conformance kit, goldens and toy games.

A game is a declaration on the kernel (the guide with a complete toy game is
``docs/kernel.md``): its fields (who sees each), its steps (automatic, chance
with exact weights, decisions) and a ``KernelGame`` with ``setup`` and
``score``. A game is declared as a ``GameSpec`` (:mod:`workbench.spec`) and joins the
registry (:mod:`workbench.registry`) through its entry-point group (``registry.GROUP``). Then sessions, replays,
boards, players (``(view, rng) -> action id``, seeing only their seat),
``simulate`` (in place), ``balance_report``, ``sweep`` and ``check_conformance``
work unchanged. The names below are the engine's public face: import them from
``workbench.engine``.

>>> from workbench.engine import Session, random_player
>>> from workbench.engine.conformance.toy import TakeAway
>>> s = Session(TakeAway(), seed=2)
>>> s.play_to_end(random_player); s.is_over
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from workbench.engine.conformance import ConformanceReport, check_conformance
    from workbench.engine.kernel import KernelGame, Table
    from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
    from workbench.engine.kernel.seat import Player, SeatView
    from workbench.engine.kernel.seeds import derive_seed
    from workbench.engine.measure.balance import BalanceReport, balance_report, seat_win_rates
    from workbench.engine.measure.compare import compare
    from workbench.engine.play.replay import Replay, ReplayError
    from workbench.engine.play.session import Session
    from workbench.engine.players import (
        function_player,
        greedy_player,
        margin_score,
        random_player,
    )
    from workbench.engine.runs.playout import (
        GameTooLong,
        PlayoutResult,
        playout,
        playout_in_place,
    )
    from workbench.engine.runs.simulate import simulate
    from workbench.engine.runs.sweep import InlineExecutor, sweep
    from workbench.prob.intervals import wilson as wilson_interval

#: public name -> (module that defines it, its name there). Imported on first use, so
#: ``import workbench.engine.measure.verdict`` (or any other submodule) does not load the
#: conformance kit, the players and polars with it (issue 38: the cached ``compare``).
_EXPORTS: dict[str, tuple[str, str]] = {
    "CHANCE": ("workbench.engine.kernel.protocol", "CHANCE"),
    "TERMINAL": ("workbench.engine.kernel.protocol", "TERMINAL"),
    "Action": ("workbench.engine.kernel.protocol", "Action"),
    "BalanceReport": ("workbench.engine.measure.balance", "BalanceReport"),
    "ConformanceReport": ("workbench.engine.conformance", "ConformanceReport"),
    "Game": ("workbench.engine.kernel.protocol", "Game"),
    "GameTooLong": ("workbench.engine.runs.playout", "GameTooLong"),
    "IllegalAction": ("workbench.engine.kernel.protocol", "IllegalAction"),
    "InlineExecutor": ("workbench.engine.runs.sweep", "InlineExecutor"),
    "KernelGame": ("workbench.engine.kernel", "KernelGame"),
    "Player": ("workbench.engine.kernel.seat", "Player"),
    "PlayoutResult": ("workbench.engine.runs.playout", "PlayoutResult"),
    "Replay": ("workbench.engine.play.replay", "Replay"),
    "ReplayError": ("workbench.engine.play.replay", "ReplayError"),
    "SeatView": ("workbench.engine.kernel.seat", "SeatView"),
    "Session": ("workbench.engine.play.session", "Session"),
    "Table": ("workbench.engine.kernel", "Table"),
    "balance_report": ("workbench.engine.measure.balance", "balance_report"),
    "check_conformance": ("workbench.engine.conformance", "check_conformance"),
    "compare": ("workbench.engine.measure.compare", "compare"),
    "derive_seed": ("workbench.engine.kernel.seeds", "derive_seed"),
    "function_player": ("workbench.engine.players", "function_player"),
    "greedy_player": ("workbench.engine.players", "greedy_player"),
    "margin_score": ("workbench.engine.players", "margin_score"),
    "playout": ("workbench.engine.runs.playout", "playout"),
    "playout_in_place": ("workbench.engine.runs.playout", "playout_in_place"),
    "random_player": ("workbench.engine.players", "random_player"),
    "seat_win_rates": ("workbench.engine.measure.balance", "seat_win_rates"),
    "simulate": ("workbench.engine.runs.simulate", "simulate"),
    "sweep": ("workbench.engine.runs.sweep", "sweep"),
    "wilson_interval": ("workbench.prob.intervals", "wilson"),
}

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "BalanceReport",
    "ConformanceReport",
    "Game",
    "GameTooLong",
    "IllegalAction",
    "InlineExecutor",
    "KernelGame",
    "Player",
    "PlayoutResult",
    "Replay",
    "ReplayError",
    "SeatView",
    "Session",
    "Table",
    "balance_report",
    "check_conformance",
    "compare",
    "derive_seed",
    "function_player",
    "greedy_player",
    "margin_score",
    "playout",
    "playout_in_place",
    "random_player",
    "seat_win_rates",
    "simulate",
    "sweep",
    "wilson_interval",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from the module that defines it on first use (and kept)."""
    where = _EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
