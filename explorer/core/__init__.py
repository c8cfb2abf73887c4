"""The game contract, exact chance, errors and events. Knows no game."""

from explorer.core.chance import check_distribution, expectation, from_counts, pushforward, sample, uniform
from explorer.core.errors import ExplorerError, IllegalAction, OptionError, PositionError, TooManyWorlds
from explorer.core.events import Event
from explorer.core.game import Game, OptionSpec, PlayoutEnd, State, outcome_probability
from explorer.core.play import advance, choose, playout, replay
from explorer.core.policy import Policy, RandomPolicy
from explorer.core.view import View

__all__ = [
    "Event",
    "ExplorerError",
    "Game",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "PlayoutEnd",
    "Policy",
    "PositionError",
    "RandomPolicy",
    "State",
    "TooManyWorlds",
    "View",
    "advance",
    "check_distribution",
    "choose",
    "expectation",
    "from_counts",
    "outcome_probability",
    "playout",
    "pushforward",
    "replay",
    "sample",
    "uniform",
]
