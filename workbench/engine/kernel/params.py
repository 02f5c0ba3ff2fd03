"""Game parameters from untrusted JSON (a replay file), checked before a game is built.

:func:`checked_params` compares every value with the field's annotation on
the game's frozen params dataclass and with the field's ``metadata``:

- ``int`` is an int (not a bool, a float or a string), within
  ``metadata["range"]`` or, without one, within :data:`DEFAULT_INT_RANGE`;
- ``bool``, ``str`` (at most :data:`MAX_STR` characters), ``float`` (finite),
  ``None`` in an ``X | None``, ``Literal[...]`` choices, unions;
- ``tuple[X, ...]`` / ``tuple[X, Y]`` from JSON lists (at most
  ``metadata["max_items"]`` or :data:`MAX_ITEMS` items per level, nesting at
  most :data:`MAX_DEPTH` deep); a field's ``range`` bounds every int inside it;
- a field with ``metadata["path"]`` names a file or folder that must lie in a
  data folder (the packaged sheets or ``$WORKBENCH_DATA``) or in one of the
  ``allowed`` folders given by the caller, however the game resolves it (from
  the package root or the current folder); ``..`` never passes; the field's
  own default always does.

Unknown keys, other annotations and the dataclass's own ``__post_init__``
refusals all raise :class:`ParamsError` (a ValueError) with one line naming
the parameter.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class P:
...     hand: int = field(default=5, metadata={"range": (1, 20)})
...     mode: str = "a"
>>> checked_params(P, {"hand": 7})
P(hand=7, mode='a')
>>> checked_params(P, {"hand": 1e8})
Traceback (most recent call last):
...
workbench.engine.kernel.params.ParamsError: parameter 'hand': expected a whole number, got 100000000.0 (float)
>>> checked_params(P, {"hand": 10**8})
Traceback (most recent call last):
...
workbench.engine.kernel.params.ParamsError: parameter 'hand': 100000000 is outside 1..20
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from workbench.datafiles import packaged_data, user_data

DEFAULT_INT_RANGE = (-1_000, 1_000)
MAX_STR = 1_000
MAX_ITEMS = 100
MAX_DEPTH = 6


class ParamsError(ValueError):
    """A parameter value that does not fit its params dataclass."""


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def data_roots() -> list[Path]:
    """The folders whose files a params path may name: the packaged sheets and
    ``$WORKBENCH_DATA`` (when set)."""
    roots = []
    for get in (packaged_data, user_data):
        try:
            folder = get()
        except (FileNotFoundError, OSError):
            continue
        if folder is not None:
            roots.append(Path(folder).resolve())
    return roots


def check_path(name: str, value: str, allowed: Iterable[str | Path] = ()) -> str:
    """``value`` if it names something inside a data folder or an ``allowed`` folder;
    a relative path must be inside both from the package root (as mugen reads it)
    and from the current folder (as ghost and detective read it); '' passes.

    >>> check_path("cards_path", "data/mugen/cards.csv")
    'data/mugen/cards.csv'
    >>> check_path("cards_path", "/etc/passwd")
    Traceback (most recent call last):
    ...
    workbench.engine.kernel.params.ParamsError: parameter 'cards_path': '/etc/passwd' is outside the data folders; pass allow_paths=[...] to read it
    """
    if value == "":
        return value
    if "\x00" in value or ".." in Path(value).parts:
        raise ParamsError(f"parameter {name!r}: {_shown(value)} may not contain '..' or NUL")
    roots = data_roots()
    base = roots[0].parent if roots else Path.cwd()
    path = Path(value)
    targets = [path] if path.is_absolute() else [base / path, Path.cwd() / path]
    folders = [*roots, *(Path(a).resolve() for a in allowed)]
    if all(
        any(t == root or root in t.parents for root in folders)
        for t in (target.resolve() for target in targets)
    ):
        return value
    raise ParamsError(
        f"parameter {name!r}: {_shown(value)} is outside the data folders; "
        "pass allow_paths=[...] to read it"
    )


def _int(name: str, value: Any, bounds: tuple[int, int]) -> int:
    if type(value) is not int:
        raise ParamsError(
            f"parameter {name!r}: expected a whole number, got {_shown(value)} "
            f"({type(value).__name__})"
        )
    low, high = bounds
    if not low <= value <= high:
        raise ParamsError(f"parameter {name!r}: {_shown(value)} is outside {low}..{high}")
    return value


def _convert(
    name: str,
    hint: Any,
    value: Any,
    meta: Mapping[str, Any],
    depth: int,
    allowed: Iterable[str | Path],
) -> Any:
    """``value`` checked against ``hint`` (JSON lists become tuples)."""
    if depth > MAX_DEPTH:
        raise ParamsError(f"parameter {name!r}: nested more than {MAX_DEPTH} levels")
    origin = typing.get_origin(hint)
    if hint is Any:
        raise ParamsError(f"parameter {name!r}: cannot be set from a file (type Any)")
    if origin is typing.Union or origin is types.UnionType:
        for option in typing.get_args(hint):
            try:
                return _convert(name, option, value, meta, depth, allowed)
            except ParamsError:
                continue
        raise ParamsError(
            f"parameter {name!r}: {_shown(value)} fits none of "
            f"{' | '.join(_name(a) for a in typing.get_args(hint))}"
        )
    if origin is typing.Literal:
        choices = typing.get_args(hint)
        if value not in choices or type(value) not in {type(c) for c in choices}:
            raise ParamsError(
                f"parameter {name!r}: {_shown(value)} is not one of {', '.join(map(repr, choices))}"
            )
        return value
    if hint is type(None):
        if value is not None:
            raise ParamsError(f"parameter {name!r}: expected null, got {_shown(value)}")
        return None
    if hint is bool:
        if type(value) is not bool:
            raise ParamsError(f"parameter {name!r}: expected true or false, got {_shown(value)}")
        return value
    if hint is int:
        return _int(name, value, tuple(meta.get("range", DEFAULT_INT_RANGE)))
    if hint is float:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise ParamsError(f"parameter {name!r}: expected a number, got {_shown(value)}")
        low, high = meta.get("range", (-1e9, 1e9))
        if not low <= value <= high:
            raise ParamsError(f"parameter {name!r}: {_shown(value)} is outside {low}..{high}")
        return float(value)
    if hint is str:
        if type(value) is not str:
            raise ParamsError(f"parameter {name!r}: expected text, got {_shown(value)}")
        if len(value) > MAX_STR:
            raise ParamsError(
                f"parameter {name!r}: {len(value):,} characters (at most {MAX_STR:,})"
            )
        return check_path(name, value, allowed) if meta.get("path") else value
    if origin is tuple:
        return _tuple(name, hint, value, meta, depth, allowed)
    raise ParamsError(f"parameter {name!r}: cannot be set from a file (type {_name(hint)})")


def _tuple(
    name: str,
    hint: Any,
    value: Any,
    meta: Mapping[str, Any],
    depth: int,
    allowed: Iterable[str | Path],
) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise ParamsError(f"parameter {name!r}: expected a list, got {_shown(value)}")
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        limit = int(meta.get("max_items", MAX_ITEMS))
        if len(value) > limit:
            raise ParamsError(f"parameter {name!r}: {len(value):,} items (at most {limit:,})")
        kinds = [args[0]] * len(value)
    else:
        if len(value) != len(args):
            raise ParamsError(f"parameter {name!r}: expected {len(args)} items, got {len(value)}")
        kinds = list(args)
    return tuple(_convert(name, k, v, meta, depth + 1, allowed) for k, v in zip(kinds, value))


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def checked_params(
    params_cls: type[Any], mapping: Any, *, allowed_paths: Iterable[str | Path] = ()
) -> Any:
    """An instance of the dataclass ``params_cls`` from untrusted ``mapping``; see the
    module docstring. Raises :class:`ParamsError` naming the parameter."""
    if not dataclasses.is_dataclass(params_cls):
        raise ParamsError(f"{params_cls!r} is not a params dataclass")
    if not isinstance(mapping, Mapping):
        raise ParamsError(f"parameters must be an object, got {type(mapping).__name__}")
    fields = {f.name: f for f in dataclasses.fields(params_cls) if f.init}
    unknown = [k for k in mapping if k not in fields]
    if unknown:
        raise ParamsError(f"unknown parameter {_shown(unknown[0])}; known: {', '.join(fields)}")
    try:
        hints = typing.get_type_hints(params_cls)
    except Exception as exc:  # an annotation that does not resolve is a bug of the game
        raise ParamsError(f"{params_cls.__name__}: annotations cannot be read ({exc})") from None
    values = {}
    for name, value in mapping.items():
        meta: Mapping[str, Any] = fields[name].metadata
        if meta.get("path") and value == fields[name].default:  # the game's own default file
            meta = {k: v for k, v in meta.items() if k != "path"}
        values[name] = _convert(name, hints[name], value, meta, 0, allowed_paths)
    try:
        return params_cls(**values)
    except (TypeError, ValueError) as exc:
        raise ParamsError(
            f"parameters rejected by {params_cls.__name__}: {' '.join(str(exc).split())[:300]}"
        ) from None
