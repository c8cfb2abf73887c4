"""Tiny games keeping the contract, for checking analysis against hand-worked numbers.

`DiceGame`: each player takes one turn: roll one die or two (``one``/``two``); a roll is a
chance node per die (``die 1`` .. ``die 6``). The higher total wins, ties share. Nothing
is hidden.

`DrawGame`: hidden cards (its rules are "H1" deal, "H2" draw or stop), so a player's odds
(`hidden_worlds`) differ from the teacher's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import product
from math import comb, prod
from types import MappingProxyType
from typing import Any

from explorer.core.chance import uniform
from explorer.core.errors import IllegalAction, PositionError, TooManyWorlds
from explorer.core.events import Event
from explorer.core.game import Game, OptionSpec, State
from explorer.core.trail import extend

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
        trail = extend(self._trail, action)
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

    def notation(self) -> str:
        return (f"totals: {' '.join(map(str, self.totals))}\nto move: P{self.to_move + 1}\n"
                f"dice left: {self.dice_left}")


class DiceGame(Game):
    name = "toy_dice"
    title = "Toy dice"
    CAPABILITIES = frozenset({"explain", "hidden_worlds", "position_data", "position_text", "sampling"})
    RULES = MappingProxyType({"D1": "roll one or two dice; the highest total wins"})
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

    def hidden_worlds(self, view: Any, limit: int = 100_000) -> Iterator[tuple[State, Fraction]]:
        yield self.state_from_dict(view), Fraction(1)   # nothing is hidden: the view is the world

    def position(self, text: str) -> DiceState:
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        try:
            return DiceState(self, tuple(int(t) for t in fields["totals"].split()),
                             int(fields["to move"].strip().removeprefix("P")) - 1, int(fields["dice left"]))
        except (KeyError, ValueError) as err:
            raise PositionError("totals", f"bad toy position: {err}") from None


# -- a toy with hidden cards: the contract's hidden_worlds, sample_state and notation ---------
CARD_WORDS = {"R": "red", "B": "black"}


class DrawState(State):
    """A deck of red and black cards; each player is dealt one face down, then in turn may draw
    one more from the pile or stop. Each red card in hand scores 1. Only a hand's owner sees it."""

    __slots__ = ("hands", "pile", "stage", "to_move")

    def __init__(self, game: Game, hands: tuple[str, ...], pile: str, to_move: int, stage: str,
                 trail: Any = None, events: tuple[Event, ...] = ()):
        for name, value in (("game", game), ("hands", hands), ("pile", pile), ("to_move", to_move),
                            ("stage", stage), ("_trail", trail), ("events", events)):
            object.__setattr__(self, name, value)

    @property
    def player(self) -> int | None:
        return self.to_move if self.stage == "choose" else None

    @property
    def is_chance(self) -> bool:
        return self.stage in ("deal", "draw")

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def legal_actions(self) -> tuple[str, ...]:
        if self.stage != "choose":
            return ()
        return ("draw", "stop") if self.pile else ("stop",)

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        if not self.is_chance:
            return ()
        verb = self.stage
        return tuple((f"{verb} {CARD_WORDS[c]}", Fraction(self.pile.count(c), len(self.pile)))
                     for c in "RB" if c in self.pile)

    def _next(self, hands: tuple[str, ...], pile: str, trail: Any, event: Event) -> DrawState:
        following = self.to_move + 1
        if self.stage == "deal":
            stage = "deal" if following < self.game.players else "choose"
        else:
            stage = "choose" if following < self.game.players else "over"
        return DrawState(self.game, hands, pile, following % self.game.players if stage != "over" else following,
                         stage, trail, (event,))

    def _step(self, action: Any) -> DrawState:
        trail = extend(self._trail, action)
        who = self.game.player_name(self.to_move)
        if self.is_chance:
            card = action.split()[1][0].upper()
            hands = list(self.hands)
            hands[self.to_move] = "".join(sorted(hands[self.to_move] + card, reverse=True))
            pile = self.pile.replace(card, "", 1)
            verb = "is dealt" if self.stage == "deal" else "draws"
            return self._next(tuple(hands), pile, trail,
                              Event(f"{who} {verb} a card", ("H1",), CARD_WORDS[card], self.to_move))
        if action == "draw":
            return DrawState(self.game, self.hands, self.pile, self.to_move, "draw", trail,
                             (Event(f"{who} draws", ("H2",)),))
        return self._next(self.hands, self.pile, trail, Event(f"{who} stops", ("H2",)))

    def explain_illegal(self, action: Any) -> IllegalAction:
        if action == "draw" and self.stage == "choose":
            return IllegalAction("H2", "the pile is empty: stop", action)
        return IllegalAction("H2", "draw or stop at your turn, a card at a deal or draw", action)

    def _key(self) -> tuple:
        return (self.hands, self.pile, self.to_move, self.stage)

    def scores(self) -> tuple[int, ...]:
        return tuple(hand.count("R") for hand in self.hands)

    def winners(self) -> tuple[tuple[int, ...], ...]:
        if not self.is_over:
            return ()
        scores = self.scores()
        return tuple(tuple(p for p, s in enumerate(scores) if s == v) for v in sorted(set(scores), reverse=True))

    def view(self, player: int | None = None) -> dict:
        hands = [h if player is None or p == player else None for p, h in enumerate(self.hands)]
        return {"game": self.game.to_dict(), "hands": hands, "hand_sizes": [len(h) for h in self.hands],
                "pile": self.pile if player is None else None, "pile_size": len(self.pile),
                "to_move": self.to_move, "stage": self.stage, "viewer": player}

    def to_dict(self) -> dict:
        return {"game": self.game.to_dict(), "hands": list(self.hands), "pile": self.pile,
                "to_move": self.to_move, "stage": self.stage}

    def notation(self) -> str:
        lines = [f"stage: {self.stage}", f"to move: P{self.to_move + 1}"]
        lines += [f"P{p + 1}: {hand or '-'}" for p, hand in enumerate(self.hands)]
        return "\n".join([*lines, f"pile: {self.pile or '-'}"])


