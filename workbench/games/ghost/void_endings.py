"""Where everybody loses (seed sections 7 and 9, issue 36): the void endings, how often they
come with 4, 2 or 0 copies of the sheet's 一般保護違反 and under each reaction reading, and
what happened on the turn of each one.

The seed lists 「「虚」にユーザー全員のゴーストがトラッシュされた。（一般保護違反）」 as a way the
game ends; the sheet turns the parenthesis into a mandatory event card, M04 一般保護違反 ×4
("every user sends its lowest ghost to 「虚」", ``prototype`` true in ``data/ghost/cards.csv``):
a card of the sheet, not of the seed. :func:`void_games` plays greedy games on the sheet
with that card's copies changed; :func:`void_causes` reads, for each void game, the step
that ended it from the recorded actions (the card downloaded last, the user turn, the
battles before) and replays the game step by step to read the same ending in its log.

>>> frame = void_games(copies=0, games=3, seed=0)
>>> frame["end"].to_list(), frame["void"].sum()
(['vp', 'vp', 'vp'], 0)
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import polars as pl

from workbench.engine.measure.verdict import judge, rate_span
from workbench.engine.runs.playout import playout_in_place
from workbench.games.ghost.cards import GhostCard, load_cards
from workbench.games.ghost.params import GhostParams
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import GhostGame
from workbench.prob.intervals import newcombe, wilson

__all__ = [
    "FAULT",
    "cause_sentence",
    "rate_sentence",
    "replay_ending",
    "void_causes",
    "void_games",
    "void_rates",
    "with_copies",
]

FAULT = "一般保護違反"
"""The sheet's mandatory event that sends every user's lowest ghost to 「虚」 (card M04)."""


def with_copies(
    copies: int, name: str = FAULT, cards: tuple[GhostCard, ...] | None = None
) -> tuple[GhostCard, ...]:
    """The sheet's cards with ``copies`` copies of the card ``name`` (0 takes it out), the
    ids renumbered 0..n-1 as the game wants them.

    >>> len(with_copies(4)), len(with_copies(2)), sum(c.name == FAULT for c in with_copies(0))
    (100, 98, 0)
    """
    sheet = load_cards() if cards is None else cards
    kept, seen = [], 0
    for c in sheet:
        if c.name == name:
            seen += 1
            if seen > copies:
                continue
        kept.append(c)
    if seen < copies:
        raise ValueError(f"the sheet has {seen} copies of {name}, fewer than {copies}")
    return tuple(replace(c, id=i) for i, c in enumerate(kept))


def _game(copies: int, players: int, **params: Any) -> GhostGame:
    return GhostGame(GhostParams(players=players, **params), cards=with_copies(copies))


def void_games(
    copies: int = 4, games: int = 200, seed: int = 0, players: int = 4, **params: Any
) -> pl.DataFrame:
    """One row per greedy game (seeds ``seed``…): its ending, user turns, battles, whether
    it ended void and the card of the step that ended it (the last action, when a card
    was downloaded)."""
    game = _game(copies, players, **params)
    player = greedy_player()
    rows = []
    for i in range(games):
        final = playout_in_place(game, player, seed + i).final
        rows.append(
            {
                "seed": seed + i,
                "end": final.result[0],
                "void": final.result[0] == "void",
                "user_turn": final.turns,
                "round": -(-final.turns // players),
                "battles": final.battles,
                "faults_downloaded": sum(game.cards[c].name == FAULT for c in final.trash),
            }
        )
    return pl.DataFrame(rows)


def void_rates(
    settings: dict[str, dict[str, Any]], games: int = 200, seed: int = 0, players: int = 4
) -> pl.DataFrame:
    """The void rate with its 95% Wilson interval for each named setting (``copies`` of
    一般保護違反 and any game parameters, e.g. ``reactions``), on the same seeds."""
    rows = []
    for label, setting in settings.items():
        extra = dict(setting)
        copies = int(extra.pop("copies", 4))
        frame = void_games(copies, games, seed, players, **extra)
        k = int(frame["void"].sum())
        low, high = wilson(k, games)
        rows.append(
            {
                "setting": label,
                "copies": copies,
                "reactions": extra.get("reactions", "every_step"),
                "games": games,
                "void": k,
                "rate": k / games,
                "low": low,
                "high": high,
            }
        )
    return pl.DataFrame(rows)


def rate_sentence(rates: pl.DataFrame, base: str, other: str) -> str:
    """How ``other``'s void rate compares with ``base``'s, the verb following the interval
    of the difference (Newcombe)."""
    a = rates.filter(pl.col("setting") == base).row(0, named=True)
    b = rates.filter(pl.col("setting") == other).row(0, named=True)
    low, high = newcombe(a["void"], a["games"], b["void"], b["games"])  # other - base
    word = judge(low, high, min(a["games"], b["games"]))
    return (
        f"{other}: {b['void']} void endings in {b['games']} games "
        f"({rate_span(b['low'], b['high'])}) against {a['void']} in {a['games']} with {base} "
        f"({rate_span(a['low'], a['high'])}): {word} (difference "
        f"{low * 100:+.1f} to {high * 100:+.1f} pts)"
    )


_MANDATORY = re.compile(r"mandatory event (\S+?):")
_SENT = re.compile(r"sent to 「虚」: ([^;]+)")


def replay_ending(game: GhostGame, seed: int) -> tuple[list[int], int, str, Any]:
    """Replay greedy game ``seed`` step by step on immutable states (the session's path):
    the user turns on which a 一般保護違反 was downloaded in play, how many ghosts went to 「虚」 on
    the ending step (read from the states), the ending step's log line and the final state."""
    r = playout_in_place(game, greedy_player(), seed, record=True)
    s = game.initial_state()
    turns: list[int] = []
    line = ""
    for k, a in enumerate(r.actions):
        top = s.tasks[-1]
        if (  # a download in play (the setup's deals set mandatory events aside)
            type(top).__name__ == "Download"
            and top.kind == "draw"
            and game.cards[int(a)].name == FAULT  # type: ignore[call-overload]
        ):
            turns.append(s.turns)
        if k == len(r.actions) - 1:
            line, before = game.action_label(s, a), len(s.void)
        s = game.apply(s, a)
    return turns, len(s.void) - before, line, s


def void_causes(
    frame: pl.DataFrame, copies: int = 4, players: int = 4, **params: Any
) -> pl.DataFrame:
    """For each void game of ``frame`` (from :func:`void_games` with these settings), read
    from its states replayed step by step: the user turn it ended on, the battles before,
    the user turns on which a 一般保護違反 was downloaded, the ghosts sent to 「虚」 on the
    ending step; and from its last log line: the mandatory events it names, the ghosts it
    sends to 「虚」, and whether the two agree."""
    game = _game(copies, players, **params)
    rows = []
    for row in frame.filter(pl.col("void")).iter_rows(named=True):
        turns, sent, line, final = replay_ending(game, row["seed"])
        named = _MANDATORY.findall(line)
        listed = _SENT.search(line)
        count = len(listed.group(1).split(", ")) if listed else 0
        rows.append(
            {
                "seed": row["seed"],
                "user_turn": row["user_turn"],
                "round": row["round"],
                "battles": row["battles"],
                "fault_turns": ", ".join(map(str, turns)),
                "fault_on_ending_turn": bool(turns) and turns[-1] == row["user_turn"],
                "sent_to_void": sent,
                "ending_line_names": ", ".join(named),
                "replay_agrees": FAULT in named
                and "everybody loses" in line
                and count == sent
                and final.result[0] == "void"
                and final.turns == row["user_turn"],
            }
        )
    schema = {
        "seed": pl.Int64,
        "user_turn": pl.Int64,
        "round": pl.Int64,
        "battles": pl.Int64,
        "fault_turns": pl.String,
        "fault_on_ending_turn": pl.Boolean,
        "sent_to_void": pl.Int64,
        "ending_line_names": pl.String,
        "replay_agrees": pl.Boolean,
    }
    return pl.DataFrame(rows, schema=schema)


def cause_sentence(causes: pl.DataFrame, players: int = 4) -> str:
    """What happened on the turn of each void ending, counted from ``causes``."""
    n = causes.height
    if n == 0:
        return "No game ended void: there is no void ending to explain."
    on_turn = int(causes["fault_on_ending_turn"].sum())
    first = int((causes["round"] == 1).sum())
    no_battle = int((causes["battles"] == 0).sum())
    agree = int(causes["replay_agrees"].sum())
    return (
        f"In {on_turn} of {n} void games a {FAULT} (the sheet's mandatory event) was "
        f"downloaded on the user turn the game ended; {first} of {n} ended in the first "
        f"round (user turns 1-{players}); {no_battle} of {n} had no battle before the "
        f"ending. Replayed step by step, {agree} of {n} end on that turn with a log line "
        f"naming {FAULT}, sending to 「虚」 the ghosts the states show going there, and "
        "saying everybody loses."
    )
