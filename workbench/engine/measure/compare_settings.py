"""``--set KEY=VALUE``: a rule or setup parameter changed for a comparison or a match.

A game declares which of its parameters a comparison may vary
(``GameSpec.comparable``) and what each one takes (``GameSpec.parameters``, its params
dataclass: the annotation, a ``range`` or ``choices`` in the field's metadata).
:func:`parse_settings` reads the designer's ``KEY=VALUE`` texts into checked values:
the value is read as JSON when it is JSON (``6``, ``true``, ``[3, 1]``), else as text,
and a tuple also as comma-separated items (``3,1``); ``True``/``False`` in any case are
the booleans; then :func:`~workbench.engine.kernel.params.checked_params` checks it as
it checks a replay's parameters (type, range, choices, the dataclass's own refusals).
Anything wrong is one :class:`SettingError` line naming the setting.

>>> parse_settings("peek", ["cards=3"], comparable=("cards",))
{'cards': 3}
>>> parse_settings("peek", ["cards=1"], comparable=("cards",))
Traceback (most recent call last):
...
workbench.engine.measure.compare_settings.SettingError: --set cards=1: parameter 'cards': 1 is outside 2..20
>>> parse_settings("peek", ["players=2"], comparable=("cards",))
Traceback (most recent call last):
...
workbench.engine.measure.compare_settings.SettingError: --set players=2: peek does not declare players comparable (GameSpec.comparable: cards)
>>> settings_label({"cards": 3, "mid_vp": (3, 1)})
'cards=3 mid_vp=3,1'
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from workbench.registry import spec

__all__ = ["MAX_SETTINGS", "SettingError", "parse_settings", "settings_label"]

MAX_SETTINGS = 64
"""At most this many ``--set`` options in one command."""
MAX_TEXT = 1_000
"""At most this many characters in one ``KEY=VALUE``."""


class SettingError(ValueError):
    """A ``--set KEY=VALUE`` that cannot be used (one line naming it)."""


def _shown(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


def _is_tuple(hint: Any) -> bool:
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    options = typing.get_args(hint) if union else (hint,)
    return any(typing.get_origin(o) is tuple for o in options)


def _value(text: str, hint: Any) -> Any:
    """The value ``text`` stands for (see the module docstring); checked later."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = text
    if isinstance(value, dict):
        return text  # an object is no parameter value: checked_params refuses the text
    if _is_tuple(hint) and isinstance(value, str | int | float) and not isinstance(value, bool):
        items = [t.strip() for t in str(text).split(",")]
        return [_value(t, Any) if t else t for t in items]
    return value


def parse_settings(
    game: str,
    texts: Sequence[str] | None,
    *,
    comparable: Sequence[str] | None = None,
) -> dict[str, Any]:
    """``KEY=VALUE`` texts -> {parameter: checked value} for ``game`` (see the module
    docstring); ``comparable`` defaults to the spec's. :class:`SettingError` (one line)
    for a text without ``=``, a key given twice, a parameter the game does not have or
    does not declare comparable, or a value its params dataclass refuses."""
    texts = list(texts or ())
    if len(texts) > MAX_SETTINGS:
        raise SettingError(f"--set given {len(texts)} times; at most {MAX_SETTINGS}")
    declared = spec(game)
    allowed = tuple(declared.comparable if comparable is None else comparable)
    raw: dict[str, str] = {}
    for text in texts:
        if len(text) > MAX_TEXT:
            raise SettingError(
                f"--set {_shown(text)}: {len(text):,} characters (at most {MAX_TEXT:,})"
            )
        key, eq, value = text.partition("=")
        key = key.strip()
        if not eq or not key:
            raise SettingError(f"--set {_shown(text)}: write KEY=VALUE (hand_size=6)")
        if key in raw:
            raise SettingError(f"--set {_shown(text)}: {key} is set twice")
        raw[key] = value.strip()
    if not raw:
        return {}
    if declared.parameters is None:
        first = next(iter(raw))
        raise SettingError(
            f"--set {_shown(first + '=' + raw[first])}: {game} declares no parameters "
            "(GameSpec.parameters)"
        )
    from workbench.engine.kernel.params import ParamsError, checked_params

    cls = declared.parameters.load()
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    hints = typing.get_type_hints(cls)
    out: dict[str, Any] = {}
    for key, text in raw.items():
        shown = f"--set {_shown(key + '=' + text)}"
        if key not in fields:
            known = ", ".join(allowed) or "none"
            raise SettingError(
                f"{shown}: {game} has no parameter {_shown(key)!r} (comparable: {known})"
            )
        if key not in allowed:
            known = ", ".join(allowed) or "none declared"
            raise SettingError(
                f"{shown}: {game} does not declare {key} comparable (GameSpec.comparable: {known})"
            )
        try:
            checked = checked_params(cls, {key: _value(text, hints[key])})
        except ParamsError as exc:
            raise SettingError(f"{shown}: {' '.join(str(exc).split())[:300]}") from None
        out[key] = getattr(checked, key)
    try:  # the settings together (a dataclass may refuse a combination)
        checked_params(cls, out)
    except ParamsError as exc:
        raise SettingError(
            f"--set {settings_label(out)}: {' '.join(str(exc).split())[:300]}"
        ) from None
    return out


def settings_label(settings: Mapping[str, Any]) -> str:
    """The settings as the designer typed them (``hand_size=6 timed_events=true``)."""

    def text(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, tuple):
            return ",".join(text(x) for x in v)
        return "null" if v is None else str(v)

    return " ".join(f"{k}={text(v)}" for k, v in settings.items())
