"""Why an action is not legal here (naming the digest rule), and actions in plain words."""

from __future__ import annotations

from typing import Any

from explorer.core.errors import IllegalAction

from .data import (
    FACE_NAMES,
    RANK,
    die_faces,
    die_kind_words,
    die_showing,
    die_words,
    face_words,
    is_jolly,
    owner,
    seat_name,
    stack_chance,
)
from .flow import config, plunderable
from .model import (
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

OUTCOMES = (Face, StrayShot, Steadiness, Shot)
WAITING = {"open_roll": "an opening die to land", "roll": "the rolled die to land", "stray": "the stray-shot check",
           "wobble": "the steadiness check", "hit": "the broadside to hit or miss",
           "restart_roll": "the restart die to land"}


def _die_in(s: DeadMansDiceState, die: Any, hand: tuple[int, ...], who: int, rule: str, action: Any) -> None:
    if not isinstance(die, int) or not 0 <= die < 3 * s.game.players:
        raise IllegalAction("R1", f"there is no die {die!r} at this table", action)
    if owner(die) != who:
        raise _out_of_turn(s, owner(die), who, action)
    if die not in hand:
        raise IllegalAction(rule, f"{die_words(die)} is not in {seat_name(who)}'s hand (R4)", action)


def _out_of_turn(s: DeadMansDiceState, tried: int, who: int, action: Any) -> IllegalAction:
    """An action names no actor, so a die of someone else's is a try out of turn: name whose move
    it is and the order rule (the opening T0, turns clockwise R10, the victim's restart R34)."""
    step = s.step
    if step in ("open", "open_roll"):
        rule, why = "T0", f"the round opening goes in seat order and {seat_name(who)} opens now"
    elif step in ("restart", "restart_roll"):
        rule, why = "R34", f"{seat_name(who)} is restarting after the broadside"
    else:
        rule, why = "R10", f"it is {seat_name(who)}'s turn"
    return IllegalAction(rule, f"{die_words(tried)} cannot be rolled now: {why}", action)


def _pirate(s: DeadMansDiceState, p: Any, action: Any) -> None:
    if not isinstance(p, int) or not 0 <= p < s.game.players:
        raise IllegalAction("S1", f"there is no pirate {p!r} at this table", action)


def _check(s: DeadMansDiceState, action: Any) -> None:
    step = s.step
    if not isinstance(action, (Roll, Broadside, Plunder, EndTurn, OpeningRoll, RestartRoll, Pass, Place,
                               NextRound, Overboard, *OUTCOMES)):
        raise IllegalAction("T1", f"{action!r} is not a Dead Man's Dice action: write e.g. roll P1-1, broadside P2, "
                                  "plunder P3, end, open P1-1, restart P2-2, pass, stack, decline, next round, "
                                  "overboard P1", action)
    if s.is_over:
        if s.cut_off():
            raise IllegalAction("T6", "the game is over: the house-rule round limit cut it off", action)
        raise IllegalAction("E7", "the game is over", action)
    if step == "scored":
        if isinstance(action, NextRound):
            raise IllegalAction("E9", "the next round is opened only once", action)
        raise IllegalAction("E9", f"round {s.round} is over and scored: 'next round' gathers the dice and "
                                  "opens the next one", action)
    if isinstance(action, NextRound):
        raise IllegalAction("E1", f"round {s.round} is not over: it ends when a pirate's hand is empty (R28)",
                            action)
    if isinstance(action, OUTCOMES):
        if not s.is_chance:
            raise IllegalAction("T2", f"{action} is a chance outcome, but no die or check is pending", action)
        if isinstance(action, Face) and s.step in ("roll", "open_roll", "restart_roll"):
            die = s.restart_die if s.step == "restart_roll" else s.die
            if action.face not in die_faces(die):
                raise IllegalAction("R3", f"{die_words(die)} has no face {face_words(action.face)}", action)
        raise IllegalAction("T2", f"{action} cannot happen now: waiting for {WAITING[step]}", action)
    if s.is_chance:
        raise IllegalAction("T2", f"waiting for {WAITING[step]}, not for a decision", action)
    cfg = config(s.game)
    p = s.to_move
    if isinstance(action, OpeningRoll):
        if step != "open":
            raise IllegalAction("R7", "opening rolls are made only in the round opening", action)
        _die_in(s, action.die, s.hands[p], p, "R7", action)
    if step == "open":
        raise IllegalAction("T0", f"the round opening: {seat_name(p)} must roll an opening die first", action)
    if isinstance(action, RestartRoll):
        if step != "restart":
            raise IllegalAction("R34", "only a broadside victim restarts, right after the hit", action)
        _die_in(s, action.die, s.hands[s.target], s.target, "R34", action)
    if step == "restart":
        raise IllegalAction("R34", f"{seat_name(s.target)} must first roll a new base", action)
    if isinstance(action, Place):
        if not cfg.optional_placement:
            raise IllegalAction("R18", "a rolled die that fits is stacked at once (V11 is off)", action)
        raise IllegalAction("V11", "there is no rolled die waiting to be placed", action)
    if step == "place":
        raise IllegalAction("V11", "first stack or decline the rolled die", action)
    if isinstance(action, Roll):
        if step == "plunder":
            raise IllegalAction("R11", "only one die is rolled per turn; plunder or end the turn", action)
        _die_in(s, action.die, s.hands[p], p, "R11", action)
    if isinstance(action, Broadside):
        _pirate(s, action.target, action)
        if not cfg.broadside:
            raise IllegalAction("V1", "broadsides are off in this game", action)
        if step == "plunder":
            raise IllegalAction("R35", "a broadside replaces the roll; this turn has already rolled", action)
        if action.target == p:
            raise IllegalAction("R35", "a pirate cannot fire at their own pile", action)
        raise IllegalAction("R35", f"{seat_name(action.target)}'s pile is empty", action)
    if isinstance(action, Plunder):
        _pirate(s, action.opponent, action)
        if step != "plunder" or not s.stacked:
            raise IllegalAction("R20", "plunder only after stacking a rolled die this turn", action)
        o = action.opponent
        if o == p:
            raise IllegalAction("R21", "plunder takes an opponent's top die, not your own", action)
        if not s.piles[o]:
            raise IllegalAction("R5", f"{seat_name(o)}'s pile is empty", action)
        die, face = s.piles[o][-1]
        top = s.piles[p][-1][1]
        if face == 0:
            raise IllegalAction("R23", "a skull can never be plundered", action)
        if not plunderable(cfg, die, face, top):
            if face == RANK[top]:
                raise IllegalAction("R22", f"{face_words(face)} only matches {face_words(top)}: a match does "
                                           "not allow a plunder", action)
            if cfg.jr_unplunderable and die % 3 == 2:
                raise IllegalAction("V6", "a Jolly Roger die is never plundered (V6)", action)
            raise IllegalAction("R22", f"{face_words(face)} is neither one higher than {face_words(top)} nor makes "
                                       "7 with it", action)
    if isinstance(action, EndTurn):
        raise IllegalAction("R11", "a turn starts with a roll or a broadside; 'end' follows a stack", action)
    if isinstance(action, Pass):
        if not cfg.hold_fire:
            raise IllegalAction("R11", "passing is not allowed: roll or fire (the house rule of holding fire, "
                                        "V4, is not in play)", action)
        if step == "plunder":
            raise IllegalAction("V4", "pass replaces the roll; this turn has already rolled", action)
        raise IllegalAction("R27", "a pirate with an empty pile must roll", action)
    raise IllegalAction("T1", f"{action} is not legal now", action)


def explain(s: DeadMansDiceState, action: Any) -> IllegalAction:
    try:
        _check(s, action)
    except IllegalAction as err:
        return err
    except (TypeError, AttributeError):
        return IllegalAction("T1", f"{action!r} is not a Dead Man's Dice action", action)
    return IllegalAction("T1", f"{action} is not legal now", action)


def _own(die: int) -> str:
    """A menu line is said to the die's owner: ``the Jolly Roger die``, ``regular die 1``."""
    return f"the {die_kind_words(die)}" if is_jolly(die) else die_kind_words(die)


def describe(s: DeadMansDiceState, action: Any) -> str:
    """The action in plain words, with the exact chance behind it where there is one."""
    if isinstance(action, Roll):
        pile = s.piles[s.to_move]
        chance = stack_chance(action.die, pile[-1][1] if pile else None)
        return f"Roll {_own(action.die)} (stacks with probability {chance})"
    if isinstance(action, Broadside):
        return f"Fire a broadside at {seat_name(action.target)}'s pile (costs 7)"
    if isinstance(action, Plunder):
        die, face = s.piles[action.opponent][-1]
        return f"Plunder {die_showing(die, face)} from {seat_name(action.opponent)}"
    if isinstance(action, EndTurn):
        return "End the turn"
    if isinstance(action, OpeningRoll):
        return f"Open the pile with {_own(action.die)}"
    if isinstance(action, RestartRoll):
        return f"Restart the pile with {_own(action.die)}"
    if isinstance(action, Pass):
        return "Hold fire (pass)"
    if isinstance(action, Place):
        return "Stack the rolled die" if action.stack else "Decline the rolled die"
    if isinstance(action, Face):   # one name per face everywhere (K2, R3): the skull by its name
        return "Skull" if action.face == 0 else f"Face {FACE_NAMES[action.face]}"
    if isinstance(action, Overboard):
        return f"Referee: {seat_name(action.pirate)}'s pile topples"
    if isinstance(action, NextRound):
        return "Gather the dice and open the next round"
    return str(action)
