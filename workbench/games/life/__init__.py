"""Life is Rolling Stone (seed 004): rules on the engine kernel, cards, board,
players and analysis.

``rules.py`` has the game (``make_game``) and the readings of the seed;
``table.py`` the fields, ``steps*.py`` the rules as steps.
"""

from workbench.spec import DataFolder, FixedSchemas, GameSpec, GameType, PlayerFamily, Sheets, refs

_here = refs(__name__)

SPEC = GameSpec(
    name="life",
    title="Life is Rolling Stone",
    version="4",
    game_type=GameType("imperfect", "explicit", 3, 4, "general-sum"),
    new_game=_here("rules:make_game"),
    sheets=Sheets(
        stems=("album", "dreams"),
        schemas=FixedSchemas(
            (("album", _here("cards:ALBUM_SCHEMA")), ("dreams", _here("cards:DREAM_SCHEMA")))
        ),
        read=_here("whatif:read_sheets"),
    ),
    data=DataFolder("workbench.data", "life"),
    players=(
        PlayerFamily(
            "greedy", _here("players:greedy"), "greedy", "the game's rule of thumb (most VP now)"
        ),
    ),
    render=_here("render:render"),
    board=_here("board:make_board"),
    questions=_here("questions:questions"),
    sheet_figures=_here("whatif:FIGURES"),
    components=_here("cards:COMPONENTS"),
    print_layout="print_layout.toml",
    whatif=_here("whatif:EXAMPLE"),
    parameters=_here("params:LifeParams"),
    card_events=_here("card_parts:card_events"),
    neutral_card=_here("card_parts:neutral_card"),
    comparable=(
        "stages",
        "rounds_per_stage",
        "mid_vp",
        "full_album_vp",
        "covered_star_vp",
        "free_orientation",
        "bonus_move",
        "start_tie",
        "timed_events",
        "dream_skills",
        "album_skills",
        "skill_on_failed_placement",
        "character_replaceable",
        "relocate_turn",
    ),
)
"""Everything the workbench knows about the game (:class:`workbench.spec.GameSpec`)."""

__all__ = ["SPEC"]
