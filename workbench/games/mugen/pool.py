"""The card pool a deck is built from: the seed's size against the prototype sheet's (issue 25
item 9).

The seed prints two A4 images of nine cards, each four times:
「上の2枚の画像をそれぞれA4で、各4枚(計8枚)印刷すると一人分のデッキ＋α分になります」 —
2 × 9 = 18 designs, 72 cards, one player's deck and a little more. The prototype sheet
``data/mugen/cards.csv`` has about twice the designs, so every deck-building answer asked
of it (legality, which cards a deck can hold) is asked of a larger pool than the seed's.
``data/mugen/seed_pool/cards.csv`` is a seed-sized prototype pool (18 designs: the ソラ
deck's 13 and five ★1 cards; every row ``prototype``) the same questions can be asked of.

>>> t = pool_table()
>>> t.select("pool", "designs", "characters", "printed").rows()
[('seed (2 A4 sheets of 9, each printed 4 times)', 18, None, 72), ('prototype sheet (cards.csv)', 37, 4, 148), ('seed-sized prototype pool (seed_pool/cards.csv)', 18, 1, 72)]
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import polars as pl

from workbench.games.mugen.cards import (
    CARDS_CSV,
    DATA,
    Card,
    cards_file,
    data_folder,
    load_cards,
)

SEED_SHEETS = 2
"""「上の2枚の画像」: two images of cards."""
SEED_PER_SHEET = 9
"""Nine cards to an A4 sheet (a 3 × 3 grid of poker cards)."""
SEED_COPIES = 4
"""「各4枚(計8枚)印刷」: each sheet printed four times."""
SEED_POOL_CSV = DATA / "seed_pool" / "cards.csv"

POOLS: dict[str, Path] = {
    "prototype sheet (cards.csv)": CARDS_CSV,
    "seed-sized prototype pool (seed_pool/cards.csv)": SEED_POOL_CSV,
}


def pool_files(data_dir: str | os.PathLike[str] | None = None) -> dict[str, Path]:
    """:data:`POOLS` in the data folder in use (``data_dir``, else ``$WORKBENCH_DATA``)."""
    return {
        "prototype sheet (cards.csv)": cards_file(None, data_dir),
        "seed-sized prototype pool (seed_pool/cards.csv)": data_folder(data_dir)
        / "seed_pool"
        / "cards.csv",
    }


def pool_table(
    pools: dict[str, Path] | None = None, data_dir: str | os.PathLike[str] | None = None
) -> pl.DataFrame:
    """Per pool: designs (characters, generic by star) and the cards printed with every
    design at the seed's 4 copies; the seed's own row from its printing instructions
    (default: both pools of the data folder in use).

    >>> pool_table().filter(pl.col("designs") == 37)["generic"].to_list()
    [33]
    """
    rows: list[dict[str, object]] = [
        {
            "pool": f"seed ({SEED_SHEETS} A4 sheets of {SEED_PER_SHEET}, each printed {SEED_COPIES} times)",
            "designs": SEED_SHEETS * SEED_PER_SHEET,
            "characters": None,
            "generic": None,
            "generic ★1": None,
            "generic ★2": None,
            "generic ★3": None,
            "printed": SEED_SHEETS * SEED_PER_SHEET * SEED_COPIES,
        }
    ]
    for name, path in (pools or pool_files(data_dir)).items():
        rows.append(pool_row(name, load_cards(path)))
    return pl.from_dicts(rows)


def pool_row(name: str, cards: Mapping[str, Card]) -> dict[str, object]:
    """One pool's row of :func:`pool_table` from its loaded cards (id -> Card).

    >>> pool_row("sheet", load_cards())["designs"] == pool_table()["designs"][1]
    True
    """
    designs = list(cards.values())
    generic = [c for c in designs if not c.character]
    return {
        "pool": name,
        "designs": len(designs),
        "characters": len(designs) - len(generic),
        "generic": len(generic),
        **{f"generic ★{k}": sum(c.star == k for c in generic) for k in (1, 2, 3)},
        "printed": len(designs) * SEED_COPIES,
    }


def pool_note(
    cards_path: str | Path | None = None, data_dir: str | os.PathLike[str] | None = None
) -> str:
    """The sentence printed beside every deck-building answer: the seed's pool against the
    sheet the answer was asked of (every figure counted from the files or the seed's line).

    >>> pool_note()[:78]
    'Pool: the seed prints 2 A4 sheets of 9 cards, each 4 times: 72 cards, 18 desig'
    """
    cards_path = cards_file(cards_path, data_dir)
    cards = load_cards(cards_path)
    seed = SEED_SHEETS * SEED_PER_SHEET
    chars = sum(c.character for c in cards.values())
    return (
        f"Pool: the seed prints {SEED_SHEETS} A4 sheets of {SEED_PER_SHEET} cards, each "
        f"{SEED_COPIES} times: {seed * SEED_COPIES} cards, {seed} designs (「一人分のデッキ＋α」). "
        f"This answer is asked of {Path(cards_path).parent.name}/{Path(cards_path).name}: "
        f"{len(cards)} designs ({chars} characters, {len(cards) - chars} generic), "
        f"{len(cards) / seed:.1f} × the seed's; the seed-sized prototype pool "
        f"(seed_pool/cards.csv) asks it of "
        f"{len(load_cards(data_folder(data_dir) / 'seed_pool' / 'cards.csv'))}."
    )


__all__ = [
    "POOLS",
    "SEED_COPIES",
    "SEED_PER_SHEET",
    "SEED_POOL_CSV",
    "SEED_SHEETS",
    "pool_files",
    "pool_note",
    "pool_row",
    "pool_table",
]
