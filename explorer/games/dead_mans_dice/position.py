"""Dead Man's Dice position data: `to_dict`, the validating `from_dict` and views (hidden worlds: worlds.py).

Format (every field JSON). It is partial: a field left out takes its set-up value (S5, R6):
a die written in no pile is in its owner's hand, totals are 0, it is round 1, and the step is
the round opening (``open``) when every pile is empty, else the start of a turn (``turn``)
of pirate 0 (the opener whose turn it is, in the opening). Seats are numbered from 0 here;
dice and the notation use ``P1`` .. ``P6``.

```json
{"game": {"name": "dead_mans_dice", "players": 3, "options": {}},
 "round": 1, "step": "turn", "to_move": 0,
 "hands": [["P1-2", "P1-J"], ["P2-1", "P2-2", "P2-J"], ["P3-1"]],
 "piles": [["P1-1=3"], [], ["P3-2=2", "P3-J=S"]],
 "totals": [0, 0, 0], "group": [], "die": null, "face": null, "target": null, "restart_die": null,
 "after": "", "passes": 0, "stacked": false, "winners": [], "turns": 0, "rolloffs": 0}
```

- ``step``: ``open``, ``open_roll``, ``turn``, ``roll``, ``stray``, ``place``, ``wobble``, ``plunder``,
  ``hit``, ``restart``, ``restart_roll``, ``scored`` (the round is scored, before ``next round``)
  or ``over``; ``to_move`` is the active pirate (in the opening: the next opener).
- ``hands``: dice in each hand; ``piles``: bottom first, ``die=face`` (``S`` the skull).
- ``group``: the pirates still in the opening roll-off (``open`` and ``open_roll`` only).
- ``die``, ``face``: the die in the air and its face awaiting placement; ``target``: the
  broadside target or the sunk pirate restarting; ``restart_die``: the restart die in the air.
- ``after``, ``stacked``, ``winners`` are derived (after a broadside the turn ends, after a stray
  shot the rolled die is placed; stacked while plundering or checking steadiness; the winners
  lead the totals); written, they must agree.
- ``passes`` counts under V4 ``hold_fire`` only; ``turns`` and ``rolloffs`` under the house rules
  ``round_turn_limit`` and ``rolloff_limit`` only.

>>> import explorer
>>> game = explorer.load("dead_mans_dice", players=3)
>>> s = game.state_from_dict({"game": {"name": "dead_mans_dice", "players": 3, "options": {}},
...                           "piles": [["P1-1=3"], ["P2-J=S"], ["P3-2=2", "P3-J=5"]]})
>>> s.step, s.to_move, [len(h) for h in s.hands]
('turn', 0, [2, 2, 1])

Validation names the field and the rule a position breaks: every die in one place (R4), a
hand holding only its owner's dice (R1), faces its die has (R2, R3), a pile's bottom die its
owner's own (R7, R13) and every die fitting the one below (R14, R15), and what each step needs
(T0-T6): the die in the air in the right hand, a victim with dice, a pile that can plunder.
The ``game`` block, when present, must name this game, player count and options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.view import View

from .checks import check_game, check_position, game_block
from .data import DICE_PER_PIRATE, FACE_NAMES, die_code, die_faces, die_name, face_code, owner, seat_name
from .model import STATE_FIELDS, STEPS, DeadMansDiceState, make, values
from .position_text import write as notation
from .render import board_svg

KNOWN = ("game", *(f.data for f in STATE_FIELDS))
WRITE = {   # how position data writes each kind of field (model.STATE_FIELDS)
    "value": lambda v: v,
    "list": list,
    "hands": lambda hands: [[die_name(d) for d in hand] for hand in hands],
    "piles": lambda piles: [[f"{die_name(d)}={FACE_NAMES[f]}" for d, f in pile] for pile in piles],
    "die": lambda d: None if d is None else die_name(d),
    "face": lambda f: None if f is None else FACE_NAMES[f],
}
_WRITERS = tuple((f.data, WRITE[f.kind]) for f in STATE_FIELDS)


def to_dict(s: DeadMansDiceState) -> dict:
    """Position data: the game, then every field of STATE_FIELDS as JSON."""
    return {"game": s.game.to_dict(), **{data: write(v) for (data, write), v in zip(_WRITERS, values(s), strict=True)}}


# -- reading fields ------------------------------------------------------------------------
def _int(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise PositionError(field, f"{value} is outside {low}..{high if high is not None else 'any'}")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise PositionError(field, f"must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise PositionError(field, f"needs one entry per pirate ({length}), not {len(value)}")
    return value


def _die(value: Any, field: str, n: int) -> int:
    if not isinstance(value, str):
        raise PositionError(field, f"a die is written like 'P1-1', 'P2-2' or 'P3-J', not {value!r}")
    try:
        die = die_code(value)
    except ValueError:
        raise PositionError(field, f"{value!r} is not a die: write P1-1, P1-2, P1-J, P2-1, ... (K1, K2)") from None
    if owner(die) >= n:
        raise PositionError(field, f"{value!r} belongs to no pirate of {n} (S1)")
    return die


def _face(value: Any, field: str, die: int) -> int:
    try:
        face = face_code(value) if isinstance(value, str) else -1
    except ValueError:
        face = -1
    if face < 0:
        raise PositionError(field, f"{value!r} is not a face: write S or 1-6 (R2, R3)")
    if face not in die_faces(die):
        raise PositionError(field, f"{die_name(die)} has no face {FACE_NAMES[face]} (R2, R3)")
    return face


def _pirate(value: Any, field: str, n: int, nullable: bool = True) -> int | None:
    if value is None and nullable:
        return None
    return _int(value, field, 0, n - 1)


def _placed(data: Mapping[str, Any], n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Any, ...]]:
    """Piles, then hands: each die in exactly one place (R4), a hand holding only its owner's dice
    (R1). Without ``hands`` every die in no pile is in its owner's hand (S5)."""
    seen: dict[int, str] = {}
    piles = []
    for p, pile in enumerate(_list(data.get("piles", [[] for _ in range(n)]), "piles", n)):
        placed = []
        for i, text in enumerate(_list(pile, f"piles.{p}")):
            field = f"piles.{p}.{i}"
            if not isinstance(text, str) or text.count("=") != 1:
                raise PositionError(field, f"a pile die is written like 'P1-1=4' or 'P1-J=S', not {text!r}")
            name, face_text = text.split("=")
            die = _die(name, field, n)
            if die in seen:
                raise PositionError(field, f"{die_name(die)} is already in {seen[die]} (R4)")
            seen[die] = f"{seat_name(p)}'s pile"
            placed.append((die, _face(face_text, field, die)))
        piles.append(tuple(placed))
    if "hands" not in data:
        hands = tuple(tuple(d for d in range(DICE_PER_PIRATE * p, DICE_PER_PIRATE * (p + 1)) if d not in seen)
                      for p in range(n))
        return hands, tuple(piles)
    hands = []
    for p, hand in enumerate(_list(data["hands"], "hands", n)):
        dice = []
        for i, name in enumerate(_list(hand, f"hands.{p}")):
            field = f"hands.{p}.{i}"
            die = _die(name, field, n)
            if owner(die) != p:
                raise PositionError(field, f"{die_name(die)} belongs to {seat_name(owner(die))}: a hand holds only "
                                           "its owner's dice (R1)")
            if die in seen:
                raise PositionError(field, f"{die_name(die)} is already in {seen[die]} (R4)")
            seen[die] = f"{seat_name(p)}'s hand"
            dice.append(die)
        hands.append(tuple(sorted(dice)))
    missing = sorted(set(range(DICE_PER_PIRATE * n)) - set(seen))
    if missing:
        raise PositionError(f"hands.{owner(missing[0])}", f"{', '.join(die_name(d) for d in missing)} is in no "
                                                          "hand and no pile (R4)")
    return tuple(hands), tuple(piles)


