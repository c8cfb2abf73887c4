"""The automatic part of the rules: what follows a step by itself.

A step copies the state into a mutable `Work` (rulebook/work.py), applies one action or
outcome, then `settle` resolves every automatic task in `pending` (entering a tile, a Kraken,
a refill, the start and end of a turn, the modules' steps) until a chance node or a decision
waits. `Work.freeze` builds the next immutable state.
"""

from __future__ import annotations

from collections.abc import Callable

from .data import HIDEOUT, MAP_TILE, TILES
from .modules.bounty import event
from .modules.hooks import MODULE_STEPS, MODULE_STILL_NEEDED, modules_enter
from .rulebook import ships as sh
from .rulebook import turns
from .rulebook.effects import effect_task
from .rulebook.work import CHANCE, CURSE_MAX, DECISION, MAX_DAMAGE, NO_MODULES, Work, only_krakens

# -- automatic tasks -------------------------------------------------------------------------
WAITING = CHANCE | DECISION   # a chance node or a decision: `settle` stops there while still needed


def settle(w: Work) -> None:
    """Resolve automatic tasks until a chance node or a decision waits (T4's "immediately")."""
    while w.phase != "over":
        pending = w.pending
        if not pending:
            return
        task = pending[0]
        kind = task[0]
        if kind in WAITING:
            check = STILL_NEEDED.get(kind)
            if check is None or check(w, task):
                return
            w.pending = pending[1:]
        else:
            w.pending = pending[1:]
            AUTOMATIC[kind](w, task)
    w.pending = ()


def _draw(w: Work, task: tuple) -> None:
    """("draw", p, n, setup): draw n cards, or up to hand size when n < 0 (R4, R7, S8)."""
    _, p, n, setup = task
    ship = w.ships[p]
    if n == 0 or (n < 0 and len(ship.hand) >= sh.hand_size(ship, w.options)):
        return
    if not w.deck:
        if not w.discard:
            w.say("No Action cards are left to draw", "R7")
            return
        if only_krakens(w.discard):
            w.say("Only Kraken cards are left to reshuffle: the draw ends", "R7", "R6")
            return
        w.deck, w.discard = w.discard, ()
        w.say("The discard pile is shuffled into a new Action deck", "R7")
    w.push(("card", p, n, setup))


def _pair(w: Work, task: tuple) -> None:
    """("pair",): reveal a new Map + Treasure pair (S2, R27), reshuffling a spent deck (A8, A9)."""
    if not w.map_deck and w.map_discard:
        w.map_deck, w.map_discard = w.map_discard, ()
        w.say("The map discard pile becomes the Map deck", "R27")
    if not w.treasure_deck and w.treasure_discard:
        w.treasure_deck, w.treasure_discard = w.treasure_discard, ()
        w.say("The treasure discard pile becomes the Treasure deck", "R27", "A8")
    if w.map_deck and w.treasure_deck:
        w.push(("map",))


def _enter(w: Work, task: tuple) -> None:
    """("enter", p, cell, revealed): what entering a tile does (R20, R21, R23, R25)."""
    _, p, cell, revealed = task
    then: list[tuple] = []
    if cell != HIDEOUT:
        tile = TILES[w.tiles[cell]]
        if w.mods != NO_MODULES:
            modules_enter(w, p, cell, tile)
        if revealed and tile.doubloon:
            w.gain(p, 1, "R20")
        reef_hits = revealed or w.options["reef_damage"] == "every_entry"
        if tile.reef and reef_hits:
            if w.ships[p].captain == sh.CROAKINGTON:
                w.say(f"{w.name(p)} sails over the reef unharmed", "R21", "R58")
            else:
                w.say(f"{w.name(p)} scrapes the reef of {tile.name}", "R21", "V5")
                then.append(("damage", p, 1, "R21"))
        for m, _t in w.display:
            if MAP_TILE[m] == tile.id:
                then.append(("pickup", p, cell, "R25"))
    elif w.ships[p].treasures:
        if len(w.ships[p].treasures) >= 2:
            event(w, p, "B17")
        then.append(("trade", p))
    w.push(*then)


