"""Using one card in a placement phase (T4, T5): crew, parrot, boarding and the specials.

Every card is resolved fully, captains included, before the next (R8, A6). Captains
follow the strengths: strictly stronger holds the ship, a tie empties it (R14-R17, A5).
"""

from __future__ import annotations

from explorer.core.errors import IllegalAction
from explorer.core.events import Event

from .data import CARD_INDEX, SHIP_INDEX, SHIPS, VALUE
from .model import Board, Crew, JollyState, Kraken, Parrot, Skeleton, Tortuga, build, entry_card, pile_strength
from .rules import NAMES, SHIP_NAMES, kraken_targets, rounds, winners


def _drop(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _set(pair: tuple, player: int, value) -> tuple:
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _set_ship(piles: tuple, ship: int, pile: tuple) -> tuple:
    return (*piles[:ship], pile, *piles[ship + 1:])


def captain_events(before: tuple, after: tuple) -> list[Event]:
    """Captains placed, swapped or removed as majorities change (R14-R16)."""
    out = []
    for ship, (old, new) in enumerate(zip(before, after, strict=True)):
        if old == new:
            continue
        name = SHIP_NAMES[SHIPS[ship]]
        if new is None:
            out.append(Event(f"Tie on {name}: no captain stands there", ("R16", "A5")))
        elif old is None:
            out.append(Event(f"{NAMES[new]}'s captain takes {name}", ("R14", "R17")))
        else:
            out.append(Event(f"{NAMES[new]}'s captain replaces {NAMES[old]}'s on {name}", ("R15",)))
    return out


def place(s: JollyState, action, trail) -> JollyState:
    """Apply one placement by `s.to_move`; then pass to the splitter or end the round (R6, R23)."""
    p = s.to_move
    piles, chests, removed, strengths = s.piles, s.chests, s.removed, s.strengths
    kind = type(action)
    mine = list(piles[p])
    if kind is Crew or kind is Parrot or kind is Skeleton:
        ship = SHIP_INDEX[action.ship]
        if kind is Crew:
            card, entry, rules, how = action.card, action.card, ("R9", "R12"), "as crew"
        elif kind is Parrot:
            card, entry, rules, how = action.card, f"p:{action.card}", ("R11", "R12"), "parrot side"
            if card not in VALUE:
                rules = ("V4", "A12")
        else:
            card, entry, rules, how = "SK", "SK", ("R28",), "(strength 3)"
        mine[ship] = (*mine[ship], entry)
        strengths = _set(strengths, p, _set_ship(strengths[p], ship, strengths[p][ship] + _strength(entry)))
        text = f"{NAMES[p]} puts {card} {how} on {SHIP_NAMES[action.ship]}"
        piles = _set(piles, p, tuple(mine))
    elif kind is Board:
        card, rules = action.card, ("R18", "R19", "R21")
        chests = _set(chests, p, tuple(sorted((*chests[p], card), key=CARD_INDEX.__getitem__)))
        text = f"{NAMES[p]} boards {SHIP_NAMES[action.ship]}: {card} goes under the chest for {VALUE[card]} gold"
    elif kind is Kraken:
        card = "KR"
        if action.ship is None:
            rules = ("R32", "A8") if not kraken_targets(s, p) else ("V5", "A13")
            text = f"{NAMES[p]} uses a Kraken without effect"
            removed = (*removed, "KR")
        else:
            o, ship = 1 - p, SHIP_INDEX[action.ship]
            theirs = list(piles[o])
            bottom, theirs[ship] = theirs[ship][0], theirs[ship][1:]
            piles = _set(piles, o, tuple(theirs))
            strengths = _set(strengths, o, _set_ship(strengths[o], ship, strengths[o][ship] - _strength(bottom)))
            removed = (*removed, entry_card(bottom), "KR")
            rules = ("R30", "A14")
            text = f"{NAMES[p]}'s Kraken removes {bottom} from the bottom of {NAMES[o]}'s {action.ship} pile"
    else:
        card, rules = "TO", ("R33", "R34", "A15")
        mine = [tuple(f"t:{e[2:]}" if e[0] == "p" and e[2:] in VALUE else e for e in pile) for pile in mine]
        piles = _set(piles, p, tuple(mine))
        strengths = _set(strengths, p, tuple(pile_strength(pile) for pile in mine))
        removed = (*removed, "TO")
        text = f"{NAMES[p]} plays Tortuga: every own parrot turns to its pirate side"
    events = [Event(text, rules)]
    before = s.captains()
    hands = _set(s.hands, p, _drop(s.hands[p], card))
    new = build(s.game, "place", s.round, s.splitter, s.pile, s.aside, s.setup_left, s.early, (), s.offers,
                hands, p, piles, chests, removed, strengths, trail, ())
    events.extend(captain_events(before, new.captains()))
    if hands[p]:
        object.__setattr__(new, "events", tuple(events))
        return new
    return _hand_done(new, events)


def _strength(entry: str) -> int:
    from .model import STRENGTH

    return STRENGTH[entry]


def _hand_done(s: JollyState, events: list[Event]) -> JollyState:
    """Chooser done -> splitter places (R6); splitter done -> the round ends (R23, E1)."""
    setter = object.__setattr__
    if s.to_move != s.splitter:
        setter(s, "to_move", s.splitter)
        setter(s, "events", tuple(events))
        return s
    setter(s, "offers", ())
    if s.round >= rounds(s.game):
        setter(s, "phase", "over")
        setter(s, "to_move", None)
        a, b = s.scores()
        ranking = winners(s)
        result = "a draw" if len(ranking) == 1 else f"{NAMES[ranking[0][0]]} wins"
        events.append(Event(f"Game over after round {s.round}: {NAMES[0]} {a}, {NAMES[1]} {b}: {result}",
                            ("E1", "E2", "E3", "E4", "E5")))
    else:
        setter(s, "phase", "draw")
        setter(s, "round", s.round + 1)
        setter(s, "splitter", 1 - s.splitter)
        setter(s, "to_move", None)
        events.append(Event(f"Round {s.round - 1} ends; the flag passes to {NAMES[s.splitter]}", ("T6", "R23")))
    setter(s, "events", tuple(events))
    return s


def explain_placement(s: JollyState, action) -> IllegalAction:
    """Why a card cannot be used this way now, naming the rule (R6-R35)."""
    p = s.to_move
    role = "the chooser, first" if p != s.splitter else "the splitter, after the chooser"
    if not isinstance(action, (Crew, Parrot, Board, Skeleton, Kraken, Tortuga)):
        return IllegalAction("R6", f"it is {NAMES[p]}'s turn to place cards ({role}); the split and the "
                                   "choice are done", action)
    card = {Skeleton: "SK", Kraken: "KR", Tortuga: "TO"}.get(type(action)) or action.card
    if card not in s.hands[p] and card in s.hands[1 - p]:     # an out-of-turn try by the waiting splitter
        return IllegalAction("R6", f"it is {NAMES[p]}'s turn ({role}): {NAMES[1 - p]} uses {card} only once "
                                   f"{NAMES[p]} has used all their cards", action)
    if card not in s.hands[p]:
        return IllegalAction("R7", f"it is {NAMES[p]}'s turn ({role}) and they hold no {card} to use "
                                   f"(hand: {' '.join(s.hands[p])})", action)
    ship = getattr(action, "ship", None)
    if ship is not None and ship not in SHIP_INDEX:
        return IllegalAction("S1", f"{ship!r} is not a ship (G, Y, B, R)", action)
    if isinstance(action, Crew):
        if card not in VALUE:
            return IllegalAction("R35", "a special card has no pirate side to add as crew", action)
        return IllegalAction("R10", f"{card} shows its pirate side only on the {card[0]} ship", action)
    if isinstance(action, Parrot):
        return IllegalAction("R35", "special cards are used only for their own effect (V4 allows parrots)", action)
    if isinstance(action, Board):
        if card not in VALUE:
            return IllegalAction("R29", "special cards have no gold value and cannot be boarded", action)
        if ship != card[0]:
            return IllegalAction("R20", f"only a card of the ship's colour can board it ({card} is not {ship})",
                                 action)
        return IllegalAction("R18", f"{NAMES[p]} has no captain on {SHIP_NAMES[ship]}, so cannot board it", action)
    if isinstance(action, Kraken):
        if ship is None:
            return IllegalAction("R30", "the opponent has a crew pile to hit, so the Kraken must pick one "
                                 "(A13; V5 makes it optional)", action)
        return IllegalAction("R31", f"the opponent has no crew pile on {SHIP_NAMES[ship]} to hit", action)
    return IllegalAction("R7", "not a legal use of the card now", action)
