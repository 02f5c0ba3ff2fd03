"""Game engine: protocol, sessions with undo, replays, players, simulation, conformance."""

from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction

__all__ = ["CHANCE", "TERMINAL", "Action", "Game", "IllegalAction"]
