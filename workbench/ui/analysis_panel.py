"""The analysis mode of every board (issue 13, item 6): one "analyse" button under the board.

For the seat to move, :func:`workbench.engine.players.analyse.analyse` runs ISMCTS on
that seat's observation (never the hidden state), every legal action getting a
minimum of simulations and the rest racing the best against its closest rival,
and the panel shows each legal action's estimated win rate with its 95%
interval and the number of simulations, best first, in the workbench's table
style, against the seat's fair share (1 / players); an action whose interval
overlaps the best's says "not separable at this budget". Where a game knows
an action's chance exactly (``action_odds``: ghost's battle), that exact figure
stands beside the estimate. Names are the board's ("User 2"). A click on a row
plays that action through :meth:`BoardView.click_action`.

At a chance step it shows the exact distribution of the outcomes (fraction and
percentage) and each outcome is clickable: it is applied with
:meth:`Session.choose`, so the log marks it "(chosen)" and a saved replay
keeps it as chosen (the rng does not draw). When the board has already rolled
(chance is resolved after each move), "what if" goes back to the last chance
step so that its outcome can be chosen.

**The game's rng is never touched.** The search draws from its own
``random.Random`` seeded from the session's seed and step
(:func:`analysis_rng`), so analysing changes neither the state, nor the
session's rng position (``session.rng_marks``), and the same position gives
the same estimates.

Stable CSS classes: ``wb-analyse`` (the button), ``wb-analysis-budget``,
``wb-what-if``, ``wb-analysis`` (the table's widget), ``wb-analysis-row``
(a clickable row, with ``data-action``).

>>> analysis_rng(3, 7).random() == analysis_rng(3, 7).random() != analysis_rng(3, 8).random()
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol

import ipywidgets as w
import polars as pl

from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.play.session import Session
from workbench.engine.players.analyse import ActionEstimate, OutcomeChance, analyse
from workbench.ui.buttons import make_button
from workbench.ui.names import name_seats
from workbench.ui.picture_widget import PictureWidget
from workbench.ui.table import percent, table_html
from workbench.ui.targets import parse_action, target


class PanelBoard(Protocol):
    """What the panel uses of its board (:class:`workbench.ui.board.BoardView` has it;
    named here so this module does not import the board, which imports this)."""

    @property
    def session(self) -> Session: ...
    @property
    def seat_names(self) -> Sequence[str] | None: ...
    def seat_name(self, seat: int) -> str: ...
    def guarded(self, command: Callable[[], Any]) -> bool: ...
    def batched(self, command: Callable[[], Any]) -> None: ...
    def click_action(self, action_id: Hashable) -> bool: ...


__all__ = [
    "DEFAULT_BUDGET",
    "AnalysisPanel",
    "ActionOdds",
    "analysis_rng",
    "board_words",
    "row_id",
    "rows_html",
]

#: why a seat viewer gets no chance table and no "what if" (issue 24: each seat sees its own game)
SEAT_SEES_NO_CHANCE = (
    "'what if' and chance outcomes are the designer's view: they can name cards "
    "this seat may not see; switch 'view as' to the designer"
)

DEFAULT_BUDGET = "1000/40"  # ISMCTS iterations / rollout cut (see workbench.engine.players.specs)
NOT_SEPARABLE = "not separable at this budget"

#: ``odds(game, state, action) -> (what, exact probability) | None`` for the seat to move.
ActionOdds = Callable[[Any, Any, Hashable], "tuple[str, Any] | None"]

_ROW_CSS = "wb-analysis-row"
_STYLE = (
    "<style>.wb-analysis tr.wb-analysis-row{cursor:pointer}"
    ".wb-analysis td:nth-child(3){white-space:nowrap}"  # the interval on one line
    ".wb-analysis tr.wb-analysis-row:hover td{background:#eaf6ec}</style>"
)


def analysis_rng(seed: int, step: int) -> random.Random:
    """The analysis's own rng for a session position: seeded from the session's ``seed``
    and ``step`` only, so the game's rng never moves and the same position repeats."""
    return random.Random(f"workbench-analysis:{seed}:{step}")


def row_id(row: ActionEstimate | OutcomeChance) -> Hashable:
    """The action (or chance outcome) a row stands for."""
    return row.action if isinstance(row, ActionEstimate) else row.outcome


def board_words(text: str, names: Sequence[str] | None) -> str:
    """A label in the board's player names: ``seat 0``/``P1`` as :func:`name_seats` reads
    them, and a name written in another case (``user 2``) spelled as the board does.

    >>> board_words("attack user 2 with Sakura; seat 0 waits", ["User 1", "User 2"])
    'attack User 2 with Sakura; User 1 waits'
    """
    text = name_seats(text, names)
    for name in names or ():
        text = re.sub(rf"\b{re.escape(name)}\b", name, text, flags=re.IGNORECASE)
    return text


