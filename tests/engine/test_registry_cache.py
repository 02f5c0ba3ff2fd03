"""The registry's entry-point cache: a cached read gives what a scan gives, without
importing importlib.metadata, and anything installed, re-declared or removed since is
seen at once (the cache is keyed by the metadata on sys.path, not by time)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from workbench import registry
from workbench.registry import GROUP, game_names


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    """An empty cache folder of the test's own; the registry read afresh before and after."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("WORKBENCH_CACHE", str(folder))
    monkeypatch.delenv("WORKBENCH_REGISTRY_CACHE", raising=False)
    registry.refresh()
    yield folder
    registry.refresh()


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path standing for site-packages, empty at first."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    sys.modules.pop("cachedgame", None)


def _install(site, names: tuple[str, ...]) -> None:
    """A distribution ``cachedgame`` in ``site`` declaring these games (each its package)."""
    pkg = site / "cachedgame"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    info = site / "cachedgame-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cachedgame\nVersion: 1.0\n", encoding="utf-8"
    )
    lines = "".join(f"{n} = cachedgame\n" for n in names)
    path = info / "entry_points.txt"
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(f"[{GROUP}]\n{lines}", encoding="utf-8")
    if path.stat().st_mtime_ns == before:  # a coarse clock: make the edit visible as one
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def _scanned_names() -> set[str]:
    return {ep.name for ep in entry_points(group=GROUP)}


def test_a_cached_read_gives_the_scan_without_scanning(cache_dir, monkeypatch):
    first = game_names()
    (cached,) = cache_dir.glob("entry-points-*.json")
    (saved,) = json.loads(cached.read_text(encoding="utf-8"))["records"]
    assert {name for name, _, _ in saved["entries"]} == _scanned_names()
    assert ["ghost", "workbench.games.ghost", "workbench"] in saved["entries"]

    def no_scan() -> list:
        raise AssertionError("scanned although nothing was installed")

    monkeypatch.setattr(registry, "_scan", no_scan)
    registry.refresh()
    assert game_names() == first
    assert first[:4] == ("ghost", "detective", "mugen", "life")


def test_a_game_installed_redeclared_or_removed_is_seen_at_once(cache_dir, site):
    assert "cached_a" not in game_names()  # the cache is written with site empty
    _install(site, ("cached_a",))
    registry.refresh()
    assert "cached_a" in game_names()
    _install(site, ("cached_a", "cached_b"))  # the same distribution, one more game
    registry.refresh()
    assert {"cached_a", "cached_b"} <= set(game_names())
    for f in (site / "cachedgame-1.0.dist-info").iterdir():
        f.unlink()
    (site / "cachedgame-1.0.dist-info").rmdir()
    registry.refresh()
    assert not {"cached_a", "cached_b"} & set(game_names())


def test_a_damaged_or_unwritable_cache_is_scanned_past(cache_dir, tmp_path, monkeypatch):
    want = game_names()
    (cached,) = cache_dir.glob("entry-points-*.json")
    damaged = ("{not json", '{"format": 2}', '{"format": 2, "records": [7]}', '{"format": 99}')
    for damage in damaged:
        cached.write_text(damage, encoding="utf-8")
        registry.refresh()
        assert game_names() == want
        assert len(json.loads(cached.read_text(encoding="utf-8"))["records"]) == 1  # rewritten
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("WORKBENCH_CACHE", str(blocked / "under-a-file"))
    registry.refresh()
    assert game_names() == want
    monkeypatch.setenv("WORKBENCH_REGISTRY_CACHE", "0")
    registry.refresh()
    assert game_names() == want


def test_a_new_process_reads_the_cache_without_importlib_metadata(tmp_path):
    """What the cache buys a command: a second process imports no importlib.metadata (and
    the email parser under it) to list the games, also when scripts in two folders (each
    first on its ``sys.path``, as ``.venv/bin`` is for the console script and the working
    folder for ``python -m``) take turns: each keeps its own record."""
    code = (
        "import sys\nfrom workbench.registry import game_names\n"
        "print(sys.path[0], ','.join(game_names()), 'importlib.metadata' in sys.modules)"
    )
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "probe.py").write_text(code, encoding="utf-8")
    env = {**os.environ, "WORKBENCH_CACHE": str(tmp_path / "cache")}
    env.pop("WORKBENCH_REGISTRY_CACHE", None)
    outs = [
        subprocess.run(
            [sys.executable, str(tmp_path / folder / "probe.py")],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout.split()
        for folder in ("one", "two", "one", "two")
    ]
    assert [first for first, _, _ in outs] == [str(tmp_path / f) for f in ("one", "two") * 2]
    assert [imported for _, _, imported in outs] == ["True", "True", "False", "False"]
    assert {names for _, names, _ in outs} == {",".join(game_names())}
