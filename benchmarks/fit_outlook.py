"""Refit the outlooks (`Game.win_chances`) of Dead Man's Dice and The Last Bottle of Rum.

It plays games between rule-of-thumb players through the model, samples positions along
the way (every fifth decision in Dead Man's Dice, every fifteenth in Rum), and fits by maximum
likelihood how those games ended:
- Dead Man's Dice (3 pirates): the sharpness of a softmax of `scores` per stage of the race
  (the leader's score over the target), by a grid over log-sharpness.
- Rum (2 captains): the weights of each captain's standing (outlook.features), by Newton's
  method on the logistic of the two standings' difference.
It prints the fitted tables in the form outlook.py keeps them, with each fit's mean
log-likelihood beside a coin's (and, for Rum, how often the favourite won), and asserts
nothing. Run: ``python benchmarks/fit_outlook.py [--games 600] [--seed 20000]`` (the tables in the
outlook modules are what the defaults print).
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np

import explorer
from explorer.core.play import choose
from explorer.games.last_bottle_of_rum.outlook import WEIGHTS, features

STAGES = (0.0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.0)


def sampled_games(name: str, games: int, seed: int, every: int) -> list[tuple[list, tuple[int, ...]]]:
    """Per finished game with a sole winner: the positions sampled and the winner."""
    game = explorer.load(name)
    policy = game.policies()["rule_of_thumb"](game)
    out = []
    for k in range(games):
        rng = random.Random(seed + k)
        state, decisions, seen = game.new_state(), 0, []
        while not state.is_over and decisions < 20_000:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
                continue
            if decisions % every == 0:
                seen.append(state)
            state = state._step(choose(state, policy, rng))
            decisions += 1
        if state.is_over and len(state.winners()[0]) == 1:
            out.append((seen, state.winners()[0][0]))
    return out


def fit_dice(games: int, seed: int) -> None:
    data = sampled_games("dead_mans_dice", games, seed, 5)
    scores = np.array([[float(x) for x in s.scores()] for seen, _ in data for s in seen])
    winner = np.array([w for seen, w in data for _ in seen])
    target = explorer.load("dead_mans_dice").options["target_score"]
    stage = scores.max(axis=1) / target
    print(f"Dead Man's Dice: {len(data)} games, {len(winner)} positions; coin {math.log(1 / 3):.4f}")
    print("SHARPNESS = (", end="")
    for start, end in zip(STAGES, (*STAGES[1:], math.inf), strict=True):
        mask = (stage >= start) & (stage < end)
        x, y = scores[mask] - scores[mask].max(axis=1, keepdims=True), winner[mask]
        best = max((float(np.mean(np.log(_softmax(beta * x)[np.arange(len(y)), y]))), float(beta))
                   for beta in np.exp(np.linspace(-6, 0, 241)))
        print(f"({start}, {best[1]:.4f}), ", end="")
        print(f"  # {int(mask.sum())} positions, log-likelihood {best[0]:.4f}", end="\n             ")
    print(")")


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def fit_rum(games: int, seed: int) -> None:
    data = sampled_games("last_bottle_of_rum", games, seed, 15)
    rows, wins = [], []
    for seen, w in data:
        for s in seen:
            diff = [a - b for a, b in zip(features(s, 0), features(s, 1), strict=True)]
            rows += [diff, [-d for d in diff]]
            wins += [1.0 if w == 0 else 0.0, 1.0 if w == 1 else 0.0]
    x, y = np.array(rows, float), np.array(wins)
    weights = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-(x @ weights)))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(len(weights))
        weights += np.linalg.solve(hessian, x.T @ (y - p))
    p = 1 / (1 + np.exp(-(x @ weights)))
    loglik = float(np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
    print(f"Rum: {len(data)} games, {len(y) // 2} positions; log-likelihood {loglik:.4f} "
          f"(coin {math.log(0.5):.4f}); the favourite won {float(np.mean((p > 0.5) == (y > 0.5))):.3f}")
    print("WEIGHTS = {" + ", ".join(f'"{k}": {v:.4f}' for k, v in zip(WEIGHTS, weights, strict=True)) + "}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=20_000)
    args = parser.parse_args()
    fit_dice(args.games, args.seed)
    fit_rum(args.games, args.seed)


if __name__ == "__main__":
    main()
