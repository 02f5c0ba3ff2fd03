"""The clickable picture's choice — the part of a :class:`~workbench.ui.picture.PictureBoard`
that owns what the picture offers: the steps of a choice picked so far (``picks``: ghost's
attacker, then its target; detective's hand card) and the legal ids the drawn picture
places (``placed``: its ``wb-target`` elements, and the ids a game places in steps).

The board asks it through public methods only: :meth:`PictureChoice.read` after each
drawing, :meth:`pick` and :meth:`clear` for a message from the picture,
:meth:`forget_picks` when the state changed, :meth:`places` and :meth:`unplaced` for the
buttons.

>>> from workbench.engine.kernel.protocol import Action
>>> c = PictureChoice()
>>> c.read("<div class='wb-target' data-action='[\\"play\\", 3]'></div>", lambda: [])
>>> c.placed, c.places(("play", 3)), c.places(("play", 4))
(frozenset({('play', 3)}), True, False)
>>> [a.id for a in c.unplaced([Action(("play", 3), ""), Action(("pass",), "")])]
[('pass',)]
>>> c.pick("attacker 1"), c.pick("attacker 1"), c.picks
(True, True, ('attacker 1', 'attacker 1'))
>>> c.clear(), c.clear(), c.picks
(True, False, ())
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

from workbench.engine.kernel.protocol import Action
from workbench.ui.targets import placed_ids

__all__ = ["PictureChoice"]


class PictureChoice:
    """The picks of a choice made in steps and the ids the picture places.

    ``stepped(action_id)``: whether a legal id is placed through picked steps, so it
    counts as placed (no button) from the first step on, before the picture shows its
    final target (ghost's attacks); None when the game places every id directly.
    """

    def __init__(self, stepped: Callable[[Hashable], bool] | None = None) -> None:
        self._stepped = stepped
        self._picks: tuple[str, ...] = ()
        self._placed: frozenset[Hashable] = frozenset()

    @property
    def picks(self) -> tuple[str, ...]:
        """The steps picked so far (what the picture is drawn with)."""
        return self._picks

    @property
    def placed(self) -> frozenset[Hashable]:
        """The legal ids the picture stands for now."""
        return self._placed

    def read(self, html: str, legal_ids: Callable[[], Iterable[Hashable]]) -> None:
        """Take what a newly drawn picture places: its targets, and the legal ids
        (``legal_ids()``, asked only when the game places ids in steps) it reaches in
        steps."""
        placed = placed_ids(html)
        if self._stepped is not None:
            placed |= {a for a in legal_ids() if self._stepped(a)}
        self._placed = frozenset(placed)

    def pick(self, value: str) -> bool:
        """One more step of the choice (the picture is drawn again with it); True."""
        self._picks = (*self._picks, value)
        return True

    def clear(self) -> bool:
        """Drop a half-made choice (``Escape``); True when there was one."""
        if not self._picks:
            return False
        self._picks = ()
        return True

    def forget_picks(self) -> None:
        """The state changed: a choice half made on the old one means nothing now."""
        self._picks = ()

    def places(self, action_id: Hashable) -> bool:
        """Whether the picture stands for ``action_id`` (a click on it may apply it)."""
        return action_id in self._placed

    def unplaced(self, actions: Sequence[Action]) -> list[Action]:
        """The actions the picture does not place (they get buttons)."""
        return [a for a in actions if a.id not in self._placed]
