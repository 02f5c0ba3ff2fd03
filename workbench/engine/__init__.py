"""Game engine: protocol, sessions with undo, replays, players, simulation, conformance.

A new game plugs in with four things (see :mod:`workbench.engine.toy` for two
small complete examples):

1. ``rules.py``: a :class:`Game` subclass over frozen states (``name``,
   ``version``, a frozen params dataclass, ``make_game(**params)``); chance
   as ``chance_outcomes -> Dist``; ``zones`` if it has cards; ``metrics``
   for the simulation frame.
2. a test line: ``check_conformance(make_game(), n_games=1000, seed=1)``.
3. ``players.py``: heuristics for :func:`greedy_player`, and optionally
   ``fast_random_playout(game, seed)`` mirroring :func:`playout` with
   :func:`random_player` (the kit compares the two).
4. ``board.py``: ``BoardView(Session(game, seed), render, action_layout=...)``
   from :mod:`workbench.ui.board`.

Then ``simulate`` -> ``balance_report`` and ``sweep`` work unchanged.

>>> from workbench.engine import Session, random_player
>>> from workbench.engine.toy import TakeAway
>>> s = Session(TakeAway(), seed=2)
>>> s.play_to_end(random_player); s.is_over
True
"""

from workbench.engine.balance import BalanceReport, balance_report, seat_win_rates, wilson_interval
from workbench.engine.conformance import ConformanceReport, check_conformance
from workbench.engine.players import function_player, greedy_player, margin_score, random_player
from workbench.engine.playout import GameTooLong, Player, PlayoutResult, playout
from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.engine.replay import Replay, ReplayError
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
    "Player",
    "PlayoutResult",
    "Replay",
    "ReplayError",
    "Session",
    "balance_report",
    "check_conformance",
    "derive_seed",
    "function_player",
    "greedy_player",
    "margin_score",
    "playout",
    "random_player",
    "seat_win_rates",
    "simulate",
    "sweep",
    "wilson_interval",
]
