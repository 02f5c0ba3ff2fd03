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
``Host`` header must name a loopback host (no DNS rebinding); tokens are
compared in constant time (``hmac.compare_digest``).
"""

from __future__ import annotations

import hmac
import json
from html import escape
from typing import Any
from urllib.parse import urlparse

import tornado.web
import tornado.websocket

from workbench.engine.kernel.protocol import TERMINAL
from workbench.engine.play.playtest import Playtest
from workbench.engine.play.seat_view import (
    label_as,
    log_for,
    picture_for,
    sees_outcome,
    viewer_name,
)
from workbench.registry import spec
from workbench.share.app_server import is_loopback
from workbench.share.playtest_page import page_html
from workbench.ui.targets import placed_ids

__all__ = ["make_app", "seat_view"]

LOG_LINES = 30
STRIP_STEPS = 8


def _render(game: Any) -> tuple[Any, Any]:
    """The game's picture and chance drawing, as its spec declares them (``GameSpec.render``,
    required for a playtest; ``GameSpec.chance_drawing``, optional)."""
    declared = spec(game.name)
    return declared.require("render", for_="workbench playtest"), declared.chance_drawing


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
            text = label_as(s.game, state, x, viewer)
            parts.append(f"<span class='wb-chance-hidden'>{escape(text)}</span>")
        k -= 1
    return (
        "<div class='wb-chance-strip'><b>last chance</b> " + " · ".join(reversed(parts)) + "</div>"
        if parts
        else ""
    )


def seat_view(p: Playtest, viewer: int, picks: tuple[str, ...] = ()) -> dict[str, Any]:
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
            {"action": json.dumps(a.id, ensure_ascii=False), "label": a.label}
            for a in s.game.legal_actions(s.state)
            if a.id not in placed
        ]
    return {
        "kind": "view",
        "seat": viewer,
        "name": viewer_name(viewer),
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


def _token_ok(given: str | None, wanted: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), wanted.encode())


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
            if self.settings["hot_seat"] and _token_ok(token, p.hot_token):
                return -1
        else:
            n = int(which) - 1
            if 0 <= n < len(p.seats) and p.seats[n] is None and _token_ok(token, p.tokens[n]):
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
        title = "hot-seat" if seat == -1 else viewer_name(seat)
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
                    "name": viewer_name(who) if who >= 0 else "",
                    "status": p.status(None),
                    "over": who == TERMINAL,
                }
            )
            return
        self.write_message(seat_view(p, viewer, self.picks))

    def on_message(self, message: str | bytes) -> None:
        p: Playtest = self.settings["playtest"]
        try:
            data = json.loads(message)
            kind = data["kind"]
        except (ValueError, KeyError, TypeError):
            self.write_message({"kind": "refused", "message": "not a message this page sends"})
            return
        viewer = self.viewer()
        if kind == "ready" and self.seat == -1:
            self.ready = p.session.to_move
        elif kind == "pick" and viewer is not None:
            self.picks = (*self.picks, str(data.get("pick", "")))[-4:]
        elif kind == "clear":
            self.picks = ()
        elif kind == "move":
            refused = (
                "this screen is handed over: click when ready"
                if viewer is None
                else p.move(viewer, int(data.get("step", -1)), data.get("action"))
            )
            if refused:
                self.picks = ()
                self.write_message({"kind": "refused", "message": refused})
                self.send_view()
                return
            for sock in list(self.settings["sockets"]):
                sock.picks = ()
                sock.send_view()
            return
        self.send_view()


def make_app(
    playtest: Playtest, *, check_host: bool = True, hot_seat: bool = False
) -> tornado.web.Application:
    """The tornado application of one playtest."""
    return tornado.web.Application(
        [
            (r"/seat/([0-9]+)", PageHandler),
            (r"/(table)", PageHandler),
            (r"/ws/([0-9]+|table)", SocketHandler),
        ],
        playtest=playtest,
        check_host=check_host,
        hot_seat=hot_seat,
        sockets=set(),
        websocket_ping_interval=20,
    )


def urls(playtest: Playtest, base: str, hot_seat: bool = False) -> list[tuple[str, str]]:
    """(who, URL) for every person's seat (and the hot-seat table)."""
    out = [
        (viewer_name(i), f"{base}/seat/{i + 1}?token={playtest.tokens[i]}")
        for i, who in enumerate(playtest.seats)
        if who is None
    ]
    if hot_seat:
        out.append(("hot-seat table", f"{base}/table?token={playtest.hot_token}"))
    return out
