"""The working copy of a step and the automatic part of the rules.

A step copies the state into a mutable `Work`, applies one action or outcome, then
`settle` resolves every automatic task in `pending` (entering a tile, a Kraken, a refill)
until a chance node or a decision waits. `freeze` builds the next immutable state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from explorer.core.events import Event
from explorer.core.trail import extend

from . import ships as sh
from .chance import bag
from .data import CONST, DISTANCE, HIDEOUT, KRAKEN, MAP_TILE, SAIL, TILES
from .model import NO_MODULES, Ghost, Modules, Ship, Turn
from .names import place_words

R = TypeVar("R", bound=tuple)
_FIELD_INDEX: dict[type, dict[str, int]] = {
    cls: {name: i for i, name in enumerate(cls._fields)} for cls in (Ship, Turn, Ghost, Modules)}


def renew(record: R, **changes: Any) -> R:
    """`record._replace(**changes)` for the records of model.py, through tuple's constructor
    (the rules' hot path: `_replace` costs about twice as much)."""
    values = list(record)
    index = _FIELD_INDEX[type(record)]
    for name, value in changes.items():
        values[index[name]] = value
    return _new_tuple(type(record), values)


SHIP_FIELD = _FIELD_INDEX[Ship]
_new_tuple = tuple.__new__
CURSE_MAX = CONST["curse_max"]
LIMIT_PHASES = frozenset({"main", "play", "start"})
MAX_DAMAGE = CONST["max_damage"]
LOOT_TO_WIN = CONST["loot_to_win"]
CHANCE = frozenset({"first", "card", "tile", "peek_tile", "map", "treasure", "roll", "kraken_roll", "token",
                    "setup_tile", "ghost_card", "ghost_token", "ghost_repair", "bounty_draw"})
DECISION = frozenset({"captain", "pickup", "trade", "fire", "bowsprit", "shell", "grog", "peek", "wind",
                      "patch", "hands", "weather", "maelstrom", "gale", "bounty_keep", "claim"})


class Work:
    """Mutable copy of a state's fields for one step (kernel.py: for a whole random playout);
    never escapes `_step` or the kernel."""

    __slots__ = ("active", "deck", "discard", "display", "events", "face_up", "game", "map_deck",
                 "map_discard", "mods", "options", "pending", "phase", "ships", "tiles", "treasure_deck",
                 "treasure_discard", "turn", "turns", "winner")

    def __init__(self, s: Any) -> None:
        self.game = s.game
        self.options = s.game.options
        self.ships = list(s.ships)
        self.tiles, self.face_up, self.display = s.tiles, s.face_up, s.display
        self.map_deck, self.map_discard = s.map_deck, s.map_discard
        self.treasure_deck, self.treasure_discard = s.treasure_deck, s.treasure_discard
        self.deck, self.discard = s.deck, s.discard
        self.active, self.phase, self.turn = s.active, s.phase, s.turn
        self.pending, self.winner, self.turns = s.pending, s.winner, s.turns
        self.mods: Modules = s.mods
        self.events: list[Event] = []

    # -- small helpers ------------------------------------------------------------------------
    def say(self, text: str, *rules: str, detail: str = "", visible_to: int | None = None) -> None:
        self.events.append(Event(text, tuple(dict.fromkeys(rules)), detail, visible_to))

    def push(self, *tasks: tuple) -> None:
        """Resolve `tasks` next, before what was already pending."""
        self.pending = tasks + self.pending

    def ship(self, p: int) -> Ship:
        return self.ships[p]

    def set(self, p: int, **changes) -> None:
        """Change fields of ship `p` (`renew`'s constructor path, inlined: the hottest call)."""
        values = list(self.ships[p])
        for field, value in changes.items():
            values[SHIP_FIELD[field]] = value
        self.ships[p] = _new_tuple(Ship, values)

    def place(self, cell: int) -> str:
        """A hex in the words of the board at this moment (`names.place_words`)."""
        return place_words(self.tiles, self.face_up, cell)

    def name(self, p: int) -> str:
        if p < 0:
            return "the Ghost"
        return f"Player {p + 1} ({self.ships[p].captain or 'no captain'})"

    def bank(self) -> int | None:
        """R32: doubloons left in the bank (None: unlimited, V11)."""
        limit = self.options["bank_limit"]
        return None if limit is None else limit - sum(s.doubloons for s in self.ships) - off_bank(self.mods)

    def gain(self, p: int, amount: int, rule: str) -> int:
        """Give `p` up to `amount` doubloons from the bank, unless its hull is holed (R31, R32)."""
        ship = self.ships[p]
        if amount <= 0:
            return 0
        if not sh.can_gain_doubloons(ship):
            self.say(f"{self.name(p)} cannot gain doubloons", "R31", rule)
            return 0
        bank = self.bank()
        got = amount if bank is None else min(amount, bank)
        self.set(p, doubloons=ship.doubloons + got)
        self.say(f"{self.name(p)} gains {got} doubloon{'s' * (got != 1)}", rule, *(("R32",) if got < amount else ()))
        return got

    def bag(self) -> list[int]:
        """C3: the tokens in the bag now (`chance.bag`)."""
        return bag(self)

    def update_limit(self) -> None:
        """R45, R46: a 1-move limit counts from the moment it is gained."""
        active = self.active
        if active < 0 or self.phase not in LIMIT_PHASES:
            return
        turn = self.turn
        ship = self.ships[active]
        if ship.damage[SAIL] > 0 or sh.has(ship, "heavy"):     # `sh.limited`, inlined (every step)
            if turn.limit_from < 0:
                self.turn = renew(turn, limit_from=turn.moves)
        elif turn.limit_from >= 0:
            self.turn = renew(turn, limit_from=-1)

    def can_move(self, p: int) -> bool:
        return "k" not in self.turn.flags and (self.turn.limit_from < 0 or self.turn.moves < self.turn.limit_from + 1)

    def freeze(self, s: Any, item: object) -> Any:
        return build(type(s), s.game, extend(s._trail, item), tuple(self.events), tuple(self.ships), self.tiles,
                     self.face_up, self.display, self.map_deck, self.map_discard, self.treasure_deck,
                     self.treasure_discard, self.deck, self.discard, self.active, self.phase, self.turn, self.pending,
                     self.winner, self.turns, self.mods)


def build(cls, game, trail, events, ships, tiles, face_up, display, map_deck, map_discard, treasure_deck,
          treasure_discard, deck, discard, active, phase, turn, pending, winner, turns=0,
          mods: Modules = NO_MODULES) -> Any:
    """The constructor-style fast path for a new state (no copying, no validation)."""
    s = object.__new__(cls)
    put = object.__setattr__
    put(s, "game", game)
    put(s, "_trail", trail)
    put(s, "events", events)
    put(s, "ships", ships)
    put(s, "tiles", tiles)
    put(s, "face_up", face_up)
    put(s, "display", display)
    put(s, "map_deck", map_deck)
    put(s, "map_discard", map_discard)
    put(s, "treasure_deck", treasure_deck)
    put(s, "treasure_discard", treasure_discard)
    put(s, "deck", deck)
    put(s, "discard", discard)
    put(s, "active", active)
    put(s, "phase", phase)
    put(s, "turn", turn)
    put(s, "pending", pending)
    put(s, "winner", winner)
    put(s, "turns", turns)
    put(s, "mods", mods)
    put(s, "_node", node_of(phase, pending, active))
    return s


def off_bank(mods: Modules) -> int:
    """R32: doubloons out of the bank but not on a ship: Ghost-mode coins on tiles and the Ghost's own."""
    return mods.coins.bit_count() + (mods.ghost.doubloons if mods.ghost is not None else 0)


def node_of(phase: str, pending: tuple, active: int) -> tuple[str, int | None]:
    """("over"|"chance"|"decision"|"auto", who decides). "auto" is a step the rules resolve by
    themselves waiting in a written position: a chance node with the one outcome "go on"."""
    if phase == "over":
        return ("over", None)
    if pending:
        kind = pending[0][0]
        if kind in CHANCE:
            return ("chance", None)
        return ("decision", pending[0][1]) if kind in DECISION else ("auto", None)
    return ("decision", active)


# -- automatic tasks -------------------------------------------------------------------------
def settle(w: Work) -> None:
    """Resolve automatic tasks until a chance node or a decision waits (T4's "immediately")."""
    while w.phase != "over":
        if not w.pending:
            return
        task = w.pending[0]
        kind = task[0]
        if kind in CHANCE or kind in DECISION:
            check = STILL_NEEDED.get(kind)
            if check is None or check(w, task):
                return
            w.pending = w.pending[1:]
            continue
        w.pending = w.pending[1:]
        AUTOMATIC[kind](w, task)
    w.pending = ()


def only_krakens(cards: tuple[str, ...]) -> bool:
    """R6 + R7 leave a gap: a discard pile of Krakens alone would be reshuffled and drawn
    for ever (each Kraken drawn goes back to the discard). The draw ends there instead."""
    return all(card in KRAKEN for card in cards)


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
            from .hooks import modules_enter

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
            from .bounty import event

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


def win_check(w: Work, p: int) -> None:
    """R1, E1: 10 Loot wins at once."""
    if w.ships[p].loot >= LOOT_TO_WIN:
        w.phase, w.winner, w.pending = "over", p, ()
        w.say(f"{w.name(p)} reaches {w.ships[p].loot} Loot and wins", "R1", "E1", "A35")


AUTOMATIC: dict[str, Callable[[Work, tuple], None]] = {
    "draw": _draw, "pair": _pair, "enter": _enter, "damage": _damage, "curse": _curse, "kraken": _kraken,
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
}


def distance(w: Work, a: int, b: int) -> int:
    """Hex distance between two ships; b < 0 is the Ghost (R34)."""
    return DISTANCE[w.ships[a].cell][w.mods.ghost.cell if b < 0 else w.ships[b].cell]


def _register() -> None:
    from . import turns
    from .effects import effect_task  # effects.py imports this module: bound once, here
    from .hooks import register

    AUTOMATIC.update({"turn_start": turns.turn_start, "to_play": turns.to_play, "next_turn": turns.next_turn,
                      "first_player": turns.first, "effect": effect_task})
    register(AUTOMATIC, STILL_NEEDED)


_register()

