"""Liar's Dice: every player rolls dice under a cup, and in turn each raises the bid on how many
dice under all the cups show a face, or calls the last bidder a liar.

This page is the game's rules (its IDs are what `Game.rules`, events, errors and tests cite),
its action notation and its agreement with OpenSpiel. The package's modules: data.py (data.toml),
rules_text.py, model.py, rules.py, flow.py, explain.py, notation.py, position.py, checks.py,
position_text.py, worlds.py, spaces.py, policies.py, thumb.py, playout.py, outlook.py, odds.py,
render.py, board_moves.py, groups.py.

Rules
-----
Setup

- **S1** Two to six players each take a cup and the same number of dice: five (option ``dice``, V2),
  each with six faces (option ``sides``, V6).
- **S2** Player 1 opens the first round.

A round

- **T1** Every player who still has dice rolls all of them under the cup and looks at them; nobody
  sees another's cup.
- **T2** From the opener, in seat order among the players with dice, each player either raises
  the bid (R2) or calls liar (R4).

Rules

- **R1** A bid names a quantity and a face ("three fours", written ``bid 3x4``): at least that
  many dice under all the cups together show that face.
- **R2** A raise is higher than the standing bid: more dice of any face, or as many dice of a
  higher face (OpenSpiel's ``reset-face``; option ``bidding``, V3).
- **R3** A bid counts from 1 up to all the dice in play. The opener must bid (A5).
- **R4** Calling liar doubts the standing bid: every cup is lifted and the dice that count for
  the bid's face are counted (R6).
- **R5** If at least the bid's quantity counts, the bid stands and the caller loses a die;
  otherwise the bidder loses one.
- **R6** The wild face counts as every other face: ones in the match (option ``wild``, V5), the
  highest face in the single round (V1). A bid on the wild face itself counts only the wild dice (A3).
- **R7** A player who loses the last die is out and is skipped from then on.
- **R8** The loser of the call opens the next round; when the loser is out, the next player in
  seat order with dice opens (option ``next_opener``, V4).

End

- **E1** The match ends when one player has dice left: that player wins; the others rank by
  how long they kept dice (A7).
- **E2** The single round (V1) ends at its call: the player who was right wins (+1 under
  OpenSpiel's returns), the other loses (-1).

Options

- **V1** ``single_round``: one round for two players exactly as OpenSpiel's ``liars_dice``
  plays it: the highest face wild, the round over at the first call (E2). OpenSpiel's
  parameters map to ours: ``numdice`` = ``dice``, ``dice_sides`` = ``sides``,
  ``bidding_rule`` = ``bidding``.
- **V2** ``dice``: the dice each player starts with (5; OpenSpiel's default is 1).
- **V3** ``bidding``: ``reset-face`` (R2) or ``reset-quantity``: a higher face with any
  quantity, or the same face with more dice.
- **V4** ``next_opener``: ``loser`` (R8) or ``winner`` (the one who was right opens).
- **V5** ``wild``: ``ones`` (R6), ``highest`` (as OpenSpiel) or ``none``.
- **V6** ``sides``: the faces of each die (6).

Chance

- **C1** Each die shows each face with chance 1/sides. The dice are rolled one at a time, the
  whole of Player 1's cup first, then Player 2's and so on (as OpenSpiel deals them), so a
  round of two single dice is 36 equally likely deals of chance 1/36.
- **C2** Seen from one seat, a bid is true with the chance that the unseen dice make up what
  the seat's own cup lacks: a binomial tail with p = 2/sides for a face the wild face helps,
  1/sides otherwise (odds.py). Worked: two players of five dice, ones wild; holding 1 3 3 5 6,
  "five threes" needs 2 of the 5 unseen dice at p = 1/3: 1 - 32/243 - 80/243 = 131/243. In
  the single round with one die each, holding a 3, "two threes" is true with chance 1/3 (the
  other die a 3 or the wild 6), and holding a 6, "two sixes" with chance 1/6.
- **C3** A cup of k dice shows a given multiset of faces with chance (its orders) / sides**k:
  {1, 2} from two dice 2/36 = 1/18, {3, 3} 1/36 (worlds.py, `hidden_worlds`).

Our decisions (the published pirate game leaves these open)

- **A1** The pirate tables' rules vary (the film's game, Perudo, Dudo): we play ones wild, as
  most pirate sets print, with ``highest`` and ``none`` as options (V5).
- **A2** Who opens after a call is not settled: the loser opens (R8), the winner is an option (V4).
- **A3** A bid on the wild face counts only the wild dice and is ranked like any other face
  (no halving of the quantity, as some tables play).
- **A4** No "spot on" (exact) call: liar is the only challenge.
- **A5** Liar needs a standing bid, so a round's opener must bid (OpenSpiel: the same).
- **A6** The order of the dice under a cup is no part of the position: a cup is its sorted
  multiset of faces (OpenSpiel also sorts each cup once rolled).
- **A7** Players out of the match rank by when they went out, the later out higher.

Action notation (``str(action)``, read back by ``game.parse_action``)
----------------------------------------------------------------------
- ``bid 3x4``   bid "at least three fours" (R1); ``3x4`` and OpenSpiel's ``3-4`` are read too
- ``liar``      call liar on the standing bid (R4)
- ``roll 4``    chance: the next die rolled shows 4 (C1)

OpenSpiel's action mapping (spaces.py, ``openspiel_action``): with ``total`` the dice in play
and ``reset-face``, ``bid qxf`` is OpenSpiel's id (q - 1) x sides + (f - 1); with
``reset-quantity`` it is (f - 1) x total + (q - 1); ``liar`` is total x sides; ``roll f`` is
chance id f - 1. Our adapter (``python_liars_dice``) numbers actions by their sorted notation
instead, so a history is translated through that mapping.

>>> import explorer
>>> game = explorer.load("liars_dice", players=2, single_round=True, dice=1)
>>> s = game.position("P1 cup: 3\\nP2 cup: 6\\nbids: P1 1x3")
>>> [str(a) for a in s.legal_actions()][:4], str(s.legal_actions()[-1])
(['bid 1x4', 'bid 1x5', 'bid 1x6', 'bid 2x1'], 'liar')
>>> end = s.apply("bid 2x3").apply("liar")     # a 3 and the wild 6: two threes, the bid stands
>>> end.winners(), end.scores()
(((1,), (0,)), (1, 2))
>>> from explorer.games.liars_dice.odds import bid_chance
>>> bid_chance(5, 3, (1, 3, 3, 5, 6), 5, 6, 1)
Fraction(131, 243)

## Teaching order

The lessons (explorer/lessons/data/liars_dice*.toml) and the notebook follow it.

1. **The cups** (S1, S2, T1, C1). Two players of two dice: Player 1 rolls die by die; each sees
   only their own cup. Question: the chance a die shows 6 is 1/6.
2. **Bidding** (T2, R1, R2, R3). Player 1 holding 3 5 opens with two fives; Player 2 raises to two
   sixes, the lowest raise; the opener may not call liar (A5).
3. **Calling liar** (R4, R5, R6). On three fives with cups 3 5 and 2 6 the cups are lifted: one
   five, no ones, the bid was a lie and the bidder loses a die. Then a wild one that saves a bid.
4. **The match** (R7, R8, E1). The last die lost puts a player out and ends the match; with three
   players the loser of a call opens the next round.
5. **Options** (V1, V2, V3, V4, V5, V6, E2). OpenSpiel's single round with the highest face wild,
   reset-quantity bidding, the winner opening, no wild face.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from explorer.core.errors import OptionError
from explorer.core.game import Game, OptionSpec, PlayoutEnd, State
from explorer.core.policy import RandomPolicy

from . import board_moves, notation, playout, position, position_text, rules, worlds
from .data import COMPONENTS
from .model import LiarsDiceState, build
from .policies import RuleOfThumb
from .rules_text import RULES

__all__ = ["GAME", "LiarsDice", "LiarsDiceState"]


class LiarsDice(Game):
    name = "liars_dice"
    title = "Liar's Dice"
    min_players = COMPONENTS.min_players
    max_players = COMPONENTS.max_players
    default_players = 2
    score_name = "rank"
    RULES = MappingProxyType(RULES)
    CAPABILITIES = frozenset({"adapters", "board", "chance_groups", "explain", "hidden_worlds", "playout", "policies",
                              "position_data", "position_text", "sampling"})
    RULEBOOK, POSITION, MOVES = rules, position, board_moves
    OPTIONS = (
        OptionSpec("single_round", False, "True: one round for two players exactly as OpenSpiel's liars_dice "
                   "(the highest face wild, over at the first call, E2)", "V1"),
        OptionSpec("dice", COMPONENTS.dice, "dice each player starts with (S1; OpenSpiel's numdice)", "V2",
                   kind=int, minimum=1),
        OptionSpec("bidding", "reset-face", "'reset-quantity': a raise is a higher face, or the same face with "
                   "more dice (R2; OpenSpiel's bidding_rule)", "V3", choices=("reset-face", "reset-quantity")),
        OptionSpec("next_opener", "loser", "'winner': the one who was right opens the next round (R8, A2)", "V4",
                   choices=("loser", "winner")),
        OptionSpec("wild", "ones", "the match's wild face: 'ones', 'highest' or 'none' (R6, A1)", "V5",
                   choices=("ones", "highest", "none")),
        OptionSpec("sides", COMPONENTS.sides, "faces of each die (C1; OpenSpiel's dice_sides)", "V6",
                   kind=int, minimum=2),
    )

    def _check_options(self) -> None:
        if self.options["single_round"] and self.players != 2:
            raise OptionError("options.single_round", f"the single round is for two players, not {self.players} (V1)")
        if self.options["dice"] > 20 or self.options["sides"] > 20:
            raise OptionError("options.dice", "at most 20 dice of at most 20 sides a cup (S1, V6)")

    def new_state(self) -> LiarsDiceState:
        """S1, S2: every cup full of unrolled dice, Player 1 to open round 1 (T1 rolls them)."""
        n = self.players
        return build(self, None, (), (self.options["dice"],) * n, ((),) * n, (), 0, (), None, False, 1)

    def parse_action(self, text: str) -> Any:
        """Read the notation of the module docstring (case-insensitive; notation.py)."""
        return notation.parse(self, text)

    def state_from_dict(self, data: Mapping[str, Any]) -> LiarsDiceState:
        return position.from_dict(self, data)

    def position(self, text: str) -> LiarsDiceState:
        """Read the short position notation (position_text.py, docs/liars_dice.md)."""
        return position_text.read(self, text)

    def write_position(self, state: LiarsDiceState) -> str:
        """`state.notation()` (position_text.py)."""
        return position_text.write(state)

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[State, Fraction]]:
        """Every way the unseen cups can be filled, each weighted exactly (worlds.py, C3)."""
        return worlds.hidden_worlds(self, view, limit)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> LiarsDiceState:
        """The unseen dice rolled afresh (worlds.py, C1)."""
        return worlds.sample_state(self, view, rng)

    # The fixed spaces and length bound the adapters need (explorer/adapters), from spaces.py.
    from .spaces import (
        action_space,
        chance_space,
        max_decisions,
        perfect_information,
        perfect_recall,
        score_difference_bound,
    )

    def policies(self) -> Mapping[str, Any]:
        return {"random": RandomPolicy, "rule_of_thumb": RuleOfThumb}

    def playout(self, state: State, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> PlayoutEnd | None:
        """Random or rule-of-thumb play on the model's own rules (playout.py), to the end or the round's end."""
        if until not in ("end", "round"):
            raise OptionError("until", f"{until!r} is not 'end' or 'round'")
        return playout.playout(self, state, rng, max_steps, policy, until, final)


GAME = LiarsDice
