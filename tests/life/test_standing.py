"""The scoring formula's changed-input answers (``scoring.Standing``: placed, turned,
gained, dream_left) equal the score of the table with that change made, and the score
equals the seed's final scoring counted square by square (hypothesis positions)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.life import dice as D
from workbench.games.life.cards import COLOURS
from workbench.games.life.rules import make_game
from workbench.games.life.scoring import Standing
from workbench.games.life.table import CHARACTER

from .helpers import blank

GAMES = {k: make_game(covered_star_vp=k) for k in (0, 1)}
CAT = GAMES[1].catalogue
ALBUM_CARDS = sorted(CAT.colour)
DREAMS = CAT.dreams


def by_hand(game: Any, album: list[Any], dice: list[int], power: int, bonus: int, mid: int,
            hand: list[str], skills: list[str], dream: bool) -> int:  # fmt: skip
    """The seed's final scoring read square by square (no counts kept)."""
    cat, p = game.catalogue, game.params
    stars = sum(cat.stars.get(c, 0) for c in album if c)
    covered = min(power, stars)
    shield = sum(cat.dream_skill[d].get("shield", 0) for d in skills)
    uncovered = max(0, stars - covered - shield)
    vp = 0
    if dream and len(hand) == 1:
        for verb, args in cat.dream_effect[hand[0]]:
            if verb == "colour_vp":
                vp += args[1] * sum(1 for c in album if c in cat.colour and
                                    cat.colour[c] == COLOURS.index(args[0]))  # fmt: skip
            elif verb == "top_vp":
                vp += args[2] if D.TOP[dice[COLOURS.index(args[0])]] >= args[1] else 0
            elif verb == "power_vp":
                vp += args[0] * (power - covered)
            elif verb == "clean_vp":
                vp += args[0] if uncovered == 0 else 0
            elif verb == "line_vp":
                rows = [all(album[r * 4 + c] for c in range(4)) for r in range(4)]
                cols = [all(album[r * 4 + c] for r in range(4)) for c in range(4)]
                vp += args[0] * (sum(rows) + sum(cols))
    full = p.full_album_vp if all(album) else 0
    return (
        sum(D.TOP[o] for o in dice)
        + mid
        + bonus
        + covered * p.covered_star_vp
        - uncovered
        + vp
        + full
    )


squares = st.one_of(st.just(CHARACTER), st.sampled_from(ALBUM_CARDS))


@st.composite
def positions(draw: Any) -> tuple[Any, Any, bool]:
    game = GAMES[draw(st.sampled_from((0, 1)))]
    dreams = draw(st.lists(st.sampled_from(DREAMS), unique=True, max_size=4))
    n_hand = draw(st.integers(0, min(2, len(dreams))))
    _, t = blank(game)
    album = draw(st.lists(squares, min_size=16, max_size=16))
    for sq in draw(st.lists(st.integers(0, 15), max_size=16)):  # few empty squares, or many
        album[sq] = None
    t.albums[0] = album
    t.dice_o[0] = draw(st.lists(st.integers(0, 23), min_size=4, max_size=4))
    t.power[0], t.bonus_vp[0], t.mid_vp[0] = (draw(st.integers(0, 9)) for _ in range(3))
    t.hands[0] = list(dreams[:n_hand])
    t.skills[0] = list(dreams[n_hand:])
    return game, t, draw(st.booleans())


def score(t: Any, dream: bool) -> int:
    s = t.albums[0], t.dice_o[0], t.power[0], t.bonus_vp[0], t.mid_vp[0], t.hands[0]
    return by_hand(t.game, *s, t.skills[0], dream)


@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(0, 15), st.sampled_from(ALBUM_CARDS), st.integers(0, 3),
       st.integers(0, 23), st.integers(0, 3), st.integers(0, 3))  # fmt: skip
def test_a_placement_scores_as_the_album_after_it(
    pos: Any, sq: int, card: str, die: int, o: int, power: int, vp: int
) -> None:
    game, t, dream = pos
    standing = Standing(t, 0, dream=dream)
    assert standing.total() == score(t, dream) == t.score(0, dream=dream)
    got = standing.placed(sq, card, die, o, power, vp)
    t.albums[0][sq], t.dice_o[0][die] = card, o
    t.power[0] += power
    t.bonus_vp[0] += vp
    assert got == score(t, dream) == Standing(t, 0, dream=dream).total()


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 3), st.integers(0, 23), st.integers(0, 3), st.integers(0, 3))
def test_a_turned_die_and_gains_score_as_the_table_after_them(
    pos: Any, die: int, o: int, power: int, vp: int
) -> None:
    game, t, dream = pos
    standing = Standing(t, 0, dream=dream)
    gained = standing.gained(power, vp)
    turned = standing.turned(die, o)
    t.power[0] += power
    t.bonus_vp[0] += vp
    assert gained == score(t, dream)
    t.power[0] -= power
    t.bonus_vp[0] -= vp
    t.dice_o[0][die] = o
    assert turned == score(t, dream)


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from(DREAMS), st.booleans(), st.booleans())
def test_a_dream_leaving_the_hand_scores_as_the_hand_and_skills_after_it(
    pos: Any, card: str, kept: bool, alone: bool
) -> None:
    game, t, dream = pos
    others = [d for d in t.hands[0] + t.skills[0] if d != card]
    t.hands[0] = [card] if alone else [card, *[d for d in DREAMS if d not in others][-1:]]
    t.skills[0] = [d for d in t.skills[0] if d not in t.hands[0]]
    got = Standing(t, 0, dream=dream).dream_left(card, kept=kept)
    t.hands[0].remove(card)
    if kept:
        t.skills[0].append(card)
    assert got == score(t, dream)


def test_the_album_dreams_are_those_whose_effect_counts_cards_or_lines() -> None:
    reads = {d for d in DREAMS if {v for v, _ in CAT.dream_effect[d]} & {"colour_vp", "line_vp"}}
    assert CAT.album_dreams == reads and len(reads) == 6
