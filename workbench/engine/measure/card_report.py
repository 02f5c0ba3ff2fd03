"""Which card carries the game: a per-card report that separates cause from correlation.

From one batch of simulated games (:func:`card_report`), per card of the sheet:

- **17lands-style columns** (correlations), each with its 95% Wilson interval: the owner's
  win rate when the card was in the opening hand (when the game's card events give
  ``"opening"``: ``win_opening``, ``n_opening`` and ``n_not_opening``, and the column
  ``in_opening_hand`` in words; a game without it gets only ``in_opening_hand`` =
  "not declared"), when it
  was drawn, when it was not drawn, IWD = drawn - not drawn (Newcombe's interval for two
  independent rates), and how often it was played when held (a dead card shows). The
  game tells what each seat owned, drew and played through ``GameSpec.card_events``.
- **The causal column**: the same deals (game ``i`` of base and edit share seed and seats,
  :mod:`.paired_edit`) replayed with the card replaced by the game's neutral card
  (``GameSpec.neutral_card``); the card's effect on its owner's win rate is base minus
  neutral over the (game, owner seat) pairs, with Newcombe's paired interval
  (:func:`~workbench.prob.intervals.paired_newcombe`), and its effect on game length with
  a t interval over the paired differences.
- **A flag** where IWD and the causal effect disagree beyond their intervals (the two
  intervals do not meet), with a sentence naming the likely bias from the data: timing
  (games where it was drawn were longer or shorter), deck (its owners win or lose anyway),
  or seat (its owners sat first more or less often than the others).

**Racing** keeps the causal column affordable (:mod:`.card_racing`): every card starts on a
share of the games; after each round a card is stopped when its racing interval is clear
of every other card's (its place is settled) or lies within
:data:`~.card_racing.NEGLIGIBLE` of 0 (it hardly matters); the rest play twice as many
games, up to the batch. The intervals racing reads, and the interval printed for a card
it stopped, are anytime-valid confidence sequences
(:class:`~workbench.prob.sequential.ConfidenceSequence`), so stopping at a peek keeps
their coverage; a card that ran the whole batch keeps the fixed-size interval
(``interval`` says which). :attr:`CardReport.cost` says what it cost (games, CPU and wall
seconds) and what playing every card on every game would have cost.

**Per question** (:mod:`.card_questions`): each card's neutral sheets also play the game's
declared balance questions on compare's paired games (``question_games`` per table), so
the row's ``questions`` holds the card's effect on every measure of them, with intervals.

**Per deck**: a game whose seats play named decks says so (``"deck"`` in its card
events); :attr:`CardReport.decks` then has one row per (deck, card) with the same
columns read over the seats that played that deck. A game with a shared draw pile names
the seat that took a card (``"holds"``): the causal column reads that seat's win rate.

>>> r = card_report("mugen", "greedy", games=20, seed=3, cards=["G01", "C02"], question_games=4)
>>> r.table["card"].to_list(), int(r.cost["games_base"])
(['G01', 'C02'], 20)
>>> sorted(set(r.decks["deck"]))
['C01 ソラ', 'C02 ミライ']
>>> r.table.filter(pl.col("card") == "G01")["owned"].item() > 0
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist, mean
from typing import Any

import polars as pl

from workbench.cards.variants import Variant
from workbench.engine.measure.card_questions import base_games, card_effects
from workbench.engine.measure.card_racing import Race
from workbench.engine.measure.compare_sheets import CompareError, SheetSet, sheet_set
from workbench.engine.measure.paired_edit import (
    MAX_GAMES,
    base_variant,
    check_request,
    edit_rows,
    forget_built,
)
from workbench.engine.measure.verdict import TOO_FEW, judge
from workbench.prob.intervals import (
    Interval,
    mean_interval,
    newcombe,
    pair_counts,
    paired_newcombe,
    wilson,
)
from workbench.registry import spec

__all__ = ["MAX_GAMES", "CardReport", "CardReportError", "card_report", "neutral_variant"]

ROUNDS = 4
"""Racing rounds: the first plays a share of 1/2**(ROUNDS-1) of the games, each next twice as many."""


class CardReportError(CompareError):
    """A report that cannot be made as asked (one line naming the argument)."""


@dataclass(frozen=True)
class CardReport:
    """What :func:`card_report` found: ``table`` (one row per card) and what it cost."""

    game: str
    players: tuple[str, ...]
    games: int
    seed: int
    table: pl.DataFrame
    cost: Mapping[str, float] = field(default_factory=dict)
    decks: pl.DataFrame = field(default_factory=pl.DataFrame)

    def ranked(self) -> pl.DataFrame:
        """The cards the causal column measured, largest effect first."""
        return self.table.filter(pl.col("effect").is_not_nan()).sort("effect", descending=True)

    def sentences(self) -> list[str]:
        """What the report says, in words that follow the intervals (printed from data)."""
        out = []
        ranked = self.ranked()
        if ranked.height:
            top = ranked.row(0, named=True)
            rest = ranked["effect_high"].to_list()[1:]
            clear = bool(rest) and top["effect_low"] > max(rest)
            out.append(
                f"{top['label']} has the largest effect on its owner's win rate: "
                f"{_pp(top['effect'])} [{_pp(top['effect_low'])}, {_pp(top['effect_high'])}] "
                f"against the neutral card over {top['effect_pairs']} paired games ("
                + (
                    "its interval is clear of every other card's)"
                    if clear
                    else TOO_FEW + " whether it is ahead of the next)"
                )
            )
            moved = [
                r["label"]
                for r in ranked.iter_rows(named=True)
                if r["verdict"] in ("higher", "lower")
            ]
            out.append(
                f"{len(moved)} of {ranked.height} cards measured change their owner's win rate "
                "beyond their 95% interval"
                + (f": {', '.join(moved)}" if moved else "")
                + f" (chance alone puts about {0.05 * ranked.height:.1f} of {ranked.height} "
                "outside theirs)"
            )
        for r in self.table.filter(pl.col("disagree")).iter_rows(named=True):
            out.append(f"{r['label']}: {r['bias']}")
        out.extend(self.question_sentences())
        c = self.cost
        out.append(
            f"cost: {int(c['games_base'])} base games and {int(c['games_causal'])} replayed with a "
            f"neutral card (every card on every game: {int(c['games_unraced'])}), "
            f"{int(c.get('games_questions', 0))} games of the balance questions, "
            f"{c['cpu_s']:.1f} CPU s, {c['wall_s']:.1f} s wall"
        )
        return out

    def question_sentences(self, top: int = 3) -> list[str]:
        """Per measure of the game's questions, the ``top`` cards by the size of their
        effect on it, each with its interval and verdict (printed from the data)."""
        if "questions" not in self.table.columns:
            return []
        by_measure: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for r in self.table.iter_rows(named=True):
            for e in r["questions"] or ():
                by_measure.setdefault(e["measure"], []).append((r["label"], e))
        out = []
        for measure, rows in by_measure.items():
            rows.sort(key=lambda x: -abs(x[1]["effect"]) if not math.isnan(x[1]["effect"]) else 0)
            say = _pp if rows[0][1]["kind"] == "rate" else _signed
            parts = [
                f"{label} {say(e['effect'])} [{say(e['low'])}, {say(e['high'])}] {e['verdict']}"
                for label, e in rows[:top]
            ]
            pairs = rows[0][1]["pairs"]
            out.append(f"{measure} ({pairs} paired games): " + "; ".join(parts))
        return out

    def as_json(self) -> dict[str, Any]:
        """``{"game", "games", "players", "seed", "cost", "cards": [row, ...]}`` (NaN as null)."""

        def num(x: Any) -> Any:
            if isinstance(x, list):
                return [num(v) for v in x]
            if isinstance(x, dict):
                return {k: num(v) for k, v in x.items()}
            return None if isinstance(x, float) and math.isnan(x) else x

        return {
            "game": self.game,
            "games": self.games,
            "players": ",".join(self.players),
            "seed": self.seed,
            "cost": dict(self.cost),
            "cards": [{k: num(v) for k, v in r.items()} for r in self.table.iter_rows(named=True)],
            "decks": [{k: num(v) for k, v in r.items()} for r in self.decks.iter_rows(named=True)],
        }


def _pp(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x * 100 + 0.0:+.1f} pts"


def _signed(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x + 0.0:+.2f}"


def neutral_variant(base: Variant, card: str) -> Variant:
    """``base`` with ``card`` made the game's neutral card (``GameSpec.neutral_card``).

    >>> v = neutral_variant(Variant.of("mugen"), "G01")
    >>> v.tables()["cards"].cell("G01", "skill1_effects")
    'mp +0'
    """
    neutral = spec(base.game).require("neutral_card", for_="the card report's causal column")
    for stem, table in base.tables().items():
        try:
            i = table.index(card)
        except KeyError:
            continue
        row = dict(zip(table.header, table.rows[i], strict=True))
        return base.set_cells(stem, card, dict(neutral(stem, row)))
    raise CardReportError(f"{base.game}: no sheet has a card {card!r}")


def _labels(base: Variant) -> dict[str, str]:
    out: dict[str, str] = {}
    for table in base.tables().values():
        k = table.header.index(table.key)
        named = [h for h in ("name", "name_ja", "name_en") if h in table.header]
        name = table.header.index(named[0]) if named else k
        for row in table.rows:
            out.setdefault(row[k], f"{row[k]} {row[name]}" if name != k else row[k])
    return out


def _aliases(base: Variant) -> dict[str, str]:
    """A card's unique name (``name``, ``name_ja``, ``name_en``) -> its key, so a game's
    card events may name a card either way (a game that keeps no sheet key in its state).

    >>> _aliases(Variant.of("mugen"))["火花"]
    'G01'
    """
    out: dict[str, str] = {}
    keys = {row[t.header.index(t.key)] for t in base.tables().values() for row in t.rows}
    for table in base.tables().values():
        k = table.header.index(table.key)
        for h in ("name", "name_ja", "name_en"):
            if h not in table.header:
                continue
            i = table.header.index(h)
            names = [row[i] for row in table.rows]
            for row in table.rows:
                if row[i] and names.count(row[i]) == 1 and row[i] not in keys:
                    out.setdefault(row[i], row[k])
    return out


def _by_key(rows: Sequence[Mapping[str, Any]], alias: Mapping[str, str]) -> None:
    """Every card the rows' card events name, by its sheet key (in place)."""
    for r in rows:
        for ev in r["observed"].values():
            for part in ("owned", "drawn", "played", "opening", "holds"):
                if part in ev:
                    ev[part] = [alias.get(str(c), str(c)) for c in ev[part]]


