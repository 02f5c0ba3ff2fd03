"""Everything a seat is shown, as functions the widened leak check compares
(:class:`~workbench.engine.conformance.leaks.Views`): the picture and its tables, the
analysis panel, the log, the last-chance strip and the playtest page's whole payload."""

from __future__ import annotations

import json
from typing import Any

from workbench.engine.conformance.leaks import Views
from workbench.engine.play.playtest import Playtest
from workbench.engine.play.viewer import log_for, picture_for
from workbench.registry import spec


def _playtest(session: Any) -> Playtest:
    """A playtest around a session (no file, every seat a person)."""
    p = Playtest.__new__(Playtest)
    p.session = session
    return p


def picture(render: Any) -> Any:
    def shown(game: Any, state: Any, seat: int) -> str:
        return picture_for(game, render, state, seat)

    return shown


def analysis_panel(budget: int = 6) -> Any:
    """The analysis panel of a board shown to ``seat`` (its own decisions only)."""
    from workbench.engine.players.analyse import analyse
    from workbench.ui.analysis_panel import analysis_rng, rows_html

    def shown(game: Any, state: Any, seat: int) -> str:
        if game.current_player(state) != seat:
            return ""
        rows = analyse(game, state, seat, budget, analysis_rng(0, 0))
        return rows_html(rows, mover=f"Player {seat + 1}", fair_share=1 / game.num_players)

    return shown


def payload(session: Any, seat: int) -> str:
    """The playtest page's whole message to ``seat`` (picture, strip, log, buttons, status)."""
    from workbench.share.playtest_server import seat_page

    return json.dumps(seat_page(_playtest(session), seat), ensure_ascii=False, sort_keys=True)


def status(session: Any, seat: int) -> str:
    return _playtest(session).status(seat)


def log(session: Any, seat: int) -> str:
    return "\n".join(log_for(session, seat))


def strip(session: Any, seat: int) -> str:
    from workbench.share.playtest_server import _render, _strip

    return _strip(_playtest(session), seat, _render(session.game)[1])


def game_views(name: str, every: int = 1) -> Views:
    """Every view of a registered game's seats."""
    render = spec(name).require("render", for_="the leak check")
    return Views(
        pictures={"picture": picture(render)},
        sessions={
            "log": log,
            "chance strip": strip,
            "status line": status,
            "playtest page": payload,
        },
        every=every,
    )
