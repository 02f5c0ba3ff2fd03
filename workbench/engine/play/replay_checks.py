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
import typing
from collections.abc import Hashable
from types import ModuleType
from typing import Any

MAX_REPLAY_BYTES = 20 * 1024 * 1024
MAX_ACTIONS = 100_000
MAX_ID_DEPTH = 8
MAX_ID_ITEMS = 64
MAX_ID_TEXT = 200
MAX_SEED = 2**128
MAX_DRAWS = 1_000_000


def checked_id(value: Any, where: str, depth: int = 0) -> Hashable:
    """An action id from JSON (lists become tuples), within the limits above; ValueError
    naming ``where`` otherwise."""
    if depth > MAX_ID_DEPTH:
        raise ValueError(f"{where}: nested more than {MAX_ID_DEPTH} levels")
    if isinstance(value, list):
        if len(value) > MAX_ID_ITEMS:
            raise ValueError(f"{where}: {len(value):,} items (at most {MAX_ID_ITEMS})")
        return tuple(checked_id(v, where, depth + 1) for v in value)
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
            raise ValueError(f"field {field!r}: step {step!r} is not one of the {actions} "
                             "recorded steps")
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
        if (not isinstance(pair, list) or len(pair) != 2 or type(pair[0]) is not int
                or type(pair[1]) is not int or not 0 <= pair[0] < actions
                or not 0 < pair[1] <= MAX_DRAWS):
            raise ValueError(f"field 'player_draws': {str(pair)[:40]} is not [step, words] "
                             f"with a recorded step and 1..{MAX_DRAWS:,} words")
        out.append((pair[0], pair[1]))
    return tuple(sorted(dict(out).items()))


def params_class(module: ModuleType) -> type[Any] | None:
    """The params dataclass of a game's rules module: from ``make_game``'s return
    annotation (a Game class with ``default_params``), else from a default game."""
    make = getattr(module, "make_game", None)
    game_cls = None
    try:
        game_cls = typing.get_type_hints(make).get("return") if make else None
    except Exception:  # an annotation that does not resolve: fall back below
        game_cls = None
    default = getattr(game_cls, "default_params", None)
    params = default() if callable(default) else None
    if params is None and make is not None:
        params = getattr(make(), "params", None)
    return type(params) if params is not None else None