def _owner_won(row: Mapping[str, Any], seat: int) -> bool:
    return seat in (row["winners"] or ())


def _correlations(
    rows: Sequence[Mapping[str, Any]], card: str, deck: str | None = None
) -> dict[str, Any]:
    """The 17lands-style columns of one card over the base games (with ``deck``: only the
    seats that played that deck)."""
    tally: dict[str, list[bool]] = {
        "owned": [], "drawn": [], "not_drawn": [], "opening": [], "not_opening": []
    }  # fmt: skip
    turns: dict[str, list[float]] = {"drawn": [], "not_drawn": []}
    played: list[bool] = []
    first_share = [0, 0]  # owner seats that sat first, owner seats
    opening_known = False
    for r in rows:
        for seat, ev in r["observed"].items():
            if card not in ev["owned"] or (deck is not None and ev.get("deck") != deck):
                continue
            won = _owner_won(r, seat)
            tally["owned"].append(won)
            first_share[1] += 1
            first_share[0] += int(seat == 0)
            drawn = card in ev["drawn"]
            tally["drawn" if drawn else "not_drawn"].append(won)
            turns["drawn" if drawn else "not_drawn"].append(float(r["turns"]))
            if drawn:
                played.append(card in ev["played"])
            if "opening" in ev:
                opening_known = True
                tally["opening" if card in ev["opening"] else "not_opening"].append(won)
    out: dict[str, Any] = {"owned": len(tally["owned"])}
    for name in ("owned", "opening", "drawn", "not_drawn"):
        if name == "opening" and not opening_known:
            continue  # the game declares no opening hand: no column, never zeros
        k, n = sum(tally[name]), len(tally[name])
        w = wilson(k, n) if n else Interval(math.nan, math.nan)
        out[f"win_{name}"] = k / n if n else math.nan
        out[f"win_{name}_low"], out[f"win_{name}_high"] = (w.low, w.high) if n else (math.nan,) * 2
        out[f"n_{name}"] = n
    if opening_known:
        out["n_not_opening"] = len(tally["not_opening"])
    out["in_opening_hand"] = _opening_words(out) if opening_known else "not declared"
    kd, nd = sum(tally["drawn"]), len(tally["drawn"])
    kn, nn = sum(tally["not_drawn"]), len(tally["not_drawn"])
    if nd and nn:
        iwd = newcombe(kn, nn, kd, nd)
        out.update(iwd=kd / nd - kn / nn, iwd_low=iwd.low, iwd_high=iwd.high)
    else:
        out.update(iwd=math.nan, iwd_low=math.nan, iwd_high=math.nan)
    kp, npl = sum(played), len(played)
    pw = wilson(kp, npl)
    out.update(
        played_when_held=kp / npl if npl else math.nan,
        played_low=pw.low if npl else math.nan,
        played_high=pw.high if npl else math.nan,
        turns_drawn=mean(turns["drawn"]) if turns["drawn"] else math.nan,
        turns_not_drawn=mean(turns["not_drawn"]) if turns["not_drawn"] else math.nan,
        owner_first_share=first_share[0] / first_share[1] if first_share[1] else math.nan,
        fair_share=1 / len(rows[0]["observed"]) if rows else math.nan,
    )
    return out


