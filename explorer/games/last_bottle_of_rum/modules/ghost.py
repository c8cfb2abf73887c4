"""Module V3, the Ghost automa for 2 players (S13, R68-R82): its turn, hunt, fire and sinking.

Every choice the Ghost makes is deterministic: the target (R75), the path (R76), the victims
(R79). Only the cards it reveals (C11) and the tokens it is dealt (C13) are chance.
"""

from __future__ import annotations

from collections import deque

from ..data import (
    CARDS,
    CONST,
    DAMAGE,
    DISTANCE,
    HIDEOUT,
    ICONS,
    KRAKEN,
    NEIGHBOURS,
    SKULL_CAVE,
    TILES,
    TREASURES,
    cell_name,
    map_tile,
)
from ..model import GHOST, Ghost
from ..rulebook import ships as sh
from ..rulebook.work import CURSE_MAX, Work, only_krakens
from ..text.names import card_words
from .bounty import note_hit

SINKS_AT = CONST["ghost_sinks_at"]
POWER_AT = CONST["ghost_power_at"]
SLOTS = CONST["ghost_slots"]


def _paths_from(start: int) -> tuple[int, ...]:
    """R76: sailing distances that never enter the Hideout."""
    dist = [-1] * len(NEIGHBOURS)
    dist[start] = 0
    todo = deque([start])
    while todo:
        c = todo.popleft()
        for n in NEIGHBOURS[c]:
            if n != HIDEOUT and dist[n] < 0:
                dist[n] = dist[c] + 1
                todo.append(n)
    return tuple(dist)


SEA = tuple(_paths_from(c) if c != HIDEOUT else (-1,) * len(NEIGHBOURS) for c in range(len(NEIGHBOURS)))


def ghost_of(w: Work) -> Ghost:
    return w.mods.ghost


def put(w: Work, ghost: Ghost) -> None:
    w.mods = w.mods._replace(ghost=ghost)


def skull_cave(tiles: tuple[str, ...]) -> int:
    return tiles.index(SKULL_CAVE) if SKULL_CAVE in tiles else -1


# -- setup -----------------------------------------------------------------------------------
def deal(w: Work, cell: int, tile: str) -> None:
    """S13: every tile is placed face up; doubloon tiles get a coin; the white ship on the Skull Cave."""
    w.tiles = (*w.tiles[:cell], tile, *w.tiles[cell + 1:])
    w.face_up |= 1 << cell
    bank = w.bank()
    if TILES[tile].doubloon and (bank is None or bank > 0):      # R32: only while the bank has coins
        w.mods = w.mods._replace(coins=w.mods.coins | 1 << cell)
    if tile == SKULL_CAVE:
        put(w, ghost_of(w)._replace(cell=cell))
    w.say(f"{TILES[tile].name} is placed face up", "S13", "R69",
          *(("R70",) if TILES[tile].doubloon else ()))


# -- the Ghost's turn ------------------------------------------------------------------------
def turn(w: Work, task: tuple) -> None:
    """R71, R72: after both players, reveal the top 2 Action cards, then act."""
    w.say("The Ghost takes its turn", "R71", "T6", "R72")
    put(w, ghost_of(w)._replace(path=()))
    w.push(("ghost_card",), ("ghost_card",), ("ghost_act",))


def card(w: Work, card_id: str) -> None:
    """R72: a revealed Kraken is resolved (never against the Ghost) and replaced."""
    deck = list(w.deck)
    deck.remove(card_id)
    w.deck = tuple(deck)
    if card_id in KRAKEN:
        w.discard = tuple(sorted((*w.discard, card_id)))
        w.say("The Ghost reveals a Kraken", "R72", "R51", "R6")
        w.push(("kraken",), ("ghost_card",))
        return
    g = ghost_of(w)
    put(w, g._replace(cards=(*g.cards, card_id)))
    w.say(f"The Ghost reveals {card_words(card_id)}", "R72", "C11")


def refill_deck(w: Work, task: tuple) -> bool:
    """R7: the Ghost's reveal reshuffles an empty deck too (not a pile of Krakens alone, R6)."""
    if not w.deck and w.discard and not only_krakens(w.discard):
        w.deck, w.discard = w.discard, ()
        w.say("The discard pile is shuffled into a new Action deck", "R7")
    return bool(w.deck)


def icons(g: Ghost) -> tuple[int, int, int, int]:
    """R72 (A23): each icon on the 2 cards counts; Weather effects are ignored, and so are a Weather
    card's wild actions (R63: they have no type until a player uses them; the Ghost counts S, D,
    A and R only)."""
    found = "".join(CARDS[c].icons for c in g.cards)
    return tuple(found.count(i) for i in ICONS)


