"""Jolly & Roger's evaluator kernel: rule-of-thumb playouts (policies.Greedy for both seats) on
plain lists, behind `JollyAndRoger.policy_playout`.

The same rules as rules.py/placing.py (digest: ../shared/rules/jolly_and_roger.md), with the
generator used exactly as stepping the model with `Greedy` does: setup's chance steps (S4-S8)
go through the model itself; a draw (T1, R2) is `sample_counts`' one ``randrange`` over the
pile; a split (T2), take (T3) or placement (T4, T5) evaluates Greedy's key for every legal
action in the model's `legal_actions()` order, each with its one ``rng.random()`` tie-break,
and keeps the first best, as Python's `min`/`max` do. The worth and outlook arithmetic is
Greedy's own (`offer_worth`, `_outlook`); scores and the ranking come from the model's
final state (E1-E5). Every option is covered; a partial position whose undecided set-aside
cards still include S4's pirate-only removals (which weight the draws, C3) is left to the
model (None).
"""

from __future__ import annotations

import random

from explorer.core.chance import pick_counts
from explorer.core.game import Game, PlayoutEnd

from .data import CARD_INDEX, CARDS, CARDS_PER_ROUND, SHIP_INDEX, VALUE
from .model import STRENGTH, JollyState, build, entry_card
from .policies import _outlook, offer_worth
from .rules import rounds, splits

SK_STRENGTH = STRENGTH["SK"]
CREW, PARROT, BOARD, SKELETON, KRAKEN, TORTUGA = range(6)


def _after(kind: int, card: str, ship: int, p: int, strengths: list[list[int]], piles: list[list[list[str]]],
           last: bool) -> float:
    """Greedy's outlook after one placement (policies._after, on the kernel's lists)."""
    mine, theirs = list(strengths[p]), list(strengths[1 - p])
    gold = 0
    if kind == BOARD:
        gold = VALUE[card] + (2 if last else 0)
    elif kind == CREW:
        mine[ship] += VALUE[card]
    elif kind == PARROT:
        mine[ship] += 1
    elif kind == SKELETON:
        mine[ship] += SK_STRENGTH
    elif kind == KRAKEN and ship >= 0:
        theirs[ship] -= STRENGTH[piles[1 - p][ship][0]]
    else:      # Tortuga, and (as Greedy reads it) a Kraken without a target: own parrots turned
        for i in range(4):
            mine[i] += sum(VALUE[e[2:]] - 1 for e in piles[p][i] if e[:2] == "p:" and e[2:] in VALUE)
    return _outlook(mine, theirs, gold)


def _placements(hand: list[str], p: int, strengths: list[list[int]], piles: list[list[list[str]]],
                kraken_optional: bool, specials_as_parrot: bool) -> list[tuple[int, str, int]]:
    """rules.legal_actions in the place phase, as (kind, card, ship index; -1 none)."""
    a, b = strengths
    out: list[tuple[int, str, int]] = []
    for card in dict.fromkeys(hand):
        if card in VALUE:                                   # R9, R11, R18-R20
            out.append((CREW, card, SHIP_INDEX[card[0]]))
            out.extend((PARROT, card, i) for i in range(4))
            i = SHIP_INDEX[card[0]]
            x, y = a[i], b[i]
            if (0 if x > y else 1 if y > x else None) == p:
                out.append((BOARD, card, i))
            continue
        if card == "SK":                                    # R28
            out.extend((SKELETON, card, i) for i in range(4))
        elif card == "KR":                                  # R30-R32, V5
            targets = [i for i in range(4) if piles[1 - p][i]]
            out.extend((KRAKEN, card, i) for i in targets)
            if not targets or kraken_optional:
                out.append((KRAKEN, card, -1))
        else:                                               # R33
            out.append((TORTUGA, card, -1))
        if specials_as_parrot:                              # V4
            out.extend((PARROT, card, i) for i in range(4))
    return out


def _place(kind: int, card: str, ship: int, p: int, strengths: list[list[int]], piles: list[list[list[str]]],
           chests: list[list[str]], removed: list[str]) -> None:
    """placing.place on the kernel's lists (the hand and the turn order are the caller's)."""
    if kind in (CREW, PARROT, SKELETON):
        entry = card if kind == CREW else "SK" if kind == SKELETON else f"p:{card}"
        piles[p][ship].append(entry)
        strengths[p][ship] += STRENGTH[entry]
    elif kind == BOARD:
        chests[p].append(card)
    elif kind == KRAKEN:
        if ship < 0:
            removed.append("KR")
        else:
            bottom = piles[1 - p][ship].pop(0)
            strengths[1 - p][ship] -= STRENGTH[bottom]
            removed.extend((entry_card(bottom), "KR"))
    else:
        for i in range(4):
            piles[p][i] = [f"t:{e[2:]}" if e[0] == "p" and e[2:] in VALUE else e for e in piles[p][i]]
            strengths[p][i] = sum(STRENGTH[e] for e in piles[p][i])
        removed.append("TO")


