"""The one place the sheet code reads dice text: ``workbench.prob.notation.parse_dice``."""

from __future__ import annotations

from workbench.prob.notation import DiceSpec, parse_dice


def parse_dice_text(text: str, faces: tuple[int, ...] | None = None) -> DiceSpec:
    """A dice spec for ``text`` (``D`` means ``faces``, default d6); ``str()`` of it is
    the normalised ASCII form. Raises ``NotationError`` (a ValueError).

    >>> str(parse_dice_text("３Ｄ＋２"))
    '3D+2'
    """
    if faces is None:
        return parse_dice(text)
    return parse_dice(text, faces=faces)
