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

from html import escape
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.steps import Place, kind_of
from workbench.games.life.table import CHARACTER, COLOURS, square_name

FILL = {"red": "#f6c9c4", "blue": "#c7dcf5", "yellow": "#f7ecb0", "green": "#cdebc9"}
INK = {"red": "#c0392b", "blue": "#1f5fa8", "yellow": "#b08a00", "green": "#2e7d32"}
SEATS = ("#7b1fa2", "#00838f", "#ef6c00", "#5d4037")
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def _die(x: float, y: float, size: float, colour: str, top: int, pips: bool) -> str:
    ink = INK[colour]
    out = [f"<g class='wb-life-die' data-colour='{colour}' data-top='{top}'>"
           f"<rect x='{x:.1f}' y='{y:.1f}' width='{size:.1f}' height='{size:.1f}' rx='3' "
           f"fill='white' stroke='{ink}' stroke-width='1.5'/>"]
    if pips:
        step = size / 4
        r = size / 11
        for cx, cy in PIPS[top]:
            out.append(f"<circle cx='{x + step * (cx + 1):.1f}' cy='{y + step * (cy + 1):.1f}' "
                       f"r='{r:.1f}' fill='{ink}'/>")
    else:
        out.append(f"<text x='{x + size / 2:.1f}' y='{y + size * 0.75:.1f}' "
                   f"font-size='{size * 0.7:.1f}' text-anchor='middle' fill='{ink}' "
                   f"font-weight='bold'>{top}</text>")
    out.append("</g>")
    return "".join(out)


