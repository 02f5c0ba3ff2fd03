"""Limits for reading a replay file: every value bounded before the game sees it.

A replay is untrusted input (a file a designer was sent). These checks keep
reading it cheap and its errors one line: the file size, the number of
actions, each action id's depth, width and text length, finite numbers, the
seed's size, and the step lists (``chosen``, ``player_draws``).

>>> checked_id(["place", [1, 2], None], "action 0")
('place', (1, 2), None)
>>> checked_id({"x": 1}, "action 3")
Traceback (most recent call last):
...
ValueError: action 3: an action id cannot be an object
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

MAX_REPLAY_BYTES = 20 * 1024 * 1024
MAX_ACTIONS = 100_000
MAX_ID_DEPTH = 8
MAX_ID_ITEMS = 64
MAX_ID_TEXT = 200
MAX_SEED = 2**128
MAX_DRAWS = 1_000_000
#: the whole file's budget, not only each part's: parameters, id items over all actions,
#: rng words of all player draws (drawn in chunks of MAX_DRAWS words).
MAX_PARAMS = 64
MAX_TOTAL_ITEMS = 400_000
MAX_TOTAL_DRAWS = 20_000_000
#: every top-level name a replay may have; any other is refused before a value is read.
FIELDS = frozenset(
    {
        "format",
        "game",
        "version",
        "params",
        "seed",
        "actions",
        "checked",
        "chosen",
        "player_draws",
        "sheets",
    }
)
#: the sheets a replay records (:mod:`workbench.engine.play.replay_sheets`): how many, and
#: the edits, rows and cells of them in all.
MAX_SHEETS = 16
MAX_SHEET_EDITS = 10_000
MAX_SHEET_CELLS = 400_000
MAX_CELL_TEXT = 4_000
_SHEET_KEYS = frozenset({"sha256", "file", "base_sha256", "edits", "rows"})
_EDIT_KEYS = frozenset({"kind", "sheet", "card", "column", "value", "cells"})
_HEX = frozenset("0123456789abcdef")


class ItemBudget:
    """How many id items (numbers, texts, lists) a whole replay may still hold.

    >>> budget = ItemBudget(3)
    >>> checked_id([1, 2], "action 0", budget=budget)
    (1, 2)
    >>> checked_id([1], "action 1", budget=budget)
    Traceback (most recent call last):
    ...
    ValueError: action 1: the replay holds more than 3 action items in all
    """

    def __init__(self, limit: int = MAX_TOTAL_ITEMS) -> None:
        self.limit = self.left = limit

    def spend(self, where: str) -> None:
        self.left -= 1
        if self.left < 0:
            raise ValueError(
                f"{where}: the replay holds more than {self.limit:,} action items in all"
            )


def unknown_fields(data: dict[str, Any]) -> str:
    """'' when every top-level name is a replay field, else a sentence naming the others.

    >>> unknown_fields({"game": "x", "cheat": 1})
    "unknown field 'cheat' (a replay has actions, checked, chosen, format, game, params, player_draws, seed, sheets, version)"
    """
    unknown = [str(k)[:40] for k in list(data)[:1000] if k not in FIELDS]
    if not unknown and len(data) <= len(FIELDS):
        return ""
    names = ", ".join(repr(k) for k in unknown[:3]) + (" …" if len(unknown) > 3 else "")
    return (
        f"unknown field{'s' if len(unknown) > 1 else ''} {names} "
        f"(a replay has {', '.join(sorted(FIELDS))})"
    )


def checked_id(
    value: Any, where: str, depth: int = 0, budget: ItemBudget | None = None
) -> Hashable:
    """An action id from JSON (lists become tuples), within the limits above (and the
    whole replay's ``budget`` of items); ValueError naming ``where`` otherwise."""
    if budget is not None:
        budget.spend(where)
    if depth > MAX_ID_DEPTH:
        raise ValueError(f"{where}: nested more than {MAX_ID_DEPTH} levels")
    if isinstance(value, list):
        if len(value) > MAX_ID_ITEMS:
            raise ValueError(f"{where}: {len(value):,} items (at most {MAX_ID_ITEMS})")
        return tuple(checked_id(v, where, depth + 1, budget) for v in value)
    if isinstance(value, dict):
        raise ValueError(f"{where}: an action id cannot be an object")
    if isinstance(value, str) and len(value) > MAX_ID_TEXT:
        raise ValueError(f"{where}: text of {len(value):,} characters (at most {MAX_ID_TEXT})")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{where}: {value!r} is not a finite number")
    if type(value) is int and abs(value) > MAX_SEED:
        raise ValueError(f"{where}: number too large")
    if value is None or isinstance(value, str | int | float | bool):
        return value  # type: ignore[no-any-return]
    raise ValueError(f"{where}: {type(value).__name__} is not a valid action id")


def checked_steps(value: Any, field: str, actions: int) -> tuple[int, ...]:
    """Sorted distinct step indices (0-based, < ``actions``) from a JSON list.

    >>> checked_steps([3, 1], "chosen", 5)
    (1, 3)
    >>> checked_steps([7], "chosen", 5)
    Traceback (most recent call last):
    ...
    ValueError: field 'chosen': step 7 is not one of the 5 recorded steps
    """
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise ValueError(f"field {field!r}: expected a list of step numbers")
    steps = set()
    for step in value:
        if type(step) is not int or not 0 <= step < actions:
            raise ValueError(
                f"field {field!r}: step {step!r} is not one of the {actions} recorded steps"
            )
        steps.add(step)
    return tuple(sorted(steps))


def checked_draws(value: Any, actions: int) -> tuple[tuple[int, int], ...]:
    """``[[step, words], ...]``: rng words a player (a bot) drew at that step.

    >>> checked_draws([[2, 5]], 4)
    ((2, 5),)
    """
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise ValueError("field 'player_draws': expected a list of [step, words] pairs")
    out = []
    for pair in value:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or type(pair[0]) is not int
            or type(pair[1]) is not int
            or not 0 <= pair[0] < actions
            or not 0 < pair[1] <= MAX_DRAWS
        ):
            raise ValueError(
                f"field 'player_draws': {str(pair)[:40]} is not [step, words] "
                f"with a recorded step and 1..{MAX_DRAWS:,} words"
            )
        out.append((pair[0], pair[1]))
    draws = tuple(sorted(dict(out).items()))
    total = sum(words for _, words in draws)
    if total > MAX_TOTAL_DRAWS:
        raise ValueError(
            f"field 'player_draws': {total:,} rng words in all; a replay may "
            f"skip at most {MAX_TOTAL_DRAWS:,}"
        )
    return draws


