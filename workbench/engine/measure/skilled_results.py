"""Skilled-play results kept on disk, so a notebook shows them in seconds (issue 13).

Search players take minutes to hours per game (:mod:`workbench.engine.measure.skilled`,
:mod:`workbench.engine.runs.ladder`), far more than a notebook may spend, so
``scripts/skilled_results.py`` computes them once into a folder per game
(``notebooks/results/<game>/``) and the notebooks read it back:

=================  ==============================================================
``answers.csv``    the balance questions' measures, one row per (question,
                   measure, level) (:func:`~workbench.engine.measure.skilled.ask`)
``metrics.csv``    the quality metrics per level, from the same games
``ladder.csv``     the skill ladder's pairings (:func:`~workbench.engine.runs.ladder.skill_ladder`)
``matches.csv``    head-to-head matches (``workbench play`` rows: the issue's
                   "ismcts:400 beats random and greedy" checks)
``provenance.json``  for each part: the call, seed, games, levels, the game's
                   version, the commit, the date and the seconds it took
=================  ==============================================================

:func:`load_results` reads what is there (a part not yet computed is ``None``)
and :meth:`SkilledResults.stale` says when the game's version moved on since.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> path = save_part(folder, "answers", pl.DataFrame({"measure": ["seat 1 wins"], "value": [0.5]}),
...                  {"call": "ask(...)"}, version=3)
>>> r = load_results("ghost", folder)
>>> r.answers.rows(), r.ladder is None, r.provenance["answers"]["version"]
([('seat 1 wins', 0.5)], True, 3)
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from workbench.engine.measure.skilled import changes, compare, readable
from workbench.engine.measure.verdict import TOO_FEW
from workbench.engine.runs.ladder import Ladder

__all__ = ["PARTS", "SkilledResults", "level_rank", "load_results", "results_folder", "save_part"]

PARTS = ("answers", "metrics", "ladder", "matches")
NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks"


def results_folder(game: str, root: Path | str | None = None) -> Path:
    """``<root>/results/<game>``; ``root`` defaults to the repository's ``notebooks/``."""
    return Path(root if root is not None else NOTEBOOKS) / "results" / game


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            cwd=NOTEBOOKS.parent,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip()


