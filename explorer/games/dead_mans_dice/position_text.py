"""Write a Dead Man's Dice table in a few lines, and ask what the dice will do from a pirate's seat.

A position is a few ``key: value`` lines, in any order; blank lines and ``# comments`` are
ignored and keys are read in any case. Seats are ``P1`` .. ``P6``; a die is its owner's seat and
its mark, ``P1-1`` and ``P1-2`` (the two regular dice) or ``P1-J`` (the Jolly Roger die), and a
face is ``S`` (the skull) or ``1``-``6``. In a pirate's own pile or hand the seat may be left
off: ``1=3`` on P1's pile is ``P1-1=3``.

Anything not written is where the set-up puts it (S5, R6): a die in no pile is in its owner's
hand, totals are 0, it is round 1, and the step is the opening when every pile is empty,
else the start of a turn. Nothing at this table is hidden (every die and face is in plain
view), so a pirate's odds are the dice's own: the only unknowns are a die in the air and a
pending check, and `game.hidden_worlds(view)` gives the one table everyone sees.

A turn starts: Player 1 may roll a die or fire a broadside. How likely is P1-J to fit on the 3?

>>> import explorer
>>> from explorer.analysis.odds import next_outcomes, view_probability
>>> from explorer.games.dead_mans_dice import odds
>>> from explorer.games.dead_mans_dice.data import die_code
>>> game = explorer.load("dead_mans_dice", players=3)
>>> start = game.position('''
... game: dead_mans_dice players=3
... step: roll
... turn: P1
... P1 pile: 1=3
... P2 pile: J=S            # a skull on top: doubled at the round's end, never plundered
... P3 pile: 2=2 J=5
... ''')
>>> [str(a) for a in start.legal_actions()]
['roll P1-2', 'roll P1-J', 'broadside P2', 'broadside P3']
>>> fits = lambda table: odds.roll_report(table, die_code("P1-J")).stack     # C4: S, 3 or 4
>>> print(view_probability(start, 0, fits))
1/2 (50.0%), exact from Player 1's view

Mid-turn: P1 has rolled P1-2 and it is still in the air. Every face, as P1 will read it:

>>> rolling = game.position('''
... step: die rolling
... turn: P1
... rolling: P1-2
... P1 pile: 1=3
... P2 pile: J=S
... P3 pile: 2=2 J=5
... ''')
>>> for text, p in next_outcomes(rolling, 0).items():
...     print(p, "|", text)
1/6 | Player 1's regular die 2 shows 1; Player 1 is marooned: 1 does not fit on 3, so the die goes back to hand
1/6 | Player 1's regular die 2 shows 2; Player 1 is marooned: 2 does not fit on 3, so the die goes back to hand
1/6 | Player 1's regular die 2 shows 3; Player 1 stacks their regular die 2 showing 3 (3 matches 3)
1/6 | Player 1's regular die 2 shows 4; Player 1 stacks their regular die 2 showing 4 (4 is one higher than 3)
1/6 | Player 1's regular die 2 shows 5; Player 1 is marooned: 5 does not fit on 3, so the die goes back to hand
1/6 | Player 1's regular die 2 shows 6; Player 1 is marooned: 6 does not fit on 3, so the die goes back to hand

An attack waiting to land, from the victim's seat: with stray shots (V3) every roll may hit an
opponent's pile (1 in 36, the target drawn among the non-empty piles). P2 watches P1's die
land: the chance P2's pile is sunk by it is C8's 1/72.

>>> strays = explorer.load("dead_mans_dice", players=3, stray_shots=True)
>>> check = strays.position('''
... game: dead_mans_dice players=3 stray_shots=true
... step: stray shot check
... turn: P1
... rolled: P1-J=S
... P1 pile: 1=3
... P2 pile: J=S
... P3 pile: 2=2 J=5
... ''')
>>> sunk = lambda table: sum(p for o, p in table.chance_outcomes() if not table.apply(o).piles[1])
>>> print(view_probability(check, 1, sunk))
1/72 (1.4%), exact from Player 2's view

The end of a round before the next begins: P1 stacked the last die, the round is scored (E2-E5)
and the table waits for ``next round``. P1's pile of 2+3+7 under a skull scores 24; P2 still
holds P2-J and is keelhauled.

>>> scored = game.position('''
... step: round scored
... P1 pile: 1=2 2=3 J=S
... P1 total: 24
... P2 pile: 1=4 2=5
... P2 total: 2
... P3 pile: 1=6 2=1 J=6
... P3 total: 13
... ''')
>>> scored.totals, [str(a) for a in scored.legal_actions()]
((24, 2, 13), ['next round'])
>>> print(scored.notation())
game: dead_mans_dice players=3
round: 1
step: round scored
P1 pile: 1=2 2=3 J=S
P1 hand: none
P1 total: 24
P2 pile: 1=4 2=5
P2 hand: J
P2 total: 2
P3 pile: 1=6 2=1 J=6
P3 hand: none
P3 total: 13
>>> game.position(scored.notation()) == scored
True

The keys
--------
- ``game: dead_mans_dice players=3 option=value ...`` (optional): must name the game it is
  read by, its players and every option that is not at its default (``stray_shots=true``,
  ``broadside_hit_p=1/2``, ``round_limit=none``).
- ``round: 2``: the round being played (default 1).
- ``step:`` what the table waits for, in the words players use:
  ``open`` (the next opener picks a die, T0), ``opening die rolling``, ``roll`` (the start of a
  turn: roll a die or fire, T1), ``die rolling`` (a rolled die in the air, T2),
  ``stray shot check`` (V3), ``stack or decline`` (V11), ``steadiness check`` (V2), ``plunder``
  (T4), ``broadside hit or miss`` (V1 with ``broadside_hit_p`` below 1), ``restart`` (a sunk
  pirate picks a new base, R34), ``restart die rolling``, ``round scored`` (T6, before ``next
  round``) and ``game over``.
- ``turn: P2``: whose turn it is (in the opening: who opens next; default P1).
- ``P1 pile: 1=3 P2-J=5``: P1's pile, bottom first; ``none`` for an empty pile.
- ``P1 hand: 2 J``: P1's hand; it must be every P1 die in no pile, so it can be left out.
- ``P1 total: -7``: P1's doubloons on the score pad (default 0).
- ``rolling: P1-2``: the die in the air; ``rolled: P1-2=5``: a rolled die whose face is known
  but not yet placed (a stray-shot check, a choice to stack, a restart before it lands).
- ``target: P2``: the pile a broadside flies at, or the sunk pirate who restarts.
- ``restart die: P2-1``: the sunk pirate's new base in the air.
- ``roll-off: P1 P3``: the pirates still in the opening roll-off (default: everyone).
- ``passes: 1`` (V4), ``turns: 4`` (house rule ``round_turn_limit``), ``roll-offs: 1``
  (house rule ``rolloff_limit``): counters, 0 when not written.

A mistake names its line and the rule it breaks:

>>> game.position("step: roll\\nP1 pile: 1=3 2=6")
Traceback (most recent call last):
...
explorer.core.errors.PositionError: P1 pile: line 2: P1-2=6 cannot sit on 3: ... (R14, R17)
"""