@dataclass(frozen=True)
class ChanceCheck:
    """What loading a replay verified about its chance steps (issue 27 item 9).

    ``verified`` chance steps were drawn again from the seed and matched, ``chosen``
    ones were set by hand (a what-if), the rest were not checked (an unchecked file).
    A replay is :attr:`honest` only when every chance step was verified: a replay
    with chosen steps is a what-if, never a game that happened.

    >>> ChanceCheck(steps=5, verified=3, chosen=2, seed=4).summary()
    'a what-if: 2 of 5 chance steps chosen by hand, the other 3 verified against seed 4'
    >>> ChanceCheck(steps=5, verified=0, chosen=5, seed=4).honest
    False
    """

    steps: int = 0
    verified: int = 0
    chosen: int = 0
    seed: int = 0

    @property
    def what_if(self) -> bool:
        """Some chance outcome was set by hand: the game did not happen this way."""
        return self.chosen > 0

    @property
    def every_unchosen_checked(self) -> bool:
        return self.verified == self.steps - self.chosen

    @property
    def honest(self) -> bool:
        """Every chance step verified against the seed (none chosen, none unchecked)."""
        return not self.what_if and self.every_unchosen_checked

    def summary(self) -> str:
        """One line for a board, a notebook or a command."""
        unchecked = self.steps - self.chosen - self.verified
        rest = (
            f"the other {self.verified} verified against seed {self.seed}"
            if not unchecked
            else f"{self.verified} verified, {unchecked} not checked"
        )
        if self.what_if:
            return f"a what-if: {self.chosen} of {self.steps} chance steps chosen by hand, {rest}"
        if unchecked:
            return (
                f"chance not verified: {unchecked} of {self.steps} chance steps not checked "
                "against the seed (the file does not ask for the check)"
            )
        return f"all {self.steps} chance steps verified against seed {self.seed}"


def skip_words(rng: Any, words: int) -> None:
    """Draw ``words`` 32-bit words from ``rng`` (a bot's draws), a bounded chunk at a time.

    >>> import random
    >>> a, b = random.Random(1), random.Random(1)
    >>> skip_words(a, 3); _ = b.getrandbits(96); a.random() == b.random()
    True
    """
    while words > 0:
        chunk = min(words, 65_536)
        rng.getrandbits(32 * chunk)
        words -= chunk


def what_if_note(session: Any) -> str:
    """The note a view of ``session`` shows beside its position: a what-if (chance set by
    hand) or a replay whose chance was not all verified; '' for a game as it happened.

    >>> class S: chosen_steps, chance_check = (3, 5), None
    >>> what_if_note(S())
    ' — what-if: 2 chance steps chosen by hand, not a game that happened'
    """
    chosen = len(session.chosen_steps)
    if chosen:
        return (
            f" — what-if: {chosen} chance step{'s' if chosen > 1 else ''} chosen by hand, "
            "not a game that happened"
        )
    check = session.chance_check
    if check is not None and not check.honest:
        return f" — {check.summary()}"
    return ""