def _damage(w: Work, task: tuple) -> None:
    """("damage", p, n, rule): draw n tokens one at a time, capped at 5 (R37-R39, R59)."""
    _, p, n, rule = task
    ship = w.ships[p]
    if n <= 0:
        return
    if ship.captain == sh.CRABBY and ship.shells > 0 and sh.tokens(ship) < MAX_DAMAGE:
        w.push(("shell", p, n, rule))
        return
    w.push(*((("token", p, rule),) * n))


def _curse(w: Work, task: tuple) -> None:
    """("curse", p, n, rule): Curse +n, capped at 5; reaching 5 from below calls the Kraken (R2, R51, R55)."""
    _, p, n, rule = task
    before = w.ships[p].curse
    after = min(CURSE_MAX, before + n)
    w.set(p, curse=after)
    w.say(f"{w.name(p)} Curse {before} -> {after}", rule, "R14", *(("R2",) if after < before + n else ()))
    if before < CURSE_MAX <= after:
        w.say(f"{w.name(p)} reaches 5 Curses: the Kraken rises", "R51")
        w.push(("kraken",))


def _kraken(w: Work, task: tuple) -> None:
    """("kraken",): the most-cursed player(s) each roll the die, in seat order from the active player (R52, R53)."""
    n = len(w.ships)
    top = max(s.curse for s in w.ships)
    if top == 0:
        w.say("The Kraken finds nobody cursed and sinks back", "R52")
        return
    start = max(w.active, 0)
    order = [(start + i) % n for i in range(n)]
    victims = [p for p in order if w.ships[p].curse == top]
    if w.options["hideout_protects_from_kraken"]:
        safe = [p for p in victims if w.ships[p].cell == HIDEOUT]
        victims = [p for p in victims if p not in safe]
        if safe:
            w.say("The Hideout shelters " + ", ".join(w.name(p) for p in safe) + " from the Kraken", "V12")
    w.say("The Kraken attacks " + (", ".join(w.name(p) for p in victims) or "nobody"), "R52", "A13")
    w.push(*(("kraken_roll", p) for p in victims))


AUTOMATIC: dict[str, Callable[[Work, tuple], None]] = {
    "draw": _draw, "pair": _pair, "enter": _enter, "damage": _damage, "curse": _curse, "kraken": _kraken,
    "turn_start": turns.turn_start, "to_play": turns.to_play, "next_turn": turns.next_turn,
    "first_player": turns.first, "effect": effect_task, **MODULE_STEPS,
}


# -- checks that drop a waiting task whose moment has passed ---------------------------------
def _token_drawable(w: Work, task: tuple) -> bool:
    ship = w.ships[task[1]]
    if sh.tokens(ship) >= MAX_DAMAGE:
        w.say(f"{w.name(task[1])} already holds 5 damage tokens: no draw", "R39", "R40")
        return False
    if not any(w.bag()):
        w.say("The damage bag is empty", "R39")
        return False
    return True


def _pickup_possible(w: Work, task: tuple) -> bool:
    ship = w.ships[task[1]]
    tile = w.tiles[task[2]]
    return ship.cell == task[2] and any(MAP_TILE[m] == tile and sh.room_for(ship, t) for m, t in w.display)


def _card_drawable(w: Work, task: tuple) -> bool:
    return bool(w.deck)


STILL_NEEDED: dict[str, Callable[[Work, tuple], bool]] = {
    "token": _token_drawable,
    "pickup": _pickup_possible,
    "trade": lambda w, t: bool(w.ships[t[1]].treasures) and w.ships[t[1]].cell == HIDEOUT,
    "fire": lambda w, t: sh.over_capacity(w.ships[t[1]]),
    "bowsprit": lambda w, t: len(w.ships[t[1]].hand) > sh.hand_size(w.ships[t[1]], w.options),
    "shell": lambda w, t: w.ships[t[1]].shells > 0,
    "card": _card_drawable,
    "map": lambda w, t: bool(w.map_deck),
    "treasure": lambda w, t: bool(w.treasure_deck),
    **MODULE_STILL_NEEDED,
}