def _verdict(row: ActionEstimate) -> str:
    if row.separable is None:
        return "best"
    return "worse (intervals apart)" if row.separable else NOT_SEPARABLE


def rows_html(
    rows: list[ActionEstimate] | list[OutcomeChance],
    *,
    names: Sequence[str] | None = None,
    mover: str = "",
    fair_share: float | None = None,
    odds: Mapping[Hashable, tuple[str, Any]] | None = None,
) -> str:
    """The analysis table (workbench style), one clickable row per action or outcome.

    ``names``: the board's player names; ``mover``: who the estimates are for;
    ``fair_share``: that seat's share of wins when all play alike (the baseline);
    ``odds``: exact chances some actions carry (``{action: (what, Rational)}``).

    >>> from workbench.engine.players.analyse import OutcomeChance
    >>> import sympy
    >>> html = rows_html([OutcomeChance(6, "roll 6", sympy.Rational(1, 6))])
    >>> "16.7%" in html and "1/6" in html and "data-action='6'" in html
    True
    >>> est = [ActionEstimate("a", "attack user 2", 0.6, 90, (0.5, 0.7)),
    ...        ActionEstimate("b", "pass", 0.55, 60, (0.42, 0.67), False)]
    >>> html = rows_html(est, names=["User 1", "User 2"], mover="User 1", fair_share=0.5,
    ...                  odds={"a": ("battle won", sympy.Rational(9, 10))})
    >>> "attack User 2" in html and "not separable at this budget" in html and "50.0%" in html
    True
    >>> "90.0%" in html and "exactly 9/10" in html
    True
    """
    if not rows:
        return "<div class='wb-analysis-empty'>(nothing to analyse: the game is over)</div>"
    if isinstance(rows[0], OutcomeChance):
        chances = [r for r in rows if isinstance(r, OutcomeChance)]
        frame = pl.DataFrame(
            {
                "outcome": [r.label for r in chances],
                "probability": [float(r.probability) for r in chances],
                "probability_exact": [str(r.probability) for r in chances],
            }
        )
        title = "chance: exact outcomes — click one to choose it (a 'what if', logged as chosen)"
        html = table_html(
            frame,
            exact="beside",
            title=title,
            percent_columns=["probability"],
            row_classes={i: (f"{_ROW_CSS}-{i}", "") for i in range(len(chances))},
        )
    else:
        acts = [r for r in rows if isinstance(r, ActionEstimate)]
        columns: dict[str, Any] = {
            "action": [board_words(r.label, names) for r in acts],
            "win rate": [r.win_rate for r in acts],
            "95% interval": [
                f"{percent(r.interval[0])}\u00a0–\u00a0{percent(r.interval[1])}" for r in acts
            ],
            "simulations": [r.simulations for r in acts],
        }
        percents = ["win rate"]
        exact = {a: v for a, v in (odds or {}).items() if v is not None}
        if exact:
            what = sorted({v[0] for v in exact.values()})
            head = f"{' / '.join(what)} (exact)"
            columns[head] = [float(exact[r.action][1]) if r.action in exact else None for r in acts]
            columns[head + "_exact"] = [
                str(exact[r.action][1]) if r.action in exact else None for r in acts
            ]
            percents.append(head)
        if fair_share is not None:
            columns["against the fair share"] = [
                f"{100 * (r.win_rate - fair_share):+.1f} points" for r in acts
            ]
        columns["against the best"] = [_verdict(r) for r in acts]
        frame = pl.DataFrame(columns)
        total = sum(r.simulations for r in acts)
        whose = f" for {mover}" if mover else ""
        base = (
            f"; fair share {percent(fair_share)} (the win rate of a seat when all play alike)"
            if fair_share is not None
            else ""
        )
        fewest, most = min(r.simulations for r in acts), max(r.simulations for r in acts)
        title = (
            f"ISMCTS{whose} on what that seat sees: {total} simulations, {fewest}–{most} per "
            f"action (a minimum for each, the rest where the best are close){base} — best "
            "first, click a row to play it"
        )
        html = table_html(
            frame,
            title=title,
            percent_columns=percents,
            row_classes={i: (f"{_ROW_CSS}-{i}", "") for i in range(len(acts))},
        )
    items: list[ActionEstimate | OutcomeChance] = [*rows]
    for i, r in enumerate(items):
        ident = row_id(r)
        html = html.replace(
            f'<tr class="{_ROW_CSS}-{i}">', f"<tr class='{_ROW_CSS} {target(ident)}'>", 1
        )
    return _STYLE + html


