"""Screenshots of each game's board with its analysis panel open, as an exported report
shows them (the board's last state, no kernel): build/e2e/board-<game>-<label>.png.

Each board is opened with a fixed seed, every seat but the first played by a bot, the
first seat clicks its first legal action a few times (so bots have moved in between),
then the analysis panel is run on the position. Run from a checkout:
`.venv/bin/python scripts/board_screens.py after` (and from an older checkout with
``PYTHONPATH`` set to it, ``before``) and look at the PNGs side by side.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import nbformat

#: screenshot name -> (game, seed, clicks of the first seat); "ghost-battle" stops where
#: User 1 decides in another user's turn (a reaction or a battle).
GAMES = {
    "ghost": ("ghost", 1, 3),
    "ghost-battle": ("ghost", 1, 23),
    "detective": ("detective", 1, 3),
    "mugen": ("mugen", 4, 2),
    "life": ("life", 2, 3),
}
CELL = """
from workbench.ui.notebook import setup
setup()
from workbench.games.{game}.board import make_board
b = make_board(seed={seed})
bot = "random" if "random" in b.bots else list(b.bots)[0]
for seat in range(1, len(b.seat_choosers)):
    b.seat_choosers[seat].value = bot
for _ in range({clicks}):
    if b.session.is_over or b.session.to_move < 0:
        break
    b.click_action(b.session.legal_actions()[0].id)
b.analysis.analyse()
b
"""


def main(label: str, out: Path, only: list[str] | None = None) -> int:
    from workbench.share.browser import chromium_context, chromium_path
    from workbench.share.export import export_notebook

    out.mkdir(parents=True, exist_ok=True)
    chromium = chromium_path()
    if chromium is None:
        print("chromium not installed")
        return 1
    with tempfile.TemporaryDirectory() as tmp, chromium_context(chromium) as context:
        for name, (game, seed, clicks) in GAMES.items():
            if only and name not in only:
                continue
            nb = nbformat.v4.new_notebook()
            nb.cells = [nbformat.v4.new_code_cell(CELL.format(game=game, seed=seed, clicks=clicks))]
            nb.metadata["kernelspec"] = {
                "name": "python3",
                "display_name": "Python 3",
                "language": "python",
            }
            path = Path(tmp) / f"{name}.ipynb"
            nbformat.write(nb, path)
            report = export_notebook(path, Path(tmp) / f"{name}.html")
            page = context.new_page()
            page.set_viewport_size({"width": 1100, "height": 900})
            page.goto(report.as_uri())
            page.wait_for_selector(".wb-board .wb-picture div", timeout=60_000)
            page.wait_for_timeout(1500)
            target = out / f"board-{name}-{label}.png"
            page.screenshot(path=str(target), full_page=True)
            print(target)
            page.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(
        main(
            sys.argv[1] if len(sys.argv) > 1 else "after",
            Path(sys.argv[2]) if len(sys.argv) > 2 else Path("build/e2e"),
            sys.argv[3:] or None,
        )
    )
