"""Dead Man's Dice's rules: legal actions, exact chance nodes, steps and why a move is illegal.

Every function reads a `DeadMansDiceState` and never changes it; `step` returns a new
state built by `flow`. Rule IDs are the digest's (../shared/rules/dead_mans_dice.md).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Any

from explorer.core.chance import sample
from explorer.core.errors import IllegalAction
from explorer.core.trail import extend

from .data import (
    COMPONENTS,
    RANK,
    die_faces,
    die_name,
    die_words,
    owner,
    seat_code,
    seat_name,
    stack_chance,
)
from .explain import describe, explain
from .flow import (
    Work,
    config,
    end_round,
    end_turn,
    new_round,
    next_opener,
    plunder,
    plunder_targets,
    resolve_roll,
    restarted,
    round_score,
    sink,
    stack,
    stood,
    topple,
    won_by_rules,
)
from .groups import outcome_group, stage_text
from .model import (
    BROADSIDES,
    DECLINE,
    END_TURN,
    FACES,
    HIT,
    MISS,
    NEXT_ROUND,
    NO_STRAY,
    OPENS,
    PASS,
    PLUNDER_FROM,
    RESTARTS,
    ROLLS,
    STACK,
    STEADY,
    TOPPLE,
    Broadside,
    DeadMansDiceState,
    EndTurn,
    Face,
    NextRound,
    OpeningRoll,
    Overboard,
    Pass,
    Place,
    Plunder,
    RestartRoll,
    Roll,
    Shot,
    Steadiness,
    StrayShot,
)
from .words.events import ends_turn, fires, opening_roll, opens, restart_roll, rolls, shows

State = DeadMansDiceState
TWO_DICE_AT_MOST = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= k) for k in range(13))


# -- decisions ---------------------------------------------------------------------------------
def legal_actions(s: State) -> tuple[Any, ...]:
    step = s.step
    if step == "turn":
        return turn_actions(s)
    if step == "plunder":
        cfg = config(s.game)
        return (*[PLUNDER_FROM[o] for o in plunder_targets(cfg, s.piles, s.to_move)], END_TURN)
    if step == "open":
        return tuple([OPENS[d] for d in s.hands[s.to_move]])
    if step == "restart":
        return tuple([RESTARTS[d] for d in s.hands[s.target]])
    if step == "place":
        return (STACK, DECLINE)
    if step == "scored":
        return (NEXT_ROUND,)
    return ()


def turn_actions(s: State) -> tuple[Any, ...]:
    """T1: roll a die from hand (R11, R12), fire a broadside (R30, V1) or pass (V4)."""
    cfg = config(s.game)
    p = s.to_move
    actions: list[Any] = [ROLLS[d] for d in s.hands[p]]
    if cfg.broadside:
        actions += [BROADSIDES[t] for t, pile in enumerate(s.piles) if t != p and pile]
    if cfg.hold_fire and s.piles[p]:
        actions.append(PASS)
    return tuple(actions)


# -- chance ---------------------------------------------------------------------------------------
def topple_chance(height: int) -> Fraction:
    """C7/V2: P(2d6 <= h - 3) for a pile that has just reached height h."""
    k = max(0, min(12, height - COMPONENTS.topple_margin))
    return Fraction(TWO_DICE_AT_MOST[k], 36)


def chance_outcomes(s: State) -> tuple[tuple[Any, Fraction], ...]:
    step = s.step
    if step in ("roll", "open_roll"):
        return roll_outcomes(s.die)
    if step == "restart_roll":
        return roll_outcomes(s.restart_die)
    if step == "stray":
        targets = stray_targets(s)
        hit, out_of = COMPONENTS.stray_shot
        each = Fraction(hit, out_of * len(targets))
        return ((NO_STRAY, 1 - Fraction(hit, out_of)), *((StrayShot(t), each) for t in targets))
    if step == "wobble":
        p = topple_chance(len(s.piles[s.to_move]))
        return tuple((o, q) for o, q in ((STEADY, 1 - p), (TOPPLE, p)) if q)
    if step == "hit":
        p = config(s.game).hit_p
        return tuple((o, q) for o, q in ((HIT, p), (MISS, 1 - p)) if q)
    return ()


@cache
def roll_outcomes(die: int) -> tuple[tuple[Face, Fraction], ...]:
    """C1/C2: each of the die's six faces with probability 1/6 (R2, R3); made once per die."""
    sixth = Fraction(1, 6)
    return tuple((FACES[f], sixth) for f in die_faces(die))