from __future__ import annotations

import re
from typing import Any

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from .checks import check_game, game_block
from .data import FACE_NAMES, die_code, die_kind, die_name, kind_code, owner, pirate_code, seat_code
from .model import STEP_WORDS, DeadMansDiceState

STEPS_BY_WORD = {word: step for step, word in STEP_WORDS.items()}
SEAT_KEYS = ("pile", "hand", "total")
KEYS = ("game", "round", "step", "turn", "rolling", "rolled", "target", "restart die", "roll-off", "passes",
        "turns", "roll-offs")
SEAT_KEY = re.compile(r"^p(\d+) (pile|hand|total)$")
EMPTY = {"", "none", "-"}


# -- reading ---------------------------------------------------------------------------------
class _Lines:
    """The written lines by normalised key: (key as written, line number, value)."""

    def __init__(self, game: Any, text: str) -> None:
        if not isinstance(text, str):
            raise PositionError("(text)", f"a position is written as text, not {type(text).__name__}")
        self.game = game
        self.found: dict[str, tuple[str, int, str]] = {}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line:
                raise PositionError(line, f"line {number}: write 'key: value', e.g. 'P1 pile: 1=3'")
            written, value = (part.strip() for part in line.split(":", 1))
            key = " ".join(written.lower().split())
            self._known(key, written, number)
            if key in self.found:
                raise PositionError(written, f"line {number}: already written on line {self.found[key][1]}")
            self.found[key] = (written, number, value)

    def _known(self, key: str, written: str, number: int) -> None:
        match = SEAT_KEY.match(key)
        if match:
            seat = int(match.group(1))
            if not 1 <= seat <= self.game.players:
                raise PositionError(written, f"line {number}: there is no seat P{seat} at a table of "
                                             f"{self.game.players} pirates (S1)")
            return
        if key not in KEYS:
            raise PositionError(written, f"line {number}: unknown key; keys: {', '.join(KEYS)}, "
                                         "P1 pile, P1 hand, P1 total")

    def error(self, key: str, reason: str) -> PositionError:
        if key in self.found:
            written, number, _ = self.found[key]
            return PositionError(written, f"line {number}: {reason}")
        return PositionError(_canonical(key), f"not written, so as the set-up leaves it: {reason}")

    def value(self, key: str) -> str | None:
        return self.found[key][2] if key in self.found else None


