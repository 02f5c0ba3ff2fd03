"""Export bounded and never destructive (issue 27 items 6, 10 and 12; issue 26 item 8).

Classes: an output that resolves to its own notebook (any spelling: ``..``, a
symbolic or hard link, an absolute path, ``--force`` or not) is refused and the
notebook is unchanged; a notebook that runs for ever, prints without end or
kills its kernel ends with one line naming the cell, within its time limit; a
kernel that stalls is nudged.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.share import export_run


def _notebook(path: Path, *sources: str) -> Path:
    cells = [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": f"c{i}",
            "metadata": {},
            "outputs": [],
            "source": s,
        }
        for i, s in enumerate(sources)
    ]
    path.write_text(
        json.dumps(
            {
                "cells": cells,
                "metadata": {
                    "kernelspec": {
                        "name": "python3",
                        "display_name": "Python 3",
                        "language": "python",
                    }
                },
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    return path


def _run(capsys, *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


SPELLINGS = st.sampled_from(
    ["same", "dot", "dotdot", "absolute", "symlink", "hardlink", "other-notebook"]
)


@settings(
    deadline=None, max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(spelling=SPELLINGS, force=st.booleans(), from_folder=st.booleans())
def test_an_output_resolving_to_a_notebook_is_refused(
    tmp_path_factory, capsys, spelling, force, from_folder
):
    folder = tmp_path_factory.mktemp("nb")
    source = _notebook(folder / "x.ipynb", "print(1)")
    (folder / "sub").mkdir()
    before = source.read_bytes()
    out = {
        "same": "x.ipynb",
        "dot": "./x.ipynb",
        "dotdot": "sub/../x.ipynb",
        "absolute": str(source),
        "symlink": "link.html",
        "hardlink": "hard.html",
        "other-notebook": "y.ipynb",
    }[spelling]
    if spelling == "symlink":
        (folder / "link.html").symlink_to(source)
    if spelling == "hardlink":
        os.link(source, folder / "hard.html")
    here = os.getcwd()
    os.chdir(folder if from_folder else folder.parent)
    try:
        prefix = "" if from_folder else f"{folder.name}/"
        out_arg = out if os.path.isabs(out) else prefix + out
        code, err = _run(
            capsys,
            "export",
            prefix + "x.ipynb",
            "--out",
            out_arg,
            "--no-execute",
            *(["--force"] if force else []),
        )
    finally:
        os.chdir(here)
    assert code == 2 and err.count("\n") == 1, err
    assert "notebook" in err and "--out" in err
    assert source.read_bytes() == before


def test_export_all_never_writes_over_a_notebook(tmp_path, capsys):
    _notebook(tmp_path / "index.ipynb", "print(1)")  # the index page must not land on it either
    (tmp_path / "index.html").symlink_to(tmp_path / "index.ipynb")
    code, err = _run(
        capsys,
        "export",
        "--all",
        "--notebooks",
        str(tmp_path),
        "--out",
        str(tmp_path),
        "--no-execute",
        "--force",
    )
    assert code == 2 and "notebook" in err and err.count("\n") == 1
    assert json.loads((tmp_path / "index.ipynb").read_text())["nbformat"] == 4


def test_a_notebook_that_never_ends_stops_at_its_time_limit(tmp_path, capsys):
    nb = _notebook(tmp_path / "loop.ipynb", "x = 1", "while True:\n    pass")
    start = time.perf_counter()
    code, err = _run(
        capsys, "export", str(nb), "--out", str(tmp_path / "loop.html"), "--time-limit", "4"
    )
    took = time.perf_counter() - start
    assert code == 2 and err.count("\n") == 1, err
    assert "cell 2 ('while True:')" in err and "time limit of 4 s" in err
    assert took < 4 + export_run.GRACE + 30  # the limit, the grace, a kernel start and stop
    assert not (tmp_path / "loop.html").exists()


@pytest.mark.slow
def test_endless_output_and_a_dying_kernel_end_in_one_line(tmp_path, capsys):
    nb = _notebook(
        tmp_path / "big.ipynb",
        "import sys\nfor i in range(10**6):\n    sys.stdout.write('x' * 3000 + '\\n')",
    )
    code, err = _run(
        capsys, "export", str(nb), "--out", str(tmp_path / "big.html"), "--time-limit", "60"
    )
    assert code == 2 and "cell 1 ('import sys') printed more than 20 MB" in err
    nb = _notebook(tmp_path / "die.ipynb", "import os", "os._exit(3)")
    code, err = _run(capsys, "export", str(nb), "--out", str(tmp_path / "die.html"))
    assert code == 2 and "the kernel died while running cell 2 ('os._exit(3)')" in err
    assert err.count("\n") == 1


def test_a_stalled_kernel_is_nudged(monkeypatch):
    monkeypatch.setattr(export_run, "NUDGE_AFTER", 0.08)
    sent = []

    class Client:
        def kernel_info(self) -> str:
            sent.append(time.monotonic())
            return "id"

    bounded = export_run.BoundedClient(json.loads(json.dumps({"cells": [], "metadata": {}})))
    bounded.kc = Client()

    async def wait_a_little() -> None:
        task = asyncio.ensure_future(bounded._nudge_when_stalled())
        await asyncio.sleep(0.5)
        task.cancel()

    asyncio.run(wait_a_little())
    assert 2 <= len(sent) <= 8 and bounded.nudges == len(sent)


def test_output_is_counted_without_copies():
    content = {"name": "stdout", "text": "x" * 1000}
    assert export_run.content_size(content) == 1000 + len("name") + len("stdout") + len("text")
