"""Life's dice as pictures: a die in its orientation (pips on top, the north and east
faces as numbers on its sides), the orientation and tip choices as clickable dice,
and the last chance (a roll, a re-roll, a card) for the board's strip.

>>> html = cube(0, 0, 30, "red", 0)
>>> "wb-life-die" in html and "data-top='1'" in html and "data-north='2'" in html
True
>>> choices = orient_panel(None, [("orient", o) for o in (0, 1)], "red")
>>> choices.count("data-action") == 2
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from html import escape
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.cards import COLOURS
from workbench.ui.names import name_seats
from workbench.ui.targets import target

FILL = {"red": "#f6c9c4", "blue": "#c7dcf5", "yellow": "#f7ecb0", "green": "#cdebc9"}
INK = {"red": "#c0392b", "blue": "#1f5fa8", "yellow": "#b08a00", "green": "#2e7d32"}
PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
}
ARROWS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def pips(x: float, y: float, size: float, top: int, ink: str) -> str:
    """The pips of one face in a square at (x, y)."""
    step, r = size / 4, size / 10
    return "".join(
        f"<circle cx='{x + step * (cx + 1):.1f}' cy='{y + step * (cy + 1):.1f}' "
        f"r='{r:.1f}' fill='{ink}'/>"
        for cx, cy in PIPS[top]
    )


def cube(x: float, y: float, size: float, colour: str, o: int, css: str = "") -> str:
    """A die lying in orientation ``o``: the top face with pips, the north face (above)
    and the east face (right) drawn in perspective with their numbers."""
    top, north, east = D.orientation(o)
    ink, d = INK[colour], size * 0.28
    s = size - d
    fx, fy = x, y + d
    return (
        f"<g class='wb-life-die{css}' data-colour='{colour}' data-top='{top}' "
        f"data-north='{north}' data-east='{east}'><title>{colour} die: {top} on top, "
        f"{north} north, {east} east</title>"
        f"<polygon points='{fx:.1f},{fy:.1f} {fx + d:.1f},{y:.1f} {fx + s + d:.1f},{y:.1f} "
        f"{fx + s:.1f},{fy:.1f}' fill='{FILL[colour]}' stroke='{ink}'/>"
        f"<polygon points='{fx + s:.1f},{fy:.1f} {fx + s + d:.1f},{y:.1f} "
        f"{fx + s + d:.1f},{y + s:.1f} {fx + s:.1f},{fy + s:.1f}' fill='{FILL[colour]}' "
        f"stroke='{ink}'/>"
        f"<text x='{fx + d / 2 + s / 2:.1f}' y='{y + d * 0.8:.1f}' font-size='{d * 0.95:.1f}' "
        f"text-anchor='middle' fill='{ink}'>{north}</text>"
        f"<text x='{fx + s + d / 2:.1f}' y='{fy + s / 2 + d * 0.3:.1f}' "
        f"font-size='{d * 0.95:.1f}' text-anchor='middle' fill='{ink}'>{east}</text>"
        f"<rect x='{fx:.1f}' y='{fy:.1f}' width='{s:.1f}' height='{s:.1f}' rx='2' fill='white' "
        f"stroke='{ink}' stroke-width='1.5'/>{pips(fx, fy, s, top, ink)}</g>"
    )


def face(x: float, y: float, size: float, colour: str, top: int) -> str:
    """One face with its pips (a die just rolled, its other faces not chosen yet)."""
    ink = INK[colour]
    return (
        f"<g class='wb-life-die' data-colour='{colour}' data-top='{top}'>"
        f"<rect x='{x:.1f}' y='{y:.1f}' width='{size:.1f}' height='{size:.1f}' rx='3' "
        f"fill='white' stroke='{ink}' stroke-width='1.5'/>{pips(x, y, size, top, ink)}</g>"
    )


def _svg(width: float, height: float, body: str, css: str = "") -> str:
    return (
        f"<svg class='{css}' width='{width:.0f}' height='{height:.0f}' "
        f"viewBox='0 0 {width:.0f} {height:.0f}' xmlns='http://www.w3.org/2000/svg'>{body}</svg>"
    )


def orient_panel(game: Any, ids: Iterable[Hashable], colour: str) -> str:
    """The ways the die may lie, one clickable die each (``("orient", o)`` ids)."""
    items = []
    for a in ids:
        o = a[1]  # type: ignore[index]
        top, north, east = D.orientation(o)
        pic = _svg(
            48,
            48,
            f"<g class='{target(a)}'><rect x='0' y='0' width='48' height='48' "
            f"fill='white' fill-opacity='0.01'/>{cube(4, 4, 40, colour, o)}</g>",
        )
        items.append(
            f"<span title='{top} on top, {north} north, {east} east' "
            f"style='display:inline-block;margin:2px'>{pic}</span>"
        )
    return (
        f"<div class='wb-life-orient'><b>how the {colour} die lies</b> "
        f"<small>(click a die; the side numbers face north and east)</small><br>"
        f"{''.join(items)}</div>"
    )


def tip_panel(t: Any, seat: int, ids: Iterable[Hashable]) -> str:
    """Each die with an arrow per legal direction: click an arrow to tip the die over it."""
    legal = set(ids)
    items = []
    for c, colour in enumerate(COLOURS):
        body = [cube(24, 24, 36, colour, t.dice_o[seat][c])]
        for d, (dx, dy) in ARROWS.items():
            a = ("tip", colour, d)
            if a not in legal:
                continue
            cx, cy = 42 + dx * 32, 42 + dy * 32
            body.append(
                f"<g class='{target(a)}'><title>tip the {colour} die {d}</title>"
                f"<circle cx='{cx}' cy='{cy}' r='9' fill='{FILL[colour]}' stroke='{INK[colour]}'/>"
                f"<text x='{cx}' y='{cy + 4}' font-size='11' text-anchor='middle'>{d}</text></g>"
            )
        items.append(_svg(84, 84, "".join(body)))
    return (
        f"<div class='wb-life-tip'><b>tip a die one face</b> <small>(click an arrow; "
        f"or do not tip)</small><br>{''.join(items)}</div>"
    )


def chance_drawing(game: Any, state: Any, outcome: Hashable) -> str:
    """One chance step for the last-chance strip: a roll as a face with pips, a re-roll
    as a die in its orientation, anything else (a card) as its words."""
    task = state.tasks[-1] if state.tasks else None
    name = type(task).__name__
    if name == "Roll" and isinstance(outcome, int):
        colour = COLOURS[task.die]  # type: ignore[union-attr]
        who = f"P{task.seat + 1} {colour}"  # type: ignore[union-attr]
        return f"<span title='{who} rolled {outcome}'>{who} {_svg(26, 26, face(1, 1, 24, colour, outcome))}</span>"
    if name == "Reroll" and isinstance(outcome, int):
        colour = COLOURS[task.die]  # type: ignore[union-attr]
        return (
            f"<span>P{task.seat + 1} re-roll {_svg(32, 32, cube(1, 1, 30, colour, outcome))}</span>"  # type: ignore[union-attr]
        )
    label = name_seats(game.action_label(state, outcome))
    return f"<span class='wb-life-drawn'>{escape(label)}</span>"
