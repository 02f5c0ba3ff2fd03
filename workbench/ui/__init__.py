"""Shared widget pieces (the only package besides games' ``board.py`` that imports ipywidgets).

``BoardView`` is loaded on first use, so pure modules (a game's ``render.py``) can use
``workbench.ui.names``, ``words`` and ``targets`` without importing ipywidgets.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BoardView"]


def __getattr__(name: str) -> Any:
    if name == "BoardView":
        from workbench.ui.board import BoardView

        return BoardView
    raise AttributeError(f"module 'workbench.ui' has no attribute {name!r}")
