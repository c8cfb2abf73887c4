"""Analysis through the game contract alone: what-if trees, exact and sampled evaluation,
search bots and scale-out. Nothing here knows a particular game."""

from explorer.analysis.exact import action_values, chance_distribution, distribution, expectation, probability
from explorer.analysis.ismcts import ISMCTS
from explorer.analysis.odds import Odds, next_outcomes, view_distribution, view_probability
from explorer.analysis.results import Outcome, RolloutResult, paired_difference
from explorer.analysis.rollouts import after_moves, compare, derive_seed, rollouts
from explorer.analysis.scale import format_table, option_effect, seat_advantage
from explorer.analysis.tree import Node, PositionTree

__all__ = [
    "ISMCTS",
    "Node",
    "Odds",
    "Outcome",
    "PositionTree",
    "RolloutResult",
    "action_values",
    "after_moves",
    "chance_distribution",
    "compare",
    "derive_seed",
    "distribution",
    "expectation",
    "format_table",
    "next_outcomes",
    "option_effect",
    "paired_difference",
    "probability",
    "rollouts",
    "seat_advantage",
    "view_distribution",
    "view_probability",
]
