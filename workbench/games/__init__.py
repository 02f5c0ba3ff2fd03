"""The workbench's own games, one package each under ``workbench/games/<name>/``.

Each package exports its :class:`~workbench.spec.GameSpec` as ``SPEC`` and joins the
registry (:mod:`workbench.registry`) through the ``workbench.games`` entry points in
``pyproject.toml``, as a designer's own package would; the core finds them only
through the registry. ``ORDER`` is the order the registry lists them in (entry-point
metadata is written sorted).
"""

from __future__ import annotations

ORDER: tuple[str, ...] = ("ghost", "detective", "mugen", "life")