def album_svg(game: Any, state: Any, seat: int, cell: int = 64,
              legal: frozenset[int] = frozenset()) -> str:
    """One player's 4×4 album: cards in their colours, dice on them, legal squares outlined."""
    big = cell >= 48
    size = cell * 4 + 2
    active = " wb-life-album-active" if legal or game.current_player(state) == seat else ""
    out = [f"<svg class='wb-life-album{active}' data-seat='{seat}' width='{size}' "
           f"height='{size}' viewBox='-1 -1 {size} {size}' xmlns='http://www.w3.org/2000/svg'>"]
    album = state.albums[seat]
    for sq in range(16):
        x, y = (sq % 4) * cell, (sq // 4) * cell
        card = album[sq]
        name = square_name(sq)
        if card is None:
            cls = "wb-life-square" if sq in legal else "wb-life-empty"
            dash = "stroke='#1a7f37' stroke-width='3' stroke-dasharray='6 3'" if sq in legal \
                else "stroke='#ddd'"
            out.append(f"<rect class='{cls}' data-square='{name}' x='{x}' y='{y}' "
                       f"width='{cell}' height='{cell}' fill='white' {dash}/>")
            continue
        if card == CHARACTER:
            fill, label, stars = "#eeeeee", f"seat {seat}", 0
        else:
            c = game.cards[card]
            fill, label, stars = FILL[c.colour], c.name_ja if big else "", c.stars
        cls = "wb-life-card" + (" wb-life-square" if sq in legal else "")
        stroke = "stroke='#1a7f37' stroke-width='3'" if sq in legal else "stroke='#999'"
        out.append(f"<g class='{cls}' data-square='{name}' data-card='{escape(card)}'>"
                   f"<rect x='{x + 1}' y='{y + 1}' width='{cell - 2}' height='{cell - 2}' "
                   f"rx='4' fill='{fill}' {stroke}/>")
        if big:
            out.append(f"<text x='{x + 4}' y='{y + 13}' font-size='10'>{escape(label[:6])}</text>")
            if stars:
                out.append(f"<text x='{x + cell - 4}' y='{y + 13}' font-size='10' "
                           f"text-anchor='end' fill='#b3261e'>{'★' * stars}</text>")
        out.append("</g>")
    dsize = cell * (0.34 if big else 0.42)
    for c, colour in enumerate(COLOURS if CHARACTER in album else ()):
        sq = state.dice_sq[seat][c]
        x = (sq % 4) * cell + 2 + (c % 2) * (dsize + 2) + (cell - 2 * dsize - 6) / 2
        y = (sq // 4) * cell + cell - 2 * dsize - 4 + (c // 2) * (dsize + 2)
        if big:
            y = (sq // 4) * cell + 16 + (c // 2) * (dsize + 2)
        out.append(_die(x, y, dsize, colour, D.TOP[state.dice_o[seat][c]], pips=big))
    out.append("</svg>")
    return "".join(out)


def _card_html(game: Any, card: str) -> str:
    c = game.cards[card]
    colour = c.colour
    kind = "event" if c.is_event else ("★" * c.stars)
    effect = "; ".join(f"{e.verb} {' '.join(map(str, e.args))}" for e in (c.event or c.skill))
    return (f"<div class='wb-life-card' data-card='{c.id}' style='display:inline-block;"
            f"width:92px;min-height:64px;margin:3px;padding:4px;border-radius:6px;"
            f"background:{FILL[colour]};border:2px solid {INK[colour]};font-size:11px;"
            f"vertical-align:top'><b>{escape(c.name_ja)}</b><br>{escape(c.name_en)}<br>"
            f"<span style='color:#b3261e'>{kind}</span> <i>{escape(effect)}</i></div>")


def _order_html(state: Any) -> str:
    cells = []
    bonus = {1: "", 2: "tip", 3: "start", 4: "+1 power"}
    for k in range(4):
        seat = state.order[k]
        pawn = (f"<span style='color:{SEATS[seat]}'>● seat {seat}</span>" if seat >= 0 else "")
        cells.append(f"<td style='border:1px solid #999;padding:3px 8px'><b>{k + 1}</b> "
                     f"<small>{bonus[k + 1]}</small><br>{pawn}</td>")
    return f"<table class='wb-life-order'><tr>{''.join(cells)}</tr></table>"


def _scores_html(game: Any, state: Any) -> str:
    head = "".join(f"<th>{h}</th>" for h in ("seat", "dice", "mid", "bonus", "★", "dream",
                                             "full", "total", "power", "dream skills"))
    rows = []
    for seat in range(game.params.players):
        parts = game.score_parts(state, seat)
        skills = ", ".join(game.dreams[d].name_en for d in state.skills[seat])
        cells = [f"<span style='color:{SEATS[seat]}'>●</span> {seat}"] + [
            str(parts[k]) for k in ("dice", "mid", "bonus", "stars", "dream", "full")] + [
            f"<b>{sum(parts.values())}</b>", str(state.power[seat]), escape(skills)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table class='wb-life-scores'><tr>{head}</tr>{''.join(rows)}</table>"


def _dreams_html(game: Any, state: Any, seat: int) -> str:
    def fmt(effects: Any) -> str:
        return "; ".join(f"{e.verb} {' '.join(map(str, e.args))}" for e in effects)

    items = [f"<li>{escape(game.card_text(d))}: <i>dream</i> {escape(fmt(game.dreams[d].dream))}"
             f" · <i>skill</i> {escape(fmt(game.dreams[d].skill))}</li>"
             for d in state.hands[seat]]
    return (f"<div class='wb-life-dreams'><b>seat {seat}'s dream cards</b>"
            f"<ul style='margin:2px 0'>{''.join(items) or '<li>none</li>'}</ul></div>")


def legal_squares(game: Any, state: Any) -> frozenset[int]:
    """Squares of the pending placement (empty when no placement is pending)."""
    if state.tasks and isinstance(state.tasks[-1], Place):
        return frozenset(state.tasks[-1].squares)
    return frozenset()


def render(game: Any, state: Any) -> str:
    """The whole table as HTML: header, order card, common area, albums (active large), scores."""
    who = game.current_player(state)
    focus = who if who >= 0 else state.start
    legal = legal_squares(game, state)
    big = album_svg(game, state, focus, 64, legal)
    small = "".join(
        f"<div style='display:inline-block;margin:4px;text-align:center'>"
        f"<div style='color:{SEATS[s]}'>seat {s}</div>{album_svg(game, state, s, 22)}</div>"
        for s in range(game.params.players) if s != focus)
    common = "".join(_card_html(game, c) for c in state.common) or "<i>empty</i>"
    if state.tasks and isinstance(state.tasks[-1], Place):
        common += ("<div class='wb-life-placing'><b>placing</b><br>"
                   f"{_card_html(game, state.tasks[-1].card)}</div>")
    return (f"<div class='wb-life-board' style='font-family:sans-serif'>"
            f"<div>{escape(header(game, state))}</div>{_order_html(state)}"
            f"<div class='wb-life-common'><b>common area</b><br>{common}</div>"
            f"<div style='display:flex;gap:12px;align-items:flex-start'>"
            f"<div><div style='color:{SEATS[focus]}'><b>seat {focus}</b>'s album</div>{big}"
            f"{_dreams_html(game, state, focus)}</div><div>{small}</div></div>"
            f"{_scores_html(game, state)}</div>")


def header(game: Any, state: Any) -> str:
    """``stage 2 round 3 | start seat 1 | to move: seat 0 (take)``."""
    who = game.current_player(state)
    p = game.params
    if not state.tasks:
        return f"game over | winners: {', '.join(map(str, game.winners(state)))}"
    kind = kind_of(state.tasks[-1])
    mover = "chance" if who < 0 else f"seat {who}"
    return (f"stage {state.stage + 1} round {min(state.round, p.rounds_per_stage - 1) + 1} | "
            f"start seat {state.start} | to move: {mover} ({kind})")


def describe(game: Any, state: Any) -> str:
    """A compact multi-line text of a position (golden files, logs)."""
    lines = [header(game, state)]
    if state.common:
        lines.append("common: " + " ".join(state.common))
    for seat in range(game.params.players):
        album = state.albums[seat]
        grid = "/".join(" ".join((album[r * 4 + c] or "..").ljust(3) for c in range(4))
                        for r in range(4))
        dice = " ".join(f"{colour[0]}{D.TOP[o]}@{square_name(sq)}" for colour, o, sq in
                        zip(COLOURS, state.dice_o[seat], state.dice_sq[seat]))
        parts = game.score_parts(state, seat)
        lines.append(f"seat {seat}: {grid} | {dice} | power {state.power[seat]} | "
                     f"VP {sum(parts.values())} {parts}")
    return "\n".join(lines)
