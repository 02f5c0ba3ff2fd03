"""The detective's design questions as functions (the notebook calls these).

- :func:`simulate` — real games with simple players, as polars frames
  (games, rounds, plays);
- :func:`round_length_check` / :func:`death_check` — exact deck-engine odds
  next to simulated frequencies, with 99.9 % intervals;
- :func:`claim_25` — the author's 25 % under each reading of the opening;
- :func:`payable_after` — P(a colour cost is on the line after k draws);
- :func:`game_length`, :func:`seat_advantage`, :func:`event_popularity`;
- :func:`actions_table` — the exact expected actions per round under each
  opening reading; :func:`compare_variants` — round length, deaths and game
  length per variant (simulated, 95 % intervals); :func:`deck_growth` — how
  the investigation deck grows and how often someone dies, per policy.

>>> sim = simulate(n_games=20, seed=1, players=3)
>>> sim.games.height, set(sim.games["end_reason"]) <= {"vp", "deaths", "round limit"}
(20, True)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl
import sympy

from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.runs.playout import playout_in_place
from workbench.prob import intervals
from workbench.prob.deck import Need, p_groups
from workbench.prob.intervals import mean_interval

from .cards import load_cards
from .catalogue import NIGHT
from .exact import actions_per_round, exact_round, round_tree
from .params import DetectiveParams
from .players import POLICIES
from .rules import Detective
from .table import winners_of

Z999 = 3.2905  # two-sided 99.9 % normal quantile


def wilson(k: int, n: int, z: float = Z999) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials (99.9 % by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.344, 0.656]
    """
    return intervals.wilson(k, n, z)


@dataclass(frozen=True)
class Simulation:
    """Frames of a batch: one row per game, per round, per event played."""

    params: DetectiveParams
    policy: str
    games: pl.DataFrame
    rounds: pl.DataFrame
    plays: pl.DataFrame


