"""Hostile messages to a playtest seat (issue 39 item 8): each one gets a clear message on
that seat's socket, which stays open, and the table does not change; a seat number of
5,000 digits is 404, not 500."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import tornado.testing
import tornado.websocket

from workbench.engine.play.playtest import Playtest
from workbench.games.detective.rules import make_game
from workbench.share.playtest_server import make_app

HOSTILE = [
    ({"kind": "move", "step": "three", "action": 0}, "a move needs the step it was made on"),
    ('{"kind": "move", "step": NaN, "action": 0}', "a move needs the step it was made on"),
    ('{"kind": "move", "step": Infinity, "action": 0}', "a move needs the step it was made on"),
    ({"kind": "move", "step": True, "action": 0}, "a move needs the step it was made on"),
    ("[" * 100_000 + "]" * 100_000, "not a message this page sends"),
    ({"kind": "pick", "pick": "²"}, "not something to pick on your table"),
    ({"kind": "pick", "pick": ["x"]}, "not something to pick on your table"),
    ({"kind": "move", "step": "NOW", "action": [[[[[[[[[[[["deep"]]]]]]]]]]]]}, "illegal"),
    ({"kind": "fly"}, "not a message this page sends"),
    ("\ud800", "not a message this page sends"),
]


class HostileMessages(tornado.testing.AsyncHTTPTestCase):
    def get_app(self):  # type: ignore[no-untyped-def]
        self.folder = Path(tempfile.mkdtemp())
        self.p = Playtest(make_game(players=3), [None, None, None], 3, self.folder / "p.json")
        return make_app(self.p, hot_seat=True)

    def test_a_long_seat_number_is_not_found(self) -> None:
        token = self.p.tokens[0]
        assert self.fetch(f"/seat/{'1' * 5000}?token={token}").code == 404
        assert self.fetch(f"/ws/{'1' * 5000}?token={token}").code == 404
        assert self.fetch(f"/seat/1?token={token}").code == 200

    @tornado.testing.gen_test(timeout=60)
    async def test_each_hostile_message_gets_a_message_and_the_socket_stays(self) -> None:
        who = self.p.session.to_move
        url = f"ws://127.0.0.1:{self.get_http_port()}/ws/{who + 1}?token={self.p.tokens[who]}"
        sock = await tornado.websocket.websocket_connect(url, max_message_size=50 * 2**20)
        first = json.loads(await sock.read_message())
        assert first["kind"] == "view" and first["mine"]
        before = (self.p.session.step, self.p.session.actions)
        for message, said in HOSTILE:
            if isinstance(message, dict) and message.get("step") == "NOW":  # this position's
                message = {**message, "step": first["step"]}
            text = message if isinstance(message, str) else json.dumps(message)
            await sock.write_message(
                text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
            )
            reply = json.loads(await sock.read_message())
            assert reply["kind"] == "refused" and said in reply["message"], (message, reply)
            view = json.loads(await sock.read_message())  # its view again, unchanged
            assert view["kind"] == "view" and view["step"] == first["step"], message
        assert (self.p.session.step, self.p.session.actions) == before  # nothing changed
        # the socket still plays: a real pick of the main phase, then a legal move
        action = self.p.session.game.legal_ids(self.p.session.state)[0]
        await sock.write_message(
            json.dumps({"kind": "move", "step": first["step"], "action": action})
        )
        moved = json.loads(await sock.read_message())
        assert moved["kind"] == "view" and moved["step"] > first["step"]
