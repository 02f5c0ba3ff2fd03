"""A game's print layout as data: ``print_layout.toml`` next to its card sheets.

One small declarative file per game says, for each sheet that has printable
cards (``[faces.<sheet stem>]``), which column goes where: boxes placed in
millimetres on a reference card (63 × 88 mm unless ``reference`` says
otherwise; other card sizes scale the boxes), each with a text template, a
font size, the smallest size it may shrink to, a colour and an alignment; a
colour band chosen by a column's value (kind, colour, attribute); an art box;
and the back of the cards (``[back]``). A designer edits this file, never code.

Templates are a closed little language (sheet text is data, nothing is run):

- ``{column}`` the cell's text (through ``[words]``, which maps raw values such
  as ``plain`` to what the card says — ``"stage.1"`` for one column's value only;
  a list cell is joined with ``・``; ``true`` is a yes cell);
- ``{column*★}`` the text after ``*`` repeated as many times as the cell's number
  (stars, count marks);
- ``{a|b}`` the first of the columns that is filled (the seed's own text, else the
  effect in words);
- ``[ ... ]`` an optional part, dropped when a placeholder inside it is empty;
- a line whose placeholders are all empty is dropped.

A box with ``unless = "column"`` is left off a card whose ``column`` is filled (the
rules in the seed's words replace the rendered effects). Effect cells (a column
with an effect vocabulary) print in the players' words through ``[phrases]``:
one template per verb (``"column.verb"`` for one column only) with ``{1}``, ``{2}``
the verb's arguments (``{+1}`` signed, as ``+2``), ``{turns}`` and ``{effect}`` (an
effect given as the arguments, e.g. a timing's), joined by ``phrase_join``.
``legend`` is printed at the foot of every page (what marks such as ``●`` mean).
Every template is bounded (:data:`MAX_TEXT` characters), every box finite.

Besides the sheet's columns a template may use ``_copies`` (copies of the card in
this print run) and ``_id`` (the sheet stem and spreadsheet row, e.g. ``cards:2``).

>>> layout = parse_layout('''
... [faces.cards]
... title = "name"
... [[faces.cards.boxes]]
... name = "title"
... text = "{name}[ ({name_en})]"
... box = [3, 3, 57, 8]
... ''', "demo.toml")
>>> box = layout.faces["cards"].boxes[0]
>>> box.size, box.min_size, box.columns
(9.0, 6.0, ('name', 'name_en'))
>>> render_template(box.text, {"name": "火花", "name_en": None}, {})
'火花'
>>> render_template("{star*★} [{cost}: ]{effect}", {"star": 2, "cost": 1, "effect": "damage 2"}, {})
'★★ 1: damage 2'
>>> render_template("{stage} {kind}", {"stage": 1, "kind": "event"}, {"stage.1": "幼少期", "event": "イベント"})
'幼少期 イベント'
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "Art",
    "Back",
    "Band",
    "Face",
    "LayoutError",
    "PrintLayout",
    "TextBox",
    "load_layout",
    "parse_layout",
    "render_template",
    "template_columns",
]

LAYOUT_FILE = "print_layout.toml"
REFERENCE_MM = (63.0, 88.0)
_PLACEHOLDER = re.compile(r"\{([^{}*]+)(?:\*([^{}]*))?\}")
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")
MAX_REPEAT = 20
#: the longest template, label, legend, word or phrase a layout may hold (characters).
MAX_TEXT = 2_000
MAX_LAYOUT_BYTES = 200_000


class LayoutError(ValueError):
    """A layout file that cannot be used: one line naming the file and the key."""


@dataclass(frozen=True)
class TextBox:
    """A text box: a template placed at (x, y, w, h) mm on the reference card."""

    name: str
    text: str
    box: tuple[float, float, float, float]
    size: float = 9.0
    min_size: float = 6.0
    colour: str = "#000000"
    align: str = "left"
    valign: str = "top"
    fill: str | None = None
    unless: str | None = None

    @property
    def columns(self) -> tuple[str, ...]:
        """The sheet columns the template reads (for problems: which column to fix)."""
        return template_columns(self.text)


@dataclass(frozen=True)
class Band:
    """A coloured rectangle whose colour is chosen by one column's value."""

    column: str
    box: tuple[float, float, float, float]
    colours: Mapping[str, str] = field(default_factory=dict)
    default: str = "#bbbbbb"

    def colour(self, record: Mapping[str, Any]) -> str:
        """The band's colour for one card (``default`` for a value not listed)."""
        value = record.get(self.column)
        return self.colours.get(str(value), self.default) if value is not None else self.default


