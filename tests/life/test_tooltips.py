"""The score table's column tips say what the rules score (issue 36): a covered ★ scores
``covered_star_vp`` (+1 by default, the seed read literally), and the dream skill paying for
discards is named in words, not by its sheet verb ``discard_vp``."""

from __future__ import annotations

import re

import pytest

from workbench.games.life import render
from workbench.games.life.rules import make_game


@pytest.mark.parametrize("covered, said", [(1, "+1 VP each covered"), (0, "+0 VP each covered")])
def test_the_star_column_says_what_a_covered_star_scores(covered: int, said: str) -> None:
    game = make_game(covered_star_vp=covered)
    titles = re.findall(r"title='([^']*)'", render.render(game, game.initial_state()))
    (stars,) = [t for t in titles if t.startswith("stars on placed cards")]
    assert stars == f"stars on placed cards: -1 VP each uncovered, {said}"
    assert not any("discard_vp" in t or "unless covered" in t for t in titles)
