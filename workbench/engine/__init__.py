"""Game engine: the kernel, sessions with undo, replays, players, simulation, conformance.

A game is a declaration on the kernel (:mod:`workbench.engine.kernel`; the
guide with a complete toy game is ``docs/kernel.md``): its fields (who sees
each), its steps (automatic, chance with exact weights, decisions) and a
``KernelGame`` with ``setup`` and ``score``. Games join the registry
(:mod:`workbench.engine.registry`) through its entry-point group
(``registry.GROUP``). Then sessions, replays, boards, players (``(view, rng) -> action id``,
seeing only their seat), ``simulate`` (in place), ``balance_report``,
``sweep`` and ``check_conformance`` work unchanged.

>>> from workbench.engine import Session, random_player
>>> from workbench.engine.toy import TakeAway
>>> s = Session(TakeAway(), seed=2)
>>> s.play_to_end(random_player); s.is_over
True
"""

from workbench.engine.balance import BalanceReport, balance_report, seat_win_rates, wilson_interval
from workbench.engine.conformance import ConformanceReport, check_conformance
from workbench.engine.kernel import KernelGame, Table
from workbench.engine.players import function_player, greedy_player, margin_score, random_player
from workbench.engine.playout import GameTooLong, PlayoutResult, playout, playout_in_place
from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.engine.replay import Replay, ReplayError
from workbench.engine.seat import Player, SeatView
from workbench.engine.seeds import derive_seed
from workbench.engine.session import Session
from workbench.engine.simulate import simulate
from workbench.engine.sweep import InlineExecutor, sweep

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
