"""A deck rule that selects no card of the pool is a problem, never a silent pass
(issue 27 item 8).

Property: over a random card pool and a random selection, a rule either selects
at least one card of the pool, or the checker reports it — whatever the deck.
"""

from __future__ import annotations

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cards.cells import CellError, to_bool, to_int
from workbench.cards.deckrules import DeckRule, check_deck, parse_select

POOL = pl.DataFrame(
    {
        "name": ["A", "B", "C", "D"],
        "star": [1, 2, 3, 3],
        "character": [True, False, False, True],
        "kind": ["x", "y", "y", "z"],
    }
)
VALUES = st.sampled_from(
    ["1", "2", "3", "4", "0", "true", "false", "x", "y", "q", "3.5", "abc", "-1", "３"]
)


def _selects_something(select: str) -> bool:
    """The oracle: the value read as the column's type (unreadable selects nothing
    meaningful), then compared with every card of the pool."""
    column, op, text = parse_select(select) or ("", "", "")
    values = POOL[column].to_list()
    try:
        wanted: object = (
            to_bool(text) if column == "character" else to_int(text) if column == "star" else text
        )
    except CellError:
        return False
    return any((v == wanted) == (op == "==") for v in values)


@settings(deadline=None, max_examples=80)
@given(
    column=st.sampled_from(["star", "character", "kind"]),
    op=st.sampled_from(["==", "!="]),
    value=VALUES,
    deck=st.dictionaries(st.sampled_from(["A", "B", "C", "D"]), st.integers(1, 5), max_size=4),
)
def test_a_rule_selecting_nothing_is_reported(column, op, value, deck):
    select = f"{column}{op}{value}"
    rule = DeckRule("r", select, "cards", "<=", 100)
    problems = check_deck(deck, POOL, [rule])
    flagged = [m for m in problems["message"].to_list() if "select" in m]
    if _selects_something(select):
        assert problems.height == 0, (select, problems["message"].to_list())
    else:
        assert len(flagged) == 1, (select, problems["message"].to_list())


@pytest.mark.parametrize("select", ["star==3==4", "star==3!=4", "kind!=y==x"])
def test_chained_comparisons_are_refused(select):
    with pytest.raises(ValueError, match="more than once"):
        DeckRule("r", select, "cards", "<=", 5)


def test_the_issue_example_is_a_problem_of_the_deck():
    problems = check_deck({"A": 1}, POOL, [DeckRule("r", "star==9", "cards", "<=", 5)])
    assert problems.height == 1
    assert "matches no card of the card sheet (star is 1, 2, 3)" in problems["message"][0]
