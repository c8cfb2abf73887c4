"""The mutable working copy of a step (`Work`), the table before setup (`new_fields`), and the
rules' automatic consequences: the round's automatic tasks (setup looks, the draft's start,
markers, the island flip, step 4, the final count), citing rule IDs.

`rules.step` copies the state's fields into a `Work`, runs the action or outcome on it, settles
the automatic tasks (`AUTO` here, the events' in turn/events.py) and freezes it into the next
state; the turn's tasks (turn/) change the same `Work`.
"""

from __future__ import annotations

from functools import lru_cache

from explorer.core.events import Event
from explorer.core.trail import extend

from .data import CHARACTERS, ENDING_NAMES, ENDINGS, EVENT_NAMES, ISLAND_TILES, RESOURCES
from .model import NO_TURN, ROUTES, RushState, copy_fields, island_name, parse_island, parse_slot
from .tokens.knowledge import reveal
from .turn.scoring import scores, winners
from .turn.table import commander, next_islands, opt, players, supply


class Work(RushState):
    """The next state, built in place while one step runs: its fields start as a copy of
    the state stepped from and change as the step goes; `freeze` turns it into that
    (immutable) `RushState`, so a step copies the fields once."""

    __slots__ = ()
    __setattr__ = object.__setattr__   # mutable until frozen (State forbids assignment)

    def __init__(self, s: RushState) -> None:
        copy_fields(self, s)
        self.game = s.game
        self.events = []   # Events appended while the step runs; freeze makes it a tuple

    def push(self, *tasks: tuple) -> None:
        """Queue tasks to run in the order given (the first on top)."""
        self.stack = self.stack + tuple(reversed(tasks))

    def pop(self) -> tuple:
        task = self.stack[-1]
        self.stack = self.stack[:-1]
        return task

    def say(self, text: str, *rules: str, detail: str = "", to: int | None = None) -> None:
        self.events.append(_event(text, rules, detail, to))

    def set(self, field: str, index: int, value) -> None:
        seq = getattr(self, field)
        setattr(self, field, (*seq[:index], value, *seq[index + 1:]))

    def freeze(self, prev: RushState | None, action) -> RushState:
        """This object, now the immutable state after `action` from `prev` (no more changes)."""
        self._trail = None if prev is None else extend(prev._trail, action)
        self.events = tuple(self.events)
        self.__class__ = RushState
        return self


# Events are immutable values and most steps say the same few things ("Player 2 ends the turn"):
# one shared Event per text costs a lookup, not a frozen dataclass's four guarded assignments.
_event = lru_cache(maxsize=8192)(Event)


# -- automatic tasks --------------------------------------------------------------------
def _setup_looks(w: Work, task: tuple) -> None:
    """S9: from the starting player clockwise, each pirate investigates `setup_investigations` tiles."""
    n = players(w)
    k = opt(w, "setup_investigations")
    if k:
        w.push(*[("setup_look", (w.starter + i) % n, k) for i in range(n)])


def _round(w: Work, task: tuple) -> None:
    """T1: a new round at the ship's island; the draft starts with the starting player (R4)."""
    n = players(w)
    w.phase = "play"
    w.round += 1
    w.chosen = (0,) * n
    w.played = ()
    w.current = -1
    w.turn = NO_TURN
    w.event = ""
    w.anchor = -1
    w.say(f"Round {w.round} at {island_name(w.ship)}; Player {w.starter + 1} drafts first", "T0", "T1", "R4")
    tasks = [("draft", (w.starter + i) % n) for i in range(n)] + [("markers",)]
    if opt(w, "advanced"):
        tasks.append(("flip",))
    else:
        w.say("Basic game: the island tile stays inert", "R9", "S10")
    w.push(*tasks, ("call",))


def _markers(w: Work, task: tuple) -> None:
    """R6: each unchosen character without a marker gets one from the supply (A39: at most 1)."""
    add = [r for r in w.row if r not in w.chosen and r not in w.markers]
    added = []
    for r in add:
        if supply(w) > 0:
            w.markers = tuple(sorted((*w.markers, r)))
            added.append(CHARACTERS[r].name)
    w.say(f"Unchosen characters gain a marker: {', '.join(added) or 'none'}", "R6", "R27", "R7")


def _flip(w: Work, task: tuple) -> None:
    """R8, T2: turn the ship's island tile face up and resolve its event."""
    j = w.ship
    if not w.islands[j]:
        w.push(("isee", j, ()), ("flip",))
        return
    w.set("flipped", j, True)
    tile = ISLAND_TILES[w.islands[j]]
    w.event = tile.event
    w.say(f"{island_name(j)} flips: {tile.id}, {tile.colour} {tile.resource}, {EVENT_NAMES[tile.event]}",
          "R8", "T2", "R47")
    starts = {"juegos": ("jdc_start",), "perdidos": ("perdidos",), "duelo": ("duel_start",)}
    if tile.event in starts:
        w.push(starts[tile.event])
    elif tile.event == "revuelta":
        w.say("Revuelta: the lowest-ranked pirate commands this round", "R59")


