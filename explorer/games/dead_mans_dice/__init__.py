"""Dead Man's Dice: a race to pile up all your dice, with plunder, skulls and broadsides.

Rules: ../shared/rules/dead_mans_dice.md (IDs S, T, R, E, V, C, A are the digest's).

Action notation (``str(action)``, read back by ``game.parse_action``: notation.py)
-----------------------------------------------------------------------------------
Seats are ``P1`` .. ``P6`` (events say "Player 1" ..). A die is its owner's seat and its mark:
``P1-1``, ``P1-2`` (regular) and ``P1-J`` (Jolly Roger). Faces are ``S`` (skull) and ``1``-``6``.
The digest's letters (``A1``, ``BJ``, ``broadside B``) are still read, for games saved before.

- ``open P1-1``      roll P1-1 as the opening base (T0, R7)
- ``roll P1-J``      roll a die from hand on your turn (R11)
- ``broadside P2``   fire at P2's pile instead of rolling (R30)
- ``plunder P3``     take P3's top die after a stack (R21)
- ``end``            stop plundering, end the turn (R25)
- ``restart P2-2``   a broadside victim's new base, out of turn (R34)
- ``pass``           hold fire (V4); ``stack`` / ``decline`` a rolled die (V11)
- ``next round``     the round is scored; gather the dice and open the next one (E9)
- ``overboard P1``   referee/what-if event: P1's pile topples (R36, R37), at any decision of play
- chance outcomes: ``face S``, ``face 4`` (a roll), ``stray none`` / ``stray P2`` (V3),
  ``steady`` / ``topple`` (V2), ``hit`` / ``miss`` (V1 with ``broadside_hit_p`` < 1)

>>> import explorer
>>> game = explorer.load("dead_mans_dice", players=2)
>>> s = game.position("step: roll\\nturn: P1\\nP1 pile: 1=3\\nP2 pile: 2=5")
>>> [str(a) for a in s.legal_actions()]
['roll P1-2', 'roll P1-J', 'broadside P2']
>>> s.describe(game.parse_action("roll P1-J"))
'Roll the Jolly Roger die (stacks with probability 1/2)'

Position data (``state.to_dict()``, read by ``game.state_from_dict``): see
``explorer/games/dead_mans_dice/position.py``, e.g. ``{"piles": [["P1-1=3"], []], "to_move": 0}``
(the other fields default: dice written nowhere are in their owners' hands).
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

from . import board_moves, outlook, playout, position, position_text, rules, spaces, worlds
from .data import COMPONENTS, DICE_PER_PIRATE
from .model import DeadMansDiceState, make
from .notation import parse_action
from .policies import Cautious, Greedy
from .rules_text import RULES

__all__ = ["GAME", "DeadMansDice", "DeadMansDiceState"]


class DeadMansDice(Game):
    name = "dead_mans_dice"
    title = "Dead Man's Dice"
    min_players = COMPONENTS.min_players
    max_players = COMPONENTS.max_players
    default_players = 3
    score_name = "doubloons"
    RULES = MappingProxyType(RULES)
    CAPABILITIES = frozenset({"adapters", "board", "chance_groups", "explain", "hidden_worlds", "outlook", "playout",
                              "policies", "position_data", "position_text", "sampling", "search_settings"})
    RULEBOOK, POSITION, MOVES = rules, position, board_moves
    LENGTH_CAPS = MappingProxyType({"round_turn_limit": 200, "rolloff_limit": 10})
    OPTIONS = (
        OptionSpec("broadside", "declared", "'off': no broadsides (R30-R35 removed)", "V1",
                   choices=("declared", "off")),
        OptionSpec("broadside_hit_p", "1", "chance a broadside hits, as a fraction text ('1', '1/2')", "V1"),
        OptionSpec("wobble", False, "True: a pile of 5+ may topple, P = P(2d6 <= h-3) (A18)", "V2"),
        OptionSpec("stray_shots", False, "True: each roll hits an opponent's pile with chance 1/36 (A17)", "V3"),
        OptionSpec("hold_fire", False, "True: a pirate with a pile may pass; n passes end the round (A7)", "V4"),
        OptionSpec("maroon_ends_round", False, "True: being marooned ends the round (A3)", "V5"),
        OptionSpec("jr_die_unplunderable", False, "True: a Jolly Roger die is never plundered (A13)", "V6"),
        OptionSpec("final_plunder", True, "False: the round ends as soon as the last die is stacked (A6)", "V7"),
        OptionSpec("target_score", COMPONENTS.target, "doubloons that end the game (E7)", "V8",
                   kind=int, minimum=1),
        OptionSpec("tie_rule", "extra_round", "'shared': tied leaders share the victory (E8, A20)", "V9",
                   choices=("extra_round", "shared")),
        OptionSpec("opening_reroll", "all", "'tied_only': only tied pirates roll again (A10)", "V10",
                   choices=("all", "tied_only")),
        OptionSpec("optional_placement", False, "True: a pirate may decline a die that fits (A8)", "V11"),
        OptionSpec("round_limit", 100, "guard against endless games: after this round the highest total wins "
                   "(normal games take about 10 rounds); None: no limit", kind=int, nullable=True, minimum=1),
        OptionSpec("round_turn_limit", None, "house rule: a round also ends, scored as usual (E2-E6), once this "
                   "many turns have ended in it; None: only an empty hand ends it (R28, R29)", "R29", kind=int,
                   nullable=True, minimum=1),
        OptionSpec("rolloff_limit", None, "house rule: after this many tied roll-offs the next tie goes to the "
                   "tied pirate first in seat order; None: roll again on every tie (R9)", "R9", kind=int,
                   nullable=True, minimum=0),
    )

    def _check_options(self) -> None:
        text = self.options["broadside_hit_p"]
        try:
            p = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise OptionError("options.broadside_hit_p", f"{text!r} is not a fraction such as '1/2' (V1)") from None
        if not 0 <= p <= 1:
            raise OptionError("options.broadside_hit_p", f"{text!r} is not between 0 and 1 (V1)")

    def new_state(self) -> DeadMansDiceState:
        """S1-S5: all dice in hand, totals 0; round 1 opens with pirate A's opening roll (T0)."""
        n = self.players
        hands = tuple(tuple(range(DICE_PER_PIRATE * p, DICE_PER_PIRATE * (p + 1))) for p in range(n))
        return make(self, hands=hands, piles=((),) * n, totals=(0,) * n, group=tuple(range(n)))

    def state_from_dict(self, data: Mapping[str, Any]) -> DeadMansDiceState:
        return position.from_dict(self, data)

    def position(self, text: str) -> DeadMansDiceState:
        """Read the short position notation (position_text.py, docs/dead_mans_dice.md)."""
        return position_text.read(self, text)

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[State, Fraction]]:
        """Nothing is hidden (every die is on the table): the one world the view shows, weight 1."""
        return worlds.hidden_worlds(self, view, limit)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> DeadMansDiceState:
        """No hidden information: the view is the whole position (the generator is unused)."""
        return worlds.sample_state(self, view)

    # The fixed spaces and length bound the adapters need (explorer/adapters), from spaces.py.
    action_space, chance_space = spaces.action_space, spaces.chance_space
    max_decisions, perfect_information = spaces.max_decisions, spaces.perfect_information

    def parse_action(self, text: str) -> Any:
        """Read the notation of the module docstring (case-insensitive; notation.py)."""
        return parse_action(text, self.players)

    def win_chances(self, state: Any) -> tuple[float, ...]:
        """The outlook (outlook.py): each seat's chance of winning as fitted on rule-of-thumb games."""
        return outlook.win_chances(state)

    def search_settings(self) -> dict[str, Any]:
        """The paired root search (every move tried in the same 400 worlds with the same dice),
        each move followed by rule-of-thumb play (playout.py) to the end of the round and
        judged there by the outlook (`win_chances`), the greedy pirate as prior, kept unless
        another move does better by more than a standard error; at most a second a move.

        A round passes on nothing but the totals (E9, R6: every die goes home, a new opening),
        so its end is a natural horizon: what a move changes shows in the round's scores,
        while whole games add many rounds of dice that drown it (a paired gap's standard error
        of 0.003 to 0.006 in win chance at 400 worlds, against 0.02 to 0.05 for whole games at
        96, measured at the same decisions).
        The greedy pirate's die advice is already an exact expectimax over the turn; what is
        left lies across turns (which die to open with, when to fire, whom to plunder)."""
        return {"iterations": 400, "seconds": 1.0, "root": "paired", "rollout_steps": None, "horizon": "round",
                "rollout": "rule_of_thumb", "prior": "rule_of_thumb", "prior_z": 1.0, "reward": "win"}

    def playout(self, state: State, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> PlayoutEnd | None:
        """Every seat on `policy`, on the model's own rules (playout.py): "random" and the rules of thumb
        ("rule_of_thumb" = "greedy", "cautious"; their choices come from thumb.py, as the model's
        policies' do), under every option; ``until="round"`` stops at the scored round (T6, E2-E8):
        the next round starts afresh (E9, R6), so only the totals carry over. None for another
        policy, or a generator whose `randrange` is not `random.Random`'s (the model is stepped)."""
        if until == "round":
            return playout.policy_playout(self, state, rng, max_steps, policy, True, round_only=True)
        return playout.policy_playout(self, state, rng, max_steps, policy, final)

    def policies(self) -> Mapping[str, Any]:
        return {"random": RandomPolicy, "rule_of_thumb": Greedy, "greedy": Greedy, "cautious": Cautious}


GAME = DeadMansDice
