"""Sjørøverøya's rules: legal actions, chance nodes, transitions and the ranking.

Each rule's code cites its digest ID (../shared/rules/sjoroveroya.md), and so do the
events it reports and the errors it raises.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import compress
from typing import Any

from explorer.core.chance import from_counts, pick_counts, uniform
from explorer.core.events import Event
from explorer.core.trail import extend

from .data import COMPONENTS, GOAL, SUIT_INDEX, SUITS, SYMBOLS
from .explain import describe as describe
from .explain import explain_illegal, place_name, pretty_suits
from .flow import (
    EVENT_MEMORY,
    Config,
    Work,
    chance_kind,
    config,
    draw_card,
    end_turn,
    occ,
    player_name,
    post_move,
    settle,
    start_play,
    thawed_list,
)
from .groups import outcome_group as outcome_group
from .groups import stage_text as stage_text
from .model import (
    BACKWARD,
    DISCARD,
    DRAW,
    END_TURN,
    FORWARD,
    REVEAL,
    Backward,
    Discard,
    Draw,
    EndTurn,
    FirstPlayer,
    Forward,
    Layout,
    Reveal,
    SjoroveroyaState,
)
from .track.moves import Occupancy, backward_moves, backward_target, distances, forward_target

SUIT_NUMBERS = range(4)
FORWARD_AT = tuple(tuple(FORWARD[p, s] for s in SUITS) for p in range(21))   # by place, then suit index
LAYOUTS = tuple("".join(p) for p in itertools.permutations(SUITS))


# -- reading a frozen state ---------------------------------------------------------------
def chance_outcomes(s: SjoroveroyaState) -> tuple[tuple[Any, Fraction], ...]:
    kind = chance_kind(s)
    if kind == "layout":   # S4, C1: each block an independent uniform shuffle
        block = len(s.track) // 4 + 1
        return uniform([Layout(block, order) for order in LAYOUTS])
    if kind == "draw":     # C2, C3: one card from the multiset the pile holds
        return from_counts(zip(DRAW, s.pile, strict=True))
    if kind == "reveal":   # V6: the next card turned face up
        return from_counts(zip(REVEAL, s.pile, strict=True))
    if kind == "first":    # S9, C5
        return uniform([FirstPlayer(p) for p in range(s.game.players)])
    return ()


def sample_chance(s: SjoroveroyaState, rng: random.Random) -> Any:
    """The fast, exact sampler of `chance_outcomes`: one ``rng.randrange`` per node."""
    kind = s._kind
    if kind is None:
        raise ValueError("not a chance node")
    return pick_outcome(s, s._cfg, kind, rng.randrange)


def pick_outcome(x: Any, cfg: Config, kind: str, below: Callable[[int], int]) -> Any:
    """The outcome of the `kind` node a state or working copy waits at, drawn with ``below(n)``
    (a uniform integer below n): `sample_chance` and the playouts draw through this one function."""
    if kind == "draw":       # C2, C3: a card of the pile, by its suit counts
        return DRAW[pick_counts(x.pile, below)]
    if kind == "reveal":     # V6
        return REVEAL[pick_counts(x.pile, below)]
    if kind == "layout":     # S4, C1
        return Layout(len(x.track) // 4 + 1, LAYOUTS[below(len(LAYOUTS))])
    return FirstPlayer(below(cfg.players))   # S9, C5


def legal_actions(s: SjoroveroyaState) -> tuple[Any, ...]:
    phase = s.phase
    if phase != "discard" and (phase != "play" or s._kind is not None):
        return ()
    return tuple(decisions(s, s._cfg, occ(s)))


def decisions(x: Any, cfg: Config, o: Occupancy) -> list[Any]:
    """The legal decisions at a decision node of a state or working copy (board occupancy `o`),
    in the contract's order: `legal_actions` and the playouts choose among exactly these."""
    if x.phase == "discard":                                                      # V7: down to the limit
        hand = x.hands[x.to_move]
        return [DISCARD[SUITS[i]] for i in range(4) if hand[i]]
    origins, suits, back, may_end = open_moves(x, cfg, o)
    actions: list[Any] = [FORWARD_AT[p][i] for p in origins for i in suits]      # R7, R3
    actions += [BACKWARD[p] for p, _, _ in back]                                  # R17
    if may_end:                                                                   # R5
        actions.append(END_TURN)
    return actions


Moves = tuple[list[int], list[int], list[tuple[int, int, int]], bool]


def open_moves(x: Any, cfg: Config, o: Occupancy) -> Moves:
    """The play phase's legal decisions in parts, in `decisions`' order: the origins (sorted,
    none in the goal, R23), the suits held (indexes in `SUITS`; a forward move per origin and
    suit, R7, R3), the backward moves as (origin, target, cards drawn) (R17-R22; none in the
    children's game, V1), and whether the turn may end now (R4, R5, V4)."""
    player = x.to_move
    hand = x.hands[player]
    suits = list(compress(SUIT_NUMBERS, hand))
    origins = sorted(set(x.pieces[player]))
    if origins and origins[-1] == GOAL:
        origins.pop()
    back = [] if cfg.children else backward_moves(o.own[player], o.total, origins, cfg.any_colour)
    return origins, suits, back, x.moves_used >= 1 or cfg.allow_pass


