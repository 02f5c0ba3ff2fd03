"""Impossible requests are refused, never answered with a silent non-answer (issue 27 item 7).

Property: for any deck, cards seen, copies wanted and target, ``copies-needed``
either prints a count whose exact P reaches the target while one copy fewer
does not, or exits 2 with one sentence — and it exits 2 exactly when not even
a deck made only of the card reaches the target.
"""

from __future__ import annotations

import json
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.prob.deck import p_draw_fraction


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@settings(
    deadline=None, max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(deck=st.integers(1, 30), data=st.data())
def test_copies_needed_answers_or_refuses_impossible(capsys, deck, data):
    seen = data.draw(st.integers(0, deck))
    at_least = data.draw(st.integers(0, deck + 2))
    target = data.draw(st.fractions(Fraction(1, 100), 1).map(lambda f: f.limit_denominator(100)))
    code, out, err = _run(
        capsys,
        [
            "copies-needed",
            "--deck",
            str(deck),
            "--seen",
            str(seen),
            "--target",
            f"{target.numerator}/{target.denominator}",
            "--at-least",
            str(at_least),
            "--json",
        ],
    )
    reachable = p_draw_fraction(deck, deck, seen, at_least=at_least) >= target
    if not reachable:
        assert code == 2 and out == "", (deck, seen, at_least, target, out)
        assert len(err.splitlines()) == 1 and "cannot be reached" in err
        return
    assert code == 0, err
    copies = json.loads(out)["copies"]
    assert isinstance(copies, int)
    assert p_draw_fraction(deck, copies, seen, at_least=at_least) >= target
    if copies > 0:
        assert p_draw_fraction(deck, copies - 1, seen, at_least=at_least) < target


def test_the_issue_examples_are_refused_with_a_reason(capsys):
    code, out, err = _run(
        capsys,
        ["copies-needed", "--deck", "40", "--seen", "10", "--target", "1", "--at-least", "11"],
    )
    assert code == 2 and "--at-least 11 copies cannot show among 10 cards seen" in err
    code, out, err = _run(
        capsys, ["copies-needed", "--deck", "40", "--seen", "0", "--target", "0.5"]
    )
    assert code == 2 and "no card is seen" in err and "None" not in err


def test_a_copy_limit_names_itself_instead_of_none(capsys):
    code, out, err = _run(
        capsys,
        ["copies-needed", "--deck", "40", "--seen", "10", "--target", "1", "--max-copies", "3"],
    )
    assert code == 0 and "up to 3 copies (--max-copies)" in out and "291/494" in out
