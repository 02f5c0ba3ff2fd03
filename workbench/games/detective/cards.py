"""The detective's card sheets: ``data/detective/people.csv`` and ``events.csv``.

Both load through :mod:`workbench.cards` (schema, typed columns, problems
naming file/row/column) into frozen values:

- :class:`Person` — one of the 8 people: colour, copies, whether one card
  starts in the investigation deck, the action and (7 of them) the stronger
  awakened action;
- :class:`Event` — one of the 60 numbered events: kind (``placed`` stays in
  the notebook, ``oneshot`` is discarded), colour-icon cost, VP, death
  condition, related person, the discount it gives to the 4-discard rule,
  effects.

Person actions and event effects are closed vocabularies (see
:data:`ACTION_VERBS` and :func:`event_vocabulary`); costs are written with
colour words, ``red 2; black 1``.

>>> cs = load_cards()
>>> len(cs.people), len(cs.events), cs.person_cards
(8, 60, 39)
>>> cs.people["wasurenagusa"].name_ja, cs.people["wasurenagusa"].in_start_deck
('勿忘草', False)
>>> cs.events[0].cost
(('black', 1), ('yellow', 1), ('purple', 2))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from workbench.cards import Column, Effect, Problem, Schema, SheetError, Vocabulary
from workbench.cards.components import Expectation
from workbench.datafiles import data_files

from ._sheet import read_sheet

DATA = data_files("detective")

#: The component counts the seed states (checked by ``workbench.cards.components``).
COMPONENTS = (
    Expectation(
        "person cards",
        39,
        "seed: 人物カード（３９枚／各４枚、覚醒７枚）",
        "people",
        (("card", ("person", "awakened")),),
    ),
    Expectation("people", 8, "seed: 8 people × 4 cards", "people#rows", (("card", ("person",)),)),
    Expectation(
        "base person cards (8 × 4)", 32, "seed: 各４枚", "people", (("card", ("person",)),)
    ),
    Expectation(
        "cards of each person", 4, "seed: 各４枚", "people", (("card", ("person",)),), each="person"
    ),
    Expectation("awakened cards", 7, "seed: 覚醒７枚", "people", (("card", ("awakened",)),)),
    Expectation(
        "tragic night", 1, "seed: 惨劇の夜（１枚）", "people", (("card", ("tragic_night",)),)
    ),
    Expectation("event cards", 60, "seed: イベントカード（６０枚）", "events"),
)

COLOURS: tuple[str, ...] = ("black", "purple", "red", "white", "green", "yellow", "orange", "blue")
#: Display colours of the board (fill, text).
COLOUR_HEX: dict[str, tuple[str, str]] = {
    "black": ("#2b2b2b", "#ffffff"),
    "purple": ("#7b4ea3", "#ffffff"),
    "red": ("#c0392b", "#ffffff"),
    "white": ("#f4f1ea", "#222222"),
    "green": ("#2e8b57", "#ffffff"),
    "yellow": ("#e1b90f", "#222222"),
    "orange": ("#e67e22", "#222222"),
    "blue": ("#3b6fd1", "#ffffff"),
}
#: Colour that the 4-discard rule can never make.
BLACK = "black"

ACTION_VERBS: dict[str, str] = {"draw": "int", "discard": "int", "refill": ""}
ACTIONS = Vocabulary(
    ACTION_VERBS,
    descriptions={
        "draw": "every player draws N events",
        "discard": "every player discards N hand cards of their choice",
        "refill": "every player draws up to the hand limit",
    },
)
COSTS = Vocabulary({c: "int" for c in COLOURS}, descriptions={c: f"N {c} icons" for c in COLOURS})


def event_vocabulary(people: tuple[str, ...]) -> Vocabulary:
    """The closed event-effect vocabulary (person arguments from ``people``).

    >>> event_vocabulary(("yuri", "toru")).parse("suspect toru; draw 2")[0].args
    ('toru',)
    """
    who = "|".join(people)
    return Vocabulary(
        {
            "awaken": who,
            "draw": "int",
            "refill": "",
            "suspect": who,
            "clear": who,
            "others_discard": "int",
            "burn": "",
            "hand_limit": "int",
            "protect": "",
        },
        descriptions={
            "awaken": "placed: the person's awakened action is used while it is in a notebook",
            "draw": "the player draws N events",
            "refill": "the player draws up to the hand limit",
            "suspect": "move one card of the person from the supply to outside",
            "clear": "move the person's rightmost line card to outside",
            "others_discard": "every other player discards N cards of their choice",
            "burn": "discard one unprotected placed event from another player's notebook",
            "hand_limit": "placed: the owner's hand limit rises by N",
            "protect": "placed: events in this notebook cannot be burned",
        },
    )


PEOPLE_SCHEMA = Schema(
    "detective",
    (
        Column("id", unique=True, description="card row id"),
        Column("card", allowed=("person", "awakened", "tragic_night")),
        Column("person", required=False, description="the person the card belongs to"),
        Column("name_ja"),
        Column("name_en"),
        Column("colour", required=False, allowed=COLOURS),
        Column("copies", "int", min=1, max=9),
        Column("in_start_deck", "bool", description="one copy starts in the investigation deck"),
        Column("action", "effects", required=False, vocabulary=ACTIONS),
        Column("prototype", "bool"),
        Column("note", required=False),
    ),
    name="people",
)


def _events_schema(people: tuple[str, ...]) -> Schema:
    return Schema(
        "detective",
        (
            Column("no", "int", unique=True, min=1, max=999),
            Column("name_ja"),
            Column("name_en"),
            Column("kind", allowed=("placed", "oneshot")),
            Column("cost", "effects", vocabulary=COSTS),
            Column("vp", "int", min=0, max=20),
            Column("needs_dead", required=False, allowed=people),
            Column("person", required=False, allowed=people),
            Column("discount", "int", min=0, max=3),
            Column("effects", "effects", required=False, vocabulary=event_vocabulary(people)),
            Column("prototype", "bool"),
        ),
        name="events",
    )


@dataclass(frozen=True, slots=True)
class Person:
    """A person: colour, card counts and the two actions (awakened may be empty)."""

    id: str
    name_ja: str
    name_en: str
    colour: str
    copies: int
    in_start_deck: bool
    action: tuple[Effect, ...]
    awakened_action: tuple[Effect, ...] | None
    prototype: bool

    @property
    def has_awakened(self) -> bool:
        """True when an awakened card exists for this person."""
        return self.awakened_action is not None


@dataclass(frozen=True, slots=True)
class Event:
    """An event card (``no`` is its serial number: lower is more important)."""

    no: int
    name_ja: str
    name_en: str
    kind: str
    cost: tuple[tuple[str, int], ...]
    vp: int
    needs_dead: str | None
    person: str | None
    discount: int
    effects: tuple[Effect, ...]
    prototype: bool

    @property
    def placed(self) -> bool:
        """Stays in the notebook (else: one-shot, discarded after its effect)."""
        return self.kind == "placed"

    def has(self, verb: str) -> bool:
        """True when one of the effects uses ``verb``."""
        return any(e.verb == verb for e in self.effects)


@dataclass(frozen=True)
class CardSet:
    """Everything the rules need from the sheets."""

    people: Mapping[str, Person]
    events: tuple[Event, ...]
    tragic_name: tuple[str, str] = ("惨劇の夜", "The Tragic Night")

    @property
    def person_cards(self) -> int:
        """Person cards in the box (normal copies plus awakened cards)."""
        return sum(p.copies + p.has_awakened for p in self.people.values())

    def event(self, no: int) -> Event:
        """The event with serial number ``no`` (KeyError naming it otherwise)."""
        ev = self.by_no.get(no)
        if ev is None:
            raise KeyError(f"no event numbered {no}")
        return ev

    @property
    def by_no(self) -> dict[int, Event]:
        """Events by serial number."""
        return {e.no: e for e in self.events}

    def colour_of(self, person: str) -> str:
        """The person's colour."""
        return self.people[person].colour


