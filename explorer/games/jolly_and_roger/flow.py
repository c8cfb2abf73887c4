"""The mutable working copy of one step, and the rules' automatic consequences.

`rules.step` copies the state's fields into a `Work` (the next state, mutable until frozen),
applies the action or outcome there (`rules.apply`), and `freeze` hands the `Work` back as
the new immutable `JollyState`, so a step copies the fields once. The consequences no
player chooses follow every placement: captains follow the strengths (R14-R17, A5), the
splitter places once the chooser is done (R6), and the round ends when both are (R23, E1).
playout.py runs the same code on one `QuietWork` for a whole game.
"""

from __future__ import annotations

from functools import lru_cache

from explorer.core.events import Event
from explorer.core.trail import extend

from .data import COMPONENTS, SHIPS, VALUE
from .model import NAMES, SHIP_NAMES, Crew, JollyState, Parrot, rounds


class Work(JollyState):
    """The next state, built in place while one step runs: its fields start as a copy of the
    state stepped from (model.FIELDS) and change as the step goes; `freeze` turns it into
    that (immutable) `JollyState`."""

    __slots__ = ()
    __setattr__ = object.__setattr__   # mutable until frozen (State forbids assignment)

    def __init__(self, s: JollyState) -> None:
        # Plain attribute copies of every field in model.FIELDS (a loop over the names costs
        # several times as much on every step); tests/games/jolly_and_roger checks it covers
        # FIELDS exactly.
        self.game = s.game
        self.phase, self.round, self.splitter, self.pile, self.aside = s.phase, s.round, s.splitter, s.pile, s.aside
        self.setup_left, self.early, self.table, self.offers = s.setup_left, s.early, s.table, s.offers
        self.hands, self.to_move, self.piles, self.chests = s.hands, s.to_move, s.piles, s.chests
        self.removed, self.strengths = s.removed, s.strengths
        self._legal = None   # worked out once the state is frozen (JollyState.legal_actions)
        self.events = []   # Events appended while the step runs; freeze makes it a tuple

    def say(self, text: str, rules: tuple[str, ...], detail: str = "") -> None:
        self.events.append(Event(text, rules, detail=detail) if detail else Event(text, rules))

    quiet = False
    """True when the events are not kept (a playout): their words need not be made (a class
    attribute, not a property: the step reads it several times)."""

    def freeze(self, prev: JollyState | None, action) -> JollyState:
        """This object, now the immutable state after `action` from `prev` (no more changes)."""
        self._trail = None if prev is None else extend(prev._trail, action)
        self.events = tuple(self.events)
        self.__class__ = JollyState
        return self


class QuietWork(Work):
    """A `Work` that keeps no events: a playout reports only how the game ended."""

    __slots__ = ()

    def say(self, text: str, rules: tuple[str, ...], detail: str = "") -> None:
        return None

    quiet = True


def _captain_event(ship: int, old: int | None, new: int | None) -> Event:
    name = SHIP_NAMES[SHIPS[ship]]
    if new is None:
        return Event(f"Tie on {name}: no captain stands there", ("R16", "A5"))
    if old is None:
        return Event(f"{NAMES[new]}'s captain takes {name}", ("R14", "R17"))
    return Event(f"{NAMES[new]}'s captain replaces {NAMES[old]}'s on {name}", ("R15",))


CAPTAIN_EVENTS = {(ship, old, new): _captain_event(ship, old, new) for ship in range(len(SHIPS))
                  for old in (None, 0, 1) for new in (None, 0, 1) if old != new}


def captain_events(before: tuple, after: tuple) -> list[Event]:
    """Captains placed, swapped or removed as majorities change (R14-R16)."""
    return [CAPTAIN_EVENTS[ship, old, new] for ship, (old, new) in enumerate(zip(before, after, strict=True))
            if old != new]


def captains_follow(w: Work, before: tuple) -> None:
    """R14-R17: the captains stand where the strengths now put them (they are derived from the
    strengths, `JollyState.captains`); what changed is told."""
    if not w.quiet:
        after = w.captains()
        if after != before:
            w.events.extend(captain_events(before, after))


def captain_at(s: JollyState, ship: int) -> int | None:
    """Who has the captain on one ship (R14-R16): `JollyState.captains` for one ship."""
    a, b = s.strengths[0][ship], s.strengths[1][ship]
    return 0 if a > b else 1 if b > a else None


def captain_follows(w: Work, ship: int, old: int | None) -> None:
    """`captains_follow` when only `ship`'s strengths changed."""
    new = captain_at(w, ship)
    if new != old:
        w.events.append(CAPTAIN_EVENTS[ship, old, new])


said = lru_cache(maxsize=1 << 14)(Event)     # one Event per words and rules: offers, takes and boardings recur
ROUND_ENDS = {(r, p): Event(f"Round {r} ends; the flag passes to {NAMES[p]}", ("T6", "R23"))
              for r in range(1, COMPONENTS.long_rounds) for p in (0, 1)}   # the last round ends the game (E1)


_PUT: dict[tuple, Event] = {}


def put_event(p: int, kind: type, card: str, ship: str) -> Event:
    """A card added to a crew pile, in words (R9, R11, R12, R28; V4 for a special's parrot),
    made once per player, kind, card and ship."""
    key = (p, kind, card, ship)
    event = _PUT.get(key)
    if event is None:
        if kind is Crew:
            cited, how = ("R9", "R12"), "as crew"
        elif kind is Parrot:
            cited, how = ("R11", "R12") if card in VALUE else ("V4", "A12"), "parrot side"
        else:
            cited, how = ("R28",), "(strength 3)"
        event = _PUT[key] = Event(f"{NAMES[p]} puts {card} {how} on {SHIP_NAMES[ship]}", cited)
    return event


def hand_done(w: Work) -> bool:
    """After a player's last card: the chooser done -> the splitter places (R6); the splitter
    done -> the round ends (R23), or the game after the last round (E1). True when the game is
    over (the rules then score it)."""
    if w.to_move != w.splitter:
        w.to_move = w.splitter
        return False
    w.offers = ()
    w.to_move = None
    if w.round >= rounds(w.game):
        w.phase = "over"
        return True
    w.phase = "draw"
    w.round += 1
    w.splitter = 1 - w.splitter
    if not w.quiet:
        w.events.append(ROUND_ENDS[w.round - 1, w.splitter])
    return False