def count_moves(moves: Moves) -> int:
    """How many decisions `open_moves` describes: ``len(decisions(...))``."""
    origins, suits, back, may_end = moves
    return len(origins) * len(suits) + len(back) + may_end


def nth_move(moves: Moves, k: int) -> Any:
    """``decisions(...)[k]`` read off `open_moves`' parts, without building the list."""
    origins, suits, back, _ = moves
    forward = len(origins) * len(suits)
    if k < forward:
        return FORWARD_AT[origins[k // len(suits)]][suits[k % len(suits)]]
    if k < forward + len(back):
        return BACKWARD[back[k - forward][0]]
    return END_TURN


# -- transitions ----------------------------------------------------------------------------
def step(s: SjoroveroyaState, action: Any) -> SjoroveroyaState:
    """Apply a legal action or outcome (unchecked) and settle its consequences."""
    rule = APPLY.get(type(action))
    if rule is None:
        raise explain_illegal(s, action)
    w = Work(s)
    rule(w, action)
    settle(w)
    return w.freeze(s, extend(s._trail, action))


def apply(w: Work, action: Any) -> None:
    """Apply a legal action or outcome to a working copy (before `settle`): the step the
    model's `step` and the playouts both take."""
    APPLY[type(action)](w, action)


@lru_cache(maxsize=EVENT_MEMORY)
def forward_event(player: int, suit: str, origin: int, target: int, skipped: tuple[int, ...]) -> Event:
    """The event of a forward move (R8-R16), made once: the same moves recur all game."""
    rules = ["R8", "R9", "R16"]
    text = f"{player_name(player)} plays {SYMBOLS[suit]}: {place_name(origin)} → {place_name(target)}"
    if skipped:
        rules.append("R11")
        text += f", passing card{'s' if len(skipped) > 1 else ''} {', '.join(map(str, skipped))}"
    rules.append("R13" if target == GOAL else "R10")
    return Event(text, tuple(rules))


def forward(w: Work, action: Forward) -> None:
    """R7-R16: pay the card (R8) and jump to the next free card of its suit, or the goal."""
    cfg = w.cfg
    player = w.to_move
    origin, suit = action.origin, action.suit
    target, skipped = forward_target(w.track, w.occ, player, origin, suit, cfg.stop_on_own, cfg.mixed_stop)
    i = SUIT_INDEX[suit]
    hands = w.hands
    if hands.__class__ is tuple:                 # the first writes of the step (a playout's are lists)
        hands = w.hands = list(hands)
    hand = hands[player]
    if hand.__class__ is tuple:
        hand = hands[player] = list(hand)
    hand[i] -= 1
    pile = w.discard
    if pile.__class__ is tuple:
        pile = w.discard = thawed_list(pile)
    pile[i] += 1
    w.move_piece(player, origin, target)
    w.moves_used += 1
    if w.loud:
        w.events.append(forward_event(player, suit, origin, target, skipped))
    if w.occ.own[player][GOAL] == len(w.pieces[player]):                          # all six home
        w.phase, w.ended, w.pending, w.after = "over", "goal", 0, ""
        if w.loud:
            w.say(f"{player_name(player)} has all six pieces in the goal and wins", "E1", "E2", "T4")
        return
    if cfg.children:
        w.pending, w.drawer, w.after = 1, player, "end"
    else:
        post_move(w)


@lru_cache(maxsize=EVENT_MEMORY)
def backward_event(player: int, origin: int, target: int, draws: int) -> Event:
    """The event of a backward move (R18-R21), made once."""
    return Event(f"{player_name(player)} steps back: card {origin} → card {target}, "
                 f"drawing {draws} card{'s' if draws > 1 else ''}", ("R18", "R19", "R20", "R21"))


def backward(w: Work, action: Backward) -> None:
    """R17-R23: step back to the nearest card with 1 or 2 own pieces and draw that many."""
    player = w.to_move
    origin = action.origin
    target, draws = backward_target(w.occ, player, origin, w.cfg.any_colour)
    w.move_piece(player, origin, target)
    w.moves_used += 1
    if w.loud:
        w.events.append(backward_event(player, origin, target, draws))
    w.pending, w.drawer, w.after = draws, player, "move"


def end(w: Work, action: EndTurn) -> None:
    """R5 (or V4's pass): the turn ends."""
    if w.loud:
        w.say(f"{player_name(w.to_move)} " + ("ends the turn" if w.moves_used else "passes"),
              "R5" if w.moves_used else "V4")
    end_turn(w)


def discard(w: Work, action: Discard) -> None:
    """V7: one card onto the discard pile (R8); the turn ends once the hand is within the limit."""
    player = w.to_move
    i = SUIT_INDEX[action.suit]
    hands = w.hands
    if hands.__class__ is tuple:                 # the first writes of the step (a playout's are lists)
        hands = w.hands = list(hands)
    hand = hands[player]
    if hand.__class__ is tuple:
        hand = hands[player] = list(hand)
    hand[i] -= 1
    pile = w.discard
    if pile.__class__ is tuple:
        pile = w.discard = thawed_list(pile)
    pile[i] += 1
    if w.loud:
        w.say(f"{player_name(player)} discards {SYMBOLS[action.suit]}", "V7", "R8")
    if sum(w.hands[player]) <= w.cfg.hand_limit:
        end_turn(w)


def draw(w: Work, outcome: Draw) -> None:
    """C2, C3: the card drawn from the face-down pile goes to the drawer (R20, R29)."""
    i = SUIT_INDEX[outcome.suit]
    pile = w.pile
    if pile.__class__ is tuple:
        pile = w.pile = thawed_list(pile)
    pile[i] -= 1
    draw_card(w, i)


def reveal(w: Work, outcome: Reveal) -> None:
    """V6: the next pile card is turned face up onto the open display."""
    pile = w.pile
    if pile.__class__ is tuple:
        pile = w.pile = thawed_list(pile)
    pile[SUIT_INDEX[outcome.suit]] -= 1
    w.pile_top += outcome.suit
    if w.loud:
        w.say(f"{SYMBOLS[outcome.suit]} is turned face up on the open display", "V6")


def lay_out(w: Work, outcome: Layout) -> None:
    """S4, C1: a block of the track is laid; after the last, the deal begins (S5-S8)."""
    w.track += outcome.order
    b = outcome.block
    if w.loud:
        w.say(f"Block {b} (cards {4 * b - 3}-{4 * b}) is laid out: {pretty_suits(outcome.order)}", "S4", "C1")
    if len(w.track) == 4 * COMPONENTS.track_blocks:
        if w.loud:
            w.say("The 84 other cards are shuffled into the draw pile; four cards are dealt to each",
                  "S5", "S6", "S7", "S8")
        w.phase, w.drawer, w.pending = "deal", 0, w.cfg.hand_size


def first(w: Work, outcome: FirstPlayer) -> None:
    """S9, C5: who starts."""
    start_play(w, outcome.player)


APPLY: dict[type, Callable[[Work, Any], None]] = {
    Forward: forward, Backward: backward, EndTurn: end, Discard: discard,
    Draw: draw, Reveal: reveal, Layout: lay_out, FirstPlayer: first,
}


# -- results --------------------------------------------------------------------------------
METRIC_MAX = {"min_forward_moves": 36, "pieces_not_in_goal": 6, "cards_to_goal": 6 * GOAL}


def moves_left(s: SjoroveroyaState, player: int) -> int:
    """E3 (A13): MinMovesLeft, the sum of d(p) over the player's pieces, board frozen."""
    cfg = config(s.game)
    d = distances(s.track, occ(s), player, cfg.stop_on_own, cfg.mixed_stop)
    return sum(d[p] for p in s.pieces[player])


def metric(s: SjoroveroyaState, player: int) -> int:
    """The ranking number of V10, lower is better (E3, E4)."""
    name = config(s.game).metric
    if name == "min_forward_moves":
        return moves_left(s, player)
    if name == "pieces_not_in_goal":
        return sum(1 for p in s.pieces[player] if p != GOAL)
    return sum(GOAL - p for p in s.pieces[player])


def metrics(s: SjoroveroyaState) -> tuple[int, ...]:
    """Every player's metric, worked out once per state (scores and the ranking share it)."""
    try:
        return s._metrics
    except AttributeError:
        value = tuple(metric(s, p) for p in range(len(s.pieces)))
        object.__setattr__(s, "_metrics", value)
        return value


def scores(s: SjoroveroyaState) -> tuple[int, ...]:
    """Progress: the metric's maximum minus the player's metric (E3), so higher is better."""
    if len(s.track) < 20:
        return tuple(0 for _ in s.pieces)
    top = METRIC_MAX[config(s.game).metric]
    return tuple(top - m for m in metrics(s))


def winners(s: SjoroveroyaState) -> tuple[tuple[int, ...], ...]:
    """E1-E4: the player home with six pieces first, then the rest by the metric, ties shared."""
    if s.phase != "over":
        return ()
    players = range(len(s.pieces))
    first = tuple(p for p in players if all(q == GOAL for q in s.pieces[p]))
    rest = [p for p in players if p not in first]
    every = metrics(s)
    values = {p: every[p] for p in rest}
    groups = [tuple(g) for _, g in itertools.groupby(sorted(rest, key=values.get), key=values.get)]
    return ((first,) if first else ()) + tuple(groups)
