"""Pig: a game for the workbench, declared by :data:`SPEC` (registered as ``pig`` by the
entry point in ``pyproject.toml``; the contract: ``docs/your-game.md``)."""

from workbench.spec import DataFolder, FixedSchemas, GameSpec, GameType, PlayerFamily, Sheets, refs

_here = refs(__name__)

SPEC = GameSpec(
    name="pig",
    title="Pig",
    version="1",
    game_type=GameType("perfect", "explicit", 2, 6, "general-sum"),
    new_game=_here("rules:make_game"),
    sheets=Sheets(
        stems=("die",),
        schemas=FixedSchemas((("die", _here("cards:SCHEMA")),)),
        read=_here("cards:read_sheets"),
    ),
    data=DataFolder(__name__),
    players=(
        PlayerFamily("hold", _here("players:hold"), "hold:N", "roll until the turn total is N"),
        PlayerFamily("optimal", _here("players:optimal"), "optimal", "the solver's optimal policy"),
    ),
    render=_here("render:render"),
    board=_here("board:make_board"),
    parameters=_here("rules:Params"),
)
"""Everything the workbench knows about Pig (:class:`workbench.spec.GameSpec`)."""

__all__ = ["SPEC"]
