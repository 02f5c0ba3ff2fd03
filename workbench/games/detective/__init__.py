"""「探偵無宿２」 (Tantei Mushuku 2): rules, cards, board and design analyses.

Seed ``002_75fd3af15e77c33b.txt``; the readings chosen where the draft is
vague are in :mod:`workbench.games.detective.rules`. Modules: ``params``
(base numbers and variants), ``cards`` (the sheets), ``catalogue`` (the
per-card facts of one game), ``table`` (the fields and their queries),
``steps`` (the rules), ``rules`` (the game), ``players``, ``exact`` (round
odds), ``analysis`` and ``charts`` (the notebook's questions), ``render``
and ``board`` (the table on screen).
"""