def _canonical(key: str) -> str:
    match = SEAT_KEY.match(key)
    return f"P{match.group(1)} {match.group(2)}" if match else key


def _int(lines: _Lines, key: str) -> int | None:
    text = lines.value(key)
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise lines.error(key, f"{text!r} is not a whole number") from None


def _seat(lines: _Lines, key: str, text: str) -> int:
    try:
        seat = pirate_code(text)
    except ValueError:
        raise lines.error(key, f"{text!r} is not a seat: write P1 .. P{lines.game.players}") from None
    if not 0 <= seat < lines.game.players:
        raise lines.error(key, f"there is no seat {text} at a table of {lines.game.players} pirates (S1)")
    return seat


def _die(lines: _Lines, key: str, text: str, seat: int | None = None) -> int:
    """A die by its full name, or by its mark alone on its owner's line."""
    try:
        die = kind_code(seat, text) if seat is not None and len(text) == 1 else die_code(text)
    except ValueError:
        raise lines.error(key, f"{text!r} is not a die: write P1-1, P1-2, P1-J (or 1, 2, J on the owner's "
                               "line) (K1, K2)") from None
    if owner(die) >= lines.game.players:
        raise lines.error(key, f"{text} belongs to no pirate at a table of {lines.game.players} (S1)")
    return die


def _tokens(text: str) -> list[str]:
    return [] if text.strip().lower() in EMPTY else text.replace(",", " ").split()


def _pile(lines: _Lines, key: str, seat: int) -> list[str]:
    out = []
    for token in _tokens(lines.value(key) or ""):
        if token.count("=") != 1:
            raise lines.error(key, f"{token!r}: a die in a pile is written die=face, e.g. 1=3, J=S or P2-1=4")
        name, face = token.split("=")
        out.append(f"{die_name(_die(lines, key, name, seat))}={face.upper()}")
    return out


def _game_line(lines: _Lines) -> None:
    text = lines.value("game")
    if text is None:
        return
    try:
        check_game(lines.game, game_block(lines.game, text))
    except PositionError as err:
        raise lines.error("game", err.reason) from None


def _data(lines: _Lines) -> dict[str, Any]:
    """The notation's lines as position data (state_from_dict's partial format)."""
    n = lines.game.players
    data: dict[str, Any] = {"piles": [_pile(lines, f"p{p + 1} pile", p) for p in range(n)]}
    totals = [_int(lines, f"p{p + 1} total") for p in range(n)]
    data["totals"] = [t or 0 for t in totals]
    for key, field in (("round", "round"), ("passes", "passes"), ("turns", "turns"), ("roll-offs", "rolloffs")):
        value = _int(lines, key)
        if value is not None:
            data[field] = value
    step = lines.value("step")
    if step is not None:
        word = " ".join(step.lower().split())
        if word not in STEPS_BY_WORD:
            raise lines.error("step", f"{step!r} is not a step; steps (T0-T6): {', '.join(STEP_WORDS.values())}")
        data["step"] = STEPS_BY_WORD[word]
    if lines.value("turn") is not None:
        data["to_move"] = _seat(lines, "turn", lines.value("turn") or "")
    if data.get("step") == "over" and "to_move" not in data:
        data["to_move"] = None
    rolling, rolled = lines.value("rolling"), lines.value("rolled")
    if rolling is not None and rolled is not None:
        raise lines.error("rolled", "a die is either rolling (face unknown) or rolled (face known), not both")
    if rolling is not None:
        data["die"] = die_name(_die(lines, "rolling", rolling))
    if rolled is not None:
        name, sep, face = rolled.partition("=")
        if not sep:
            raise lines.error("rolled", f"{rolled!r}: write the die and its face, e.g. P1-2=5")
        data["die"], data["face"] = die_name(_die(lines, "rolled", name.strip())), face.strip().upper()
    if lines.value("target") is not None:
        data["target"] = _seat(lines, "target", lines.value("target") or "")
    if lines.value("restart die") is not None:
        data["restart_die"] = die_name(_die(lines, "restart die", lines.value("restart die") or ""))
    if lines.value("roll-off") is not None:
        data["group"] = sorted({_seat(lines, "roll-off", t) for t in _tokens(lines.value("roll-off") or "")})
    return data


