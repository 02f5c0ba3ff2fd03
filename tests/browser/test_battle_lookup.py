"""'Try your own battle' works in a static report (issue 26 item 4): in an exported HTML
file, with no kernel, changing the menus changes the exact answer."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from workbench.games.ghost.battle_lookup import battle_lookup_html
from workbench.games.ghost.dice import GHOST_FACES
from workbench.prob import opposed, side_dist
from workbench.share.export import export_notebook

pytestmark = pytest.mark.browser


def _report(folder: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("HTML(battle_lookup_html())")
    cell.outputs = [
        nbformat.v4.new_output("display_data", data={"text/html": battle_lookup_html()})
    ]
    nb.cells = [cell]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, folder / "battle.ipynb")
    return export_notebook(folder / "battle.ipynb", folder / "battle.html", execute=False)


def test_the_menus_answer_exactly_without_a_kernel(tmp_path: Path, watched_page) -> None:
    page = watched_page.page
    page.goto(_report(tmp_path).as_uri())
    answer = page.locator(".wb-battle-answer")
    first = side_dist("3D+2", GHOST_FACES, fumble="zero")
    v = opposed(first, side_dist("3D+1", GHOST_FACES, fumble="zero"))
    assert answer.inner_text().startswith(f"attacker wins {v.win} ≈ {float(v.win):.1%}")
    page.select_option(".wb-battle-lookup select[name=defence]", "1D-3")
    page.select_option(".wb-battle-lookup select[name=ties]", "nobody")
    v = opposed(first, side_dist("1D-3", GHOST_FACES, fumble="zero"), ties="nobody")
    assert answer.inner_text().split(" · ")[:2] == [
        f"attacker wins {v.win} ≈ {float(v.win):.1%}",
        f"tie {v.tie}",
    ]
    assert watched_page.errors == []
