"""The compiled copies of kernel tables (workbench.engine.kernel.copies): the lazy thaw
of ``KernelGame.apply`` gives the same states as a full thaw, and shares every field
a step left alone."""

from __future__ import annotations

import random

import pytest

from workbench.registry import make_game


def _full_apply(game, state, action):  # type: ignore[no-untyped-def]
    t = game.table.thaw(game, state)
    t.play(action)
    return t.freeze()


@pytest.mark.parametrize("name", ["detective", "ghost", "mugen", "life"])
def test_lazy_apply_is_the_full_apply_and_shares_untouched_fields(name: str) -> None:
    game, rng = make_game(name), random.Random(7)
    state, shared = game.initial_state(), 0
    for _ in range(150):
        who = game.current_player(state)
        if who == -2 or not state[0]:
            break
        a = game.sample_chance(state, rng) if who == -1 else rng.choice(game.legal_ids(state))
        new = game.apply(state, a)
        assert new == _full_apply(game, state, a)
        assert type(new) is type(state)
        shared += sum(n is o for n, o, f in zip(new, state, game.table.FIELDS) if f.depth)
        state = new
    assert shared > 0  # untouched list fields are the previous state's own tuples


def test_a_lazy_table_copies_a_field_on_first_access_only() -> None:
    game = make_game("mugen")
    s = game.initial_state()
    t = game.table._thaw_lazy(game, s)
    i = game.table.NAMES.index("hands")
    hands = t.hands
    assert isinstance(hands, list) and hands == [list(r) for r in s[i]]
    assert t.hands is hands  # copied once
    hands[0].append("x")
    hp = game.table.NAMES.index("hp")
    assert t.freeze()[i] != s[i] and t.freeze()[hp] is s[hp]  # hp never read: not copied


@pytest.mark.parametrize("name", ["detective", "ghost", "mugen", "life"])
def test_the_table_kept_between_applies_gives_fresh_states_and_never_changes_old_ones(
    name: str,
) -> None:
    """``apply`` steps the table of the last apply again when asked for the state it
    froze; branching from an older state, or after an illegal action, thaws afresh.
    Every state equals the full thaw's and stays as it was made (deep copies compared)."""
    import copy

    from workbench.engine.kernel.protocol import IllegalAction

    game, rng = make_game(name), random.Random(11)
    state = game.initial_state()
    made: list[tuple[object, object]] = []
    for k in range(120):
        who = game.current_player(state)
        if who == -2 or not state[0]:
            break
        ids = [game.sample_chance(state, rng)] if who == -1 else game.legal_ids(state)
        if k % 7 == 3 and len(ids) > 1:  # a branch from the same state first
            other = game.apply(state, ids[-1])
            assert other == _full_apply(game, state, ids[-1])
            made.append((other, copy.deepcopy(other)))
        if k % 11 == 5:
            with pytest.raises(IllegalAction):
                game.apply(state, ("no such action", k))
        a = ids[0] if who == -1 else rng.choice(ids)
        new = game.apply(state, a)
        assert new == _full_apply(game, state, a)
        made.append((new, copy.deepcopy(new)))
        state = new
    assert len(made) > 60
    assert all(s == kept for s, kept in made)


@pytest.mark.parametrize("name", ["detective", "life"])
def test_legal_ids_and_draws_read_the_kept_table_without_touching_it(name: str) -> None:
    """After an apply, ``legal_ids`` and ``sample_chance`` on the state it made read the
    table apply kept: the fields they read are not marked touched (the next freeze
    converts only what the step reads), and the states stay those of a full thaw."""
    game, rng = make_game(name), random.Random(3)
    state, reads = game.initial_state(), 0
    for _ in range(120):
        who = game.current_player(state)
        if not state[0]:
            break
        kept = game.__dict__.get("_live")
        if kept is not None and kept._origin is state:
            reads += 1
            assert kept._touched == 0  # its freeze re-armed it on this state
        a = game.sample_chance(state, rng) if who == -1 else rng.choice(game.legal_ids(state))
        if kept is not None and kept._origin is state:
            assert kept._touched == 0  # reading the ids or the draw touched nothing
        new = game.apply(state, a)
        assert new == _full_apply(game, state, a)
        state = new
    assert reads > 100


def test_the_ids_legal_ids_returns_are_a_copy_apply_does_not_trust() -> None:
    """A caller changing the list ``legal_ids`` returned cannot make apply skip the rules."""
    from workbench.engine.kernel.protocol import IllegalAction

    game = make_game("mugen")
    state, rng = game.initial_state(), random.Random(5)
    while game.current_player(state) < 0:
        state = game.apply(state, game.sample_chance(state, rng))
    ids = game.legal_ids(state)
    ids.append(("no such action",))
    with pytest.raises(IllegalAction):
        game.apply(state, ("no such action",))
    assert game.apply(state, ids[0]) == _full_apply(game, state, ids[0])


def test_rules_read_a_field_by_its_own_name_and_an_unchanged_field_keeps_its_tuple() -> None:
    """One mechanism (issue 34): a rule reads a list field by its name; on the lazy thaw
    the read copies and marks it, and the freeze gives the old state's own tuple back
    when the step left it equal (the kernel has no second, read-only name any more)."""
    import workbench.engine.kernel as kernel
    from workbench.engine.kernel import Table, items, rows

    assert not hasattr(kernel, "readonly")

    class Piles(Table):
        pile: list[int] = items()
        grid: list[list[int]] = rows()

    t = Piles(None)
    t.tasks, t.pile, t.grid = [], [1, 2], [[3], [4]]
    s = t.freeze()
    lazy = Piles._thaw_lazy(None, s)
    assert lazy._touched == 0
    assert lazy.pile == [1, 2] and lazy._touched != 0  # read: copied, marked
    assert lazy.freeze() == s and lazy.freeze().pile is s.pile and lazy.freeze().grid is s.grid
    lazy.pile.append(5)  # written: the freeze takes the new list
    assert lazy.freeze().pile == (1, 2, 5) and lazy.freeze().grid is s.grid
