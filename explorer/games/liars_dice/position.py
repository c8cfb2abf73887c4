"""Liar's Dice position data and per-player views.

``state.to_dict()`` writes, and ``game.state_from_dict(data)`` reads (checking it could arise,
checks.py)::

    {"game": {"name": "liars_dice", "players": 2, "options": {...}},
     "dice": [5, 4],                    # dice per seat this round (S1, R5)
     "cups": [[1, 3, 3, 5, 6], [2, 2, 4, 6]],   # faces rolled so far, sorted (T1, A6)
     "bids": ["P2 2x3", "P1 3x3"],      # the round's bids in order (R1, R2)
     "opener": "P2", "out": [], "loser": "P2", "called": false, "round": 2}

Every field but ``game`` may be left out: ``dice`` then holds the starting dice (V2) in every
cup, ``cups`` and ``bids`` are empty (the round is about to be rolled), ``opener`` is P1 (S2),
``out`` the seats without dice, ``loser`` none, ``called`` false and ``round`` 1.

A view (``state.view(player)``) holds the same fields with every other seat's cup written
``null`` until the cups are lifted at the end of the single round (R4); ``rolled`` counts the
dice each cup holds so far, ``to_move`` names the seat to act and ``events`` tell the last step
as that player may read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError
from explorer.core.positions import check_root
from explorer.core.view import View

from .checks import check
from .data import seat_code
from .model import LiarsDiceState, build
from .render import render

FIELDS = ("game", "dice", "cups", "bids", "opener", "out", "loser", "called", "round")


def seat_text(seat: int) -> str:
    return f"P{seat + 1}"


def to_dict(s: LiarsDiceState) -> dict:
    return {"game": s.game.to_dict(), "dice": list(s.dice), "cups": [list(c) for c in s.cups],
            "bids": [f"{seat_text(p)} {q}x{f}" for p, q, f in s.bids], "opener": seat_text(s.opener),
            "out": [seat_text(p) for p in s.out], "loser": None if s.loser is None else seat_text(s.loser),
            "called": s.called, "round": s.round}


def shows_all(s: LiarsDiceState) -> bool:
    """The cups are lifted for good (R4, E2): the single round has been called."""
    return s.called


def view(s: LiarsDiceState, player: int | None) -> View:
    data = to_dict(s)
    data["viewer"] = None if player is None else seat_text(player)
    data["rolled"] = [len(c) for c in s.cups]
    data["cups"] = [list(c) if player is None or p == player or shows_all(s) else None for p, c in enumerate(s.cups)]
    data["to_move"] = None if s.player is None else seat_text(s.player)
    data["roller"] = None if s.is_over or s.roller is None else seat_text(s.roller)
    data["events"] = [e.for_player(player) for e in s.events]
    return View(data, render)


def _seat(value: Any, field: str, players: int) -> int:
    try:
        seat = seat_code(value) if isinstance(value, str) else -1
    except ValueError:
        seat = -1
    if not 0 <= seat < players:
        raise PositionError(field, f"a seat P1 to P{players}, not {value!r}")
    return seat


def _ints(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise PositionError(field, "a list of whole numbers")
    return tuple(value)


def _bid(text: Any, field: str, players: int) -> tuple[int, int, int]:
    words = text.split() if isinstance(text, str) else []
    parts = words[1].lower().split("x") if len(words) == 2 else []
    if len(parts) != 2 or not all(is_number(p) and len(p) < 5 for p in parts):
        raise PositionError(field, f"a bid is written 'P1 2x3' (seat, quantity x face), not {text!r}")
    return _seat(words[0], field, players), int(parts[0]), int(parts[1])


def from_dict(game, data: Mapping[str, Any]) -> LiarsDiceState:
    data = check_root(game, data, FIELDS)
    n, start = game.players, game.options["dice"]
    dice = _ints(data.get("dice", [start] * n), "dice")
    raw_cups = data.get("cups", [[] for _ in range(n)])
    if not isinstance(raw_cups, list):
        raise PositionError("cups", "a list of cups, one list of faces per seat")
    cups = tuple(tuple(sorted(_ints(c, f"cups.{k}"))) for k, c in enumerate(raw_cups))
    raw_bids = data.get("bids", [])
    if not isinstance(raw_bids, list):
        raise PositionError("bids", "a list of bids such as 'P1 2x3'")
    bids = tuple(_bid(b, f"bids.{k}", n) for k, b in enumerate(raw_bids))
    opener = _seat(data.get("opener", "P1"), "opener", n)
    raw_out = data.get("out", [seat_text(p) for p in range(min(n, len(dice))) if not dice[p]])
    if not isinstance(raw_out, list):
        raise PositionError("out", "a list of seats such as ['P3']")
    out = tuple(_seat(p, f"out.{k}", n) for k, p in enumerate(raw_out))
    loser = data.get("loser")
    loser = None if loser is None else _seat(loser, "loser", n)
    called = data.get("called", False)
    if not isinstance(called, bool):
        raise PositionError("called", "true or false")
    round_ = data.get("round", 1)
    if isinstance(round_, bool) or not isinstance(round_, int):
        raise PositionError("round", "a whole number")
    check(game, dice, cups, bids, opener, out, loser, called, round_)
    return build(game, None, (), dice, cups, bids, opener, out, loser, called, round_)
