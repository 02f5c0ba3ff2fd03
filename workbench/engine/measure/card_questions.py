"""The card report's causal column per question: a card's effect on each of the game's
declared balance questions (``GameSpec.questions``), with intervals.

Each question is asked as :func:`~workbench.engine.measure.compare.compare` asks it: its
tables (a label -> the game's parameters, e.g. mugen's "ソラ first" and "ミライ first"),
its seats, game ``i`` of a table seeded and seated the same way for every sheet. The base
sheets play each table once (:func:`base_games`); a card's neutral sheets play the same
games (:func:`card_effects`), and compare's :class:`~workbench.engine.measure.compare.Pairs`
gives every measure's paired difference. The card's effect is base - neutral (what the
card adds), so its interval is compare's with the ends swapped; the verdict follows it.

>>> from workbench.cards.variants import Variant
>>> from workbench.engine.measure.card_report import neutral_variant
>>> from workbench.engine.measure.compare_sheets import sheet_set
>>> base = base_games("mugen", sheet_set("mugen", None), ["greedy"], 6, seed=1)
>>> side = sheet_set("mugen", neutral_variant(Variant.of("mugen"), "C02"))
>>> got = card_effects("mugen", base, side, ["greedy"], 6, seed=1)
>>> sorted(got[0]) == ["effect", "high", "kind", "low", "measure", "pairs", "question", "verdict"]
True
>>> [g["measure"] for g in got][:2]
['ソラ (A) wins', 'ソラ wins going first']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from workbench.engine.measure.compare import Pairs, pair_rows
from workbench.engine.measure.compare_sheets import SheetSet
from workbench.engine.measure.skilled import Question, game_questions
from workbench.engine.measure.verdict import judge

__all__ = ["BaseGames", "base_games", "card_effects"]

BaseGames = dict[tuple[str, str], list[dict[str, Any]]]
"""The base sheets' games of every (question, table)."""


def _table_rows(
    game: str,
    q: Question,
    table: str,
    side: SheetSet,
    params: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int,
) -> list[dict[str, Any]]:
    """The games of one table on ``side``, whose sheets' parameters (``side.params()``)
    the caller read once for all its tables."""
    (rows,) = pair_rows(
        game,
        q.key,
        table,
        dict(q.variants[table]),
        [params],
        [side.key],
        list(specs),
        q.seats,
        0,
        games,
        seed,
    )
    return rows


def base_games(game: str, base: SheetSet, specs: Sequence[str], games: int, seed: int) -> BaseGames:
    """Games ``0..games-1`` of every table of every question on the base sheets (none
    when the game declares no questions)."""
    qs = game_questions(game)
    params = base.params() if qs else {}
    return {
        (q.key, t): _table_rows(game, q, t, base, params, specs, games, seed)
        for q in qs
        for t in q.variants
    }


def card_effects(
    game: str,
    base: BaseGames,
    side: SheetSet,
    specs: Sequence[str],
    games: int,
    seed: int,
) -> list[dict[str, Any]]:
    """Per measure of every question: the card's effect (base - neutral) with its 95%
    interval from the pairs, the pairs and the verdict."""
    qs = game_questions(game)
    pairs = Pairs(game, qs)
    params = side.params() if qs else {}  # the sheets read once, not once a table
    for q in qs:
        for t in q.variants:
            rows = _table_rows(game, q, t, side, params, specs, games, seed)
            pairs.add(q.key, [base[(q.key, t)], rows])
    out = []
    for r in pairs.table().iter_rows(named=True):
        d, low, high = -r["difference"], -r["high"], -r["low"]
        out.append(
            {
                "question": r["question"],
                "measure": r["measure"],
                "kind": r["kind"],
                "effect": d,
                "low": low,
                "high": high,
                "pairs": int(r["pairs"]),
                "verdict": judge(low, high, int(r["pairs"])),
            }
        )
    return out


def effects_by_measure(effects: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """``{measure: effect row}``.

    >>> effects_by_measure([{"measure": "m", "effect": 0.1}])["m"]["effect"]
    0.1
    """
    return {e["measure"]: e for e in effects}
