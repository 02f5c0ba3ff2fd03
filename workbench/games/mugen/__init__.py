"""「むげんの宙へ」 (mugen): a two-player skill-card duel (seed 003), on the engine kernel.

``params`` (the parameters), ``table`` (the state's fields, declared once),
``steps`` (the rules as typed steps), ``rules`` (the game: set-up, score,
readings in its docstring), ``cards`` / ``effects`` (the card sheet and its
closed effect vocabulary), ``decks`` (deck files and construction rules),
``scenario`` (positions by hand), ``players``, ``render`` / ``board`` (the
table), ``odds`` (exact deck odds) and ``analysis`` / ``charts`` (the design
questions).
"""

from workbench.spec import DataFolder, FixedSchemas, GameSpec, GameType, PlayerFamily, Sheets, refs

_here = refs(__name__)

SPEC = GameSpec(
    name="mugen",
    title="むげんの宙へ (mugen)",
    version="4",
    game_type=GameType("imperfect", "explicit", 2, 2, "zero-sum", scoring="own"),
    new_game=_here("rules:make_game"),
    sheets=Sheets(
        stems=("cards",),
        schemas=FixedSchemas((("cards", _here("card_schema:SCHEMA")),)),
        read=_here("whatif:read_sheets"),
    ),
    data=DataFolder("workbench.data", "mugen"),
    players=(PlayerFamily("greedy", _here("players:greedy"), "greedy", "the most damage per MP"),),
    render=_here("render:render"),
    board=_here("board:make_board"),
    questions=_here("questions:questions"),
    sheet_figures=_here("whatif:FIGURES"),
    components=_here("cards:COMPONENTS"),
    extra_findings=_here("cards:extra_findings"),
    deck_warnings=_here("cards:deck_warnings"),
    print_layout="print_layout.toml",
    whatif=_here("whatif:EXAMPLE"),
    parameters=_here("params:MugenParams"),
    card_events=_here("card_parts:card_events"),
    neutral_card=_here("card_parts:neutral_card"),
    comparable=(
        "first_player",
        "hp",
        "max_mp",
        "set_limit",
        "opening",
        "overflow",
        "ex_scope",
        "revenge",
        "revenge_turn",
        "revenge_after",
        "timed_turns",
    ),
)
"""Everything the workbench knows about the game (:class:`workbench.spec.GameSpec`)."""

__all__ = ["SPEC"]