def save_part(
    folder: Path | str,
    part: str,
    frame: pl.DataFrame,
    how: dict[str, Any],
    *,
    version: int | None = None,
    seconds: float | None = None,
) -> Path:
    """Write ``<part>.csv`` and its provenance entry (list columns joined by commas)."""
    if part not in PARTS:
        raise ValueError(f"part must be one of {PARTS}, got {part!r}")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    flat = frame.with_columns(
        pl.col(c).cast(pl.List(pl.String)).list.join(",")
        for c, t in frame.schema.items()
        if isinstance(t, pl.List)
    )
    path = folder / f"{part}.csv"
    flat.write_csv(path)
    prov_path = folder / "provenance.json"
    prov = json.loads(prov_path.read_text(encoding="utf-8")) if prov_path.exists() else {}
    prov[part] = {
        **how,
        "version": version,
        "commit": _commit(),
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": None if seconds is None else round(seconds, 1),
    }
    prov_path.write_text(json.dumps(prov, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


@dataclass(frozen=True)
class SkilledResults:
    """The parts found for one game (``None``: not computed yet) and their provenance."""

    game: str
    answers: pl.DataFrame | None
    metrics: pl.DataFrame | None
    ladder: Ladder | None
    matches: pl.DataFrame | None
    provenance: dict[str, Any]

    def compare(self, base: str = "greedy", skilled: str | None = None) -> pl.DataFrame:
        """The answers of ``base`` and ``skilled`` (default: the strongest level) side by side."""
        assert self.answers is not None, "no answers computed for this game yet"
        return compare(self.answers, base, skilled or self.levels()[-1])

    def table(self, base: str = "greedy", skilled: str | None = None) -> pl.DataFrame:
        """:meth:`compare` as text: value (95% interval), conclusions, changed or not."""
        skilled = skilled or self.levels()[-1]
        return readable(self.compare(base, skilled), base, skilled)

    def changes(self, base: str = "greedy", skilled: str | None = None) -> list[str]:
        """A sentence per measure that moved between the levels (the interval of the
        difference excludes 0, :func:`~.skilled.changes`); when none did, one sentence saying
        so in the verdict rule's words (never "no change": too few games to say)."""
        assert self.answers is not None, "no answers computed for this game yet"
        skilled = skilled or self.levels()[-1]
        return changes(self.answers, base, skilled) or [
            f"No measure moved beyond the 95% interval of its difference between {base} and "
            f"{skilled}: {TOO_FEW} whether skill changes any of them."
        ]

    def levels(self) -> list[str]:
        """The levels the answers were asked of, weakest first (random, greedy, osla, search)."""
        assert self.answers is not None
        return sorted(dict.fromkeys(self.answers["level"].to_list()), key=level_rank)

    def luck(self) -> pl.DataFrame:
        """From the ladder: each level's win rate against ``random`` and the luck index
        ``1 - (rate - fair) / (1 - fair)`` (1: skill gains nothing over random play, 0: it
        always wins; ``fair`` is that match's fair share), after :func:`~.metrics.luck`.

        >>> f = pl.DataFrame({"player": ["ismcts", "random"], "opponent": ["random", "ismcts"],
        ...     "games": [10, 10], "wins": [8, 2], "draws": [0, 0], "win_rate": [0.8, 0.2],
        ...     "low": [0.5, 0.05], "high": [0.95, 0.5], "fair_share": [0.5, 0.5]})
        >>> luck = SkilledResults("g", None, None, Ladder("g", ("random", "ismcts"), f), None, {}).luck()
        >>> luck.select("player", "win_rate", pl.col("luck").round(6)).rows()
        [('ismcts', 0.8, 0.4)]
        """
        assert self.ladder is not None, "no ladder computed for this game yet"
        rows = self.ladder.frame.filter(
            (pl.col("opponent") == "random") & (pl.col("player") != "random")
        )
        return rows.select(
            "player",
            "games",
            "win_rate",
            "low",
            "high",
            "fair_share",
            (1 - (pl.col("win_rate") - pl.col("fair_share")) / (1 - pl.col("fair_share"))).alias(
                "luck"
            ),
        )

    def stale(self, version: int) -> list[str]:
        """The parts computed for another version of the game than ``version``."""
        return [
            p for p, how in self.provenance.items() if how.get("version") not in (None, version)
        ]

    def seats(self, part: str = "ladder") -> int | None:
        """The seats a part was played at, as its provenance says: its ``seats``, else the
        ``seats=N`` of its call; None when neither says (then the game's own table).

        >>> how = {"call": "skill_ladder('g', ['random', 'greedy'], games=8, seed=1, seats=3)"}
        >>> r = SkilledResults("g", None, None, None, None, {"ladder": how, "answers": {}})
        >>> r.seats(), r.seats("answers"), r.seats("matches")
        (3, None, None)
        """
        how = self.provenance.get(part) or {}
        if how.get("seats"):
            return int(how["seats"])
        said = re.search(r"seats=(\d+)", str(how.get("call", "")))
        return int(said.group(1)) if said else None

    def describe(self, part: str) -> str:
        """One line: how a part was computed (call, games, commit, date, minutes; with the CPU
        its games took when the run kept it, since a shared machine's wall is mostly its load).

        >>> how = {"call": "skill_ladder(...)", "version": "2", "commit": "abc", "date": "today",
        ...        "seconds": 3669.7, "cpu_seconds": 1795.2, "load": [9.8, 9.7, 9.5]}
        >>> SkilledResults("g", None, None, None, None, {"ladder": how}).describe("ladder")
        'ladder: skill_ladder(...) — game version 2, commit abc, today, 29.9 CPU min, 61.2 min wall on 2 workers at load 9.8'
        """
        how = self.provenance.get(part)
        if how is None:
            return f"{part}: not computed yet"
        minutes = f", {how['seconds'] / 60:.1f} min on 2 cores" if how.get("seconds") else ""
        if how.get("seconds") and how.get("cpu_seconds") is not None:
            minutes = (
                f", {how['cpu_seconds'] / 60:.1f} CPU min, {how['seconds'] / 60:.1f} min wall "
                f"on 2 workers at load {(how.get('load') or ['?'])[0]}"
            )
        return (
            f"{part}: {how.get('call', '?')} — game version {how.get('version')}, "
            f"commit {how.get('commit') or '?'}, {how.get('date')}{minutes}"
        )


def level_rank(level: str) -> tuple[int, float]:
    """Sort key of a player spec by skill: random < greedy < osla < ismcts by budget.

    >>> sorted(["ismcts:400/30", "greedy", "ismcts:100/30", "random"], key=level_rank)
    ['random', 'greedy', 'ismcts:100/30', 'ismcts:400/30']
    """
    name, _, arg = level.partition(":")
    order = {"random": 0, "greedy": 1, "osla": 2, "ismcts": 3}
    budget = arg.split("/")[0].rstrip("s")
    try:
        size = float(budget) if budget else 0.0
    except ValueError:
        size = 0.0
    return order.get(name, 4), size


def _read(folder: Path, part: str) -> pl.DataFrame | None:
    path = folder / f"{part}.csv"
    return pl.read_csv(path) if path.exists() else None


def load_results(game: str, folder: Path | str | None = None) -> SkilledResults:
    """The results of ``game`` from ``folder`` (default :func:`results_folder`)."""
    folder = Path(folder) if folder is not None else results_folder(game)
    prov_path = folder / "provenance.json"
    prov = json.loads(prov_path.read_text(encoding="utf-8")) if prov_path.exists() else {}
    lad = _read(folder, "ladder")
    ladder = None
    if lad is not None:
        levels = tuple(
            prov.get("ladder", {}).get("levels")
            or dict.fromkeys(lad["player"].to_list() + lad["opponent"].to_list())
        )
        ladder = Ladder(game, levels, lad)
    metrics = _read(folder, "metrics")
    if metrics is not None:
        names = metrics["level"].to_list()
        metrics = metrics[sorted(range(len(names)), key=lambda i: level_rank(names[i]))]
    return SkilledResults(
        game, _read(folder, "answers"), metrics, ladder, _read(folder, "matches"), prov
    )
