"""「探偵無宿２」 (Tantei Mushuku 2): rules, cards, board and design analyses.

Seed ``002_75fd3af15e77c33b.txt``; the readings chosen where the draft is
vague are in :mod:`workbench.games.detective.rules`. Modules: ``params``
(base numbers and variants), ``cards`` (the sheets), ``catalogue`` (the
per-card facts of one game), ``table`` (the fields and their queries),
``steps`` (the rules), ``rules`` (the game), ``players``, ``exact`` (round
odds), ``analysis`` and ``charts`` (the notebook's questions), ``render``
and ``board`` (the table on screen).
"""

from workbench.spec import DataFolder, GameSpec, GameType, PlayerFamily, Sheets, refs

_here = refs(__name__)

SPEC = GameSpec(
    name="detective",
    title="探偵無宿２ (Tantei Mushuku 2)",
    version="5",
    game_type=GameType("imperfect", "explicit", 3, 4, "general-sum", scoring="own"),
    new_game=_here("rules:make_game"),
    sheets=Sheets(
        stems=("people", "events"),
        schemas=_here("cards:loaded_schemas"),
        read=_here("whatif:read_sheets"),
    ),
    data=DataFolder("workbench.data", "detective"),
    players=(
        PlayerFamily(
            "greedy",
            _here("players:greedy"),
            "greedy",
            "investigate the highest-VP payable event, else rest",
        ),
    ),
    render=_here("render:render"),
    board=_here("board:make_board"),
    chance_drawing=_here("render:chance_drawing"),
    questions=_here("questions:questions"),
    sheet_figures=_here("whatif:FIGURES"),
    components=_here("cards:COMPONENTS"),
    print_layout="print_layout.toml",
    whatif=_here("whatif:EXAMPLE"),
    parameters=_here("params:DetectiveParams"),
    card_events=_here("card_parts:card_events"),
    neutral_card=_here("card_parts:neutral_card"),
    comparable=(
        "hand_limit",
        "discard_rate",
        "min_discards",
        "win_vp",
        "deaths_to_end",
        "first_card_rule",
        "opening",
        "opening_tragic",
        "opening_replace",
        "suspects_per_round",
        "copies",
        "awaken_on_fourth",
        "awaken_at",
        "reservation",
        "reservation_penalty",
        "oneshot_free",
        "oneshot_cap",
        "generated_lasts",
        "break_draw",
        "one_draw_discard",
        "round_start_edit",
        "edit_remove",
        "next_start",
    ),
)
"""Everything the workbench knows about the game (:class:`workbench.spec.GameSpec`)."""

__all__ = ["SPEC"]
