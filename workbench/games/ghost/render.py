"""The 「何か」 table as one clickable HTML picture (pure: state in, markup out; no widgets).

Every user's desktop shows its installed ghosts as cards (name, 物理, 精神, VP,
shell, the ability in words), the deciding user's archive shows each card's ghost
side and event side in words, a battle panel shows the exact P(attacker wins)
before the dice and the dice after them (n dice, the sum, the modifier, the
value), and every user's VP.

The cards are the controls (see :mod:`workbench.ui.picture`): an archive card
with one use is clicked as a whole, one with several lists its uses as small
clickable lines; a ghost defends or supports by a click on it. An attack is
picked in steps (:mod:`~workbench.games.ghost.render_steps`): click the attacking
ghost (``data-pick``), then the target user — under the seed's battle order that
click declares the battle (each user shows P(attacker wins) given the defender's
best reply), and once the defender has picked its ghost the attacker clicks 物理
or 精神, each with its exact odds; with ``stat_choice="at_declaration"`` the
third click, 物理 or 精神 (the exact P against every ghost the target may defend
with), commits.

Stable classes: ``wb-ghost-table``, ``wb-ghost-user`` (+ ``wb-ghost-active``,
``wb-ghost-user-<seat>``), ``wb-ghost-vp``, ``wb-ghost-desktop``, ``wb-ghost-card``
(+ ``wb-ghost-installed`` / ``wb-ghost-archived`` / ``wb-ghost-chosen``),
``wb-ghost-shell``, ``wb-ghost-archive``, ``wb-ghost-use``, ``wb-ghost-prompt``,
``wb-ghost-stepper``, ``wb-ghost-stat``, ``wb-ghost-battle``, ``wb-ghost-odds``,
``wb-ghost-die``, ``wb-ghost-fumble``, ``wb-ghost-piles``, ``wb-ghost-result``.

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> html = render(g, g.initial_state())
>>> html.count("class='wb-ghost-user"), "server 100" in html
(2, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from html import escape
from typing import Any

from workbench.games.ghost.battle_strength import role_of
from workbench.games.ghost.cards import STATS_LABEL, GhostCard
from workbench.games.ghost.odds import battle_chance
from workbench.games.ghost.render_steps import (
    Choices,
    chance_drawing,
    chip,
    defend_hint,
    label,
    parse_picks,
    pick,
    roll_html,
    stat_choice_step,
    stat_step,
    target_summary,
)
from workbench.games.ghost.table import ATTACK, NO_SHELL, STATS, Battle
from workbench.games.ghost.words import ability_words, card_name, event_words, timing_words
from workbench.ui.targets import target

__all__ = ["battle_html", "card_html", "chance_drawing", "render"]

STYLE = """<style>
.wb-ghost-table{font-family:'Noto Sans CJK JP','Noto Sans',sans-serif;font-size:13px;max-width:980px}
.wb-ghost-user{border:1px solid #bbb;border-radius:6px;margin:4px 0;padding:4px 8px}
.wb-ghost-active{border:2px solid #2a6fdb;background:#f3f7ff}
.wb-ghost-card{display:inline-block;vertical-align:top;width:190px;margin:3px;padding:4px;
 border:1px solid #888;border-radius:5px;background:#fff}
.wb-ghost-installed{background:#fffaf0}.wb-ghost-master{border:2px solid #b8860b}
.wb-ghost-chosen{outline:3px solid #b3261e}
.wb-ghost-shell{color:#555;font-size:11px}.wb-ghost-ev{color:#6a3d9a;font-size:11px}
.wb-ghost-ab{color:#7a4b00;font-size:11px}
.wb-ghost-use{font-size:11px;margin:2px 0;padding:1px 3px;border-radius:3px}
.wb-ghost-prompt{padding:4px 8px;background:#fff6d5;border-radius:4px;margin:4px 0}
.wb-ghost-stepper{border:2px solid #b3261e;border-radius:6px;padding:6px;margin:6px 0;background:#fff8f7}
.wb-ghost-stats{display:flex;gap:10px;flex-wrap:wrap}
.wb-ghost-stat{flex:1;min-width:260px;padding:4px 8px;border-radius:5px}
.wb-ghost-stat ul{margin:2px 0 0 0;padding-left:18px;font-size:12px}
.wb-ghost-battle{border:2px solid #b3261e;border-radius:6px;padding:6px;margin:6px 0}
.wb-ghost-odds{font-weight:bold;font-size:15px}.wb-ghost-fumble{color:#b3261e;font-weight:bold}
.wb-ghost-odds-line{font-size:12px;color:#333;margin-left:8px}
.wb-ghost-vp{font-weight:bold;color:#1a7f37}.wb-ghost-piles{color:#555}
.wb-ghost-die{white-space:nowrap}
.wb-ghost-minicard{border:1px solid #888;border-radius:4px;padding:0 5px;background:#fff}
</style>"""


def _strengths(card: GhostCard) -> str:
    return f"物理 {card.physical} · 精神 {card.mental} · VP {card.vp}"


def card_html(
    card: GhostCard,
    css: str,
    shell: GhostCard | None = None,
    master: bool = False,
    click: str = "",
    uses: str = "",
) -> str:
    """One card: the ghost side (or shell modifiers) and the event side, in words;
    ``click`` (a target or pick attribute text) makes the whole card a control,
    ``uses`` are its clickable use lines.

    >>> from workbench.games.ghost.cards import Strength
    >>> 'wb-ghost-card' in card_html(GhostCard(0, "ghost", "さくら", physical=Strength(3, 2)), "x")
    True
    """
    lines = [f"<b>{escape(card_name(card))}</b>" + (" 👑 master" if master else "")]
    if card.is_ghost:
        lines.append(escape(_strengths(card)))
        if card.ability_name or card.ability:
            lines.append(
                f"<span class='wb-ghost-ab'>〈{escape(card.ability_name)}〉 "
                f"{escape(ability_words(card.ability))}</span>"
            )
    elif card.is_shell:
        lines.append(f"shell: 物理 {card.shell[0]:+d} · 精神 {card.shell[1]:+d}")
    if shell is not None:
        lines.append(
            f"<span class='wb-ghost-shell'>shell {escape(card_name(shell))} "
            f"(物理 {shell.shell[0]:+d} / 精神 {shell.shell[1]:+d})</span>"
        )
    if card.timing and css != "wb-ghost-installed":
        lines.append(
            f"<span class='wb-ghost-ev'>event 『{escape(card.event_name)}』 "
            f"({escape(timing_words(card.timing))}): {escape(event_words(card.effects))}"
            "</span>"
        )
    extra = " wb-ghost-master" if master else ""
    extra += f" {click}" if click else ""
    return (
        f"<div class='wb-ghost-card {css}{extra}' title='{escape(card.text)}'>"
        + "<br>".join(lines)
        + uses
        + "</div>"
    )


def _uses(t: Any, ids: Sequence[Hashable]) -> tuple[str, str]:
    """(click, uses): one use makes the card the control, several become use lines."""
    if len(ids) == 1:
        return target(
            ids[0]
        ), f"<div class='wb-ghost-use'>▶ click: {escape(label(t, ids[0]))}</div>"
    return "", "".join(chip(t, a) for a in ids)


def _user(game: Any, t: Any, seat: int, deciding: int, ch: Choices, picks: tuple[int, int]) -> str:
    """One user's panel: header (a target user in the attack's second step), desktop, archive."""
    cards = game.cards
    atk, dfn = picks
    active = " wb-ghost-active" if seat == deciding else ""
    out = " (out)" if t.out[seat] else ""
    head = (
        f"<b>User {seat + 1}</b>{out} — <span class='wb-ghost-vp'>VP "
        f"{t.vp_of(seat)}</span> · archive {len(t.archives[seat])}"
        + (f" · next turn skipped ×{t.skips[seat]}" if t.skips[seat] else "")
    )
    panel_click = ""
    if atk >= 0 and dfn < 0 and seat in ch.attacks.get(atk, {}):
        # the stat named with the attack: one more step; else this click declares it
        panel_click = " " + (
            pick(f"def:{seat}") if ch.attacks[atk][seat] else target(("battle", atk, seat))
        )
        head += " — <b>click to attack this user</b>" + target_summary(
            game, t, atk, seat, ch.attacks[atk][seat]
        )
    desk = []
    for g, sh in t.desktops[seat]:
        click, uses = _uses(t, ch.ghosts.get(g, [])) if seat == deciding else ("", "")
        if seat == deciding and g in ch.attacks:
            if atk < 0:
                click = pick(f"atk:{g}")
                uses += "<div class='wb-ghost-use'>⚔ click the card to attack with it</div>"
            elif g == atk:
                click = "wb-ghost-chosen"
        if seat == deciding and t.phase == "defend" and ("defend", g) in ch.ghosts.get(g, []):
            uses += defend_hint(game, t, g)
        desk.append(
            card_html(
                cards[g],
                "wb-ghost-installed",
                cards[sh] if sh != NO_SHELL else None,
                master=t.masters[seat] == g,
                click=click,
                uses=uses,
            )
        )
    body = f"<div class='wb-ghost-desktop'>{''.join(desk) or '<i>no ghost installed</i>'}</div>"
    if seat == deciding and t.archives[seat]:
        arch = []
        for c in t.archives[seat]:
            click, uses = _uses(t, ch.archive.get(c, []))
            arch.append(card_html(cards[c], "wb-ghost-archived", click=click, uses=uses))
        body += f"<div class='wb-ghost-archive'>archive: {''.join(arch)}</div>"
    return (
        f"<div class='wb-ghost-user wb-ghost-user-{seat}{active}{panel_click}'>{head}{body}</div>"
    )


def battle_html(game: Any, state: Any, b: Battle, live: bool) -> str:
    """The battle panel: sides, the exact chance before the roll, the dice after (n dice,
    sum, modifier, value) (``state``: a read-only table view)."""
    cards = game.cards
    title = "Battle" if live else "Last battle"
    stat = (
        STATS_LABEL[b.stat]
        if b.stat
        else "物理 or 精神: the attacker picks once the defence is known"
    )
    lines = [
        f"<b>{title}</b>: User {b.attacker + 1} attacks User {b.defender + 1} ({escape(stat)})"
    ]
    for side, ghosts, offset in (("attack", b.atk, 0), ("defence", b.dfn, len(b.atk))):
        parts = []
        for i, g in enumerate(ghosts):
            k = offset + i
            text = f"{escape(card_name(cards[g]))} [{role_of(b, k)}]"
            if k < len(b.rolls):
                text += " " + roll_html(game, state, b, k, b.rolls[k])
            parts.append(text)
        power = b.power[0 if side == "attack" else 1]
        lines.append(f"{side}: " + ", ".join(parts) + (f" power {power:+d}" if power else ""))
    if b.revealed:
        lines.append(
            "events: "
            + ", ".join(
                f"『{escape(cards[c].event_name)}』 {escape(event_words(cards[c].effects))}"
                + (" (voided)" if i in b.voided else "")
                for i, (_, c, _) in enumerate(b.revealed)
            )
        )
    elif b.placed:
        lines.append(f"{len(b.placed)} event(s) face down")
    if b.dfn and not b.rolls and live and b.stat:
        p = battle_chance(game, state)
        note = "" if b.revealed or not b.placed else " (face-down events not counted)"
        lines.append(
            f"<span class='wb-ghost-odds'>P(attacker wins) = {p} ≈ {float(p):.1%}</span>{note}"
        )
    elif b.dfn and live:  # the stat is still to be picked: each one's odds
        lines.append(
            "<span class='wb-ghost-odds'>P(attacker wins) with "
            + " · with ".join(
                f"{escape(STATS_LABEL[s])} = {p} ≈ {float(p):.1%}"
                for s in STATS
                for p in [battle_chance(game, state, s)]
            )
            + "</span>"
        )
    if b.winner >= 0:
        who = "attacker" if b.winner == ATTACK else "defender"
        lines.append(f"totals {b.totals[0]} vs {b.totals[1]}: <b>the {who} wins</b>")
    return "<div class='wb-ghost-battle'>" + "<br>".join(lines) + "</div>"


PHASES = {
    "setup": "installing the first ghosts",
    "main": "the main phase",
    "defend": "choosing the defender",
    "stat": "choosing 物理 or 精神 for the battle",
    "support_atk": "supporting the attack",
    "support_def": "supporting the defence",
    "place": "placing events face down",
    "react": "answering with events",
    "resolve": "resolving the battle",
    "trim": "trashing archive cards down to the limit",
    "over": "the game is over",
}
"""The table's phase in words (never the rules' code: ``phase stat``)."""

_HINTS = {
    "setup": "click a ghost in your archive to install it",
    "defend": "click the ghost that defends",
    "stat": "pick 物理 or 精神, knowing the defending ghost",
    "support_atk": "click a ghost to support the attack, or 'no more support'",
    "support_def": "click a ghost to support the defence, or 'no more support'",
    "place": "click an event to place it face down, or 'place nothing'",
    "react": "click an event to play it now, or 'let it pass'",
    "trim": "click archive cards to trash them down to the limit",
}


def prompt(t: Any, deciding: int, ch: Choices, picks: tuple[int, int]) -> str:
    """What the deciding user is asked, in words."""
    if deciding < 0:
        return ""
    atk, dfn = picks
    if atk >= 0 and dfn < 0:
        hint = "now click the user to attack (Esc: back)"
    elif t.phase == "main":
        hint = (
            "click a ghost to attack with it, an archive card to use it, or 'end the turn'"
            if ch.attacks
            else "click an archive card to use it, or 'end the turn'"
        )
    else:
        hint = _HINTS.get(t.phase, "choose")
    if deciding != t.turn and t.phase not in ("setup", "over"):  # why someone decides out of turn
        why = (
            "may answer what User {0} just did"
            if t.phase == "react"
            else "decides in User {0}'s battle"
            if t.battle is not None
            else "decides in User {0}'s turn"
        )
        hint = f"{why.format(t.turn + 1)} — {hint}"
    return f"<div class='wb-ghost-prompt'><b>User {deciding + 1}</b>: {escape(hint)}</div>"


def render(game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()) -> str:
    """The whole table as HTML (reads a view of the state: no copy); ``picks`` are the
    attack's steps picked so far (``atk:<ghost>``, ``def:<seat>``). ``viewer``: the table
    as that user sees it (its own archive; another user's choices not offered)."""
    deciding = game.current_player(state)
    mine = deciding >= 0 and viewer in (None, deciding)
    ch = Choices.of(game.legal_ids(state) if mine else ())
    t = game.view(state)
    atk, dfn = parse_picks(picks)
    if atk not in ch.attacks or (dfn >= 0 and dfn not in ch.attacks[atk]):
        atk = dfn = -1
    head = (
        f"<div class='wb-ghost-piles'>turn {t.turns} · server {len(t.server)} · "
        f"trash {len(t.trash)} · void 虚 {len(t.void)} · now: {PHASES.get(t.phase, t.phase)}</div>"
    )
    step = stat_step(game, t, atk, dfn, ch.attacks[atk][dfn]) if dfn >= 0 else ""
    if ch.stats and t.battle is not None:
        step = stat_choice_step(game, t, ch.stats)
    shown = deciding if viewer is None else viewer  # whose archive is drawn
    users = "".join(_user(game, t, s, shown, ch, (atk, dfn)) for s in range(game.n))
    battle = ""
    if t.battle is not None:
        battle = battle_html(game, t, t.battle, True)
    elif t.last is not None and t.last.attacker == t.turn and atk < 0:
        battle = battle_html(game, t, t.last, False)  # only in its own turn, until a new attack
    result = ""
    if t.result is not None:
        reason, winners = t.result
        names = ", ".join(f"User {w + 1}" for w in winners) or "nobody (everybody loses)"
        result = f"<div class='wb-ghost-result'><b>Game over ({reason}): {names} won</b></div>"
    return (
        f"{STYLE}<div class='wb-ghost-table'>{head}{result}"
        f"{prompt(t, deciding, ch, (atk, dfn))}{step}{battle}{users}</div>"
    )
