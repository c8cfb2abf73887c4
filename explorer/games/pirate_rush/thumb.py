"""The rule of thumb's decisions as pure functions of a few facts one pirate knows (`Facts`).

One source for both readers: the model's `RuleOfThumb` (policies.py) builds the facts from
the pirate's view, the evaluator kernel (playout.py) from the state with the same knowledge
(`kinds[t]` only for tokens in `known[me]`), so the two cannot drift; the tests check they
decide alike. Places are read through precomputed tables, not parsed on every decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NamedTuple

from .model import SLOT_LETTERS, Move, seat

WORTH = {"gold": 3.0, "silver": 2.0, "map": 2.0, "flag2": 1.8, "copper": 1.0, "flag1": 1.0, "rum": 0.3,
         "wound": -1.0, "curse": -2.0, None: 0.35}
CHARACTER_WORTH = {"captain": 5, "navigator": 4, "quartermaster": 3, "rogue": 3, "monkey": 3, "gunner": 2,
                   "cabin_boy": 2, "gambler": 1}
RANKS = {"captain": 1, "navigator": 2, "gunner": 3, "quartermaster": 4, "gambler": 5, "rogue": 6,
         "cabin_boy": 7, "monkey": 8}
RESOURCE_INDEX = {"structure": 0, "ammunition": 1, "supplies": 2}

# ``"I3.b"`` -> (2, 1), ``"I3"`` -> 2, ``"P2"`` -> 1: the notation's places, read once
SLOT_AT = {f"I{j + 1}.{letter}": (j, i) for j in range(8) for i, letter in enumerate(SLOT_LETTERS)}
ISLAND_AT = {f"I{j + 1}": j for j in range(8)}
SEAT_AT = {seat(p): p for p in range(5)}


class Facts(NamedTuple):
    """What the deciding pirate knows that the rule of thumb reads (from a view or a state)."""

    task: str                                    # the pending decision's task
    me: int                                      # the deciding seat
    ship: int                                    # the island the ship is at
    kind_at: Callable[[int, int], str | None]    # a slot's kind as this pirate knows it (None: unknown/empty)
    island_kinds: Callable[[int], list]          # the known kinds (None: unknown) of an island's filled slots
    markers: Collection[int]                     # prestige markers still on the characters (ranks)
    resources: Sequence[int]                     # ship markers per colour
    prestige: Sequence[int]                      # markers per seat
    counts: Sequence[int]                        # loot tiles per seat
    looked_at: object                            # gamble_choice: the tile the Gambler looked at
    stakes: Mapping[str, str | None]             # claim: seat -> staked kind


def _slot_worth(f: Facts, place: str) -> float:
    return WORTH[f.kind_at(*SLOT_AT[place])]


def _island_worth(f: Facts, island: str) -> float:
    return sum(WORTH[k] for k in f.island_kinds(ISLAND_AT[island]))


def forced(task: str, legal: Sequence[Move]) -> Move | None:
    """The only move, when there is one and choosing it draws nothing (a duel throw draws, R57)."""
    return legal[0] if len(legal) == 1 and task != "throw" else None


def choose(f: Facts, legal: Sequence[Move], rng: random.Random) -> Move:
    """The rule of thumb at any decision; draws from `rng` only at a duel throw (R57)."""
    task = f.task
    only = forced(task, legal)
    if only is not None:
        return only
    if task == "turn":
        return _turn(f, legal)
    if task == "gamble_choice":
        args = {a.arg: a for a in legal}
        return args["keep"] if WORTH.get(f.looked_at, 0) >= 1 or "other" not in args else args["other"]
    if task == "rogue_more":
        return next(a for a in legal if a.arg == "more")
    if task == "rogue_keep":
        return next(a for a in legal if a.arg == "keep")
    if task == "draft":
        drafts = [a for a in legal if a.verb == "draft"]
        return max(drafts, key=lambda a: CHARACTER_WORTH[a.arg] + 2 * (RANKS[a.arg] in f.markers))
    if task == "call":
        mine = [a for a in legal if a.arg == seat(f.me)]   # R10: the commander names himself first
        return mine[0] if mine else legal[0]
    if task == "setup_look":
        for a in legal:
            at = SLOT_AT.get(a.arg)
            if at is not None and f.kind_at(*at) is None:
                return a
        return legal[0]
    if task == "merchant_swap":
        return max(legal, key=lambda a: _slot_worth(f, a.arg))
    if task == "stake":
        return min(legal, key=lambda a: WORTH[a.arg])
    if task == "claim":
        return max(legal, key=lambda a: WORTH[f.stakes.get(a.arg)])
    if task == "challenge":
        return max(legal, key=lambda a: f.counts[SEAT_AT[a.arg]])
    if task == "throw":
        return legal[rng.randrange(len(legal))]
    if task == "spoils":
        for a in legal:
            if a.arg.startswith("give") and WORTH[a.arg.split()[1]] < 0:
                return a
        return next((a for a in legal if a.arg == "steal"), legal[-1])
    if task == "qm":
        return legal[-1]
    return legal[0]   # first, prosthetic (take one), gift (pass the curse on), winner (self first)


def _turn(f: Facts, legal: Sequence[Move]) -> Move:
    """Look where the ship is (R13), repair an empty colour (R24), take the best known tile
    (R19) or pay (R21) rather than take a bad one, steer (R32), anchor at the richest (R33).
    One pass over the moves: a turn offers a look at every face-down tile on the route."""
    takes: list[Move] = []
    first: dict[str, Move] = {}
    anchors: list[Move] = []
    rogues: list[Move] = []
    low = None
    ship, kind_at = f.ship, f.kind_at
    for a in legal:
        verb = a.verb
        if verb == "look":
            at = SLOT_AT.get(a.arg)
            if at is not None and at[0] == ship and kind_at(*at) is None:
                return a
        elif verb == "take":
            takes.append(a)
        elif verb == "anchor":
            anchors.append(a)
        elif verb == "rogue":
            rogues.append(a)
        else:
            if verb == "repair" and low is None and f.resources[RESOURCE_INDEX[a.arg]] == 0:
                low = a
            first.setdefault(verb, a)
    if takes:
        best = max(takes, key=lambda a: _slot_worth(f, a.arg))
        if low is not None:
            return low
        if "pay" in first and _slot_worth(f, best.arg) < 0 and f.prestige[f.me] > 1:
            return first["pay"]
        return best
    for verb in ("pay", "repair", "steer"):
        if verb in first:
            return first[verb]
    if anchors:
        return max(anchors, key=lambda a: _island_worth(f, a.arg))
    if rogues:
        return max(rogues, key=lambda a: f.counts[SEAT_AT[a.arg]])
    return first.get("end", legal[0])