def _opening_words(col: Mapping[str, Any]) -> str:
    """The "in opening hand" column in words: the owner's win rate when the card was in
    the opening hand, its 95% interval, and the owner-games it was and was not there.

    >>> _opening_words({"win_opening": 0.5, "win_opening_low": 0.3, "win_opening_high": 0.7,
    ...                 "n_opening": 20, "n_not_opening": 60})
    '50% [30%, 70%] (in 20 of 80 games)'
    >>> _opening_words({"win_opening": math.nan, "n_opening": 0, "n_not_opening": 12})
    'never in an opening hand (0 of 12 games)'
    """
    n, rest = col["n_opening"], col["n_not_opening"]
    if not n:
        return f"never in an opening hand (0 of {rest} games)"
    return (
        f"{col['win_opening']:.0%} [{col['win_opening_low']:.0%}, {col['win_opening_high']:.0%}] "
        f"(in {n} of {n + rest} games)"
    )


def _holds(ev: Mapping[str, Any]) -> Any:
    """The cards whose effect on this seat's win rate the causal column reads: ``holds``
    when the game gives it (a shared draw pile: the seat that took the card), else
    ``owned``."""
    return ev.get("holds", ev["owned"])


def _pairs(
    base: Sequence[Mapping[str, Any]],
    variant: Mapping[int, Mapping[str, Any]],
    card: str,
    deck: str | None = None,
) -> tuple[list[tuple[bool, bool]], list[float]]:
    """(neutral won, base won) per (game, holder seat) and the games' length differences;
    with ``deck``, only the seats that played that deck."""
    wins: list[tuple[bool, bool]] = []
    turns: list[float] = []
    for r in base:
        v = variant.get(r["game"])
        if v is None:
            continue
        owners = [
            s
            for s, ev in r["observed"].items()
            if card in _holds(ev) and (deck is None or ev.get("deck") == deck)
        ]
        if not owners:
            continue
        turns.append(float(r["turns"]) - float(v["turns"]))
        wins.extend((_owner_won(v, s), _owner_won(r, s)) for s in owners)
    return wins, turns


