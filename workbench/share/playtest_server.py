"""The web server of ``workbench playtest``: one page per seat, live over a websocket.

Built on tornado (Jupyter already ships it; its websockets and single-threaded
IOLoop serialise the moves with no lock). Each seat has its own URL and token
(``/seat/<n>?token=…``); the page shows that seat's view only (the game's own
``render.py`` picture for that viewer, its log lines and last-chance strip),
sends a click on a legal place as a move, and is redrawn whenever anyone
moves. A move is checked by :meth:`Playtest.move` (stale or out of turn:
refused with a message, nothing changes). A closed tab reconnects to its
seat. Hot-seat (``/table?token=…``): one screen passed round; between two
seats' decisions a hand-off screen hides the board until the next person
clicks.

Guards: bound to 127.0.0.1 unless told otherwise; on a loopback address the
``Host`` header must name a loopback host (no DNS rebinding); a token opens its
seat when its sha256 is one the playtest keeps (compared in constant time,
:meth:`Playtest.opens`); a seat number of more than 3 digits is not a page (404).

The render contract (issue 39 item 3): every game's ``render`` has the one shape
``render(game, state, viewer=None, picks=())`` (``GameSpec.render``), and a seat's page
is drawn with ``viewer=`` that seat. :func:`make_app` draws the first table once for
seat 1 before it serves anything: a render of another shape (one that names its seat
otherwise would draw the whole table for the seat to move) is refused with one line
(:func:`render_for`).

A message from a page is untrusted: a step that is not a whole number (text, NaN,
Infinity), JSON nested too deeply, a pick the seat's table does not offer, or
anything else the server cannot handle gets a ``refused`` message to that seat and
its view again; the socket stays open and nothing changes.
"""

from __future__ import annotations

import json
import logging
import re
from html import escape, unescape
from typing import Any
from urllib.parse import urlparse

import tornado.web
import tornado.websocket

from workbench.engine.kernel.protocol import TERMINAL
from workbench.engine.play.playtest import Playtest, PlaytestError
from workbench.engine.play.viewer import (
    label_as,
    log_for,
    picture_for,
    player_words,
    seat_word,
    sees_outcome,
    viewer_name,
)
from workbench.registry import spec
from workbench.share.app_server import is_loopback
from workbench.share.playtest_page import page_html
from workbench.ui.targets import placed_ids

__all__ = ["make_app", "render_for", "seat_page"]

LOG_LINES = 30
STRIP_STEPS = 8
MAX_PICK = 64
_PICK_ATTR = re.compile(r"data-pick='([^']*)'")
_log = logging.getLogger(__name__)


def _render(game: Any) -> tuple[Any, Any]:
    """The game's picture and chance drawing, as its spec declares them (``GameSpec.render``,
    required for a playtest; ``GameSpec.chance_drawing``, optional)."""
    declared = spec(game.name)
    return render_for(game), declared.chance_drawing


def render_for(game: Any) -> Any:
    """The game's declared render (:func:`workbench.registry.render_of`), having drawn the
    first table once as seat 1 sees it, with the contract's keywords; :class:`PlaytestError`
    (one line) for a game without a render or whose render does not take that shape (one
    that names its viewer otherwise would draw the whole table for the seat to move)."""
    from workbench.registry import render_of
    from workbench.spec import MissingPart

    try:
        render = render_of(game.name, for_="workbench playtest")
    except MissingPart as e:
        raise PlaytestError(str(e)) from None
    try:
        render(game, game.initial_state(), viewer=0, picks=())
    except TypeError as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise PlaytestError(
            f"{game.name}: its render does not draw as render(game, state, viewer=0, "
            f"picks=()) ({first}); the one shape is GameSpec.render (docs/your-game.md)"
        ) from None
    return render


def _strip(p: Playtest, viewer: int | None, drawing: Any) -> str:
    """The last run of chance steps, each as ``viewer`` may see it."""
    s = p.session
    flags, history, actions = s.chance_flags, s.history, s.actions
    k = len(flags) - 1
    while k >= 0 and not flags[k]:
        k -= 1
    parts: list[str] = []
    while k >= 0 and flags[k] and len(parts) < STRIP_STEPS:
        state, x = history[k], actions[k]
        if sees_outcome(s.game, state, x, viewer):
            parts.append(drawing(s.game, state, x) if drawing else f"<span>{escape(str(x))}</span>")
        else:
            text = player_words(label_as(s.game, state, x, viewer), seat_word(s.game))
            parts.append(f"<span class='wb-chance-hidden'>{escape(text)}</span>")
        k -= 1
    return (
        "<div class='wb-chance-strip'><b>latest roll or draw</b> "
        + " · ".join(reversed(parts))
        + "</div>"
        if parts
        else ""
    )


