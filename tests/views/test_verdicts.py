"""One verdict rule in every view (issue 35, honest verdicts): the skilled stream, the
``workbench compare`` lines and the what-if sentence read the same words off the same
intervals — no verdict under 20 pairs, "too few games to say" while the interval holds
no-difference, "higher"/"lower" only once it does not — and no printed rate interval
leaves [0, 1]."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import polars as pl
import pytest

from workbench.cli.compare_cmd import measure_lines
from workbench.engine.measure.compare import Comparison, Pairs
from workbench.engine.measure.skilled import Question, mean, rate
from workbench.engine.measure.verdict import EARLY, TOO_FEW
from workbench.ui.whatif import readable, sentence


def _answer(df: pl.DataFrame) -> list[dict]:
    n = df.height
    return [
        rate("seat 1 wins", int((df["winner"] == 0).sum()), n, 0.5),
        mean("turns", [float(t) for t in df["turns"]]),
    ]


QUESTION = Question("seats", "Does seat 1 win more?", _answer)


def _pairs(n: int, lift: float, seed: int = 1) -> Pairs:
    """``n`` pairs of a two-seat game: the variant wins seat 1 ``lift`` more often on the
    same deals (a pair agrees unless the edit flips it) and lasts ``lift * 20`` turns longer."""
    rng = random.Random(seed)
    base, var = [], []
    for i in range(n):
        won = rng.random() < 0.5
        flip = rng.random() < abs(lift) * 2
        won_v = (not won if lift > 0 else won) if flip and (won != (lift > 0)) else won
        turns = rng.randint(10, 20)
        base.append({"game": i, "winner": 0 if won else 1, "turns": turns})
        var.append({"game": i, "winner": 0 if won_v else 1, "turns": turns + round(lift * 20)})
    p = Pairs("toy", (QUESTION,))
    p.add("seats", [base, var])
    return p


def _comparison(p: Pairs, n: int) -> Comparison:
    sheets = (
        SimpleNamespace(label="base", settings={}),
        SimpleNamespace(label="variant", settings={}),
    )
    return Comparison("toy", n, ("greedy",), 1, sheets[0], sheets[1], p.table())  # type: ignore[arg-type]


def _stream_html(c: Comparison, n: int) -> str:
    """What the skilled stream's table shows for ``c`` (its own drawing code)."""
    from workbench.ui.whatif_stream import Progress, SkilledStream

    stream = SkilledStream.__new__(SkilledStream)
    import ipywidgets as widgets

    stream.players, stream.result, stream.progress = "greedy", c, Progress(n, n)
    stream.status, stream.table = widgets.HTML(""), widgets.HTML("")
    stream._draw("playing")
    return stream.status.value + stream.table.value


_PCT = re.compile(r"(-?\d+(?:\.\d+)?)%")


@pytest.mark.parametrize(
    ("n", "lift", "words"),
    [
        (4, 0.25, {EARLY}),
        (10, 0.25, {EARLY}),
        (2000, 0.0, {TOO_FEW}),
        (2000, 0.05, {"higher"}),
    ],
)
def test_the_stream_and_compare_say_what_their_intervals_allow(n, lift, words):
    c = _comparison(_pairs(n, lift), n)
    t = c.table
    assert set(t["verdict"]) == words, t.select("measure", "verdict", "low", "high")
    assert t["changed"].to_list() == [w == "higher" for w in t["verdict"]]
    for r in t.iter_rows(named=True):  # the rule: a word only where the interval allows it
        if r["verdict"] == "higher":
            assert r["low"] > 0 and r["pairs"] >= 20
        if r["verdict"] == TOO_FEW:
            assert r["low"] <= 0 <= r["high"]
        if r["kind"] == "rate":
            assert -1.0 <= r["low"] <= r["high"] <= 1.0
    lines = "\n".join(measure_lines(c))
    shown = readable(c)["verdict"].to_list()
    stream = _stream_html(c, n)
    said = sentence(c)
    if words == {EARLY}:
        for text in (lines, stream, *shown):
            assert f"{n} pairs played, interval" in text and "higher" not in text
            assert TOO_FEW not in text and "changed" not in text
        assert "too early for a verdict" in said
    elif words == {TOO_FEW}:
        assert lines.count(TOO_FEW) == 2 and "higher" not in lines + stream
        assert all(s.startswith(TOO_FEW) for s in shown) and TOO_FEW in stream
        assert said.split(": ", 1)[1].startswith(TOO_FEW)
    else:
        assert lines.count("higher (+") == 2 and TOO_FEW not in lines
        assert stream.count("higher (+") == 2 and "rises from" in said
    # no printed interval on a rate leaves [0, 1]; its difference stays within ±100 points
    for pts in re.findall(r"([+-]\d+(?:\.\d+)?) pts", lines + stream):
        assert -100.0 <= float(pts) <= 100.0
    for pct in _PCT.findall(stream):
        assert 0.0 <= float(pct) <= 100.0


def test_ten_pairs_no_longer_claim_a_change_on_an_interval_wider_than_a_rate():
    """The issue's case: "changed: yes" at 10 pairs on -243 to +143 points."""
    t = _pairs(10, 0.25).table()
    rates = t.filter(pl.col("kind") == "rate")
    assert (rates["low"] >= -1).all() and (rates["high"] <= 1).all()
    assert not t["changed"].any()
