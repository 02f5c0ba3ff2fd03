"""A cached ``workbench compare`` re-ask (issue 38): the same lines as the first answer,
read back without polars, sympy or numpy, and asked the long way again as soon as a file
it was answered from changes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cards.variants import Variant
from workbench.cli import main
from workbench.datafiles import data_files

GAMES = ["--games", "3", "--seed", "5"]


@pytest.fixture()
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    cache = {"WORKBENCH_CACHE": str(tmp_path / "cache"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    for k, v in cache.items():
        monkeypatch.setenv(k, v)
    return {**os.environ, **cache}


@pytest.fixture()
def saved(tmp_path: Path) -> Path:
    """A saved mugen variant on a copy of the game's sheets."""
    base = tmp_path / "data" / "mugen"
    shutil.copytree(data_files("mugen"), base, ignore=shutil.ignore_patterns("variants"))
    return Variant.of("mugen", base, "mine").set("cards", "C01", "skill1_cost", "1").save()


def _ask(saved: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[str, str]:
    assert main(["compare", "mugen", "--variant", str(saved), *GAMES, *more]) == 0
    out = capsys.readouterr()
    return out.out, out.err


def test_a_cached_re_ask_prints_the_same_without_the_heavy_imports(
    saved: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    first = _ask(saved, capsys)
    first_json = _ask(saved, capsys, "--json")
    probe = (
        "import sys\n"
        "from workbench.cli import main\n"
        f"code = main(['compare', 'mugen', '--variant', {str(saved)!r}, *{GAMES!r}, *sys.argv[1:]])\n"
        "heavy = sorted(m for m in ('polars', 'sympy', 'numpy', 'altair') if m in sys.modules)\n"
        "print('HEAVY', code, heavy, file=sys.stderr)\n"
    )
    for more, expected in (([], first), (["--json"], first_json)):
        done = subprocess.run(
            [sys.executable, "-c", probe, *more], capture_output=True, text=True, env=env
        )
        *err, heavy = done.stderr.splitlines()
        assert heavy == "HEAVY 0 []"
        assert (done.stdout, "".join(f"{e}\n" for e in err)) == expected
    assert json.loads(first_json[0])["games"] == 3


def test_an_edited_sheet_or_a_new_file_beside_it_is_asked_again(
    saved: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    from workbench.engine.measure.compare import compare

    assert not compare("mugen", None, saved, "greedy", 3, 5).cached
    assert compare("mugen", None, saved, "greedy", 3, 5).cached
    base = saved.parents[1]
    resaved = Variant.of("mugen", base, "mine").set("cards", "C01", "skill1_cost", "2").save()
    assert resaved == saved  # the same folder, another cost in its cards sheet
    again = compare("mugen", None, saved, "greedy", 3, 5)
    assert not again.cached
    assert compare("mugen", None, saved, "greedy", 3, 5).cached
    (saved / "mugen" / "notes.txt").write_text("a new file beside the sheets")
    asked = Path(env["WORKBENCH_CACHE"]) / "compare" / "mugen" / "asked"
    (entry,) = asked.iterdir()
    assert "notes.txt" not in json.loads(entry.read_text())["folders"][str(saved / "mugen")]
    # the folder changed: the sheets are read again (their answers are the cached ones)
    assert compare("mugen", None, saved, "greedy", 3, 5).cached
    assert "notes.txt" in json.loads(entry.read_text())["folders"][str(saved / "mugen")]
    assert capsys.readouterr().err.count("not used") == 0  # a changed input is no complaint


def test_a_request_entry_forged_to_point_elsewhere_is_not_used(
    saved: Path, env: dict[str, str]
) -> None:
    from workbench.engine.measure.compare import compare

    compare("mugen", None, saved, "greedy", 3, 5)
    compare("mugen", None, saved, "greedy", 4, 5)
    entries = {}
    for path in (Path(env["WORKBENCH_CACHE"]) / "compare" / "mugen" / "asked").iterdir():
        entry = json.loads(path.read_text())
        entries[json.loads(entry["request"])[8]] = (path, entry)  # by its number of games
    path, three = entries[3]
    four = entries[4][1]
    path.write_text(json.dumps({**three, "key": four["key"], "table": four["table"]}))
    again = compare("mugen", None, saved, "greedy", 3, 5)  # the 4-game answers, if it lied
    assert set(again.table["pairs"]) == {3, 6}  # deck against deck: 2 tables of 3 games