def schemas(folder: Path | str | None = None) -> dict[str, Schema]:
    """The detective sheets' schemas by file stem (for ``workbench check``).

    The events schema names the people of ``people.csv`` in ``folder``
    (default: ``data/detective``), so an event naming an unknown person is a
    problem at its row and column.

    >>> sorted(schemas())
    ['events', 'people']
    """
    base = Path(folder) if folder is not None else DATA
    people = tuple(_people(base / "people.csv"))
    return {"people": PEOPLE_SCHEMA, "events": _events_schema(people)}


def loaded_schemas(loaded: Mapping[str, Any]) -> dict[str, Schema]:
    """The schemas given the sheets loaded so far (``GameSpec.sheets``): the events schema
    names the people of a loaded ``people`` sheet (``SheetError`` when that sheet is
    refused), else of the packaged one.

    >>> sorted(loaded_schemas({}))
    ['events', 'people']
    """
    sheet = loaded.get("people")
    if sheet is None:
        return schemas()
    rows = [(rec.pop("_row"), rec) for rec in sheet.require_clean().records()]
    people = tuple(people_from_rows(rows, sheet.file))
    return {"people": PEOPLE_SCHEMA, "events": _events_schema(people)}


def _people(path: Path) -> dict[str, Person]:
    return people_from_rows(read_sheet(path, PEOPLE_SCHEMA), path.name)


