"""PettingZoo face of every game (extra ``rl``): ``env(name, **options)`` is the wrapped AEC
environment of a game, PettingZoo's own naming convention.

    >>> from explorer.adapters.pettingzoo import env
    >>> table = env("dead_mans_dice", players=3, round_limit=2)
    >>> table.reset(seed=7)

Agents are ``player_0``, ``player_1``, ... Actions are ids into `Game.action_space()`
(``Discrete``). Observations are dicts: ``observation``, the acting player's `view` as
canonical JSON bytes zero-padded to ``observation_bytes`` (decode with
`decode_observation`), and ``action_mask`` over the action ids. Chance nodes are resolved
inside with the exact probabilities, from a generator seeded by ``reset(seed)``. Rewards
come at the end: shares of one victory (tied winners split it), or with
``returns="score_difference"`` (two players) the final score difference. A length cap left
unset takes its documented adapter value (`Game.LENGTH_CAPS`), so every game ends by its
rules within `Game.max_decisions` decisions; ``decision_limit=N`` truncates it sooner (equal
shares), and a set-up left without a bound (a cap switched off) needs it.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from explorer.core.extras import missing

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as err:  # the rl extra
    raise missing(err, "rl") from err

import explorer
from explorer.core.errors import OptionError
from explorer.core.game import Game, State
from explorer.games import game_class

from .common import decision_limit, game_returns, ids, legal_ids, returns_range, with_caps

OBSERVATION_BYTES = 16384


def env(name: str, players: int | None = None, render_mode: str | None = None, decision_limit: int = 0,
        observation_bytes: int = OBSERVATION_BYTES, returns: str = "win_shares", **options: Any) -> AECEnv:
    """The AEC environment of game `name`, in the standard wrappers (illegal action ends the
    game for the offender, out-of-range ids asserted, call order enforced)."""
    table = raw_env(name, players, render_mode, decision_limit, observation_bytes, returns, **options)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


def raw_env(name: str, players: int | None = None, render_mode: str | None = None, decision_limit: int = 0,
            observation_bytes: int = OBSERVATION_BYTES, returns: str = "win_shares", **options: Any) -> ExplorerEnv:
    """The unwrapped environment (`env` without the wrappers); unset length caps take their
    adapter values (`Game.LENGTH_CAPS`)."""
    game = explorer.load(name, players, **with_caps(game_class(name), options))
    return ExplorerEnv(game, render_mode, decision_limit, observation_bytes, returns)


def decode_observation(observation: np.ndarray) -> str:
    """The JSON text of a view from its padded bytes."""
    return bytes(observation).rstrip(b"\0").decode("ascii")


class ExplorerEnv(AECEnv):
    """One game set-up as a turn-based PettingZoo environment; `state` is the model state."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "explorer_v0", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None, limit: int = 0,
                 observation_bytes: int = OBSERVATION_BYTES, returns: str = "win_shares") -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionError("render_mode", f"{render_mode!r} is not supported; use 'ansi' or None")
        if isinstance(observation_bytes, bool) or not isinstance(observation_bytes, int) or observation_bytes < 1:
            raise OptionError("observation_bytes", f"{observation_bytes!r} is not a positive whole number")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{game.name}_v0"}
        self.limit = decision_limit(game, limit)
        returns_range(game, returns)
        self.returns = returns
        self.observation_bytes = observation_bytes
        self.possible_agents = [f"player_{p}" for p in range(game.players)]
        count = len(ids(game).actions)
        self._action_space = spaces.Discrete(count)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0, 255, (observation_bytes,), np.uint8),
            "action_mask": spaces.Box(0, 1, (count,), np.int8)})
        self.state: State = game.new_state()
        self.decisions = 0
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._rng = random.Random(seed)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.state = self._settle(self.game.new_state())
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        text = self.state.observation_string(player).encode("ascii")
        if len(text) > self.observation_bytes:
            raise OptionError("observation_bytes", f"a view of {len(text)} bytes does not fit in "
                                                   f"{self.observation_bytes}; pass a larger observation_bytes")
        observation = np.zeros(self.observation_bytes, np.uint8)
        observation[:len(text)] = np.frombuffer(text, np.uint8)
        mask = np.zeros(len(ids(self.game).actions), np.int8)
        if player == self.state.player and not self._ended():
            mask[legal_ids(self.state)] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state = self._settle(self.state.apply(ids(self.game).actions[int(action)]))
        self.decisions += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self._ended():
            cut = not self.state.is_over
            shares = game_returns(self.state, self.returns, cut)
            self.rewards = {a: shares[p] for p, a in enumerate(self.possible_agents) if a in self.agents}
            flags = self.truncations if cut else self.terminations
            for a in self.agents:
                flags[a] = True
        self._cumulative_rewards[agent] = 0.0
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The whole position as text (``ansi``)."""
        return repr(self.state) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""

    def _settle(self, state: State) -> State:
        """Resolve chance nodes with their exact probabilities, from the seeded generator."""
        while state.is_chance:
            state = state._step(state.sample_chance(self._rng))
        return state

    def _ended(self) -> bool:
        return self.state.is_over or self.decisions >= self.limit

    def _select(self) -> None:
        """The player to act, or (game over) the first agent still to be told."""
        if self._ended():
            self.agent_selection = self.agents[0] if self.agents else self.agent_selection
        else:
            self.agent_selection = self.possible_agents[self.state.player]
