"""Session: apply, chance recording, undo/redo/jump/reset, observers, determinism."""

from __future__ import annotations

import pytest

from workbench.engine import IllegalAction, Session, playout, random_player
from workbench.engine.conformance.toy import DiceRace, TakeAway, TakeAwayState
from workbench.engine.kernel.protocol import CHANCE


def test_apply_and_log() -> None:
    s = Session(TakeAway(), seed=0)
    s.apply(2)
    s.apply(1)
    assert s.state == TakeAwayState(4, 0)
    assert s.actions == (2, 1)
    assert s.log == ["1. P1: take 2", "2. P2: take 1"]
    assert s.history == (TakeAwayState(7, 0), TakeAwayState(5, 1), TakeAwayState(4, 0))


def test_illegal_action_changes_nothing() -> None:
    s = Session(TakeAway(), seed=0)
    s.apply(3)
    before = (s.state, s.actions, s.log, s.step, s.rng.getstate())
    with pytest.raises(IllegalAction, match=r"4 is not legal for P2 at step 1; legal: 1, 2, 3"):
        s.apply(4)
    assert (s.state, s.actions, s.log, s.step, s.rng.getstate()) == before


def test_chance_is_resolved_and_recorded() -> None:
    s = Session(DiceRace(), seed=1)
    # the opening deal: four draws, recorded as chance actions
    assert s.chance_flags == (True, True, True, True)
    assert s.log[0] == "1. P1 drew card 1"
    s.apply("roll")
    assert s.chance_flags[-2:] == (False, True)
    assert s.game.current_player(s.state) != CHANCE
    assert s.log[-2:] == ["5. P1: roll the die", "6. rolled 1"]


def test_undo_skips_chance_and_redo_reapplies_it() -> None:
    s = Session(DiceRace(), seed=1)
    start = s.state
    s.apply("roll")
    after = s.state
    assert s.can_undo and not s.can_redo
    s.undo()
    assert s.state == start and s.step == 4
    assert not s.can_undo  # only the deal lies behind
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()
    s.redo()
    assert s.state == after and s.step == 6 and not s.can_redo


def test_undo_then_same_action_gives_same_dice() -> None:
    s = Session(DiceRace(), seed=7)
    s.apply("roll")
    first = s.actions
    s.undo()
    s.apply("roll")
    assert s.actions == first


def test_session_matches_playout_with_random_bots() -> None:
    for seed in range(5):
        s = Session(DiceRace(), seed=seed)
        s.play_to_end(random_player)
        r = playout(DiceRace(), random_player, seed)
        assert s.actions == r.actions and s.state == r.final


def test_new_action_truncates_redo_tail() -> None:
    s = Session(TakeAway(), seed=0)
    s.apply(1)
    s.apply(1)
    s.undo()
    s.apply(3)
    assert s.actions == (1, 3) and not s.can_redo and s.total_steps == 2


def test_jump_and_reset() -> None:
    s = Session(TakeAway(), seed=0)
    for k in (1, 2, 1):
        s.apply(k)
    s.jump(1)
    assert s.state == TakeAwayState(6, 1) and s.can_redo
    s.jump(3)
    assert s.state == TakeAwayState(3, 1)
    with pytest.raises(IndexError, match=r"step 9 outside 0..3"):
        s.jump(9)
    s.reset(seed=5)
    assert s.seed == 5 and s.step == 0 and s.total_steps == 0


def test_manual_chance_when_auto_chance_is_off() -> None:
    s = Session(DiceRace(), seed=0, auto_chance=False)
    assert s.to_move == CHANCE
    assert [a.id for a in s.legal_actions()] == [("draw", 1), ("draw", 2), ("draw", 3)]
    s.apply(("draw", 3))
    assert s.state.hands[0] == (3,)
    s.roll()
    assert len(s.state.hands[0]) == 2


def test_on_change_observers_and_unsubscribe() -> None:
    s = Session(TakeAway(), seed=0)
    seen: list[int] = []
    stop = s.on_change(lambda sess: seen.append(sess.step))
    s.apply(1)
    s.undo()
    stop()
    s.apply(2)
    assert seen == [1, 0]


