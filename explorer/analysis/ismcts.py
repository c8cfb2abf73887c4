"""A fair search bot: single-observer information-set Monte Carlo tree search (ISMCTS).

Each iteration fills in what the bot cannot see with ``game.sample_state(view, rng)``
(a determinization drawn with the right probabilities), walks one shared tree of
actions with UCB1 corrected for availability (an action exists only in some
determinizations), plays on for at most `rollout_steps` steps (random moves, or the
game's named `rollout` policy), and scores the end by rank, or a cut-off by the lead
in `scores` (or the game's fitted chances of winning, `Game.win_chances`, where it has
them). It sees only its own view, like any policy.

With ``rollout_steps=None`` every rollout plays to the end of the game, on the game's fast
kernel for the rollout policy where it has one (`Game.playout`, the same games as
stepping the model, many times sooner): a full game of sensible play says more about a move
than a cut-off guess, and the kernel makes hundreds of them fit in a fraction of a second.
`reward` says what a finished rollout is worth to each seat: ``"rank"`` (the share of
opponents beaten) or ``"win"`` (1 for a sole winner, shared on a tie for first), which is
what a win-rate table measures.

A `prior` policy (the game's rule of thumb, say) makes it conservative, as a policy prior
does in AlphaZero-style search: the prior's move at the root is credited with a share of
the budget in visits, so the bot plays it unless the search finds a move clearly better
(one that earns more visits than the prior's move and its credit together).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from explorer.analysis.paired import paired_choice
from explorer.core.errors import PositionError
from explorer.core.game import Game, State
from explorer.core.play import advance
from explorer.core.policy import policy_factories


class _Node:
    __slots__ = ("avail", "children", "player", "reward", "visits")

    def __init__(self, player: int | None) -> None:
        self.player = player          # who chose the move into this node
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[str, _Node] = {}


# A rollout "to the end" gives up after this many steps (a guard, not a rule) and is scored
# as a cut-off from where its tree walk stopped.
END_STEPS = 100_000


def ranking_rewards(winners: Sequence[Sequence[int]], players: int, reward: str = "rank") -> list[float]:
    """Each player's reward in [0, 1] from a final ranking (groups of tied players, best
    first): "rank" is the share of opponents beaten (ties half); "win" is 1 shared among
    the first group, 0 for everyone else."""
    if reward == "win":
        first = tuple(winners[0]) if winners else ()
        return [1.0 / len(first) if p in first else 0.0 for p in range(players)]
    place = {p: k for k, group in enumerate(winners) for p in group}
    keys = [-place.get(p, players) for p in range(players)]
    return [sum(1.0 if keys[p] > keys[q] else 0.5 if keys[p] == keys[q] else 0.0
                for q in range(players) if q != p) / (players - 1) for p in range(players)]


def rank_rewards(state: State, scale: float = 2.0, reward: str = "rank") -> list[float]:
    """Each player's reward in [0, 1].

    At the end of the game: the share of opponents beaten in the official ranking (ties
    half). Before it (a cut-off rollout): a logistic of the player's lead over the mean
    of the others' `scores`, `scale` score points making the odds e:1.
    """
    n = state.game.players
    if n == 1:
        return [1.0]
    if state.is_over:
        return ranking_rewards(state.winners(), n, reward)
    scores = [float(x) for x in state.scores()]
    total = sum(scores)
    leads = [(scores[p] - (total - scores[p]) / (n - 1)) / scale for p in range(n)]
    return [1 / (1 + math.exp(-max(-50.0, min(50.0, lead)))) for lead in leads]


class ISMCTS:
    """ISMCTS as a `Policy`: ``ISMCTS(game, iterations=500)`` or ``ISMCTS(game, seconds=0.2)``.

    `root` is ``"tree"`` (one shared tree, UCB1 corrected for availability) or ``"paired"``
    (explorer.analysis.paired: every move in the same worlds with the same dice, the prior's
    move kept unless another beats it by `prior_z` standard errors; `iterations` then counts
    worlds). `rollout_steps` cuts rollouts off (judged by `Game.win_chances` where the game
    has an outlook, else by the lead in `scores`); None plays them to the end, on the game's
    kernel where it has one, or with `horizon="round"` to the end of the current round where
    the game has rounds that only pass on their totals (`Game.playout` with ``until="round"``), judged there by
    `Game.win_chances`. `budget_steps` stops a paired search once its rollouts have
    played that many steps; `seconds` stops either search by the clock."""

    name = "ismcts"
    needs_view = True

    def __init__(self, game: Game, iterations: int | None = 300, seconds: float | None = None,
                 exploration: float = 0.7, rollout_steps: int | None = 40, rollout: str = "random",
                 score_scale: float = 2.0, prior: str | None = None, prior_share: float = 0.25,
                 reward: str = "rank", root: str = "tree", prior_z: float = 1.0,
                 budget_steps: int | None = None, horizon: str = "end") -> None:
        if not isinstance(game, Game):
            raise PositionError("game", f"ISMCTS needs the Game to sample hidden states from, not {game!r}")
        if iterations is None and seconds is None:
            raise PositionError("iterations", "give an iteration budget, a time budget (seconds) or both")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise PositionError("iterations", f"{iterations!r} is not a positive whole number")
        if seconds is not None and not seconds > 0:
            raise PositionError("seconds", f"{seconds!r} is not a positive time")
        if rollout_steps is not None and (isinstance(rollout_steps, bool) or not isinstance(rollout_steps, int)
                                          or rollout_steps < 0):
            raise PositionError("rollout_steps", f"{rollout_steps!r} is not None (to the end) or a whole "
                                "number of steps of at least 0")
        if root not in ("tree", "paired"):
            raise PositionError("root", f"unknown root search {root!r}; known: tree, paired")
        if isinstance(prior_z, bool) or not isinstance(prior_z, int | float) or prior_z < 0:
            raise PositionError("prior_z", f"{prior_z!r} is not a number of standard errors (0 or more)")
        if budget_steps is not None and (isinstance(budget_steps, bool) or not isinstance(budget_steps, int)
                                         or budget_steps < 1):
            raise PositionError("budget_steps", f"{budget_steps!r} is not None or a positive whole number of steps")
        if horizon not in ("end", "round"):
            raise PositionError("horizon", f"unknown rollout horizon {horizon!r}; known: end, round")
        if reward not in ("rank", "win"):
            raise PositionError("reward", f"unknown reward {reward!r}; known: rank, win")
        factories = policy_factories(game)
        for field, name in (("rollout", rollout), ("prior", prior)):
            if name is not None and name not in factories:
                raise PositionError(field, f"unknown policy {name!r}; known: {', '.join(factories)}")
        if isinstance(prior_share, bool) or not isinstance(prior_share, int | float) or not 0 <= prior_share <= 1:
            raise PositionError("prior_share", f"{prior_share!r} is not a share between 0 and 1")
        self.prior = None if prior is None else factories[prior](game)
        self.prior_share = float(prior_share)
        self.game = game
        self.rollout = factories[rollout](game)
        self.rollout_name = rollout
        self.reward = reward
        self.score_scale = score_scale
        self._seats = [self.rollout] * game.players
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.root = root
        self.budget_steps = budget_steps
        self.played = 0          # steps the rollouts have played (a cut-off one counts its full length)
        self.worlds = 0          # worlds the last paired search tried every move in
        self.prior_z = float(prior_z)
        self.horizon = horizon

    def __repr__(self) -> str:
        return f"ISMCTS({self.game!r}, iterations={self.iterations}, seconds={self.seconds})"

    def _prior_choice(self, view: dict, legal: Sequence[Any], rng: random.Random) -> str | None:
        """The prior policy's move from the bot's own view (it sees nothing more)."""
        if self.prior is None:
            return None
        return str(self.prior.choose(view if getattr(self.prior, "needs_view", False) else None, legal, rng))

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise PositionError("view", "ISMCTS needs the player's view (needs_view is True)")
        favourite = self._prior_choice(view, legal, rng)
        if self.root == "paired":
            return paired_choice(self, view, legal, rng, favourite)
        root = _Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and \
                (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, self.game.sample_state(view, rng), rng)
            done += 1
        by_name = {str(a): a for a in legal}
        weight = {name: node.visits for name, node in root.children.items() if name in by_name}
        if favourite in by_name:
            weight[favourite] = weight.get(favourite, 0) + self.prior_share * done
        if not weight:
            return legal[rng.randrange(len(legal))]
        return by_name[max(weight, key=lambda name: (weight[name], name == favourite))]

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        node, path = root, []
        while not state.is_over:
            if state.is_chance:
                state = state._step(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            names = [str(a) for a in legal]
            for name in names:
                child = node.children.get(name)
                if child is not None:
                    child.avail += 1
            untried = [k for k, name in enumerate(names) if name not in node.children]
            if untried:
                k = untried[rng.randrange(len(untried))]
                child = node.children[names[k]] = _Node(state.player)
                child.avail = 1
                path.append(child)
                state = state._step(legal[k])
                break
            k = self._select(node, names)
            node = node.children[names[k]]
            path.append(node)
            state = state._step(legal[k])
        rewards = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.player]

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        """What the rest of the game is worth to each seat, from one rollout."""
        if self.rollout_steps is not None:
            self.played += self.rollout_steps
            return self._judge(advance(state, rng, self._seats, self.rollout_steps))
        if state.is_over:
            return self._judge(state)
        try:
            if self.horizon == "round":
                end = self.game.playout(state, rng, END_STEPS, self.rollout_name, until="round")
                if end is not None:               # it carries the state where the round was scored
                    self.played += end.steps
                    return self._judge(end.state)
            end = self.game.playout(state, rng, END_STEPS, self.rollout_name)
        except RuntimeError:                 # no end within the guard: judged where it began
            return self._judge(state)
        if end is not None:
            self.played += end.steps
            return ranking_rewards(end.winners, self.game.players, self.reward)
        final = advance(state, rng, self._seats, END_STEPS)
        self.played += len(final.history) - len(state.history)
        return self._judge(final)

    def _judge(self, state: State) -> list[float]:
        """A finished game by its ranking; a cut-off one by the game's estimated chances of
        winning (`Game.win_chances`) where it has them, else by the lead in `scores`."""
        if not state.is_over:
            chances = self.game.win_chances(state)
            if chances is not None:
                return list(chances)
        return rank_rewards(state, self.score_scale, self.reward)

    def _select(self, node: _Node, names: list[str]) -> int:
        c = self.exploration
        best, best_value = 0, -math.inf
        for k, name in enumerate(names):
            child = node.children[name]
            value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = k, value
        return best
