"""The two errors a user mistake can produce, both `ValueError`s.

`IllegalAction` names the digest rule an action breaks; `PositionError` names the
field of position data (or game configuration) that is wrong. Both say why in plain
words, and neither leaves a state changed: states are immutable.
"""

from __future__ import annotations

import os


class ExplorerError(ValueError):
    """Base of every error a user mistake raises."""


class IllegalAction(ExplorerError):
    """An action or chance outcome that is not allowed in this state.

    `rule` is the digest ID of the rule broken (e.g. ``"R22"``; empty only from the contract's
    default for a game without the ``explain`` capability), `reason` the plain-words why,
    `action` the offending input as given.
    """

    def __init__(self, rule: str, reason: str, action: object = None) -> None:
        self.rule = rule
        self.reason = reason
        self.action = action
        shown = f" {action!s}" if action is not None else ""
        cited = f" ({rule})" if rule else ""
        super().__init__(f"illegal{shown}: {reason}{cited}")


class PositionError(ExplorerError):
    """Position data, a game name, a player count or an option that is not valid.

    `field` is the dotted path of the offending field (e.g. ``"hands.1"``), `reason`
    the plain-words why.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class OptionError(PositionError):
    """An unknown game, a bad player count, or an unknown or ill-typed option."""


class TooManyWorlds(ExplorerError):
    """A player's view leaves more hidden possibilities than an exact answer may enumerate
    (`Game.hidden_worlds`); callers fall back to sampling and say so."""

    def __init__(self, count: int, limit: int) -> None:
        self.count = count
        self.limit = limit
        super().__init__(f"more than {limit} hidden possibilities (at least {count}): too many to enumerate exactly")


def worker_count(workers: int | None) -> int:
    """The processes a run uses: `workers`, or every core when None. Anything but a positive
    integer is a `PositionError` naming ``workers``."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise PositionError("workers", f"{workers!r} is not a positive number of workers")
    return workers or os.cpu_count() or 1
