"""Exact evaluation by enumeration: distributions of any quantity, and expectimax.

Every chance node is followed through all its outcomes with their exact `Fraction`
probabilities; decisions follow a given rule or end the walk. Equal states (equal by
position) are evaluated once, so transpositions cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any

from explorer.core.errors import PositionError
from explorer.core.game import State
from explorer.core.policy import policy_factories

Quantity = Callable[[State], Hashable]
ONE = Fraction(1)


def random_decisions(state: State) -> dict[Any, Fraction]:
    """Every legal action equally likely: the random policy, exactly."""
    legal = state.legal_actions()
    return {a: Fraction(1, len(legal)) for a in legal}


Branches = tuple[tuple[Any, Fraction], ...]


def _policy(game: Any, spec: Any, seat: str) -> Any:
    """A policy object with exact `probabilities`, from a name of `game.policies()` or an object."""
    if isinstance(spec, str):
        factories = policy_factories(game)
        if spec not in factories:
            raise PositionError("decide", f"unknown policy {spec!r}{seat} for {game.name}; known: "
                                          f"{', '.join(factories)}")
        spec = factories[spec](game)
    elif isinstance(spec, type):
        spec = spec(game)   # a policy class, made for this game as game.policies() factories are
    if not callable(getattr(spec, "choose", None)):
        raise PositionError("decide", f"{spec!r}{seat} is not a policy (it has no choose(view, legal, rng))")
    if not callable(getattr(spec, "probabilities", None)):
        name = getattr(spec, "name", type(spec).__name__)
        raise PositionError("decide", f"policy {name!r}{seat} gives no exact probabilities (it has no "
                                      "probabilities(view, legal) method): an exact distribution cannot "
                                      "follow it; sample with rollouts, or give 'random' or a function")
    return spec


def _exact_choice(policy: Any, state: State) -> Branches:
    """The policy's exact probabilities at `state`, checked: legal actions, summing to 1."""
    legal = state.legal_actions()
    view = state.view(state.player) if getattr(policy, "needs_view", True) else None
    given = policy.probabilities(view, legal)
    name = getattr(policy, "name", type(policy).__name__)
    branches = tuple((a, p) for a, p in given.items() if p != 0)
    if (not all(isinstance(p, Fraction | int) and p > 0 for _, p in branches)
            or sum((p for _, p in branches), Fraction(0)) != 1):
        raise PositionError("decide", f"policy {name!r} gave probabilities that are not exact fractions "
                                      f"summing to 1 for {state.game.player_name(state.player)}")
    illegal = [a for a, _ in branches if a not in legal]
    if illegal:
        raise PositionError("decide", f"policy {name!r} gave {illegal[0]!s}, not a legal action of "
                                      f"{state.game.player_name(state.player)} here")
    return tuple((a, Fraction(p)) for a, p in branches)


def decider(state: State, decide: Any) -> Callable[[State], Branches | None] | None:
    """Turn a `decide` argument of `distribution` into ``state -> branches`` (None: stop there).

    Forms: None (stop at every decision); ``"random"``; a function of the state returning
    the action; a policy (a name from ``game.policies()`` or an object with exact
    ``probabilities(view, legal)``) for every seat; or ``{seat: policy}``, the walk stopping
    at the decisions of a seat it does not name."""
    if decide is None:
        return None
    if isinstance(decide, str) and decide == "random":
        return lambda s: tuple(random_decisions(s).items())
    game = state.game
    if isinstance(decide, Mapping):
        seats = {}
        for seat, spec in decide.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
                raise PositionError("decide", f"{seat!r} is not a seat of a {game.players}-player game "
                                              f"(seats 0..{game.players - 1})")
            seats[seat] = _policy(game, spec, f" for {game.player_name(seat)}")
        return lambda s: _exact_choice(seats[s.player], s) if s.player in seats else None
    if isinstance(decide, str) or hasattr(decide, "choose"):   # a policy (name, object or class)
        policy = _policy(game, decide, "")
        return lambda s: _exact_choice(policy, s)
    if callable(decide):
        return lambda s: ((decide(s), ONE),)
    raise PositionError("decide", f"{decide!r} is neither a function of the state, a policy, {{seat: policy}} "
                                  "nor 'random'")


