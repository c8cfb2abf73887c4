"""Turn order: the start of a turn (T1-T3), its end and the next player (T5, T6), the first player (S10)."""

from __future__ import annotations

from ..data import HIDEOUT, MAP_TILE
from ..model import NO_TURN
from ..modules.bounty import NO_STATS, check_end, fresh_stats
from . import ships as sh
from .work import Work, renew


def turn_start(w: Work, task: tuple) -> None:
    """T1: late pickup (R26), start penalties (TR23), then the refill (T2) and play (T3)."""
    p = w.active
    w.turn = NO_TURN
    w.phase = "start"
    w.update_limit()
    if w.mods.bounties:
        fresh_stats(w)
    w.say(f"{w.name(p)} begins a turn", "T1", "R3")
    then: list[tuple] = []
    ship = w.ships[p]
    if ship.cell != HIDEOUT:
        for m, t in w.display:
            if MAP_TILE[m] == w.tiles[ship.cell] and sh.room_for(ship, t):
                then.append(("pickup", p, ship.cell, "R26"))
    if sh.has(ship, "kraken_eye"):
        then.append(("curse", p, 1, "T1"))
    then += [("draw", p, -1, 0), ("to_play",)]
    w.push(*then)


def to_play(w: Work, task: tuple) -> None:
    w.phase = "play"


def next_turn(w: Work, task: tuple) -> None:
    """T5, T6: played cards to the discard pile, unused actions lost, next player clockwise;
    with the Ghost, it acts after both players (R71)."""
    if w.mods.bounties and len(task) == 1:
        asks = check_end(w)
        if asks:                     # V14 off: the owner answers before the turn passes
            w.push(*asks, ("next_turn", 1))
            return
        if w.phase == "over":
            return
    w.discard = tuple(sorted(w.discard + w.turn.played))
    w.turn = NO_TURN
    w.say(f"{w.name(w.active)} ends the turn", "T5", "R17")
    w.turns += 1
    limit = w.options["turn_limit"]
    if limit is not None and w.turns >= limit * len(w.ships):
        w.phase, w.pending = "over", ()
        w.say(f"The game is cut off by the house-rule limit of {limit} round{'s' * (limit != 1)}: "
              "nobody reached 10 Loot, so it is ranked by Loot, not won")
        return
    if w.mods.bounties:              # the counters were this turn's only (D8); the Ghost's turn has none
        w.mods = renew(w.mods, stats=NO_STATS)
    w.active = (w.active + 1) % len(w.ships)
    if w.mods.ghost is not None and w.turns % 2 == 0:
        w.push(("ghost_turn",), ("turn_start",))
    else:
        w.push(("turn_start",))


def first(w: Work, task: tuple) -> None:
    """S10: the first player is the option's choice, else a chance node."""
    first = w.options["first_player"]
    if first is None:
        w.push(("first",))
    else:
        w.active = first
        w.say(f"Player {first + 1} starts", "S10")
        w.push(("turn_start",))