@dataclass(frozen=True)
class Art:
    """The box kept for the card's picture (a light placeholder with a label)."""

    box: tuple[float, float, float, float]
    label: str = "{_id}"
    fill: str = "#eeeeee"


@dataclass(frozen=True)
class Back:
    """The back of every card: a colour and a centred text."""

    text: str = "workbench"
    fill: str = "#334455"
    colour: str = "#ffffff"
    size: float = 14.0


@dataclass(frozen=True)
class Face:
    """The face of the cards of one sheet."""

    sheet: str
    title: str
    boxes: tuple[TextBox, ...]
    copies: str | None = None
    band: Band | None = None
    art: Art | None = None
    border: str = "#333333"
    background: str = "#ffffff"


@dataclass(frozen=True)
class PrintLayout:
    """Every face of a game, its back, the word table and the reference card size."""

    file: str
    faces: Mapping[str, Face]
    back: Back = Back()
    words: Mapping[str, str] = field(default_factory=dict)
    reference: tuple[float, float] = REFERENCE_MM
    deck_sheet: str | None = None
    legend: str = ""
    phrases: Mapping[str, str] = field(default_factory=dict)
    phrase_join: str = "。"

    @property
    def deck_face(self) -> Face:
        """The face the cards of a deck list use (``deck_sheet``, else the first face)."""
        name = self.deck_sheet or next(iter(self.faces))
        return self.faces[name]


def template_columns(text: str) -> tuple[str, ...]:
    """The placeholders of a template, in order, without repeats.

    >>> template_columns("{a} [{b*★}] {a} {c|a}")
    ('a', 'b', 'c')
    """
    names = (c.strip() for m in _PLACEHOLDER.finditer(text) for c in m.group(1).split("|"))
    return tuple(dict.fromkeys(names))


def _value(
    record: Mapping[str, Any], column: str, repeat: str | None, words: Mapping[str, str]
) -> str:
    if "|" in column:
        for choice in column.split("|"):
            text = _value(record, choice.strip(), repeat, words)
            if text:
                return text
        return ""
    value = record.get(column)
    if value is None or value == "" or value is False:
        return ""
    if repeat is not None:
        try:
            times = int(value)
        except (TypeError, ValueError):
            return ""
        return repeat * max(0, min(times, MAX_REPEAT))
    if isinstance(value, list | tuple):
        joint = "・" if all(isinstance(v, str) for v in value) else "; "
        return joint.join(_word(str(v), column, words) for v in value)
    if value is True:
        return _word("true", column, words).replace("true", "✓")
    return _word(str(value), column, words)


def _word(text: str, column: str, words: Mapping[str, str]) -> str:
    """``words["column.value"]``, else ``words["value"]``, else the value itself."""
    return words.get(f"{column}.{text}", words.get(text, text))


def _fill(text: str, record: Mapping[str, Any], words: Mapping[str, str]) -> tuple[str, int, int]:
    """(text with placeholders filled, placeholders, empty placeholders)."""
    seen = empty = 0

    def one(match: re.Match[str]) -> str:
        nonlocal seen, empty
        value = _value(record, match.group(1).strip(), match.group(2), words)
        seen += 1
        empty += not value
        return value

    return _PLACEHOLDER.sub(one, text), seen, empty


def render_template(text: str, record: Mapping[str, Any], words: Mapping[str, str]) -> str:
    """A template filled from one card's record (see the module docstring)."""
    lines = []
    for line in text.split("\n"):

        def optional(match: re.Match[str]) -> str:
            filled, _, empty = _fill(match.group(1), record, words)
            return "" if empty else filled

        kept = _OPTIONAL.sub(optional, line)
        filled, seen, empty = _fill(kept, record, words)
        if seen and seen == empty:
            continue
        lines.append(filled.rstrip())
    return "\n".join(lines).strip("\n")


