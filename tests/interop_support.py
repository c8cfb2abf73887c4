"""Option sets for the interop tests, derived from each game's option specs.

Every game is played capped where it has a cap option (so conformance runs stay short)
and once per switch that changes play: each boolean flipped, each other choice taken.
A game not listed in CAPS (a new game) is still covered, with its defaults.
"""

from __future__ import annotations

import random

import explorer
from explorer.core.errors import OptionError
from explorer.games import game_class

CAPS = {"sjoroveroya": {"turn_cap": 4},
        "dead_mans_dice": {"round_limit": 1, "target_score": 30, "round_turn_limit": 30, "rolloff_limit": 3},
        "last_bottle_of_rum": {"turn_limit": 3}, "pirate_rush": {"duel_throw_limit": 3}}
"""Short games: Sjørøverøya V12, Dead Man's Dice's round guard and house rules (R29, R9),
Rum's E3 house rule, Pirate Rush's duel house rule (R57). Every game is then bounded."""

PLAYER_COUNTS = {"sjoroveroya": 3, "dead_mans_dice": 3, "last_bottle_of_rum": 3, "pirate_rush": 4}


def variants(name: str) -> list[dict]:
    """The capped defaults, then one set per switch (bool flipped, or another choice)."""
    cls = game_class(name)
    base = dict(CAPS.get(name, {}))
    sets = [base]
    for spec in cls.OPTIONS:
        if spec.name in base:
            continue
        if spec.choices:
            others = [c for c in spec.choices if c != spec.default]
        elif isinstance(spec.default, bool):
            others = [not spec.default]
        else:
            continue
        for value in others:
            options = {**base, spec.name: value}
            try:
                explorer.load(name, PLAYER_COUNTS.get(name), **options)
            except OptionError:       # a refused switch (a module not available yet)
                continue
            sets.append(options)
    return sets


def random_history(state, seed: int, steps: int = 100_000):
    """Play randomly to the end (or `steps`); return the final state."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return state