def act(w: Work, task: tuple) -> None:
    """R72-R74: doubloons (power at 5), repair, then the hunt and the attack."""
    g = ghost_of(w)
    sail, earn, attack, repair = icons(g)
    then: list[tuple] = []
    if earn:
        bank = w.bank()
        got = earn if bank is None else min(earn, bank)
        g = g._replace(doubloons=g.doubloons + got)
        put(w, g)
        w.say(f"The Ghost gains {got} doubloon{'s' * (got != 1)}", "R73", *(("R32",) if got < earn else ()))
        if g.doubloons >= POWER_AT:
            then += haunt(w)
            put(w, ghost_of(w)._replace(doubloons=0))
    if repair and sum(g.damage):
        w.say(f"The Ghost repairs {min(repair, sum(g.damage))} face-down token(s)", "R74")
        then += [("ghost_repair",)] * min(repair, sum(g.damage))
    if sail:
        then.append(("ghost_hunt", sail, attack))
    then += [("ghost_fire", attack), ("ghost_end",)]
    w.push(*then)


def repaired(w: Work, kind: str) -> None:
    """R74: one face-down token, unseen, goes back to the bag (which one is chance, like its draw)."""
    g = ghost_of(w)
    i = DAMAGE.index(kind)
    put(w, g._replace(damage=(*g.damage[:i], g.damage[i] - 1, *g.damage[i + 1:])))
    w.say("A face-down token returns to the bag", "R74", "C13")


def haunt(w: Work) -> list[tuple]:
    """R73, D10, A28 (Haunting): each player +1 Curse; anyone reaching 5 calls one Kraken."""
    w.say("The Ghost's power, Haunting: every captain gains 1 Curse; its doubloons go to the bank",
          "R73", "A28")
    rises = False
    for p, ship in enumerate(w.ships):
        after = min(CURSE_MAX, ship.curse + 1)
        rises |= ship.curse < CURSE_MAX <= after
        w.set(p, curse=after)
    if rises:
        w.say("A captain reaches 5 Curses: the Kraken rises once", "R51", "A28")
        return [("kraken",)]
    return []


def targets(w: Work) -> list[tuple[int, str, int]]:
    """R75: treasures in play: displayed on an island, or aboard a ship not in the Hideout."""
    found = []
    for m, t in w.display:
        island = map_tile(m)
        if island in w.tiles:
            found.append((TREASURES[t].value, t, w.tiles.index(island)))
    for ship in w.ships:
        if ship.cell != HIDEOUT:
            found += [(TREASURES[t].value, t, ship.cell) for t in ship.treasures]
    return found


def choose_target(w: Work, at: int) -> tuple[int, str, int] | None:
    """R75: most valuable; then nearest by sailing path (R76); then lowest TR id."""
    found = targets(w)
    if not found:
        return None
    return min(found, key=lambda x: (-x[0], SEA[at][x[2]], x[1]))


def in_range(w: Work, cell: int, reach: int) -> int:
    """R79: players the Ghost could fire on from `cell` (not those in the Hideout)."""
    return sum(1 for s in w.ships if s.cell != HIDEOUT and DISTANCE[cell][s.cell] <= reach)


def shortest_paths(start: int, goal: int, length: int) -> list[tuple[int, ...]]:
    """R76: every start of a shortest path to `goal`, `length` steps long, in direction order."""
    paths = [()]
    for _ in range(length):
        grown = []
        for path in paths:
            here = path[-1] if path else start
            grown += [(*path, n) for n in NEIGHBOURS[here]
                      if n != HIDEOUT and SEA[n][goal] == SEA[here][goal] - 1]
        paths = grown
    return paths


def best_path(w: Work, start: int, goal: int, moves: int, reach: int) -> tuple[int, ...]:
    """R76 (A25, V8): along a shortest path; if the goal is out of reach, end within range of the
    most players (ties: direction order E, NE, NW, W, SW, SE); V8 lets it stop short."""
    d = SEA[start][goal]
    if d <= moves:
        return shortest_paths(start, goal, d)[0]
    paths = shortest_paths(start, goal, moves)
    if not w.options["ghost_may_stop_early"]:
        return max(paths, key=lambda p: in_range(w, p[-1], reach), default=())
    best: tuple[int, ...] = ()
    score = in_range(w, start, reach)
    for path in paths:
        for k in range(1, len(path) + 1):
            s = in_range(w, path[k - 1], reach)
            if s > score or (s == score and k > len(best)):
                best, score = path[:k], s
    return best


def hunt(w: Work, task: tuple) -> None:
    """R75-R77: sail towards the target; on its tile take it and hunt on with the moves left."""
    _, moves, reach = task
    g = ghost_of(w)
    target = choose_target(w, g.cell)
    if target is None:
        w.say("The Ghost finds no treasure in play and stays put", "R75", "A25")
        return
    value, treasure, goal = target
    path = best_path(w, g.cell, goal, moves, reach)
    w.say(f"The Ghost hunts {TREASURES[treasure].name} ({value}) on {w.place(goal)}", "R75", "R76")
    if path:
        put(w, g._replace(cell=path[-1], path=(*(g.path or (g.cell,)), *path)))
        w.say("The Ghost sails " + " > ".join(w.place(c) for c in (g.cell, *path)), "R76", "R78",
              detail=",".join(cell_name(c) for c in path))
    if (path and path[-1] == goal) or (not path and g.cell == goal):
        then = seize(w, treasure, goal)
        left = moves - len(path)
        if left > 0:
            then.append(("ghost_hunt", left, reach))
        w.push(*then)


