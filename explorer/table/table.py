"""A live table as an immutable value: one game, its seats, the position and the table's switches.

People at their own seats and bots play one game together (issue #29). The server keeps the
current `Table` of each table and replaces it by the one a transition returns; a refused request
raises `ExplorerError` (the game's `IllegalAction` with its rule, or `PositionError` naming what
was wrong) and the held value is untouched, like a game state.

Each transition also returns the `Step`s it took, so the server can append them to the record of
moves (`explorer.table.store`) before anyone sees the new position. Chance is drawn on the server
from a secret per-table seed and the step's number, so a restart mid-game draws what the
uninterrupted table would have drawn, and no page can predict a draw.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from explorer.core.errors import ExplorerError, IllegalAction, PositionError
from explorer.core.events import Event
from explorer.core.game import Game, State

PERSON = "person"
SEARCH = "search (ISMCTS)"
SETUP = "Setting up"       # how `State.stage_text` starts at a set-up step (the game contract)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its number (0 is Player 1), the secret token of its link, who plays it
    (`PERSON` or a bot's policy name) and the name the host gave the person, if any."""

    index: int
    token: str
    player: str = PERSON
    name: str = ""

    @property
    def is_bot(self) -> bool:
        return self.player != PERSON


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the record: the move's notation, who chose it (None: chance), how
    (`PERSON`, a policy name, ``"chance"`` or ``"teacher"`` for a roll), the table version it
    made (the set-up is version 0), what it did (its events) and when."""

    n: int
    move: str
    seat: int | None
    by: str
    version: int
    events: tuple[Event, ...]
    at: float


@dataclass(frozen=True, slots=True)
class Table:
    """The table: game, seats, the position after `steps` steps, and its switches.

    `version` counts the position's changes that pages are shown (a move with the draws that
    follow it, or a roll by the teacher); a page's move names the version it saw, so two racing
    clicks make one move. `show_odds` ("show everyone") holds the table at each chance step
    until the teacher rolls, and every page shows that step's odds from its own view."""

    id: str
    game: Game
    seed: int
    title: str
    seats: tuple[Seat, ...]
    teacher_token: str
    state: State
    steps: int = 0
    version: int = 0
    paused: bool = False
    show_odds: bool = False
    created: float = 0.0

    @property
    def holding(self) -> bool:
        """Waiting at a chance step for the teacher's roll ("show everyone" mode)."""
        return self.show_odds and self.state.is_chance and not self.state.stage_text().startswith(SETUP)

    def seat_name(self, seat: int) -> str:
        return self.game.player_name(seat)


Result = tuple[Table, tuple[Step, ...]]
Clock = Callable[[], float]


def bot_names(game: Game) -> tuple[str, ...]:
    """The bots a seat may be given: the game's named policies and the search bot."""
    return (*game.policies(), SEARCH)


def make_bot(game: Game, name: str) -> Any:
    """A fresh policy object for bot `name` (see `bot_names`)."""
    if name == SEARCH:
        from explorer.analysis.ismcts import ISMCTS

        return ISMCTS(game, **game.search_settings())   # each game's budget: about a second a move
    factories = game.policies()
    if name not in factories:
        raise PositionError("seats", f"no bot named {name!r}; bots: {', '.join(bot_names(game))}")
    return factories[name](game)


def _check_player(game: Game, player: str, where: str) -> str:
    if not isinstance(player, str) or (player != PERSON and player not in bot_names(game)):
        allowed = ", ".join((PERSON, *bot_names(game)))
        raise PositionError(where, f"{player!r} cannot sit at a table of {game.title}; choose one of: {allowed}")
    return player


def new_table(game: Game, players: Sequence[str], *, title: str = "", names: Sequence[str] = (),
              seed: int | None = None, clock: Clock = time.time) -> Result:
    """Open a table: a person or a bot per seat (`players`, one per seat), fresh secret tokens,
    and the set-up dealt. A seat count or player that does not fit raises `PositionError`."""
    if isinstance(players, str) or len(players) != game.players:
        raise PositionError("seats", f"{game.title} is set up for {game.players} players: "
                            f"give a person or a bot for each of the {game.players} seats")
    if len(names) > game.players:
        raise PositionError("names", f"{len(names)} names for {game.players} seats")
    if not isinstance(title, str) or len(title) > 120:
        raise PositionError("title", "a table's title is text of at most 120 characters")
    seats = []
    for i, player in enumerate(players):
        name = names[i] if i < len(names) else ""
        if not isinstance(name, str) or len(name) > 40:
            raise PositionError(f"names.{i}", "a name is text of at most 40 characters")
        seats.append(Seat(i, secrets.token_urlsafe(18), _check_player(game, player, f"seats.{i}"), name.strip()))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise PositionError("seed", f"{seed!r} is not a whole number")
    table = Table(secrets.token_hex(6), game, secrets.randbits(63) if seed is None else seed, title.strip(),
                  tuple(seats), secrets.token_urlsafe(18), game.new_state(), created=clock())
    return settle(table, clock)


def chance_rng(table: Table) -> random.Random:
    """The generator for the draw at the table's next step: the secret seed and the step's number."""
    return random.Random(f"{table.seed}:{table.steps}")


