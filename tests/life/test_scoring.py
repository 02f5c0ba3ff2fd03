"""Mid-scoring (the seed's A22 B22 C18 D18 example) and final scoring examples."""

from __future__ import annotations

from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout
from workbench.games.life import dice as D
from workbench.games.life.effects import mid_scoring
from workbench.games.life.rules import make_game
from workbench.games.life.steps import MidScoring

from .helpers import album, blank


def dice_showing(*tops):
    return [D.WITH_TOP[t][0] for t in tops]


def test_the_seeds_mid_scoring_example():
    assert mid_scoring([22, 22, 18, 18], (3, 1)) == [3, 3, 1, 1]
    game, t = blank()
    t.dice_o = [
        dice_showing(6, 6, 5, 5),
        dice_showing(6, 5, 6, 5),
        dice_showing(6, 6, 3, 3),
        dice_showing(5, 4, 6, 3),
    ]
    t.tasks = [MidScoring()]
    t.settle()
    assert t.mid_vp == [3, 3, 1, 1]


def test_mid_scoring_third_place_gets_nothing_and_all_tied_share_first():
    assert mid_scoring([20, 18, 15, 15], (3, 1)) == [3, 1, 0, 0]
    assert mid_scoring([12, 12, 12], (3, 1)) == [3, 3, 3]


def test_final_score_dice_stars_power_full_album_mid_and_dream():
    game, t = blank()
    cards = {
        f"{c}{r}": f"J{(i % 24) + 1:02d}"
        for i, (c, r) in enumerate((c, r) for r in "1234" for c in "abcd")
    }
    cards["a1"] = "@"
    t.albums[0] = album(**cards)  # full album: character on a1, J02..J16
    t.dice_o[0] = dice_showing(6, 5, 4, 3)  # 18
    t.power[0] = 1
    t.mid_vp[0] = 4
    t.bonus_vp[0] = 2
    stars = sum(game.catalogue.stars.get(c, 0) for c in t.albums[0] if c)
    assert stars == 1 + 1 + 2 + 1 + 1 + 2 + 1  # J04 J05 J06 J10 J11 J12 J16
    t.hands[0] = ["D03"]  # Footballer: 1 VP per red card (J02..J06 = 5)
    parts = t.score_parts(0)
    assert parts == {
        "dice": 18,
        "mid": 4,
        "bonus": 2,
        "stars": 1 - (9 - 1),
        "dream": 5,
        "full": 6,
    }  # one ★ covered by the power (+1), eight uncovered (−1 each)
    assert t.score(0) == 18 + 4 + 2 - 7 + 5 + 6


def test_power_covers_stars_and_extra_power_scores_only_by_a_dream():
    game, t = blank()
    t.albums[0] = album(a1="@", b1="J04")  # one ★
    t.dice_o[0] = dice_showing(1, 1, 1, 1)
    t.power[0] = 3
    t.hands[0] = ["D08"]  # Company president: 1 VP per power left after covering ★
    assert t.score_parts(0) == {"dice": 4, "mid": 0, "bonus": 0, "stars": 1, "dream": 2, "full": 0}
    t.hands[0] = ["D10"]  # Manga artist: 3 VP when no ★ is left uncovered
    assert t.score_parts(0)["dream"] == 3
    t.power[0] = 0
    assert t.score_parts(0)["dream"] == 0 and t.score_parts(0)["stars"] == -1


def test_shield_dream_skill_ignores_stars():
    game, t = blank()
    t.albums[0] = album(a1="@", b1="J06")  # ★★
    t.skills[0] = ["D09"]  # Florist skill: shield 1
    assert t.score_parts(0)["stars"] == -1


def test_dream_effect_counts_only_when_one_dream_is_left():
    game, t = blank()
    t.albums[0] = album(a1="@", b1="J01")
    t.hands[0] = ["D03", "D04"]
    assert t.score_parts(0)["dream"] == 0
    t.hands[0] = ["D03"]
    assert t.score_parts(0)["dream"] == 1


def test_ties_are_draws():
    game = make_game()
    for seed in range(60):
        final = playout(game, random_player, seed).final
        scores = game.returns(final)
        best = max(scores)
        assert game.winners(final) == tuple(i for i, s in enumerate(scores) if s == best)
        if len(game.winners(final)) > 1:
            return
    raise AssertionError("no draw in 60 games: the tie rule is untested")


def test_a_star_covered_by_power_counts_as_plus_1_vp():
    """Seed, final scoring 1: 「★」１個につきパワー１個を配置することにより１ＶＰとして扱います
    — a covered ★ is worth +1 VP (not merely 0); all power held is placed, one per ★."""
    game, t = blank()
    t.albums[0] = album(a1="@", b1="J06", c1="J04")  # ★★ + ★
    t.dice_o[0] = dice_showing(1, 1, 1, 1)
    t.power[0] = 2
    assert t.score_parts(0)["stars"] == 2 - 1  # two covered (+1 each), one uncovered (−1)
    t.power[0] = 5
    assert t.score_parts(0)["stars"] == 3  # every ★ covered; power beyond the ★ scores nothing
    t.skills[0] = ["D09"]  # shield 1: ignores one uncovered ★, never spoils a covered one
    t.power[0] = 2
    assert t.score_parts(0)["stars"] == 2
    game, t = blank(make_game(covered_star_vp=0))  # the other reading: power only cancels
    t.albums[0] = album(a1="@", b1="J06", c1="J04")
    t.power[0] = 2
    assert t.score_parts(0)["stars"] == -1


def test_the_scoring_lookups_match_the_card_sheets_and_full_lines_counts_by_hand():
    """``Catalogue.star_count``/``colour_of`` (what the scoring formula reads a square with)
    give every album card's ★ and colour and 0 / -1 for an empty square and the character
    card; ``full_lines`` equals the full rows and columns counted square by square."""
    import random

    from workbench.games.life.effects import CI, full_lines
    from workbench.games.life.table import CHARACTER

    game = make_game()
    cat = game.catalogue
    for card in game.cards.values():
        assert cat.star_count[card.id] == (card.stars or 0)
        assert cat.colour_of[card.id] == CI[card.colour]
    assert (cat.star_count[None], cat.star_count[CHARACTER]) == (0, 0)
    assert (cat.colour_of[None], cat.colour_of[CHARACTER]) == (-1, -1)
    rng = random.Random(5)
    for size in (2, 3, 4):
        for _ in range(300):
            squares = [None if rng.random() < 0.3 else "x" for _ in range(size * size)]
            full = [all(squares[r * size + c] for c in range(size)) for r in range(size)] + [
                all(squares[r * size + c] for r in range(size)) for c in range(size)
            ]
            assert full_lines(squares, size) == sum(full)
    assert full_lines(["x"] * 16) == 8 and full_lines([None] * 16) == 0