def distribution(state: State, quantity: Quantity, *, depth: int | None = None,
                 until: Callable[[State], bool] | None = None,
                 decide: Any = None, limit: int = 1_000_000) -> dict[Hashable, Fraction]:
    """The exact distribution of `quantity(final state)`.

    The walk from `state` stops at a state that is over, satisfies `until`, lies `depth`
    steps away, or is a decision nobody decides. `decide` says who does:

    - None: nobody (every decision ends the walk);
    - ``"random"``: every legal action equally likely;
    - a function of the state returning the action to play (checked: an illegal one
      raises `IllegalAction` naming the rule);
    - a policy for every seat: a name from ``game.policies()`` or a policy object, followed
      through its exact ``probabilities(view, legal)`` (`RandomPolicy`: uniform); a policy
      without that method cannot be followed exactly, a `PositionError` on ``decide``;
    - ``{seat: policy}``: those seats' decisions followed, the others end the walk.

    `limit` bounds the number of distinct states visited (a guard). Values are ordered by
    the size of their probability, largest first.
    """
    if depth is not None and depth < 0:
        raise PositionError("depth", f"{depth} is negative")
    choices = decider(state, decide)
    checked = callable(decide) and not hasattr(decide, "choose")   # a function: check what it plays
    memo: dict[tuple[State, int | None], dict[Hashable, Fraction]] = {}

    def walk(s: State, left: int | None) -> dict[Hashable, Fraction]:
        key = (s, left)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) >= limit:
            raise PositionError("limit", f"more than {limit} distinct states; lower depth or stop earlier")
        branches = None
        if not (s.is_over or left == 0 or (until is not None and until(s))):
            if s.is_chance:
                branches = s.chance_outcomes()
            elif choices is not None:
                branches = choices(s)
        if branches is None:
            result = {quantity(s): ONE}
        else:
            result = {}
            nxt = None if left is None else left - 1
            step = s.apply if checked and not s.is_chance else s._step   # check a given rule
            for outcome, p in branches:
                for value, q in walk(step(outcome), nxt).items():
                    result[value] = result.get(value, Fraction(0)) + p * q
        memo[key] = result
        return result

    found = walk(state, depth)
    return dict(sorted(found.items(), key=lambda kv: -kv[1]))


def chance_distribution(state: State) -> dict[str, Fraction]:
    """The outcomes of a chance node by notation, with their exact probabilities."""
    if not state.is_chance:
        raise PositionError("state", "is not a chance node (a decision or the end of the game)")
    return {str(outcome): p for outcome, p in state.chance_outcomes()}


def expectation(dist: Mapping[Any, Fraction]) -> Fraction:
    """The exact mean of a distribution of numbers."""
    return sum((Fraction(v) * p for v, p in dist.items()), Fraction(0))


def probability(dist: Mapping[Any, Fraction], event: Callable[[Any], bool]) -> Fraction:
    """The exact probability that `event(value)` holds."""
    return sum((p for v, p in dist.items() if event(v)), Fraction(0))


def action_values(state: State, depth: int, value: Callable[[State], tuple] | None = None,
                  limit: int = 1_000_000) -> dict[str, tuple[Fraction, ...]]:
    """Small-horizon expectimax: each legal action's exact expected value vector.

    Looking `depth` steps ahead (decisions and chance outcomes both count), chance is
    averaged exactly and every later decision is taken by its player to maximise their
    own component (max-n). `value` gives one number per player (default: `scores`).
    Returns ``{notation: vector}``; the acting player's component ranks the actions.
    """
    if state.is_chance or state.is_over:
        raise PositionError("state", "expectimax needs a decision to choose")
    if depth < 1:
        raise PositionError("depth", f"must be at least 1, not {depth}")
    value = value or (lambda s: s.scores())
    memo: dict[tuple[State, int], tuple[Fraction, ...]] = {}

    def walk(s: State, left: int) -> tuple[Fraction, ...]:
        key = (s, left)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) >= limit:
            raise PositionError("limit", f"more than {limit} distinct states; lower the depth")
        if s.is_over or left == 0:
            result = tuple(Fraction(v) for v in value(s))
        elif s.is_chance:
            parts = [(p, walk(s._step(o), left - 1)) for o, p in s.chance_outcomes()]
            result = tuple(sum((p * v[i] for p, v in parts), Fraction(0)) for i in range(len(parts[0][1])))
        else:
            me = s.player
            result = max((walk(s._step(a), left - 1) for a in s.legal_actions()), key=lambda v: v[me])
        memo[key] = result
        return result

    return {str(a): walk(state._step(a), depth - 1) for a in state.legal_actions()}
