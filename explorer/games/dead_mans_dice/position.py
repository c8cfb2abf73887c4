"""Dead Man's Dice position data: `to_dict`, the validating `from_dict`, and per-player views.

Format (every field JSON; only ``hands`` and ``piles`` are required when writing a
what-if position by hand, the rest default to the start of a turn of pirate 0):

```json
{"game": {"name": "dead_mans_dice", "players": 3, "options": {}},
 "round": 1,
 "step": "turn",              // open | open_roll | turn | roll | stray | place | wobble
                              // | plunder | hit | restart | restart_roll | over
 "to_move": 0,                // the active pirate (in the opening: the next opener)
 "hands": [["A2", "AJ"], ["B1", "B2", "BJ"], ["C1"]],     // dice in each pirate's hand
 "piles": [["A1=3"], [], ["C2=2", "CJ=S"]],               // bottom first, die=face (S = skull)
 "totals": [0, 0, 0],
 "group": [],                 // pirates still in the opening roll-off (step open / open_roll)
 "die": null, "face": null,   // the die in the air and its face awaiting placement
 "target": null,              // broadside target / restart victim
 "restart_die": null,         // the victim's restart die in the air
 "after": "",                 // after a restart: "end" (broadside) or "place" (stray shot)
 "passes": 0, "stacked": false, "winners": [],
 "turns": 0, "rolloffs": 0}   // turns ended and tied roll-offs this round (house rules
                              // round_turn_limit and rolloff_limit only; else always 0)
```

Every die of every pirate is in exactly one place (R4); a hand holds only its owner's dice
(R1); a face must be one of its die's faces (S only on a Jolly Roger die, R3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.view import View

from .data import DICE_PER_PIRATE, FACE_NAMES, die_code, die_faces, die_name, face_code, owner, seat_name
from .model import STEPS, DeadMansDiceState, build

KNOWN = ("game", "round", "step", "to_move", "hands", "piles", "totals", "group", "die", "face", "target",
         "restart_die", "after", "passes", "stacked", "winners", "turns", "rolloffs")


def to_dict(s: DeadMansDiceState) -> dict:
    return {
        "game": s.game.to_dict(), "round": s.round, "step": s.step, "to_move": s.to_move,
        "hands": [[die_name(d) for d in hand] for hand in s.hands],
        "piles": [[f"{die_name(d)}={FACE_NAMES[f]}" for d, f in pile] for pile in s.piles],
        "totals": list(s.totals), "group": list(s.group),
        "die": None if s.die is None else die_name(s.die),
        "face": None if s.face is None else FACE_NAMES[s.face],
        "target": s.target, "restart_die": None if s.restart_die is None else die_name(s.restart_die),
        "after": s.after, "passes": s.passes, "stacked": s.stacked, "winners": list(s.winners_),
        "turns": s.turns, "rolloffs": s.rolloffs,
    }


# -- validation helpers -------------------------------------------------------------------
def _int(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise PositionError(field, f"{value} is outside {low}..{high if high is not None else '∞'}")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise PositionError(field, f"must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise PositionError(field, f"needs one entry per pirate ({length}), not {len(value)}")
    return value


def _die(value: Any, field: str, n: int) -> int:
    if not isinstance(value, str):
        raise PositionError(field, f"a die is written like 'A1', 'B2' or 'CJ', not {value!r}")
    try:
        die = die_code(value)
    except ValueError:
        raise PositionError(field, f"{value!r} is not a die: write A1, A2, AJ, B1, ...") from None
    if owner(die) >= n:
        raise PositionError(field, f"{value!r} belongs to no pirate of {n} (S1)")
    return die


def _face(value: Any, field: str, die: int) -> int:
    try:
        face = face_code(value) if isinstance(value, str) else -1
    except ValueError:
        face = -1
    if face < 0:
        raise PositionError(field, f"{value!r} is not a face: write S or 1-6")
    if face not in die_faces(die):
        raise PositionError(field, f"{die_name(die)} has no face {FACE_NAMES[face]} (R2, R3)")
    return face


def _pirate(value: Any, field: str, n: int, nullable: bool = True) -> int | None:
    if value is None and nullable:
        return None
    return _int(value, field, 0, n - 1)


def _placed(data: Mapping[str, Any], n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Any, ...]]:
    """Hands and piles, each die exactly once (R4) and hands holding only their own dice (R1)."""
    seen: dict[int, str] = {}
    hands = []
    for p, hand in enumerate(_list(data.get("hands"), "hands", n)):
        dice = []
        for i, name in enumerate(_list(hand, f"hands.{p}")):
            field = f"hands.{p}.{i}"
            die = _die(name, field, n)
            if owner(die) != p:
                raise PositionError(field, f"{name} belongs to {seat_name(owner(die))}: a hand holds only "
                                           "its owner's dice (R1)")
            if die in seen:
                raise PositionError(field, f"{name} is already in {seen[die]} (R4)")
            seen[die] = field
            dice.append(die)
        hands.append(tuple(sorted(dice)))
    piles = []
    for p, pile in enumerate(_list(data.get("piles"), "piles", n)):
        placed = []
        for i, text in enumerate(_list(pile, f"piles.{p}")):
            field = f"piles.{p}.{i}"
            if not isinstance(text, str) or text.count("=") != 1:
                raise PositionError(field, f"a pile die is written like 'A1=4' or 'AJ=S', not {text!r}")
            name, face_text = text.split("=")
            die = _die(name, field, n)
            if die in seen:
                raise PositionError(field, f"{name} is already in {seen[die]} (R4)")
            seen[die] = field
            placed.append((die, _face(face_text, field, die)))
        piles.append(tuple(placed))
    missing = sorted(set(range(DICE_PER_PIRATE * n)) - set(seen))
    if missing:
        raise PositionError("hands", f"{', '.join(die_name(d) for d in missing)} is in no hand and no pile (R4)")
    return tuple(hands), tuple(piles)


def from_dict(game: Any, data: Any) -> DeadMansDiceState:
    if not isinstance(data, Mapping):
        raise PositionError("(root)", f"position data must be a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in KNOWN:
            raise PositionError(str(key), f"unknown field; allowed: {', '.join(KNOWN)}")
    n = game.players
    hands, piles = _placed(data, n)
    totals = tuple(_int(t, f"totals.{p}") for p, t in enumerate(_list(data.get("totals", [0] * n), "totals", n)))
    step = data.get("step", "turn")
    if step not in STEPS:
        raise PositionError("step", f"{step!r} is not one of {', '.join(STEPS)}")
    to_move = _pirate(data.get("to_move", 0), "to_move", n, nullable=step == "over")
    group = tuple(_pirate(p, f"group.{i}", n, False) for i, p in enumerate(_list(data.get("group", []), "group")))
    die = data.get("die")
    die = None if die is None else _die(die, "die", n)
    face = data.get("face")
    face = None if face is None or die is None else _face(face, "face", die)
    target = _pirate(data.get("target"), "target", n)
    restart_die = data.get("restart_die")
    restart_die = None if restart_die is None else _die(restart_die, "restart_die", n)
    after = data.get("after", "")
    if after not in ("", "end", "place"):
        raise PositionError("after", f"{after!r} is not '', 'end' or 'place'")
    passes = _int(data.get("passes", 0), "passes", 0, n - 1)
    stacked = data.get("stacked", False)
    if not isinstance(stacked, bool):
        raise PositionError("stacked", f"must be true or false, not {stacked!r}")
    winners = tuple(_pirate(p, f"winners.{i}", n, False) for i, p in enumerate(_list(data.get("winners", []),
                                                                                     "winners")))
    round_ = _int(data.get("round", 1), "round", 1)
    turns, rolloffs = _counters(game, data)
    _check_step(step, to_move, hands, piles, group, die, face, target, restart_die, stacked, winners)
    return build(game, None, (), hands, piles, totals, round_, step, to_move, group, die, face, target, after,
                 passes, stacked, winners, restart_die, turns, rolloffs)


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


def _check_step(step: str, p: Any, hands: Any, piles: Any, group: Any, die: Any, face: Any, target: Any,
                restart_die: Any, stacked: bool, winners: Any) -> None:
    """What each step needs (T0-T6): the die in the air in the right hand, a victim, a pile."""
    def need(ok: bool, field: str, why: str) -> None:
        if not ok:
            raise PositionError(field, why)

    if step == "over":
        need(bool(winners), "winners", "a finished game names its winner(s) (E7)")
        return
    need(not winners, "winners", "only a finished game has winners (E7)")
    if step in ("open", "open_roll"):
        need(p in group, "group", f"the opener {p} must be in the roll-off group (R7)")
        need(not piles[p], "piles", f"the opener {p} has no base yet (R7)")
    if step in ("open_roll", "roll", "stray", "place"):
        need(die is not None and die in hands[p], "die", f"the die in the air must be in pirate {p}'s hand (R11)")
    if step in ("stray", "place"):
        need(face is not None, "face", "the rolled face is needed (T2)")
    if step == "turn":
        need(bool(hands[p]), "hands", f"pirate {p} has an empty hand: the round is over (R28, T1)")
    if step in ("plunder", "wobble"):
        need(stacked and bool(piles[p]), "stacked", "plunder follows a stack this turn (R20)")
    if step == "hit":
        need(target is not None and target != p and bool(piles[target]), "target", "a broadside needs an "
             "opponent's pile (R35)")
    if step in ("restart", "restart_roll"):
        need(target is not None and target != p and not piles[target] and bool(hands[target]), "target",
             "the victim has an empty pile and dice in hand (R34)")
    if step == "restart_roll":
        need(restart_die is not None and restart_die in hands[target], "restart_die",
             "the restart die must be in the victim's hand (R34)")


def view(s: DeadMansDiceState, player: int | None) -> View:
    """What `player` may know: everything (Hidden information: none), plus derived aids."""
    from .render import board_svg

    if player is not None and not (isinstance(player, int) and 0 <= player < s.game.players):
        raise PositionError("player", f"{player!r} is not a pirate of {s.game.players}")
    data = to_dict(s)
    data["viewer"] = player
    data["actor"] = s.player
    data["score_now"] = list(s.score_now())
    data["target_score"] = s.game.options["target_score"]
    data["events"] = [e.for_player(player) for e in s.events]
    return View(data, board_svg)


def sample_state(game: Any, view_data: Mapping[str, Any]) -> DeadMansDiceState:
    """Nothing is hidden, so the view itself is the position."""
    return from_dict(game, {k: v for k, v in view_data.items() if k in KNOWN})


__all__ = ["from_dict", "sample_state", "to_dict", "view"]
