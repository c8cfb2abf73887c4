"""A `State` whose rules are plain functions in its game's own modules.

Every game package keeps its rules as functions of a state (``rules.legal_actions(s)``,
``rules.step(s, action)``, ...) and its position format in ``position.view/to_dict``.
`RulesState` answers the contract from the modules its `Game` names (`Game.RULEBOOK`,
`Game.POSITION`, `Game.MOVES`), so a game's state class holds only its fields: the model
imports no rule module, and the rules import the model, never the reverse.
"""

from __future__ import annotations

import random
from typing import Any

from explorer.core.game import State


class RulesState(State):
    """The contract answered by the game's `Game.RULEBOOK` (legal_actions, chance_outcomes,
    sample_chance, step, explain_illegal, scores, winners; describe, action_places, outcome_group
    and stage_text when it has them), `Game.POSITION` (view, to_dict; notation where it has one)
    and `Game.MOVES` (where each action is made on the board). Legal actions are worked out once
    per state: states never change."""

    __slots__ = ("_legal",)

    def legal_actions(self) -> tuple[Any, ...]:
        try:
            return self._legal
        except AttributeError:
            legal = self.game.RULEBOOK.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
            return legal

    def chance_outcomes(self):  # type: ignore[override]
        return self.game.RULEBOOK.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Any:
        return self.game.RULEBOOK.sample_chance(self, rng)

    def _step(self, action: Any) -> State:
        return self.game.RULEBOOK.step(self, action)

    def explain_illegal(self, action: Any):  # type: ignore[override]
        return self.game.RULEBOOK.explain_illegal(self, action)

    def scores(self):  # type: ignore[override]
        return self.game.RULEBOOK.scores(self)

    def winners(self) -> tuple[tuple[int, ...], ...]:
        return self.game.RULEBOOK.winners(self) if self.is_over else ()

    def view(self, player: int | None = None):  # type: ignore[override]
        return self.game.POSITION.view(self, player)

    def to_dict(self) -> dict:
        return self.game.POSITION.to_dict(self)

    def notation(self) -> str:
        """The short notation, written by the position module's ``notation`` where it has one."""
        write = getattr(self.game.POSITION, "notation", None)
        return write(self) if write else State.notation(self)

    def describe(self, action: Any) -> str:
        words = getattr(self.game.RULEBOOK, "describe", None)
        return words(self, action) if words else State.describe(self, action)

    def action_places(self, action: Any) -> tuple[str, ...]:
        places = getattr(self.game.MOVES or self.game.RULEBOOK, "action_places", None)
        return places(self, action) if places else ()

    def action_target(self, action: Any) -> str:
        target = getattr(self.game.MOVES, "action_target", None)
        return target(self, action) if target else State.action_target(self, action)

    def action_menu(self, action: Any) -> tuple[str, ...]:
        menu = getattr(self.game.MOVES, "action_menu", None)
        return menu(self, action) if menu else ()

    def outcome_group(self, outcome: Any) -> tuple[str, ...]:
        group = getattr(self.game.RULEBOOK, "outcome_group", None)
        return group(self, outcome) if group else ()

    def stage_text(self) -> str:
        stage = getattr(self.game.RULEBOOK, "stage_text", None)
        return stage(self) if stage else ""

    def _repr_svg_(self) -> str:
        return self.view(None)._repr_svg_()
