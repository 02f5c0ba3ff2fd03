"""Paired evaluation of a sheet edit: games of one sheet set seeded and seated as
:func:`~workbench.engine.measure.compare.pair_rows` seats them, so game ``i`` of the base
and game ``i`` of any edit of it meet the same shuffles, rolls and seats.

Shared by the card report (:mod:`.card_report`), the sensitivity map (:mod:`.sensitivity`)
and the tuner: each plays the base once and every edit on the same game indices, and
reads the pairs. :func:`edit_rows` is compare's unit of work with one more thing: what the
game says about each finished game (``observe``, e.g. ``GameSpec.card_events``).

>>> from workbench.engine.measure.compare_sheets import sheet_set
>>> rows = edit_rows("mugen", sheet_set("mugen", None), ["greedy"], 0, 2, seed=1)
>>> [r["game"] for r in rows], rows[0]["winners"] == edit_rows(
...     "mugen", sheet_set("mugen", None), ["greedy"], 0, 1, seed=1)[0]["winners"]
([0, 1], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from workbench.cards.variants import Variant
from workbench.engine.measure.compare import line_up
from workbench.engine.measure.compare_sheets import CompareError, SheetSet
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.match import build_game
from workbench.engine.runs.simulate import simulate_rows
from workbench.registry import make_game, spec

__all__ = ["EDIT_KEY", "MAX_GAMES", "base_variant", "check_request", "edit_rows", "forget_built"]

MAX_GAMES = 20_000
"""The most games one batch plays per side (bound before anything is played)."""

EDIT_KEY = ("edit", "")
"""The (question, table) key the paired games of an edit are seeded with."""

_BUILT: dict[tuple[Any, ...], Any] = {}


def _built(game: str, side: SheetSet, specs: Sequence[str], seats: int | None) -> Any:
    at = (game, spec(game), side.key, seats, len(specs) if len(specs) > 1 else 0)
    got = _BUILT.get(at)
    if got is None:
        params = side.params()
        seated = (
            seats
            if seats is not None
            else (len(specs) if len(specs) > 1 else make_game(game, **params).num_players)
        )
        got = _BUILT[at] = build_game(game, seated, params)
    return got


def base_variant(game: str, base: Any) -> Variant:
    """The sheets an edit starts from: a Variant as it is, a folder of sheets (or a sheet's
    folder), or None for the game's own."""
    if isinstance(base, Variant):
        return base
    if base is None:
        return Variant.of(game, name="base")
    folder = Path(base)
    return Variant.of(game, folder if folder.is_dir() else folder.parent, name="base")


def check_request(game: str, specs: Sequence[str], games: Any) -> None:
    """CompareError (one line) for a game count outside 1..MAX_GAMES or a bad player spec."""
    from workbench.engine.players.specs import BadSpec, player_from_spec

    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise CompareError(f"--games must be a whole number from 1 to {MAX_GAMES}, got {games!r}")
    if not specs or not all(specs):
        raise CompareError(f"--players: {','.join(specs)!r} names an empty player")
    for s in specs:
        try:
            player_from_spec(s, game)
        except BadSpec as exc:
            raise CompareError(str(exc)) from None


def forget_built() -> None:
    """Drop the games built for edits (a report's many variants)."""
    _BUILT.clear()


def edit_rows(
    game: str,
    side: SheetSet,
    specs: Sequence[str],
    start: int,
    stop: int,
    seed: int,
    *,
    seats: int | None = None,
    observe: Callable[[Any, Any], Any] | None = None,
) -> list[dict[str, Any]]:
    """Games ``start..stop-1`` on the sheets of ``side`` (one frame row each, with
    ``"observed"`` when ``observe`` is given): seat ``s`` of game ``i`` holds
    ``specs[(s + i) % n]`` when the players differ, as in ``workbench compare``."""
    built = _built(game, side, specs, seats)
    names = line_up(specs, built.num_players)
    players = {f"{n}@{s}": player_from_spec(n, game) for s, n in enumerate(names)}
    seating = "fixed" if len(set(names)) == 1 else "rotate"
    rows = simulate_rows(
        built, players, range(start, stop), seed, key=EDIT_KEY, seating=seating, observe=observe
    )
    for r in rows:
        for s in range(built.num_players):
            r[f"player_{s}"] = r[f"player_{s}"].split("@")[0]
    return rows
