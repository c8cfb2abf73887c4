"""What the table shows, read off a state or a working copy alike: whose node it is, who
commands, where the ship may sail, what the supply holds (R1-R2, R10, R32-R35, R41, R72).

Shared by the rulebook (rules.py), the step (flow.py) and the turn's tasks; it builds on the
model only.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from ..data import (
    CABIN_BOY,
    CHARACTERS,
    COINS,
    GAMBLER,
    ISLAND_TILES,
    KINDS,
    NAVIGATOR,
    NEGATIVE,
    PROSTHETICS,
    RESOURCES,
    TOTAL,
)
from ..model import ROUTES, Move, island_name, reachable, slot_name

DECISIONS = {"choose_start", "setup_look", "draft", "call", "turn", "gunner", "qm", "gamble_choice",
             "rogue_more", "rogue_keep", "monkey", "merchant_swap", "stake", "claim", "challenge", "throw",
             "winner_pick", "spoils", "tie"}
CHANCES = {"removed", "row", "starter", "see", "isee", "gamble_look", "gamble_other", "gamble_give",
           "rogue_pick", "steal", "qm_draw", "place", "duel_rps", "motin"}
THROWS = ("rock", "paper", "scissors")
PICKS = frozenset({"gamble_look", "rogue_pick", "steal", "gamble_other", "gamble_give", "qm_draw", "place", "motin"})


# -- shared helpers (work on a state or on flow.Work alike) -----------------------------
def opt(s, name: str):
    return s.game.options[name]


def players(s) -> int:
    return s.game.players


def next_islands(s) -> tuple[int, ...]:
    return ROUTES[opt(s, "route_layout")][0][s.ship]


def depth(s, island: int) -> int:
    return ROUTES[opt(s, "route_layout")][1][island]


def unvisitable(s) -> list[int]:
    """R41: islands the ship can no longer visit (visited or skipped)."""
    ahead = reachable(opt(s, "route_layout"), s.ship)
    return [j for j in range(8) if j != s.ship and j not in ahead]


def trade_islands(s) -> list[int]:
    """R40, R41, A20 (V21 `qm_islands`): where the Quartermaster may take a tile. ``passed``: every
    island the ship can no longer visit; ``skipped``: only those the route skipped, as the seed's
    count "una isla por turno a partir del segundo" has it (visited islands left out)."""
    out = unvisitable(s)
    if opt(s, "qm_islands") == "skipped":
        return [j for j in out if not s.visited[j]]
    return out


def voyages(route: str, ship: int) -> list[tuple[int, ...]]:
    """Every voyage from I1 to `ship` along the route (D6), each as its islands in order."""
    nxt = ROUTES[route][0]
    out: list[tuple[int, ...]] = []
    todo = [(0,)]
    while todo:
        path = todo.pop()
        if path[-1] == ship:
            out.append(path)
        elif path[-1] < ship:
            todo.extend((*path, j) for j in nxt[path[-1]])
    return sorted(out)


def default_visited(route: str, ship: int, flipped, rounds: int = 0) -> tuple[bool, ...]:
    """The voyage a position leaves unsaid (V21): the lowest-numbered one to `ship` through every
    flipped island (the advanced game flips each island reached, R8) and, from round 1, one island
    a round (T0); the lowest-numbered timely voyage when none fits both."""
    paths = voyages(route, ship) or [(0, ship)]

    def fits(path: tuple[int, ...]) -> bool:
        return all(j in path for j in range(8) if flipped[j]) and (rounds < 1 or len(path) == rounds)

    timely = [p for p in paths if rounds < 1 or len(p) == rounds] or paths
    path = next((p for p in timely if fits(p)), timely[0])
    return tuple(j in path for j in range(8))


def is_path(route: str, ship: int, visited) -> bool:
    """`visited` is one voyage from I1 to `ship`: each island leads to the next (D6)."""
    nxt = ROUTES[route][0]
    path = [j for j in range(8) if visited[j]]
    return bool(path) and path[0] == 0 and path[-1] == ship and all(
        b in nxt[a] for a, b in pairwise(path))


def revolt(s) -> bool:
    return s.event == "revuelta"


def order_key(s, p: int) -> tuple[int, int]:
    """Smaller is higher rank (R1); Revuelta puts the lowest-ranked player on top (R59)."""
    rank = s.chosen[p] or 99
    if revolt(s) and all(s.chosen) and rank == max(s.chosen):
        return (0, rank)
    return (1, rank)


def commander(s) -> int:
    """R2: the player holding the highest-ranked chosen character (R59 under Revuelta)."""
    chosen = s.chosen
    if not all(chosen):
        return -1
    # the first player by `order_key`: the lowest rank under Revuelta (`revolt`), else the highest
    return chosen.index(max(chosen) if s.event == "revuelta" else min(chosen))


def holder(s, rank: int) -> int:
    return s.chosen.index(rank) if rank in s.chosen else -1


def steerer(s) -> int:
    """R32, R34, R35: who must place the anchor this round (-1 at the last island)."""
    if not next_islands(s):
        return -1
    nav = holder(s, NAVIGATOR)
    return nav if nav >= 0 else commander(s)


def must_peek(s, p: int) -> bool:
    return s.chosen[p] == NAVIGATOR or bool(opt(s, "navigator_fallback_peek"))


def supply(s) -> int:
    """R72: markers neither held by players nor lying on characters (huge when unlimited)."""
    if opt(s, "prestige_supply") == "unlimited":
        return 10**6
    return 24 - sum(s.prestige) - len(s.markers)


def icons(s, p: int) -> tuple[str, ...]:
    """R25: the colours player `p`'s character may repair."""
    rank = s.chosen[p]
    icon = opt(s, "gambler_icon") if rank == GAMBLER else CHARACTERS[rank].icon
    if icon == "any":
        return RESOURCES
    return (icon,) if icon and icon != "none" else ()


