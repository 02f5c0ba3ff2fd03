"""What just happened on a board: the moves since a person last decided, and who decides.

When bots (and dice) move between two clicks, a person must see each of their
moves, not only the table after them: :func:`since_last_person` picks the log
lines from the last decision of a person on, and :func:`recent_html` draws them
as a short numbered list above the buttons (``wb-recent``). :func:`deciding_text`
tells the player deciding apart from the turn's owner, and says why someone
decides out of turn (what the owner just did).

>>> lines = ["1. P1: install A", "2. roll 3", "3. P2: attack P1", "4. P3: pass"]
>>> since_last_person([0, -1, 1, 2], lines, people={0})
['1. P1: install A', '2. roll 3', '3. P2: attack P1', '4. P3: pass']
>>> since_last_person([0, -1, 1, 2], lines, people={0, 1, 2})
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from html import escape

MAX_LINES = 30
_PREFIX = re.compile(r"^\d+\. ")


def since_last_person(
    movers: Sequence[int], lines: Sequence[str], people: Collection[int]
) -> list[str]:
    """The log lines from the last step a person (a seat in ``people``) decided, to now,
    when a bot decided after it; else ``[]`` (nothing happened behind the person's back).

    ``movers[k]``: who moved at step k (a seat, or a negative number for chance).
    """
    last = max((k for k, who in enumerate(movers) if who in people), default=-1)
    later = range(last + 1, len(movers))
    if not any(movers[k] >= 0 and movers[k] not in people for k in later):
        return []
    return list(lines[max(0, last) :][-MAX_LINES:])


def recent_html(lines: Sequence[str], rename: Callable[[str], str] = lambda x: x) -> str:
    """The moves since the last person's decision, oldest first; ``''`` when none.

    >>> html = recent_html(["1. P1: install A", "2. P2: pass"])
    >>> html.count("<li>"), "since the last move by a person" in html
    (2, True)
    """
    if not lines:
        return ""
    items = "".join(f"<li>{escape(_PREFIX.sub('', rename(x)), quote=False)}</li>" for x in lines)
    return (
        "<div class='wb-recent' style='font:12px/1.4 system-ui,sans-serif;background:#f4f7fb;"
        "border:1px solid #c9d6e8;border-radius:4px;padding:2px 8px;margin:2px 0'>"
        f"<b>since the last move by a person ({len(lines)} step{'s' if len(lines) != 1 else ''})"
        f":</b><ol style='margin:2px 0 2px 1.4em;padding:0'>{items}</ol></div>"
    )


def deciding_text(deciding: str, owner: str | None, answer_to: str = "") -> str:
    """The status words for who decides: ``deciding`` alone in its own turn; else who
    decides in whose turn, and what they may answer.

    >>> deciding_text("User 2", "User 2")
    'User 2 to move'
    >>> deciding_text("User 3", "User 2", "install Sakura")
    "User 3 decides in User 2's turn, after User 2's move 'install Sakura'"
    """
    if owner is None or owner == deciding:
        return f"{deciding} to move"
    why = f", after {owner}'s move '{answer_to}'" if answer_to else ""
    return f"{deciding} decides in {owner}'s turn{why}"
