"""Sjørøverøya's rules: legal actions, chance nodes, transitions and the ranking.

Each rule's code cites its digest ID (../shared/rules/sjoroveroya.md), and so do the
events it reports and the errors it raises.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

from explorer.core.chance import from_counts, sample_counts, uniform
from explorer.core.errors import IllegalAction
from explorer.core.trail import extend

from .data import COMPONENTS, GOAL, START, SUIT_INDEX, SUITS, SYMBOLS
from .flow import (
    Work,
    config,
    draw_card,
    draw_reason,
    end_turn,
    occ,
    player_name,
    post_move,
    settle,
    start_play,
)
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
from .moves import backward_target, distances, forward_target, lowest_stop

LAYOUTS = tuple("".join(p) for p in itertools.permutations(SUITS))


# -- reading a frozen state ---------------------------------------------------------------
def chance_kind(s: SjoroveroyaState) -> str | None:
    """Which chance event the state waits for, if any: layout, reveal, draw or first."""
    phase = s.phase
    if phase == "over" or phase == "discard":
        return None
    if phase == "layout":
        return "layout"
    cfg = config(s.game)
    if cfg.face_up and len(s.pile_top) < cfg.face_up and any(s.pile):
        return "reveal"
    if s.pending and not s.pile_top and any(s.pile):
        return "draw"
    if phase == "first":
        return "first"
    return None


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
    """The fast, exact sampler of `chance_outcomes` used by playouts."""
    kind = chance_kind(s)
    if kind == "draw":
        return DRAW[sample_counts(s.pile, rng)]
    if kind == "reveal":
        return REVEAL[sample_counts(s.pile, rng)]
    if kind == "layout":
        return Layout(len(s.track) // 4 + 1, LAYOUTS[rng.randrange(len(LAYOUTS))])
    if kind == "first":
        return FirstPlayer(rng.randrange(s.game.players))
    raise ValueError("not a chance node")


def legal_actions(s: SjoroveroyaState) -> tuple[Any, ...]:
    if s.phase == "discard":   # V7: discard down to the limit
        hand = s.hands[s.to_move]
        return tuple(DISCARD[SUITS[i]] for i in range(4) if hand[i])
    if s.phase != "play" or chance_kind(s) is not None:
        return ()
    cfg = config(s.game)
    player = s.to_move
    hand = s.hands[player]
    suits = [SUITS[i] for i in range(4) if hand[i]]
    origins = sorted(set(s.pieces[player]) - {GOAL})
    actions: list[Any] = [FORWARD[p, suit] for p in origins for suit in suits]   # R7, R3
    if not cfg.children:                                                          # V1: forward only
        lowest = lowest_stop(occ(s), player, cfg.any_colour)                      # R17, R22
        actions += [BACKWARD[p] for p in origins if p > lowest]
    if s.moves_used >= 1 or cfg.allow_pass:                                       # R4, R5, V4
        actions.append(END_TURN)
    return tuple(actions)


# -- transitions ----------------------------------------------------------------------------
def step(s: SjoroveroyaState, action: Any) -> SjoroveroyaState:
    """Apply a legal action or outcome (unchecked) and settle its consequences."""
    w = Work(s)
    kind = type(action)
    if kind is Forward:
        forward(w, s, action)
    elif kind is Backward:
        backward(w, s, action)
    elif kind is EndTurn:
        w.say(f"{player_name(s.to_move)} " + ("ends the turn" if s.moves_used else "passes"),
              "R5" if s.moves_used else "V4")
        end_turn(w)
    elif kind is Discard:
        i = SUIT_INDEX[action.suit]
        w.hands[s.to_move][i] -= 1
        w.discard[i] += 1
        w.say(f"{player_name(s.to_move)} discards {SYMBOLS[action.suit]}", "V7", "R8")
        if sum(w.hands[s.to_move]) <= w.cfg.hand_limit:
            end_turn(w)
    elif kind is Draw:
        w.pile[SUIT_INDEX[action.suit]] -= 1
        draw_card(w, SUIT_INDEX[action.suit], draw_reason(w))
    elif kind is Reveal:
        w.pile[SUIT_INDEX[action.suit]] -= 1
        w.pile_top += action.suit
        w.say(f"{SYMBOLS[action.suit]} is turned face up on the open display", "V6")
    elif kind is Layout:
        w.track += action.order
        b = action.block
        w.say(f"Block {b} (cards {4 * b - 3}-{4 * b}) is laid out: {pretty_suits(action.order)}", "S4", "C1")
        if len(w.track) == 4 * COMPONENTS.track_blocks:
            w.say("The 84 other cards are shuffled into the draw pile; four cards are dealt to each",
                  "S5", "S6", "S7", "S8")
            w.phase, w.drawer, w.pending = "deal", 0, w.cfg.hand_size
    elif kind is FirstPlayer:
        start_play(w, action.player)
    else:
        raise explain_illegal(s, action)
    settle(w)
    return w.freeze(s, extend(s._trail, action))


def forward(w: Work, s: SjoroveroyaState, action: Forward) -> None:
    """R7-R16: pay the card (R8) and jump to the next free card of its suit, or the goal."""
    cfg = w.cfg
    player = s.to_move
    target, skipped = forward_target(s.track, occ(s), player, action.origin, action.suit,
                                     cfg.stop_on_own, cfg.mixed_stop)
    i = SUIT_INDEX[action.suit]
    w.hands[player][i] -= 1
    w.discard[i] += 1
    pieces = w.pieces[player]
    pieces[pieces.index(action.origin)] = target
    w.moves_used += 1
    rules = ["R8", "R9", "R16"]
    text = f"{player_name(player)} plays {SYMBOLS[action.suit]}: {place_name(action.origin)} → {place_name(target)}"
    if skipped:
        rules.append("R11")
        text += f", passing card{'s' if len(skipped) > 1 else ''} {', '.join(map(str, skipped))}"
    rules.append("R13" if target == GOAL else "R10")
    w.say(text, *rules)
    if all(q == GOAL for q in pieces):
        w.phase, w.ended, w.pending, w.after = "over", "goal", 0, ""
        w.say(f"{player_name(player)} has all six pieces in the goal and wins", "E1", "E2", "T4")
        return
    if cfg.children:
        w.pending, w.drawer, w.after = 1, player, "end"
    else:
        post_move(w)


def backward(w: Work, s: SjoroveroyaState, action: Backward) -> None:
    """R17-R23: step back to the nearest card with 1 or 2 own pieces and draw that many."""
    player = s.to_move
    target, draws = backward_target(occ(s), player, action.origin, w.cfg.any_colour)
    pieces = w.pieces[player]
    pieces[pieces.index(action.origin)] = target
    w.moves_used += 1
    w.say(f"{player_name(player)} steps back: card {action.origin} → card {target}, "
          f"drawing {draws} card{'s' if draws > 1 else ''}", "R18", "R19", "R20", "R21")
    w.pending, w.drawer, w.after = draws, player, "move"



def pretty_suits(text: str) -> str:
    return "".join(SYMBOLS[c] for c in text)


def place_name(q: int) -> str:
    return "Start" if q == START else "the goal" if q == GOAL else f"card {q}"


# -- errors ---------------------------------------------------------------------------------
DECISIONS = (Forward, Backward, EndTurn, Discard)
OUTCOMES = (Layout, FirstPlayer, Draw, Reveal)
CHANCE_RULES = {"layout": "S4", "draw": "R20", "reveal": "V6", "first": "S9"}


def explain_illegal(s: SjoroveroyaState, action: Any) -> IllegalAction:
    """Why `action` is not allowed here, naming the rule (the first that applies)."""
    if s.phase == "over":
        return IllegalAction("E2" if s.ended == "goal" else "V12", "the game is over", action)
    kind = chance_kind(s)
    if kind is not None:
        rule = CHANCE_RULES[kind]
        if kind == "draw" and s.phase == "deal":
            rule = "S7"
        elif kind == "draw" and s.after == "end":
            rule = "V1" if config(s.game).children else "R24"
        if isinstance(action, OUTCOMES):
            return IllegalAction("C3" if kind in ("draw", "reveal") else rule,
                                 f"{action} cannot happen here (probability 0); the chance event is a {kind}",
                                 action)
        return IllegalAction(rule, f"a chance event ({kind}) must be resolved first", action)
    if isinstance(action, OUTCOMES):
        return IllegalAction("T3", f"{player_name(s.to_move)} must decide now; this is not a chance node",
                             action)
    if not isinstance(action, DECISIONS):
        return IllegalAction("T3", f"{action!r} is not a Sjørøverøya action", action)
    cfg = config(s.game)
    player = s.to_move
    name = player_name(player)
    if s.phase == "discard":
        if isinstance(action, Discard):
            return IllegalAction("V7", f"{name} holds no {SYMBOLS[action.suit]} to discard", action)
        return IllegalAction("V7", f"{name} must first discard down to {cfg.hand_limit} cards", action)
    if isinstance(action, Discard):
        reason = "there is no hand limit (R28)" if cfg.hand_limit is None else "discarding is only at the end of a turn"
        return IllegalAction("V7", reason, action)
    if isinstance(action, EndTurn):
        return IllegalAction("R4", f"{name} must make at least one move before ending the turn", action)
    error = _for_mover(s, action, cfg)
    other = _another_could(s, action, cfg)
    if other is not None:    # actions name no actor: a move another seat could make is out of turn (R6)
        return IllegalAction("R6", f"it is {name}'s turn, not {player_name(other)}'s (turns go round in seat "
                                   f"order), and {name} cannot make this move: {error.reason}", action)
    return error


def _another_could(s: SjoroveroyaState, action: Forward | Backward, cfg: Any) -> int | None:
    """The first other seat that, by what everyone sees (its pieces, its hand size), could make
    this move on its own turn."""
    for q in range(s.game.players):
        if q == s.to_move or action.origin not in s.pieces[q] or action.origin == GOAL:
            continue
        if isinstance(action, Forward) and any(s.hands[q]):
            return q
        if isinstance(action, Backward) and not cfg.children and backward_target(occ(s), q, action.origin,
                                                                                  cfg.any_colour):
            return q
    return None


def _for_mover(s: SjoroveroyaState, action: Forward | Backward, cfg: Any) -> IllegalAction:
    """Why the player to move cannot make this forward or backward move."""
    player = s.to_move
    name = player_name(player)
    own = s.pieces[player]
    if action.origin == GOAL:
        return IllegalAction("R23", "a piece in the goal never moves again", action)
    if action.origin not in own:
        rule = "R7" if isinstance(action, Forward) else "R17"
        return IllegalAction(rule, f"{name} has no piece on {place_name(action.origin)}", action)
    if isinstance(action, Forward):
        return IllegalAction("R7", f"{name} holds no {SYMBOLS[action.suit]} to play", action)
    if cfg.children:
        return IllegalAction("V1", "the children's variant has forward moves only", action)
    if action.origin == START:
        return IllegalAction("R17", "a piece at Start has nothing behind it", action)
    return IllegalAction("R22", f"no card behind card {action.origin} holds one or two of {name}'s pieces, "
                                "and no piece may go back to Start", action)


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


# -- words and places -----------------------------------------------------------------------
def describe(s: SjoroveroyaState, action: Any) -> str:
    """Plain words for an action here, with where the piece would go."""
    if isinstance(action, Forward) and s.phase == "play" and action.origin in s.pieces[s.to_move]:
        cfg = config(s.game)
        target, _ = forward_target(s.track, occ(s), s.to_move, action.origin, action.suit,
                                   cfg.stop_on_own, cfg.mixed_stop)
        return f"Play {SYMBOLS[action.suit]}: {place_name(action.origin)} → {place_name(target)}"
    if isinstance(action, Backward) and s.phase == "play" and action.origin in s.pieces[s.to_move]:
        found = backward_target(occ(s), s.to_move, action.origin, config(s.game).any_colour)
        if found:
            return f"Back: card {action.origin} → card {found[0]}, draw {found[1]}"
    if isinstance(action, EndTurn):
        return "End the turn" if s.moves_used else "Pass"
    if isinstance(action, Discard):
        return f"Discard {SYMBOLS[action.suit]}"
    if isinstance(action, (Draw, Reveal)):
        return f"{type(action).__name__} {SYMBOLS[action.suit]}"
    if isinstance(action, Layout):
        return f"Block {action.block}: {pretty_suits(action.order)}"
    if isinstance(action, FirstPlayer):
        return f"{player_name(action.player)} starts"
    return str(action)


def place(q: int) -> str:
    return "start" if q == START else "goal" if q == GOAL else f"card:{q}"


def action_places(s: SjoroveroyaState, action: Any) -> tuple[str, ...]:
    """The board places a click can pick this action by: the piece's place, then its target."""
    if isinstance(action, Forward) and s.phase == "play":
        cfg = config(s.game)
        target, _ = forward_target(s.track, occ(s), s.to_move, action.origin, action.suit,
                                   cfg.stop_on_own, cfg.mixed_stop)
        return (place(action.origin), place(target), f"P{s.to_move + 1}:suit:{action.suit}")
    if isinstance(action, Backward) and s.phase == "play":
        found = backward_target(occ(s), s.to_move, action.origin, config(s.game).any_colour)
        return (place(action.origin),) + ((place(found[0]),) if found else ())
    if isinstance(action, Discard):
        return (f"P{s.to_move + 1}:suit:{action.suit}",)
    return ()