def _box(
    where: str, value: Any, reference: tuple[float, float]
) -> tuple[float, float, float, float]:
    if not (
        isinstance(value, list)
        and len(value) == 4
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise LayoutError(f"{where}: box must be [x, y, w, h] in mm, got {value!r}")
    x, y, w, h = (float(v) for v in value)
    if not all(math.isfinite(v) for v in (x, y, w, h)):
        raise LayoutError(f"{where}: box must be finite numbers in mm, got {value!r}")
    if (
        w <= 0
        or h <= 0
        or x < 0
        or y < 0
        or x + w > reference[0] + 1e-6
        or y + h > reference[1] + 1e-6
    ):
        raise LayoutError(
            f"{where}: box {value!r} is not inside the {reference[0]:g}×"
            f"{reference[1]:g} mm reference card"
        )
    return x, y, w, h


def _colour(where: str, value: Any) -> str:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise LayoutError(f"{where}: colour must be '#rrggbb', got {value!r}")
    return value.lower()


def _number(where: str, value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise LayoutError(f"{where}: must be a number from {low:g} to {high:g}, got {value!r}")
    return float(value)


def _text(where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise LayoutError(f"{where}: must be text, got {value!r}")
    if len(value) > MAX_TEXT:
        raise LayoutError(
            f"{where}: {len(value):,} characters; at most {MAX_TEXT:,} in one layout text"
        )
    return value


def _known(where: str, table: Mapping[str, Any], keys: set[str]) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise LayoutError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")


def _text_box(where: str, raw: Any, reference: tuple[float, float]) -> TextBox:
    if not isinstance(raw, dict):
        raise LayoutError(f"{where}: each box must be a table")
    _known(
        where,
        raw,
        {"name", "text", "box", "size", "min_size", "colour", "align", "valign", "fill", "unless"},
    )
    name = _text(f"{where}.name", raw.get("name", "box"))
    here = f"{where} ({name})"
    size = _number(f"{here}.size", raw.get("size", 9.0), 3, 72)
    min_size = _number(f"{here}.min_size", raw.get("min_size", min(6.0, size)), 3, size)
    align = raw.get("align", "left")
    valign = raw.get("valign", "top")
    if align not in ("left", "center", "right"):
        raise LayoutError(f"{here}.align: left, center or right, got {align!r}")
    if valign not in ("top", "middle", "bottom"):
        raise LayoutError(f"{here}.valign: top, middle or bottom, got {valign!r}")
    fill = raw.get("fill")
    unless = raw.get("unless")
    return TextBox(
        name,
        _text(f"{here}.text", raw.get("text", "")),
        _box(f"{here}.box", raw.get("box"), reference),
        size,
        min_size,
        _colour(f"{here}.colour", raw.get("colour", "#000000")),
        align,
        valign,
        None if fill is None else _colour(f"{here}.fill", fill),
        None if unless is None else _text(f"{here}.unless", unless),
    )


def _face(where: str, sheet: str, raw: Any, reference: tuple[float, float]) -> Face:
    if not isinstance(raw, dict):
        raise LayoutError(f"{where}: must be a table")
    _known(where, raw, {"title", "copies", "boxes", "band", "art", "border", "background"})
    boxes = raw.get("boxes", [])
    if not isinstance(boxes, list) or not boxes:
        raise LayoutError(f"{where}.boxes: at least one [[{where}.boxes]] table")
    band = art = None
    if "band" in raw:
        b = raw["band"]
        if not isinstance(b, dict):
            raise LayoutError(f"{where}.band: must be a table")
        _known(f"{where}.band", b, {"column", "box", "colours", "default"})
        colours = b.get("colours", {})
        if not isinstance(colours, dict):
            raise LayoutError(f"{where}.band.colours: a table value = '#rrggbb'")
        band = Band(
            _text(f"{where}.band.column", b.get("column")),
            _box(f"{where}.band.box", b.get("box"), reference),
            {str(k): _colour(f"{where}.band.colours.{k}", v) for k, v in colours.items()},
            _colour(f"{where}.band.default", b.get("default", "#bbbbbb")),
        )
    if "art" in raw:
        a = raw["art"]
        if not isinstance(a, dict):
            raise LayoutError(f"{where}.art: must be a table")
        _known(f"{where}.art", a, {"box", "label", "fill"})
        art = Art(
            _box(f"{where}.art.box", a.get("box"), reference),
            _text(f"{where}.art.label", a.get("label", "{_id}")),
            _colour(f"{where}.art.fill", a.get("fill", "#eeeeee")),
        )
    copies = raw.get("copies")
    return Face(
        sheet,
        _text(f"{where}.title", raw.get("title", "name")),
        tuple(_text_box(f"{where}.boxes[{i}]", b, reference) for i, b in enumerate(boxes)),
        None if copies is None else _text(f"{where}.copies", copies),
        band,
        art,
        _colour(f"{where}.border", raw.get("border", "#333333")),
        _colour(f"{where}.background", raw.get("background", "#ffffff")),
    )


def parse_layout(text: str, file: str = LAYOUT_FILE) -> PrintLayout:
    """A layout from TOML text; :class:`LayoutError` (one line) for anything it cannot use."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError(f"{file}: not valid TOML ({exc})") from None
    _known(
        file,
        raw,
        {"reference", "faces", "back", "words", "deck_sheet", "legend", "phrases", "phrase_join"},
    )
    ref = raw.get("reference", list(REFERENCE_MM))
    if not (isinstance(ref, list) and len(ref) == 2):
        raise LayoutError(f"{file}: reference must be [width, height] in mm")
    reference = (
        _number(f"{file}: reference width", ref[0], 20, 300),
        _number(f"{file}: reference height", ref[1], 20, 300),
    )
    faces_raw = raw.get("faces")
    if not isinstance(faces_raw, dict) or not faces_raw:
        raise LayoutError(f"{file}: no [faces.<sheet>] table")
    faces = {
        str(k): _face(f"{file}: faces.{k}", str(k), v, reference) for k, v in faces_raw.items()
    }
    back_raw = raw.get("back", {})
    if not isinstance(back_raw, dict):
        raise LayoutError(f"{file}: back must be a table")
    _known(f"{file}: back", back_raw, {"text", "fill", "colour", "size"})
    back = Back(
        _text(f"{file}: back.text", back_raw.get("text", "workbench")),
        _colour(f"{file}: back.fill", back_raw.get("fill", "#334455")),
        _colour(f"{file}: back.colour", back_raw.get("colour", "#ffffff")),
        _number(f"{file}: back.size", back_raw.get("size", 14.0), 4, 72),
    )
    words = _table(file, "words", raw.get("words", {}))
    phrases = _table(file, "phrases", raw.get("phrases", {}))
    deck_sheet = raw.get("deck_sheet")
    if deck_sheet is not None and deck_sheet not in faces:
        raise LayoutError(f"{file}: deck_sheet {deck_sheet!r} has no [faces.{deck_sheet}]")
    return PrintLayout(
        file,
        faces,
        back,
        words,
        reference,
        deck_sheet,
        _text(f"{file}: legend", raw.get("legend", "")),
        phrases,
        _text(f"{file}: phrase_join", raw.get("phrase_join", "。")),
    )


def _table(file: str, name: str, raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise LayoutError(f'{file}: {name} must be a table of value = "text"')
    return {str(k): _text(f"{file}: {name}.{k}", v) for k, v in raw.items()}


def load_layout(path: str | Path) -> PrintLayout:
    """The layout in a ``print_layout.toml`` file (:class:`LayoutError` if unusable)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_LAYOUT_BYTES:
            raise LayoutError(
                f"{path.name}: {path.stat().st_size:,} bytes; a layout is at most "
                f"{MAX_LAYOUT_BYTES:,}"
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{path}: cannot read the layout ({exc.__class__.__name__})") from None
    return parse_layout(text, path.name)
