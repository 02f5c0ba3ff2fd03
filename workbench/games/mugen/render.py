"""The むげんの宙へ table as HTML with inline SVG: pure ``render(game, state) -> str``.

Both sides show HP (a bar), MP (ten pips), attack / defence, the set zone
(each set skill with its counters as dots; super set skills framed), the
dust, deck and hand counts. The hand of the player who decides now is shown
face up: every skill on its timeline, affordable ones marked. The pending
decision (main phase, revenge draw, push-out ...) is the prompt line.

Stable CSS classes: ``wb-mugen``, ``wb-mugen-side``, ``wb-mugen-side-<seat>``,
``wb-mugen-active``, ``wb-mugen-hp``, ``wb-mugen-mp``, ``wb-mugen-atk``,
``wb-mugen-def``, ``wb-mugen-deck``, ``wb-mugen-dust``, ``wb-mugen-setzone``,
``wb-mugen-set``, ``wb-mugen-superset``, ``wb-mugen-counter``,
``wb-mugen-hand``, ``wb-mugen-card``, ``wb-mugen-skill``,
``wb-mugen-affordable``, ``wb-mugen-unaffordable``, ``wb-mugen-prompt``,
``wb-mugen-trait``, ``wb-mugen-result``.

>>> from workbench.games.mugen.rules import make_game
>>> from workbench.engine import Session
>>> s = Session(make_game(), seed=1)
>>> html = render(s.game, s.state)
>>> 'wb-mugen-side-0' in html and 'wb-mugen-hand' in html and 'HP 30' in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from workbench.engine.kernel.protocol import TERMINAL
from workbench.games.mugen.cards import Card
from workbench.games.mugen.steps import First
from workbench.games.mugen.steps_cards import Destroy, Draw, Mill, PushOut, RevengeAsk, RevengeUse
from workbench.games.mugen.steps_turn import Main
from workbench.games.mugen.table import MugenTable
from workbench.games.mugen.words import card_name, chance_drawing, effect_words, skill_words
from workbench.ui.targets import target

__all__ = ["chance_drawing", "prompt", "render"]

STYLE = """<style>
.wb-mugen{font-family:'Noto Sans CJK JP','Noto Sans',sans-serif;font-size:13px;max-width:860px}
.wb-mugen-side{border:1px solid #bbb;border-radius:6px;padding:6px 8px;margin:4px 0;background:#f8f8fb}
.wb-mugen-active{border:2px solid #3a6ea5;background:#eef4fb}
.wb-mugen-stats{display:flex;gap:14px;align-items:center;flex-wrap:wrap}
.wb-mugen-setzone{display:flex;gap:6px;margin-top:6px;min-height:44px}
.wb-mugen-set,.wb-mugen-slot{width:150px;border:1px solid #999;border-radius:4px;padding:3px;background:#fff;font-size:11px}
.wb-mugen-slot{border-style:dashed;color:#aaa}
.wb-mugen-superset{border:2px double #a0522d}
.wb-mugen-counter{display:inline-block;width:8px;height:8px;border-radius:4px;background:#3a6ea5;margin-right:2px}
.wb-mugen-prompt{padding:4px 8px;background:#fff6d5;border-radius:4px;margin:4px 0}
.wb-mugen-hand{display:flex;gap:6px;flex-wrap:wrap}
.wb-mugen-card{width:190px;border:1px solid #888;border-radius:6px;padding:4px;background:#fff}
.wb-mugen-card b{font-size:13px}
.wb-mugen-skill{margin:2px 0;padding:1px 3px;border-radius:3px;font-size:11px}
.wb-mugen-affordable{background:#dff3df}
.wb-mugen-unaffordable{color:#999}
.wb-mugen-trait{background:#fde7c8;border-radius:3px;padding:0 4px;font-size:11px}
.wb-mugen-result{font-weight:bold;color:#1a4d8f}
.wb-mugen .wb-target{outline:2px solid #1a7f37;background:#e3f5e6}
</style>"""


def _hp_bar(hp: int, max_hp: int) -> str:
    width = 120
    fill = round(width * max(0, hp) / max(1, max_hp))
    colour = "#2e8b57" if hp > max_hp // 3 else "#c0392b"
    return (
        f"<svg width='{width}' height='10' role='img' aria-label='HP {hp}'>"
        f"<rect width='{width}' height='10' fill='#ddd' rx='2'/>"
        f"<rect width='{fill}' height='10' fill='{colour}' rx='2'/></svg>"
    )


def _mp_pips(mp_left: int, mp: int, max_mp: int) -> str:
    pips = []
    for i in range(max_mp):
        colour = "#3a6ea5" if i < mp_left else "#9fb8d6" if i < mp else "#e4e4e4"
        pips.append(f"<circle cx='{6 + i * 12}' cy='6' r='5' fill='{colour}'/>")
    extra = f" +{mp_left - mp}" if mp_left > mp else ""
    return f"<svg width='{12 * max_mp}' height='12'>{''.join(pips)}</svg>{extra}"


def _stars(card: Card) -> str:
    return "★" * card.star


def _side(game: Any, t: MugenTable, q: int, legal: frozenset[Any] = frozenset()) -> str:
    char = game.cards.get(game.characters[q])
    active = " wb-mugen-active" if t.active == q and t.result is None else ""
    name = f"Player {q + 1}" + (f" — {escape(char.name)} {_stars(char)}" if char else "")
    trait = ""
    if char and char.trait:
        label = escape(char.trait_name or "追加特性")
        said = "; ".join(effect_words(e, game.params.timed_turns) for e in char.trait).replace(
            " while set", ""
        )  # always on
        trait = f" <span class='wb-mugen-trait' title='{escape(char.trait_text)}'>{label}: {escape(said)}</span>"
    slots = []
    for i, z in enumerate(t.zones[q]):
        card = game.cards[z.card]
        skill = card.skills[z.slot]
        kind = "wb-mugen-set wb-mugen-superset" if skill.kind == "super_set" else "wb-mugen-set"
        act = next((a for a in (("push_out", i), ("destroy", i)) if a in legal), None)
        if act is not None:
            kind += f" {target(act)}"
        dots = "<span class='wb-mugen-counter'></span>" * z.counters
        slots.append(
            f"<div class='{kind}' title='{escape(skill.label)}'><b>{escape(card_name(card))}</b><br>"
            f"{escape(skill_words(skill, game.params.timed_turns))}<br>{dots} {z.counters} turn{'' if z.counters == 1 else 's'} left</div>"
        )
    slots += ["<div class='wb-mugen-slot'>empty</div>"] * max(
        0, game.params.set_limit - len(t.zones[q])
    )
    hp, max_hp, mp, left = t.hp[q], t.max_hp[q], t.mp[q], t.mp_left(q)
    pips = _mp_pips(left, mp, game.params.max_mp)
    asks = type(t.top()) is RevengeAsk and getattr(t.top(), "seat", -1) == q
    deck_click = f" {target('revenge_draw')}" if asks and "revenge_draw" in legal else ""
    deck_hint = " — click: revenge draw" if deck_click else ""
    return (
        f"<div class='wb-mugen-side wb-mugen-side-{q}{active}'>"
        f"<div class='wb-mugen-stats'><b>{name}</b>{trait}"
        f"<span class='wb-mugen-hp'>HP {hp}/{max_hp} {_hp_bar(hp, max_hp)}</span>"
        f"<span class='wb-mugen-mp'>MP {left}/{mp} {pips}</span>"
        f"<span class='wb-mugen-atk'>攻 {t.atk(q):+d}</span>"
        f"<span class='wb-mugen-def'>防 {t.defence(q):+d}</span>"
        f"<span class='wb-mugen-deck{deck_click}'>deck {len(t.decks[q])}{deck_hint}</span>"
        f"<span class='wb-mugen-dust'>dust {len(t.dust[q])}</span>"
        f"<span>hand {len(t.hands[q])}</span></div>"
        f"<div class='wb-mugen-setzone'>{''.join(slots)}</div></div>"
    )


def game_over_words(game: Any, state: Any) -> str:
    """How the game ended, in words (issue 25 item 8: not the scores "P1 1, P2 -1").

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> t = g.thaw(position(g, hp=(0, 7)))
    >>> t.result, t.tasks = (1,), []
    >>> game_over_words(g, t.freeze())
    "game over after turn 1: Player 2 wins — Player 1's HP fell to 0 (Player 2 has 7 HP left)"
    """
    t = game.view(state)
    won = game.winners(state)
    head = f"game over after turn {t.turn}: "
    if not won:
        return head + "nobody wins — both decks ran out by the end of the turn"
    w = won[0]
    lost = 1 - w
    if t.hp[lost] == 0:
        return (
            head
            + f"Player {w + 1} wins — Player {lost + 1}'s HP fell to 0 (Player {w + 1} has {t.hp[w]} HP left)"
        )
    return (
        head
        + f"Player {w + 1} wins — Player {lost + 1}'s deck was empty at the end of the turn (deck-out)"
    )


def prompt(game: Any, state: Any, viewer: int | None = None) -> str:
    """What the table waits for, in words (as ``viewer`` may read it: a card drawn by the
    opponent's revenge draw is not named).

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> prompt(g, position(g, mp=(3, 1)))
    'turn 1 — Player 1 main phase: 3 MP left'
    """
    t = game.view(state)
    step = t.top()
    if step is None:
        return game_over_words(game, state)
    p = getattr(step, "seat", -1) + 1
    kind = type(step)
    if kind is First:
        what = "chance: who goes first"
    elif kind in (Draw, Mill):
        what = f"chance: Player {p} {'draws' if kind is Draw else 'mills'}"
    elif kind is Main:
        what = f"Player {p} main phase: {t.mp_left(p - 1)} MP left"
    elif kind is RevengeAsk:
        what = f"Player {p} took damage: revenge draw?"
    elif kind is RevengeUse and viewer not in (None, p - 1):
        what = (
            f"Player {p} drew a card by the revenge draw: use its 【リベンジ時】 free, or keep it?"
        )
    elif kind is RevengeUse:
        what = f"Player {p} drew {game.cards[step.card].name}: use its 【リベンジ時】 free, or keep it?"
    elif kind is PushOut:
        what = f"Player {p} set zone is full: choose a set skill to dust"
    elif kind is Destroy:
        what = f"Player {p} destroys one of Player {3 - p}'s set skills"
    else:
        what = f"chance: Player {p} discards"
    return f"turn {t.turn} — {what}"


def _revenge_card(game: Any, t: MugenTable) -> str:
    """The card drawn by a revenge draw, its 【リベンジ時】 skill clickable (use it free)."""
    top = t.top()
    if type(top) is not RevengeUse:
        return ""
    card = game.cards[top.card]
    lines = "".join(
        f"<div class='wb-mugen-skill {'wb-mugen-affordable ' + target('revenge_use') if s.kind == 'revenge' else ''}'"
        f" title='{escape(s.label)}'>{escape(skill_words(s, game.params.timed_turns))}</div>"
        for s in card.skills
    )
    return (
        f"<div class='wb-mugen-revenge-card'><b>drawn by the revenge draw</b>"
        f"<div class='wb-mugen-card'><b>{escape(card_name(card))}</b> {_stars(card)}{lines}</div></div>"
    )


def _hand(game: Any, t: MugenTable, q: int) -> str:
    top = t.top()
    usable = set(t.usable(q)) if type(top) is Main and top.seat == q else set()
    cards = []
    for card_id in t.hands[q]:
        card = game.cards[card_id]
        lines = []
        for slot, skill in enumerate(card.skills):
            can = (card_id, slot) in usable
            css = (
                f"wb-mugen-affordable {target(('use', card_id, slot))}"
                if can
                else "wb-mugen-unaffordable"
            )
            lines.append(
                f"<div class='wb-mugen-skill {css}' title='{escape(skill.label)}'>"
                f"{escape(skill_words(skill, game.params.timed_turns))}</div>"
            )
        kind = "キャラ" if card.character else "汎用"
        cards.append(
            f"<div class='wb-mugen-card' title='{escape(card.flavour)}'><b>{escape(card.name)}</b> "
            f"{_stars(card)} <small>{kind} · {escape(card.name_en)}</small>{''.join(lines)}</div>"
        )
    body = "".join(cards) or "<i>no cards</i>"
    hint = " — click a green skill to play it" if usable else ""
    return f"<div><b>Player {q + 1} hand</b>{hint}<div class='wb-mugen-hand'>{body}</div></div>"


def render(game: Any, state: Any, viewer: int | None = None, picks: Sequence[str] = ()) -> str:
    """The whole table: P2 on top, the prompt, P1 below, then the deciding player's hand
    (read through ``game.view(state)``: no copy of the state). ``viewer``: the table as
    that seat sees it (its own hand; the opponent's choices and revenge card not shown)."""
    t = game.view(state)
    who = game.current_player(state)
    shown = viewer if viewer is not None else who if who >= 0 else t.active
    mine = who >= 0 and viewer in (None, who)
    css = "wb-mugen-prompt wb-mugen-result" if who == TERMINAL else "wb-mugen-prompt"
    legal = frozenset(game.legal_ids(state)) if mine else frozenset()
    revenge = _revenge_card(game, t) if viewer in (None, who) else ""
    return (
        f"{STYLE}<div class='wb-mugen'>{_side(game, t, 1, legal)}"
        f"<div class='{css}'>{escape(prompt(game, state, viewer))}</div>{revenge}"
        f"{_side(game, t, 0, legal)}{_hand(game, t, shown)}</div>"
    )
