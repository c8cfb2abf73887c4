"""How strong the ISMCTS bot is: its win rate against the random policy and the game's
rule-of-thumb policy, seat 0 against everyone else, over N games each (default 200).

Run: ``python benchmarks/ismcts_strength.py [--games 200] [--names sjoroveroya ...]
[--opponents random rule_of_thumb] [--bot '{"iterations": 30}'] [--option turn_cap=20]``.
Every seat but 0 plays the opponent policy; who starts is drawn from the seed, so seat 0
is not always first. The bot plays with the game's own `search_settings()` (its rule of
thumb as prior, a budget of at most about a second a move); `--bot` overrides them. It prints a table with 95%
Wilson intervals, and the bot's seconds a move (mean and slowest) timed in this process over
`--move-games` further games against the same opponents (moves with one legal choice are not
searched and not counted); it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import explorer
from explorer.analysis import ISMCTS
from explorer.analysis.rollouts import policy_factories, rollouts
from explorer.analysis.scale import format_table
from explorer.core.game import Game
from explorer.core.play import choose

# Long random games are capped (house rules, see each game's options).
OPTIONS = {"sjoroveroya": {"turn_cap": 40}, "last_bottle_of_rum": {"turn_limit": 40}}

def _value(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def move_times(game: Game, settings: dict, opponent: str, games: int, seed: int) -> list[float]:
    """Seconds the bot (seat 0) took for each move it searched, over `games` games."""
    bot = ISMCTS(game, **settings)
    other = policy_factories(game)[opponent](game)
    times = []
    for k in range(games):
        rng = random.Random(seed + k)
        state = game.new_state()
        while not state.is_over:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if state.player == 0 and len(legal) > 1:
                start = time.perf_counter()
                action = bot.choose(state.view(0), legal, rng)
                times.append(time.perf_counter() - start)
            else:
                action = choose(state, bot if state.player == 0 else other, rng)
            state = state._step(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--names", nargs="*", default=list(explorer.games()))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--opponents", nargs="*", default=["random", "rule_of_thumb"])
    parser.add_argument("--bot", default=None, help="JSON of ISMCTS settings for every game")
    parser.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--move-games", type=int, default=2, help="games for timing the bot's moves")
    args = parser.parse_args()
    rows = []
    for name in args.names:
        extra = dict(OPTIONS.get(name, {}))
        extra.update({k: _value(v) for k, v in (o.split("=", 1) for o in args.option)})
        game = explorer.load(name, players=args.players, **extra)
        settings = {**game.search_settings(), **(json.loads(args.bot) if args.bot else {})}
        names = policy_factories(game)
        for opponent in [p for p in args.opponents if p in names]:
            seats = [("ismcts", settings)] + [opponent] * (game.players - 1)
            start = time.perf_counter()
            result = rollouts(game.new_state(), args.games, seed=args.seed, policies=seats, workers=args.workers,
                              progress=False)
            low, high = result.win_interval(0)
            seconds = time.perf_counter() - start
            times = move_times(game, settings, opponent, args.move_games, args.seed) if args.move_games else [0.0]
            rows.append({"game": name, "players": game.players, "opponent": opponent, "games": result.games,
                         "ismcts_win": result.win_rate(0), "low": low, "high": high,
                         "fair_share": 1 / game.players, "beats": "yes" if low > 1 / game.players else "no",
                         "seconds": seconds, "moves_timed": len(times),
                         "s/move": statistics.mean(times), "slowest": max(times), "bot": json.dumps(settings)})
            print(format_table(rows[-1:]), flush=True)
    print()
    print(format_table(rows))


if __name__ == "__main__":
    main()
