"""The design questions of the ghost seed as functions (the notebook calls these).

Exact where the question allows (sympy ``Rational`` in ``*_exact`` text
columns beside floats), simulated with 95% intervals otherwise.

>>> expectation_table().filter(pl.col("dice") == "1D-3").select("seed", "floor0_fumble").row(0)
('0 (-0.5)', 0.5)
>>> mandatory_in_hand([15]).select("mandatory", "p_at_least_one_exact").row(0)
(15, '674381/1195040')
>>> mandatory_by_seat(4, deal_order="by_seat")["p_exact"].to_list()[-1]  # dealt from 85 cards
'57979/91881'
>>> server_bound(4)  # 80 cards after the deal, 3 forced extra downloads at least
77
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import polars as pl
import sympy

from workbench.engine import random_player
from workbench.engine.measure.balance import balance_report, seat_win_rates
from workbench.engine.measure.verdict import judge
from workbench.engine.runs.simulate import simulate
from workbench.games.ghost.cards import GhostCard, designs, load_cards
from workbench.games.ghost.dice import GHOST_DIE, appendix_comparison, fumble_table
from workbench.games.ghost.odds import Fighter, win_chance
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import make_game
from workbench.games.ghost.steps_battle import fixed_modifier
from workbench.games.ghost.table import STATS
from workbench.prob.deck import hypergeometric, p_draw
from workbench.prob.dice import pool
from workbench.prob.intervals import mean_interval, wilson

__all__ = [
    "bot_table",
    "expectation_table",
    "fumble_cost",
    "fumble_table",
    "game_endings",
    "ghost_fairness",
    "heatmap_frame",
    "length_table",
    "mandatory_by_seat",
    "mandatory_in_hand",
    "run_out_line",
    "run_out_table",
    "seat_table",
    "server_bound",
    "threshold_sweep",
]

SEED_STRINGS = ("1D-1", "1D+1", "2D-1", "2D", "2D+1", "2D+2", "3D", "3D+1", "3D+2", "5D")


def _text(x: sympy.Rational) -> str:
    return str(sympy.Rational(x))


def expectation_table() -> pl.DataFrame:
    """The seed's appendix (付録 #期待値表) beside the four readings of nD±k.

    Columns per reading (``plain``, ``floor0``, ``fumble``, ``floor0_fumble``):
    the exact mean, its float, and ``<reading>_off`` where the seed's value
    differs (the seed adds k to the mean: right only without floor and fumble).
    """
    return appendix_comparison()


def fumble_cost(ns: Iterable[int] = range(1, 6), ks: Iterable[int] = range(-3, 4)) -> pl.DataFrame:
    """What the fumble costs each nD+k (floored reading): the drop of the mean.

    >>> fumble_cost([2], [3]).select("dice", "cost_exact").row(0)
    ('2D+3', '1/12')
    """
    rows = []
    for n in ns:
        for k in ks:
            keep = pool(n, GHOST_DIE, k, floor=0).mean()
            void = pool(n, GHOST_DIE, k, floor=0, fumble="zero").mean()
            dice = f"{n}D{k:+d}" if k else f"{n}D"
            rows.append(
                {
                    "n": n,
                    "k": k,
                    "dice": dice,
                    "mean_exact": _text(void),
                    "mean": float(void),
                    "cost_exact": _text(keep - void),
                    "cost": float(keep - void),
                }
            )
    return pl.DataFrame(rows)


def heatmap_frame(
    attacks: Sequence[str] = SEED_STRINGS,
    defences: Sequence[str] = SEED_STRINGS,
    *,
    fumble: bool = True,
    floor: bool = True,
    attack_support: Sequence[str] = (),
    defence_support: Sequence[str] = (),
) -> pl.DataFrame:
    """P(attacker wins) for every attack string against every defence string (ties lose),
    optionally with the same support ghosts on each side.

    >>> heatmap_frame(["3D+2"], ["3D+1"]).select("win_exact").item()
    '25493/46656'
    >>> heatmap_frame(["3D+2"], ["3D+1"], attack_support=["1D+1"]).select("win_exact").item()
    '75379/93312'
    """
    rows = []
    for a in attacks:
        for d in defences:
            p = win_chance([a, *attack_support], [d, *defence_support], fumble=fumble, floor=floor)
            rows.append({"attack": a, "defence": d, "win_exact": _text(p), "win": float(p)})
    return pl.DataFrame(rows)


def _fighter(card: GhostCard, stat: str, role: str) -> Fighter:
    s = card.strength(stat)
    return Fighter(s, fixed_modifier(card, None, stat, role) - s.modifier, card.has("steady"))


def ghost_fairness(
    cards: Sequence[GhostCard] | None = None, *, fumble: bool = True, floor: bool = True
) -> pl.DataFrame:
    """Every ghost design's exact win chance against the sheet's ghosts, and its VP.

    ``attack``: P(it wins attacking a ghost drawn from the sheet's ghosts
    (weighted by copies), choosing its better stat for that foe). ``defence``:
    P(it holds when such a ghost attacks it with the attacker's better stat).
    ``win`` is their average. VP is fitted against ``win`` by least squares;
    ``verdict`` says "VP too high" / "VP too low" when the card's VP is more
    than 1 from the fitted line (VP is what the opponent gains by beating it).
    """
    pool_cards = [c for c in (cards if cards is not None else load_cards()) if c.is_ghost]
    kinds = designs(pool_cards)
    copies = {c.row: sum(1 for x in pool_cards if x.row == c.row) for c in kinds}
    total = sum(copies.values())
    rows = []
    for me in kinds:
        att = dfn = sympy.Integer(0)
        for foe in kinds:
            w = sympy.Rational(copies[foe.row], total)
            att += w * max(
                win_chance(
                    [_fighter(me, s, "attack")],
                    [_fighter(foe, s, "defend")],
                    fumble=fumble,
                    floor=floor,
                )
                for s in STATS
            )
            dfn += w * (
                1
                - max(
                    win_chance(
                        [_fighter(foe, s, "attack")],
                        [_fighter(me, s, "defend")],
                        fumble=fumble,
                        floor=floor,
                    )
                    for s in STATS
                )
            )
        win = (att + dfn) / 2
        rows.append(
            {
                "name": me.name,
                "name_en": me.name_en,
                "physical": str(me.physical),
                "mental": str(me.mental),
                "vp": me.vp,
                "copies": copies[me.row],
                "prototype": me.prototype,
                "attack": float(att),
                "defence": float(dfn),
                "win_exact": _text(win),
                "win": float(win),
            }
        )
    frame = pl.DataFrame(rows)
    x, y = frame["win"].to_list(), [float(v) for v in frame["vp"].to_list()]
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxx = sum((a - mx) ** 2 for a in x) or 1.0
    slope = sum((a - mx) * (b - my) for a, b in zip(x, y)) / sxx
    fitted = [my + slope * (a - mx) for a in x]
    verdict = [
        "VP too high" if v - f > 1 else "VP too low" if f - v > 1 else "fair"
        for v, f in zip(y, fitted)
    ]
    return frame.with_columns(pl.Series("fitted_vp", fitted), pl.Series("verdict", verdict))


def mandatory_in_hand(
    counts: Iterable[int] = range(0, 31), *, deck: int = 100, hand: int = 5, players: int = 4
) -> pl.DataFrame:
    """Exact hypergeometric: P(a starting hand holds a mandatory event) by their number.

    ``p_table``: P(at least one of ``players`` first hands holds one, before
    any redraw); ``expected`` mandatory cards in one hand.
    """
    rows = []
    for m in counts:
        p = p_draw(deck, m, hand, at_least=1)
        table = p_draw(deck, m, min(deck, hand * players), at_least=1)
        mean = hypergeometric(deck, m, hand).mean()
        rows.append(
            {
                "mandatory": m,
                "p_at_least_one_exact": _text(p),
                "p_at_least_one": float(p),
                "p_table_exact": _text(table),
                "p_table": float(table),
                "expected_exact": _text(mean),
                "expected": float(mean),
            }
        )
    return pl.DataFrame(rows)


def mandatory_by_seat(
    players: int = 4,
    *,
    deck: int = 100,
    mandatory: int = 15,
    hand: int = 5,
    masters: bool = False,
    deal_order: str = "all_hands",
) -> pl.DataFrame:
    """Exact P(a seat's starting deal meets a mandatory event), seat by seat.

    ``deal_order="by_seat"``: the seats are dealt in turn; a mandatory event
    dealt is set aside, replaced, and shuffled back once that seat's hand is
    complete, so seat ``k`` (from 0) is dealt from ``deck - hand*k`` cards (one
    master ghost per user fewer when ``masters`` are dealt first) that still
    hold every mandatory event: its chance grows seat by seat.
    ``"all_hands"`` (the rules' default): every hand is dealt before any is
    replaced, so each seat's five are five cards of one shuffle — every seat
    has the first seat's chance. ``redraws``: by seat, the expected mandatory
    events it meets (a negative hypergeometric mean, ``hand*M/(rest+1)``, with
    ``rest`` the cards it is dealt from); all hands first, the expected ones in
    its dealt five (``hand*M/deck``; a replacement may meet more); ``p_any_exact``: P(some seat so far met one),
    which equals drawing ``hand*(k+1)`` cards at once (until the first one,
    nothing is set aside).

    >>> mandatory_by_seat(2, deck=8, mandatory=2, hand=2, deal_order="by_seat")["p_exact"].to_list()
    ['13/28', '3/5']
    >>> mandatory_by_seat(2, deck=8, mandatory=2, hand=2)["p_exact"].to_list()
    ['13/28', '13/28']
    """
    if deal_order not in ("all_hands", "by_seat"):
        raise ValueError(f"deal_order must be all_hands or by_seat, got {deal_order!r}")
    rows = []
    none = sympy.Integer(1)
    for k in range(players):
        dealt_before = hand * k if deal_order == "by_seat" else 0
        left = deck - dealt_before - (players if masters else 0)
        p = p_draw(left, mandatory, hand, at_least=1)
        none *= 1 - p
        if deal_order == "by_seat":
            redraws = sympy.Rational(hand * mandatory, left - mandatory + 1)
            any_ = 1 - none
        else:  # the dealt five hold hand*M/left on average; their replacements are not counted
            redraws = sympy.Rational(hand * mandatory, left)
            any_ = p_draw(left, mandatory, hand * (k + 1), at_least=1)
        rows.append(
            {
                "seat": k + 1,
                "server": left,
                "p_exact": _text(p),
                "p": float(p),
                "redraws_exact": _text(redraws),
                "redraws": float(redraws),
                "p_any_exact": _text(any_),
                "p_any": float(any_),
            }
        )
    return pl.DataFrame(rows)


def _all_draws(cards: Sequence[GhostCard]) -> int:
    """Mandatory events that make every user download (``all_draw N``, N >= 1)."""
    return sum(
        1
        for c in cards
        if c.is_mandatory and any(e.verb == "all_draw" and e.args[0] != 0 for e in c.effects)
    )


def server_bound(
    players: int,
    *,
    deck: int | None = None,
    hand: int = 5,
    all_draws: int | None = None,
    masters: bool = False,
) -> int:
    """The last user turn on which the server can run out (exact, over every shuffle and play).

    After the deal the server holds ``S = deck - hand*players`` cards (less
    one master per user when they are dealt first); every turn downloads one
    and no card leaves it otherwise, so the server is empty after at most
    ``S`` turns. Every ``all_draw`` mandatory event but the last one
    downloaded forces at least one more download (everyone downloads, and the
    server still holds a card), so at least ``A - 1`` of the ``S`` downloads
    are not a turn's: the bound is ``S - (A - 1)``, reached when the ``A``
    events are the server's last cards and nobody draws by choice. ``deck``
    and ``all_draws`` default to the sheet's (100 cards, 4 大型アップデート).

    >>> server_bound(2), server_bound(6), server_bound(4, deck=12, hand=2, all_draws=2)
    (87, 67, 3)
    """
    cards = load_cards() if deck is None or all_draws is None else ()
    deck = len(cards) if deck is None else deck
    a = _all_draws(cards) if all_draws is None else all_draws
    left = deck - hand * players - (players if masters else 0)
    if left < 0:
        raise ValueError(f"{players} hands of {hand} need more than {deck} cards")
    return left - max(a - 1, 0)


def game_endings(
    players: Iterable[int] = range(2, 7),
    n: int = 100,
    seed: int = 0,
    bot: str = "greedy",
    **params: Any,
) -> pl.DataFrame:
    """One row per simulated game: ``players``, how it ended (``end``: server, void,
    special, vp or master) and the user turn it ended on (``user_turns``)."""
    frames = []
    for p in players:
        who = greedy_player() if bot == "greedy" else random_player
        df = simulate(make_game(players=p, **params), who, n=n, seed=seed)
        frames.append(df.select(pl.lit(p).alias("players"), "end", "user_turns"))
    return pl.concat(frames)


def run_out_table(endings: pl.DataFrame, **bound: Any) -> pl.DataFrame:
    """Per number of users: the exact bound (:func:`server_bound`), and from the
    simulated games the share of each ending (95% Wilson interval) and the turn
    the server ran out — mean with a 95% interval, median, 10%/90% quantiles,
    the latest seen — apart from the void and special-victory endings' turns."""
    rows = []
    for p in sorted(set(endings["players"].to_list())):
        part = endings.filter(pl.col("players") == p)
        n = part.height
        row: dict[str, Any] = {"players": p, "bound": server_bound(p, **bound), "games": n}
        for reason in ("server", "void", "special", "vp"):
            k = int((part["end"] == reason).sum())
            lo, hi = wilson(k, n)
            row.update({f"{reason}_share": k / n, f"{reason}_low": lo, f"{reason}_high": hi})
        turns = part.filter(pl.col("end") == "server")["user_turns"].cast(pl.Float64)
        if turns.len():
            mean, lo, hi = mean_interval(turns.to_list())
            row.update(
                {
                    "run_out_mean": mean,
                    "run_out_low": lo,
                    "run_out_high": hi,
                    "run_out_median": turns.median(),
                    "run_out_q10": turns.quantile(0.1),
                    "run_out_q90": turns.quantile(0.9),
                    "run_out_max": turns.max(),
                }
            )
        for reason in ("void", "special"):
            other = part.filter(pl.col("end") == reason)["user_turns"]
            row[f"{reason}_mean_turn"] = float(other.mean()) if other.len() else None  # type: ignore[arg-type]
        rows.append(row)
    return pl.DataFrame(rows)


def run_out_line(r: dict[str, Any]) -> str:
    """One row of :func:`run_out_table` as the notebook prints it: how often the server ran
    out, on which user turn (the mean's interval only from two run-outs up), and the void and
    special-victory endings.

    >>> nan = float("nan")
    >>> row = {"players": 3, "bound": 82, "server_share": 0.1, "server_low": 0.02,
    ...        "server_high": 0.4, "run_out_mean": 53.0, "run_out_low": nan, "run_out_high": nan,
    ...        "run_out_median": 53.0, "run_out_q10": 53.0, "run_out_q90": 53.0,
    ...        "run_out_max": 53.0, "void_share": 0.0, "void_mean_turn": None,
    ...        "special_share": 0.0, "special_mean_turn": None}
    >>> print(run_out_line(row))
    3 users: server ran out in 10% [2%, 40%] of games, on user turn 53 (one run-out: no interval; latest 53 of at most 82); void 0%, special victory 0%
    """
    line = (
        f"{r['players']} users: server ran out in {r['server_share']:.0%} "
        f"[{r['server_low']:.0%}, {r['server_high']:.0%}] of games"
    )
    if r.get("run_out_mean") is not None:
        low, high = r["run_out_low"], r["run_out_high"]
        if low is None or high is None or math.isnan(low) or math.isnan(high):
            line += (
                f", on user turn {r['run_out_mean']:.0f} (one run-out: no interval; "
                f"latest {r['run_out_max']:.0f} of at most {r['bound']})"
            )
        else:
            line += (
                f", on user turn {r['run_out_mean']:.1f} [{low:.1f}, {high:.1f}] (median "
                f"{r['run_out_median']:.0f}, 10-90% {r['run_out_q10']:.0f}-{r['run_out_q90']:.0f},"
                f" latest {r['run_out_max']:.0f} of at most {r['bound']})"
            )
    line += f"; void {r['void_share']:.0%}" + (
        f" (turn {r['void_mean_turn']:.1f})" if r["void_mean_turn"] is not None else ""
    )
    line += f", special victory {r['special_share']:.0%}" + (
        f" (turn {r['special_mean_turn']:.1f})" if r["special_mean_turn"] is not None else ""
    )
    return line


def length_table(
    players: Iterable[int] = range(2, 7),
    n: int = 100,
    seed: int = 0,
    bot: str = "greedy",
    **params: Any,
) -> pl.DataFrame:
    """Simulated game length (user turns) by number of users, with 95% intervals,
    battles per game, the share of battles a fumble decided, and how the games
    ended (shares of vp / server / void / special / master).

    ``bot``: "greedy" or "random" (both played in place: the fast path).
    """
    rows = []
    for p in players:
        game = make_game(players=p, **params)
        who = greedy_player() if bot == "greedy" else random_player
        df = simulate(game, who, n=n, seed=seed)
        mean, lo, hi = mean_interval([float(t) for t in df["user_turns"]])
        battles = int(df["battles"].sum())
        row: dict[str, Any] = {
            "players": p,
            "games": n,
            "bot": bot,
            "mean_turns": mean,
            "low": lo,
            "high": hi,
            "rounds": mean / p,
            "battles": battles / max(n, 1),
            "fumble_decided": int(df["fumble_flips"].sum()) / max(battles, 1),
        }
        for reason in ("vp", "server", "void", "special", "master"):
            row[f"end_{reason}"] = (df["end"] == reason).sum() / max(df.height, 1)
        rows.append(row)
    return pl.DataFrame(rows)


def seat_table(
    players: int = 4, n: int = 400, seed: int = 0, bot: str = "greedy", **params: Any
) -> pl.DataFrame:
    """Win rate per seat (seat 0 moves first) with 95% Wilson intervals (simulated)."""
    game = make_game(players=players, **params)
    who = greedy_player() if bot == "greedy" else random_player
    df = simulate(game, who, n=n, seed=seed)
    return balance_report(df).seat_wins


def bot_table(
    thresholds: Sequence[float] = (0.3, 0.5, 0.7),
    n: int = 120,
    seed: int = 0,
    random_seat: bool = True,
    **params: Any,
) -> pl.DataFrame:
    """Greedy bots with different attack thresholds (and a random bot) at one table,
    seats rotated every game: win rate per bot with 95% Wilson intervals."""
    bots: dict[str, Any] = {f"greedy {t:g}": greedy_player(t) for t in thresholds}
    if random_seat:
        bots["random"] = random_player
    game = make_game(players=len(bots), **params)
    report = balance_report(simulate(game, bots, n=n, seed=seed))
    assert report.player_wins is not None
    return report.player_wins


def threshold_sweep(
    vps: Sequence[int] = (10, 15, 20, 25),
    players: int = 4,
    n: int = 60,
    seed: int = 0,
    **params: Any,
) -> pl.DataFrame:
    """The seed leaves the victory threshold open: for each ``vp_to_win``, greedy games'
    mean length (95% interval), how they ended, and seat 0's win rate (Wilson interval)
    against its fair share on the seat table's basis, with the verdict its interval allows."""
    df = pl.concat(
        [
            simulate(
                make_game(players=players, vp_to_win=v, **params), greedy_player(), n=n, seed=seed
            ).with_columns(pl.lit(v).alias("vp_to_win"))
            for v in vps
        ]
    )
    seats = seat_win_rates(df, by="vp_to_win").filter(pl.col("seat") == 0)
    rows = []
    for v in vps:
        part = df.filter(pl.col("vp_to_win") == v)
        mean, lo, hi = mean_interval([float(t) for t in part["user_turns"]])
        first = seats.filter(pl.col("vp_to_win") == v).row(0, named=True)
        rows.append(
            {
                "vp_to_win": v,
                "mean_turns": mean,
                "low": lo,
                "high": hi,
                "end_vp": float((part["end"] == "vp").sum()) / part.height,
                "seat0_win": first["win_rate"],
                "seat0_low": first["low"],
                "seat0_high": first["high"],
                # the seat table's basis: games with a single winner shared over the seats
                "fair_share": first["fair_share"],
                "seat0_verdict": judge(
                    first["low"],
                    first["high"],
                    int(first["games"]),
                    reference=first["fair_share"],
                    above="above its share",
                    below="below its share",
                ),
            }
        )
    return pl.DataFrame(rows)
