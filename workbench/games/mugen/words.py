"""むげんの宙へ skills and cards in words, from the effect vocabulary's own descriptions,
and the last chance (the card drawn, milled or discarded) for the board's strip.

>>> from workbench.games.mugen.effects import TimedEffect
>>> effect_words(TimedEffect("damage", 3)), effect_words(TimedEffect("heal", 1, "start"), "owner")
('3 damage to the opponent (+ attack, - their defence)', 'at the start of your turn: recover 1 HP (up to the maximum)')
>>> from workbench.games.mugen.cards import Skill
>>> skill_words(Skill("set", 2, 3, (TimedEffect("def", 2),)))
'2 MP, set for 3 turns: defence +2 while set'
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from html import escape
from typing import Any

from workbench.cards.effects import Effect
from workbench.games.mugen.effects import VOCABULARY
from workbench.ui.words import card_title, effect_in_words

PHRASES = {  # "N cards" -> "{0} card(s)": the number agrees ("draw 1 card", "draw 2 cards")
    verb: re.sub(
        r"\bN\b", "{0}", re.sub(r"\bN (cards|turns)\b", lambda m: f"N {m.group(1)[:-1]}(s)", text)
    )
    for verb, text in VOCABULARY.descriptions.items()
    if not verb.endswith(":")
}
PHRASES["atk"] = "attack {0:+d} while set"
PHRASES["def"] = "defence {0:+d} while set"
PHRASES["mp"] = "{0} more MP to spend this turn"
WHEN = {
    "now": "",
    "start": "at the start of your turn: ",
    "end": "at the end of your turn: ",
    "opp_start": "at the start of the opponent's turn: ",
    "opp_end": "at the end of the opponent's turn: ",
}
"""When a timed effect acts, under ``timed_turns="owner"``."""
WHEN_EVERY = {
    **WHEN,
    "start": "at the start of every turn (both players'): ",
    "end": "at the end of every turn (both players'): ",
}
"""When a timed effect acts, under ``timed_turns="every"`` (the default: the seed's お互い)."""
KINDS = {"plain": "", "set": ", set", "super_set": ", super set", "ex": ", EX"}


def effect_words(e: Any, timed: str = "every") -> str:
    """One timed effect as words (the vocabulary's description with its number), its
    timing read as the ``timed_turns`` parameter ``timed`` says.

    >>> from workbench.games.mugen.effects import TimedEffect
    >>> effect_words(TimedEffect("damage", 2, "start"), timed="every")
    "at the start of every turn (both players'): 2 damage to the opponent (+ attack, - their defence)"
    """
    when = WHEN_EVERY if timed == "every" else WHEN
    return when.get(e.timing, f"{e.timing}: ") + effect_in_words(
        Effect(e.verb, (e.amount,)), PHRASES
    )


def skill_words(skill: Any, timed: str = "every") -> str:
    """A skill as words: its cost, kind and effects (``timed``: the ``timed_turns`` reading)."""
    text = "; ".join(effect_words(e, timed) for e in skill.effects) or "no effect"
    if skill.kind == "revenge":
        return f"【リベンジ時】 when you revenge-draw it, free: {text}"
    turns = f" for {skill.turns} turn{'s' if skill.turns != 1 else ''}" if skill.is_set else ""
    return f"{skill.cost} MP{KINDS.get(skill.kind, '')}{turns}: {text}"


def hit_words(amount: int, atk: int, defence: int, pierce: bool) -> tuple[int, str]:
    """The damage a hit deals now and its words: ``4 damage (3 +1 attack)``.

    >>> hit_words(3, 1, 2, False), hit_words(3, 1, 2, True)
    ((2, '2 damage (3 +1 attack -2 defence)'), (4, '4 damage (3 +1 attack) ignoring defence'))
    """
    dealt = max(0, amount + atk - (0 if pierce else defence))
    parts = [f"{atk:+d} attack"] if atk else []
    if defence and not pierce:
        parts.append(f"{-defence:+d} defence")
    how = f" ({amount} {' '.join(parts)})" if parts else ""
    return dealt, f"{dealt} damage{how}" + (" ignoring defence" if pierce else "")


def _destroyed_defence(t: Any, o: int, n: int) -> tuple[int, int]:
    """The least and most defence ``o``'s set skills lose to ``destroy_set n`` (the
    activating player picks the targets among the set, not super set, skills)."""
    game = t.game
    lost = sorted(
        game.boost_def[z.card, z.slot] for z in t.zones[o] if (z.card, z.slot) not in game.super_set
    )
    n = min(n, len(lost))
    return sum(lost[:n]), sum(lost[len(lost) - n :])


def activation_words(t: Any, seat: int, card_id: str, skill: Any) -> str:
    """A skill of ``seat``'s card as it resolves from table ``t``: each hit says the damage
    it deals after attack and defence (not the printed number) and the HP it leaves, a heal
    the HP it reaches, and a hit that ends the game says so (issue 25 item 8). A set
    skill's own attack counts (it is placed first), so does a skill pushed out by the
    ``oldest`` overflow; a ``destroy_set`` before a hit lowers the defence it meets (issue
    35: 終焉の鐘 destroys every set skill, then hits): where the player's choice of targets
    decides the damage, the hit says the range. A push-out the player chooses is not
    foreseen (its line says what follows).

    >>> from workbench.games.mugen.rules import make_game
    >>> from workbench.games.mugen.scenario import position
    >>> g = make_game()
    >>> t = g.view(position(g, hands=(["G01"], []), mp=(2, 1)))
    >>> activation_words(t, 0, "G01", g.skills["G01", 0])
    '火花: 1 MP: 3 damage (2 +1 attack): P2 HP 30 → 27'
    >>> t = g.view(position(g, hands=(["G31"], []), mp=(8, 1), set_zones=([], [("G16", 0, 2)])))
    >>> activation_words(t, 0, "G31", g.skills["G31", 0])
    "終焉の鐘: 8 MP, EX: dust 5 of the opponent's set skills (not super set); 6 damage (5 +1 attack): P2 HP 30 → 24"
    """
    game = t.game
    o = 1 - seat
    atk, hp, heal_hp = t.atk(seat), t.hp[o], t.hp[seat]
    low_def = high_def = t.defence(o)
    if skill.is_set:
        atk += skill.atk
        zone = t.zones[seat]
        if len(zone) >= game.params.set_limit and game.params.overflow == "oldest":
            atk -= game.boost_atk[zone[0].card, zone[0].slot]
    said = []
    low_hp = hp
    for e in skill.effects:
        if e.timing == "now" and e.verb in ("damage", "pierce"):
            pierce = e.verb == "pierce"
            dealt, text = hit_words(e.amount, atk, high_def, pierce)
            most = hit_words(e.amount, atk, low_def, pierce)[0]
            hp, low_hp = max(0, hp - dealt), max(0, low_hp - most)
            if most != dealt:
                text = f"{dealt}–{most} damage (as the destroyed skills' defence decides)"
            after = f"{hp}" if hp == low_hp else f"{low_hp}–{hp}"
            text += f": P{o + 1} HP {t.hp[o]} → {after}" if dealt or most else ""
            said.append(text + (f", P{o + 1} falls to 0 HP" if most and low_hp <= 0 else ""))
        elif e.timing == "now" and e.verb == "heal":
            healed = min(t.max_hp[seat], heal_hp + e.amount)
            said.append(
                effect_words(e, game.params.timed_turns) + f": P{seat + 1} HP {heal_hp} → {healed}"
            )
            heal_hp = healed
        else:
            if e.timing == "now" and e.verb == "destroy_set":
                least, most_lost = _destroyed_defence(t, o, e.amount)
                low_def, high_def = low_def - most_lost, high_def - least
            said.append(effect_words(e, game.params.timed_turns))
    name = game.cards[card_id].name
    if skill.kind == "revenge":
        return f"{name}: 【リベンジ時】 free: {'; '.join(said)}"
    turns = f" for {skill.turns} turn{'s' if skill.turns != 1 else ''}" if skill.is_set else ""
    return f"{name}: {skill.cost} MP{KINDS.get(skill.kind, '')}{turns}: {'; '.join(said)}"


def card_name(card: Any) -> str:
    """The Japanese card name with its English gloss."""
    return card_title(card.name, card.name_en)


def chance_drawing(game: Any, state: Any, outcome: Hashable) -> str:
    """One chance step for the last-chance strip: the card drawn (milled, discarded) as a
    small card, anything else (who goes first) as its words."""
    label = game.action_label(state, outcome)
    card = game.cards.get(outcome) if isinstance(outcome, str) else None
    if card is None:
        return f"<span class='wb-mugen-drawn'>{escape(label)}</span>"
    return (
        f"<span class='wb-mugen-drawn' title='{escape(label)}' style='border:1px solid #888;"
        f"border-radius:4px;padding:1px 5px;background:#fff'>{escape(label.split(' ')[0])} "
        f"{escape(label.split(' ')[1]) if ' ' in label else ''} <b>{escape(card_name(card))}</b>"
        f" {'★' * card.star}</span>"
    )
