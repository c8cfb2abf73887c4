"""The short position notation of Liar's Dice (`game.position(text)`, `state.notation()`).

A few ``key: value`` lines; seats are ``P1`` .. ``Pn``::

    round: 2
    dice: 5 4
    P1 cup: 1 3 3 5 6
    P2 cup: 2 2 4 6
    bids: P2 2x3, P1 3x3
    opener: P2
    loser: P2

``dice`` lists each seat's dice this round (S1, R5); a ``Pn cup`` line lists the faces rolled
so far under that cup (T1; a cup not written holds none yet, so its rolls are still chance
nodes); ``bids`` lists the round's bids in order (R1, R2); ``opener`` opens the round (S2, R8);
``out`` lists the seats without dice (R7), ``loser`` who lost the last call (R5), and
``called: yes`` ends the single round (E2). Every line may be left out: the position data's
defaults apply (position.py).

>>> import explorer
>>> game = explorer.load("liars_dice", players=2, dice=2)
>>> s = game.position("P1 cup: 3 6\\nP2 cup: 1 2\\nbids: P1 2x3")
>>> [str(a) for a in s.legal_actions()][:3], s.player
(['bid 2x4', 'bid 2x5', 'bid 2x6'], 1)
"""

from __future__ import annotations

from explorer.core.bounds import is_number
from explorer.core.errors import PositionError

from .model import LiarsDiceState
from .position import from_dict, seat_text

KEYS = ("round", "dice", "bids", "opener", "out", "loser", "called")


def write(s: LiarsDiceState) -> str:
    lines = [f"round: {s.round}", f"dice: {' '.join(map(str, s.dice))}"]
    lines += [f"{seat_text(p)} cup: {' '.join(map(str, cup))}" for p, cup in enumerate(s.cups) if cup]
    if s.bids:
        lines.append("bids: " + ", ".join(f"{seat_text(p)} {q}x{f}" for p, q, f in s.bids))
    lines.append(f"opener: {seat_text(s.opener)}")
    if s.out:
        lines.append("out: " + " ".join(seat_text(p) for p in s.out))
    if s.loser is not None:
        lines.append(f"loser: {seat_text(s.loser)}")
    if s.called:
        lines.append("called: yes")
    return "\n".join(lines)


def _numbers(text: str, key: str, number: int) -> list[int]:
    words = text.split()
    if not all(is_number(w) and len(w) < 5 for w in words):
        raise PositionError(key, f"line {number}: whole numbers separated by spaces, not {text!r}")
    return [int(w) for w in words]


def read(game, text: str) -> LiarsDiceState:
    if not isinstance(text, str):
        raise PositionError("(text)", f"a position is text, not {type(text).__name__}")
    data: dict = {}
    cups: dict[int, list[int]] = {}
    lines: dict[str, tuple[str, int]] = {}      # position data field -> (key as written, line number)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        written, colon, value = line.partition(":")
        written, value = written.strip(), value.strip()
        key = written.lower()
        if not colon:
            raise PositionError(written[:40] or "(line)", f"line {number}: each line is 'key: value' (round, dice, "
                                                          "P1 cup, bids, opener, out, loser, called)")
        if key.endswith(" cup"):
            seat = key[:-4].strip().upper()
            if seat[:1] != "P" or not is_number(seat[1:]) or not 1 <= int(seat[1:]) <= game.players:
                raise PositionError(written, f"line {number}: a cup line names a seat P1 to P{game.players}")
            cups[int(seat[1:]) - 1] = _numbers(value, written, number)
            lines[f"cups.{int(seat[1:]) - 1}"] = (written, number)
            continue
        if key not in KEYS or key in data:
            raise PositionError(written[:40], f"line {number}: an unknown or repeated key; keys: round, dice, P1 cup, "
                                              "bids, opener, out, loser, called")
        lines[key] = (written, number)
        if key in ("round", "dice"):
            numbers = _numbers(value, written, number)
            if key == "round" and len(numbers) != 1:
                raise PositionError(written, f"line {number}: one whole number")
            data[key] = numbers[0] if key == "round" else numbers
        elif key == "bids":
            data[key] = [b.strip() for b in value.split(",") if b.strip()]
        elif key == "out":
            data[key] = value.split()
        elif key == "called":
            if value.lower() not in ("yes", "no"):
                raise PositionError(written, f"line {number}: yes or no")
            data[key] = value.lower() == "yes"
        else:
            data[key] = value
    if cups:
        data["cups"] = [cups.get(p, []) for p in range(game.players)]
    try:
        return from_dict(game, data)
    except PositionError as err:
        parts = err.field.split(".")
        found = lines.get(".".join(parts[:2])) or lines.get(parts[0])
        if found is None:
            raise
        raise PositionError(found[0], f"line {found[1]}: {err.reason}") from None
