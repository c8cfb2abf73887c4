"""Play on without holding the page: one step per tick on the running event loop.

The controller asks a scheduler to call `tick` again and again until it returns False;
the scheduler gives back a function that stops it. In a notebook the kernel's asyncio
loop runs the ticks between messages, so a Stop click and every view update get through;
the served app passes a Panel periodic callback instead (`widgets.served`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from explorer.core.errors import ExplorerError, PositionError
from explorer.core.game import Game
from widgets.changes import Change

Tick = Callable[[], bool]
Stopper = Callable[[], None]
Scheduler = Callable[[Tick, float], Stopper]


def asyncio_scheduler(tick: Tick, delay: float) -> Stopper:
    """Run `tick` as an asyncio task with a pause between calls; RuntimeError without a running loop."""
    loop = asyncio.get_running_loop()

    async def run() -> None:
        while tick():
            await asyncio.sleep(delay)

    task = loop.create_task(run())
    return task.cancel


def explain_idle(state: object, seats: dict[int, str]) -> str:
    """Why Step or Play on did nothing here, in the words of the Seats panel."""
    if state.is_over:  # type: ignore[attr-defined]
        return "the game is over: nothing left to play"
    if not seats:
        return "every seat is a person: choose a policy in Seats"
    player = state.player  # type: ignore[attr-defined]
    return f"Player {player + 1} is a person: make their move, or choose a policy for them in Seats"


def policy_factories(game: Game) -> tuple[dict[str, Any], str]:
    """The game's named policies plus the generic search bot, and a note for the seats panel."""
    from explorer.analysis.ismcts import ISMCTS

    def search(g: Game) -> Any:
        return ISMCTS(g, **g.search_settings())   # each game's budget: at most about a second a move

    return {**game.policies(), "search (ISMCTS)": search}, ""


def seats_message(ctl: Any) -> str:
    """The Seats panel's line: playing, or why Step / Play on did nothing (a seats error), as HTML."""
    from explorer.core.markup import escape

    if ctl.playing:
        return '<span class="pre-playing">Playing on… (Stop to take over)</span>'
    if ctl.error.startswith("seats:"):
        return f'<span class="pre-seats-error" style="color:#b00020">{escape(ctl.error)}</span>'
    return ""


class Seating:
    """The controller's seats: who plays each seat, one step, and Play on that can be stopped."""

    def set_seat(self, player: int, policy: str | None) -> None:
        """Let `policy` (a name from `game.policies()`) play for `player`; None: a person."""
        if not 0 <= player < self.game.players:
            raise PositionError("seats", f"no player {player} in a {self.game.players}-player game")
        factories, _ = policy_factories(self.game)
        if policy is not None and policy not in factories:
            raise PositionError("seats", f"unknown policy {policy!r}; allowed: {', '.join(factories)}")
        self._policies.pop(player, None)
        if policy is None:
            self.seats.pop(player, None)
        else:
            self.seats[player] = policy
        self._changed()

    def _policy(self, player: int) -> Any:
        if player not in self._policies:
            factories, _ = policy_factories(self.game)
            self._policies[player] = factories[self.seats[player]](self.game)
        return self._policies[player]

    def step(self) -> bool:
        """One step by the seats: roll at chance, a seated policy's move; False if a person must act."""
        state = self.state
        if state.is_over:
            return False
        if state.is_chance:
            self.roll()
            return True
        if state.player not in self.seats:
            return False
        policy = self._policy(state.player)
        view = state.view(state.player) if policy.needs_view else None
        self.play(policy.choose(view, state.legal_actions(), self.rng))
        return True

    def play_on(self, max_steps: int = 500) -> int:
        """Let the seats play here and now until a person must act, the game ends or `max_steps` pass."""
        steps = 0
        while steps < max_steps and self.step():
            steps += 1
        return steps

    def start_play_on(self, max_steps: int = 2000) -> None:
        """Play on in the background, one step a tick, until `stop`, a person's turn or the end."""
        if self.playing:
            return
        if not self.step():
            raise PositionError("seats", explain_idle(self.state, self.seats))
        self._left = max_steps - 1
        self.playing = True
        try:
            self._stopper = self.scheduler(self._tick, self.play_delay)
        except RuntimeError:        # no event loop (a plain script): play here and now
            self.play_on(self._left)
            self.playing = False

    def _tick(self) -> bool:
        if not self.playing:
            return False
        try:
            going = self._left > 0 and self.step()
        except ExplorerError as err:   # a policy's bad move: show it and stop
            self.error, going = str(err), False
        self._left -= 1
        if not going:
            self.playing = False
            self._changed(change=Change("status"))
        return going

    def stop(self) -> None:
        """Stop Play on after the step in progress."""
        self.playing = False
        if self._stopper is not None:
            self._stopper()
            self._stopper = None
        self._changed(change=Change("status"))

    def step_request(self) -> None:
        """Step for the Step button: say why when nothing can move."""
        if not self.step():
            raise PositionError("seats", explain_idle(self.state, self.seats))
