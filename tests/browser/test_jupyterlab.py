"""One JupyterLab test: open a notebook in a real JupyterLab, run all cells, see the
exact answer and a widget appear."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from workbench.share.app import free_port, isolated_env
from workbench.share.browser import screenshot, wait_for_http

pytestmark = pytest.mark.browser
TOKEN = "wb-e2e-token"


def _notebook(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from workbench.prob.dist import Dist\n"
            "d = Dist.uniform([1, 2, 3, 4, 5, 0])\n"
            "print('MEAN3D', (3 @ d).mean())"
        ),
        nbformat.v4.new_code_cell(
            "import ipywidgets as w\nb = w.Button(description='御影さくら')\nb.add_class('wb-lab-probe')\nb"
        ),
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "lab_probe.ipynb"
    nbformat.write(nb, path)
    return path


# slow (about 12 s of the default run): the default run executes every notebook (nbmake) and shows
# widgets in Chromium through Voila (tests/browser/test_whatif_grid.py, test_app_page.py)
@pytest.mark.slow
def test_jupyterlab_runs_a_notebook(tmp_path: Path, watched_page, build_dir: Path) -> None:
    work = tmp_path / "nb"
    work.mkdir()
    _notebook(work)
    home = tmp_path / "jupyter"
    env = isolated_env(home)
    labconfig = Path(env["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={work}",
        f"--IdentityProvider.token={TOKEN}",
        "--ServerApp.allow_root=True",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",
    ]
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", timeout=90, proc=proc)
        page = watched_page.page
        page.goto(
            f"http://127.0.0.1:{port}/lab/tree/lab_probe.ipynb?reset&token={TOKEN}", timeout=90_000
        )
        page.wait_for_function("() => document.body.innerText.includes('| Idle')", timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".wb-lab-probe", timeout=60_000)
        assert "MEAN3D 15/2" in page.locator(".jp-OutputArea").first.inner_text()
        screenshot(page, build_dir / "e2e", "jupyterlab")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