def people_from_rows(rows: list[tuple[int, dict[str, Any]]], file: str) -> dict[str, Person]:
    """The people of a clean people sheet's rows ((spreadsheet row, record) pairs from a
    loaded sheet); ``SheetError`` naming ``file`` for a person without a colour, an
    awakened card without its person or not exactly one tragic night."""
    normal: dict[str, dict] = {}
    awake: dict[str, tuple[Effect, ...]] = {}
    problems: list[Problem] = []
    tragic = 0
    for n, row in rows:
        if row["card"] == "tragic_night":
            tragic += 1
            continue
        who = row["person"]
        if not who or not row["colour"]:
            problems.append(
                Problem(
                    file,
                    n,
                    "person" if not who else "colour",
                    "required",
                    "person and awakened cards need a person and a colour",
                )
            )
            continue
        if row["card"] == "person":
            normal[who] = row
        else:
            awake[who] = row["action"] or ()
    for who in awake:
        if who not in normal:
            problems.append(
                Problem(
                    file,
                    None,
                    "person",
                    "unknown",
                    f"awakened card for {who!r} but no person row",
                )
            )
    if tragic != 1:
        problems.append(
            Problem(
                file,
                None,
                "card",
                "tragic_night",
                f"exactly one tragic_night row is needed, found {tragic}",
            )
        )
    if problems:
        raise SheetError(problems)
    return {
        who: Person(
            who,
            r["name_ja"],
            r["name_en"],
            r["colour"],
            r["copies"],
            r["in_start_deck"],
            r["action"] or (),
            awake.get(who),
            r["prototype"],
        )
        for who, r in normal.items()
    }


def _events(path: Path, people: tuple[str, ...]) -> tuple[Event, ...]:
    return events_from_rows(read_sheet(path, _events_schema(people)))


def events_from_rows(rows: list[tuple[int, dict[str, Any]]]) -> tuple[Event, ...]:
    """The events of a clean events sheet's rows ((spreadsheet row, record) pairs), by number."""
    out = []
    for _, r in rows:
        cost = tuple((e.verb, int(e.args[0] or 0)) for e in r["cost"])
        out.append(
            Event(
                r["no"],
                r["name_ja"],
                r["name_en"],
                r["kind"],
                cost,
                r["vp"],
                r["needs_dead"] or None,
                r["person"] or None,
                r["discount"],
                r["effects"] or (),
                r["prototype"],
            )
        )
    return tuple(sorted(out, key=lambda e: e.no))


def _rows(sheet: Any) -> list[tuple[int, dict[str, Any]]]:
    return [(rec.pop("_row"), rec) for rec in sheet.require_clean().records()]


def cards_from_sheets(sheets: Mapping[str, Any]) -> CardSet:
    """Both cards of loaded ``people`` and ``events`` sheets (``workbench.cards.Sheet``, the
    events sheet loaded with :func:`loaded_schemas`): in memory, no file read; the same
    checks as :func:`load_cards` (``SheetError`` naming the sheet's file).

    >>> from workbench.cards.registry import sheet_source
    >>> cards_from_sheets(sheet_source("detective").sheets) == load_cards()
    True
    """
    people = people_from_rows(_rows(sheets["people"]), sheets["people"].file)
    return CardSet(people, events_from_rows(_rows(sheets["events"])))


def load_cards(folder: Path | str | None = None) -> CardSet:
    """Load and check both sheets (``SheetError`` lists every problem found).

    >>> load_cards("/nowhere")
    Traceback (most recent call last):
    ...
    workbench.cards.problems.SheetError: /nowhere/people.csv [missing]: no such file
    """
    base = Path(folder) if folder is not None else DATA
    if folder is None:
        return _default()
    people = _people(base / "people.csv")
    return CardSet(people, _events(base / "events.csv", tuple(people)))


@cache
def _default() -> CardSet:
    people = _people(DATA / "people.csv")
    return CardSet(people, _events(DATA / "events.csv", tuple(people)))