def test_game_over_refuses_moves() -> None:
    s = Session(TakeAway(), seed=0)
    s.play_to_end(random_player)
    assert s.is_over
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(1)


def test_notebook_view() -> None:
    s = Session(TakeAway(), seed=0)
    s.apply(2)
    assert (
        s._repr_html_()
        == "<b>takeaway</b> seed 0, step 1/1: P2 to move<pre style='margin:0'>1. P1: take 2</pre>"
    )
    assert repr(s) == "<Session takeaway seed=0 step=1/1>"


@pytest.mark.parametrize("name", ["ghost", "detective", "mugen", "life"])
def test_play_to_end_makes_no_reference_cycle_so_pausing_the_collector_frees_the_same(
    name: str,
) -> None:
    import gc
    import types

    from workbench.engine.players import greedy_player, random_player
    from workbench.registry import make_game

    game = make_game(name)
    players = [greedy_player()] + [random_player] * (game.num_players - 1)
    gc.disable()
    # what exists now (the test process's whole heap) is left out of the collection below,
    # which then looks at the objects the game made and nothing else: two full collections
    # of the heap cost 1-2 s a game late in the full run's workers, for objects no game made
    gc.freeze()
    try:
        s = Session(game, seed=11)
        s.play_to_end(players)
        assert not gc.isenabled()  # (play_to_end leaves a collector that was off, off)
        assert s.is_over
        # nothing of ours a collection would have freed (another test's thread may leave
        # cycles of its own meanwhile: count only the workbench's objects and frames)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        ours = [
            type(o).__qualname__
            for o in gc.garbage
            if type(o).__module__.startswith("workbench")
            or (isinstance(o, types.FrameType) and "/workbench/" in o.f_code.co_filename)
        ]
        assert ours == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.unfreeze()
        gc.enable()
    Session(game, seed=12).play_to_end(random_player)
    assert gc.isenabled()  # a collector that was on is on again


def _record(s: Session) -> tuple[object, ...]:
    return (
        s.history,
        s.actions,
        s.rng_marks,
        tuple(s.timeline.seat_marks_at(k) for k in range(s.total_steps + 1)),
        s.chance_flags,
        s.log,
        s.step,
        s.rng.getstate(),
        tuple(r.getstate() for r in s.player_rngs),
    )


@pytest.mark.parametrize("name", ["life", "mugen"])
def test_play_to_end_records_each_step_as_one_bot_move_at_a_time_does(name: str) -> None:
    from workbench.engine.players import greedy_player
    from workbench.registry import make_game

    game = make_game(name)
    players = [greedy_player()] + [random_player] * (game.num_players - 1)
    fast, slow = Session(game, seed=5), Session(game, seed=5)
    fast.play_to_end(players)
    while not slow.is_over:
        slow.bot_move(players[slow.to_move] if slow.to_move >= 0 else random_player)
    assert _record(fast) == _record(slow)
    for s in (fast, slow):  # after an undo the redo tail goes, then the bots play on
        for _ in range(3):
            s.undo()
    fast.play_to_end(random_player)
    while not slow.is_over:
        slow.bot_move(random_player)
    assert _record(fast) == _record(slow)
    fast.jump(7)
    slow.jump(7)
    assert _record(fast) == _record(slow)


def test_play_to_end_steps_through_a_subclass_own_advance() -> None:
    """The bots' loop steps ``game.apply`` itself only while ``advance`` is Session's own
    (``Session.stepper``): a subclass that overrides it (a board that animates each step,
    say) sees every step."""
    seen: list[object] = []

    class Watching(Session):
        def advance(self, state, action_id):  # type: ignore[no-untyped-def]
            seen.append(action_id)
            return super().advance(state, action_id)

    watched, plain = Watching(DiceRace(), seed=3), Session(DiceRace(), seed=3)
    watched.play_to_end(random_player)
    plain.play_to_end(random_player)
    assert len(seen) == len(watched.history) - 1 > 0
    assert watched.history == plain.history
