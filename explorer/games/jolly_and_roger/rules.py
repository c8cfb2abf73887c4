"""Jolly & Roger's rules: legal actions, exact chance, transitions and illegal-action reasons.

Round flow (T1-T6): DRAW (5 chance steps, one card each) -> SPLIT -> CHOOSE -> PLACE by
the chooser -> PLACE by the splitter -> next round or the end (E1). Drawing the five
cards one at a time from the hidden pile gives exactly the uniform 5-subset of C1-C3.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from explorer.core.chance import sample_counts
from explorer.core.errors import IllegalAction
from explorer.core.events import Event
from explorer.core.trail import extend

from .data import (
    CARD_INDEX,
    CARDS,
    CARDS_PER_ROUND,
    PIRATES,
    SHIP_INDEX,
    SHIP_VALUE,
    SHIPS,
    SPECIAL_COUNTS,
    VALUE,
)
from .model import (
    ASIDE,
    DRAW,
    TORTUGA,
    Aside,
    Board,
    Crew,
    Draw,
    FirstPlayer,
    JollyState,
    Kraken,
    Parrot,
    Skeleton,
    Split,
    Take,
    Tortuga,
    build,
    undecided,
)

NAMES = ("Player 1", "Player 2")   # seats in words; "P1"/"P2" only in the notation
SHIP_NAMES = {"G": "Green", "Y": "Yellow", "B": "Blue", "R": "Red"}
CREW = {c: Crew(c, c[0]) for c in PIRATES}
BOARD = {c: Board(c, c[0]) for c in PIRATES}
PARROT = {(c, s): Parrot(c, s) for c in CARDS for s in SHIPS}
SKELETON = {s: Skeleton(s) for s in SHIPS}
KRAKEN = {s: Kraken(s) for s in (*SHIPS, None)}
FIRST = (FirstPlayer(0), FirstPlayer(1))
PLACEMENTS = (Crew, Parrot, Board, Skeleton, Kraken, Tortuga)
ACTIONS = (Split, Take, *PLACEMENTS)
OUTCOMES = (Aside, Draw, FirstPlayer)


def rounds(game) -> int:
    """8 rounds, or 10 in the long game (R24, R36)."""
    from .data import COMPONENTS

    return COMPONENTS.long_rounds if game.options["long_game"] else COMPONENTS.rounds


# -- chance ----------------------------------------------------------------------------
def draw_weights(s: JollyState) -> tuple[int, ...]:
    """Integer weights of the next card, proportional to its chance (T1, C1-C3).

    Normally the pile's own counts. When a partial position left the set-aside cards
    undecided among ``pile``, the draw comes from the unseen cards minus the set-aside
    ones; in the sequential set-up the `e` S4 removals were pirate cards only (C3), so a
    pirate card is drawn with weight n(u_p - e) and a special with weight n u_p.
    """
    early, _ = undecided(s)
    if not early:
        return s.pile
    pirates = sum(s.pile[:len(PIRATES)])
    return tuple(n * (pirates - early) if i < len(PIRATES) else n * pirates for i, n in enumerate(s.pile))


def chance_outcomes(s: JollyState) -> tuple:
    if s.phase in ("setup", "draw"):
        make = ASIDE if s.phase == "setup" else DRAW
        weights = s.pile if s.phase == "setup" else draw_weights(s)
        total = sum(weights)
        return tuple((make[c], Fraction(n, total)) for c, n in zip(CARDS, weights, strict=True) if n)
    if s.phase == "start":
        return ((FIRST[0], Fraction(1, 2)), (FIRST[1], Fraction(1, 2)))   # C5
    return ()


def sample_chance(s: JollyState, rng: random.Random):
    if s.phase in ("setup", "draw"):
        weights = s.pile if s.phase == "setup" else draw_weights(s)
        card = CARDS[sample_counts(weights, rng)]
        return ASIDE[card] if s.phase == "setup" else DRAW[card]
    return FIRST[rng.randrange(2)]


# -- legal actions ---------------------------------------------------------------------
def splits(table: tuple[str, ...]) -> tuple[Split, ...]:
    """Every distinct split of the drawn cards into offers of 1-4 cards (T2, R3): 15 for 5 types."""
    found: dict[tuple[str, ...], Split] = {}
    for size in (1, 2):
        for idx in combinations(range(len(table)), size):
            small = tuple(table[i] for i in idx)
            if small not in found:
                found[small] = Split(small, tuple(c for i, c in enumerate(table) if i not in idx))
    return tuple(found.values())


def kraken_targets(s: JollyState, player: int) -> tuple[str, ...]:
    """The ships where the opponent has a non-empty crew pile (R30, R31)."""
    return tuple(ship for ship, pile in zip(SHIPS, s.piles[1 - player], strict=True) if pile)


def legal_actions(s: JollyState) -> tuple:
    if s.phase == "split":
        return splits(s.table)
    if s.phase == "choose":
        small, large = s.offers
        return (Take(small), Take(large))
    if s.phase != "place":
        return ()
    p = s.to_move
    opts = s.game.options
    captains = s.captains()
    out: list = []
    for card in dict.fromkeys(s.hands[p]):
        if card in VALUE:                          # a pirate card: crew, parrot, board
            out.append(CREW[card])
            out.extend(PARROT[card, ship] for ship in SHIPS)
            if captains[SHIP_INDEX[card[0]]] == p:
                out.append(BOARD[card])
            continue
        if card == "SK":
            out.extend(SKELETON[ship] for ship in SHIPS)
        elif card == "KR":
            targets = kraken_targets(s, p)
            out.extend(KRAKEN[t] for t in targets)
            if not targets or opts["kraken_optional"]:
                out.append(KRAKEN[None])
        else:
            out.append(TORTUGA)
        if opts["specials_as_parrot"]:
            out.extend(PARROT[card, ship] for ship in SHIPS)
    return tuple(out)


# -- transitions -----------------------------------------------------------------------
def _minus(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    i = CARD_INDEX[card]
    return (*counts[:i], counts[i] - 1, *counts[i + 1:])


def _plus(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    i = CARD_INDEX[card]
    return (*counts[:i], counts[i] + 1, *counts[i + 1:])


def _first_round(s: JollyState, pile, aside, setup_left, early, trail, events) -> JollyState:
    """After setup: the start player (S8, V8) takes the flag, or a chance node decides (C5)."""
    choice = s.game.options["start_player"]
    if choice == "random":
        return build(s.game, "start", 1, None, pile, aside, setup_left, early, (), (), ((), ()), None,
                     s.piles, s.chests, s.removed, s.strengths, trail, events)
    first = 0 if choice == "P1" else 1
    events = (*events, Event(f"{NAMES[first]} holds the flag and splits round 1", ("S8", "V8")))
    return build(s.game, "draw", 1, first, pile, aside, setup_left, early, (), (), ((), ()), None,
                 s.piles, s.chests, s.removed, s.strengths, trail, events)


def step(s: JollyState, action) -> JollyState:
    trail = extend(s._trail, action)
    kind = type(action)
    if kind is Draw:
        table = tuple(sorted((*s.table, action.card), key=CARD_INDEX.__getitem__))
        full = len(table) == CARDS_PER_ROUND
        ev = (Event(f"{NAMES[s.splitter]} draws {action.card} face up", ("T1", "R2")),)
        return build(s.game, "split" if full else "draw", s.round, s.splitter, _minus(s.pile, action.card),
                     s.aside, s.setup_left, s.early, table, (), s.hands, s.splitter if full else None,
                     s.piles, s.chests, s.removed, s.strengths, trail, ev)
    if kind is Split:
        ev = (Event(f"{NAMES[s.splitter]} offers {' '.join(action.small)} or {' '.join(action.large)}",
                    ("T2", "R3", "R26")),)
        return build(s.game, "choose", s.round, s.splitter, s.pile, s.aside, s.setup_left, s.early, s.table,
                     (action.small, action.large), s.hands, 1 - s.splitter, s.piles, s.chests, s.removed,
                     s.strengths, trail, ev)
    if kind is Take:
        chooser = 1 - s.splitter
        other = s.offers[1] if action.cards == s.offers[0] else s.offers[0]
        hands = (action.cards, other) if chooser == 0 else (other, action.cards)
        ev = (Event(f"{NAMES[chooser]} takes {' '.join(action.cards)}; {NAMES[s.splitter]} gets "
                    f"{' '.join(other)}", ("T3", "R5")),)
        return build(s.game, "place", s.round, s.splitter, s.pile, s.aside, s.setup_left, s.early, (),
                     s.offers, hands, chooser, s.piles, s.chests, s.removed, s.strengths, trail, ev)
    if kind is Aside:
        return _aside(s, action, trail)
    if kind is FirstPlayer:
        ev = (Event(f"{NAMES[action.player]} is chosen at random to split round 1", ("S8", "V8")),)
        return build(s.game, "draw", 1, action.player, s.pile, s.aside, s.setup_left, s.early, (), (),
                     s.hands, None, s.piles, s.chests, s.removed, s.strengths, trail, ev)
    from .placing import place

    return place(s, action, trail)


def _aside(s: JollyState, action: Aside, trail) -> JollyState:
    """S4/S6/R25: one card leaves the game unseen; the card is told only to the all-seeing view."""
    left = (s.setup_left[0] - 1, *s.setup_left[1:])
    early = s.early + (len(s.setup_left) == 2)
    pile = _minus(s.pile, action.card)
    rule = "S4" if len(s.setup_left) == 2 or not s.game.options["special_cards"] else "S6"
    events = [Event("A card is set aside unseen", (rule, "C1" if rule == "S4" else "C2"), detail=action.card)]
    if left[0] == 0:
        if len(left) == 2:      # S6 sequential: the specials join the 40-card pile
            pile = tuple(a + b for a, b in zip(pile, SPECIAL_COUNTS, strict=True))
            events.append(Event("The 7 special cards are shuffled into the draw pile", ("S6", "R25", "V3")))
        left = left[1:]
    aside = _plus(s.aside, action.card)
    if not left:
        events.append(Event(f"Setup done: {sum(pile)} cards in the draw pile, {sum(aside)} set aside",
                            ("S5",)))
        return _first_round(s, pile, aside, (), early, trail, tuple(events))
    return build(s.game, "setup", s.round, None, pile, aside, left, early, (), (), s.hands, None, s.piles,
                 s.chests, s.removed, s.strengths, trail, tuple(events))


# -- scoring ---------------------------------------------------------------------------
def ship_points(s: JollyState, player: int) -> int:
    """Values of the ships where `player`'s captain stands (E3); a tied ship scores nobody (A5)."""
    return sum(v for v, c in zip(SHIP_VALUE, s.captains(), strict=True) if c == player)


