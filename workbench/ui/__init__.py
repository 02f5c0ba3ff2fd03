"""Shared widget pieces (the only package besides games' ``board.py`` that imports ipywidgets)."""

from workbench.ui.board import BoardView

__all__ = ["BoardView"]