def seize(w: Work, treasure: str, cell: int) -> list[tuple]:
    """R77: the Ghost takes its target from the island (R27 refill) or from a ship; 3 slots."""
    then: list[tuple] = []
    pair = next((pr for pr in w.display if pr[1] == treasure), None)
    if pair is not None:
        w.display = tuple(pr for pr in w.display if pr != pair)
        w.map_discard = tuple(sorted((*w.map_discard, pair[0])))
        then.append(("pair",))
    else:
        for p, ship in enumerate(w.ships):
            if treasure in ship.treasures and ship.cell == cell:
                w.set(p, treasures=tuple(t for t in ship.treasures if t != treasure))
                if len(w.ships[p].hand) > sh.hand_size(w.ships[p], w.options):
                    then.append(("bowsprit", p))
                break
    g = ghost_of(w)
    held = (*g.treasures, treasure)
    if len(held) > SLOTS:
        w.treasure_discard = tuple(sorted((*w.treasure_discard, held[0])))
        w.say(f"The Ghost's hold is full: {TREASURES[held[0]].name} goes to the discard", "R77", "D10")
        held = held[1:]
    put(w, g._replace(treasures=held))
    w.say(f"The Ghost takes {TREASURES[treasure].name}", "R77", "R78", "E4")
    return then


def fire(w: Work, task: tuple) -> None:
    """R79 (A36): 1 damage to every player ship within range R; none in the Hideout."""
    reach = task[1]
    g = ghost_of(w)
    if reach == 0:
        w.say("The Ghost has no Attack icon: no attack", "R79")
        return
    n = len(w.ships)
    start = max(w.active, 0)
    hit = [q for q in ((start + i) % n for i in range(n))
           if w.ships[q].cell != HIDEOUT and DISTANCE[g.cell][w.ships[q].cell] <= reach]
    w.say(f"The Ghost fires at range {reach}: " + (", ".join(w.name(q) for q in hit) or "nobody in range"),
          "R79", "R41", "A36")
    w.push(*(("damage", q, 1, "R79") for q in hit))


def end(w: Work, task: tuple) -> None:
    """R80: its 2 cards go to the discard pile."""
    g = ghost_of(w)
    w.discard = tuple(sorted((*w.discard, *g.cards)))
    put(w, g._replace(cards=()))
    w.say("The Ghost's cards go to the discard pile", "R80")


# -- fighting the Ghost ---------------------------------------------------------------------------
def hit(w: Work, p: int, skulls: int) -> None:
    """R81 (A24, V7): a successful attack deals 1 face-down token (1 per skull with V7)."""
    n = skulls if w.options["ghost_damage_per_skull"] else 1
    w.say(f"{w.name(p)} hits the Ghost", "R81", "A24", *(("V7",) if n > 1 else ()))
    w.push(*((("ghost_token", p),) * n))


def token(w: Work, p: int, kind: str) -> None:
    """R81, A27 (C13): the token is placed face down, unseen; at 3 the Ghost sinks (R82)."""
    g = ghost_of(w)
    i = DAMAGE.index(kind)
    g = g._replace(damage=(*g.damage[:i], g.damage[i] + 1, *g.damage[i + 1:]))
    put(w, g)
    w.say("The Ghost takes a face-down damage token", "R81", "A27", "C13")
    note_hit(w, GHOST, "R81")
    if sum(g.damage) >= SINKS_AT:
        sink(w, p)


def sink(w: Work, p: int) -> None:
    """R82 (A26, V9): the killer takes the last treasure if there is room; tokens to the bag;
    the Ghost back to the Skull Cave; its other treasures stay (or go, with V9)."""
    g = ghost_of(w)
    w.pending = tuple(t for t in w.pending if t[0] != "ghost_token")
    w.say("The Ghost sinks!", "R82")
    held = g.treasures
    if held:
        last, held = held[-1], held[:-1]
        ship = w.ships[p]
        if sh.room_for(ship, last):
            w.set(p, treasures=(*ship.treasures, last))
            w.say(f"{w.name(p)} takes {TREASURES[last].name} from the wreck", "R82", "R29")
            if len(w.ships[p].hand) > sh.hand_size(w.ships[p], w.options):
                w.push(("bowsprit", p))
            if p == w.active:
                w.update_limit()
        else:
            w.treasure_discard = tuple(sorted((*w.treasure_discard, last)))
            w.say(f"{w.name(p)} has no room: {TREASURES[last].name} goes to the discard", "R82", "A26")
    if held and w.options["ghost_loses_all_treasures_on_sinking"]:
        w.treasure_discard = tuple(sorted((*w.treasure_discard, *held)))
        w.say("The Ghost's other treasures go down with it", "V9", "A26")
        held = ()
    put(w, g._replace(cell=skull_cave(w.tiles), damage=(0, 0, 0, 0, 0), treasures=held))
