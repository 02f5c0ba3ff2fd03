"""The design questions of むげんの宙へ as functions the notebook calls.

- :func:`deck_legality` — every sample deck through the shared construction-rule checker;
- exact odds in :mod:`workbench.games.mugen.odds` (by turn, mana curve, copies needed);
- :func:`draws_simulated` — how often a card was in hand by own turn t in real games,
  and how often it was among the first 3 + t (4 + t) cards drawn (the exact schedule);
- :func:`mana_curve_simulated` — P(a castable play at the start of own turn t) in play;
- :func:`matchup` / :func:`matchup_summary` — deck against deck with seat swapping:
  win rates going first and second with Wilson intervals, turn of the kill, deck-outs;
- :func:`kill_turn_summary` — the expected turn of the kill with a 95% interval;
- :func:`revenge_draws` — revenge draws per game (the ``revenge_turn`` readings compared).

>>> from workbench.games.mugen.decks import SAMPLE_DECKS
>>> df = matchup(SAMPLE_DECKS["sora"], SAMPLE_DECKS["mirai"], n=4, seed=1)
>>> df.select("a_seat", "a_first").rows()
[(0, True), (1, False), (0, True), (1, False)]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from workbench.cards.problems import SheetError
from workbench.engine.kernel import Snapshot
from workbench.engine.kernel.seat import Player
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout_in_place
from workbench.games.mugen.cards import (
    Deck,
    cards_file,
    cards_from_sheet,
    data_folder,
    deck_sheet,
    ex_warnings,
    read_deck,
)
from workbench.games.mugen.decks import (
    deck_problems,
    loaded_sheet,
    rule_problems,
    sheet_rule_problems,
)
from workbench.games.mugen.players import greedy_player
from workbench.games.mugen.rules import MugenGame, make_game
from workbench.games.mugen.steps_cards import Draw
from workbench.games.mugen.steps_turn import Main
from workbench.prob.intervals import mean_interval, wilson

DrawRecord = tuple[int, int, str, str]  # seat, global turn, reason, card


def deck_legality(
    folder: str | Path | None = None,
    cards_path: str | Path | None = None,
    data_dir: str | os.PathLike[str] | None = None,
) -> pl.DataFrame:
    """One row per deck file: size, character, legal, broken rules (shared checker),
    whether this module's own reading of the seed agrees, and warnings (EX-only cards with
    more copies than a game can use: legal, but dead cards). ``cards_path`` is the pool the
    decks are built from (the sheet, or the seed-sized pool of :mod:`.pool`): a deck naming
    a card the pool lacks is not legal there (broken ``pool``). By default the decks and the
    sheet of the data folder in use (``data_dir``, else ``$WORKBENCH_DATA``, else packaged).

    >>> t = deck_legality()
    >>> t.filter(pl.col("deck") == "sora").select("legal", "broken").row(0)
    (True, '')
    >>> from workbench.games.mugen.pool import SEED_POOL_CSV
    >>> seed = deck_legality(cards_path=SEED_POOL_CSV)
    >>> seed.filter(pl.col("deck").is_in(["sora", "mirai"])).select("deck", "legal", "broken").rows()
    [('mirai', False, 'pool'), ('sora', True, '')]
    """
    cards_path = cards_file(cards_path, data_dir)
    folder = folder if folder is not None else data_folder(data_dir) / "decks"
    pool = f"{Path(cards_path).parent.name}/{Path(cards_path).name}"
    rules = data_folder(data_dir) / "deck_rules.csv"
    return sheet_deck_legality(folder, loaded_sheet(cards_path), rules, pool)


def sheet_deck_legality(
    folder: str | Path, sheet: Any, rules_path: str | Path, pool: str
) -> pl.DataFrame:
    """:func:`deck_legality` of the deck files in ``folder`` against a loaded card sheet
    (``workbench.cards.Sheet``, in memory) and the rules file; ``pool`` names the sheet in
    the 'not in' message.

    >>> from workbench.games.mugen.cards import read_sheet
    >>> from workbench.games.mugen.decks import DECKS_DIR, RULES_CSV
    >>> sheet_deck_legality(DECKS_DIR, read_sheet(), RULES_CSV, "cards.csv").equals(deck_legality())
    True
    """
    cards = cards_from_sheet(sheet)
    rows = []
    for path in sorted(Path(folder).glob("*.csv")):
        try:
            deck = read_deck(path, cards=cards)
        except SheetError as exc:
            missing = sorted(
                {m.split("'")[1] for m in exc.problems["message"].to_list() if "'" in m}
            )
            rows.append(
                {
                    "deck": path.stem,
                    "cards": int(deck_sheet(path).frame["count"].sum()),
                    "character": "",
                    "legal": False,
                    "broken": "pool",
                    "message": f"pool: not in {pool}: {', '.join(missing)}",
                    "oracle_agrees": True,
                    "warnings": "",
                }
            )
            continue
        shared = sheet_rule_problems(deck, sheet, rules_path)
        own = deck_problems(deck, cards)
        char = next((cards[c].name for c, _ in deck if cards[c].character), "")
        rows.append({
            "deck": path.stem, "cards": sum(n for _, n in deck), "character": char,
            "legal": not shared, "broken": "; ".join(p.split(":")[0] for p in shared),
            "message": " | ".join(shared), "oracle_agrees": (not shared) == (not own),
            "warnings": " | ".join(ex_warnings(deck, cards)),
        })  # fmt: skip
    return pl.from_dicts(rows)


def sample_decks(
    folder: str | Path | None = None, data_dir: str | os.PathLike[str] | None = None
) -> dict[str, Deck]:
    """The legal decks of the folder (default: the data folder's ``decks/``) by file stem.

    >>> sorted(sample_decks())
    ['mirai', 'sora']
    """
    out = {}
    folder = folder if folder is not None else data_folder(data_dir) / "decks"
    for path in sorted(Path(folder).glob("*.csv")):
        deck = read_deck(path, data_dir=data_dir)
        if not rule_problems(deck, data_dir=data_dir):
            out[path.stem] = deck
    return out


def traced_game(
    game: MugenGame, players: Sequence[Player], seed: int
) -> tuple[Snapshot, list[DrawRecord]]:
    """Play one game exactly as ``playout`` would (in place) and list every draw
    (seat, turn, reason, card): the recorded actions are stepped once more on a
    table, reading each draw step as it is resolved.

    >>> from workbench.engine import playout
    >>> game = make_game()
    >>> final, draws = traced_game(game, [random_player, random_player], 5)
    >>> final == playout(game, random_player, 5).final, draws[0][:3], len([d for d in draws if d[2] == "open"])
    (True, (0, 1, 'open'), 7)
    """
    result = playout_in_place(game, list(players), seed, record=True)
    draws: list[DrawRecord] = []
    t = game.new_table()
    for a in result.actions:
        top = t.tasks[-1]
        if type(top) is Draw:
            draws.append((top.seat, t.turn, top.why, str(a)))
        t.step(a)
    return result.final, draws


def own_turn_start(first: int, seat: int, t: int) -> int:
    """The global turn number of a seat's own turn t.

    >>> own_turn_start(0, 0, 3), own_turn_start(0, 1, 3)
    (5, 6)
    """
    return 2 * t - 1 if seat == first else 2 * t


def draws_simulated(
    deck: Deck,
    card_ids: Sequence[str],
    turns: Iterable[int] = range(1, 11),
    *,
    opponent: Deck | None = None,
    n: int = 400,
    seed: int = 0,
    players: Sequence[Player] = (random_player, random_player),
    **params: Any,
) -> pl.DataFrame:
    """Simulated frequencies of holding each card, ``n`` games going first and ``n`` second.

    ``measure`` "first n drawn": the card is among the first 3 + t (4 + t) cards
    drawn whatever the reason — the exact schedule's question, which the exact
    :func:`~workbench.games.mugen.odds.by_turn_exact` must match; "in hand by
    turn t": drawn before own turn t's main phase, revenge and effect draws
    included. Only games still going at own turn t count (column ``games``).
    Columns: card, going, measure, turn, games, hits, p, lo, hi (Wilson 95%).

    >>> from workbench.games.mugen.decks import SAMPLE_DECKS
    >>> t = draws_simulated(SAMPLE_DECKS["sora"], ["C01"], turns=[1], n=3, seed=1)
    >>> t.select("going", "measure", "games").rows()
    [('first', 'first n drawn', 3), ('first', 'in hand by turn t', 3), ('second', 'first n drawn', 3), ('second', 'in hand by turn t', 3)]
    """
    turns = list(turns)
    other = opponent if opponent is not None else deck
    hits: dict[tuple[str, str, str, int], int] = {}
    games: dict[tuple[str, int], int] = {}
    for going, seat in (("first", 0), ("second", 1)):
        game = make_game(
            decks=(deck, other) if seat == 0 else (other, deck), first_player=0, **params
        )
        base = game.params.opening[seat]
        for i in range(n):
            final, draws = traced_game(game, players, derive_seed(seed, going, i))
            mine = [(turn, reason, card) for q, turn, reason, card in draws if q == seat]
            for t in turns:
                start = own_turn_start(0, seat, t)
                if final.turn < start:
                    continue
                games[(going, t)] = games.get((going, t), 0) + 1
                natural = {c for _, _, c in mine[: base + t]}
                held = {
                    c
                    for turn, r, c in mine
                    if turn < start or (turn == start and r in ("open", "turn"))
                }
                for card in card_ids:
                    for measure, seen in (("first n drawn", natural), ("in hand by turn t", held)):
                        key = (card, going, measure, t)
                        hits[key] = hits.get(key, 0) + (card in seen)
    rows = []
    for (card, going, measure, t), k in sorted(hits.items()):
        m = games[(going, t)]
        lo, hi = wilson(k, m)
        rows.append({"card": card, "going": going, "measure": measure, "turn": t,
                     "games": m, "hits": k, "p": k / m, "lo": lo, "hi": hi})  # fmt: skip
    return pl.from_dicts(rows)


def _first_main(
    t: Any, top: Any, castable: bool, seen_turns: set[int], counts: dict[tuple[int, int], list[int]]
) -> None:
    """Count ``top`` when it is the first main phase of its turn: (seat, own turn) -> [main
    phases, castable ones]."""
    if type(top) is Main and t.turn not in seen_turns:
        seen_turns.add(t.turn)
        c = counts.setdefault((top.seat, (t.turn + 1) // 2), [0, 0])
        c[0] += 1
        c[1] += castable


def mana_curve_simulated(
    game: MugenGame,
    *,
    n: int = 300,
    seed: int = 0,
    players: Sequence[Player] = (greedy_player, greedy_player),
) -> pl.DataFrame:
    """P(at least one affordable skill at the first main-phase decision of own turn t), in play.

    Columns: seat, going, turn, games, castable, p, lo, hi.

    >>> t = mana_curve_simulated(make_game(), n=2, seed=1)
    >>> t.filter(pl.col("turn") == 1).select("seat", "games").rows()
    [(0, 2), (1, 2)]
    """
    counts: dict[tuple[int, int], list[int]] = {}
    for i in range(n):
        result = playout_in_place(game, list(players), derive_seed(seed, i), record=True)
        t = game.new_table()
        seen_turns: set[int] = set()
        for a, by_chance in zip(result.actions, result.chance):
            if not by_chance:
                top = t.tasks[-1]  # asked: a skill to use besides the end when more than one
                _first_main(t, top, len(top.legal(t)) > 1, seen_turns, counts)
            t.tasks.pop().resolve(t, a)
            t.settle(  # a main phase made by the kernel (forced) could only end the turn
                lambda top, _, t=t, seen=seen_turns: _first_main(t, top, False, seen, counts)
            )
    rows = []
    for (seat, t), (m, k) in sorted(counts.items()):
        lo, hi = wilson(k, m)
        rows.append({"seat": seat, "going": "first" if seat == game.params.first_player else "second",
                     "turn": t, "games": m, "castable": k, "p": k / m, "lo": lo, "hi": hi})  # fmt: skip
    return pl.from_dicts(rows)


def matchup(
    deck_a: Deck,
    deck_b: Deck,
    players: Sequence[Player] = (greedy_player, greedy_player),
    n: int = 200,
    seed: int = 0,
    **params: Any,
) -> pl.DataFrame:
    """Deck A (with ``players[0]``) against deck B (``players[1]``), swapping seats every game.

    Even games put A in seat 0 (going first), odd games in seat 1. One row per
    game: game, seed, a_seat, a_first, winner ("A", "B" or "none"), first_won,
    last_turn, kill_turn (the winner's own turn of the kill, null for a
    deck-out), deck_out, hp_a, hp_b.
    """
    games = {
        0: make_game(decks=(deck_a, deck_b), **params),
        1: make_game(decks=(deck_b, deck_a), **params),
    }
    rows = []
    for i in range(n):
        a_seat = i % 2
        game = games[a_seat]
        seats = list(players) if a_seat == 0 else list(reversed(players))
        s_i = derive_seed(seed, i)
        final = playout_in_place(game, seats, s_i).final
        won = game.winners(final)
        winner = "none" if len(won) != 1 else ("A" if won[0] == a_seat else "B")
        m = game.metrics(final)
        kill = bool(m["kill"])
        rows.append({
            "game": i, "seed": s_i, "a_seat": a_seat, "a_first": final.first == a_seat, "winner": winner,
            "first_won": len(won) == 1 and won[0] == final.first, "last_turn": final.turn,
            "kill_turn": (final.turn + 1) // 2 if kill else None, "deck_out": not kill,
            "hp_a": final.hp[a_seat], "hp_b": final.hp[1 - a_seat],
        })  # fmt: skip
    return pl.from_dicts(rows, schema_overrides={"kill_turn": pl.Int64})


def matchup_summary(df: pl.DataFrame) -> pl.DataFrame:
    """Win rates with Wilson 95% intervals: A overall, A going first, A going second,
    the first player, and the deck-out share.

    >>> df = pl.DataFrame({"a_first": [True, False], "winner": ["A", "B"], "first_won": [True, True],
    ...                    "deck_out": [False, True]})
    >>> matchup_summary(df).select("measure", "k", "n").rows()
    [('A wins', 1, 2), ('A wins going first', 1, 1), ('A wins going second', 0, 1), ('first player wins', 2, 2), ('deck-out', 1, 2)]
    """
    parts = [
        ("A wins", df, pl.col("winner") == "A"),
        ("A wins going first", df.filter(pl.col("a_first")), pl.col("winner") == "A"),
        ("A wins going second", df.filter(~pl.col("a_first")), pl.col("winner") == "A"),
        ("first player wins", df, pl.col("first_won")),
        ("deck-out", df, pl.col("deck_out")),
    ]
    rows = []
    for measure, frame, condition in parts:
        k, m = int(frame.filter(condition).height), frame.height
        lo, hi = wilson(k, m)
        rows.append(
            {
                "measure": measure,
                "k": k,
                "n": m,
                "rate": k / m if m else float("nan"),
                "lo": lo,
                "hi": hi,
            }
        )
    return pl.from_dicts(rows)


def kill_turns(df: pl.DataFrame) -> pl.DataFrame:
    """How many games ended by a kill on each of the winner's own turns (by winner).

    >>> kill_turns(pl.DataFrame({"winner": ["A", "A", "B"], "kill_turn": [8, 8, None]})).rows()
    [('A', 8, 2)]
    """
    return (
        df.filter(pl.col("kill_turn").is_not_null())
        .group_by("winner", "kill_turn")
        .len("games")
        .sort("winner", "kill_turn")
    )


def kill_turn_summary(df: pl.DataFrame) -> pl.DataFrame:
    """The expected turn of the kill (the round: own turn number) among games ended by a kill,
    in all and by winner: games, mean, a 95% interval of the mean (Student's t), median, min, max.

    >>> df = pl.DataFrame({"winner": ["A", "A", "B", "B"], "kill_turn": [8, 10, 9, None]})
    >>> kill_turn_summary(df).select("winner", "games", "mean", "median").rows()
    [('all', 3, 9.0, 9.0), ('A', 2, 9.0, 9.0), ('B', 1, 9.0, 9.0)]
    >>> [round(x, 3) for x in kill_turn_summary(df).row(0)[3:5]]
    [6.516, 11.484]
    """
    kills = df.filter(pl.col("kill_turn").is_not_null())
    rows = []
    for who in ["all", *sorted(set(kills["winner"].to_list()))]:
        turns = kills if who == "all" else kills.filter(pl.col("winner") == who)
        x = sorted(int(k) for k in turns["kill_turn"].to_list())
        n = len(x)
        mean, low, high = mean_interval(x)
        median = (x[(n - 1) // 2] + x[n // 2]) / 2 if n else float("nan")
        rows.append(
            {
                "winner": who,
                "games": n,
                "mean": mean,
                "lo": low,
                "hi": high,
                "median": median,
                "min": x[0] if n else None,
                "max": x[-1] if n else None,
            }
        )
    return pl.from_dicts(rows, schema_overrides={"min": pl.Int64, "max": pl.Int64})


def revenge_draws(
    game: MugenGame,
    players: Sequence[Player] | Player = random_player,
    *,
    n: int = 200,
    seed: int = 0,
) -> dict[str, Any]:
    """Revenge draws taken per game (a seat's ``revenge_draw`` actions), the share taken on the
    drawing seat's own turn, and the mean last turn, over ``n`` games played in place.

    >>> r = revenge_draws(make_game(), n=5, seed=1)  # the seed's reading: on the opponent's turn only
    >>> r["games"], r["total"], r["on_own_turn"]
    (5, 26, 0)
    """
    total = own = turns = 0
    counts = []
    for i in range(n):
        result = playout_in_place(game, players, derive_seed(seed, i), record=True)
        t = game.new_table()
        k = 0
        for a in result.actions:
            if a == "revenge_draw":
                k += 1
                own += t.tasks[-1].seat == t.active
            t.step(a)
        counts.append(k)
        total += k
        turns += result.final.turn
    mean, low, high = mean_interval(counts)
    return {
        "games": n,
        "total": total,
        "per_game": mean,
        "per_game_lo": low,
        "per_game_hi": high,
        "on_own_turn": own,
        "mean_last_turn": turns / n,
    }