def simulate(
    n_games: int = 1000,
    seed: int = 0,
    policy: str = "random",
    game: Detective | None = None,
    **params: Any,
) -> Simulation:
    """Play ``n_games`` (seed of game i: ``derive_seed(seed, i)``) with one player for all
    seats (``policy``: a name of :data:`~.players.POLICIES`), in place."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}")
    g = game if game is not None else Detective(DetectiveParams.from_dict(params))
    player = POLICIES[policy]
    games, rounds, plays = [], [], []
    for i in range(n_games):
        s = derive_seed(seed, i)
        t = g.view(playout_in_place(g, player, s).final)
        vps = [t.vp(k) for k in range(len(t.hands))]
        win = winners_of(vps, t.notebooks)
        games.append(
            {
                "game": i,
                "seed": s,
                "rounds": t.round,
                "end_reason": t.end_reason,
                "deaths": len(t.dead),
                "winner": win[0] if len(win) == 1 else -1,
                "top_vp": max(vps),
                "turns": t.turns,
                **{f"vp_{k}": v for k, v in enumerate(vps)},
            }
        )
        for r, (deck, persons, turns, victim) in enumerate(t.history, start=1):
            rounds.append(
                {
                    "game": i,
                    "round": r,
                    "deck": _deck_key(deck),
                    "deck_cards": sum(c for _, c in deck),
                    "length": persons,
                    "turns": turns,
                    "victim": victim or "",
                }
            )
        plays += [{"game": i, "event": no} for no in t.played]
    rf = pl.DataFrame(
        rounds,
        schema={
            "game": pl.Int64,
            "round": pl.Int64,
            "deck": pl.String,
            "deck_cards": pl.Int64,
            "length": pl.Int64,
            "turns": pl.Int64,
            "victim": pl.String,
        },
    )
    pf = pl.DataFrame(plays, schema={"game": pl.Int64, "event": pl.Int64})
    return Simulation(g.params, policy, pl.DataFrame(games), rf, pf)


def _deck_key(deck: tuple[tuple[str, int], ...]) -> str:
    return ",".join(f"{p}:{c}" for p, c in deck)


def _deck_of(key: str) -> dict[str, int]:
    return {p: int(c) for p, c in (x.split(":") for x in key.split(","))} if key else {}


def _exact(deck: Mapping[str, int], params: DetectiveParams) -> tuple[Any, dict]:
    if params.opening and (params.opening_replace or params.opening > sum(deck.values())):
        length, death, _ = round_tree(deck, params)
        return length, death
    odds = exact_round(deck, params)
    return odds.length, odds.death


def round_length_check(sim: Simulation, round_no: int = 1) -> pl.DataFrame:
    """Round ``round_no``'s length: exact P (from its deck, when every game had the same
    deck) next to the simulated share with a 99.9 % Wilson interval."""
    rows = sim.rounds.filter(pl.col("round") == round_no)
    decks = rows["deck"].unique().to_list()
    if len(decks) != 1:
        raise ValueError(
            f"round {round_no} started from {len(decks)} different decks; "
            "use expected_vs_observed for mixed decks"
        )
    length, _ = _exact(_deck_of(decks[0]), sim.params)
    n = rows.height
    seen = Counter(rows["length"].to_list())
    out = []
    for k in sorted(set(length.outcomes()) | set(seen)):
        lo, hi = wilson(seen.get(k, 0), n)
        p = length.p(k)
        out.append(
            {
                "length": k,
                "exact": str(p),
                "exact_p": float(p),
                "simulated": seen.get(k, 0) / n,
                "low": lo,
                "high": hi,
                "agrees": lo <= float(p) <= hi,
            }
        )
    return pl.DataFrame(out)


def expected_vs_observed(sim: Simulation) -> pl.DataFrame:
    """Every round of every game: the exact expected length and victim odds given that
    round's deck, summed, next to what happened (z-scores; |z| < 3.29 agrees).

    Deaths agree only when nobody clears the line (policy ``no_clear``)."""
    # the odds depend on the deck's counts alone (the rules treat every person alike, so
    # persons holding as many cards die equally often): one exact round per sorted count
    # vector, about a third of the distinct decks of a run
    by_counts: dict[tuple[int, ...], tuple[Any, dict[int, Any], Any]] = {}
    exp_len = var_len = 0.0
    exp_death: dict[str, float] = {}
    var_death: dict[str, float] = {}
    for key in sim.rounds["deck"].to_list():
        deck = _deck_of(key)
        counts = tuple(sorted(deck.values()))
        if counts not in by_counts:
            length, death = _exact(deck, sim.params)
            odds = {deck[who]: p for who, p in death.items() if who is not None}
            by_counts[counts] = length, odds, death.get(None)
        length, odds, nobody = by_counts[counts]
        death = {**{who: odds[c] for who, c in deck.items()}, None: nobody}
        m = float(length.mean())
        exp_len += m
        var_len += float(length.variance())
        for who, p in death.items():
            if who is not None:
                exp_death[who] = exp_death.get(who, 0.0) + float(p)
                var_death[who] = var_death.get(who, 0.0) + float(p) * (1 - float(p))
    observed = float(sim.rounds["length"].sum())
    rows: list[dict[str, Any]] = [
        {
            "quantity": "total round length",
            "expected": exp_len,
            "observed": observed,
            "z": (observed - exp_len) / math.sqrt(var_len or 1),
        }
    ]
    seen = Counter(sim.rounds["victim"].to_list())
    for who in sorted(exp_death):
        z = (seen.get(who, 0) - exp_death[who]) / math.sqrt(var_death[who] or 1)
        rows.append(
            {
                "quantity": f"deaths of {who}",
                "expected": exp_death[who],
                "observed": float(seen.get(who, 0)),
                "z": z,
            }
        )
    return pl.DataFrame(rows).with_columns((pl.col("z").abs() < Z999).alias("agrees"))


def death_check(deck: Mapping[str, int], params: DetectiveParams | None = None) -> pl.DataFrame:
    """P(each person dies) this round from ``deck`` (exact), one row per person.

    >>> death_check({"a": 2, "b": 1}).row(0)
    ('a', '3/4', 0.75)
    """
    _, death = _exact(deck, params or DetectiveParams())
    return pl.DataFrame(
        [{"person": who or "nobody", "exact": str(p), "p": float(p)} for who, p in death.items()]
    )


def start_deck(data_dir: Any = None) -> dict[str, int]:
    """Round 1's deck as the sheet has it: one card of each person marked ``in_start_deck``
    (the night apart), from ``data_dir`` (default: the data folder in use).

    >>> sorted(start_deck())[:3], len(start_deck())
    (['chiyo', 'genichiro', 'masashi'], 7)
    """
    return {who: 1 for who, p in load_cards(data_dir).people.items() if p.in_start_deck}


def claim_25(
    sims: Mapping[str, Simulation] | None = None, deck: Mapping[str, int] | None = None
) -> pl.DataFrame:
    """The author's "immediate tragic night in round 1 is 25 %" under each reading,
    exact (round 1: one card of each starting person + the night; ``deck``, default the
    sheet's :func:`start_deck`) and, when given, simulated."""
    deck = start_deck() if deck is None else deck
    readings = {
        "as written: night shuffled back, no replacement": DetectiveParams(opening=4),
        "night put at the bottom": DetectiveParams(opening=4, opening_tragic="bottom"),
        "replacement drawn (4 people open)": DetectiveParams(opening=4, opening_replace=True),
        "base rules (first-card rule)": DetectiveParams(),
    }
    rows = []
    for name, prm in readings.items():
        p = round_tree(deck, prm)[2]
        row: dict[str, Any] = {"reading": name, "exact": str(p), "exact_p": float(p)}
        sim = (sims or {}).get(name)
        if sim is not None:
            first = sim.rounds.filter(pl.col("round") == 1)
            k = first.filter(pl.col("turns") == 1).height
            row.update(
                simulated=k / first.height,
                low=wilson(k, first.height)[0],
                high=wilson(k, first.height)[1],
            )
        rows.append(row)
    return pl.DataFrame(rows)


def payable_after(
    deck: Mapping[str, int], colours: Mapping[str, str], cost: Mapping[str, int], draws: int
) -> sympy.Rational:
    """P(the line's first ``draws`` people pay ``cost`` (colour -> icons)), the draws
    being a uniform sample of the deck's person cards (``colours``: person -> colour).

    >>> payable_after({"a": 2, "b": 2}, {"a": "red", "b": "blue"}, {"red": 1}, 2)
    5/6
    """
    per_colour: Counter[str] = Counter()
    for who, c in deck.items():
        per_colour[colours[who]] += c
    total = sum(per_colour.values())
    if draws > total:
        raise ValueError(f"draws {draws} exceeds the {total} person cards in the deck")
    if any(per_colour[c] < n for c, n in cost.items()):
        return sympy.Integer(0)
    needs = [Need(per_colour[c], n) for c, n in cost.items()]
    return p_groups(total, needs, draws)


def payable_table(
    deck: Mapping[str, int],
    colours: Mapping[str, str],
    icons: int = 1,
    max_draws: int | None = None,
) -> pl.DataFrame:
    """P(``icons`` icons of each colour are on the line after k draws), k = 1..max."""
    total = sum(deck.values())
    rows = []
    for colour in sorted(set(colours[w] for w in deck)):
        for k in range(1, (max_draws or total) + 1):
            p = payable_after(deck, colours, {colour: icons}, k)
            rows.append({"colour": colour, "draws": k, "exact": str(p), "p": float(p)})
    return pl.DataFrame(rows)


def game_length(sim: Simulation) -> pl.DataFrame:
    """Games by number of rounds and how they ended."""
    return sim.games.group_by("rounds", "end_reason").len("games").sort("rounds", "end_reason")


def end_summary(sim: Simulation) -> pl.DataFrame:
    """Share of games per end reason, mean rounds and turns."""
    return (
        sim.games.group_by("end_reason")
        .agg(
            pl.len().alias("games"),
            pl.col("rounds").mean().alias("mean_rounds"),
            pl.col("turns").mean().alias("mean_turns"),
        )
        .with_columns((pl.col("games") / sim.games.height).alias("share"))
        .sort("end_reason")
    )


def seat_advantage(sim: Simulation) -> pl.DataFrame:
    """Win share per seat (sole winners) with 99.9 % Wilson intervals; fair = 1/players."""
    n = sim.games.height
    rows = []
    for seat in range(sim.params.players):
        k = sim.games.filter(pl.col("winner") == seat).height
        lo, hi = wilson(k, n)
        rows.append(
            {
                "seat": seat,
                "wins": k,
                "share": k / n,
                "low": lo,
                "high": hi,
                "fair": 1 / sim.params.players,
            }
        )
    shared = sim.games.filter(pl.col("winner") == -1).height
    rows.append(
        {
            "seat": -1,
            "wins": shared,
            "share": shared / n,
            "low": wilson(shared, n)[0],
            "high": wilson(shared, n)[1],
            "fair": float("nan"),
        }
    )
    return pl.DataFrame(rows)


def event_popularity(sim: Simulation, game: Detective | None = None) -> pl.DataFrame:
    """Plays per event over the batch (every event listed, never-played ones with 0)."""
    g = game or Detective(sim.params)
    counts = Counter(sim.plays["event"].to_list())
    rows = [
        {
            "event": no,
            "name": e.name_ja,
            "kind": e.kind,
            "vp": e.vp,
            "cost": "; ".join(f"{c} {n}" for c, n in e.cost),
            "needs_dead": e.needs_dead or "",
            "plays": counts.get(no, 0),
            "per_game": counts.get(no, 0) / max(1, sim.games.height),
        }
        for no, e in g.catalogue.events.items()
    ]
    return pl.DataFrame(rows).sort("plays", descending=True)


def hard_events(game: Detective | None = None) -> pl.DataFrame:
    """Events whose death condition starves their own cost: icons of the dead person's
    colour come only from the tragic night (one icon), so 2+ such icons never pay.

    >>> hard_events()["verdict"].to_list()[:2]
    ['only after the tragic night', 'only after the tragic night']
    """
    g = game or Detective()
    s = g.catalogue
    rows = []
    for no, e in s.events.items():
        if not e.needs_dead:
            continue
        starved = sum(n for c, n in e.cost if set(s.colour_people.get(c, ())) <= {e.needs_dead})
        if starved:
            verdict = "never payable" if starved >= 2 else "only after the tragic night"
            rows.append(
                {
                    "event": no,
                    "name": e.name_ja,
                    "needs_dead": e.needs_dead,
                    "starved_icons": starved,
                    "verdict": verdict,
                }
            )
    return pl.DataFrame(rows)


OPENINGS: dict[str, dict[str, Any]] = {
    "base rules (first-card rule)": {},
    "opening 4, as written (night shuffled back)": {"opening": 4},
    "opening 4, night put at the bottom": {"opening": 4, "opening_tragic": "bottom"},
    "opening 4, replacement drawn (4 people open)": {"opening": 4, "opening_replace": True},
}
"""The base game and each reading of the 4-card opening."""


def actions_table(
    persons: int | None = None,
    readings: Mapping[str, Mapping[str, Any]] | None = None,
    *,
    data_dir: Any = None,
) -> pl.DataFrame:
    """Exact expected number of actions (investigation draws with an action) in a round
    whose deck holds ``persons`` person cards + the night, per reading of the opening;
    ``persons`` defaults to round 1's deck as the sheet in ``data_dir`` has it
    (:func:`start_deck`: seven persons in the packaged sheet).

    >>> actions_table().select("reading", "expected").rows()[:2]
    [('base rules (first-card rule)', '35/8'), ('opening 4, as written (night shuffled back)', '7/4')]
    """
    if persons is None:
        persons = sum(start_deck(data_dir).values())
    rows = []
    for name, prm in (readings or OPENINGS).items():
        d = actions_per_round(persons, DetectiveParams(**prm))
        rows.append(
            {
                "reading": name,
                "expected": str(d.mean()),
                "expected_f": float(d.mean()),
                "p_none": str(d.p(0)),
                "max": max(int(str(k)) for k in d.outcomes()),
            }
        )
    return pl.DataFrame(rows)


def actions_check(sim: Simulation, round_no: int = 1) -> dict[str, Any]:
    """Round ``round_no``'s actions (its turns but the night's) in ``sim`` next to the exact
    mean from its deck, with a 99.9 % normal interval of the simulated mean."""
    rows = sim.rounds.filter(pl.col("round") == round_no)
    decks = rows["deck_cards"].unique().to_list()
    if len(decks) != 1:
        raise ValueError(f"round {round_no} started from decks of {len(decks)} sizes")
    exact = actions_per_round(decks[0], sim.params).mean()
    mean, sd = _mean_sd([t - 1 for t in rows["turns"].to_list()])
    half = Z999 * sd / math.sqrt(rows.height)
    return {
        "exact": str(exact),
        "exact_f": float(exact),
        "simulated": mean,
        "low": mean - half,
        "high": mean + half,
        "agrees": mean - half <= float(exact) <= mean + half,
    }


def _mean_sd(values: list[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values).

    >>> _mean_sd([1, 2, 3])
    (2.0, 1.0)
    """
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var)


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval (Student's t)."""
    mean, _low, high = mean_interval(values)
    return mean, high - mean


def compare_variants(
    variants: Mapping[str, Mapping[str, Any]],
    n_games: int = 200,
    seed: int = 0,
    policy: str = "random",
) -> pl.DataFrame:
    """Per variant (name -> parameters): actions and people per round, deaths per game,
    rounds and turns per game (means with 95 % half-widths), and how games ended.

    >>> compare_variants({"base": {"players": 3}}, n_games=5, seed=1)["variant"].to_list()
    ['base']
    """
    rows = []
    for name, prm in variants.items():
        sim = simulate(n_games, seed=seed, policy=policy, **prm)
        g, r = sim.games, sim.rounds
        row: dict[str, Any] = {"variant": name}
        for col, series in (
            ("actions_per_round", r["turns"] - 1),
            ("people_per_round", r["length"]),
            ("deaths_per_game", g["deaths"]),
            ("rounds_per_game", g["rounds"]),
            ("turns_per_game", g["turns"]),
        ):
            row[col], row[col + "_ci"] = _mean_ci(series.to_list())
        for reason in ("vp", "deaths", "round limit"):
            row[f"ended_{reason}"] = g.filter(pl.col("end_reason") == reason).height / g.height
        rows.append(row)
    return pl.DataFrame(rows)


def deck_growth(sim: Simulation) -> dict[str, Any]:
    """How the investigation deck grows and how often someone dies: mean person cards in a
    round's deck, share of rounds whose deck holds 2+ cards of some person, share of
    rounds with a victim, share of games ended by deaths, suspect events played per game."""
    r = sim.rounds
    events = Detective(sim.params).catalogue.events
    suspects = sum(1 for no in sim.plays["event"].to_list() if events[no].has("suspect"))
    stacked = sum(1 for key in r["deck"].to_list() if any(c > 1 for c in _deck_of(key).values()))
    died = r.filter(pl.col("victim") != "").height
    return {
        "policy": sim.policy,
        "rounds": r.height,
        "suspect_events_per_game": suspects / sim.games.height,
        "mean_deck_cards": sum(r["deck_cards"].to_list()) / r.height,
        "share_decks_with_2plus": stacked / r.height,
        "share_rounds_with_death": died / r.height,
        "share_games_ended_by_deaths": sim.games.filter(pl.col("end_reason") == "deaths").height
        / sim.games.height,
    }


__all__ = [
    "OPENINGS",
    "actions_check",
    "actions_table",
    "compare_variants",
    "deck_growth",
    "hard_events",
    "NIGHT",
    "Simulation",
    "simulate",
    "round_length_check",
    "expected_vs_observed",
    "death_check",
    "claim_25",
    "start_deck",
    "payable_after",
    "payable_table",
    "game_length",
    "end_summary",
    "seat_advantage",
    "event_popularity",
    "wilson",
]
