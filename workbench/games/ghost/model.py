"""Typed ghost-game cards and the closed effect vocabularies (no file reading here).

Three kinds of card (seed section 2): ``ghost`` (ゴースト／イベント: a ghost to
install, or its event side to play), ``shell`` (シェル／イベント: physical /
mental modifiers for an installed ghost, or its event side) and
``mandatory`` (強制イベント, ``Event.System.Mandatory``).

Ghost abilities (``Ghost.Status``), passive unless marked:

========================  ====================================================
``bonus STAT K``          +K to this ghost when it attacks or supports (either
                          side) fighting with STAT (physical, mental or any)
``guard STAT K``          +K to this ghost when it is the defending ghost
``quick``                 may be installed from the archive during a battle,
                          straight in as a support ghost (ブリュンヒルデ)
``steady``                this ghost's dice never fumble
``draw N``                activated once per own turn: download N cards
``cycle``                 activated once per own turn: trash one archive card,
                          download 1
``win_installed N``       special victory: start your turn with N ghosts
                          installed, this one among them
========================  ====================================================

Event effects: ``draw N``, ``skip_turn`` (a chosen user's next turn is
skipped), ``install_named`` (install a ghost from your archive whose name
contains one of the card's ``event_names``), ``trash_shell`` (a chosen
ghost's shell), ``bounce`` (a chosen installed ghost back to its owner's
archive, shell to the trash) and the battle verbs ``power K`` (+K to the
chosen side), ``dice K`` (+K dice for the chosen side's lead ghost),
``switch`` (fight on the other strength), ``negate`` (void the event
revealed just before). Mandatory effects: ``all_draw N``,
``rotate_archives``, ``trash_all_shells``, ``void_lowest``.

>>> ABILITY.parse("bonus physical +2")
(Effect(verb='bonus', args=('physical', 2), turns=None),)
>>> target_kind(EVENT.parse("power +2; draw 1"))
'side'
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.cards import Effect, Vocabulary

KINDS = ("ghost", "shell", "mandatory")
STATS_LABEL = {"physical": "物理 physical", "mental": "精神 mental"}
TIMINGS = ("OnYourTurn", "OnBattle", "Not.YourTurn", "Anytime", "System.Mandatory")

ABILITY = Vocabulary(
    {
        "bonus": "physical|mental|any signed",
        "guard": "physical|mental|any signed",
        "quick": "",
        "steady": "",
        "draw": "int",
        "cycle": "",
        "win_installed": "int",
    },
    aliases={"軽量速攻": "quick"},
)
ACTIVATED = frozenset({"draw", "cycle"})
EVENT = Vocabulary(
    {
        "draw": "int",
        "skip_turn": "",
        "install_named": "",
        "trash_shell": "",
        "bounce": "",
        "power": "signed",
        "dice": "signed",
        "switch": "",
        "negate": "",
    }
)
BATTLE_VERBS = frozenset({"power", "dice", "switch", "negate"})
MANDATORY = Vocabulary(
    {"all_draw": "int", "rotate_archives": "", "trash_all_shells": "", "void_lowest": ""}
)
_TARGETS = {"skip_turn": "user", "trash_shell": "shell", "bounce": "ghost", "power": "side",
            "dice": "side"}


def target_kind(effects: tuple[Effect, ...]) -> str:
    """What the player picks when playing these effects: none, user, shell, ghost or side.

    >>> target_kind(())
    'none'
    """
    kinds = {_TARGETS[e.verb] for e in effects if e.verb in _TARGETS}
    if len(kinds) > 1:
        raise ValueError(f"one event may target one kind of thing, got {sorted(kinds)}")
    return kinds.pop() if kinds else "none"


@dataclass(frozen=True, slots=True)
class Strength:
    """A ghost's strength string ``nD±k`` (dice of the 0..5 やさぐれダイス).

    >>> str(Strength(3, 2))
    '3D+2'
    """

    count: int
    modifier: int = 0

    def __str__(self) -> str:
        body = f"{self.count}D" if self.count else ""
        if self.modifier or not body:
            body += f"{self.modifier:+d}" if body else str(self.modifier)
        return body


@dataclass(frozen=True, slots=True)
class GhostCard:
    """One physical card (copies of a sheet row get their own ids)."""

    id: int
    kind: str
    name: str
    name_en: str = ""
    physical: Strength = Strength(0)
    mental: Strength = Strength(0)
    vp: int = 0
    ability: tuple[Effect, ...] = ()
    ability_name: str = ""
    shell: tuple[int, int] = (0, 0)
    event_name: str = ""
    timing: str = ""
    effects: tuple[Effect, ...] = ()
    event_names: tuple[str, ...] = ()
    text: str = ""
    prototype: bool = True
    row: int = 0

    @property
    def is_ghost(self) -> bool:
        return self.kind == "ghost"

    @property
    def is_shell(self) -> bool:
        return self.kind == "shell"

    @property
    def is_mandatory(self) -> bool:
        return self.kind == "mandatory"

    def strength(self, stat: str) -> Strength:
        """The physical or mental strength string.

        >>> GhostCard(0, "ghost", "x", physical=Strength(3, 2)).strength("physical")
        Strength(count=3, modifier=2)
        """
        return self.physical if stat == "physical" else self.mental

    def has(self, verb: str) -> bool:
        """True when the ghost's ability holds this verb."""
        return any(e.verb == verb for e in self.ability)

    def ability_args(self, verb: str) -> tuple[object, ...] | None:
        """Arguments of the first ability effect with this verb, or None."""
        for e in self.ability:
            if e.verb == verb:
                return e.args
        return None

    @property
    def is_battle_event(self) -> bool:
        return any(e.verb in BATTLE_VERBS for e in self.effects)

    @property
    def target(self) -> str:
        return target_kind(self.effects)

    @property
    def label(self) -> str:
        return f"{self.name} [{self.id}]"


__all__ = ["ABILITY", "EVENT", "MANDATORY", "Effect", "GhostCard", "Strength", "target_kind"]
