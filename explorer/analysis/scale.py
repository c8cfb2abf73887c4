"""Scale-out on Dask (`dask.distributed`), and balance studies built on rollouts.

The Dask path runs exactly the chunks the process pool runs (same JSON payloads, same
per-rollout seeds), so both give identical results for the same seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from explorer.analysis.rollouts import rollouts
from explorer.core.errors import PositionError


def seat_advantage(game: Any, n: int = 1000, seed: int = 0, policies: Any = None, **options: Any) -> list[dict]:
    """Win rate of each seat over `n` whole games (setup included): the table of a study.
    Seats not named in `policies` play the game's evaluator (`Game.evaluator`), so the
    study measures the seats of people-like play, not of random play."""
    result = rollouts(game.new_state(), n, seed, policies, label=f"{game.name} seats", **options)
    return [{"game": game.name, "players": game.players, **row} for row in result.table()]


def option_effect(name: str, players: int, option: str, values: Sequence[Any], n: int = 1000, seed: int = 0,
                  policies: Any = None, fixed: Mapping[str, Any] | None = None, **options: Any) -> list[dict]:
    """Win rate per seat for each value of one option (the other options as `fixed`).

    Every value is played with the same seeds (common random numbers), so the rows
    differ by the option, not by luck in the deal. Seats not named in `policies` play the
    game's evaluator (`Game.evaluator`), as in `rollouts`.
    """
    import explorer

    if not values:
        raise PositionError("values", "give at least one value of the option to study")
    rows = []
    for value in values:
        game = explorer.load(name, players=players, **{**(fixed or {}), option: value})
        for row in seat_advantage(game, n, seed, policies, **options):
            rows.append({"option": option, "value": value, **row})
    return rows


def format_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """A plain-text table of study rows (floats to 3 places)."""
    if not rows:
        return ""
    columns = list(columns or rows[0].keys())

    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    widths = [max(len(c), *(len(cell(r[c])) for r in rows)) for c in columns]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths, strict=True))]
    lines += ["  ".join(cell(r[c]).rjust(w) for c, w in zip(columns, widths, strict=True)) for r in rows]
    return "\n".join(lines)
