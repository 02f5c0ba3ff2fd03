"""The board's controls: undo / redo / reset, the seed and new game, the bot chooser with
bot move and play to end, who plays each seat, and the step slider — the controls part
that :class:`~workbench.ui.board.BoardView` composes (the board wires what they do)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from workbench.engine.kernel.seat import Player
from workbench.engine.play.session import Session
from workbench.ui.buttons import make_button

__all__ = ["HUMAN", "Controls"]

HUMAN = "person"


class Controls:
    """The control widgets and what they say: the chosen bot, each seat's bot, the typed
    seed. ``bot_seats`` maps seats to bot names (keys of ``bots``) that play them.

    The board connects the commands (:meth:`connect`) and keeps the widgets in step with
    its session (:meth:`sync`).
    """

    def __init__(
        self,
        bots: Mapping[str, Player],
        seat_names: Sequence[str],
        seed: int,
        bot_seats: Mapping[int, str] | None = None,
    ) -> None:
        self.bots = dict(bots)
        self.undo_button = make_button("↶ undo", "wb-undo", "back to before your last decision")
        self.redo_button = make_button("↷ redo", "wb-redo", "re-apply the undone decision")
        self.reset_button = make_button("⟲ reset", "wb-reset", "restart with the same seed")
        self.seed_field = w.IntText(value=seed, description="seed", layout=w.Layout(width="180px"))
        self.seed_field.add_class("wb-seed")
        self.new_game_button = make_button(
            "new game", "wb-new-game", "start over with the seed field"
        )
        self.bot_chooser = w.Dropdown(options=list(self.bots), layout=w.Layout(width="140px"))
        self.bot_chooser.add_class("wb-bot")
        self.bot_move_button = make_button(
            "bot move", "wb-bot-move", "let the bot choose the next move"
        )
        self.play_to_end_button = make_button(
            "play to end", "wb-play-to-end", "bots play every seat to the end"
        )
        self.seat_choosers = [
            self._seat_chooser(i, name, (bot_seats or {}).get(i))
            for i, name in enumerate(seat_names)
        ]
        self.step_slider = w.IntSlider(
            min=0, max=0, value=0, description="step", continuous_update=False
        )
        self.step_slider.add_class("wb-step")
        self._syncing = False
        self._shown_seed = seed

    def _seat_chooser(self, seat: int, name: str, bot: str | None) -> w.Dropdown:
        if bot is not None and bot not in self.bots:
            raise ValueError(
                f"bot_seats[{seat}] = {bot!r} is not one of the bots {list(self.bots)}"
            )
        d = w.Dropdown(
            options=[HUMAN, *self.bots],
            value=bot or HUMAN,
            description=name,
            layout=w.Layout(width="220px"),
        )
        d.add_class("wb-seat")
        d.add_class(f"wb-seat-{seat}")
        return d

    def rows(self, extra_seat_widgets: Sequence[w.DOMWidget] = ()) -> list[w.Box]:
        """The controls laid out: the history row, the bots row, the seats row (with
        ``extra_seat_widgets`` at its end)."""
        history = w.HBox(
            [
                self.undo_button,
                self.redo_button,
                self.reset_button,
                self.seed_field,
                self.new_game_button,
            ]
        )
        bots = w.HBox([self.bot_chooser, self.bot_move_button, self.play_to_end_button])
        seats = w.HBox(
            [*self.seat_choosers, *extra_seat_widgets], layout=w.Layout(flex_flow="row wrap")
        )
        return [history, bots, seats]

    def connect(
        self,
        commands: Mapping[str, Callable[[], Any]],
        on_seats: Callable[[], Any],
        on_step: Callable[[int], Any],
    ) -> None:
        """Wire the buttons to ``commands`` (``undo``, ``redo``, ``reset``, ``new_game``,
        ``bot_move``, ``play_to_end``), a seat chooser's change to ``on_seats()`` and the
        slider moved by a person to ``on_step(step)``."""
        for name, button in (
            ("undo", self.undo_button),
            ("redo", self.redo_button),
            ("reset", self.reset_button),
            ("new_game", self.new_game_button),
            ("bot_move", self.bot_move_button),
            ("play_to_end", self.play_to_end_button),
        ):
            button.on_click(lambda _b, run=commands[name]: run())
        for chooser in self.seat_choosers:
            chooser.observe(lambda _c: on_seats(), names="value")

        def moved(change: Mapping[str, Any]) -> None:
            if not self._syncing:
                on_step(int(change["new"]))

        self.step_slider.observe(moved, names="value")

    @property
    def bot(self) -> Player:
        """The player chosen in the bot dropdown."""
        return self.bots[str(self.bot_chooser.value)]

    @property
    def seed(self) -> int:
        """The seed typed in the seed field."""
        return int(self.seed_field.value)

    def seat_bot(self, seat: int) -> Player | None:
        """The bot playing a seat by itself, or None for a person."""
        if not 0 <= seat < len(self.seat_choosers):
            return None
        name = str(self.seat_choosers[seat].value)
        return None if name == HUMAN else self.bots[name]

    def sync(self, session: Session) -> None:
        """The buttons' states, the slider and (after a new game) the seed, as ``session``
        is now; a typed seed is kept until a new game starts."""
        s = session
        self.undo_button.disabled = not s.can_undo
        self.redo_button.disabled = not s.can_redo
        self.bot_move_button.disabled = self.play_to_end_button.disabled = s.is_over
        syncing, self._syncing = self._syncing, True
        try:
            self.step_slider.max = s.total_steps
            self.step_slider.value = s.step
        finally:
            self._syncing = syncing
        if s.seed != self._shown_seed:  # a new game: show its seed, else keep what is typed
            self.seed_field.value = self._shown_seed = s.seed
