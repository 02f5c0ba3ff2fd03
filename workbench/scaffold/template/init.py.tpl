"""{{Title}}: a game for the workbench, declared by :data:`SPEC` (registered as ``{{name}}``
by the entry point in ``pyproject.toml``). The contract, part by part, with what each
optional part unlocks: ``docs/your-game.md`` in the workbench."""

from workbench.spec import DataFolder, FixedSchemas, GameSpec, GameType, PlayerFamily, Sheets, refs

_here = refs(__name__)  # _here("rules:make_game") names {{name}}.rules.make_game, imported on use

SPEC = GameSpec(
    # -- required: what the game is and how to build it ------------------------------------
    name="{{name}}",
    title="{{Title}}",
    version="1",  # the rules version replays record: bump it when a rule change alters old games
    game_type=GameType(
        information="perfect",  # "imperfect" when a seat cannot see some cards
        chance="explicit",  # chance steps with exact odds ("deterministic": none)
        min_seats=2,
        max_seats=4,
        utility="general-sum",  # "win-loss" or "zero-sum" when the scores say only that
        scoring="highest",  # "lowest" score wins, or "own": the game's winners() decides
    ),
    new_game=_here("rules:make_game"),
    # -- optional: each part unlocks a feature; delete one and that feature says so --------
    # the card sheets: workbench check, print, compare on sheet variants, the what-if grid
    sheets=Sheets(
        stems=("cards",),
        schemas=FixedSchemas((("cards", _here("cards:SCHEMA")),)),
        read=_here("cards:read_sheets"),
    ),
    # where the sheets live: this package's own folder (found through importlib.resources)
    data=DataFolder(__name__),
    # the game's own players by name in --players (cautious:4)
    players=(
        PlayerFamily("cautious", _here("players:cautious"), "cautious:N", "stops at N points"),
    ),
    # the table as HTML, render(game, state, viewer=None): notebooks, playtests, workbench app
    render=_here("render:render"),
    # the clickable board, board(seed=0): notebooks and workbench app
    board=_here("board:make_board"),
    # balance questions: workbench compare, skilled answers and ladders
    questions=_here("questions:questions"),
    # print and play (workbench print): the layout file in the data folder
    print_layout="print_layout.toml",
    # checked parameters from replays and --set KEY=VALUE
    parameters=_here("rules:Params"),
    # Not declared yet (docs/your-game.md says what each gives): chance_drawing,
    # sheet_figures, components, extra_findings, deck_warnings, whatif, comparable.
)
