"""Pure pictures of a Life state: HTML with inline SVG albums, and a text description.

Stable CSS classes: ``wb-life-board``, ``wb-life-order``, ``wb-life-common``,
``wb-life-card``, ``wb-life-album`` (``wb-life-album-active`` for the player to
move), ``wb-life-square`` (a legal square of the pending placement),
``wb-life-die``, ``wb-life-scores``.

>>> from workbench.games.life.rules import make_game
>>> g = make_game()
>>> html = render(g, g.initial_state())
>>> html.count("class='wb-life-album") == 4 and "wb-life-scores" in html
True
>>> describe(g, g.initial_state()).splitlines()[0]
'stage 1 round 1 | start seat 0 | to move: chance (deal)'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from html import escape
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.cards import COLOURS
from workbench.games.life.render_dice import (
    FILL,
    INK,
    chance_drawing,
    cube,
    orient_panel,
    tip_panel,
)
from workbench.games.life.steps import Place, kind_of
from workbench.games.life.table import CHARACTER, square_name
from workbench.games.life.words import card_words, dream_words, step_words
from workbench.ui.names import player_name
from workbench.ui.targets import target
from workbench.ui.words import card_title

__all__ = ["album_svg", "chance_drawing", "describe", "header", "legal_squares", "render"]

SEATS = ("#7b1fa2", "#00838f", "#ef6c00", "#5d4037")
SQUARE_VERBS = ("place", "char", "move")
EDGE = 16
ORDER_SPACES = {
    1: ("first", "no bonus: you move first"),
    2: ("tip", "turn one of your dice one face in any direction"),
    3: ("start", "take the start player marker"),
    4: ("+1 power", "gain 1 power"),
}
SCORE_HEADS = (
    ("dice", "points of the top faces of the dice"),
    ("mid-scoring", "VP from the mid-scorings after stages 1 and 2 (places by dice total)"),
    ("card VP", "VP from card skills, events and the dream skill paying for discards"),
    ("stars ★", "stars on placed cards: -1 VP each uncovered, {covered} VP each covered"),
    ("dream", "the dream card kept in hand"),
    ("full album", "the full-album bonus"),
)


def _legal(game: Any, state: Any) -> set[Hashable]:
    """The legal ids of a pending decision (read through the game's view: no copy)."""
    return set(game.legal_ids(state)) if game.current_player(state) >= 0 else set()


def _who(seat: int) -> str:
    return f"<span style='color:{SEATS[seat]}'>●</span> {player_name(seat)}"


def album_svg(
    game: Any,
    state: Any,
    seat: int,
    cell: int = 64,
    legal: frozenset[int] = frozenset(),
    targets: dict[int, Hashable] | None = None,
    die_targets: dict[str, Hashable] | None = None,
) -> str:
    """One player's 4×4 album with a–d / 1–4 coordinates: cards in their colours, the
    dice on them in their orientation, legal squares outlined (clickable when ``targets``
    maps a square to its action id)."""
    big = cell >= 48
    targets = targets or {}
    edge = EDGE if big else 0
    size = cell * 4 + 2 + edge
    active = (
        " wb-life-album-active" if legal or targets or game.current_player(state) == seat else ""
    )
    out = [
        f"<svg class='wb-life-album{active}' data-seat='{seat}' width='{size}' "
        f"height='{size}' viewBox='{-1 - edge} {-1 - edge} {size} {size}' "
        f"xmlns='http://www.w3.org/2000/svg'>"
    ]
    for i in range(4 if big else 0):
        out.append(
            f"<text class='wb-life-coord' x='{i * cell + cell / 2}' y='-4' font-size='11' "
            f"text-anchor='middle' fill='#555'>{'abcd'[i]}</text>"
            f"<text class='wb-life-coord' x='-8' y='{i * cell + cell / 2 + 4}' font-size='11' "
            f"text-anchor='middle' fill='#555'>{i + 1}</text>"
        )
    album = state.albums[seat]
    for sq in range(16):
        x, y = (sq % 4) * cell, (sq // 4) * cell
        card = album[sq]
        name = square_name(sq)
        hot = sq in legal or sq in targets
        click = f" {target(targets[sq])}" if sq in targets else ""
        tip = f"<title>{name}</title>"
        if card is None:
            cls = "wb-life-square" if hot else "wb-life-empty"
            dash = (
                "stroke='#1a7f37' stroke-width='3' stroke-dasharray='6 3'"
                if hot
                else "stroke='#ddd'"
            )
            out.append(
                f"<rect class='{cls}{click}' data-square='{name}' x='{x}' y='{y}' "
                f"width='{cell}' height='{cell}' fill='{'#eaf6ec' if hot else 'white'}' "
                f"{dash}>{tip}</rect>"
            )
            continue
        if card == CHARACTER:
            fill, label, stars = "#eeeeee", player_name(seat), 0
        else:
            c = game.cards[card]
            fill, label, stars = FILL[c.colour], c.name_ja if big else "", c.stars
            tip = f"<title>{name}: {escape(card_title(c.name_ja, c.name_en))}</title>"
        cls = "wb-life-card" + (" wb-life-square" if hot else "") + click
        stroke = "stroke='#1a7f37' stroke-width='3'" if hot else "stroke='#999'"
        out.append(
            f"<g class='{cls}' data-square='{name}' data-card='{escape(card)}'>{tip}"
            f"<rect x='{x + 1}' y='{y + 1}' width='{cell - 2}' height='{cell - 2}' "
            f"rx='4' fill='{fill}' {stroke}/>"
        )
        if big:
            short = label if card == CHARACTER else label[:6]
            out.append(f"<text x='{x + 4}' y='{y + 13}' font-size='10'>{escape(short)}</text>")
            if stars:
                out.append(
                    f"<text x='{x + cell - 4}' y='{y + 13}' font-size='10' "
                    f"text-anchor='end' fill='#b3261e'>{'★' * stars}</text>"
                )
        out.append("</g>")
    dsize = cell * 0.36
    placed = any(card is not None for card in album)  # the dice sit on cards once any is down
    for c, colour in enumerate(COLOURS if placed else ()):
        sq = state.dice_sq[seat][c]
        o = state.dice_o[seat][c]
        x = (sq % 4) * cell + 3 + (c % 2) * (dsize + 3) + (cell - 2 * dsize - 9) / 2
        y = (sq // 4) * cell + (16 if big else 1) + (c // 2) * (dsize + 2)
        if big:
            die = cube(x, y, dsize, colour, o)
            if die_targets and colour in die_targets:
                die = f"<g class='{target(die_targets[colour])}'>{die}</g>"
            out.append(die)
        else:
            d = dsize * 0.9
            out.append(
                f"<g class='wb-life-die' data-colour='{colour}' data-top='{D.TOP[o]}'>"
                f"<rect x='{x:.1f}' y='{y:.1f}' width='{d:.1f}' height='{d:.1f}' rx='2' "
                f"fill='white' stroke='{INK[colour]}'/><text x='{x + d / 2:.1f}' "
                f"y='{y + d * 0.8:.1f}' font-size='{d * 0.8:.1f}' text-anchor='middle' "
                f"fill='{INK[colour]}'>{D.TOP[o]}</text></g>"
            )
    out.append("</svg>")
    return "".join(out)


def _card_html(game: Any, card: str, action: Hashable | None = None) -> str:
    c = game.cards[card]
    colour = c.colour
    kind = "event" if c.is_event else ("★" * c.stars)
    click = f" {target(action)}" if action is not None else ""
    return (
        f"<div class='wb-life-card{click}' data-card='{c.id}' style='display:inline-block;"
        f"width:110px;min-height:64px;margin:3px;padding:4px;border-radius:6px;"
        f"background:{FILL[colour]};border:2px solid {INK[colour]};font-size:11px;"
        f"vertical-align:top'><b>{escape(c.name_ja)}</b><br>{escape(c.name_en)}<br>"
        f"<span style='color:#b3261e'>{kind}</span> "
        f"<i>{escape(card_words(c))}</i></div>"
    )


def _order_html(state: Any, legal: set[Hashable]) -> str:
    cells = []
    for k in range(4):
        seat = state.order[k]
        short, long = ORDER_SPACES[k + 1]
        a = ("pawn", k + 1)
        click = f" class='{target(a)}'" if a in legal else ""
        pawn = _who(seat) if seat >= 0 else ("<i>put your pawn here</i>" if a in legal else "")
        cells.append(
            f"<td{click} title='space {k + 1}: {long}' style='border:1px solid #999;"
            f"padding:3px 8px;min-width:90px'><b>{k + 1}</b> <small>{short}</small>"
            f"<br>{pawn}</td>"
        )
    legend = "; ".join(f"<b>{k}</b> {long}" for k, (_, long) in ORDER_SPACES.items())
    return (
        f"<table class='wb-life-order' style='border-collapse:collapse'><tr>{''.join(cells)}"
        f"</tr></table><div class='wb-life-order-legend' style='font-size:11px;color:#444'>"
        f"order card — turns go 1 → 4; bonus: {legend}</div>"
    )


def _scores_html(game: Any, state: Any, viewer: int | None = None) -> str:
    """The score table; while the game runs, a rival's dream card (kept face down in its
    hand) is left out of what ``viewer`` sees: its dream cell reads "?" and its total
    counts without it, as a player at the table reckons it."""
    cell = "style='padding:2px 8px;text-align:right;border-bottom:1px solid #ddd'"
    heads = (
        [("player", "")]
        + [(h, t.format(covered=f"{game.params.covered_star_vp:+d}")) for h, t in SCORE_HEADS]
        + [
            ("total", "victory points"),
            ("power", "power tokens"),
            ("dream skills", "dream cards set aside"),
        ]
    )
    head = "".join(f"<th {cell} title='{t}'>{h}</th>" for h, t in heads)
    rows = []
    over = not state.tasks
    for seat in range(game.params.players):
        hidden = viewer is not None and seat != viewer and not over
        parts = game.view(state).score_parts(seat, dream=not hidden)
        skills = ", ".join(game.dreams[d].name_en for d in state.skills[seat])
        cells = [_who(seat)] + [
            "?" if hidden and k == "dream" else str(parts[k])
            for k in ("dice", "mid", "bonus", "stars", "dream", "full")
        ]
        total = f"{sum(parts.values())}{' + ?' if hidden else ''}"
        cells += [f"<b>{total}</b>", str(state.power[seat]), escape(skills) or "—"]
        rows.append("<tr>" + "".join(f"<td {cell}>{c}</td>" for c in cells) + "</tr>")
    return (
        f"<table class='wb-life-scores' style='border-collapse:collapse;font-size:12px;"
        f"margin-top:6px'><tr>{head}</tr>{''.join(rows)}</table>"
    )


def _click_hint(text: str) -> str:
    """A click instruction, marked so a static report (no kernel, nothing to click) hides it."""
    return f"<span class='wb-click-hint'>{escape(text)}</span>"


def _dreams_html(game: Any, state: Any, seat: int, legal: set[Hashable]) -> str:
    items = []
    for d in state.hands[seat]:
        a = next((x for x in (("pass", d), ("dream", d)) if x in legal), None)
        click = f" class='{target(a)}'" if a is not None else ""
        verb = {"pass": " — click to pass it left", "dream": " — click to set it aside"}
        dream, skill = dream_words(game.dreams[d])
        items.append(
            f"<li{click}>{escape(game.card_text(d))} — <i>kept to the end:</i> "
            f"{escape(dream)} · <i>set aside as a skill:</i> {escape(skill)}"
            f"{_click_hint(verb[a[0]]) if a else ''}</li>"
        )
    return (
        f"<div class='wb-life-dreams'><b>{player_name(seat)}'s dream cards</b>"
        f"<ul style='margin:2px 0'>{''.join(items) or '<li>none</li>'}</ul></div>"
    )


def legal_squares(game: Any, state: Any) -> frozenset[int]:
    """Squares of the pending placement (empty when no placement is pending)."""
    if state.tasks and isinstance(state.tasks[-1], Place):
        return frozenset(state.tasks[-1].squares)
    return frozenset()


def _choices(game: Any, state: Any, legal: set[Hashable]) -> str:
    """Orientation and tip choices drawn as dice (the pending decision's own picture)."""
    if not state.tasks or not legal:
        return ""
    task = state.tasks[-1]
    orient = sorted(a for a in legal if a[0] == "orient")  # type: ignore[index,type-var]
    if orient:
        return orient_panel(game, orient, COLOURS[task.die])
    tips = [a for a in legal if a[0] == "tip"]  # type: ignore[index]
    if tips:
        return tip_panel(game.view(state), task.seat, tips)
    return ""


def render(game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()) -> str:
    """The whole table as HTML: header, order card, common area, albums (active large), scores.

    Every place that stands for a legal action carries ``wb-target`` and its
    ``data-action`` id (:mod:`workbench.ui.picture`). ``viewer``: the table as that
    player sees it (its own album large with its dream cards; another player's
    choices not offered)."""
    who = game.current_player(state)
    focus = viewer if viewer is not None else who if who >= 0 else state.start
    mine = viewer in (None, who)
    legal = _legal(game, state) if mine else set()
    squares = {a[1]: a for a in legal if a[0] in SQUARE_VERBS}  # type: ignore[index]
    dice = {a[1]: a for a in legal if a[0] == "die"}  # type: ignore[index]
    big = album_svg(
        game, state, focus, 64, legal_squares(game, state) if mine else frozenset(), squares, dice
    )
    small = "".join(
        f"<div style='display:inline-block;margin:4px;text-align:center'>"
        f"<div>{_who(s)}</div>{album_svg(game, state, s, 22)}</div>"
        for s in range(game.params.players)
        if s != focus
    )
    common = (
        "".join(
            _card_html(game, c, ("take", c) if ("take", c) in legal else None) for c in state.common
        )
        or "<i>empty</i>"
    )
    if state.tasks and isinstance(state.tasks[-1], Place):
        common += (
            "<div class='wb-life-placing'><b>placing</b> — click a highlighted square<br>"
            f"{_card_html(game, state.tasks[-1].card)}</div>"
        )
    return (
        f"<div class='wb-life-board' style='font-family:sans-serif'>"
        f"<div class='wb-life-header'>{escape(_title(game, state))}</div>"
        f"{_order_html(state, legal)}"
        f"<div class='wb-life-common'><b>common area</b><br>{common}</div>"
        f"{_choices(game, state, legal)}"
        f"<div style='display:flex;gap:12px;align-items:flex-start'>"
        f"<div><div>{_who(focus)}'s album</div>{big}"
        f"{_dreams_html(game, state, focus, legal)}</div><div>{small}</div></div>"
        f"{_scores_html(game, state, viewer)}</div>"
    )


def _title(game: Any, state: Any) -> str:
    """The header with the players' names (seats from 1)."""
    who = game.current_player(state)
    if not state.tasks:
        return f"game over | winners: {', '.join(player_name(s) for s in game.winners(state))}"
    mover = "chance" if who < 0 else player_name(who)
    p = game.params
    return (
        f"stage {state.stage + 1} round {min(state.round, p.rounds_per_stage - 1) + 1} | "
        f"start: {player_name(state.start)} | to move: {mover} — "
        f"{step_words(kind_of(state.tasks[-1]))}"
    )


def header(game: Any, state: Any) -> str:
    """``stage 2 round 3 | start seat 1 | to move: seat 0 (take)``."""
    who = game.current_player(state)
    p = game.params
    if not state.tasks:
        return f"game over | winners: {', '.join(map(str, game.winners(state)))}"
    kind = kind_of(state.tasks[-1])
    mover = "chance" if who < 0 else f"seat {who}"
    return (
        f"stage {state.stage + 1} round {min(state.round, p.rounds_per_stage - 1) + 1} | "
        f"start seat {state.start} | to move: {mover} ({kind})"
    )


def describe(game: Any, state: Any) -> str:
    """A compact multi-line text of a position (golden files, logs)."""
    lines = [header(game, state)]
    if state.common:
        lines.append("common: " + " ".join(state.common))
    for seat in range(game.params.players):
        album = state.albums[seat]
        grid = "/".join(
            " ".join((album[r * 4 + c] or "..").ljust(3) for c in range(4)) for r in range(4)
        )
        dice = " ".join(
            f"{colour[0]}{D.TOP[o]}@{square_name(sq)}"
            for colour, o, sq in zip(COLOURS, state.dice_o[seat], state.dice_sq[seat])
        )
        parts = game.score_parts(state, seat)
        lines.append(
            f"seat {seat}: {grid} | {dice} | power {state.power[seat]} | "
            f"VP {sum(parts.values())} {parts}"
        )
    return "\n".join(lines)
