"""What each page of a table is sent: pure functions of the table, each seat's from its own view.

A seat's message is built from `state.view(seat)` (the board's SVG draws only that view), the
seat's own legal actions when it is that seat's turn, the log as that seat may read it
(`Event.for_player`), and, in "show everyone" mode, the coming draw's odds from that seat's
view. Nothing else about the position goes in: no notation of anyone's move or draw, no step
count, no other view. tests/table/test_table_messages.py checks, for all five games, that a seat's
message is the same in every position the seat cannot tell from the true one.

The teacher's message holds everything: the whole position, every seat's view, the record
with each move's notation, the seats' links and the true odds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from explorer.core.errors import TooManyWorlds
from explorer.core.game import State
from explorer.table.table import PERSON, Step, Table, bot_names
from widgets import present, present_chance


@dataclass(frozen=True, slots=True)
class Lens:
    """What the board's data function reads from a controller: a position, a viewer, a revision."""

    state: State
    viewer: int | None
    revision: int
    error: str = ""


def seat_label(table: Table, seat: int) -> str:
    """"Player 2", or "Anna (Player 2)" when the host named the person (escaped by the pages)."""
    name = table.seats[seat].name
    plain = table.seat_name(seat)
    return f"{name} ({plain})" if name else plain


def player_words(player: str) -> str:
    """Who plays a seat, in words: "a person" or "a bot (rule of thumb)"."""
    return "a person" if player == PERSON else f"a bot ({player.replace('_', ' ')})"


def result_words(state: State) -> str:
    if not state.is_over:
        return ""
    ranking = " > ".join("=".join(present.player_name(state.game, p) for p in group) for group in state.winners())
    cut = state.cut_off()
    return f"Game over. Ranking: {ranking}" + (f" (cut short by the {cut} house rule)" if cut else "")


def status_line(table: Table, seat: int | None) -> str:
    """Whose turn it is, as this page reads it, in the game's words (`State.stage_text`)."""
    state = table.state
    if state.is_over:
        return result_words(state)
    if table.paused:
        return "Paused by the teacher"
    stage = state.stage_text()
    if state.is_chance:
        return "Waiting for the teacher to roll" + (f": {stage}" if stage else "")
    mover = state.player
    bot = table.seats[mover].is_bot
    if mover == seat and not bot:
        head = "Your turn"
    elif mover == seat:
        head = f"Your turn, played by {player_words(table.seats[mover].player)}"
    else:
        head = f"{seat_label(table, mover)} to act" + (f" ({player_words(table.seats[mover].player)})" if bot else "")
    return head + (f": {stage}" if stage else "")


def may_move(table: Table, seat: int | None) -> bool:
    """A seat's page offers moves only on its own turn, to its person, while the table is open."""
    state = table.state
    return (seat is not None and not table.paused and not state.is_over and state.player == seat
            and not table.seats[seat].is_bot)


def board_data(table: Table, seat: int | None) -> dict:
    """The board view's data (`widgets.present.board_data`, the notebook board's own) for a page."""
    data = present.board_data(Lens(table.state, seat, table.version))
    if not may_move(table, seat):
        data["actions"] = []
    data["status"] = status_line(table, seat)
    return data


def picker_data(actions: Sequence[dict], status: str) -> dict:
    """The action list's data (the shape of `widgets.present.picker_data`): the same actions by kind."""
    groups: dict[str, list[dict]] = {}
    for action in actions:
        groups.setdefault(action["kind"], []).append(action)
    return {"groups": [{"kind": k, "actions": v} for k, v in groups.items()], "status": status, "error": ""}


def log_lines(steps: Sequence[Step], seat: int | None) -> list[dict]:
    """The record as `seat` may read it: each event's public text (and the seat's own details),
    with the rules cited; the teacher's lines add the step number and the move's notation."""
    lines = []
    for step in steps:
        who = "" if step.seat is None else f"P{step.seat + 1}"
        for event in step.events:
            line = {"text": event.for_player(seat), "rules": list(event.rules), "who": who}
            if seat is None:
                line.update(n=step.n + 1, move=step.move, by=step.by)
            lines.append(line)
    return lines