def seat_page(p: Playtest, viewer: int, picks: tuple[str, ...] = ()) -> dict[str, Any]:
    """What ``viewer``'s page shows now (JSON): picture, strip, log, buttons, status."""
    s = p.session
    render, drawing = _render(s.game)
    mine = s.to_move == viewer
    options: dict[str, Any] = {"picks": picks} if picks and mine else {}
    html = picture_for(s.game, render, s.state, viewer, **options)
    buttons = []
    if mine:
        placed = placed_ids(html)
        buttons = [
            {
                "action": json.dumps(a.id, ensure_ascii=False),
                "label": player_words(a.label, seat_word(s.game)),
            }
            for a in s.game.legal_actions(s.state)
            if a.id not in placed
        ]
    return {
        "kind": "view",
        "seat": viewer,
        "name": viewer_name(viewer, s.game),
        "step": s.step,
        "to_move": s.to_move,
        "mine": mine,
        "over": s.to_move == TERMINAL,
        "status": p.status(viewer),
        "picture": html,
        "strip": _strip(p, viewer, drawing),
        "log": log_for(s, viewer)[-LOG_LINES:][::-1],
        "buttons": buttons,
    }


class _Guarded:
    """Host header check and the seat a token opens."""

    app_settings: dict[str, Any]

    def _guard(self: Any) -> None:
        if self.settings["check_host"]:
            host = self.request.host_name
            if not is_loopback(host.strip("[]")):
                raise tornado.web.HTTPError(403, "Host header not allowed")

    def _seat(self: Any, which: str) -> int | None:
        """The seat (or -1: hot-seat table) a path and token open; 403 otherwise."""
        p: Playtest = self.settings["playtest"]
        token = self.get_argument("token", None)
        if which == "table":
            if self.settings["hot_seat"] and p.opens(None, token):
                return -1
        else:
            n = int(which) - 1  # at most 3 digits: the routes take no more
            if p.opens(n, token):
                return n
        raise tornado.web.HTTPError(403, "wrong seat or token")


class PageHandler(_Guarded, tornado.web.RequestHandler):
    def get(self, which: str) -> None:
        self._guard()
        seat = self._seat(which)
        p: Playtest = self.settings["playtest"]
        self.set_header(
            "Content-Security-Policy",
            "default-src 'self'; style-src 'unsafe-inline' "
            "'self'; script-src 'unsafe-inline'; connect-src 'self' ws: wss:; img-src data: 'self'",
        )
        title = "hot-seat" if seat == -1 else viewer_name(seat, p.game)
        self.write(page_html(f"{p.game.name} playtest — {title}", f"/ws/{which}"))