def scores(s: JollyState) -> tuple[int, int]:
    """Gold plus ship points (E2-E4); during play, what the position would score now."""
    return (s.gold(0) + ship_points(s, 0), s.gold(1) + ship_points(s, 1))


def winners(s: JollyState) -> tuple[tuple[int, ...], ...]:
    """Higher total wins (E4); equal totals: draw, or V6's tie-break (E5, A16)."""
    a, b = scores(s)
    if a == b:
        rule = s.game.options["tiebreak"]
        if rule == "more_gold":
            a, b = s.gold(0), s.gold(1)
        elif rule == "more_ships":
            caps = s.captains()
            a, b = caps.count(0), caps.count(1)
    if a == b:
        return ((0, 1),)
    return ((0,), (1,)) if a > b else ((1,), (0,))


# -- illegal actions -------------------------------------------------------------------
PHASE_RULE = {"setup": "S4", "start": "S8", "draw": "T1", "split": "T2", "choose": "T3", "place": "T4",
              "over": "E1"}


def explain_illegal(s: JollyState, action) -> IllegalAction:
    phase = s.phase
    if not isinstance(action, ACTIONS + OUTCOMES):
        return IllegalAction(PHASE_RULE[phase], f"{action!r} is not a Jolly & Roger action", action)
    if phase == "over":
        return IllegalAction("E1", "the game is over after the last round", action)
    if s.is_chance:
        if isinstance(action, OUTCOMES):
            return IllegalAction(PHASE_RULE[phase], f"{action} cannot happen now (only the cards still in "
                                 "the pile can come up)", action)
        return IllegalAction(PHASE_RULE[phase], "cards are being set aside or drawn; no one decides now", action)
    if phase == "split":
        if not isinstance(action, Split):
            return IllegalAction("T2", f"{NAMES[s.splitter]} must first split the five cards", action)
        if sorted((*action.small, *action.large)) != sorted(s.table):
            return IllegalAction("R4", "a split must use each drawn card exactly once", action)
        return IllegalAction("R3", "each offer must hold 1 to 4 cards", action)
    if phase == "choose":
        if not isinstance(action, Take):
            return IllegalAction("T3", f"{NAMES[s.to_move]} must first take one of the two offers", action)
        return IllegalAction("R5", "the chooser must take exactly one of the two offers as laid out", action)
    from .placing import explain_placement

    return explain_placement(s, action)



def describe(s: JollyState, action) -> str:
    """The move or outcome in the board's words (`explain.describe`)."""
    from .explain import describe as words

    return words(s, action)
