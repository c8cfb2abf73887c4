"""Jolly & Roger's rules: legal actions, exact chance, the step, scores and winners.

Round flow (T1-T6): DRAW (5 chance steps, one card each) -> SPLIT -> CHOOSE -> PLACE by
the chooser -> PLACE by the splitter -> next round or the end (E1). Drawing the five
cards one at a time from the hidden pile gives exactly the uniform 5-subset of C1-C3.
A step runs on the state's working copy (flow.Work); why an action is illegal is explain.py's.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations
from operator import eq, itemgetter

from explorer.core.events import Event

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
from .explain import describe, explain_illegal
from .flow import Work, captain_at, captain_follows, captains_follow, hand_done, put_event, said
from .groups import outcome_group as outcome_group
from .groups import stage_text as stage_text
from .model import (
    ASIDE,
    BOARD,
    DRAW,
    FIRST,
    KRAKEN,
    NAMES,
    PARROT_SIDE,
    PARROTS,
    PIRATE_USES,
    SHIP_NAMES,
    SKELETONS,
    STRENGTH,
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
    entry_card,
    pile_strength,
    rounds,
    split_of,
    take_of,
    undecided,
)

__all__ = ["NAMES", "SHIP_NAMES", "apply", "chance_outcomes", "describe", "draw_weights", "explain_illegal",
           "first_round", "kraken_targets", "legal_actions", "rounds", "sample_chance", "scores", "ship_points",
           "splits", "step", "winners"]

DRAWN = {(p, c): Event(f"{NAMES[p]} draws {c} face up", ("T1", "R2")) for p in (0, 1) for c in CARDS}
SET_ASIDE = {(rule, c): Event("A card is set aside unseen", (rule, "C1" if rule == "S4" else "C2"), detail=c)
             for rule in ("S4", "S6") for c in CARDS}   # the card is told only to the all-seeing view


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
    """One ``randrange`` over the weights (`sample_counts`), or over the two seats (C5)."""
    phase = s.phase
    if phase == "draw":
        return DRAW[CARDS[_pick(draw_weights(s) if s.setup_left else s.pile, rng)]]
    if phase == "setup":
        return ASIDE[CARDS[_pick(s.pile, rng)]]
    return FIRST[rng.randrange(2)]


def _pick(counts: tuple[int, ...], rng: random.Random) -> int:
    """`explorer.core.chance.sample_counts`: the same one ``randrange`` over the total and the
    same index, found by bisecting the running totals instead of a loop."""
    running = list(accumulate(counts))
    return bisect_right(running, rng.randrange(running[-1]))


# -- legal actions ---------------------------------------------------------------------
def splits(table: tuple[str, ...]) -> tuple[Split, ...]:
    """Every distinct split of the drawn cards into offers of 1-4 cards (T2, R3): 15 for 5 types.
    Remembered per table (the same few thousand sorted 5-card tables recur in every game)."""
    found = _SPLITS.get(table)
    if found is None:
        if len(_SPLITS) >= 50_000:
            _SPLITS.clear()
        found = _SPLITS[table] = _splits(table)
    return found


_SPLITS: dict[tuple[str, ...], tuple[Split, ...]] = {}


def _splits(table: tuple[str, ...]) -> tuple[Split, ...]:
    alike = tuple(map(eq, table, table[1:]))
    if len(table) == CARDS_PER_ROUND and len(set(table)) == len(table) - sum(alike):   # equal cards together
        return tuple([split_of(small_of(table), large_of(table)) for small_of, large_of in _parts(alike)])
    found: dict[tuple[str, ...], Split] = {}
    for size in (1, 2):
        for idx in combinations(range(len(table)), size):
            small = tuple(table[i] for i in idx)
            if small not in found:
                found[small] = Split(small, tuple(c for i, c in enumerate(table) if i not in idx))
    return tuple(found.values())


@cache
def _parts(alike: tuple[bool, ...]) -> tuple:
    """(small, large) offer getters of a sorted full table whose neighbours are `alike` (equal cards
    sit together): one per distinct small offer, first found first, as `_splits` finds them."""
    n, seen, parts = len(alike) + 1, set(), []
    kinds = [sum(not a for a in alike[:i]) for i in range(n)]     # equal cards, equal kind
    for idx in (*combinations(range(n), 1), *combinations(range(n), 2)):
        if tuple(kinds[i] for i in idx) not in seen:
            seen.add(tuple(kinds[i] for i in idx))
            parts.append((itemgetter(slice(idx[0], idx[0] + 1)) if len(idx) == 1 else itemgetter(*idx),
                          itemgetter(*(i for i in range(n) if i not in idx))))
    return tuple(parts)


def kraken_targets(s: JollyState, player: int) -> tuple[str, ...]:
    """The ships where the opponent has a non-empty crew pile (R30, R31)."""
    return tuple(ship for ship, pile in zip(SHIPS, s.piles[1 - player], strict=True) if pile)


def legal_actions(s: JollyState) -> tuple:
    if s.phase == "split":
        return splits(s.table)
    if s.phase == "choose":
        small, large = s.offers
        return (take_of(small), take_of(large))
    if s.phase != "place":
        return ()
    p = s.to_move
    opts = s.game.options
    mine, theirs = s.strengths[p], s.strengths[1 - p]
    out: list = []
    for card in dict.fromkeys(s.hands[p]):
        if card in VALUE:                          # a pirate card: crew, parrot, board
            out.extend(PIRATE_USES[card])
            i = SHIP_INDEX[card[0]]
            if mine[i] > theirs[i]:                # p's captain stands there (R14, R18)
                out.append(BOARD[card])
            continue
        if card == "SK":
            out.extend(SKELETONS)
        elif card == "KR":
            targets = kraken_targets(s, p)
            out.extend(KRAKEN[t] for t in targets)
            if not targets or opts["kraken_optional"]:
                out.append(KRAKEN[None])
        else:
            out.append(TORTUGA)
        if opts["specials_as_parrot"]:
            out.extend(PARROTS[card])
    return tuple(out)


# -- transitions -----------------------------------------------------------------------
def _minus(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    i = CARD_INDEX[card]
    return (*counts[:i], counts[i] - 1, *counts[i + 1:])


def _plus(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    i = CARD_INDEX[card]
    return (*counts[:i], counts[i] + 1, *counts[i + 1:])


def first_round(w: Work) -> None:
    """After setup: the start player (S8, V8) takes the flag, or a chance node decides (C5)."""
    w.round, w.table, w.offers, w.hands, w.to_move = 1, (), (), ((), ()), None
    choice = w.game.options["start_player"]
    if choice == "random":
        w.phase, w.splitter = "start", None
        return
    first = 0 if choice == "P1" else 1
    w.phase, w.splitter = "draw", first
    w.say(f"{NAMES[first]} holds the flag and splits round 1", ("S8", "V8"))


def step(s: JollyState, action) -> JollyState:
    w = Work(s)
    apply(w, action)
    return w.freeze(s, action)


def apply(w: Work, action) -> None:
    """The action or outcome's consequences on the working copy `w` (the step's rules)."""
    kind = type(action)
    if kind is Draw:
        _draw(w, action.card)
    elif kind is Split:
        if not w.quiet:
            w.events.append(said(f"{NAMES[w.splitter]} offers {' '.join(action.small)} or {' '.join(action.large)}",
                                  ("T2", "R3", "R26")))
        w.phase, w.offers, w.to_move = "choose", (action.small, action.large), 1 - w.splitter
    elif kind is Take:
        chooser = 1 - w.splitter
        other = w.offers[1] if action.cards == w.offers[0] else w.offers[0]
        if not w.quiet:
            w.events.append(said(f"{NAMES[chooser]} takes {' '.join(action.cards)}; {NAMES[w.splitter]} gets "
                                  f"{' '.join(other)}", ("T3", "R5")))
        w.phase, w.table, w.to_move = "place", (), chooser
        w.hands = (action.cards, other) if chooser == 0 else (other, action.cards)
    elif kind is Aside:
        _aside(w, action)
    elif kind is FirstPlayer:
        w.say(f"{NAMES[action.player]} is chosen at random to split round 1", ("S8", "V8"))
        w.phase, w.round, w.splitter, w.table, w.offers, w.to_move = "draw", 1, action.player, (), (), None
    else:
        _place(w, action)


def _draw(w: Work, card: str) -> None:
    """T1, R2: the splitter draws one card face up; the fifth opens the split (T2)."""
    table = _TABLES.get((w.table, card))
    if table is None:
        if len(_TABLES) >= 100_000:
            _TABLES.clear()
        table = _TABLES[w.table, card] = tuple(sorted((*w.table, card), key=CARD_INDEX.__getitem__))
    full = len(table) == CARDS_PER_ROUND
    if not w.quiet:
        w.events.append(DRAWN[w.splitter, card])
    w.pile = _minus(w.pile, card)
    w.phase, w.table, w.offers = ("split" if full else "draw"), table, ()
    w.to_move = w.splitter if full else None


_TABLES: dict[tuple, tuple[str, ...]] = {}   # (table, card drawn) -> the table in card order, made once


def _aside(w: Work, action: Aside) -> None:
    """S4/S6/R25: one card leaves the game unseen; the card is told only to the all-seeing view."""
    left = (w.setup_left[0] - 1, *w.setup_left[1:])
    w.early += len(w.setup_left) == 2
    pile = _minus(w.pile, action.card)
    rule = "S4" if len(w.setup_left) == 2 or not w.game.options["special_cards"] else "S6"
    if not w.quiet:
        w.events.append(SET_ASIDE[rule, action.card])
    if left[0] == 0:
        if len(left) == 2:      # S6 sequential: the specials join the 40-card pile
            pile = tuple(a + b for a, b in zip(pile, SPECIAL_COUNTS, strict=True))
            w.say("The 7 special cards are shuffled into the draw pile", ("S6", "R25", "V3"))
        left = left[1:]
    w.pile, w.aside, w.setup_left = pile, _plus(w.aside, action.card), left
    w.table, w.offers, w.to_move, w.splitter = (), (), None, None
    if not left:
        w.say(f"Setup done: {sum(pile)} cards in the draw pile, {sum(w.aside)} set aside", ("S5",))
        first_round(w)
    else:
        w.phase = "setup"


def _place(w: Work, action) -> None:
    """T4, T5: one card used by `w.to_move`, fully resolved, captains included, before the next
    (R8, A6); then the splitter's turn or the round's end (R6, R23: flow.hand_done)."""
    p = w.to_move
    kind = type(action)
    quiet = w.quiet
    if kind is Crew or kind is Parrot or kind is Skeleton:
        ship = SHIP_INDEX[action.ship]
        card = "SK" if kind is Skeleton else action.card
        entry = card if kind is Crew or kind is Skeleton else PARROT_SIDE[card]
        old = captain_at(w, ship)
        mine = w.piles[p]
        mine = (*mine[:ship], (*mine[ship], entry), *mine[ship + 1:])
        row = w.strengths[p]
        row = (*row[:ship], row[ship] + STRENGTH[entry], *row[ship + 1:])
        w.piles, w.strengths = _set(w.piles, p, mine), _set(w.strengths, p, row)
        if not quiet:
            w.events.append(put_event(p, kind, card, action.ship))
            captain_follows(w, ship, old)
    elif kind is Board:
        card = action.card
        w.chests = _set(w.chests, p, tuple(sorted((*w.chests[p], card), key=CARD_INDEX.__getitem__)))
        if not quiet:
            w.events.append(said(f"{NAMES[p]} boards {SHIP_NAMES[action.ship]}: {card} goes under the chest for "
                                  f"{VALUE[card]} gold", ("R18", "R19", "R21")))
    elif kind is Kraken:
        card = "KR"
        if action.ship is None:
            w.removed = (*w.removed, "KR")
            if not quiet:
                w.say(f"{NAMES[p]} uses a Kraken without effect",
                      ("R32", "A8") if not kraken_targets(w, p) else ("V5", "A13"))
        else:
            o, ship = 1 - p, SHIP_INDEX[action.ship]
            old = captain_at(w, ship)
            theirs = w.piles[o]
            bottom = theirs[ship][0]
            theirs = (*theirs[:ship], theirs[ship][1:], *theirs[ship + 1:])
            row = w.strengths[o]
            row = (*row[:ship], row[ship] - STRENGTH[bottom], *row[ship + 1:])
            w.piles, w.strengths = _set(w.piles, o, theirs), _set(w.strengths, o, row)
            w.removed = (*w.removed, entry_card(bottom), "KR")
            if not quiet:
                w.say(f"{NAMES[p]}'s Kraken removes {bottom} from the bottom of {NAMES[o]}'s {action.ship} pile",
                      ("R30", "A14"))
                captain_follows(w, ship, old)
    else:
        card = "TO"
        before = w.captains()
        mine = tuple(tuple(f"t:{e[2:]}" if e[0] == "p" and e[2:] in VALUE else e for e in pile)
                     for pile in w.piles[p])
        w.piles = _set(w.piles, p, mine)
        w.strengths = _set(w.strengths, p, tuple(pile_strength(pile) for pile in mine))
        w.removed = (*w.removed, "TO")
        if not quiet:
            w.say(f"{NAMES[p]} plays Tortuga: every own parrot turns to its pirate side", ("R33", "R34", "A15"))
            captains_follow(w, before)
    hand = w.hands[p]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1:]
    w.hands, w.table = _set(w.hands, p, hand), ()
    if not hand and hand_done(w) and not quiet:
        a, b = scores(w)
        ranking = winners(w)
        result = "a draw" if len(ranking) == 1 else f"{NAMES[ranking[0][0]]} wins"
        w.say(f"Game over after round {w.round}: {NAMES[0]} {a}, {NAMES[1]} {b}: {result}",
              ("E1", "E2", "E3", "E4", "E5"))


def _set(pair: tuple, player: int, value) -> tuple:
    return (value, pair[1]) if player == 0 else (pair[0], value)


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