class AnalysisPanel:
    """The analyse button, its budget, "what if" and the table, for one :class:`BoardView`.

    ``budget``: ISMCTS iterations (``200``), ``"200/40"`` (rollouts cut after
    40 steps) or seconds (``0.5`` / ``"0.5s"``).
    """

    def __init__(
        self,
        board: PanelBoard,
        budget: int | float | str = DEFAULT_BUDGET,
        action_odds: ActionOdds | None = None,
    ) -> None:
        self.board = board
        self.action_odds = action_odds
        self.rows: list[ActionEstimate] | list[OutcomeChance] = []
        self.button = make_button(
            "analyse", "wb-analyse", "estimate each move's win rate for the seat to move (ISMCTS)"
        )
        self.budget_field = w.Text(
            value=str(budget), description="budget", layout=w.Layout(width="170px")
        )
        self.budget_field.add_class("wb-analysis-budget")
        self.what_if_button = make_button(
            "what if…", "wb-what-if", "back to the last chance step, to choose its outcome"
        )
        self.table = PictureWidget()
        self.table.add_class("wb-analysis")
        self.table.on_msg(lambda _w, content, _b: self.handle_message(content))
        self.button.on_click(lambda _b: self.board.guarded(self.analyse))
        self.what_if_button.on_click(lambda _b: self.board.guarded(self.what_if))
        self._shown_at: tuple[Any, ...] | None = None
        self.widget = w.VBox(
            [w.HBox([self.button, self.budget_field, self.what_if_button]), self.table]
        )
        self.widget.add_class("wb-analysis-panel")

    @property
    def budget(self) -> int | float | str:
        """The budget typed in the field (``"200"`` -> 200 iterations)."""
        text = str(self.budget_field.value).strip()
        if text.isdigit():
            return int(text)
        return text

    def _position(self) -> tuple[Any, ...]:
        s = self.board.session
        return (s.seed, s.step, s.state)

    def analyse(self) -> None:
        """Analyse the position now: the seat to move's estimates, or the chance outcomes."""
        s = self.board.session
        who = s.to_move
        rng = analysis_rng(s.seed, s.step)
        seat = None if who in (CHANCE, TERMINAL) else who
        if seat is None and self._seat_viewer() is not None:
            raise ValueError(SEAT_SEES_NO_CHANCE)
        try:
            self.rows = analyse(s.game, s.state, seat, self.budget, rng)
        except ValueError as e:
            raise ValueError(f"analysis budget {self.budget_field.value!r}: {e}") from None
        self._shown_at = self._position()
        self.table.value = self._html(seat)

    def _html(self, seat: int | None) -> str:
        s = self.board.session
        if seat is None:
            return rows_html(self.rows)
        odds: dict[Hashable, tuple[str, Any]] = {}
        if self.action_odds is not None:
            for r in self.rows:
                found = self.action_odds(s.game, s.state, row_id(r))
                if found is not None:
                    odds[row_id(r)] = found
        return rows_html(
            self.rows,
            names=self.board.seat_names,
            mover=self.board.seat_name(seat),
            fair_share=1 / s.game.num_players,
            odds=odds,
        )

    def what_if(self) -> None:
        """Go back to the last chance step (its outcome then can be chosen) and analyse it.

        The designer's tool: a seat viewer is refused (the outcomes of a draw name cards
        that seat may not see, and the step rewound to may show another seat's hand)."""
        if self._seat_viewer() is not None:
            raise ValueError(SEAT_SEES_NO_CHANCE)
        s = self.board.session
        flags = s.chance_flags
        k = len(flags) - 1
        while k >= 0 and not flags[k]:
            k -= 1
        if k < 0:
            raise ValueError("no chance step yet: nothing to choose")
        while k > 0 and flags[k - 1]:  # the first step of that run of chance
            k -= 1
        self.board.batched(lambda: s.jump(k))
        self.analyse()

    def _seat_viewer(self) -> int | None:
        """The seat the board is shown to, or None for the designer."""
        viewer = getattr(self.board, "viewer", None)
        return viewer if isinstance(viewer, int) else None

    def refresh(self) -> None:
        """Clear a table that no longer matches the position (called on every board redraw)."""
        self.what_if_button.layout.display = "none" if self._seat_viewer() is not None else None
        if self._shown_at is not None and self._shown_at != self._position():
            self._shown_at = None
            self.rows = []
            self.table.value = ""

    def play(self, ident: Hashable) -> bool:
        """Play a row through the board (a chance outcome is chosen: logged as such)."""
        return self.board.click_action(ident)

    def handle_message(self, content: Mapping[str, Any]) -> bool:
        """A click on a row of the table (``{"kind": "action", "action": "<json>"}``)."""
        if content.get("kind") != "action":
            return False
        try:
            ident = parse_action(str(content.get("action", "")))
        except ValueError:
            return False
        shown = {row_id(r) for r in self.rows}
        if ident not in shown:
            return False
        return self.play(ident)
