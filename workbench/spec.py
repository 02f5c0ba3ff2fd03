"""What a game is, as one declared value: :class:`GameSpec`.

Every game — the workbench's own, Pig, the conformance toys, a designer's package
made by ``workbench new`` — exports one ``SPEC`` from its package ``__init__.py``.
The workbench reaches a game's parts only through it (by
:func:`workbench.registry.spec`): nothing is found by guessing a module or an
attribute name. Required parts say what the game is (name, title, rules version,
:class:`GameType`) and how to build it (``new_game``); each optional part unlocks a
feature, and a command that needs a missing one refuses with one line naming the
part and what it would unlock (:meth:`GameSpec.require`).

A part that lives in a module the package should not import up front (the board
imports ipywidgets, the questions import the engine) is declared as a :class:`Ref`,
``"module:attribute"``, imported when first used; a test resolves every ``Ref`` of
every registered game and checks its type against this contract (``docs/your-game.md``
has the same contract as a table).

This module is on the ground floor: it imports nothing of the engine, the games or
the views.

>>> nim = GameSpec(
...     name="nim", title="One-pile Nim", version="1",
...     game_type=GameType("perfect", "deterministic", 2, 2, "zero-sum"),
...     new_game=Ref("workbench.engine.conformance.toy:make_takeaway"),
... )
>>> nim.make_game({"stones": 4}).initial_state().stones
4
>>> nim.require("board", for_="workbench app")
Traceback (most recent call last):
...
workbench.spec.MissingPart: nim declares no board (GameSpec.board), which workbench app needs; declaring it unlocks a clickable board in notebooks, workbench app and the playtest page (docs/your-game.md)
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal, Protocol

__all__ = [
    "DataFolder",
    "FixedSchemas",
    "GameSpec",
    "GameType",
    "Loads",
    "MissingPart",
    "PlayerFamily",
    "Ref",
    "Render",
    "SheetSource",
    "Sheets",
    "Value",
    "WhatIfExample",
    "refs",
]

Information = Literal["perfect", "imperfect"]
Chance = Literal["deterministic", "explicit"]
Utility = Literal["win-loss", "zero-sum", "general-sum"]
Scoring = Literal["highest", "lowest", "own"]

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_TARGET = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*\Z")


class MissingPart(LookupError):
    """A command asked a game for a part its spec does not declare (one line)."""


class Loads(Protocol):
    """A declared part that gives its value on :meth:`load` (a :class:`Ref` or a :class:`Value`)."""

    def load(self) -> Any:
        """The part itself."""
        ...


class Render(Protocol):
    """The render contract, one shape for every game (``GameSpec.render``):
    ``render(game, state, viewer=None, picks=()) -> HTML``.

    ``viewer`` is the one seat parameter: a seat draws the table as that seat sees it
    (its own hand, the others face down), ``None`` the designer's whole table. ``picks``
    are the steps of a choice made by clicking the picture (ghost's attacker, then its
    target; detective's hand card), empty for a game that picks nothing in steps. Every
    view (board, playtest page, ``workbench app``) calls it with both keywords.
    """

    def __call__(
        self, game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()
    ) -> str:
        """The table as HTML for ``viewer``."""
        ...


@dataclass(frozen=True)
class Value:
    """A part given in place (for a package that may import it up front).

    >>> Value((1, 2)).load()
    (1, 2)
    """

    value: Any

    def load(self) -> Any:
        """The value."""
        return self.value


@dataclass(frozen=True)
class Ref:
    """A part named by where it lives, ``"package.module:attribute"``, imported on first use.

    Calling a ``Ref`` calls what it names, so a ``Ref`` stands wherever a callable part
    is declared; :meth:`load` gives the object itself (a constant, a class).

    >>> Ref("fractions:Fraction")(3, 6)
    Fraction(1, 2)
    >>> Ref("fractions:Fractoin").load()
    Traceback (most recent call last):
    ...
    ImportError: Ref 'fractions:Fractoin': module fractions has no 'Fractoin'
    >>> Ref("workbench.prob.dice")
    Traceback (most recent call last):
    ...
    ValueError: Ref 'workbench.prob.dice' must be written 'package.module:attribute'
    """

    target: str

    def __post_init__(self) -> None:
        if not isinstance(self.target, str) or not _TARGET.match(self.target):
            raise ValueError(f"Ref {self.target!r} must be written 'package.module:attribute'")

    def load(self) -> Any:
        """The object named (ImportError / AttributeError as Python raises them)."""
        module, _, attribute = self.target.partition(":")
        found: Any = importlib.import_module(module)
        for part in attribute.split("."):
            try:
                found = getattr(found, part)  # a declared name, not a probe: missing is an error
            except AttributeError:
                raise ImportError(
                    f"Ref {self.target!r}: module {module} has no {attribute!r}"
                ) from None
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


def refs(package: str) -> Callable[[str], Ref]:
    """A maker of :class:`Ref` relative to ``package`` (``here("rules:make_game")``).

    >>> refs("workbench.games.life")("rules:make_game").target
    'workbench.games.life.rules:make_game'
    """
    return lambda target: Ref(f"{package}.{target}")


@dataclass(frozen=True)
class GameType:
    """What kind of game it is (as OpenSpiel's ``GameType`` says it).

    ``information``: ``"perfect"`` (every seat sees the whole state) or ``"imperfect"``
    (hidden cards: observations and ISMCTS worlds matter). ``chance``:
    ``"deterministic"`` or ``"explicit"`` (chance steps with exact distributions).
    ``min_seats`` / ``max_seats``: the seats a game can be set up for. ``utility``:
    ``"win-loss"`` (one or more winners), ``"zero-sum"`` or ``"general-sum"`` scores.
    ``scoring``: how the game is won — ``"highest"`` or ``"lowest"`` score, or ``"own"``
    (the game's ``winners`` decides).

    >>> GameType("perfect", "explicit", 2, 1, "win-loss")
    Traceback (most recent call last):
    ...
    ValueError: GameType seats 2..1: min_seats must be at least 1 and at most max_seats
    """

    information: Information
    chance: Chance
    min_seats: int
    max_seats: int
    utility: Utility
    scoring: Scoring = "highest"

    def __post_init__(self) -> None:
        for name, allowed in (
            ("information", ("perfect", "imperfect")),
            ("chance", ("deterministic", "explicit")),
            ("utility", ("win-loss", "zero-sum", "general-sum")),
            ("scoring", ("highest", "lowest", "own")),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(f"GameType {name} must be one of {allowed}")
        if not 1 <= self.min_seats <= self.max_seats:
            raise ValueError(
                f"GameType seats {self.min_seats}..{self.max_seats}: min_seats must be at "
                "least 1 and at most max_seats"
            )


@dataclass(frozen=True)
class PlayerFamily:
    """A kind of player ``--players`` can name: ``make(argument)`` -> a player.

    ``make`` gets the text after the colon (``"20"`` of ``hold:20``) or None, and returns
    a player (``(view, rng) -> action``); a bad argument is a ``ValueError`` (one line).
    ``usage`` is how help texts write it (``hold:N``), ``about`` one sentence.
    """

    name: str
    make: Callable[[str | None], Any]
    usage: str = ""
    about: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise ValueError(f"player family name {self.name!r} must be lower-case letters")


@dataclass(frozen=True)
class SheetSource:
    """Sheets as the game reads them: stem -> loaded sheet (``workbench.cards.Sheet``), in
    memory, plus where each came from on disk when it did (``files``; empty for a sheet
    edited in memory)."""

    sheets: Mapping[str, Any]
    files: Mapping[str, Path] = field(default_factory=dict)

    def file(self, stem: str, game: str) -> Path:
        """The file sheet ``stem`` was read from; ``MissingPart`` (one line) for a sheet that
        lives only in memory, for a game that still reads its sheets from files."""
        try:
            return self.files[stem]
        except KeyError:
            raise MissingPart(
                f"{game} reads its {stem!r} sheet from a file, and this one is in memory only "
                "(save the variant first)"
            ) from None


@dataclass(frozen=True)
class Sheets:
    """The game's card sheets: their schemas and how the game reads them.

    ``stems``: the sheets, in the order they are loaded. ``schemas(loaded)``: stem ->
    ``workbench.cards.Schema``, given the sheets loaded so far in that order (a schema
    may name values of an earlier sheet; ``{}`` gives the packaged sheets' schemas).
    ``read(source)``: the ``make_game`` parameters that make the game play on these
    sheets (a :class:`SheetSource`), so a variant is a set of loaded sheets.
    """

    stems: tuple[str, ...]
    schemas: Callable[[Mapping[str, Any]], Mapping[str, Any]]
    read: Callable[[SheetSource], Mapping[str, Any]]


@dataclass(frozen=True)
class FixedSchemas:
    """``Sheets.schemas`` for sheets whose schemas depend on no other sheet: (stem, the
    ``Schema`` as a :class:`Ref` or :class:`Value`) pairs.

    >>> FixedSchemas((("die", Value("a schema")),))({})
    {'die': 'a schema'}
    """

    pairs: tuple[tuple[str, Loads], ...]

    def __call__(self, loaded: Mapping[str, Any]) -> dict[str, Any]:
        return {stem: part.load() for stem, part in self.pairs}


@dataclass(frozen=True)
class DataFolder:
    """Where the game's own sheets live: ``folder`` inside ``package``, found through
    :mod:`importlib.resources` from the declaring package, so a plug-in's data ships in
    its own package.

    >>> DataFolder("workbench.data", "life").path().name
    'life'
    """

    package: str
    folder: str = ""

    def path(self) -> Path:
        """The folder on disk (``FileNotFoundError`` for a zipped install)."""
        root = files(self.package)
        if not isinstance(root, Path):
            raise FileNotFoundError(
                f"{self.package} is installed zipped: its sheets are not a folder"
            )
        return root / self.folder if self.folder else root


@dataclass(frozen=True)
class WhatIfExample:
    """The notebook's worked "What if…" section: ``variant(base)`` builds the example
    edit (a ``workbench.cards.variants.Variant``), ``card`` is the card it edits,
    ``pairs`` the paired games a table plays and ``seed`` their seed."""

    variant: Callable[..., Any]
    card: str
    pairs: int
    seed: int = 1


_UNLOCKS = {
    "sheets": "workbench check, print, compare on sheet variants and the what-if grid",
    "data": "the game's packaged sheets, found from its own package",
    "players": "the game's own players by name in --players",
    "render": "the table as HTML in notebooks, the playtest page and workbench app",
    "board": "a clickable board in notebooks, workbench app and the playtest page",
    "chance_drawing": "chance outcomes drawn in the playtest page's last-chance strip",
    "questions": "balance questions for workbench compare, skilled answers and ladders",
    "sheet_figures": "the what-if section's exact figures, redrawn on an edit",
    "components": "component counts against the rulebook in workbench check",
    "extra_findings": "the game's own findings in workbench check",
    "deck_warnings": "deck-list warnings in workbench check",
    "print_layout": "print and play (workbench print)",
    "whatif": "the notebook's worked what-if example",
    "parameters": "checked parameters from replays and --set KEY=VALUE",
    "comparable": "which parameters workbench compare/play --set may vary",
    "card_events": "the card report (workbench cards): win rates when drawn, not drawn, played",
    "neutral_card": "the card report's causal column: each card replaced by a neutral one",
}


@dataclass(frozen=True)
class GameSpec:
    """Everything the workbench knows about one game (see the module docstring).

    Required: ``name`` (lower-case, the registry key), ``title``, ``version`` (the rules
    version replays record), ``game_type`` and ``new_game(**params) -> Game``. Optional
    parts default to "not declared"; :data:`PARTS` says what each unlocks.
    """

    name: str
    title: str
    version: str
    game_type: GameType
    new_game: Callable[..., Any]
    """``new_game(**params)``: the game (``workbench.engine`` kernel ``Game``)."""
    sheets: Sheets | None = None
    """Its card sheets (schemas, how it reads them): check, print, compare, what-if."""
    data: DataFolder | None = None
    """Where its packaged sheets live (found from the declaring package)."""
    players: tuple[PlayerFamily, ...] = ()
    """Its own player families (``hold:N``; a ``greedy`` here replaces the engine's)."""
    render: Render | None = None
    """``render(game, state, viewer=None, picks=()) -> HTML`` (:class:`Render`, the one
    shape); ``viewer`` a seat (that seat's view) or None (the designer's view, everything);
    ``picks`` the picture's half-made choice."""
    board: Callable[..., Any] | None = None
    """``board(seed=0) -> board view`` (``workbench.ui.board.BoardView``: its ``.widget`` is
    what notebooks and ``workbench app`` show)."""
    chance_drawing: Callable[[Any, Any, Any], str] | None = None
    """``chance_drawing(game, state, outcome) -> HTML`` of one chance outcome."""
    questions: Callable[[], Sequence[Any]] | None = None
    """``questions() -> (Question, ...)`` (``workbench.engine.measure.skilled``)."""
    sheet_figures: Loads | None = None
    """``.load()`` -> ``(SheetFigure, ...)``: the exact figures that read the sheets, each
    with the columns it reads (``workbench.engine.measure.sheet_figures``)."""
    components: Loads | None = None
    """``.load()`` -> ``(Expectation, ...)``: the rulebook's stated component counts
    (``workbench.cards.components``)."""
    extra_findings: Callable[[], Any] | None = None
    """``extra_findings() -> DataFrame`` of findings in the components' columns."""
    deck_warnings: Callable[[Any, Any], Sequence[Any]] | None = None
    """``deck_warnings(deck, cards) -> [Problem]`` for a deck list."""
    print_layout: str | None = None
    """The file in the game's data folder that lays its cards out for print and play."""
    whatif: Loads | None = None
    """``.load()`` -> :class:`WhatIfExample`: the notebook's worked what-if example."""
    parameters: Loads | None = None
    """``.load()`` -> the frozen params dataclass (each field's metadata: range, choices,
    the reading it stands for)."""
    comparable: tuple[str, ...] = ()
    """The parameters a comparison may vary (``--set KEY=VALUE``)."""
    card_events: Callable[[Any, Any], Mapping[int, Mapping[str, Any]]] | None = None
    """``card_events(game, final_state) -> {seat: {"owned": [...], "drawn": [...], "played":
    [...]}}`` (optionally ``"opening"``): the sheet's card keys each seat owned, drew and
    played in one game, read from its final state; unlocks the card report."""
    neutral_card: Callable[[str, Mapping[str, str]], Mapping[str, str]] | None = None
    """``neutral_card(sheet, row) -> {column: text}``: the cells that turn a card's row into a
    neutral card of the same cost (a vanilla card or a blank); unlocks the card report's
    causal column (the same deals replayed with the card neutral)."""
    seat_word: str = "Player"
    """What a seat is called in every view, numbered from 1 (``Player 1``; ghost's ``User``
    for its ユーザー): logs, boards, charts, tables, playtest pages and reviews."""
    test_game: bool = False
    """A test fixture: playable by name, left out of help texts and ``workbench app``."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise ValueError(
                f"game name {self.name!r} must be lower-case letters, digits and _ "
                "(start with a letter)"
            )
        for name in ("title", "version"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name):
                raise ValueError(f"game {self.name!r}: {name} must be non-empty text")
        if not isinstance(self.game_type, GameType):
            raise ValueError(f"game {self.name!r}: game_type must be a GameType")
        if not callable(self.new_game):
            raise ValueError(f"game {self.name!r}: new_game must be callable")

    @property
    def seats(self) -> range:
        """The seat counts the game can be set up for.

        >>> GameSpec("g", "G", "1", GameType("perfect", "explicit", 2, 4, "win-loss"), dict).seats
        range(2, 5)
        """
        return range(self.game_type.min_seats, self.game_type.max_seats + 1)

    def make_game(
        self, params: Mapping[str, Any] | None = None, sheets: SheetSource | None = None
    ) -> Any:
        """The game with these parameters, playing on these sheets (default: its own)."""
        kw = dict(params or {})
        if sheets is not None:
            kw.update(self.require("sheets", for_="playing on other sheets").read(sheets))
        return self.new_game(**kw)

    def require(self, part: str, *, for_: str) -> Any:
        """The declared ``part``, or :class:`MissingPart` naming it and what it unlocks."""
        if part not in PARTS:
            raise ValueError(f"{part!r} is not an optional part of a GameSpec")
        value = getattr(self, part)
        if value is None or value == ():
            raise MissingPart(
                f"{self.name} declares no {part} (GameSpec.{part}), which {for_} needs; "
                f"declaring it unlocks {PARTS[part]} (docs/your-game.md)"
            )
        return value

    def has(self, part: str) -> bool:
        """Whether optional ``part`` is declared."""
        if part not in PARTS:
            raise ValueError(f"{part!r} is not an optional part of a GameSpec")
        value = getattr(self, part)
        return value is not None and value != ()

    def player_family(self, name: str) -> PlayerFamily | None:
        """The game's own player family ``name``, if it declares one."""
        return next((f for f in self.players if f.name == name), None)

    def data_folder(self) -> Path | None:
        """The folder of its packaged sheets (None when it declares none)."""
        return self.data.path() if self.data is not None else None


PARTS: Mapping[str, str] = {
    f.name: _UNLOCKS[f.name] for f in dataclasses.fields(GameSpec) if f.name in _UNLOCKS
}
"""Optional part -> what it unlocks (the sentence :meth:`GameSpec.require` says)."""
