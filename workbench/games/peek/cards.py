"""Peek has no card sheet: its cards are the numbers 1..``cards`` of two suits, built
by the rules (``table.py``), so there is no schema to check and nothing to count.

>>> SCHEMAS, COMPONENTS
({}, ())
"""

from __future__ import annotations

SCHEMAS: dict[str, object] = {}
COMPONENTS: tuple[object, ...] = ()
