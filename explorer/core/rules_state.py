"""A `State` whose rules are plain functions in its game's own modules.

Every game package keeps its rules as functions of a state (``rules.legal_actions(s)``,
``rules.step(s, action)``, ...) and its position format in ``position.view/to_dict``.
`RulesState` answers the contract from them, so each game's state class holds only its
fields and what is really its own.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any, ClassVar

from explorer.core.game import State


class RulesState(State):
    """The contract answered by `RULES` (legal_actions, chance_outcomes, sample_chance, step,
    explain_illegal, scores, winners; describe and action_places when it has them),
    `POSITION` (view, to_dict) and `MOVES` (where each action is made on the board). A game
    sets them once its modules are loaded. Legal actions
    are worked out once per state: states never change."""

    __slots__ = ("_legal",)
    RULES: ClassVar[ModuleType]
    POSITION: ClassVar[ModuleType]
    MOVES: ClassVar[ModuleType | None] = None    # moves on the board: action_places, action_target, action_menu

    def legal_actions(self) -> tuple[Any, ...]:
        try:
            return self._legal
        except AttributeError:
            legal = self.RULES.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
            return legal

    def chance_outcomes(self):  # type: ignore[override]
        return self.RULES.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Any:
        return self.RULES.sample_chance(self, rng)

    def _step(self, action: Any) -> State:
        return self.RULES.step(self, action)

    def explain_illegal(self, action: Any):  # type: ignore[override]
        return self.RULES.explain_illegal(self, action)

    def scores(self):  # type: ignore[override]
        return self.RULES.scores(self)

    def winners(self) -> tuple[tuple[int, ...], ...]:
        return self.RULES.winners(self) if self.is_over else ()

    def view(self, player: int | None = None):  # type: ignore[override]
        return self.POSITION.view(self, player)

    def to_dict(self) -> dict:
        return self.POSITION.to_dict(self)

    def describe(self, action: Any) -> str:
        words = getattr(self.RULES, "describe", None)
        return words(self, action) if words else State.describe(self, action)

    def action_places(self, action: Any) -> tuple[str, ...]:
        places = getattr(self.MOVES or self.RULES, "action_places", None)
        return places(self, action) if places else ()

    def action_target(self, action: Any) -> str:
        target = getattr(self.MOVES, "action_target", None)
        return target(self, action) if target else State.action_target(self, action)

    def action_menu(self, action: Any) -> tuple[str, ...]:
        menu = getattr(self.MOVES, "action_menu", None)
        return menu(self, action) if menu else ()

    def _repr_svg_(self) -> str:
        return self.view(None)._repr_svg_()
