"""Pirate Rush: a memory-and-deduction loot game for 3-5 pirates (basic and advanced game).

Rules: ../shared/rules/pirate_rush.md (IDs S, T, R, E, V, C, A, H are the digest's).

At the end every pirate turns their loot face up for the final count (E3, E9): the scores are
counted in the open, so from then on every loot tile is known to all.

Action notation (``str(action)``, read back by ``game.parse_action``)
----------------------------------------------------------------------
Seats ``P1``..``Pn`` (``Player 1`` in events; the Python index of a seat is 0 for Player 1);
islands ``I1``-``I8``; loot slots ``I3.b`` (island 3, slot b).

- ``first P2`` choose the starting player (S8) · ``look I3.b`` / ``look I5`` investigate (R13,
  R14); ``look discard`` or ``look P2`` is refused under R17
- ``draft gunner`` (R4) · ``call P3`` the commander names the next player (R10)
- ``take I1.a`` (R19) · ``pay`` (R21) · ``repair supplies`` (R24) · ``steer`` the Navigator's look
  (R32) · ``anchor I3`` (R32-R34; nobody steers at the last island, R35) · ``end`` end the turn
- powers: ``gamble P2`` then ``gamble keep|other`` (R42) · ``rogue P2`` then ``rogue more|stop``
  and ``rogue keep|leave`` (R43) · ``prosthetic peg|hook|none`` (R37) · ``trade I2.c|discard|none``
  (R40) · ``gift P3|none`` (R46)
- events: ``tavern rum`` (R48) · ``merchant silver I4`` then ``swap I4.b`` (R52, R53) ·
  ``stake gold`` and ``claim P2`` (R49-R51) · ``challenge P2``, ``throw rock``, ``winner P2``,
  ``spoils give rum|steal|none`` (R56-R58) · ``tie P2`` the table names the winner of a tie
  (E10, with ``final_tie="manual"``, V13)
- chance outcomes: ``removed T01 T04 T07 T12`` (S2) · ``row 3 5 6 8`` (S5) · ``starter P2`` (S8) ·
  ``tile gold`` (a face-down tile's kind, resolved when first seen) · ``island T05`` ·
  ``pick gold`` / ``pick unseen`` / ``pick rum #2`` (a blind pick, named by the tile picked;
  alike tiles are one outcome with their summed odds, tokens/picks.py) · ``place I5.c`` (a Perdidos
  shuffle puts the tile now at I5.c in the next slot) · ``duel win|lose|draw``

Files: the Game class here; data.py and data.toml the components; model.py the actions, outcomes
and the state (data only); rules.py the rulebook; flow.py the working copy of a step and the
round's automatic tasks; turn/ the turn and its tasks; tokens/ the 40 loot tokens (knowledge,
picks, canon, stack_view); explain.py, notation.py, position.py, checks.py, position_text.py and
text/ (the notation's words, writer and reader); worlds.py and hidden/ (hidden worlds), spaces.py,
policies.py, thumb.py, playout.py, outlook.py, odds.py, teaching/ (what-if editors), render.py,
board_moves.py, groups.py.

Positions: the short notation (``state.notation()``, ``game.position(text)``, position_text.py)
for people, position data (``state.to_dict()``, ``game.state_from_dict``, position.py) for tools.
Loot tiles are 40 tokens inside a state, but no notation shows their numbers and equality
ignores them (tokens/canon.py); a tile's kind is unresolved until somebody has seen it, so the chance
node that resolves it draws from the 40-tile multiset minus every kind already resolved (C3, C6).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from explorer.core.game import Game, OptionSpec
from explorer.core.policy import RandomPolicy

from . import board_moves, position, position_text, rules
from .flow import Work, new_fields
from .model import Move, Outcome, RushState, make
from .notation import parse_action
from .playout import playout
from .policies import RuleOfThumb
from .rules import settle
from .rules_text import RULES
from .spaces import action_space, chance_space, max_decisions, perfect_information
from .worlds import hidden_worlds, sample_state, world_key

__all__ = ["GAME", "Move", "Outcome", "PirateRush", "RushState"]


class PirateRush(Game):
    name = "pirate_rush"
    title = "Pirate Rush"
    min_players = 3
    max_players = 5
    default_players = 4
    score_name = "points"
    RULEBOOK, POSITION, MOVES = rules, position, board_moves
    RULES = MappingProxyType(RULES)
    CAPABILITIES = frozenset({"adapters", "board", "chance_groups", "explain", "hidden_worlds", "playout",
                              "policies", "position_data", "position_text", "sampling", "search_settings"})
    LENGTH_CAPS = MappingProxyType({"duel_throw_limit": 10})
    OPTIONS = (
        OptionSpec("advanced", True, "False: the basic game, no resources or events (R9, R65)", "V1"),
        OptionSpec("duel_mode", "random", "how the duel is decided (C10)", "V2",
                   choices=("random", "choice", "coin", "manual_winner")),
        OptionSpec("duel_throw_limit", None, "house rule: after this many drawn throws (random or choice) the "
                   "higher-ranked duellist wins (R3); None: throw until one wins (R57)", "R57", kind=int,
                   nullable=True, minimum=1),
        OptionSpec("perdidos_scope", "ahead", "which islands Perdidos shuffles (A25)", "V3",
                   choices=("ahead", "ahead_and_current", "pooled_ahead")),
        OptionSpec("mercader_coin_to", "island_slot", "where the Mercader coin goes (A23)", "V4",
                   choices=("island_slot", "discard")),
        OptionSpec("prestige_split_rounding", "magnitude", "how +-2 is split between ties (A11)", "V5",
                   choices=("magnitude", "floor")),
        OptionSpec("prestige_supply", 24, "24 markers in all, or an unlimited supply (A36)", "V6",
                   choices=(24, "unlimited")),
        OptionSpec("navigator_fallback_peek", False, "True: a steering commander also looks (A18)", "V7"),
        OptionSpec("gambler_needs_own_loot", True, "the Gambler needs a tile of his own (A33)", "V8"),
        OptionSpec("qm_draw_excludes_own", True, "the Quartermaster cannot redraw his discard (A21)", "V9"),
        OptionSpec("reveal_paid_tiles", True, "tiles given up as costs are shown (A22, R73)", "V10"),
        OptionSpec("gunner_trigger", "own_take", "when the Gunner's power triggers (A32)", "V11",
                   choices=("own_take", "any_gain_own_turn", "any_gain_this_round")),
        OptionSpec("monkey_may_pay", True, "the Monkey may still Pay voluntarily (A30)", "V12"),
        OptionSpec("final_tie", "shared", "a tie after rum: shared win, or the table decides (A43)", "V13",
                   choices=("shared", "manual")),
        OptionSpec("end_rule", "play_last_island", "play the round at I8, or end on arrival (A2)", "V14",
                   choices=("play_last_island", "end_on_arrival")),
        OptionSpec("route_layout", "ladder", "the route diagram (A1, D6)", "V15", choices=("ladder", "zigzag")),
        OptionSpec("investigate_mandatory", False, "True: each turn must investigate (A14)", "V16"),
        OptionSpec("setup_investigations", 2, "looks per pirate at setup (A40)", "V17", choices=(2, 0, 1, 3)),
        OptionSpec("starting_player", "choose", "player 0 chooses, or chance (A42)", "V18",
                   choices=("choose", "random")),
        OptionSpec("wound_value", -1, "points of a wound (A6)", "V19", kind=int),
        OptionSpec("curse_value", -2, "points of a curse (A6)", "V19", kind=int),
        OptionSpec("prosthetic_value", 1, "points of a prosthetic (A7)", "V19", kind=int),
        OptionSpec("resources_per_colour", 2, "ship markers per colour (A9)", "V19", choices=(2, 1, 3)),
        OptionSpec("skull_characters", "5,7", "ranks carrying a skull (A4)", "V19",
                   choices=("5,7", "", "3,4,5,6,7,8", "5", "7")),
        OptionSpec("gambler_icon", "none", "the Gambler's repair icon (A5)", "V19",
                   choices=("none", "structure", "ammunition", "supplies")),
        OptionSpec("cabin_boy_looks", 2, "the Cabin boy's Investigate actions a turn: 2 in all, or his "
                   "power's 2 on top of the ordinary one (R44, A47)", "V20", choices=(2, 3)),
        OptionSpec("qm_islands", "passed", "where the Quartermaster trades: every island the ship can no "
                   "longer visit, or only the skipped ones (R41, A20)", "V21", choices=("passed", "skipped")),
    )

    def new_state(self) -> RushState:
        """Before setup: S1-S4 and S7 done; S2, S5, S8 are the first chance nodes."""
        s = make(self, new_fields(self))
        w = Work(s)
        settle(w)
        return w.freeze(None, None)

    def state_from_dict(self, data: Mapping[str, Any]) -> RushState:
        return position.from_dict(self, data)

    def position(self, text: str) -> RushState:
        """Read the short notation (docs/pirate_rush.md, position_text.py)."""
        return position_text.position(self, text)

    # The fixed spaces and length bound the adapters need (explorer/adapters), from spaces.py.
    action_space, chance_space, max_decisions, perfect_information = (
        action_space, chance_space, max_decisions, perfect_information)

    def parse_action(self, text: str) -> Any:
        """Read ``take I3.b``, ``draft gunner``, ``end``, ``tile gold``, ``pick 17`` ... (notation.py)."""
        return parse_action(self, text)

    def search_settings(self) -> dict[str, Any]:
        """Random rollouts of 40 steps (a turn or two of every pirate), judged by the provisional score (E8)."""
        return {"iterations": 30, "rollout_steps": 40, "prior": "rule_of_thumb", "prior_share": 0.3}

    def player_name(self, player: int) -> str:
        """Player 1, 2, ... as the events and board say (seats are numbered from 1)."""
        return f"Player {player + 1}"

    def policies(self) -> Mapping[str, Any]:
        return {"random": RandomPolicy, "rule_of_thumb": RuleOfThumb}

    def playout(self, state: Any, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> Any:
        """The rule of thumb for every seat (playout.py: the model's own steps, the policy's facts
        read from the state), every option covered; None for other policies."""
        return playout(self, state, rng, max_steps, policy, until, final)

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000):
        """Every full state one pirate cannot tell from the real one, exactly weighted (worlds.py)."""
        return hidden_worlds(self, view, limit)

    def world_key(self, state: RushState, player: int | None) -> RushState:
        """The other pirates' memories that no view carries set aside (worlds.py: H2, H7-H12)."""
        return world_key(state, player)

    def sample_state(self, view: Mapping[str, Any], rng: random.Random) -> RushState:
        """A full state agreeing with one pirate's view, drawn with exact odds (worlds.py)."""
        return sample_state(self, view, rng)


GAME = PirateRush
