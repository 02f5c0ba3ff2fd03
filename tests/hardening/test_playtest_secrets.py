"""Playtests keep their secrets and their links (issue 39 items 2, 3, 7 and 17's --host).

The seed is the OS's (not 0) and never printed; each playtest gets its own file; the
file keeps only the tokens' hashes (0600) and the old links open their seats after a
resume; a hostile or broken file to resume is one line before anything is read into
memory; a render that names its viewer otherwise is refused at start.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from workbench.cli import CliError
from workbench.cli.playtest_cmd import _new_file, _playtest, shown_host
from workbench.engine.play.playtest import MAX_PLAYTEST_BYTES, Playtest, PlaytestError
from workbench.games.peek.rules import make_game as peek
from workbench.share.playtest_server import make_app, render_for, seat_page


def _args(**kw: object) -> argparse.Namespace:
    base = dict(
        game=None, seats=None, bots=None, set=None, seed=None, out=None, force=False,
        resume=None, allow_path=None, host="127.0.0.1", port=0, hot_seat=False,
    )  # fmt: skip
    base.update(kw)
    return argparse.Namespace(**base)


def test_the_default_seed_is_the_os_s_and_differs_between_playtests(tmp_path: Path) -> None:
    seeds = {Playtest(peek(), [None, "random"]).session.seed for _ in range(4)}
    assert len(seeds) == 4 and 0 not in seeds
    assert Playtest(peek(), [None, "random"], seed=5).session.seed == 5  # --seed still wins


def test_each_playtest_gets_a_new_file_and_none_is_replaced_without_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    first = _playtest(_args(game="peek", bots="random"))
    second = _playtest(_args(game="peek", bots="random"))
    assert first.path != second.path and first.path.exists() and second.path.exists()
    assert str(first.session.seed) not in first.path.name  # the seed is not in the name
    kept = first.path.read_bytes()
    with pytest.raises(CliError, match="the file exists; give --force to replace it"):
        _new_file(str(first.path), "peek", force=False)
    with pytest.raises(CliError, match="the file exists"):
        _playtest(_args(game="peek", bots="random", out=str(first.path)))
    assert first.path.read_bytes() == kept  # nothing lost
    forced = _playtest(_args(game="peek", bots="random", out=str(first.path), force=True))
    assert forced.path == first.path and first.path.read_bytes() != kept


def test_the_file_keeps_token_hashes_only_and_old_links_open_seats_after_a_resume(
    tmp_path: Path,
) -> None:
    p = Playtest(peek(), [None, None], path=tmp_path / "p.json")
    p.port = 45678
    p.save()
    text = (tmp_path / "p.json").read_text()
    assert stat.S_IMODE(os.stat(tmp_path / "p.json").st_mode) == 0o600
    assert all(t not in text for t in [*p.tokens, p.hot_token])  # no token in the file
    again = Playtest.resume(tmp_path / "p.json")
    assert again.port == 45678  # the port to ask for again
    assert again.opens(0, p.tokens[0]) and again.opens(1, p.tokens[1])  # old links
    assert again.opens(0, again.tokens[0]) and again.opens(None, p.hot_token)  # new links too
    assert not again.opens(1, p.tokens[0]) and not again.opens(0, "x" * 22)
    assert not again.opens(0, None) and not again.opens(5, p.tokens[0])


def test_a_seat_of_a_bot_opens_for_nobody() -> None:
    p = Playtest(peek(), [None, "random"])
    assert not p.opens(1, p.tokens[1])


def _saved(tmp_path: Path, **changes: object) -> Path:
    p = Playtest(peek(), [None, "random"], path=tmp_path / "p.json")
    p.save()
    data = json.loads(p.path.read_text())
    data.update(changes)
    p.path.write_text(json.dumps(data))
    return p.path


def test_resume_refuses_an_unknown_bot_in_one_line(tmp_path: Path) -> None:
    path = _saved(tmp_path, seats=[None, "grandmaster"])
    with pytest.raises(PlaytestError, match=r"p\.json: seat 2: .*grandmaster") as e:
        Playtest.resume(path)
    assert "\n" not in str(e.value)
    with pytest.raises(CliError, match="seat 2"):
        _playtest(_args(resume=str(path)))


def test_resume_refuses_a_file_of_bots_only(tmp_path: Path) -> None:
    path = _saved(tmp_path, seats=["random", "random"], tokens=None)
    with pytest.raises(PlaytestError, match="every seat is a bot: a playtest needs at least one"):
        Playtest.resume(path)


def test_resume_refuses_bad_token_lists(tmp_path: Path) -> None:
    path = _saved(tmp_path, tokens={"seats": [["not a hash"], None], "table": []})
    with pytest.raises(PlaytestError, match="'tokens' should be"):
        Playtest.resume(path)


def test_resume_bounds_the_file_before_reading_it(tmp_path: Path) -> None:
    with pytest.raises(PlaytestError, match="/dev/zero: not a regular file"):
        Playtest.resume("/dev/zero")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:  # sparse: no disk, and never read
        f.truncate(MAX_PLAYTEST_BYTES + 10)
    with pytest.raises(PlaytestError, match="larger than"):
        Playtest.resume(huge)


def test_a_playtest_started_on_a_sheet_outside_the_data_folders_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from importlib.resources import files

    monkeypatch.chdir(tmp_path)
    sheet = tmp_path / "my_cards.csv"
    sheet.write_bytes((files("workbench.data") / "ghost" / "cards.csv").read_bytes())
    p = _playtest(_args(game="ghost", bots="random,random,random", set=[f"sheet={sheet}"]))
    with pytest.raises(CliError, match="resume with --allow-path FOLDER") as e:
        _playtest(_args(resume=str(p.path)))
    assert "\n" not in str(e.value)
    again = _playtest(_args(resume=str(p.path), allow_path=[str(tmp_path)]))
    assert again.session.actions == p.session.actions


def _seat_render(game, state, seat=None):  # type: ignore[no-untyped-def]
    """A peek render that names its viewer ``seat`` (the leak of issue 39 item 3)."""
    from workbench.games.peek.render import render

    return render(game, state, viewer=seat)


def test_a_render_that_names_its_viewer_otherwise_is_refused_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from workbench import registry

    monkeypatch.chdir(tmp_path)
    declared = registry.spec("peek")
    registry.register(dataclasses.replace(declared, render=_seat_render))
    try:
        p = Playtest(peek(), [None, None])
        with pytest.raises(
            PlaytestError, match="its render does not draw as render.*'viewer'"
        ) as e:
            make_app(p)
        assert "\n" not in str(e.value)
        from workbench.cli.playtest_cmd import _run

        with pytest.raises(CliError, match="its render does not draw as"):
            _run(_args(game="peek"))
        assert list(tmp_path.glob("playtest-*.json")) == []  # no file left behind
    finally:
        registry.unregister("peek")
        registry.refresh()
    assert render_for(peek()) is not None  # the declared peek render takes viewer


def test_a_seat_sees_its_own_card_only() -> None:
    p = Playtest(peek(), [None, None], seed=3)
    hands = p.session.state.hands
    assert None not in hands  # dealt
    for seat in (0, 1):
        picture = seat_page(p, seat)["picture"]
        other = hands[1 - seat]
        assert f"seat {2 - seat}: ?" in picture and f"seat {2 - seat}: {other}" not in picture


def test_links_on_every_address_show_the_machine_s_address() -> None:
    import ipaddress

    shown = shown_host("0.0.0.0")
    assert shown != "0.0.0.0" and ipaddress.ip_address(shown).version == 4


def _serve(argv: list[str], cwd: Path) -> tuple[Any, list[str]]:
    """``workbench playtest ...`` started in ``cwd``; (process, the lines it printed up to
    the last link)."""
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench", "playtest", *argv],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(2 if "--resume" not in argv else 3)]
    return proc, lines


def _stop(proc: Any) -> str:
    import signal

    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    return str(err)


def test_a_stop_prints_the_resume_command_and_the_resumed_table_keeps_port_and_links(
    tmp_path: Path,
) -> None:
    import urllib.request

    proc, lines = _serve(["peek", "--bots", "random"], tmp_path)
    try:
        link = lines[1].split(": ", 1)[1].strip()
        assert link.startswith("http://127.0.0.1:") and "/seat/1?token=" in link
    finally:
        err = _stop(proc)
    (saved,) = tmp_path.glob("playtest-peek-*.json")
    assert f"continue with: workbench playtest --resume {saved.name}" in err
    assert str(json.loads(saved.read_text())["replay"]["seed"]) not in "".join(lines)
    proc, lines = _serve(["--resume", saved.name], tmp_path)
    try:
        assert "open tabs reconnect by themselves" in lines[1]
        assert lines[2].split(": ", 1)[1].split("/seat/")[0] == link.split("/seat/")[0]
        with urllib.request.urlopen(link, timeout=10) as page:  # the old link still opens
            assert page.status == 200
    finally:
        _stop(proc)
