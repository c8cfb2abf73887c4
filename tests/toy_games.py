"""A tiny dice game keeping the contract, for checking analysis against hand-worked numbers.

Two players take one turn each: roll one die or two (``one``/``two``); a roll is a
chance node per die (``die 1`` .. ``die 6``). The higher total wins, ties share.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from explorer.core.chance import uniform
from explorer.core.errors import IllegalAction, PositionError
from explorer.core.game import Game, State

DICE = {"one": 1, "two": 2}


class DiceState(State):
    __slots__ = ("dice_left", "to_move", "totals")

    def __init__(self, game: Game, totals: tuple[int, ...], to_move: int, dice_left: int, trail: Any = None):
        for name, value in (("game", game), ("totals", totals), ("to_move", to_move), ("dice_left", dice_left),
                            ("_trail", trail), ("events", ())):
            object.__setattr__(self, name, value)

    @property
    def player(self) -> int | None:
        return None if self.is_over or self.is_chance else self.to_move

    @property
    def is_chance(self) -> bool:
        return self.dice_left > 0

    @property
    def is_over(self) -> bool:
        return self.to_move >= self.game.players

    def legal_actions(self) -> tuple[str, ...]:
        return () if self.is_over or self.is_chance else ("one", "two")

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return uniform([f"die {k}" for k in range(1, 7)]) if self.is_chance else ()

    def _step(self, action: Any) -> DiceState:
        trail = (self._trail, action)
        if self.is_chance:
            totals = list(self.totals)
            totals[self.to_move] += int(action.split()[1])
            left = self.dice_left - 1
            return DiceState(self.game, tuple(totals), self.to_move + (left == 0), left, trail)
        return DiceState(self.game, self.totals, self.to_move, DICE[action], trail)

    def explain_illegal(self, action: Any) -> IllegalAction:
        return IllegalAction("D1", "roll 'one' or 'two' dice, or a die face at a roll", action)

    def _key(self) -> tuple:
        return (self.totals, self.to_move, self.dice_left)

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def winners(self) -> tuple[tuple[int, ...], ...]:
        if not self.is_over:
            return ()
        levels = sorted(set(self.totals), reverse=True)
        return tuple(tuple(p for p, t in enumerate(self.totals) if t == v) for v in levels)

    def view(self, player: int | None = None) -> dict:
        return {**self.to_dict(), "viewer": player}

    def to_dict(self) -> dict:
        return {"game": self.game.to_dict(), "totals": list(self.totals), "to_move": self.to_move,
                "dice_left": self.dice_left}


class DiceGame(Game):
    name = "toy_dice"
    title = "Toy dice"
    min_players = 1
    max_players = 4

    def new_state(self) -> DiceState:
        return DiceState(self, (0,) * self.players, 0, 0)

    def state_from_dict(self, data: Any) -> DiceState:
        try:
            return DiceState(self, tuple(data["totals"]), data["to_move"], data["dice_left"])
        except (KeyError, TypeError) as err:
            raise PositionError("totals", f"bad toy position: {err}") from None

    def parse_action(self, text: str) -> Any:
        if text in DICE or (text.startswith("die ") and text[4:] in "123456"):
            return text
        raise IllegalAction("D1", f"{text!r} is not toy notation", text)

    def sample_state(self, view: Any, rng: Any) -> DiceState:
        return self.state_from_dict(view)   # nothing is hidden
