"""Policies: who chooses a decision when a person does not.

A policy sees only what its seat may know: ``choose(view, legal, rng)`` gets the
player's `view` (JSON data, only computed when ``needs_view`` is true), the legal
actions and a seeded generator, and returns one of the legal actions.

A policy may also say exactly how it chooses: ``probabilities(view, legal)`` maps each
action it may play to its `Fraction` probability (summing to 1). Exact analysis
(`explorer.analysis.distribution(..., decide=policy)`) follows only such policies; the
method is optional, and sampled analysis (rollouts) needs only `choose`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol


class Policy(Protocol):
    name: str
    needs_view: bool

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomPolicy:
    """Uniformly random among the legal actions."""

    name = "random"
    needs_view = False

    def __init__(self, game: object = None) -> None:
        self.game = game

    def choose(self, view: dict | None, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]

    def probabilities(self, view: dict | None, legal: Sequence[Any]) -> Mapping[Any, Fraction]:
        """Exactly how `choose` plays: every legal action equally likely."""
        return dict.fromkeys(legal, Fraction(1, len(legal)))

    def __repr__(self) -> str:
        return "RandomPolicy()"


def policy_factories(game: Any) -> dict[str, Any]:
    """The game's named policies, ``"random"`` always among them."""
    return {"random": RandomPolicy, **game.policies()}
