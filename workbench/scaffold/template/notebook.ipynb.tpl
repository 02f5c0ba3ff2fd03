{
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": "# {{Title}}: design notebook\n\nMade by `workbench new {{name}}`. The rules are in `{{name}}/rules.py`; the kernel guide (`docs/kernel.md` in the workbench) explains each declaration.",
   "id": "cell-0"
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": "from workbench.registry import make_game\nfrom {{name}}.render import render\nfrom IPython.display import HTML\n\ngame = make_game(\"{{name}}\")\nHTML(render(game, game.initial_state()))",
   "id": "cell-1"
  },
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": "## Who wins more often: exactly, and by simulation",
   "id": "cell-2"
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": "from {{name}}.analysis import first_seat_wins, simulated_first_seat\n\nexact = first_seat_wins()\nrate, (lo, hi) = simulated_first_seat(games=1000, seed=1)\nprint(f\"seat 1 wins {exact} = {float(exact):.4f} exactly; simulated {rate:.4f} (99.9%: {lo:.4f}-{hi:.4f})\")",
   "id": "cell-3"
  },
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": "## Play it\n\n`make_board()` is the clickable board (`workbench app {{name}}` serves it as a page).",
   "id": "cell-4"
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": "from {{name}}.board import make_board\n\nboard = make_board(seed=1)\nboard.widget",
   "id": "cell-5"
  }
 ],
 "metadata": {
  "kernelspec": {
   "display_name": "Python 3",
   "language": "python",
   "name": "python3"
  },
  "language_info": {
   "name": "python"
  }
 },
 "nbformat": 4,
 "nbformat_minor": 5
}
