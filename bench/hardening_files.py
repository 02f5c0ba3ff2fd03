"""File-based probes for ``bench/hardening_probes.py``: sheets, replays, export, app.

Run as a script it is the replay driver the replay probes use::

    python bench/hardening_files.py replay FILE   # exit 0 played, 2 ReplayError (one line)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HEADER = "id,name,kind,star,cost,atk,hp,effect,trait,text\n"


def _sheets(tmp: Path) -> dict[str, bytes]:
    cards = (ROOT / "data" / "mugen" / "cards.csv").read_bytes()
    head, first, *rest = cards.decode("utf-8").splitlines(keepends=True)
    cols = head.rstrip("\n").split(",")

    def with_cell(column: str, value: str) -> bytes:
        cells = next(iter(__import__("csv").reader([first])))
        cells[cols.index(column)] = value
        line = ",".join('"' + c.replace('"', '""') + '"' for c in cells) + "\n"
        return (head + line + "".join(rest)).encode("utf-8")

    out = {
        "int 2^63": with_cell("skill1_cost", str(2**63)),
        "int -2^63-1": with_cell("skill1_cost", str(-(2**63) - 1)),
        "int 5000 digits": with_cell("skill1_cost", "9" * 5000),
        "int 4301 digits": with_cell("skill1_cost", "1" * 4301),
        "int circled": with_cell("skill1_cost", "②"),
        "int superscript": with_cell("skill1_cost", "²"),
        "formula =": with_cell("flavour", '=HYPERLINK("http://evil","x")'),
        "formula @": with_cell("flavour", "@SUM(A1)"),
        "formula +": with_cell("flavour", "+1+cmd|' /C calc'!A0"),
        "unterminated quote": (head + first.rstrip("\n") + ',"oops\n' + "".join(rest)).encode(),
        "quote mid": (head + first.replace(",", ',"', 1) + "".join(rest)).encode(),
        "nul bytes": cards.replace(b",", b",\x00", 5),
        "utf16": cards.decode("utf-8").encode("utf-16"),
        "shift_jis": cards.decode("utf-8").encode("cp932", "replace"),
        "only header": head.encode(),
        "empty": b"",
        "binary": bytes(range(256)) * 40,
        "one column": b"x\n1\n2\n",
        "header only commas": b",,,,\n1,2,3\n",
        "huge cell": with_cell("flavour", "x" * 200_000),
        "many columns": (
            head.rstrip("\n") + "," + ",".join(f"c{i}" for i in range(5000)) + "\n" + "".join(rest)
        ).encode(),
        "bom": b"\xef\xbb\xbf" + cards,
        "cr only": cards.replace(b"\n", b"\r"),
        "dice circled": with_cell("skill1_cost", "⑩"),
    }
    return out


def probes(tmp: Path, cli: Any, exits: Any, stderr_has: Any, probe: Any) -> list[Any]:
    out = []
    sheets = tmp / "data" / "mugen"
    sheets.mkdir(parents=True)
    for name, data in _sheets(tmp).items():
        folder = tmp / "sheets" / name.replace(" ", "_").replace("^", "")
        folder.mkdir(parents=True)
        path = folder / "cards.csv"
        path.write_bytes(data)
        expect = None
        if name.startswith(
            ("int 2", "int -", "int 5", "int 4", "int c", "int s", "unterm", "formula", "dice")
        ):
            expect = exits(1)
        out.append(cli(f"check {name}", "check", str(path), "--game", "mugen", expect=expect))
        out.append(
            cli(
                f"check --json {name}",
                "check",
                str(path),
                "--game",
                "mugen",
                "--json",
                expect=expect,
            )
        )
    big = tmp / "sheets" / "big" / "cards.csv"
    big.parent.mkdir(parents=True)
    with big.open("wb") as fh:
        line = (ROOT / "data" / "mugen" / "cards.csv").read_bytes().splitlines(keepends=True)
        fh.write(line[0])
        body = b"".join(line[1:])
        while fh.tell() < 70_000_000:
            fh.write(body)
    out.append(cli("check 70 MB sheet", "check", str(big), "--game", "mugen"))
    folder = tmp / "sheets" / "folder"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.csv").write_text("name,cost\nx," + str(2**64) + "\n")
    (folder / "sub" / "cards.csv").write_bytes(_sheets(tmp)["int 2^63"])
    (folder / "weird.xlsx").write_bytes(b"not a zip")
    (folder / "weird.parquet").write_bytes(b"PAR1garbage")
    (folder / "dir.csv").mkdir()
    out.append(cli("check folder mixed", "check", str(folder), "--game", "mugen"))
    out.append(cli("check missing", "check", str(tmp / "nope.csv"), expect=exits(2)))
    out.append(cli("check no game", "check", str(folder / "a.csv"), expect=exits(2)))
    out.append(
        cli("check bad game", "check", str(folder / "a.csv"), "--game", "zzz", expect=exits(2))
    )
    out.append(
        cli(
            "check xlsx garbage",
            "check",
            str(folder / "weird.xlsx"),
            "--game",
            "mugen",
            expect=exits(2),
        )
    )
    out.append(
        cli(
            "check parquet garbage",
            "check",
            str(folder / "weird.parquet"),
            "--game",
            "mugen",
            expect=exits(2),
        )
    )
    out.append(
        cli("check dir.csv", "check", str(folder / "dir.csv"), "--game", "mugen", expect=exits(2))
    )
    noperm = tmp / "sheets" / "noperm.csv"
    noperm.write_text("a\n")
    noperm.chmod(0)
    out.append(cli("check unreadable", "check", str(noperm), "--game", "mugen", expect=exits(2)))
    out.append(cli("check real data", "check", str(ROOT / "data"), expect=exits(0, 1)))
    out.append(
        cli(
            "check deck bad rules",
            "check",
            str(ROOT / "data/mugen/decks/sora.csv"),
            "--rules",
            str(folder / "a.csv"),
        )
    )
    out.append(
        cli(
            "check deck --cards garbage",
            "check",
            str(ROOT / "data/mugen/decks/sora.csv"),
            "--cards",
            str(folder / "weird.xlsx"),
        )
    )
    out += _replay_probes(tmp, probe, exits)
    out += _export_probes(tmp, cli, exits)
    out += _app_probes(tmp, cli, exits)
    return out


def _replay_base() -> dict[str, Any]:
    return {
        "format": "workbench-replay/1",
        "game": "ghost",
        "version": "1",
        "params": {},
        "seed": 1,
        "actions": [],
    }


def _replay_probes(tmp: Path, Probe: Any, exits: Any) -> list[Any]:  # noqa: N803 (the class)
    folder = tmp / "replays"
    folder.mkdir()
    nested = "NESTED"  # replaced by 5,000 nested lists in the JSON text
    cases: dict[str, Any] = {
        "ghost hand_size 1e8": {"params": {"hand_size": 100_000_000}},
        "ghost hand_size float": {"params": {"hand_size": 5.0}},
        "ghost hand_size bool": {"params": {"hand_size": True}},
        "ghost players str": {"params": {"players": "4"}},
        "ghost sheet outside": {"params": {"sheet": "/etc/passwd"}},
        "ghost unknown param": {"params": {"colour": 1}},
        "mugen hp str": {"game": "mugen", "params": {"hp": "30"}},
        "mugen hp huge": {"game": "mugen", "params": {"hp": 10**30}},
        "mugen cards_path outside": {"game": "mugen", "params": {"cards_path": "/etc/hosts"}},
        "mugen cards_path dotdot": {
            "game": "mugen",
            "params": {"cards_path": "data/../../../../etc/hosts"},
        },
        "mugen decks garbage": {"game": "mugen", "params": {"decks": [[["x", 1]]]}},
        "mugen decks deep": {"game": "mugen", "params": {"decks": nested}},
        "nested actions": {"actions": [nested]},
        "many actions": {"actions": [0] * 200_000},
        "seed 5000 digits": {"seed": 0},
        "seed negative": {"seed": -1},
        "seed float": {"seed": 1.5},
        "game unknown": {"game": "zzz"},
        "game path": {"game": "../../etc"},
        "version other": {"version": "99"},
        "detective cards_folder": {"game": "detective", "params": {"cards_folder": "/tmp"}},
        "life mid_vp long": {"game": "life", "params": {"mid_vp": list(range(10000))}},
        "life players float": {"game": "life", "params": {"players": 4.0}},
        "toy chance changed": "CHANGED",
        "bad action": {"actions": [["no", "such", "move"]]},
        "chosen not int": {"chosen": ["x"]},
    }
    out = []
    for name, patch in cases.items():
        path = folder / (name.replace(" ", "_") + ".json")
        if patch == "CHANGED":
            path.write_text(_changed_chance_replay(), encoding="utf-8")
            expect = exits(2)
        else:
            data = {**_replay_base(), **patch}
            text = json.dumps(data).replace('"NESTED"', "[" * 5000 + "0" + "]" * 5000)
            if name == "seed 5000 digits":
                text = text.replace('"seed": 0', '"seed": ' + "9" * 5000)
            path.write_text(text, encoding="utf-8")
            expect = exits(2) if name not in ("ghost hand_size float",) else exits(2)
        out.append(
            Probe(
                f"replay {name}", [sys.executable, str(Path(__file__)), "replay", str(path)], expect
            )
        )
    raw = {
        "not json": "{",
        "deep json": "[" * 100_000 + "]" * 100_000,
        "list": "[]",
        "huge number": '{"format": "workbench-replay/1", "seed": 1' + "0" * 100_000 + "}",
    }
    for name, text in raw.items():
        path = folder / (name.replace(" ", "_") + ".json")
        path.write_text(text, encoding="utf-8")
        out.append(
            Probe(
                f"replay {name}",
                [sys.executable, str(Path(__file__)), "replay", str(path)],
                exits(2),
            )
        )
    return out


def _changed_chance_replay() -> str:
    """A ghost replay whose first recorded chance outcome is not what its seed gives."""
    from workbench.engine.play.replay import Replay
    from workbench.engine.play.session import Session
    from workbench.registry import make_game

    game = make_game("ghost", players=2)
    session = Session(game, seed=3)
    for _ in range(3):
        legal = game.legal_actions(session.state)
        if not legal:
            break
        session.apply(legal[0].id)
    data = json.loads(Replay.from_session(session).to_json())
    first = data["actions"][0]
    for action in game.chance_outcomes(game.initial_state()).items():  # type: ignore[attr-defined]
        candidate = json.loads(json.dumps(action[0] if isinstance(action, tuple) else action))
        if candidate != first:
            data["actions"][0] = candidate
            break
    return json.dumps(data)


def _export_probes(tmp: Path, cli: Any, exits: Any) -> list[Any]:
    folder = tmp / "export"
    folder.mkdir()
    nb = folder / "ok.ipynb"
    nb.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    bad = folder / "bad.ipynb"
    bad.write_text("this is not json")
    wrong = folder / "wrong.ipynb"
    wrong.write_text(json.dumps({"cells": "x", "nbformat": 4}))
    old = folder / "old.ipynb"
    old.write_text(json.dumps({"nbformat": 99}))
    (folder / "outdir").mkdir()
    existing = folder / "exists.html"
    existing.write_text("keep me")
    ro = folder / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    return [
        cli(
            "export not json",
            "export",
            str(bad),
            "--out",
            str(folder / "a.html"),
            "--no-execute",
            expect=exits(2),
        ),
        cli(
            "export wrong shape",
            "export",
            str(wrong),
            "--out",
            str(folder / "b.html"),
            "--no-execute",
            expect=exits(2),
        ),
        cli(
            "export nbformat 99",
            "export",
            str(old),
            "--out",
            str(folder / "c.html"),
            "--no-execute",
            expect=exits(2),
        ),
        cli("export missing", "export", str(folder / "none.ipynb"), expect=exits(2)),
        cli(
            "export onto dir",
            "export",
            str(nb),
            "--out",
            str(folder / "outdir"),
            "--no-execute",
            expect=exits(2),
        ),
        cli(
            "export onto existing",
            "export",
            str(nb),
            "--out",
            str(existing),
            "--no-execute",
            expect=exits(2),
        ),
        cli(
            "export --force",
            "export",
            str(nb),
            "--out",
            str(existing),
            "--no-execute",
            "--force",
            expect=lambda code, out, err: (
                ""
                if code == 0 or ("vendored JavaScript" in err and "already exists" not in err)
                else f"exit {code}"
            ),
        ),
        cli(
            "export read-only dir",
            "export",
            str(nb),
            "--out",
            str(ro / "x.html"),
            "--no-execute",
            expect=exits(0, 2) if os.geteuid() == 0 else exits(2),
        ),  # root writes
        cli(
            "export /proc",
            "export",
            str(nb),
            "--out",
            "/proc/x.html",
            "--no-execute",
            expect=exits(2),
        ),
        cli(
            "export under a file",
            "export",
            str(nb),
            "--out",
            str(existing / "x.html"),
            "--no-execute",
            expect=exits(2),
        ),
        cli("export notebook is dir", "export", str(folder / "outdir"), expect=exits(2)),
        cli(
            "export --all empty",
            "export",
            "--all",
            "--notebooks",
            str(folder / "outdir"),
            "--out",
            str(folder / "all"),
            expect=exits(2),
        ),
        cli(
            "export --all onto file",
            "export",
            "--all",
            "--notebooks",
            str(folder),
            "--out",
            str(existing),
            "--no-execute",
            expect=exits(2),
        ),
        cli("export nothing", "export", expect=exits(2)),
    ]


def _app_probes(tmp: Path, cli: Any, exits: Any) -> list[Any]:
    return [
        cli("app unknown game", "app", "zzz", expect=exits(2)),
        cli("app port negative", "app", "ghost", "--port", "-1", expect=exits(2)),
        cli("app port 70000", "app", "ghost", "--port", "70000", expect=exits(2)),
        cli("app port text", "app", "ghost", "--port", "x", expect=exits(2)),
        cli("app seed huge", "app", "ghost", "--seed", "9" * 5000, expect=exits(2)),
        cli(
            "app build is file", "app", "ghost", "--build", str(ROOT / "README.md"), expect=exits(2)
        ),
        cli("app ip bogus", "app", "ghost", "--ip", "not an ip", expect=exits(2)),
    ]


def _replay_driver(path: str) -> int:
    from workbench.engine.play.replay import Replay, ReplayError
    from workbench.engine.play.session import Session

    try:
        Session.from_replay(Replay.load(path))
    except ReplayError as exc:
        sys.stderr.write(f"workbench replay: {str(exc).splitlines()[0][:300]}\n")
        return 2
    return 0


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "replay":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(_replay_driver(sys.argv[2]))
