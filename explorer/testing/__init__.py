"""The checker for a game's author: ``check_game(game)`` says what to fix before the explorer can use it.

    >>> import explorer
    >>> from explorer.testing import check_game
    >>> report = check_game(explorer.load("sjoroveroya"), seeds=1, steps=60, interop=False)
    >>> report.ok
    True

It checks what the project's own contract tests check, on seeded random games of every player
count: the core names are written and the declared capabilities implemented; chance outcomes
are exact and sum to 1; legal actions apply and their notation reads back; illegal ones raise
`IllegalAction` (naming a rule where the game explains) with the state untouched; states never
change; views are JSON and the hidden worlds of a view hold the truth; positions round-trip as
data and as notation; a history replays; fuzzed position data gives only the project's errors;
playouts end or are cut off by a named option, and a fast playout plays the game the model
plays. With the ``openspiel`` and ``rl`` extras installed it runs OpenSpiel's
`random_sim_test` and PettingZoo's `api_test` through the adapters too.

`check_game` raises `GameCheckFailed` listing every problem (``raise_on_failure=False`` returns
the `Report` instead). The project's contract tests run it on every registered game.
"""

from explorer.testing.checker import CHECKS, GameCheckFailed, Problem, Report, check_game

__all__ = ["CHECKS", "GameCheckFailed", "Problem", "Report", "check_game"]
