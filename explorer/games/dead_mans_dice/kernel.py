"""Dead Man's Dice's fast playout kernel, behind `DeadMansDice.policy_playout` (and
`random_playout`, its "random" case).

The same rules as `rules.py`/`flow.py` (digest: ../shared/rules/dead_mans_dice.md), on
plain ints and lists (kernel_tables.py), used only for playouts where every seat plays the
same policy: uniformly random, or a rule of thumb (greedy, cautious; their choices come from
thumb.py, which the model's policies read too). It draws from the generator exactly as
stepping the model does: a random decision is ``legal[rng.randrange(len(legal))]`` over the
model's `legal_actions()` order, a rule of thumb's decision draws nothing,
a die roll one ``randrange(6)``, every other chance node `explorer.core.chance.sample`'s
``randrange(common denominator)``. ``randrange(k)`` is inlined as
`random.Random._randbelow_with_getrandbits` does it (``getrandbits(k.bit_length())`` until
below k), so the kernel needs a generator whose `randrange` is `random.Random`'s; for any
other it returns None and the model is stepped. Every option value is covered.

The loop mirrors the model's steps: each pass takes one step the model counts (a decision,
one draw when random, or a chance outcome, one draw), then runs its automatic consequences (negative step codes:
placement, the end of a turn or round, the next opening) up to the next such step.
"""

from __future__ import annotations

import random
from typing import Any

from explorer.core.chance import standard_randrange
from explorer.core.game import Game, PlayoutEnd

from .data import COMPONENTS, DICE_PER_PIRATE, STACKS
from .kernel_tables import (
    BITS,
    DIE_CLEAR,
    DIE_FACES,
    END_ROUND,
    END_TURN,
    HAND_DICE,
    HIT,
    NEW_ROUND,
    NEXT_OPENER,
    OPEN,
    OPEN_ROLL,
    OVER,
    PLACE,
    PLUNDER,
    RESOLVE,
    RESTART,
    RESTART_ROLL,
    ROLL,
    SCORED,
    STEP_CODES,
    STEP_NAMES,
    STOOD,
    STRAY,
    TURN,
    WOBBLE,
    Setup,
    end_round,
    next_opener,
    return_pile,
    setup,
)
from .model import DeadMansDiceState, make
from .rules import ranking
from .thumb import RULES, Rule, plunder_choice


def random_playout(game: Game, state: DeadMansDiceState, rng: random.Random, max_steps: int,
                   final: bool) -> PlayoutEnd | None:
    """`Game.random_playout` for Dead Man's Dice: totals, ranking (E7, E8), steps, final state."""
    return policy_playout(game, state, rng, max_steps, "random", final)


def policy_playout(game: Game, state: DeadMansDiceState, rng: random.Random, max_steps: int, policy: str,
                   final: bool, round_only: bool = False) -> PlayoutEnd | None:
    """`Game.policy_playout` for Dead Man's Dice: every seat plays `policy` ("random", or a rule
    of thumb named in thumb.RULES); None for another policy or generator. `round_only` stops
    once the current round is scored (T6; `Game.round_playout`)."""
    if not standard_randrange(rng):   # the inlined draws are randrange's only then
        return None
    if policy == "random":
        rule = None
    elif policy in RULES:
        rule = RULES[policy]
    else:
        return None
    c = setup(game)
    hands = [sum(1 << (d % DICE_PER_PIRATE) for d in hand) for hand in state.hands]
    piles = [[d * 8 + f for d, f in pile] for pile in state.piles]
    totals = list(state.totals)
    fields = (state.round, STEP_CODES[state.step], state.to_move, state.group, state.die, state.face,
              state.target, state.after, state.passes, state.stacked, state.winners_, state.restart_die,
              state.turns, state.rolloffs)
    steps, fields = play(c, rng.getrandbits, max_steps, hands, piles, totals, fields, rule, round_only)
    over = tuple(totals)
    end = None
    if final:
        round_, step, to_move, group, die, face, target, after, passes, stacked, winners_, restart_die, turns, \
            rolloffs = fields
        end = make(game, hands=tuple(tuple(HAND_DICE[p][m]) for p, m in enumerate(hands)),
                   piles=tuple(tuple((e >> 3, e & 7) for e in pile) for pile in piles), totals=over, round=round_,
                   step=STEP_NAMES[step], to_move=to_move, group=group, die=die, face=face, target=target,
                   after=after, passes=passes, stacked=stacked, winners_=winners_, restart_die=restart_die,
                   turns=turns, rolloffs=rolloffs)
    return PlayoutEnd(over, ranking(fields[10], over), steps, end)