def odds_rows(state: State, viewer: int | None) -> dict:
    """The coming draw's odds as `viewer` may know them (the chance panel's bars); None as viewer
    is the truth. Seats see odds only: no outcome to choose."""
    try:
        items = present_chance.chance_items(state, viewer)
    except TooManyWorlds as err:
        return {"rows": [], "note": f"Too many hidden possibilities (more than {err.limit}) to weigh these odds "
                                    "exactly here."}
    if items is None:
        return {"rows": [], "note": "The odds depend on what this player cannot see."}
    rows, _ = present_chance.rows_of(items, ())
    for row in rows:
        row["id"] = None
    who = "everyone's view (the truth)" if viewer is None else f"{present.player_name(state.game, viewer)}'s own view"
    return {"rows": rows, "note": f"Exact odds from {who}.", "title": state.stage_text() or "The next draw"}


def seats_data(table: Table, here: Sequence[bool]) -> list[dict]:
    return [{"seat": s.index, "label": seat_label(table, s.index), "player": player_words(s.player),
             "bot": s.is_bot, "here": bool(here[s.index]), "turn": table.state.player == s.index}
            for s in table.seats]


def common(table: Table, here: Sequence[bool]) -> dict:
    return {"version": table.version, "title": table.title, "game": table.game.title,
            "players": table.game.players, "paused": table.paused, "show_odds": table.show_odds,
            "holding": table.holding, "over": table.state.is_over, "result": result_words(table.state),
            "seats": seats_data(table, here)}


Boards = Callable[[Table, int | None], dict]


def seat_message(table: Table, seat: int, here: Sequence[bool], odds: dict | None,
                 boards: Boards | None = None) -> dict:
    """A seat's page at this version (the log travels apart, as `log_lines` deltas); `boards` may
    hand over the board data already drawn for this table value."""
    board = (boards or board_data)(table, seat)
    return {"type": "table", "role": "seat", **common(table, here), "you": seat, "you_label": seat_label(table, seat),
            "board": board, "picker": picker_data(board["actions"], board["status"]),
            "odds": odds if table.show_odds else None}


def teacher_message(table: Table, here: Sequence[bool], odds: dict | None, links: Sequence[dict],
                    boards: Boards | None = None) -> dict:
    """The teacher's page: the whole position, every seat's view, the switches and the links."""
    state = table.state
    draw = boards or board_data
    whole = draw(table, None)
    views = [{"seat": s.index, "label": seat_label(table, s.index), "svg": draw(table, s.index)["svg"]}
             for s in table.seats]
    position = state.notation() if state.game.can("position_text") else ""
    return {"type": "table", "role": "teacher", **common(table, here), "steps": table.steps,
            "board": {"svg": whole["svg"], "actions": [], "status": status_line(table, None), "error": "",
                      "revision": table.version},
            "views": views, "position": position, "links": list(links), "odds": odds,
            "players_allowed": [PERSON, *bot_names(table.game)]}


def rules_of(table: Table) -> dict[str, str]:
    """Every rule statement of the game (public), for the rule IDs the log cites."""
    return dict(table.game.rules)


def odds_for(table: Table, viewer: int | None) -> dict | None:
    """The odds a page shows in "show everyone" mode, or None when there is no draw to show."""
    if not table.holding:
        return None
    return odds_rows(table.state, viewer)


def teacher_odds(table: Table) -> dict | None:
    """The teacher sees the true odds and each seat's own, side by side."""
    if not table.holding:
        return None
    return {"truth": odds_rows(table.state, None),
            "seats": [{"label": seat_label(table, s.index), **odds_rows(table.state, s.index)} for s in table.seats]}

