"""The picture board's choice is a part of its own (issue 34 part 4): the picks of a choice
made in steps and the ids the picture places live in ``board.choice``, which the board asks
through public methods; no game board reaches into the board's private state for them."""

from __future__ import annotations

import json

from workbench.games.ghost.board import make_board as ghost_board
from workbench.games.mugen.board import make_board as mugen_board
from workbench.ui.board_choice import PictureChoice


def test_the_board_keeps_no_pick_state_of_its_own() -> None:
    b = mugen_board(seed=3)
    assert isinstance(b.choice, PictureChoice)
    assert not {"picks", "_placed", "placed"} & set(vars(b))  # read through the part only
    assert b.placed == b.choice.placed and b.placed  # mugen's hand cards are targets
    use = sorted(i for i in b.placed if i[0] == "use")[0]
    assert use not in b.button_ids  # placed: no button for it
    assert b.handle_message({"kind": "action", "action": json.dumps(use)})
    assert b.session.actions[-1] == use


def test_ghost_attacks_count_as_placed_from_the_first_step() -> None:
    b = ghost_board(seed=3, players=2)
    for _ in range(400):  # to a turn where the user to move may attack
        if any(a.id[0] == "battle" for a in b.session.legal_actions()):
            break
        b.bot_move()
    attacks = [a.id for a in b.session.legal_actions() if a.id[0] == "battle"]
    assert attacks, "no attack reached"
    assert set(attacks) <= b.placed  # stepped: no button wall before the target is shown
    assert not set(attacks) & set(b.button_ids)
    assert set(attacks) <= set(b.placed_actions())


def test_a_pick_redraws_and_a_new_state_forgets_it() -> None:
    b = mugen_board(seed=3)
    assert not b.handle_message({"kind": "clear"})  # nothing to clear: nothing redrawn
    assert b.handle_message({"kind": "pick", "pick": "x"}) and b.picks == ("x",)
    b.bot_move()  # the state changed: the half-made choice means nothing now
    assert b.picks == ()