def _step4(w: Work, task: tuple) -> None:
    """T4: R61-R62 (advanced), then R63-R64, or the end (E1, E2, V14)."""
    cmd = commander(w)
    if opt(w, "advanced"):
        tile = ISLAND_TILES[w.islands[w.ship]]
        c = RESOURCES.index(tile.resource)
        if tile.colour == "red":
            if w.resources[c] == 0:
                w.ending = ENDINGS[tile.resource]
                w.say(f"The ship cannot lose {tile.resource}: the game ends at once ({ENDING_NAMES[w.ending]})",
                      "R62", "E2", "E7")
                stealers = tuple((cmd + i) % players(w) for i in range(1, players(w)))
                w.push(*((("motin", cmd, stealers),) if w.ending == "motin" else ()), ("over",))
                return
            w.set("resources", c, w.resources[c] - 1)
            w.say(f"Red island: the ship loses 1 {tile.resource}", "R61")
        elif w.resources[c] < opt(w, "resources_per_colour"):
            w.set("resources", c, w.resources[c] + 1)
            w.say(f"Green island: the ship regains 1 {tile.resource}", "R61")
    else:
        w.say("Basic game: no resource change", "R65")
    if not next_islands(w):
        w.say("The round at the last island is over: the game ends", "E1", "R35")
        w.push(("over",))
        return
    if opt(w, "end_rule") == "end_on_arrival" and not next_islands_of(w, w.anchor):
        w.say("The ship would reach the last island: the game ends (end_on_arrival)", "E1", "V14")
        w.push(("over",))
        return
    w.ship = w.anchor
    w.set("visited", w.ship, True)
    w.starter = (cmd + 1) % players(w)
    w.say(f"The ship sails to {island_name(w.ship)}; Player {w.starter + 1} starts next", "R63", "R64", "R60")
    w.push(("round",))


def next_islands_of(w: Work, island: int) -> tuple[int, ...]:
    return ROUTES[opt(w, "route_layout")][0][island]


def _over(w: Work, task: tuple) -> None:
    """E8-E10; with final_tie "manual" (V13) a tie after the rum count waits for the table's word."""
    w.current = task[1] if len(task) > 1 else -1   # the pirate the table named (V13), kept for `winners`
    if len(task) == 1 and any(t not in w.known[q] for pile in w.loot for t in pile for q in range(w.game.players)):
        for pile in w.loot:   # E3, E9: the final count (rum for the tie-break too) is made in the open
            for t in pile:
                reveal(w, t)
        w.say("The loot is turned face up for the final count", "E3", "E9")
    if opt(w, "final_tie") == "manual" and len(task) == 1:
        top = winners(w)[0]
        if len(top) > 1:
            names = " and ".join(f"Player {p + 1}" for p in top)
            w.say(f"{names} tie on points and rum: the table decides who wins (the first to insult his rival)",
                  "E9", "E10", "V13")
            w.push(("tie", top))
            return
    w.phase = "over"
    w.stack = ()
    w.say(f"Final scores: {list(scores(w))}", "E3", "E8", "E9")


AUTO = {"setup_looks": _setup_looks, "round": _round, "markers": _markers, "flip": _flip,
        "step4": _step4, "over": _over}


# -- the Investigate action's chance node (R13, R14) ----------------------------------
def look(w: Work, p: int, target: str) -> None:
    """R13, R14, H2, H3 (A16: which tile is public, what it is private)."""
    if "." in target:
        j, i = parse_slot(target)
        w.say(f"Player {p + 1} investigates {target}", "R13", "R16", "H2")
        w.push(("see", w.slots[j][i], (p,)))
    else:
        j = parse_island(target)
        w.say(f"Player {p + 1} investigates the island tile of {target}", "R14", "H3")
        w.push(("isee", j, (p,)))


def new_fields(game) -> dict:
    """S1-S4, S7: before the setup chance nodes (the loot deal is implicit: kinds resolve when seen)."""
    n = game.players
    slots = tuple(tuple(j * n + i for i in range(n)) for j in range(8))
    start = ("starter",) if game.options["starting_player"] == "random" else ("choose_start",)
    stack = tuple(reversed((("removed",), ("row",), start, ("setup_looks",), ("round",))))
    return {
        "phase": "setup", "stack": stack, "kinds": ("",) * 40, "slots": slots, "loot": ((),) * n,
        "discard": tuple(range(8 * n, 40)), "islands": ("",) * 8, "flipped": (False,) * 8, "removed": (),
        "row": (), "markers": (), "chosen": (0,) * n, "prestige": (game.options.get("start_prestige", 1),) * n,
        "prosthetics": ((),) * n, "resources": (game.options["resources_per_colour"],) * 3, "ship": 0,
        "anchor": -1, "round": 0, "starter": 0, "played": (), "current": -1, "turn": NO_TURN, "event": "",
        "known": (frozenset(),) * n, "vague": ((),) * n, "peeked": (frozenset(),) * n, "ending": "",
        "visited": (True,) + (False,) * 7,
    }