def max_resource(s) -> int:
    return opt(s, "resources_per_colour")


def prosthetics_open(s, p: int) -> list[str]:
    """R38: kinds `p` may still own and the supply still has."""
    used = [k for pile in s.prosthetics for k in pile]
    return [k for k in PROSTHETICS if k not in s.prosthetics[p] and used.count(k) < PROSTHETICS[k]]


def occupied(s, island: int) -> list[int]:
    return [i for i, t in enumerate(s.slots[island]) if t >= 0]


def own_kinds(s, p: int, keep=None) -> list[str]:
    kinds = {s.kinds[t] for t in s.loot[p]}
    return [k for k in KINDS if k in kinds and (keep is None or keep(k))]


def unaccounted(s) -> dict[str, int]:
    """Kinds not yet resolved on any token: the multiset an unseen tile comes from (C3, C6), in
    KINDS order (TOTAL's)."""
    left = dict(TOTAL)
    for k in s.kinds:
        if k:
            left[k] -= 1
    return left


def islands_left(s) -> list[str]:
    """In-play island tiles not yet placed (C2)."""
    inplay = [t for t in ISLAND_TILES if t not in s.removed]
    return [t for t in inplay if t not in s.islands]


# -- nodes ----------------------------------------------------------------------------
def node(s) -> tuple[str, int | None]:
    if s.phase == "over" or not s.stack:
        return ("over", None)
    task = s.stack[-1]
    kind = task[0]
    if kind in CHANCES:
        return ("chance", None)
    if kind == "choose_start":
        return ("decision", 0)
    if kind == "call":
        return ("decision", commander(s))
    if kind == "tie":   # E10, V13: the table's word, given at the first tied pirate's seat
        return ("decision", task[1][0])
    return ("decision", task[1])


LOOK_SLOT = {(j, i): Move("look", slot_name(j, i)) for j in range(8) for i in range(5)}
LOOK_ISLAND = tuple(Move("look", island_name(j)) for j in range(8))
TAKE = {(j, i): Move("take", slot_name(j, i)) for j in range(8) for i in range(5)}


def look_targets(s) -> list[Move]:
    """R13, R14: any face-down loot slot on an island, or an unflipped island tile (advanced)."""
    return list(_look_targets(s.slots, s.flipped if s.game.options["advanced"] else None))


@lru_cache(maxsize=4096)
def _look_targets(slots: tuple[tuple[int, ...], ...], flipped: tuple[bool, ...] | None) -> tuple[Move, ...]:
    """The looks of `look_targets`, worked out once per layout of the slots: most steps move no tile."""
    moves = [LOOK_SLOT[j, i] for j, row in enumerate(slots) for i, t in enumerate(row) if t >= 0]
    if flipped is not None:
        moves += [LOOK_ISLAND[j] for j in range(8) if not flipped[j]]
    return tuple(moves)


def looks_allowed(s, p: int) -> int:
    """R11, R44, A47 (V20 `cabin_boy_looks`): one Investigate a turn; the Cabin boy's power makes it
    2 in all (the digest's reading) or 3 (his power's 2 on top of the ordinary one)."""
    return cabin_boy_looks(s.game.options) if s.chosen[p] == CABIN_BOY else 1


def cabin_boy_looks(options) -> int:
    """R44, A47, V20: the Cabin boy's Investigate actions in a turn."""
    return options.get("cabin_boy_looks", 2)


def coin_kinds(s, p: int) -> list[str]:
    return own_kinds(s, p, lambda k: k in COINS)


def non_negative_kinds(s, p: int) -> list[str]:
    return own_kinds(s, p, lambda k: k not in NEGATIVE)