def play(c: Setup, bits: Any, max_steps: int, hands: list[int], piles: list[list[int]], totals: list[int],
         fields: tuple, rule: Rule | None = None, round_only: bool = False) -> tuple[int, tuple]:
    """Play to the end (with `round_only`, to the scored round, T6, or the end), changing
    `hands`, `piles` and `totals` in place; `bits` is the generator's `getrandbits`.
    Decisions are uniformly random draws, or, given a `rule`, its choices (thumb.py; they
    draw nothing, as the model's policies draw nothing).
    Returns the steps taken and the other position fields."""
    base_last, turn = (rule.base_last, rule.turn) if rule is not None else (False, None)
    round_, step, p, group, die, face, target, after, passes, stacked, winners, restart_die, turns, \
        rolloffs = fields
    n, others, take, broadside, hold_fire, stray = c.players, c.others, c.take, c.broadside, c.hold_fire, c.stray
    wobble, steady, optional, maroon = c.wobble, COMPONENTS.steady_height, c.optional_placement, c.maroon_ends_round
    hit_d, hit_below = c.hit_tickets
    turn_limit, plank, final_plunder = c.round_turn_limit, COMPONENTS.plank, c.final_plunder
    seat_after = tuple((q + 1) % n for q in range(n))
    occupied = sum(1 << q for q in range(n) if piles[q])     # bit q: q's pile is not empty
    shooting = c.shots
    steps = 0
    stop = SCORED if round_only else OVER
    while step != OVER and step != stop:
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        steps += 1
        if step == TURN:                            # T1: roll (R11, R12), broadside (R30, V1), pass (V4)
            dice = HAND_DICE[p][hands[p]]
            shots = shooting[p][occupied] if broadside else ()
            count = len(dice) + len(shots) + (1 if hold_fire and piles[p] else 0)
            if rule is None:
                k = BITS[count]
                r = bits(k)
                while r >= count:
                    r = bits(k)
            else:
                r = 0 if count == 1 else turn(c, p, hands, piles)
            if r < len(dice):
                die, step, passes = dice[r], ROLL, 0
            elif r - len(dice) < len(shots):
                passes = 0
                t = shots[r - len(dice)]
                if hit_below == hit_d:              # R31-R34: it hits
                    totals[p] -= plank
                    return_pile(hands, piles, t)
                    occupied &= ~(1 << t)
                    target, step, after = t, RESTART, "end"
                    if not hands[t]:
                        target, step = None, END_TURN
                elif hit_below == 0:                # R32: it misses
                    step = END_TURN
                else:                               # C6: a chance node
                    target, step = t, HIT
            else:
                passes += 1
                step = END_ROUND if passes >= n else END_TURN
        elif step == RESTART:                       # R34, A24: the victim picks a die for the new base
            dice = HAND_DICE[target][hands[target]]
            count = len(dice)
            if rule is None:
                k = BITS[count]
                r = bits(k)
                while r >= count:
                    r = bits(k)
            else:
                r = count - 1 if base_last else 0
            restart_die, step = dice[r], RESTART_ROLL
        elif step == RESTART_ROLL:                  # C1, C2; R34: then the turn ends, or a stray roll lands
            r = bits(3)
            while r > 5:
                r = bits(3)
            hands[target] &= DIE_CLEAR[restart_die]
            piles[target].append(restart_die * 8 + DIE_FACES[restart_die][r])
            occupied |= 1 << target
            step = RESOLVE if after == "place" else END_TURN
            target = restart_die = None
            after = ""
        elif step == ROLL:                          # C1, C2; V3 asks for a stray shot first
            r = bits(3)
            while r > 5:
                r = bits(3)
            face = DIE_FACES[die][r]
            step = STRAY if stray and occupied & ~(1 << p) else RESOLVE
        elif step == PLUNDER:                       # R21-R26: take a top die, or end the turn
            pile = piles[p]
            takes = take[pile[-1] & 7]
            prey = [o for o in others[p] if piles[o] and takes[piles[o][-1]]]
            count = len(prey) + 1
            if rule is None:
                k = BITS[count]
                r = bits(k)
                while r >= count:
                    r = bits(k)
            else:
                r = plunder_choice(c, p, hands, piles, prey)
            if r < len(prey):
                o = prey[r]
                pile.append(piles[o].pop())
                if not piles[o]:
                    occupied &= ~(1 << o)
                step = WOBBLE if wobble and len(pile) > steady else STOOD
            else:
                step = END_TURN
        elif step == OPEN:                          # R7: choose the opening die
            dice = HAND_DICE[p][hands[p]]
            count = len(dice)
            if rule is None:
                k = BITS[count]
                r = bits(k)
                while r >= count:
                    r = bits(k)
            else:
                r = count - 1 if base_last else 0
            die, step = dice[r], OPEN_ROLL
        elif step == OPEN_ROLL:                     # C1, C2: the base lands (R7, A9)
            r = bits(3)
            while r > 5:
                r = bits(3)
            hands[p] &= DIE_CLEAR[die]
            piles[p].append(die * 8 + DIE_FACES[die][r])
            occupied |= 1 << p
            die, step = None, NEXT_OPENER
        elif step == STRAY:                         # V3, C8
            shots = shooting[p][occupied]
            d, none, each = c.stray_tickets[len(shots)]
            k = d.bit_length()
            r = bits(k)
            while r >= d:
                r = bits(k)
            if r < none:
                step = RESOLVE
            else:
                t = shots[(r - none) // each]
                totals[p] -= plank                  # R31, R33, R34
                return_pile(hands, piles, t)
                occupied &= ~(1 << t)
                target, step, after = t, RESTART, "place"
                if not hands[t]:
                    target, step, after = None, RESOLVE, ""
        elif step == WOBBLE:                        # V2, C7: stand, or topple (R36)
            d, stand = c.wobble_tickets[len(piles[p])]
            k = d.bit_length()
            r = bits(k)
            while r >= d:
                r = bits(k)
            if r < stand:
                step = STOOD
            else:
                return_pile(hands, piles, p)
                occupied &= ~(1 << p)
                step = END_TURN
        elif step == HIT:                           # V1, C6
            k = hit_d.bit_length()
            r = bits(k)
            while r >= hit_d:
                r = bits(k)
            step = END_TURN
            if r < hit_below:                       # R31-R34
                totals[p] -= plank
                return_pile(hands, piles, target)
                occupied &= ~(1 << target)
                step, after = RESTART, "end"
                if not hands[target]:
                    target, step = None, END_TURN
        elif step == SCORED:                        # T6, E9: the scored round's one choice, "next round"
            if rule is None:
                r = bits(1)
                while r >= 1:
                    r = bits(1)
            step = NEW_ROUND
        else:                                       # PLACE (V11): stack, or decline as if marooned
            if rule is None:
                r = bits(2)
                while r >= 2:
                    r = bits(2)
            else:
                r = 0                               # the rule of thumb stacks whatever fits
            if r == 0:
                pile = piles[p]
                hands[p] &= DIE_CLEAR[die]
                pile.append(die * 8 + face)
                occupied |= 1 << p
                die = face = None
                stacked = True
                step = WOBBLE if wobble and len(pile) > steady else STOOD
            else:
                die = face = None
                step = END_TURN
        while step < 0:                             # the automatic consequences that finish the step
            if step == END_TURN:                    # T5: R28 an empty hand ends the round; R10 clockwise
                stacked = False
                die = face = target = restart_die = None
                after = ""
                if 0 in hands:
                    step = END_ROUND
                elif turn_limit is not None and (turns := turns + 1) >= turn_limit:
                    step = END_ROUND                # R29 house rule round_turn_limit
                else:
                    p, step = seat_after[p], TURN
            elif step == RESOLVE:                   # R13-R15: stack if it fits (R18, V11), else R19
                pile = piles[p]
                if not pile or STACKS[face][pile[-1] & 7]:
                    if optional and pile:
                        step = PLACE
                    else:
                        hands[p] &= DIE_CLEAR[die]
                        pile.append(die * 8 + face)
                        occupied |= 1 << p
                        die = face = None
                        stacked = True
                        step = WOBBLE if wobble and len(pile) > steady else STOOD    # T3, V2
                else:
                    die = face = None
                    step = END_ROUND if maroon else END_TURN                        # V5
            elif step == STOOD:                     # T4: V7, then plunder if any (R20-R25)
                if not hands[p] and not final_plunder:
                    step = END_ROUND
                else:
                    takes = take[piles[p][-1] & 7]
                    step = END_TURN
                    for o in others[p]:
                        pile = piles[o]
                        if pile and takes[pile[-1]]:
                            step = PLUNDER
                            break
            elif step == NEXT_OPENER:               # R7-R9
                step, p, group, rolloffs, occupied = next_opener(c, hands, piles, group, rolloffs, occupied)
                if step == TURN:
                    stacked, passes = False, 0
            elif step == END_ROUND:                 # T6: E2-E8
                won = end_round(c, hands, piles, totals, round_)
                die = face = target = restart_die = None
                stacked = False
                turns = rolloffs = passes = 0
                after = ""
                if won is None:
                    step, p, group = SCORED, 0, ()        # the scored round is a position (T6)
                else:
                    step, p, winners = OVER, None, won
            else:                                   # NEW_ROUND: E9, R6
                for q in range(n):
                    return_pile(hands, piles, q)
                occupied = 0
                round_ += 1
                turns = rolloffs = passes = 0
                group = tuple(range(n))
                after, stacked = "", False
                step = NEXT_OPENER
    return steps, (round_, step, p, group, die, face, target, after, passes, stacked, winners, restart_die,
                   turns, rolloffs)
