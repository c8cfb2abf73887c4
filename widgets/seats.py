"""The notebook's Seats panel: a person or a policy per seat, Step, Play on and Stop.

Play on runs as a task on the kernel's event loop (`widgets.playing`), so the views update
as it plays and a Stop click gets through; Step and Play on say why when nothing can move.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from explorer.core.game import Game, State
from widgets import present
from widgets.components import controller_of
from widgets.controller import Controller
from widgets.guard import guarded
from widgets.playing import policy_factories, seats_message


class Seats(W.VBox):
    """Who plays each seat: a person or a policy; step one move, play on, stop."""

    def __init__(self, source: Controller | Game | State, **kwargs: Any) -> None:
        self.controller = controller_of(source)
        ctl = self.controller
        game = ctl.game
        factories, note = policy_factories(game)
        options = [("person", None)] + [(name.replace("_", " "), name) for name in factories]
        self.choices = [W.Dropdown(options=options, value=ctl.seats.get(p),
                                   description=present.player_name(game, p)) for p in range(game.players)]
        for player, choice in enumerate(self.choices):
            choice.observe(guarded("the seats", self._say)(lambda change, p=player: ctl.set_seat(p, change["new"])),
                           "value")
        self.step_button = W.Button(description="Step")
        self.play_button = W.Button(description="Play on")
        self.stop_button = W.Button(description="Stop", disabled=True)
        self.step_button.on_click(lambda _: ctl.handle({"op": "step"}))
        self.play_button.on_click(lambda _: ctl.handle({"op": "play_on"}))
        self.stop_button.on_click(lambda _: ctl.handle({"op": "stop"}))
        self.message = W.HTML()
        self.note = W.HTML(note)
        buttons = W.HBox([self.step_button, self.play_button, self.stop_button])
        super().__init__([*self.choices, buttons, self.message, self.note], **kwargs)
        self.add_class("pre-seats")
        ctl.observe(self._show, "revision")
        ctl.observe(self._show, "playing")

    def _say(self, html: str) -> None:
        self.message.value = html

    def _show(self, _change: Any = None) -> None:
        playing = self.controller.playing
        self.stop_button.disabled, self.play_button.disabled = not playing, playing
        self.message.value = seats_message(self.controller)
