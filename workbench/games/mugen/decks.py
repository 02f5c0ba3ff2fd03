"""Decks for むげんの宙へ: reading deck lists and checking the construction rules.

The construction rules (seed, デッキの作り方): 40 cards; at most 4 copies of
a name; exactly one character skill, exactly 4 copies; ★3 at most 2 kinds and
8 cards, ★2 at most 5 kinds and 20 cards (the character counts); ★1 free.

The game checks decks with the shared checker (``workbench.cards.deckrules``
over ``data/mugen/deck_rules.csv``, :func:`rule_problems`); :func:`deck_problems`
is this module's own reading of the seed, the oracle the tests compare it with.

>>> from workbench.games.mugen.cards import load_cards
>>> deck_problems(SAMPLE_DECKS["sora"], load_cards())
[]
>>> deck_problems((("C01", 4), ("G01", 4)), load_cards())
['size: the deck has 8 cards, it needs exactly 40']
>>> rule_problems(read_deck(DECKS_DIR / "illegal_per_name.csv"))
['per-name: at most 4 copies of a name: 火花 ×5 — At most 4 cards of the same name']
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from workbench.cards.deckrules import DeckRule, check_deck, load_deck_rules
from workbench.games.mugen.cards import (  # noqa: F401 (normalise, ex_only, ex_warnings, read_deck: kept importable here)
    CARDS_CSV,
    DATA,
    DECK_SIZE,
    Card,
    Deck,
    cards_file,
    data_folder,
    ex_only,
    ex_warnings,
    load_cards,
    normalise,
    read_deck,
    read_sheet,
)

DECKS_DIR = DATA / "decks"
RULES_CSV = DATA / "deck_rules.csv"
MAX_COPIES = 4
STAR_LIMITS = {3: (2, 8), 2: (5, 20)}

_SAMPLE_LISTS: dict[str, Deck] = {
    # ソラ (★3, trait atk +1): aggressive; ★3 kinds: ソラ + 天穹の砲; ★2 kinds: 雷鳴 闘志 嵐 吸魂 逆鱗
    "sora": (
        ("C01", 4), ("G29", 4), ("G17", 4), ("G21", 4), ("G24", 4), ("G26", 2), ("G22", 2),
        ("G01", 4), ("G02", 4), ("G06", 2), ("G08", 2), ("G09", 2), ("G12", 2),
    ),
    # ミライ (★2): defensive (super set 星海の加護 and 鋼の構え, heals) with damage to win by; ★3 kinds:
    # 星海の加護 and one むげんの翼 (an EX skill is usable once a game: a second copy would be dead);
    # ★2 kinds: ミライ 鋼の構え 癒しの雨 雷鳴 吸魂 (issue 14: it held 4 むげんの翼, 4 天啓 and 4 時の歯車,
    # never won against ソラ and decked out in every mirror)
    "mirai": (
        ("C02", 4), ("G30", 4), ("G28", 1), ("G20", 4), ("G18", 4), ("G17", 4), ("G26", 4),
        ("G14", 4), ("G02", 4), ("G09", 3), ("G16", 2), ("G10", 2),
    ),
    # アオイ (★1): timed skills (issue 36: where the seed's お互い reading moves results) —
    # 焔の陣 (start: damage 2) and 灯火 (start: heal 1) set; ★3 kinds: 天穹の砲 星海の加護;
    # ★2 kinds: 焔の陣 闘志 時の歯車 雷鳴 吸魂
    "aoi": (
        ("C04", 4), ("G19", 4), ("G21", 4), ("G25", 4), ("G17", 4), ("G26", 4),
        ("G29", 4), ("G30", 4), ("G10", 4), ("G01", 4),
    ),
}  # fmt: skip


class DeckError(ValueError):
    """A deck that breaks a construction rule; ``.problems`` lists 'rule: message' lines."""

    def __init__(self, who: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{who} is not a legal deck: " + "; ".join(problems))


def deck_problems(deck: Iterable[tuple[str, int]], cards: Mapping[str, Card]) -> list[str]:
    """Every construction rule the deck breaks, as 'rule: message' (empty: legal)."""
    deck = normalise(deck)
    unknown = [c for c, _ in deck if c not in cards]
    if unknown:
        return [f"unknown-card: {', '.join(unknown)} not on the card sheet"]
    out: list[str] = []
    size = sum(n for _, n in deck)
    if size != DECK_SIZE:
        out.append(f"size: the deck has {size} cards, it needs exactly {DECK_SIZE}")
    over = [f"{cards[c].name} ({n})" for c, n in deck if n > MAX_COPIES]
    if over:
        out.append(f"copies: at most {MAX_COPIES} of a name: {', '.join(over)}")
    chars = [(c, n) for c, n in deck if cards[c].character]
    if len(chars) != 1:
        names = ", ".join(cards[c].name for c, _ in chars) or "none"
        out.append(f"character: exactly one character skill, found {len(chars)} ({names})")
    elif chars[0][1] != MAX_COPIES:
        out.append(
            f"character: {cards[chars[0][0]].name} needs exactly 4 copies, has {chars[0][1]}"
        )
    for star, (kinds, total) in STAR_LIMITS.items():
        these = [(c, n) for c, n in deck if cards[c].star == star]
        count = sum(n for _, n in these)
        if len(these) > kinds or count > total:
            names = ", ".join(f"{cards[c].name}×{n}" for c, n in these)
            out.append(
                f"star{star}: ★{star} at most {kinds} kinds and {total} cards, "
                f"has {len(these)} kinds and {count} cards ({names})"
            )
    return out


SAMPLE_DECKS: dict[str, Deck] = {k: normalise(v) for k, v in _SAMPLE_LISTS.items()}


def character_of(deck: Iterable[tuple[str, int]], cards: Mapping[str, Card]) -> str:
    """The deck's character card id ('' when there is none).

    >>> from workbench.games.mugen.cards import load_cards
    >>> character_of(SAMPLE_DECKS["mirai"], load_cards())
    'C02'
    """
    return next((c for c, _ in normalise(deck) if c in cards and cards[c].character), "")


@cache
def _sheet(path: str, mtime: float) -> Any:
    return read_sheet(path)


def loaded_sheet(path: str | Path) -> Any:
    """The card sheet at ``path``, loaded (``workbench.cards.Sheet``; cached by file time)."""
    resolved = Path(path).resolve()
    return _sheet(str(resolved), resolved.stat().st_mtime)


@cache
def _rules(path: str) -> tuple[DeckRule, ...]:
    return load_deck_rules(path)


def rule_problems(
    deck: Iterable[tuple[str, int]],
    cards_path: str | Path | None = None,
    rules_path: str | Path | None = None,
    data_dir: str | os.PathLike[str] | None = None,
) -> list[str]:
    """The shared checker's findings for a deck, as 'rule: message' lines (empty: legal).

    The sheet as :func:`~workbench.games.mugen.cards.cards_file` finds it, the rules
    (``deck_rules.csv``) from the data folder in use unless ``rules_path`` is given."""
    sheet = loaded_sheet(cards_file(cards_path, data_dir))
    rules = rules_path if rules_path is not None else data_folder(data_dir) / "deck_rules.csv"
    return sheet_rule_problems(deck, sheet, rules)


def sheet_rule_problems(
    deck: Iterable[tuple[str, int]], sheet: Any, rules_path: str | Path
) -> list[str]:
    """:func:`rule_problems` against a loaded card sheet (``workbench.cards.Sheet``): the
    sheet read in memory, the rules file once per run (cached by path).

    >>> from workbench.games.mugen.cards import read_sheet
    >>> sheet_rule_problems(SAMPLE_DECKS["sora"], read_sheet(), RULES_CSV)
    []
    """
    counts = dict(normalise(deck))
    frame = check_deck(counts, sheet, _rules(str(rules_path)), file="deck")
    return [f"{r['rule']}: {r['message']}" for r in frame.iter_rows(named=True)]


def sample_deck_files(data_dir: str | os.PathLike[str] | None = None) -> dict[str, Path]:
    """Deck name -> file of the sample decks in the data folder's ``mugen/decks/`` (sorted).

    >>> sorted(sample_deck_files())[:2]
    ['illegal_character_copies', 'illegal_character_kinds']
    """
    return {p.stem: p for p in sorted((data_folder(data_dir) / "decks").glob("*.csv"))}