class SocketHandler(_Guarded, tornado.websocket.WebSocketHandler):
    """One page's live connection; every change is pushed to every page."""

    def check_origin(self, origin: str) -> bool:
        host = urlparse(origin).netloc
        return bool(host == self.request.host)

    def open(self, which: str) -> None:  # type: ignore[override]
        self._guard()
        self.seat = self._seat(which)
        self.picks: tuple[str, ...] = ()
        self.ready = -2  # hot-seat: the seat that last clicked "ready"
        self.settings["sockets"].add(self)
        self.send_view()

    def on_close(self) -> None:
        self.settings["sockets"].discard(self)

    def viewer(self) -> int | None:
        """The seat this page shows (hot-seat: the person to move, once ready)."""
        if self.seat is not None and self.seat >= 0:
            return self.seat
        p: Playtest = self.settings["playtest"]
        who = p.session.to_move
        return who if who >= 0 and who == self.ready else None

    def send_view(self) -> None:
        p: Playtest = self.settings["playtest"]
        viewer = self.viewer()
        if viewer is None:  # hot-seat between two people: the hand-off screen only
            who = p.session.to_move
            self.write_message(
                {
                    "kind": "handoff",
                    "seat": who,
                    "name": viewer_name(who, p.session.game) if who >= 0 else "",
                    "status": p.status(None),
                    "over": who == TERMINAL,
                }
            )
            return
        self.write_message(seat_page(p, viewer, self.picks))

    def refuse(self, message: str) -> None:
        """Tell this page why its message did nothing, then show its view again."""
        self.picks = ()
        self.write_message({"kind": "refused", "message": message})
        self.send_view()

    def on_message(self, message: str | bytes) -> None:
        try:
            self._handle(message)
        except tornado.websocket.WebSocketClosedError:
            pass
        except Exception as e:  # a page's message must never drop its socket
            _log.warning("playtest: a message could not be handled", exc_info=True)
            try:
                self.refuse(f"that message could not be handled ({type(e).__name__}); try again")
            except Exception:  # the view itself cannot be drawn: say so only
                self.picks = ()
                self.write_message({"kind": "refused", "message": "the table cannot be drawn"})

    def _handle(self, message: str | bytes) -> None:
        p: Playtest = self.settings["playtest"]
        try:
            data = json.loads(message)
            kind = data["kind"]
        except (ValueError, KeyError, TypeError, RecursionError):
            self.refuse("not a message this page sends")
            return
        viewer = self.viewer()
        if kind == "ready" and self.seat == -1:
            self.ready = p.session.to_move
        elif kind == "pick" and viewer is not None:
            pick = data.get("pick")
            if not isinstance(pick, str) or pick not in self.offered_picks(viewer):
                self.refuse("that is not something to pick on your table now")
                return
            self.picks = (*self.picks, pick)[-4:]
        elif kind == "clear":
            self.picks = ()
        elif kind == "move":
            step = data.get("step")
            if viewer is None:
                refused = "this screen is handed over: click when ready"
            elif type(step) is not int:  # text, a float, NaN, Infinity, true
                refused = "a move needs the step it was made on (a whole number)"
            else:
                refused = p.move(viewer, step, data.get("action"))
            if refused:
                self.refuse(refused)
                return
            for sock in list(self.settings["sockets"]):
                sock.picks = ()
                sock.send_view()
            return
        else:
            self.refuse("not a message this page sends")
            return
        self.send_view()

    def offered_picks(self, viewer: int) -> set[str]:
        """The ``data-pick`` values of ``viewer``'s table with the picks made so far."""
        p: Playtest = self.settings["playtest"]
        s = p.session
        if s.to_move != viewer:
            return set()
        render, _ = _render(s.game)
        options: dict[str, Any] = {"picks": self.picks} if self.picks else {}
        html = picture_for(s.game, render, s.state, viewer, **options)
        return {x for x in map(unescape, _PICK_ATTR.findall(html)) if len(x) <= MAX_PICK}


def make_app(
    playtest: Playtest, *, check_host: bool = True, hot_seat: bool = False
) -> tornado.web.Application:
    """The tornado application of one playtest; :class:`PlaytestError` (one line) for a
    game whose render breaks the viewer contract (:func:`render_for`)."""
    render_for(playtest.game)
    return tornado.web.Application(
        [
            (r"/seat/([0-9]{1,3})", PageHandler),
            (r"/(table)", PageHandler),
            (r"/ws/([0-9]{1,3}|table)", SocketHandler),
        ],
        playtest=playtest,
        check_host=check_host,
        hot_seat=hot_seat,
        sockets=set(),
        websocket_ping_interval=20,
        log_function=_log_request,
    )


def _log_request(handler: Any) -> None:
    """One short line for a refused request (its path cut at 60 characters, never its
    query: a seat's token stays off the host's screen); nothing for the rest."""
    status = handler.get_status()
    if status >= 400:
        path = handler.request.path
        shown = path if len(path) <= 60 else path[:59] + "…"
        _log.warning("playtest: %s %s %s", status, handler.request.method, shown)


def urls(playtest: Playtest, base: str, hot_seat: bool = False) -> list[tuple[str, str]]:
    """(who, URL) for every person's seat (and the hot-seat table)."""
    out = [
        (viewer_name(i, playtest.game), f"{base}/seat/{i + 1}?token={playtest.tokens[i]}")
        for i, who in enumerate(playtest.seats)
        if who is None
    ]
    if hot_seat:
        out.append(("hot-seat table", f"{base}/table?token={playtest.hot_token}"))
    return out
