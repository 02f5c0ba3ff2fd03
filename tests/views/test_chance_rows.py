"""Chance outcomes that read alike are one row (one button) with their count and summed
probability (issue 35: about 70 duplicate outcome buttons at a ghost draw)."""

from __future__ import annotations

import random
from collections import Counter

import sympy

from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.players.analyse import analyse, chance_rows
from workbench.registry import make_game
from workbench.ui.analysis_panel import rows_html


def _draw_with_copies():
    g = make_game("ghost", players=3)
    s, rng = g.initial_state(), random.Random(1)
    for _ in range(400):
        who = g.current_player(s)
        if who == CHANCE:
            labels = Counter(g.action_label(s, o) for o in g.chance_outcomes(s).outcomes())
            if max(labels.values()) > 1:
                return g, s, labels
            s = g.apply(s, g.sample_chance(s, rng))
        else:
            s = g.apply(s, rng.choice(g.legal_ids(s)))
    raise AssertionError("no ghost draw with two copies of a card in 400 steps")


def test_copies_of_one_card_are_one_row_with_count_and_probability():
    g, s, labels = _draw_with_copies()
    rows = chance_rows(g, s)
    dist = g.chance_outcomes(s)
    assert len(rows) == len(labels) < len(list(dist.outcomes()))
    assert sum(r.ways for r in rows) == len(list(dist.outcomes()))
    assert sum(r.probability for r in rows) == 1
    for r in rows:
        n = labels[r.label.split(" ×")[0]]
        assert r.ways == n and (r.label.endswith(f" ×{n}") if n > 1 else " ×" not in r.label)
        weight = sum(w for o, w in dist.items() if g.action_label(s, o) == r.label.split(" ×")[0])
        assert r.probability == sympy.Rational(weight, dist.total)
    assert analyse(g, s, None, 1, None) == rows
    html = rows_html(rows)
    assert html.count("<tr class='wb-analysis-row") == len(rows)  # one button a row
