"""Card sheets: schemas, loading (CSV / xlsx / Parquet), problems, effect vocabulary.

The public names::

    Column(name, kind="str", required=True, allowed=None, unique=False,
           min=None, max=None, vocabulary=None, description="", faces=None)
    Schema(game, columns, name="cards", description="", max_cell_chars=10_000, checks=())
    load_sheet(path, schema, *, sheet=None) -> Sheet
    Sheet.frame  Sheet.problems  Sheet.ok  Sheet.require_clean()  Sheet.records()
    SheetError (a ValueError; .problems)     Problem(file, row, column, rule, message)
    Vocabulary(verbs, aliases=None)  .parse(text) -> tuple[Effect, ...]  .format(effects)
    Effect(verb, args, turns=None)   EffectError (.position)

Kinds: ``str int bool dice effects list`` (see :mod:`workbench.cards.schema`).
Problem rows count as a spreadsheet app shows them: the header is row 1.
A game declares its sheets' schemas and how it reads them in its spec
(``GameSpec.sheets``; see :mod:`workbench.cards.registry`) and turns
``sheet.records()`` into its own frozen card type. Nothing in sheet text is ever evaluated as code.

The other modules:

- :mod:`~workbench.cards.deckrules` — ``check_deck(deck, cards, rules)``,
  rules as data (``data/mugen/deck_rules.csv``), ``load_deck``, ``load_deck_rules``;
- :mod:`~workbench.cards.components` — card counts against the seeds, as findings;
- :mod:`~workbench.cards.stats` — pool statistics (value counts, cost curve,
  effect totals, exact dice strength, deck cost share) as polars frames, charted
  by :mod:`workbench.charts.cards`; ``workbench.ui.sheet_view.SheetView`` is the
  notebook table;
- :mod:`~workbench.cards.registry` — a game's schemas and data files;
  ``workbench check`` (:mod:`workbench.cli.check_cmd`) is the command line.

Worked example: a vocabulary, a schema, a sheet with two mistakes.

>>> import pathlib, tempfile
>>> from workbench.cards import Column, Schema, Vocabulary, load_sheet
>>> VOCAB = Vocabulary({"damage": "int", "draw": "int", "atk": "signed turns?"})
>>> SCHEMA = Schema("demo", (
...     Column("name", unique=True, description="the card's name"),
...     Column("star", "int", min=1, max=3),
...     Column("power", "dice", required=False),
...     Column("effects", "effects", vocabulary=VOCAB, required=False),
... ))
>>> path = pathlib.Path(tempfile.mkdtemp()) / "cards.csv"
>>> _ = path.write_text(
...     "name,star,power,effects\\n"
...     "Slash,１,３Ｄ＋２,damage 3; draw 1\\n"
...     "Guard,4,1D,atk +2 for 2 turns\\n"
...     "Burn,2,2D,burn 2\\n", encoding="utf-8")
>>> sheet = load_sheet(path, SCHEMA)
>>> sheet.frame.row(0)
('Slash', 1, '3D+2', 'damage 3; draw 1')
>>> sheet.ok
False
>>> for problem in sheet.problems.iter_rows(named=True):
...     print(problem["row"], problem["column"], problem["rule"], "-", problem["message"])
3 star range - 4 is above the maximum 3
4 effects effects - unknown word 'burn' at character 1 (known: damage, draw, atk)
>>> sheet.records()[0]["effects"]
(Effect(verb='damage', args=(3,), turns=None), Effect(verb='draw', args=(1,), turns=None))
>>> sheet.require_clean()
Traceback (most recent call last):
...
workbench.cards.problems.SheetError: cards.csv row 3, column star [range]: 4 is above the maximum 3
cards.csv row 4, column effects [effects]: unknown word 'burn' at character 1 (known: damage, draw, atk)
"""

from workbench.cards.effects import Effect, EffectError, Vocabulary
from workbench.cards.loader import Sheet, load_sheet
from workbench.cards.problems import Problem, SheetError, problems_frame
from workbench.cards.schema import KINDS, Column, Schema

__all__ = [
    "KINDS",
    "Column",
    "Effect",
    "EffectError",
    "Problem",
    "Schema",
    "Sheet",
    "SheetError",
    "Vocabulary",
    "load_sheet",
    "problems_frame",
]