def stray_targets(s: State) -> list[int]:
    """V3/C8: opponents of the roller whose piles are not empty."""
    return [t for t, pile in enumerate(s.piles) if t != s.to_move and pile]


def sample_chance(s: State, rng: random.Random) -> Any:
    """One outcome with its exact probability; a die roll is one `randrange(6)`."""
    step = s.step
    if step == "roll" or step == "open_roll":
        return SHOWS[s.die][rng.randrange(6)]
    if step == "restart_roll":
        return SHOWS[s.restart_die][rng.randrange(6)]
    return sample(chance_outcomes(s), rng)


SHOWS = tuple(tuple(FACES[f] for f in die_faces(d)) for d in range(len(ROLLS)))    # [die]: its faces in C1/C2 order


# -- steps -----------------------------------------------------------------------------------------
def step(s: State, action: Any) -> State:
    """Apply a legal action or outcome (unchecked) and return the new state."""
    w = Work(s)
    advance(w, action)
    return w.freeze(s, extend(s._trail, action))


def advance(w: Work, action: Any) -> None:
    """Apply a legal action or outcome (unchecked) to the working copy, with its automatic
    consequences up to the next decision or chance node (the one step both `step` and the
    playouts, playout.py, take)."""
    kind = type(action)
    if kind is Face:
        on_face(w, w.step, action.face)
    elif kind is Roll:
        w.die, w.step, w.passes = action.die, "roll", 0
        w.tell(rolls, w.to_move, action.die)     # R11, R12, T2
    elif kind is Plunder:
        plunder(w, action.opponent)
    elif kind is EndTurn:
        w.tell(ends_turn, w.to_move)     # R25, T5
        end_turn(w)
    elif kind is OpeningRoll:
        w.die, w.step = action.die, "open_roll"
        w.tell(opening_roll, w.to_move, action.die)     # R7, T0
    elif kind is Broadside:
        broadside(w, action.target)
    elif kind is RestartRoll:
        w.restart_die, w.step = action.die, "restart_roll"
        w.tell(restart_roll, w.target, action.die)     # R34
    elif kind is StrayShot:
        stray(w, action.target)
    elif kind is Steadiness:
        if action.topples:
            topple(w, w.to_move, "while growing (steadiness check failed)", "V2", "C7")
            end_turn(w)
        else:
            w.say(lambda: f"{seat_name(w.to_move)}'s pile of {len(w.piles[w.to_move])} stands", "V2", "T3")
            stood(w)
    elif kind is Shot:
        if action.hit:
            hit(w, w.target, "V1", "C6")
        else:
            w.say(lambda: f"The broadside at {seat_name(w.target)} misses: no penalty", "R32", "V1", "C6")
            end_turn(w)
    elif kind is Place:
        if action.stack:
            stack(w)
        else:
            w.say(lambda: f"{seat_name(w.to_move)} declines to stack {die_words(w.die, w.to_move)}; it goes back "
                  "to hand", "V11", "R18")
            w.die = w.face = None
            end_turn(w)
    elif kind is Pass:
        w.passes += 1
        w.say(lambda: f"{seat_name(w.to_move)} holds fire ({w.passes} pass(es) in a row)", "V4")
        if w.passes >= w.cfg.players:
            end_round(w, "every pirate passed in a row", "V4", "E1")
        else:
            end_turn(w)
    elif kind is NextRound:
        new_round(w)
    elif kind is Overboard:
        overboard(w, action.pirate)


def on_face(w: Work, step: str, face: int) -> None:
    if step == "roll":
        w.face = face
        w.tell(shows, w.die, face)     # C1/C2, R2/R3
        if w.cfg.stray and any(pile for t, pile in enumerate(w.piles) if t != w.to_move):
            w.step = "stray"
        else:
            resolve_roll(w)
    elif step == "open_roll":
        p, die = w.to_move, w.die
        w.take_from_hand(p, die)
        w.add_to_pile(p, die, face)
        w.die = None
        w.tell(opens, p, die, face)     # R7, A9, R3
        next_opener(w)
    else:
        restarted(w, face)


def broadside(w: Work, target: int) -> None:
    """R30-R32: a declared broadside; a chance node when `broadside_hit_p` is strictly between 0 and 1."""
    w.passes = 0
    p = w.cfg.hit_p
    w.tell(fires, w.to_move, target)     # R30, V1
    if p == 1:
        hit(w, target)
    elif p == 0:
        w.say("The broadside misses: no penalty", "R32", "V1")
        end_turn(w)
    else:
        w.target, w.step = target, "hit"