def _interval(wins: Sequence[tuple[bool, bool]], z: float) -> Interval:
    return paired_newcombe(*pair_counts(wins), z=z)


def card_report(
    game: str,
    players: Sequence[str] | str = "greedy",
    games: int = 200,
    seed: int = 0,
    *,
    base: Any = None,
    cards: Sequence[str] | None = None,
    causal: bool = True,
    race: bool = True,
    question_games: int | None = None,
) -> CardReport:
    """Play ``games`` games on the base sheets and report every card (module docstring).

    ``base``: a :class:`~workbench.cards.variants.Variant` or a folder of sheets (default:
    the game's own). ``cards``: only these cards (default: every card some seat owned).
    ``causal=False`` leaves the causal column out; ``race=False`` plays every card on
    every game. ``question_games``: games per table of each question in the per-question
    effects (default a quarter of ``games``; 0 leaves them out). Bad input:
    :class:`CardReportError` (one line), before any game is played.
    """
    if question_games is not None and (
        isinstance(question_games, bool)
        or not isinstance(question_games, int)
        or not 0 <= question_games <= MAX_GAMES
    ):
        raise CardReportError(
            f"--question-games must be a whole number from 0 to {MAX_GAMES}, got {question_games!r}"
        )
    specs = [s.strip() for s in (players.split(",") if isinstance(players, str) else players)]
    check_request(game, specs, games)
    the_spec = spec(game)
    events = the_spec.require("card_events", for_="workbench cards")
    if causal:
        the_spec.require("neutral_card", for_="the card report's causal column")
    try:
        start_variant = base_variant(game, base)
        base_set = sheet_set(game, start_variant)
    except (FileNotFoundError, ValueError) as exc:
        raise CardReportError(" ".join(str(exc).split())[:300]) from None
    labels = _labels(start_variant)
    unknown = [c for c in cards or () if c not in labels]
    if unknown:
        raise CardReportError(f"{game} has no card {unknown[0]!r} (cards: {', '.join(labels)})")
    cpu0, wall0 = time.process_time(), time.perf_counter()
    rows = edit_rows(game, base_set, specs, 0, games, seed, observe=events)
    _by_key(rows, _aliases(start_variant))
    owned = {c for r in rows for ev in r["observed"].values() for c in ev["owned"]}
    chosen = list(cards) if cards else [c for c in labels if c in owned]
    table = [{"card": c, "label": labels[c], **_correlations(rows, c)} for c in chosen]
    decks = sorted({ev["deck"] for r in rows for ev in r["observed"].values() if "deck" in ev})
    by_deck = [
        {"deck": d, "card": c, "label": labels[c], **_correlations(rows, c, d)}
        for d in decks
        for c in chosen
        if any(
            c in ev["owned"] and ev.get("deck") == d for r in rows for ev in r["observed"].values()
        )
    ]
    causal_cols: dict[str, dict[str, Any]] = {}
    played: dict[str, dict[int, Mapping[str, Any]]] = {}
    sides: dict[str, SheetSet] = {}
    if causal:
        sides, refused = _neutral_sides(game, rows, start_variant, chosen)
        causal_cols, played = _race(game, rows, sides, chosen, specs, seed, race)
        causal_cols.update({c: {**_no_effect(), "neutral": why} for c, why in refused.items()})
    played_causal = sum(int(v["effect_games"]) for v in causal_cols.values())
    q_games = max(1, games // 4) if question_games is None else question_games
    asked = 0
    if causal and q_games > 0 and sides and the_spec.questions is not None:
        base_q = base_games(game, base_set, specs, q_games, seed)
        asked = sum(len(v) for v in base_q.values())
        for c, side in sides.items():
            causal_cols[c]["questions"] = card_effects(game, base_q, side, specs, q_games, seed)
            asked += sum(len(v) for v in base_q.values())
    for r in table:
        r.update(causal_cols.get(r["card"], _no_effect()))
        r["verdict"] = judge(r["effect_low"], r["effect_high"], int(r["effect_pairs"]))
        r["disagree"], r["bias"] = _disagreement(r)
    for r in by_deck:
        c = r["card"]
        if c in played:
            wins, _ = _pairs(rows, played[c], c, r["deck"])
            iv = _interval(wins, NormalDist().inv_cdf(0.975))
            r.update(_effect_of(wins, iv))
        else:
            r.update({k: v for k, v in _no_effect().items() if k.startswith("effect")})
        r["verdict"] = judge(r["effect_low"], r["effect_high"], int(r["effect_pairs"]))
    forget_built()
    cost = {
        "games_base": float(games),
        "games_causal": float(played_causal),
        "games_unraced": float(games * len(sides)),
        "games_questions": float(asked),
        "cpu_s": time.process_time() - cpu0,
        "wall_s": time.perf_counter() - wall0,
        "cards": float(len(chosen)),
    }
    frame = pl.DataFrame(table, infer_schema_length=None) if table else pl.DataFrame()
    deck_frame = pl.DataFrame(by_deck, infer_schema_length=None) if by_deck else pl.DataFrame()
    return CardReport(game, tuple(specs), games, seed, frame, cost, deck_frame)


def _neutral_sides(
    game: str, rows: Sequence[Mapping[str, Any]], start: Variant, chosen: Sequence[str]
) -> tuple[dict[str, SheetSet], dict[str, str]]:
    """Each held card's sheets with it made neutral, and the cards refused with why."""
    held = {c for r in rows for ev in r["observed"].values() for c in _holds(ev)}
    sides: dict[str, SheetSet] = {}
    refused: dict[str, str] = {}
    for c in [c for c in chosen if c in held]:
        try:  # an edit the sheet's checks refuse leaves that card without a causal column
            neutral = neutral_variant(start, c)
            if not neutral.touched():  # already the neutral card: nothing to replay
                refused[c] = "the card is already neutral"
                continue
            sides[c] = sheet_set(game, neutral)
        except (ValueError, KeyError) as exc:
            refused[c] = "no neutral card: " + " ".join(str(exc).split())[:200]
    return sides, refused


def _no_effect() -> dict[str, Any]:
    return {
        "effect": math.nan,
        "effect_low": math.nan,
        "effect_high": math.nan,
        "effect_pairs": 0,
        "effect_games": 0,
        "effect_turns": math.nan,
        "effect_turns_low": math.nan,
        "effect_turns_high": math.nan,
        "stopped_early": False,
        "interval": "",
        "neutral": "",
        "questions": [],
    }


def _race(
    game: str,
    rows: Sequence[Mapping[str, Any]],
    sides: Mapping[str, SheetSet],
    chosen: Sequence[str],
    specs: Sequence[str],
    seed: int,
    race: bool,
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[int, Mapping[str, Any]]]]:
    """The causal columns of the cards with a neutral side, raced (:mod:`.card_racing`),
    and each card's replayed games by index."""
    games = len(rows)
    active = [c for c in chosen if c in sides]
    held_in = {
        c: [r["game"] for r in rows if any(c in _holds(ev) for ev in r["observed"].values())]
        for c in active
    }
    rounds = ROUNDS if race and len(active) > 1 else 1
    stops = sorted({max(1, games >> (rounds - 1 - k)) for k in range(rounds)})
    racing = Race(active)
    played: dict[str, dict[int, Mapping[str, Any]]] = {c: {} for c in active}
    upto = 0
    for stop in stops:
        running = racing.running()
        if not running:
            break
        for c in running:
            wanted = [i for i in held_in[c] if upto <= i < stop]
            if wanted:  # the held games of this round, in runs of consecutive indices
                for a, z in _runs(wanted):
                    for v in edit_rows(game, sides[c], specs, a, z, seed):
                        played[c][v["game"]] = v
            now = [r for r in rows if upto <= r["game"] < stop]
            racing.add(c, [float(b) - float(n) for n, b in _pairs(now, played[c], c)[0]])
        upto = stop
        if stop == stops[-1]:
            break
        racing.settle()
    out = {}
    for c in active:
        wins, turns = _pairs(rows, played[c], c)
        if c in racing.stopped:  # stopped at a peek: its anytime-valid interval
            iv = racing.interval(c)
        else:
            iv = _interval(wins, NormalDist().inv_cdf(0.975))
        t_mean, t_low, t_high = mean_interval(turns) if len(turns) > 1 else (math.nan,) * 3
        out[c] = {
            **_effect_of(wins, iv),
            "effect_games": len(played[c]),
            "effect_turns": t_mean,
            "effect_turns_low": t_low,
            "effect_turns_high": t_high,
            "stopped_early": c in racing.stopped,
            "interval": "anytime" if c in racing.stopped else "fixed",
            "neutral": "",
            "questions": [],
        }
    return out, played


