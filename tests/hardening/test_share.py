"""Issue 16's export and app examples: clear errors for bad paths, a guarded app server."""

from __future__ import annotations

import http.client
import json
import os
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.share.app import (
    app_notebook,
    free_port,
    new_token,
    ready_url,
    start_voila,
    stop_voila,
)
from workbench.share.browser import wait_for_http


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.fixture()
def notebooks(tmp_path: Path) -> Path:
    (tmp_path / "ok.ipynb").write_text(
        json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    (tmp_path / "bad.ipynb").write_text("this is not json")
    (tmp_path / "wrong.ipynb").write_text(json.dumps({"cells": "x", "nbformat": 4}))
    (tmp_path / "outdir").mkdir()
    (tmp_path / "exists.html").write_text("keep me")
    return tmp_path


@pytest.mark.parametrize(
    ("notebook", "out", "words"),
    [
        ("bad.ipynb", "a.html", ["bad.ipynb", "not a valid Jupyter notebook"]),
        ("wrong.ipynb", "b.html", ["wrong.ipynb", "not a valid Jupyter notebook"]),
        ("none.ipynb", "c.html", ["no notebook at"]),
        ("outdir", "d.html", ["is not a file"]),
        ("ok.ipynb", "outdir", ["is a folder"]),
        ("ok.ipynb", "exists.html", ["already exists", "--force"]),
        ("ok.ipynb", "exists.html/x.html", ["is a file, not a folder"]),
    ],
)
def test_export_errors_are_one_line_and_change_nothing(capsys, notebooks, notebook, out, words):
    code, err = run(
        capsys, "export", str(notebooks / notebook), "--out", str(notebooks / out), "--no-execute"
    )
    assert code == 2 and err.count("\n") == 1 and err.startswith("workbench export: "), err
    for word in words:
        assert word in err
    assert (notebooks / "exists.html").read_text() == "keep me"
    assert sorted(p.name for p in notebooks.iterdir()) == [
        "bad.ipynb",
        "exists.html",
        "ok.ipynb",
        "outdir",
        "wrong.ipynb",
    ]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_export_to_a_read_only_folder(capsys, notebooks):
    locked = notebooks / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    code, err = run(
        capsys,
        "export",
        str(notebooks / "ok.ipynb"),
        "--out",
        str(locked / "r.html"),
        "--no-execute",
    )
    assert code == 2 and "not writable" in err


def test_export_force_gets_past_an_existing_file(capsys, notebooks):
    code, err = run(
        capsys,
        "export",
        str(notebooks / "ok.ipynb"),
        "--out",
        str(notebooks / "exists.html"),
        "--no-execute",
        "--force",
    )
    # without `make vendor` the report cannot be built, but the existing file is no obstacle
    assert code == 0 or ("already exists" not in err and "vendored JavaScript" in err), err


def _children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (the kernels Voila started)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


def _get(port: int, path: str, host: str | None = None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path, headers={"Host": host} if host else {})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status


@pytest.mark.slow
def test_app_needs_token_and_local_host_and_caps_kernels(tmp_path):
    notebook = app_notebook("ghost", tmp_path / "app")
    port, token = free_port(), new_token()
    proc = start_voila(notebook, port, tmp_path / "jupyter", token=token, max_kernels=1)
    try:
        wait_for_http(ready_url(port, token), timeout=120, proc=proc)
        statuses = set()
        for i in range(20):  # no token, a wrong one, or the right one with a foreign Host
            path, host = [
                ("/", None),
                ("/?token=nope", None),
                (f"/?token={token}", "evil.example"),
                (f"/?token={token}", f"evil.example:{port}"),
            ][i % 4]
            statuses.add(_get(port, path, host))
        assert statuses <= {302, 403} and 403 in statuses
        assert _children(proc.pid) == set()
        assert _get(port, f"/?token={token}", f"localhost:{port}") == 200
        assert len(_children(proc.pid)) == 1
        assert _get(port, f"/?token={token}") == 503  # the limit: no second kernel
        assert len(_children(proc.pid)) == 1
    finally:
        stop_voila(proc, timeout=30)