def policy_playout(game: Game, state: JollyState, rng: random.Random, max_steps: int, policy: str,
                   final: bool) -> PlayoutEnd | None:
    """`Game.policy_playout` for the rule of thumb ("rule_of_thumb" = "greedy"); None otherwise."""
    if policy not in ("rule_of_thumb", "greedy"):
        return None
    if len(state.setup_left) == 2 and state.setup_left[0] and state.phase not in ("setup", "start"):
        # A partial position may leave the set-aside cards undecided among the pile; the draw is
        # then the pile's counts, except when S4's pirate-only removals are among them (the
        # sequential expert set-up, C3): the model draws those. Checked before any draw, so the
        # caller can step the model with the generator untouched.
        return None
    steps = 0
    s = state
    while s.phase in ("setup", "start"):        # S4-S8 through the model's own sampler
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        s = s._step(s.sample_chance(rng))
        steps += 1
    opts = game.options
    kraken_optional, specials_as_parrot = opts["kraken_optional"], opts["specials_as_parrot"]
    last_round = rounds(game)
    phase, round_, splitter, to_move = s.phase, s.round, s.splitter, s.to_move
    pile = list(s.pile)
    table, offers = list(s.table), s.offers
    hands = [list(h) for h in s.hands]
    piles = [[list(x) for x in side] for side in s.piles]
    chests = [list(c) for c in s.chests]
    removed = list(s.removed)
    strengths = [list(x) for x in s.strengths]
    below, uniform = rng.randrange, rng.random
    while phase != "over":
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        steps += 1
        if phase == "draw":                     # T1, R2: sample_counts over the pile
            i = pick_counts(pile, below)
            pile[i] -= 1
            table.append(CARDS[i])
            if len(table) == CARDS_PER_ROUND:
                table.sort(key=CARD_INDEX.__getitem__)
                phase, to_move = "split", splitter
        elif phase == "split":                  # T2: Greedy's most even split
            chosen = min(splits(tuple(sorted(table, key=CARD_INDEX.__getitem__))),
                         key=lambda a: (abs(offer_worth(a.small) - offer_worth(a.large)), uniform()))
            offers = (chosen.small, chosen.large)
            phase, to_move = "choose", 1 - splitter
        elif phase == "choose":                 # T3, R5: Greedy takes the richer offer
            small, large = offers
            first = (offer_worth(small), uniform())
            second = (offer_worth(large), uniform())
            mine, other = (large, small) if second > first else (small, large)
            chooser = 1 - splitter
            hands[chooser], hands[splitter] = list(mine), list(other)
            table = []
            phase = "place"
        else:                                   # T4, T5: Greedy's best outlook, card by card
            p = to_move
            last = round_ == last_round
            legal = _placements(hands[p], p, strengths, piles, kraken_optional, specials_as_parrot)
            best, best_key = legal[0], None
            for action in legal:
                key = (_after(action[0], action[1], action[2], p, strengths, piles, last), uniform())
                if best_key is None or key > best_key:
                    best, best_key = action, key
            kind, card, ship = best
            _place(kind, card, ship, p, strengths, piles, chests, removed)
            hands[p].remove(card)
            if not hands[p]:
                if p != splitter:               # R6: the splitter places next
                    to_move = splitter
                else:                           # R23, R24, E1
                    offers = ()
                    if round_ >= last_round:
                        phase, to_move = "over", None
                    else:
                        phase, round_, splitter, to_move = "draw", round_ + 1, 1 - splitter, None
    end = build(game, phase, round_, splitter, tuple(pile), s.aside, s.setup_left, s.early, tuple(table), offers,
                tuple(tuple(h) for h in hands), to_move, tuple(tuple(tuple(x) for x in side) for side in piles),
                tuple(tuple(sorted(c, key=CARD_INDEX.__getitem__)) for c in chests), tuple(removed),
                tuple(tuple(x) for x in strengths), None, ())
    return PlayoutEnd(end.scores(), end.winners(), steps, end if final else None)


__all__ = ["policy_playout"]
