"""OpenSpiel's own conformance checks on our games, run as a script in a subprocess
(a contract violation can abort the interpreter instead of raising).

    python tests/openspiel_checks.py sim   # pyspiel.random_sim_test on every game and switch
    python tests/openspiel_checks.py api   # OpenSpiel's integration_tests/api_test.py, our games only
"""

from __future__ import annotations

import sys
import unittest

import pyspiel
from interop_support import PLAYER_COUNTS, variants

import explorer
import explorer.adapters.openspiel as adapter

SIMS_DEFAULT, SIMS_SWITCH = 4, 1
MIXED = {name: {spec.name for spec in explorer.load(name).option_specs() if len({type(c) for c in spec.choices}) > 1}
         for name in explorer.games()}


def spiel_params(name: str, options: dict) -> dict:
    params = {k: -1 if v is None else str(v) if k in MIXED.get(name, ()) else v for k, v in options.items()}
    return {"players": PLAYER_COUNTS.get(name, explorer.load(name).players), **params}


def random_sims() -> int:
    for name in explorer.games():
        for index, options in enumerate(variants(name)):
            game = pyspiel.load_game(adapter.PREFIX + name, spiel_params(name, options))
            pyspiel.random_sim_test(game, num_sims=SIMS_DEFAULT if index == 0 else SIMS_SWITCH, serialize=True,
                                    verbose=False)
            print(f"random_sim_test ok: {game}", flush=True)
    return 0


def api_tests() -> int:
    from open_spiel.integration_tests import api_test

    pattern = "|".join(adapter.PREFIX + name for name in explorer.games())
    api_test.FLAGS([sys.argv[0], f"--test_only_games=({pattern})$"])
    suite = api_test.load_tests(unittest.defaultTestLoader, None, None)
    print(f"api_test cases: {suite.countTestCases()}", flush=True)
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=1).run(suite)
    return 0 if result.wasSuccessful() and suite.countTestCases() > 0 else 1


if __name__ == "__main__":
    sys.exit({"sim": random_sims, "api": api_tests}[sys.argv[1]]())