def _effect_of(wins: Sequence[tuple[bool, bool]], iv: Interval) -> dict[str, Any]:
    """Effect (base - neutral), interval and pairs of (neutral won, base won) pairs."""
    if not wins:
        return {
            "effect": math.nan,
            "effect_low": math.nan,
            "effect_high": math.nan,
            "effect_pairs": 0,
        }
    base_rate = sum(b for _, b in wins) / len(wins)
    neutral_rate = sum(n for n, _ in wins) / len(wins)
    return {
        "effect": base_rate - neutral_rate,
        "effect_low": iv.low,
        "effect_high": iv.high,
        "effect_pairs": len(wins),
    }


def _runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted indices as (start, stop) runs.

    >>> _runs([0, 1, 2, 5, 6, 9])
    [(0, 3), (5, 7), (9, 10)]
    """
    out: list[tuple[int, int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def _disagreement(r: Mapping[str, Any]) -> tuple[bool, str]:
    """Whether IWD and the causal effect disagree beyond their intervals, and the likely
    bias in a sentence from the data."""
    lows, highs = (r["iwd_low"], r["effect_low"]), (r["iwd_high"], r["effect_high"])
    if any(math.isnan(x) for x in (*lows, *highs)):
        return False, ""
    if not (r["iwd_low"] > r["effect_high"] or r["iwd_high"] < r["effect_low"]):
        return False, ""
    timing = r["turns_drawn"] - r["turns_not_drawn"]
    deck = r["win_owned"] - r["fair_share"]
    seat = r["owner_first_share"] - r["fair_share"]
    said = f"IWD {_pp(r['iwd'])} but {_pp(r['effect'])} when replaced by the neutral card. "
    reasons = sorted(
        [
            (
                abs(timing) / max(1.0, r["turns_not_drawn"]),
                f"timing: games where it was drawn lasted {r['turns_drawn']:.1f} turns against {r['turns_not_drawn']:.1f}, so it is drawn in {'longer' if timing > 0 else 'shorter'} games",
            ),
            (
                abs(deck),
                f"deck: its owners won {r['win_owned'] * 100:.1f}% of all their games (a fair share is {r['fair_share'] * 100:.1f}%), with or without it",
            ),
            (
                abs(seat),
                f"seat: its owners sat in the first seat in {r['owner_first_share'] * 100:.1f}% of their games and won {r['win_owned'] * 100:.1f}% of them",
            ),
        ],
        reverse=True,
    )
    return True, said + "Likely bias — " + reasons[0][1]
