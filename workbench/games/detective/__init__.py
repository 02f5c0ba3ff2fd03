"""「探偵無宿２」 (Tantei Mushuku 2): rules, cards, board and design analyses.

Seed ``002_75fd3af15e77c33b.txt``; the readings chosen where the draft is
vague are in :mod:`workbench.games.detective.rules`. Modules:
``params`` (base numbers and variants), ``cards`` (the sheets),
``setup``/``table``/``flow``/``round_end`` (the rules core), ``rules`` (the
engine protocol), ``players``, ``exact`` (round odds), ``analysis`` and
``charts`` (the notebook's questions), ``render`` and ``board`` (the table).

>>> from workbench.games.detective import make_game
>>> make_game(players=3).num_players
3
"""

from workbench.games.detective.params import DetectiveParams
from workbench.games.detective.rules import Detective, DetectiveState, make_game

__all__ = ["Detective", "DetectiveParams", "DetectiveState", "make_game"]