def hit(w: Work, target: int, *rules: str) -> None:
    """R31-R34: the hit, then the victim's restart, then the shooter's turn ends (R32)."""
    sink(w, w.to_move, target, *rules)
    w.after = "end"
    if not w.hands[target]:
        w.target = None
        end_turn(w)


def stray(w: Work, target: int | None) -> None:
    """V3/C8: an accidental broadside; then the rolled die is placed normally."""
    if target is None:
        resolve_roll(w)
        return
    w.say(lambda: f"{die_words(w.die)} strays into {seat_name(target)}'s pile", "V3", "C8")
    sink(w, w.to_move, target, "V3")
    w.after = "place"
    if not w.hands[target]:
        w.target, w.after, w.step = None, "", "roll"
        resolve_roll(w)


def overboard(w: Work, p: int) -> None:
    """R36/R37: the referee event; the owner's turn ends at once if it is theirs."""
    topple(w, p, "(referee event)", "R37")
    if p == w.to_move and w.step in ("turn", "place", "plunder"):
        w.die = w.face = None
        end_turn(w)
    elif w.step == "plunder" and not plunder_targets(w.cfg, w.piles, w.to_move):
        w.say(lambda: f"{seat_name(w.to_move)} has nothing left to plunder: the turn ends", "R25", "T5")
        end_turn(w)
    elif p == w.to_move and w.step == "restart":
        w.after = "end"
        w.die = w.face = None


# -- errors ----------------------------------------------------------------------------------------
def overboard_problem(s: State, action: Overboard) -> IllegalAction | None:
    """R37: the referee event applies at any decision of play to a pirate with a pile."""
    p = action.pirate
    if not isinstance(p, int) or not 0 <= p < s.game.players:
        return IllegalAction("R37", f"there is no pirate {p!r} at this table", action)
    if s.is_over:
        return IllegalAction("E7", "the game is over", action)
    if s.step not in ("turn", "place", "plunder", "restart"):
        return IllegalAction("R37", "a pile can topple only at a decision during play, not during the opening "
                                    "or while a die is in the air", action)
    if not s.piles[p]:
        return IllegalAction("R36", f"{seat_name(p)}'s pile is empty: nothing to topple", action)
    return None


def explain_illegal(s: State, action: Any) -> IllegalAction:
    """Why `action` is not legal here, naming the rule (explain.py)."""
    return explain(s, action)


# -- results ----------------------------------------------------------------------------------------
def winners(s: State) -> tuple[tuple[int, ...], ...]:
    """E7/E8: the winner(s) first, then the others by total."""
    if not s.is_over:
        return ()
    return ranking(s.winners_, s.totals)


def cut_off(s: State) -> str | None:
    """The house rule `round_limit` ended the game, not E7/E8 (nobody won by the rules)."""
    if s.is_over and not won_by_rules(config(s.game), s.totals):
        return "round_limit"
    return None


def ranking(first: tuple[int, ...], totals: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The finished game's `first` (E7, E8), then the other pirates grouped by total, highest first."""
    rest = sorted({t for p, t in enumerate(totals) if p not in first}, reverse=True)
    return (first, *(tuple(p for p, t in enumerate(totals) if t == v and p not in first) for v in rest))


def round_scores(s: State) -> tuple[int, ...]:
    """E5 for every pirate as if the round ended now ("score now")."""
    cfg = config(s.game)
    return tuple(round_score(cfg, s.hands[p], s.piles[p], p)[0] for p in range(s.game.players))


def action_places(s: State, action: Any) -> tuple[str, ...]:
    """Places on the dice table an action involves, for clickable renderings."""
    if isinstance(action, (Roll, OpeningRoll, RestartRoll)):
        return (f"hand:{die_name(action.die)}",)
    if isinstance(action, (Broadside, Plunder)):
        who = action.target if isinstance(action, Broadside) else action.opponent
        return (f"pile:{seat_code(who)}",)
    if isinstance(action, Overboard):
        return (f"pile:{seat_code(action.pirate)}",)
    return ()


__all__ = [
    "RANK",
    "action_places",
    "advance",
    "chance_outcomes",
    "cut_off",
    "describe",
    "explain_illegal",
    "legal_actions",
    "outcome_group",
    "overboard_problem",
    "owner",
    "ranking",
    "round_scores",
    "sample_chance",
    "stack_chance",
    "stage_text",
    "step",
    "topple_chance",
    "winners",
]