def bot_rng(table: Table) -> random.Random:
    return random.Random(f"{table.seed}:bot:{table.steps}")


def _advance(table: Table, move: Any, seat: int | None, by: str, clock: Clock) -> tuple[Table, Step]:
    after = table.state._step(move)
    step = Step(table.steps, str(move), seat, by, table.version, after.events, clock())
    return replace(table, state=after, steps=table.steps + 1), step


def settle(table: Table, clock: Clock = time.time) -> Result:
    """Draw every chance step up to the next decision (or the end); in "show everyone" mode stop
    at a chance step after the set-up, for the teacher to roll (`roll`)."""
    steps: list[Step] = []
    while table.state.is_chance and not table.holding:
        table, step = _advance(table, table.state.sample_chance(chance_rng(table)), None, "chance", clock)
        steps.append(step)
    return table, tuple(steps)


def _refuse_if_closed(table: Table) -> None:
    if table.state.is_over:
        raise PositionError("table", "the game is over: no more moves at this table")
    if table.paused:
        raise PositionError("table", "the teacher has paused the table: wait for them to resume it")


def _parse(table: Table, move: Any) -> Any:
    if not isinstance(move, str) or not move or len(move) > 200:
        raise PositionError("move", "a move is the notation of one legal action")
    try:
        return table.game.parse_action(move)
    except ExplorerError:
        raise
    except (ValueError, KeyError, TypeError, IndexError):
        raise PositionError("move", f"{move[:40]!r} is not a move of {table.game.title}") from None


def play(table: Table, seat: int, move: Any, version: Any, clock: Clock = time.time, by: str = PERSON) -> Result:
    """The move of `seat` from its page, which saw `version`: refused unless the table is open,
    the page saw the current position, it is that seat's turn, a person plays the seat (or a bot,
    for `by` its name) and the move is legal; then the draws that follow it are made."""
    _refuse_if_closed(table)
    if isinstance(version, bool) or version != table.version:
        raise PositionError("version", "the table has moved on since this page showed it (or this click "
                            "was already played): look again")
    state = table.state
    if state.player != seat:
        who = "a roll or draw" if state.is_chance else table.seat_name(state.player)
        raise PositionError("turn", f"it is not {table.seat_name(seat)}'s turn: {who} comes first")
    player = table.seats[seat].player
    if player != by:
        raise PositionError("seat", f"a bot ({player}) plays {table.seat_name(seat)}'s seat now"
                            if by == PERSON else f"{table.seat_name(seat)} is not played by {by}")
    action = _parse(table, move)
    if action not in state.legal_actions():
        error = state.explain_illegal(action)
        raise error if isinstance(error, IllegalAction) else IllegalAction("", str(error), move)
    table, step = _advance(replace(table, version=table.version + 1), action, seat, by, clock)
    table, drawn = settle(table, clock)
    return table, (step, *drawn)


def roll(table: Table, clock: Clock = time.time) -> Result:
    """The teacher's roll at a held chance step ("show everyone" mode), then on as `settle`."""
    _refuse_if_closed(table)
    if not table.state.is_chance:
        raise PositionError("roll", "nothing to roll: the table waits for a player's move")
    table = replace(table, version=table.version + 1)
    table, step = _advance(table, table.state.sample_chance(chance_rng(table)), None, "teacher", clock)
    table, drawn = settle(table, clock)
    return table, (step, *drawn)


def choose_bot_move(table: Table, policy: Any) -> str:
    """A bot's move for the seat to act, from that seat's view only (the policy's `choose`)."""
    state = table.state
    view = state.view(state.player) if getattr(policy, "needs_view", True) else None
    return str(policy.choose(view, state.legal_actions(), bot_rng(table)))


def set_paused(table: Table, paused: bool) -> Result:
    if not isinstance(paused, bool):
        raise PositionError("paused", "pause takes true or false")
    return replace(table, paused=paused), ()


def set_show_odds(table: Table, on: bool, clock: Clock = time.time) -> Result:
    """"Show everyone" on or off; off draws a held chance step at once."""
    if not isinstance(on, bool):
        raise PositionError("show_odds", "show everyone takes true or false")
    table = replace(table, show_odds=on)
    if on or not table.state.is_chance:
        return table, ()
    return settle(replace(table, version=table.version + 1), clock)


def set_player(table: Table, seat: Any, player: Any) -> Result:
    """Hand `seat` to a bot (a policy name) or back to its person (`PERSON`)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise PositionError("seat", f"no seat {seat!r} at a {len(table.seats)}-player table")
    chosen = _check_player(table.game, player, "player")
    seats = tuple(replace(s, player=chosen) if s.index == seat else s for s in table.seats)
    return replace(table, seats=seats), ()


def rebuild(game: Game, moves: Sequence[str], start: State | None = None) -> tuple[State, list[tuple[Event, ...]]]:
    """Replay a record (each step checked), with each step's events; a bad step raises
    `PositionError` naming its number."""
    state = game.new_state() if start is None else start
    events: list[tuple[Event, ...]] = []
    for n, move in enumerate(moves):
        try:
            state = state.apply(move)
        except ExplorerError as err:
            raise PositionError(f"moves.{n}", f"{move!r} cannot be replayed: {err}") from None
        events.append(state.events)
    return state, events