def _text(value: Any, where: str, limit: int = MAX_CELL_TEXT) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected text, got {str(value)[:40]!r}")
    if len(value) > limit:
        raise ValueError(f"{where}: text of {len(value):,} characters (at most {limit:,})")
    return value


def _digest(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) != 64 or not set(value) <= _HEX:
        raise ValueError(f"{where}: expected a sha256 (64 lower-case hex digits)")
    return value


def checked_sheets(value: Any) -> dict[str, dict[str, Any]]:
    """The ``sheets`` field: stem -> {sha256, file?, base_sha256?, edits?, rows?}, every
    part bounded (at most :data:`MAX_SHEETS` sheets, :data:`MAX_SHEET_EDITS` edits and
    :data:`MAX_SHEET_CELLS` cells in all, texts of at most :data:`MAX_CELL_TEXT`).

    >>> checked_sheets({"cards": {"sha256": "a" * 64, "file": "cards.csv"}})["cards"]["file"]
    'cards.csv'
    >>> checked_sheets({"cards": {"sha256": "x"}})
    Traceback (most recent call last):
    ...
    ValueError: field 'sheets': cards: sha256: expected a sha256 (64 lower-case hex digits)
    """
    if not isinstance(value, dict) or len(value) > MAX_SHEETS:
        raise ValueError(f"field 'sheets': expected an object of at most {MAX_SHEETS} sheets")
    out: dict[str, dict[str, Any]] = {}
    edits_left, cells_left = MAX_SHEET_EDITS, MAX_SHEET_CELLS
    for stem, record in value.items():
        where = f"field 'sheets': {str(stem)[:40]}"
        if not isinstance(stem, str) or not stem or len(stem) > 64 or "/" in stem:
            raise ValueError(f"{where}: not a sheet name")
        if not isinstance(record, dict):
            raise ValueError(f"{where}: expected an object")
        unknown = sorted(str(k)[:40] for k in record if k not in _SHEET_KEYS)
        if unknown:
            raise ValueError(f"{where}: unknown part {unknown[0]!r}")
        kept: dict[str, Any] = {"sha256": _digest(record.get("sha256"), f"{where}: sha256")}
        if "file" in record:
            kept["file"] = _text(record["file"], f"{where}: file", 200)
        if "base_sha256" in record:
            kept["base_sha256"] = _digest(record["base_sha256"], f"{where}: base_sha256")
        edits = record.get("edits", [])
        if not isinstance(edits, list) or len(edits) > edits_left:
            raise ValueError(f"{where}: edits: expected a list of at most {MAX_SHEET_EDITS:,}")
        edits_left -= len(edits)
        kept_edits = []
        for i, e in enumerate(edits):
            at = f"{where}: edit {i}"
            if not isinstance(e, dict) or not set(e) <= _EDIT_KEYS:
                raise ValueError(f"{at}: expected an edit (kind, sheet, card, column, value)")
            if e.get("kind") not in ("set", "add", "remove"):
                raise ValueError(f"{at}: kind must be set, add or remove")
            one = {k: _text(e.get(k, ""), f"{at}: {k}") for k in _EDIT_KEYS - {"cells"}}
            cells = e.get("cells", [])
            if not isinstance(cells, list) or len(cells) > MAX_ID_ITEMS * 4:
                raise ValueError(f"{at}: cells: expected a list of [column, value] pairs")
            cells_left -= len(cells)
            if cells_left < 0:
                raise ValueError(f"{where}: more than {MAX_SHEET_CELLS:,} cells in all")
            pairs = []
            for c in cells:
                if not isinstance(c, list) or len(c) != 2:
                    raise ValueError(f"{at}: cells: expected [column, value] pairs")
                pairs.append([_text(c[0], f"{at}: cells"), _text(c[1], f"{at}: cells")])
            kept_edits.append({**one, "cells": pairs})
        if kept_edits:
            kept["edits"] = kept_edits
        rows = record.get("rows", [])
        if not isinstance(rows, list) or len(rows) > MAX_SHEET_CELLS:
            raise ValueError(f"{where}: rows: expected a list of rows")
        kept_rows = []
        for n, row in enumerate(rows):
            if not isinstance(row, list):
                raise ValueError(f"{where}: row {n}: expected a list of cells")
            cells_left -= len(row)
            if cells_left < 0:
                raise ValueError(f"{where}: more than {MAX_SHEET_CELLS:,} cells in all")
            kept_rows.append([_text(c, f"{where}: row {n}") for c in row])
        if kept_rows:
            kept["rows"] = kept_rows
        out[stem] = kept
    return out
