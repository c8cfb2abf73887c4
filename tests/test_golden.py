"""Golden playthroughs: one seeded game per registered game written out (every step's notation, the
events it produced with their rule IDs, and the position in the game's notation every ten steps), so
any change in what the rules do shows in review as a diff of tests/golden/<name>.txt.

Rewrite them after an intended change: ``python tests/test_golden.py``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import explorer

GOLDEN = Path(__file__).resolve().parent / "golden"
STEPS = 120


def playthrough(name: str, seed: int = 2026, steps: int = STEPS) -> str:
    """A random game from before setup (seeded), as text a reviewer reads."""
    game = explorer.load(name)
    rng = random.Random(seed)
    state = game.new_state()
    lines = [f"# {game!r}, seed {seed}: {steps} steps of uniformly random play from before setup", ""]
    for number in range(1, steps + 1):
        if state.is_over:
            break
        if state.is_chance:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)
        lines.append(f"{number}. {action}")
        lines += [f"   {event}" for event in state.events]
        if number % 10 == 0 and game.can("position_text"):
            lines += ["   position:", *(f"     {line}" for line in state.notation().splitlines())]
    ending = state.notation() if game.can("position_text") else str(state.to_dict())
    lines += ["", f"over: {state.is_over}; scores: {list(state.scores())}; winners: {list(state.winners())}",
              "final position:", *(f"  {line}" for line in ending.splitlines())]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", explorer.games())
def test_a_seeded_game_plays_as_written_down(name):
    path = GOLDEN / f"{name}.txt"
    assert path.exists(), f"no golden playthrough for {name}: run python tests/test_golden.py"
    assert playthrough(name) == path.read_text(encoding="utf-8"), (
        f"{name} plays differently from {path.name}: if the change is intended, run python tests/test_golden.py "
        "and review the diff")


if __name__ == "__main__":
    for game_name in sys.argv[1:] or explorer.games():
        (GOLDEN / f"{game_name}.txt").write_text(playthrough(game_name), encoding="utf-8")
        print(f"wrote {GOLDEN / game_name}.txt")
