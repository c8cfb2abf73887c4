"""The peers' own checkers through the adapters: OpenSpiel's `random_sim_test` and PettingZoo's
`api_test`. Each yields '' per check passed, or what went wrong; a missing extra is said once."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

from explorer.core.game import Game

DECISION_LIMIT = 200   # decisions after which the adapters cut a checked game (everyone sharing the result)


def openspiel_problems(game: Game, sims: int = 3) -> Iterator[str]:
    try:
        import pyspiel

        from explorer.adapters import openspiel
    except ImportError:
        yield "OpenSpiel is not installed: pip install 'pirate-rules-explorer[openspiel]'"
        return
    openspiel.register()
    params = {"players": game.players, "decision_limit": DECISION_LIMIT}
    try:
        spiel = pyspiel.load_game(openspiel.PREFIX + game.name, params)
        pyspiel.random_sim_test(spiel, num_sims=sims, serialize=False, verbose=False)
    except Exception as err:
        yield f"OpenSpiel's random_sim_test failed: {type(err).__name__}: {err}"
        return
    yield ""


def pettingzoo_problems(game: Game, cycles: int = 60) -> Iterator[str]:
    try:
        from pettingzoo.test import api_test

        from explorer.adapters.pettingzoo import env
    except ImportError:
        yield "PettingZoo is not installed: pip install 'pirate-rules-explorer[rl]'"
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)   # dict observations with masks warn, as in PettingZoo's games
            table = env(game.name, game.players, decision_limit=DECISION_LIMIT, **dict(game.options))
            api_test(table, num_cycles=cycles)
    except Exception as err:
        yield f"PettingZoo's api_test failed: {type(err).__name__}: {err}"
        return
    yield ""
