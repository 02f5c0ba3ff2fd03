"""The playtest server without a browser: tokens, the Host check, live views over the
websocket, refused moves, bots in empty seats, the file after every move and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tornado.testing
import tornado.websocket

from workbench.engine.play.playtest import Playtest, PlaytestError
from workbench.games.detective.rules import make_game
from workbench.share.playtest_server import make_app, seat_page, urls


def _playtest(tmp_path: Path, bots: tuple[str | None, ...] = (None, None, None)) -> Playtest:
    return Playtest(make_game(players=3), list(bots), seed=3, path=tmp_path / "p.json")


class ServerTest(tornado.testing.AsyncHTTPTestCase):
    def get_app(self):  # type: ignore[no-untyped-def]
        import tempfile

        self.folder = Path(tempfile.mkdtemp())
        self.p = _playtest(self.folder)
        return make_app(self.p, hot_seat=True)

    def test_pages_need_their_token_and_a_loopback_host(self) -> None:
        token = self.p.tokens[0]
        assert self.fetch(f"/seat/1?token={token}").code == 200
        assert self.fetch(f"/seat/2?token={token}").code == 403  # another seat's token
        assert self.fetch("/seat/1").code == 403
        assert self.fetch(f"/seat/1?token={token}", headers={"Host": "evil.example"}).code == 403
        assert self.fetch(f"/table?token={self.p.hot_token}").code == 200

    @tornado.testing.gen_test
    async def test_moves_over_the_websocket(self) -> None:
        socks = [
            await tornado.websocket.websocket_connect(
                f"ws://127.0.0.1:{self.get_http_port()}/ws/{i + 1}?token={self.p.tokens[i]}"
            )
            for i in range(3)
        ]
        views = [json.loads(await s.read_message()) for s in socks]
        who = self.p.session.to_move
        assert [v["mine"] for v in views] == [i == who for i in range(3)]
        other = (who + 1) % 3
        action = self.p.session.game.legal_ids(self.p.session.state)[0]
        socks[other].write_message(
            json.dumps({"kind": "move", "step": views[other]["step"], "action": action})
        )
        refused = json.loads(await socks[other].read_message())
        assert refused == {
            "kind": "refused",
            "message": f"not your turn: Player {who + 1} is deciding",
        }
        await socks[other].read_message()  # its view again, unchanged
        step = self.p.session.step
        socks[who].write_message(json.dumps({"kind": "move", "step": step, "action": action}))
        after = [json.loads(await s.read_message()) for s in socks]
        assert all(v["step"] > step for v in after)  # everyone's page moved on
        socks[who].write_message(json.dumps({"kind": "move", "step": step, "action": action}))
        stale = json.loads(await socks[who].read_message())
        assert "older position" in stale["message"]
        saved = Playtest.read(self.p.path)
        assert list(saved[0].actions) == list(self.p.session.actions)
        socks[other].close()  # a tab closed and opened again: the same seat, the same position
        again = await tornado.websocket.websocket_connect(
            f"ws://127.0.0.1:{self.get_http_port()}/ws/{other + 1}?token={self.p.tokens[other]}"
        )
        view = json.loads(await again.read_message())
        assert view["seat"] == other and view["step"] == self.p.session.step
        for s in (*socks, again):
            s.close()


def test_a_seat_page_hides_the_other_hands(tmp_path: Path) -> None:
    p = _playtest(tmp_path)
    state = p.session.state
    for seat in range(3):
        view = seat_page(p, seat)
        for i, hand in enumerate(state.hands):
            for no in hand:
                assert (f"data-event='{no}'" in view["picture"]) == (i == seat)
        named = [x for x in view["log"] if "draws #" in x]
        hidden = [x for x in view["log"] if "draws an event card" in x]
        assert len(named) == len(state.hands[seat])  # its own deal, named
        assert len(hidden) == sum(len(h) for i, h in enumerate(state.hands) if i != seat)


def test_bots_fill_empty_seats_and_a_resumed_playtest_goes_on(tmp_path: Path) -> None:
    p = _playtest(tmp_path, (None, "greedy", "random"))
    for _ in range(30):
        if p.session.to_move == 0:
            assert p.move(0, p.session.step, p.session.game.legal_ids(p.session.state)[-1]) == ""
    assert p.session.to_move in (0, -4)
    again = Playtest.resume(p.path)
    assert again.session.actions == p.session.actions and again.seats == p.seats
    assert {d["player"] for d in again.decisions} == {"human", "greedy", "random"}
    assert all(d["seconds"] >= 0 for d in again.decisions)
    assert urls(again, "http://h")[0][1].startswith("http://h/seat/1?token=")
    assert len(urls(again, "http://h")) == 1  # only the person's seat has a URL


def test_a_broken_file_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "workbench-playtest/1", "seats": [null], "decisions": [], "replay": {}}'
    )
    with pytest.raises(PlaytestError, match="bad.json"):
        Playtest.resume(bad)
    bad.write_text("not json")
    with pytest.raises(PlaytestError, match="cannot read a playtest"):
        Playtest.resume(bad)


@pytest.mark.parametrize("name", ["ghost", "mugen", "life", "detective"])
def test_every_game_draws_each_seat_its_own_table(name: str, tmp_path: Path) -> None:
    import random

    from workbench.registry import make_game as by_name

    game = by_name(name)
    p = Playtest(game, [None] * game.num_players, seed=1, path=tmp_path / "p.json")
    rng = random.Random(0)
    for _ in range(25):  # a few moves in, then every seat's page
        s = p.session
        if s.to_move < 0:
            break
        assert p.move(s.to_move, s.step, rng.choice(s.game.legal_ids(s.state))) == ""
    who = p.session.to_move
    for seat in range(game.num_players):
        view = seat_page(p, seat)
        offered = "data-action" in view["picture"] or bool(view["buttons"])
        assert offered == (seat == who), (name, seat, who)  # only the seat to move is offered moves
        assert "is deciding" not in view["picture"]  # its own table, not a waiting screen
