"""Click targets in a pure picture: the class and ``data-action`` a render writes on a place
that stands for a legal action (no ipywidgets here: ``render.py`` files import it).

>>> target(("place", 11))
"wb-target wb-action' data-action='[&quot;place&quot;, 11]"
>>> parse_action('["place", 11]'), parse_action('"end"')
(('place', 11), 'end')
>>> sorted(placed_ids("<g class='" + target("end") + "'></g>"))
['end']
"""

from __future__ import annotations

import json
import re
from collections.abc import Hashable
from html import escape, unescape
from typing import Any

TARGET_CLASS = "wb-target wb-action"
_ACTION_ATTR = re.compile(r"data-action='([^']*)'")


def target(action_id: Hashable) -> str:
    """Class and ``data-action`` attribute text for a place that stands for a legal action,
    to be written inside ``class='…'``."""
    return f"{TARGET_CLASS}' data-action='{escape(json.dumps(action_id, ensure_ascii=False))}"


def _hashable(value: Any) -> Hashable:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        raise ValueError("an action id cannot be a JSON object")
    return value  # type: ignore[no-any-return]


def parse_action(text: str) -> Hashable:
    """The action id of a ``data-action`` text (JSON lists become tuples); a clear error
    for text that is not JSON."""
    try:
        return _hashable(json.loads(text))
    except json.JSONDecodeError as e:
        raise ValueError(f"data-action {text!r} is not JSON (character {e.pos + 1})") from None


def placed_ids(html: str) -> set[Hashable]:
    """Action ids the picture places (every ``data-action`` in it)."""
    return {parse_action(unescape(m)) for m in _ACTION_ATTR.findall(html)}