class DrawGame(Game):
    """Hidden cards, small enough to count by hand: `reds` red and `blacks` black cards."""

    name = "toy_draw"
    title = "Toy draw"
    CAPABILITIES = frozenset({"explain", "hidden_worlds", "position_data", "position_text", "sampling"})
    RULES = MappingProxyType({"H1": "each player is dealt one card face down from the deck",
                              "H2": "in turn, each player draws another card or stops"})
    min_players = 2
    max_players = 3
    OPTIONS = (OptionSpec("reds", 2, "red cards in the deck", "H1", minimum=0),
               OptionSpec("blacks", 2, "black cards in the deck", "H1", minimum=0))

    def _check_options(self) -> None:
        if self.options["reds"] + self.options["blacks"] < self.players:
            raise PositionError("options.reds", "too few cards to deal one to each player (H1)")

    @property
    def deck(self) -> str:
        return "R" * self.options["reds"] + "B" * self.options["blacks"]

    def new_state(self) -> DrawState:
        return DrawState(self, ("",) * self.players, self.deck, 0, "deal")

    def state_from_dict(self, data: Any) -> DrawState:
        if not isinstance(data, Mapping):
            raise PositionError("(root)", "position data must be an object")
        if data.get("game", self.to_dict()) != self.to_dict():
            raise PositionError("game", f"the data is for {data.get('game')!r}, not {self.to_dict()!r}")
        hands, pile = data.get("hands"), data.get("pile")
        if not (isinstance(hands, list) and len(hands) == self.players
                and all(isinstance(h, str) and set(h) <= set("RB") for h in hands)):
            raise PositionError("hands", f"one string of R and B per player ({self.players})")
        if not isinstance(pile, str) or not set(pile) <= set("RB"):
            raise PositionError("pile", "a string of R and B")
        if sorted("".join(hands) + pile) != sorted(self.deck):
            raise PositionError("pile", f"hands and pile must hold the deck {self.deck} (H1)")
        stage, to_move = data.get("stage"), data.get("to_move")
        if stage not in ("deal", "choose", "draw", "over"):
            raise PositionError("stage", "one of deal, choose, draw, over")
        if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move <= self.players:
            raise PositionError("to_move", f"a seat 0..{self.players - 1}")
        if (stage == "over") != (to_move == self.players) or (stage == "draw" and not pile):
            raise PositionError("stage", f"{stage} does not fit to_move {to_move} and the pile")
        return DrawState(self, tuple("".join(sorted(h, reverse=True)) for h in hands),
                         "".join(sorted(pile, reverse=True)), to_move, stage)

    def parse_action(self, text: str) -> Any:
        words = text.split() if isinstance(text, str) else []
        if text in ("draw", "stop") or (len(words) == 2 and words[0] in ("deal", "draw")
                                        and words[1] in CARD_WORDS.values()):
            return text
        raise IllegalAction("H2", f"{text!r} is not toy draw notation", text)

    def position(self, text: str) -> DrawState:
        fields: dict[str, str] = {}
        for line in text.splitlines():
            key, sep, value = line.partition(":")
            if not sep:
                raise PositionError("(line)", f"{line!r} is not 'key: value'")
            fields[key.strip()] = value.strip()
        try:
            hands = [fields[f"P{p + 1}"].replace("-", "") for p in range(self.players)]
            data = {"hands": hands, "pile": fields["pile"].replace("-", ""), "stage": fields["stage"],
                    "to_move": int(fields["to move"].removeprefix("P")) - 1}
        except KeyError as err:
            raise PositionError(err.args[0], "missing line") from None
        except ValueError:
            raise PositionError("to move", "a seat P1..Pn") from None
        return self.state_from_dict(data)

    def _hidden(self, view: Mapping[str, Any]) -> tuple[str, list[int]]:
        """The cards `view`'s player cannot see, and the places they may be (hands, then the pile)."""
        if view.get("game") != self.to_dict():
            raise PositionError("game", f"the view is of {view.get('game')!r}, not {self.to_dict()!r}")
        unseen = list(self.deck)
        for hand in view["hands"]:
            for card in hand or "":
                unseen.remove(card)
        hidden = [p for p, hand in enumerate(view["hands"]) if hand is None]
        return "".join(unseen), hidden

    def _world(self, view: Mapping[str, Any], hidden: list[int], cards: list[str]) -> DrawState:
        hands = list(view["hands"])
        for p, hand in zip(hidden, cards, strict=False):
            hands[p] = hand
        data = {**view, "hands": hands, "pile": cards[-1]}
        return self.state_from_dict({k: data[k] for k in ("hands", "pile", "stage", "to_move")})

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[State, Fraction]]:
        """One world per number of red cards in each hidden place: multivariate hypergeometric."""
        unseen, hidden = self._hidden(view)
        sizes = [view["hand_sizes"][p] for p in hidden] + [view["pile_size"]]
        reds = unseen.count("R")
        splits = [s for s in product(*(range(n + 1) for n in sizes)) if sum(s) == reds]
        if len(splits) > limit:
            raise TooManyWorlds(len(splits), limit)
        total = comb(len(unseen), reds)
        for split in splits:
            weight = Fraction(prod(comb(n, r) for n, r in zip(sizes, split, strict=True)), total)
            cards = ["R" * r + "B" * (n - r) for n, r in zip(sizes, split, strict=True)]
            yield self._world(view, hidden, cards), weight

    def sample_state(self, view: Mapping[str, Any], rng: Any) -> DrawState:
        unseen, hidden = self._hidden(view)
        cards = list(unseen)
        rng.shuffle(cards)
        parts, at = [], 0
        for n in [view["hand_sizes"][p] for p in hidden] + [view["pile_size"]]:
            parts.append("".join(cards[at:at + n]))
            at += n
        return self._world(view, hidden, parts)
