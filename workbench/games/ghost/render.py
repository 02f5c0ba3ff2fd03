"""The 「何か」 table as one HTML string (pure: state in, markup out; no widgets).

Every user's desktop shows its installed ghosts as cards (name, 物理, 精神, VP,
shell), the deciding user's archive shows each card's ghost side and event
side, a battle panel shows the exact P(attacker wins) before the dice and the
dice after them, and every user's VP. Stable classes: ``wb-ghost-table``,
``wb-ghost-user`` (+ ``wb-ghost-active``), ``wb-ghost-vp``, ``wb-ghost-desktop``,
``wb-ghost-card`` (+ ``wb-ghost-installed`` / ``wb-ghost-archived``),
``wb-ghost-shell``, ``wb-ghost-archive``, ``wb-ghost-battle``,
``wb-ghost-odds``, ``wb-ghost-die``, ``wb-ghost-fumble``, ``wb-ghost-piles``,
``wb-ghost-result``.

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> html = render(g, g.initial_state())
>>> html.count("class='wb-ghost-user"), "server 100" in html
(2, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

from workbench.games.ghost.cards import STATS_LABEL, GhostCard
from workbench.games.ghost.odds import battle_chance
from workbench.games.ghost.steps_battle import battle_values, role_of
from workbench.games.ghost.table import ATTACK, NO_SHELL, Battle

STYLE = """<style>
.wb-ghost-table{font-family:'Noto Sans CJK JP','Noto Sans',sans-serif;font-size:13px}
.wb-ghost-user{border:1px solid #bbb;border-radius:6px;margin:4px 0;padding:4px 8px}
.wb-ghost-active{border:2px solid #2a6fdb;background:#f3f7ff}
.wb-ghost-card{display:inline-block;vertical-align:top;width:170px;margin:3px;padding:4px;
 border:1px solid #888;border-radius:5px;background:#fff}
.wb-ghost-installed{background:#fffaf0}.wb-ghost-master{border:2px solid #b8860b}
.wb-ghost-shell{color:#555;font-size:11px}.wb-ghost-ev{color:#6a3d9a;font-size:11px}
.wb-ghost-battle{border:2px solid #b3261e;border-radius:6px;padding:6px;margin:6px 0}
.wb-ghost-odds{font-weight:bold;font-size:15px}.wb-ghost-fumble{color:#b3261e;font-weight:bold}
.wb-ghost-vp{font-weight:bold;color:#1a7f37}.wb-ghost-piles{color:#555}
</style>"""


def _strengths(card: GhostCard) -> str:
    return f"物理 {card.physical} · 精神 {card.mental} · VP {card.vp}"


def card_html(card: GhostCard, css: str, shell: GhostCard | None = None,
              master: bool = False) -> str:
    """One card: the ghost side (or shell modifiers) and the event side.

    >>> from workbench.games.ghost.cards import Strength
    >>> 'wb-ghost-card' in card_html(GhostCard(0, "ghost", "さくら", physical=Strength(3, 2)), "x")
    True
    """
    lines = [f"<b>{escape(card.name)}</b>" + (" 👑" if master else "")]
    if card.is_ghost:
        lines.append(escape(_strengths(card)))
        if card.ability_name or card.ability:
            verbs = "; ".join(" ".join([e.verb, *map(str, e.args)]) for e in card.ability)
            lines.append(f"〈{escape(card.ability_name)}〉 {escape(verbs)}")
    elif card.is_shell:
        lines.append(f"shell 物理 {card.shell[0]:+d} · 精神 {card.shell[1]:+d}")
    if shell is not None:
        lines.append(f"<span class='wb-ghost-shell'>shell {escape(shell.name)} "
                     f"({shell.shell[0]:+d}/{shell.shell[1]:+d})</span>")
    if card.timing and css != "wb-ghost-installed":
        verbs = "; ".join(" ".join([e.verb, *map(str, e.args)]) for e in card.effects)
        lines.append(f"<span class='wb-ghost-ev'>『{escape(card.event_name)}』 "
                     f"{escape(card.timing)}: {escape(verbs)}</span>")
    extra = " wb-ghost-master" if master else ""
    return f"<div class='wb-ghost-card {css}{extra}' title='{escape(card.text)}'>" + \
        "<br>".join(lines) + "</div>"


def _user(game: Any, state: Any, seat: int, deciding: int) -> str:
    """One user's panel (``state``: a read-only table view)."""
    cards = game.cards
    active = " wb-ghost-active" if seat == deciding else ""
    out = " (out)" if state.out[seat] else ""
    head = (f"<b>User {seat + 1}</b>{out} — <span class='wb-ghost-vp'>VP "
            f"{state.vp_of(seat)}</span> · archive {len(state.archives[seat])}"
            + (f" · next turn skipped ×{state.skips[seat]}" if state.skips[seat] else ""))
    desk = "".join(card_html(cards[g], "wb-ghost-installed",
                             cards[sh] if sh != NO_SHELL else None,
                             master=state.masters[seat] == g)
                   for g, sh in state.desktops[seat]) or "<i>no ghost installed</i>"
    body = f"<div class='wb-ghost-desktop'>{desk}</div>"
    if seat == deciding and state.archives[seat]:
        arch = "".join(card_html(cards[c], "wb-ghost-archived") for c in state.archives[seat])
        body += f"<div class='wb-ghost-archive'>archive: {arch}</div>"
    return f"<div class='wb-ghost-user{active}'>{head}{body}</div>"


def _die(n: int, raw: int, value: int) -> str:
    fumble = n >= 2 and raw == 0
    mark = "<span class='wb-ghost-fumble'>シテオク</span>" if fumble else f"= {value}"
    return (f"<span class='wb-ghost-die'><svg width='18' height='18' viewBox='0 0 18 18'>"
            f"<rect x='1' y='1' width='16' height='16' rx='3' fill='#fff' stroke='#333'/>"
            f"<text x='9' y='13' font-size='10' text-anchor='middle'>{raw}</text></svg>"
            f" {n}D {mark}</span>")


def battle_html(game: Any, state: Any, b: Battle, live: bool) -> str:
    """The battle panel: sides, the exact chance before the roll, the dice after
    (``state``: a read-only table view)."""
    cards = game.cards
    title = "Battle" if live else "Last battle"
    lines = [f"<b>{title}</b>: user {b.attacker + 1} attacks user {b.defender + 1} "
             f"({escape(STATS_LABEL[b.stat])})"]
    values = b.values if b.values else (battle_values(state, b)
                                        if len(b.rolls) == len(b.ghosts) else ())
    for side, ghosts, offset in (("attack", b.atk, 0), ("defence", b.dfn, len(b.atk))):
        parts = []
        for i, g in enumerate(ghosts):
            k = offset + i
            text = f"{escape(cards[g].name)} [{role_of(b, k)}]"
            if k < len(b.rolls):
                text += " " + _die(b.dice[k], b.rolls[k], values[k] if values else 0)
            parts.append(text)
        power = b.power[0 if side == "attack" else 1]
        lines.append(f"{side}: " + ", ".join(parts) + (f" power {power:+d}" if power else ""))
    if b.revealed:
        lines.append("events: " + ", ".join(
            escape(cards[c].event_name) + (" (voided)" if i in b.voided else "")
            for i, (_, c, _) in enumerate(b.revealed)))
    elif b.placed:
        lines.append(f"{len(b.placed)} event(s) face down")
    if b.dfn and not b.rolls and live:
        p = battle_chance(game, state)
        note = "" if b.revealed or not b.placed else " (face-down events not counted)"
        lines.append(f"<span class='wb-ghost-odds'>P(attacker wins) = {p} ≈ {float(p):.1%}"
                     f"</span>{note}")
    if b.winner >= 0:
        who = "attacker" if b.winner == ATTACK else "defender"
        lines.append(f"totals {b.totals[0]} vs {b.totals[1]}: <b>the {who} wins</b>")
    return "<div class='wb-ghost-battle'>" + "<br>".join(lines) + "</div>"


def render(game: Any, state: Any) -> str:
    """The whole table as HTML (reads a view of the state: no copy)."""
    deciding = game.current_player(state)
    state = game.view(state)
    head = (f"<div class='wb-ghost-piles'>turn {state.turns} · server {len(state.server)} · "
            f"trash {len(state.trash)} · void 虚 {len(state.void)} · phase {state.phase}</div>")
    users = "".join(_user(game, state, s, deciding) for s in range(game.n))
    battle = ""
    if state.battle is not None:
        battle = battle_html(game, state, state.battle, True)
    elif state.last is not None:
        battle = battle_html(game, state, state.last, False)
    result = ""
    if state.result is not None:
        reason, winners = state.result
        names = ", ".join(f"user {w + 1}" for w in winners) or "nobody (everybody loses)"
        result = f"<div class='wb-ghost-result'><b>Game over ({reason}): {names} won</b></div>"
    return f"{STYLE}<div class='wb-ghost-table'>{head}{result}{battle}{users}</div>"
