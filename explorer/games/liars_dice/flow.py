"""The mutable working copy of one step, and the rules' automatic consequences: a call lifts the
cups (R4), the wrong player loses a die (R5), a seat without dice is out (R7), and the next round
is rolled with its opener (R8, T1), unless the game is over (E1, E2)."""

from __future__ import annotations

from functools import cache

from explorer.core.events import Event
from explorer.core.trail import extend

from .model import Bid, LiarsDiceState, build


@cache
def quantity_words(quantity: int, face: int) -> str:
    """``3 fours``-style words for a bid (R1); worked out once per bid."""
    names = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    plural = {6: "sixes"}
    name = names.get(face, str(face))
    return f"{quantity} {name}" if quantity == 1 else f"{quantity} {plural.get(face, name + 's')}"


class Working:
    """The fields of a state while one step changes them: a roll or a bid replaces one field, so
    the fields stay the state's own tuples until a step changes them."""

    def __init__(self, s: LiarsDiceState) -> None:
        self.s = s
        self.dice = s.dice
        self.cups = s.cups
        self.bids = s.bids
        self.opener, self.out, self.loser, self.called, self.round = s.opener, s.out, s.loser, s.called, s.round
        self.events: list[Event] = []

    def name(self, seat: int) -> str:
        return self.s.game.player_name(seat)

    def roll(self, face: int) -> None:
        """C1: the roller's next die shows `face`, seen only by the roller (T1)."""
        seat = self.s.roller
        cups = self.cups
        self.cups = (*cups[:seat], tuple(sorted((*cups[seat], face))), *cups[seat + 1:])
        self.events.append(Event(f"{self.name(seat)} rolls a die under the cup", ("T1", "C1"), f"a {face}", seat))

    def bid(self, bid: Bid) -> None:
        """R1, R2: the bidder's claim stands until raised or called."""
        seat = self.s.player
        self.bids = (*self.bids, (seat, bid.quantity, bid.face))
        self.events.append(Event(f"{self.name(seat)} bids {quantity_words(bid.quantity, bid.face)}", ("R1", "R2")))

    def call(self, bidder: int, quantity: int, face: int, count: int) -> None:
        """R4, R5: the cups are lifted; at least `quantity` counting dice and the caller loses, else the bidder."""
        caller = self.s.player
        loser = caller if count >= quantity else bidder
        verdict = "the bid stands" if count >= quantity else "the bid was a lie"
        self.events.append(Event(f"{self.name(caller)} calls liar on {quantity_words(quantity, face)}: "
                                 f"{count} counted, {verdict}; {self.name(loser)} loses a die", ("R4", "R5", "R6")))
        self.loser = loser
        if self.s.game.options["single_round"]:
            self.called = True                      # E2: one round, not a match
            return
        self.dice = dice = (*self.dice[:loser], self.dice[loser] - 1, *self.dice[loser + 1:])
        if not dice[loser]:
            self.out = (*self.out, loser)
            self.events.append(Event(f"{self.name(loser)} has no dice left and is out", ("R7",)))
        self.cups = ((),) * len(dice)
        self.bids = ()
        if sum(1 for d in self.dice if d) <= 1:
            winner = next(p for p, d in enumerate(self.dice) if d)
            self.events.append(Event(f"{self.name(winner)} is the last with dice and wins", ("E1",)))
            return
        self.opener = self.next_opener(loser, caller if loser == bidder else bidder)
        self.round += 1
        self.events.append(Event(f"Round {self.round}: everyone rolls again; {self.name(self.opener)} opens",
                                 ("R8", "T1")))

    def next_opener(self, loser: int, winner: int) -> int:
        """R8, V4: the loser opens (the next seat with dice when the loser is out), or the winner."""
        if self.s.game.options["next_opener"] == "winner":
            return winner
        if self.dice[loser]:
            return loser
        n = len(self.dice)
        return next((loser + k) % n for k in range(1, n) if self.dice[(loser + k) % n])

    def freeze(self, action) -> LiarsDiceState:
        s = self.s
        return build(s.game, extend(s._trail, action), tuple(self.events), self.dice, self.cups, self.bids,
                     self.opener, self.out, self.loser, self.called, self.round)