def from_dict(game: Any, data: Any) -> DeadMansDiceState:
    if not isinstance(data, Mapping):
        raise PositionError("(root)", f"position data must be a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in KNOWN:
            raise PositionError(str(key), f"unknown field; allowed: {', '.join(KNOWN)}")
    if "game" in data:
        check_game(game, data["game"])
    n = game.players
    hands, piles = _placed(data, n)
    totals = tuple(_int(t, f"totals.{p}") for p, t in enumerate(_list(data.get("totals", [0] * n), "totals", n)))
    step = data.get("step", "turn" if any(piles) else "open")
    if not isinstance(step, str) or step not in STEPS:
        raise PositionError("step", f"{step!r} is not one of {', '.join(STEPS)}")
    opening = step in ("open", "open_roll")
    group = tuple(range(n)) if opening else ()
    if "group" in data:
        group = tuple(_pirate(p, f"group.{i}", n, False) for i, p in enumerate(_list(data["group"], "group")))
    to_move = data.get("to_move", _first_without_base(group, piles) if opening else 0)
    to_move = None if step == "over" and to_move is None else _pirate(to_move, "to_move", n, nullable=False)
    die = data.get("die")
    die = None if die is None else _die(die, "die", n)
    face = data.get("face")
    if face is not None and die is None:
        raise PositionError("face", "a rolled face needs the die that shows it (T2)")
    face = None if face is None else _face(face, "face", die)
    target = _pirate(data.get("target"), "target", n)
    restart_die = data.get("restart_die")
    restart_die = None if restart_die is None else _die(restart_die, "restart_die", n)
    passes = _int(data.get("passes", 0), "passes", 0, n - 1)
    round_ = _int(data.get("round", 1), "round", 1)
    turns, rolloffs = _counters(game, data)
    fields = dict(hands=hands, piles=piles, totals=totals, round=round_, step=step, to_move=to_move, group=group,
                  die=die, face=face, target=target, passes=passes, restart_die=restart_die, turns=turns,
                  rolloffs=rolloffs)
    after, stacked, winners = check_position(game, fields)
    for field, derived in (("after", after), ("stacked", stacked), ("winners", list(winners))):
        if field in data and data[field] != derived:
            raise PositionError(field, f"is {data[field]!r}, but the position gives {derived!r}: "
                                       + DERIVED[field])
    if step == "over":
        to_move = None
    return make(game, **{**fields, "to_move": to_move, "after": after, "stacked": stacked, "winners_": winners})


DERIVED = {"after": "a restart after a broadside ends the turn, after a stray shot the rolled die is placed (R34, "
                    "V3)",
           "stacked": "only plunder and the steadiness check follow a stack in this turn (R20, T3)",
           "winners": "the game is won by the highest total (E7, E8)"}


def _first_without_base(group: tuple[int, ...], piles: Any) -> int:
    """R7: the opening goes round the roll-off group in seat order; the next opener has no base."""
    return next((p for p in group if not piles[p]), group[0] if group else 0)


def _counters(game: Any, data: Mapping[str, Any]) -> tuple[int, int]:
    """The house rules' counters: below their limit, and 0 when the limit is off."""
    out = []
    for field, option, room in (("turns", "round_turn_limit", -1), ("rolloffs", "rolloff_limit", 0)):
        limit = game.options[option]
        value = _int(data.get(field, 0), field, 0)
        if limit is None and value:
            raise PositionError(field, f"is counted only under the house rule {option}, which is off: must be 0")
        if limit is not None and value > limit + room:
            raise PositionError(field, f"{value} would already have ended it ({option} = {limit})")
        out.append(value)
    return out[0], out[1]


def view(s: DeadMansDiceState, player: int | None) -> View:
    """What `player` may know: everything (Hidden information: none), plus derived aids."""
    if player is not None and not (isinstance(player, int) and not isinstance(player, bool)
                                   and 0 <= player < s.game.players):
        raise PositionError("player", f"{player!r} is not a pirate of {s.game.players}")
    data = to_dict(s)
    data["viewer"] = player
    data["actor"] = s.player
    data["score_now"] = list(s.score_now())
    data["target_score"] = s.game.options["target_score"]
    data["cut_off"] = s.cut_off()
    data["events"] = [e.for_player(player) for e in s.events]
    return View(data, board_svg)


__all__ = ["KNOWN", "check_game", "from_dict", "game_block", "notation", "to_dict", "view"]
