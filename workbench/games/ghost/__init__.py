"""「何か」, the ghost card game on the engine kernel.

``params`` (the settings), ``table`` (the fields, declared once, and their
queries), ``steps`` / ``steps_battle`` / ``steps_turn`` (the rules as typed
steps), ``rules`` (the game: ``make_game``), ``cards`` (the sheet), ``odds``
(exact battle chances), ``players``, ``render``, ``board``, ``analysis`` and
``charts`` (the notebook's questions).
"""

from workbench.spec import DataFolder, FixedSchemas, GameSpec, GameType, PlayerFamily, Sheets, refs

_here = refs(__name__)

SPEC = GameSpec(
    name="ghost",
    title="何か (the ghost card game)",
    version="7",
    game_type=GameType("imperfect", "explicit", 2, 6, "general-sum", scoring="own"),
    new_game=_here("rules:make_game"),
    sheets=Sheets(
        stems=("cards",),
        schemas=FixedSchemas((("cards", _here("cards:SCHEMA")),)),
        read=_here("whatif:read_sheets"),
    ),
    data=DataFolder("workbench.data", "ghost"),
    players=(
        PlayerFamily(
            "greedy", _here("players:greedy"), "greedy", "the game's rule of thumb (policy.choose)"
        ),
    ),
    seat_word="User",
    render=_here("render:render"),
    board=_here("board:make_board"),
    questions=_here("questions:questions"),
    sheet_figures=_here("whatif:FIGURES"),
    components=_here("cards:COMPONENTS"),
    print_layout="print_layout.toml",
    whatif=_here("whatif:EXAMPLE"),
    parameters=_here("params:GhostParams"),
    card_events=_here("card_parts:card_events"),
    neutral_card=_here("card_parts:neutral_card"),
    comparable=(
        "vp_to_win",
        "floor_at_zero",
        "fumble",
        "no_ghost_penalty",
        "master_slave",
        "hand_size",
        "archive_limit",
        "server_end",
        "event_limit",
        "facedown_per_battle",
        "reactions",
        "ask_everyone",
        "quick_install",
        "master_deal",
        "slave_support",
        "master_support",
        "stat_choice",
        "deal_order",
    ),
)
"""Everything the workbench knows about the game (:class:`workbench.spec.GameSpec`)."""

__all__ = ["SPEC"]
