"""Random-playout throughput through each adapter, next to the model alone: steps/s.

Run: ``python benchmarks/interop.py [--seconds 3]``. It prints figures and asserts nothing.
A step is one applied action or chance outcome (PettingZoo resolves chance inside a step,
so its figure counts the model's steps too).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel

import explorer
import explorer.adapters.openspiel as spiel
from explorer.adapters.pettingzoo import env

CAPPED = {"sjoroveroya": {"turn_cap": 10}, "dead_mans_dice": {"round_limit": 2},
          "last_bottle_of_rum": {"turn_limit": 10}, "pirate_rush": {}}


def model_rate(name: str, options: dict, seconds: float) -> tuple[float, float]:
    game = explorer.load(name, **options)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(games)
        state = game.new_state()
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def openspiel_rate(name: str, options: dict, seconds: float) -> tuple[float, float]:
    game = pyspiel.load_game(spiel.PREFIX + name, {k: -1 if v is None else v for k, v in options.items()})
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(games)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def pettingzoo_rate(name: str, options: dict, seconds: float) -> tuple[float, float]:
    table = env(name, **options)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=games)
        rng = np.random.default_rng(games)
        before = len(table.unwrapped.state.history)
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            done = terminated or truncated
            table.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += len(table.unwrapped.state.history) - before + 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"{'game':<20}{'options':>18}{'model steps/s':>15}{'OpenSpiel':>12}{'PettingZoo':>12}{'games/s m/O/P':>22}")
    for name in explorer.games():
        options = CAPPED.get(name, {})
        rates = [f(name, options, args.seconds) for f in (model_rate, openspiel_rate, pettingzoo_rate)]
        label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        games = "/".join(f"{g:.1f}" for _, g in rates)
        print(f"{name:<20}{label:>18}{rates[0][0]:>15,.0f}{rates[1][0]:>12,.0f}{rates[2][0]:>12,.0f}{games:>22}",
              flush=True)


if __name__ == "__main__":
    main()
