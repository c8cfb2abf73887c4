"""The search bot's paired root search: every move tried in the same worlds with the same dice.

A move's worth is noisy when each move meets its own deals and rolls: most of the spread
between two moves' averages is luck, not the moves. Here each iteration draws one world
from the bot's view (`Game.sample_state`) and one seed, and plays every legal move in that
world followed by a rollout driven by a generator made from that seed, so two moves meet
the same world and, as far as their games stay in step, the same dice (common random
numbers). The differences between moves are then measured pair by pair, with far less
noise than separate samples would give.

With the game's rule of thumb as prior and as rollout policy this is a rollout improvement
of the rule of thumb (one step of policy iteration): the bot keeps the prior's move unless
another move's paired advantage over it is more than `prior_z` standard errors above zero.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from explorer.core.game import nothing_hidden

if TYPE_CHECKING:
    from explorer.analysis.ismcts import ISMCTS


def paired_choice(bot: ISMCTS, view: dict, legal: Sequence[Any], rng: random.Random,
                  favourite: str | None) -> Any:
    """The bot's move by paired rollouts (see the module docstring): `bot.iterations` worlds
    at most, each trying every legal move, stopping early at `bot.seconds` or once the
    rollouts have played `bot.budget_steps` steps (so a position near the end, whose rollouts
    are short, gets more worlds; unlike seconds, the same on every machine)."""
    names = [str(a) for a in legal]
    pairs: list[list[tuple[int, float]]] = [[] for _ in names]     # (world, reward) where the move exists
    deadline = None if bot.seconds is None else time.perf_counter() + bot.seconds
    done, bot.played = 0, 0
    known = None
    if nothing_hidden(bot.game):                 # the view is the whole position: one world, each move made once
        world = bot.game.sample_state(view, rng)
        known = world.player, _moved(world)
    while (bot.iterations is None or done < bot.iterations) and \
            (deadline is None or time.perf_counter() < deadline) and \
            (bot.budget_steps is None or bot.played < bot.budget_steps):
        if known is None:
            world = bot.game.sample_state(view, rng)
            me, after = world.player, _moved(world)
        else:
            me, after = known
        seed = rng.getrandbits(64)
        for k, name in enumerate(names):
            if name in after:
                value = bot._rollout(after[name], random.Random(seed))[me]
                pairs[k].append((done, value))
        done += 1
    bot.worlds = done
    return legal[_pick(names, pairs, favourite, bot.prior_z)]


def _moved(world: Any) -> dict[str, Any]:
    """The position after each legal move in `world`, by the move's name."""
    return {str(a): world._step(a) for a in world.legal_actions()}


def _pick(names: list[str], pairs: list[list[tuple[int, float]]], favourite: str | None, z: float) -> int:
    """The move with the best mean; with a favourite, only one whose paired advantage over
    it (over the worlds both were tried in) is more than `z` standard errors above zero."""
    means = [sum(v for _, v in p) / len(p) if p else -math.inf for p in pairs]
    best = max(range(len(names)), key=lambda k: means[k])
    if favourite not in names:
        return best
    fav = names.index(favourite)
    base = dict(pairs[fav])
    chosen, chosen_edge = fav, 0.0
    for k in range(len(names)):
        if k == fav:
            continue
        diffs = [v - base[i] for i, v in pairs[k] if i in base]
        if len(diffs) < 2:
            continue
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        if mean > z * math.sqrt(var / len(diffs)) and mean > chosen_edge:
            chosen, chosen_edge = k, mean
    return chosen
