"""Sjørøverøya (Pirate Island): a Cartagena-style race played with two card decks.

Rules: ../shared/rules/sjoroveroya.md (IDs S, T, R, E, V, C, A are the digest's).

Action notation (``str(action)``, read back by ``game.parse_action``; ``notation.py``)
-------------------------------------------------------------------------------------
- ``H@3``      play a ♥ to move your piece on card 3 forward (``S@0`` or ``S@start``: from Start)
- ``back@12``  move your piece on card 12 backward and draw
- ``end``      end the turn (after one move; with ``allow_pass`` also before)
- ``discard H`` discard a ♥ down to the hand limit (V7)
- chance outcomes: ``layout 1 HSDC`` (block 1's suit order), ``first P2`` (Player 2 starts),
  ``draw H`` (a ♥ is drawn), ``reveal H`` (a ♥ is turned face up, V6)

Suits are ``S H D C`` (♠ ♥ ♦ ♣; the symbols are accepted too). In code players are 0, 1, ...;
events, errors and the board say "Player 1", "Player 2", ..., the position notation "P1", "P2", ...
Positions: 0 Start, 1-20 the track cards, 21 the goal.

Positions: the short notation a person writes (``game.position(text)``, ``state.notation()``;
``position_text.py``) and the position data (``state.to_dict()``, ``game.state_from_dict``;
``position.py``), both on ``docs/sjoroveroya.md``. A player's exact odds: ``game.hidden_worlds``
(``worlds.py``).

The package: ``model.py`` the actions, outcomes and State (data only); ``rules.py`` the rulebook,
``flow.py`` its working copy and automatic consequences (with ``rulebook/``), ``track/`` where pieces go (R7-R23, E3);
``explain.py`` illegal actions and words; ``checks.py`` what a position must satisfy;
``position_text.py`` (with ``position_notation/``) the short notation; ``playout.py`` fast
playouts on the rules' own code; ``thumb.py`` and ``policies.py`` the rule of thumb.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from explorer.core.errors import OptionError
from explorer.core.game import Game, OptionSpec
from explorer.core.policy import RandomPolicy

from . import board_moves, playout, position, position_text, rules, spaces, worlds
from .data import COMPONENTS, T0
from .flow import make
from .model import (
    NO_CARDS,
    Backward,
    Discard,
    Draw,
    EndTurn,
    FirstPlayer,
    Forward,
    Layout,
    Reveal,
    SjoroveroyaState,
)
from .notation import parse_action
from .policies import RuleOfThumb
from .rules_text import RULES

__all__ = [
    "GAME",
    "T0",
    "Backward",
    "Discard",
    "Draw",
    "EndTurn",
    "FirstPlayer",
    "Forward",
    "Layout",
    "Reveal",
    "Sjoroveroya",
    "SjoroveroyaState",
]

class Sjoroveroya(Game):
    name = "sjoroveroya"
    title = "Sjørøverøya"
    min_players = COMPONENTS.min_players
    max_players = COMPONENTS.max_players
    default_players = 2
    score_name = "progress (36 minus moves left)"
    RULES = MappingProxyType(RULES)
    CAPABILITIES = frozenset({"adapters", "board", "chance_groups", "explain", "hidden_worlds", "playout",
                              "policies", "position_data", "position_text", "sampling", "search_settings"})
    RULEBOOK, POSITION, MOVES = rules, position, board_moves
    LENGTH_CAPS = MappingProxyType({"turn_cap": 200})
    OPTIONS = (
        OptionSpec("variant", "standard", "'children': one forward move a turn, then draw one card",
                   "V1", choices=("standard", "children")),
        OptionSpec("forward_stop_on_own", True, "False: Cartagena's rule, stop only on an empty card", "V2"),
        OptionSpec("backward_counts_any_colour", False, "True: Cartagena's rule, any colour counts backward", "V3"),
        OptionSpec("allow_pass", False, "True: a turn may end with no move (Cartagena)", "V4"),
        OptionSpec("start_hand_size", COMPONENTS.start_hand, "cards dealt to each player (Cartagena: 6)",
                   "V5", kind=int, minimum=0),
        OptionSpec("open_hands", False, "True: hands public, 12 pile cards face up (Cartagena's Tortuga)", "V6"),
        OptionSpec("hand_limit", None, "an int: discard down to it at the end of a turn", "V7",
                   kind=int, nullable=True, minimum=1),
        OptionSpec("emergency_draw", "whenever_stuck", "'start_of_turn_only': stuck mid-turn ends the turn",
                   "V8", choices=("whenever_stuck", "start_of_turn_only")),
        OptionSpec("reshuffle_timing", "on_demand", "'immediate': reshuffle as soon as the pile runs out",
                   "V9", choices=("on_demand", "immediate")),
        OptionSpec("ranking_metric", "min_forward_moves", "how places after the winner are ranked", "V10",
                   choices=("min_forward_moves", "pieces_not_in_goal", "cards_to_goal")),
        OptionSpec("mixed_card_forward", "skip", "'stop': a card with both colours stops a forward move",
                   "V11", choices=("skip", "stop")),
        OptionSpec("turn_cap", None, "an int N: end after N full rounds and rank everyone", "V12",
                   kind=int, nullable=True, minimum=1),
        OptionSpec("first_player", None, "who starts; None: chosen at random (S9, A15)", "S9",
                   kind=int, nullable=True, minimum=0),
    )

    def _check_options(self) -> None:
        first = self.options["first_player"]
        if first is not None and first >= self.players:
            raise OptionError("options.first_player", f"{first} is not a player of {self.players} (S9)")

    def new_state(self) -> SjoroveroyaState:
        """Before setup (S1-S5): empty track, pieces at Start, 84 cards in the pile."""
        n = self.players
        return make(SjoroveroyaState, self, track="", pieces=((0,) * COMPONENTS.pieces_per_player,) * n,
                    hands=(NO_CARDS,) * n, pile=(COMPONENTS.copies_per_suit,) * 4, pile_top="", discard=NO_CARDS,
                    phase="layout", to_move=None, first_player=None, moves_used=0, turns=0, pending=0,
                    drawer=None, after="", ended="", reshuffled_from=None, drawn_since=(NO_CARDS,) * n)

    def state_from_dict(self, data: Mapping[str, Any]) -> SjoroveroyaState:
        return position.from_dict(self, data)

    def position(self, text: str) -> SjoroveroyaState:
        """Read the short notation (docs/sjoroveroya.md; `position_text`), exactly as written."""
        return position_text.read(self, text)

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000) -> Any:
        """Every full state `view`'s player cannot tell apart, with its exact weight (`worlds.py`)."""
        return worlds.hidden_worlds(self, view, limit)

    # The fixed spaces and length bound the adapters need (explorer/adapters), from spaces.py.
    action_space, chance_space = spaces.action_space, spaces.chance_space
    max_decisions, perfect_information = spaces.max_decisions, spaces.perfect_information

    def parse_action(self, text: str) -> Any:
        """Read ``H@3``, ``back@12``, ``end``, ``discard H`` and the outcomes ``layout 1 HSDC``,
        ``first P2``, ``draw H``, ``reveal H`` (notation.py)."""
        return parse_action(text)

    def sample_state(self, view: Mapping[str, Any], rng: Any) -> SjoroveroyaState:
        """A full position consistent with `view`, drawn with its exact weight (`worlds.py`)."""
        return worlds.sample_state(self, view, rng)

    def search_settings(self) -> dict[str, Any]:
        """Rule-of-thumb rollouts of 12 steps (two or three moves of each pirate), judged by
        progress (E3); the rule of thumb as prior."""
        return {"iterations": 20, "rollout_steps": 12, "rollout": "rule_of_thumb", "prior": "rule_of_thumb",
                "prior_share": 0.3}

    def playout(self, state: Any, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> Any:
        """The rule of thumb (the evaluator) and random play on playout.py (the rules' own steps on one
        working copy), every option honoured; other policies and a round's horizon step the model (None)."""
        if until != "end":
            return None
        play = {"random": playout.random_playout, "rule_of_thumb": playout.thumb_playout}.get(policy)
        return play(state, rng, max_steps, final) if play else None

    def policies(self) -> Mapping[str, Any]:
        return {"random": RandomPolicy, "rule_of_thumb": RuleOfThumb}


GAME = Sjoroveroya
