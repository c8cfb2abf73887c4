"""Jolly & Roger: two pirates split five cards a round and fight for four merchant ships.

Rules: ../shared/rules/jolly_and_roger.md (IDs S, T, R, E, V, C, A are the digest's).
Players are 0 and 1, named "Player 1" and "Player 2" (``P1``/``P2`` in the notation);
cards are ``G1``..``R5`` and ``SK`` ``KR`` ``TO``;
ships are ``G Y B R`` (values 3 5 7 9).

Action notation (``str(action)``, read back by ``game.parse_action``)
----------------------------------------------------------------------
- ``split G1 Y2 | G1 B3 R5``  the splitter's two offers (T2); either side may come first
- ``take G1 Y2``              the chooser takes that offer (T3)
- ``crew G3``                 G3 pirate side on Green (R9); ``crew G3 B`` is the illegal R10 try
- ``parrot G3 B``             G3 parrot side on Blue (R11; ``parrot KR B`` with V4)
- ``board G3``                G3 under the chest via Green, where your captain stands (R18, R19)
- ``skeleton R``              a Skeleton on Red (R28)
- ``kraken B`` / ``kraken none``   hit the opponent's Blue pile (R30) / no target (R32, V5)
- ``tortuga``                 turn all your parrots (R33)
- chance outcomes: ``aside G3`` (a card set aside unseen, S4/S6), ``draw G3`` (T1),
  ``first P2`` (random start player, V8)

Position data (``state.to_dict()``, read by ``game.state_from_dict``): documented with an
example in ``explorer/games/jolly_and_roger/position.py``; every field may be left out. The
short notation (``game.position(text)``, ``state.notation()``) is in ``position_text.py``.

The files: ``model.py`` (actions, outcomes, the state's fields: data only), ``rules.py`` (legal
actions, chance, the step, scores), ``flow.py`` (the step's working copy and the automatic
consequences: captains, turn, round end), ``explain.py`` (illegal actions, moves in words),
``notation.py`` (the action notation read back), ``position.py`` / ``checks.py`` /
``position_text.py`` / ``worlds.py`` (position data, its checks, the short notation, hidden
worlds), ``thumb.py`` (the rule of thumb's decisions), ``policies.py``, ``playout.py`` (its fast
playouts on the model's own rules), ``outlook.py``, ``odds.py``, ``spaces.py``, ``render.py``,
``board_moves.py``, ``groups.py``, and the ``solver/`` subpackage.

The exact what-if solver is ``explorer.games.jolly_and_roger.solver`` (``Solver().value``,
``candidates``, ``split_table``): the exact expected final score difference with perfect play
over the last two rounds. In the basic game it solves them from any position, round 7's draw
included, in seconds; with the special cards it solves the last round in seconds and two
rounds from round 7's split in minutes. From round 7's draw it refuses at once with a clear
error rather than search every possible draw in turn (days); ``estimate`` samples where it
does not reach.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from explorer.core.errors import OptionError
from explorer.core.events import Event
from explorer.core.game import Game, OptionSpec
from explorer.core.policy import RandomPolicy

from . import board_moves, position, position_text, rules
from .data import ALL_COUNTS, PIRATE_COUNTS
from .flow import Work
from .model import (
    Aside,
    Board,
    Crew,
    Draw,
    FirstPlayer,
    JollyState,
    Kraken,
    Parrot,
    Skeleton,
    Split,
    Take,
    Tortuga,
    build,
)
from .notation import parse_action
from .playout import policy_playout
from .policies import Greedy, SolverPolicy
from .rules_text import RULES
from .spaces import (
    action_space,
    chance_space,
    max_decisions,
    perfect_information,
    score_difference_bound,
)
from .worlds import hidden_worlds

__all__ = ["GAME", "Aside", "Board", "Crew", "Draw", "FirstPlayer", "JollyAndRoger", "JollyState", "Kraken",
           "Parrot", "Skeleton", "Split", "Take", "Tortuga"]


class JollyAndRoger(Game):
    name = "jolly_and_roger"
    title = "Jolly & Roger"
    min_players = 2
    max_players = 2
    default_players = 2
    score_name = "gold plus ship points"
    RULES = MappingProxyType(RULES)
    CAPABILITIES = frozenset({"adapters", "board", "chance_groups", "explain", "hidden_worlds", "playout",
                              "policies", "position_data", "position_text", "sampling", "search_settings"})
    RULEBOOK, POSITION, MOVES = rules, position, board_moves
    OPTIONS = (
        OptionSpec("special_cards", False, "True: the expert game with Skeleton, Kraken and Tortuga", "V1"),
        OptionSpec("long_game", False, "True: set nothing aside, ten rounds (needs special_cards, A19)", "V2"),
        OptionSpec("variant_removal", "sequential", "'literal': set 7 of all 50 cards aside (A1)", "V3",
                   choices=("sequential", "literal")),
        OptionSpec("specials_as_parrot", False, "True: specials may be played parrot side (A12)", "V4"),
        OptionSpec("kraken_optional", False, "True: a Kraken may be discarded even with a target (A13)", "V5"),
        OptionSpec("tiebreak", "draw", "how equal totals are broken (E5, A16)", "V6",
                   choices=("draw", "more_gold", "more_ships")),
        OptionSpec("chest_visibility", "public", "'owner_only': a player's view hides the other chest (A17)",
                   "V7", choices=("public", "owner_only")),
        OptionSpec("start_player", "P1", "who splits round 1 (S8, A18); 'random' is a chance node (C5)", "V8",
                   choices=("P1", "P2", "random")),
        OptionSpec("reveal_removed_at_end", False, "True: show the set-aside cards after scoring (A20)", "V9"),
    )

    def _check_options(self) -> None:
        if self.options["long_game"] and not self.options["special_cards"]:
            raise OptionError("options.long_game", "the long game needs special_cards=True: 43 cards do not "
                                                   "make 5-card rounds (A19, V2)")

    def new_state(self) -> JollyState:
        """Before setup (S1-S3): empty ships and chests; the set-aside draws come next (S4, S6, S7)."""
        opts = self.options
        if not opts["special_cards"]:
            pile, left = PIRATE_COUNTS, (3,)
        elif opts["long_game"]:
            pile, left = ALL_COUNTS, ()
        elif opts["variant_removal"] == "sequential":
            pile, left = PIRATE_COUNTS, (3, 7)
        else:
            pile, left = ALL_COUNTS, (7,)
        empty = ((), (), (), ())
        ev = (Event("Four ships in a row (G3 Y5 B7 R9), a chest and four captains each", ("S1", "S2", "S3")),)
        s = build(self, events=ev, phase="setup", round=1, splitter=None, pile=pile, aside=(0,) * len(pile),
                  setup_left=left, early=0, table=(), offers=(), hands=((), ()), to_move=None, piles=(empty, empty),
                  chests=((), ()), removed=(), strengths=((0,) * 4, (0,) * 4))
        if left:
            return s
        w = Work(s)
        w.events = [*ev, Event("Long game: nothing is set aside", ("S7", "R36"))]
        rules.first_round(w)
        return w.freeze(None, None)

    def state_from_dict(self, data: Mapping[str, Any]) -> JollyState:
        return position.from_dict(self, data)

    # The fixed spaces and length bound the adapters need (explorer/adapters), from spaces.py.
    action_space = action_space
    chance_space = chance_space
    max_decisions = max_decisions
    perfect_information = perfect_information
    score_difference_bound = score_difference_bound

    def position(self, text: str) -> JollyState:
        """Read the short notation (``position_text``; docs/jolly_and_roger.md opens with it)."""
        return position_text.read(self, text)

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000) -> Iterator[tuple[JollyState, Fraction]]:
        """Each way the unseen cards may lie between draw pile and set-aside, exactly weighted (C1-C3)."""
        return hidden_worlds(self, view, limit)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> JollyState:
        return position.sample_state(self, view, rng)

    def parse_action(self, text: str) -> Any:
        """Read the notation above (notation.py); anything else raises `IllegalAction`."""
        return parse_action(text)

    def search_settings(self) -> dict[str, Any]:
        """Rule-of-thumb rollouts to the end (eight rounds are short), so the search meets an
        opponent who splits and chooses sensibly; the rule of thumb as prior."""
        return {"iterations": 30, "rollout_steps": 200, "rollout": "rule_of_thumb", "prior": "rule_of_thumb",
                "prior_share": 0.25}

    def policies(self) -> Mapping[str, Any]:
        return {"random": RandomPolicy, "rule_of_thumb": Greedy, "greedy": Greedy, "solver": SolverPolicy}

    def playout(self, state: Any, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> Any:
        """The rule of thumb for both seats, the model's own rules on one working copy (playout.py),
        every option covered; None for other policies and a round's horizon (the model is stepped)."""
        return policy_playout(self, state, rng, max_steps, policy, final) if until == "end" else None


GAME = JollyAndRoger