FIELD_KEYS = {"round": "round", "step": "step", "to_move": "turn", "target": "target", "restart_die": "restart die",
              "group": "roll-off", "passes": "passes", "turns": "turns", "rolloffs": "roll-offs", "game": "game",
              "after": "step", "stacked": "step", "winners": "step"}


def _key_of(lines: _Lines, field: str) -> str:
    """The notation key behind a position-data field."""
    head, _, rest = field.partition(".")
    seat = rest.split(".")[0]
    if head in ("piles", "hands", "totals") and is_number(seat):
        return f"p{int(seat) + 1} {head[:-1]}"
    if head in ("die", "face"):
        return "rolled" if "rolled" in lines.found else "rolling" if "rolling" in lines.found else "step"
    return FIELD_KEYS.get(head, "step")


def read(game: Any, text: str) -> DeadMansDiceState:
    """`Game.position`: the lines, checked as position data is (position.py, checks.py)."""
    lines = _Lines(game, text)
    _game_line(lines)
    data = _data(lines)
    try:
        state = game.state_from_dict(data)
    except PositionError as err:
        raise lines.error(_key_of(lines, err.field), err.reason) from None
    for p in range(game.players):
        _check_hand(lines, state, p)
    return state


def _check_hand(lines: _Lines, state: DeadMansDiceState, p: int) -> None:
    """A written hand must be every die of its owner in no pile (R1, R4)."""
    key = f"p{p + 1} hand"
    text = lines.value(key)
    if text is None:
        return
    dice = [_die(lines, key, token, p) for token in _tokens(text)]
    for die in dice:
        if owner(die) != p:
            raise lines.error(key, f"{die_name(die)} is {seat_code(owner(die))}'s die: a hand holds only its "
                                   "owner's dice (R1)")
    if len(set(dice)) != len(dice) or sorted(dice) != list(state.hands[p]):
        where = [f"{die_name(d)} in {seat_code(q)}'s pile" for q, pile in enumerate(state.piles)
                 for d, _ in pile if owner(d) == p]
        raise lines.error(key, f"P{p + 1}'s hand is every P{p + 1} die in no pile (R4): "
                               f"{' '.join(die_kind(d) for d in state.hands[p]) or 'none'}"
                               f"{' (' + ', '.join(where) + ')' if where else ''}")


# -- writing -----------------------------------------------------------------------------------
def _value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _die_on(die: int, seat: int) -> str:
    """A die on its owner's line by its mark alone, elsewhere by its full name."""
    return die_kind(die) if owner(die) == seat else die_name(die)


def write(s: DeadMansDiceState) -> str:
    """`State.notation`: the canonical lines (every seat's pile, hand and total)."""
    game = s.game
    specs = {spec.name: spec for spec in type(game).OPTIONS}
    options = "".join(f" {k}={_value(v)}" for k, v in game.options.items() if v != specs[k].default)
    lines = [f"game: {game.name} players={game.players}{options}", f"round: {s.round}",
             f"step: {STEP_WORDS[s.step]}"]
    if s.step not in ("scored", "over"):
        lines.append(f"turn: {seat_code(s.to_move)}")
    if s.group and list(s.group) != list(range(game.players)):
        lines.append(f"roll-off: {' '.join(seat_code(p) for p in s.group)}")
    if s.die is not None:
        lines.append(f"rolling: {die_name(s.die)}" if s.face is None
                     else f"rolled: {die_name(s.die)}={FACE_NAMES[s.face]}")
    if s.target is not None:
        lines.append(f"target: {seat_code(s.target)}")
    if s.restart_die is not None:
        lines.append(f"restart die: {die_name(s.restart_die)}")
    for key, value in (("passes", s.passes), ("turns", s.turns), ("roll-offs", s.rolloffs)):
        if value:
            lines.append(f"{key}: {value}")
    for p in range(game.players):
        pile = " ".join(f"{_die_on(d, p)}={FACE_NAMES[f]}" for d, f in s.piles[p])
        lines.append(f"{seat_code(p)} pile: {pile or 'none'}")
        lines.append(f"{seat_code(p)} hand: {' '.join(_die_on(d, p) for d in s.hands[p]) or 'none'}")
        lines.append(f"{seat_code(p)} total: {s.totals[p]}")
    return "\n".join(lines)


__all__ = ["STEP_WORDS", "read", "write"]
