"""The Last Bottle of Rum: explore a hex archipelago, fight with the skull die, flee the Kraken.

Rules: ../shared/rules/last_bottle_of_rum.md (IDs S, T, R, E, V, C, A are the digest's).
The base game for 2-5 captains and its three modules, which combine freely: Bounty Hunt (V1,
Outposts and bounty cards), Weather & Maelstrom (V2) and the Ghost automa for 2 players (V3).

Action notation (``str(action)``, read back by ``game.parse_action``)
----------------------------------------------------------------------
Seats are ``P1``, ``P2``, ... in seat order (events and boards say "Player 1"); cells are axial
``q,r`` (the Hideout is ``0,0``).

- ``captain Grog Blackwater``   choose a captain at setup (S5)
- ``play AC04 AC30``            play two cards (R8); ``play AC12`` is the extra card of All Hands (E08)
- ``sail 1,-1``                 use a Sail action to move to an adjacent cell (R18); also a Cursed Wind move
- ``earn``                      use an Earn-doubloons action (R30)
- ``attack P2``                 attack Player 2 (R33-R37)
- ``repair FIRE``               remove a damage token (R43; ``repair shell`` for Crabby Jones)
- ``exchange ADD>R``            trade 3 unused actions (S D A R letters, W a wild one) for 1 (R12, R63)
- ``effect AC43``               pay for and use a played card's effect (``effect AC37 P2 TR05``: target, treasure)
- ``peek 2,-1``                 look at a face-down tile (Madame Macaw, Spyglass E05)
- ``take TR15`` / ``leave``     take a treasure on entering its island (R25, R26) or not
- ``trade TR15 TR03`` / ``keep``  trade treasures for Loot on entering the Hideout (R23)
- ``lose TR07``                 the treasure a fire destroys (R47); ``discard AC05`` for a broken bowsprit (R50)
- ``shell`` / ``no shell``      Crabby Jones' Shell (R59); ``reroll`` / ``accept roll`` Grog's re-roll
- ``stop``                      end an "up to" effect early (E04-E06, E08); ``end`` ends the turn (T5)
- ``weather AC79``              carry out a played Weather card's effect (R63, V13)
- a Weather card's wild actions (R63, D7) are unused ``W`` until one is used: ``sail``, ``earn``,
  ``attack`` and ``repair`` then use it as that action when the played cards give none of it
- ``maelstrom 1,0 2,-1``        place the two Maelstrom tokens (R65); ``sail maelstrom`` rides it (R66)
- ``bounty B05``                keep this Bounty card at an Outpost (R60); ``claim B05`` / ``pass B05`` (V14 off)
- ``attack ghost``              attack the Ghost's white ship (R81)
- chance outcomes: ``first P3``, ``draw AC17``, ``tile T24``, ``map M12``, ``treasure TR15``, ``roll 2``,
  ``token SAIL``, ``reveal B05`` (a Bounty card drawn, C10)

Positions a person writes (``game.position(text)``, ``state.notation()``): the first section of
this page (position_text.py). A player's hidden possibilities (``game.hidden_worlds(view)``) and
``game.sample_state``: worlds.py. Position data (``state.to_dict()``, read by
``game.state_from_dict``): documented in ``explorer/games/last_bottle_of_rum/position.py``, e.g.
``{"phase": "main", "active": 0, "ships": [{"captain": "Humboldt", "cell": "1,0", "loot": 2}, ...]}``.

The files: model.py (actions, outcomes, the state's fields), rules.py (the rulebook), flow.py
(what follows a step by itself), built from rulebook/ (the working copy, ships, chance, actions,
forced choices, card effects, turns); the modules V1-V3 in modules/; explain.py, notation.py,
position.py with checks.py and loading/, position_text.py with text/, worlds.py, spaces.py,
policies.py and thumb.py, playout.py, outlook.py, odds.py, render.py, board_moves.py, groups.py;
editor/scenes.py builds small what-if positions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from explorer.core.errors import OptionError
from explorer.core.game import Game, OptionSpec, PlayoutEnd
from explorer.core.policy import RandomPolicy

from . import board_moves, outlook, playout, position, position_text, rules, spaces, worlds
from .data import BASE_DECK, BOUNTIES, CAPTAINS, CONST, FULL_DECK, MAPS, TREASURES
from .flow import settle
from .model import NO_DAMAGE, NO_TURN, Ghost, Modules, RumState, Ship
from .notation import parse_action
from .policies import RuleOfThumb
from .rulebook.work import Work, new
from .rules_text import RULES


class LastBottleOfRum(Game):
    name = "last_bottle_of_rum"
    title = "The Last Bottle of Rum"
    min_players = CONST["min_players"]
    max_players = CONST["max_players"]
    default_players = 2
    score_name = "Loot Points"
    RULES = MappingProxyType(RULES)
    CAPABILITIES = frozenset({"adapters", "board", "chance_groups", "explain", "hidden_worlds", "outlook", "playout",
                              "policies", "position_data", "position_text", "sampling", "search_settings"})
    RULEBOOK, POSITION, MOVES = rules, position, board_moves
    LENGTH_CAPS = MappingProxyType({"turn_limit": 50})
    OPTIONS = (
        OptionSpec("bounty_hunt", False, "module Bounty Hunt: Outposts deal Bounty cards (R60-R62)", "V1"),
        OptionSpec("weather", False, "module Weather: 10 Weather cards and the Maelstrom (R63-R67)", "V2"),
        OptionSpec("ghost", False, "module Ghost: the automa for exactly 2 players (S13, R68-R82)", "V3"),
        OptionSpec("hideout_trade_mode", "all", "'subset': trade any subset at the Hideout (A7)", "V4",
                   choices=("all", "subset")),
        OptionSpec("reef_damage", "every_entry", "'reveal_only': a reef hurts only the ship revealing it (A5)",
                   "V5", choices=("every_entry", "reveal_only")),
        OptionSpec("allow_futile_attacks", False, "True: ships at 5 damage may be attacked, to no effect (A18)",
                   "V6"),
        OptionSpec("ghost_damage_per_skull", False, "True: the Ghost takes 1 token per skull, not per hit (A24)",
                   "V7"),
        OptionSpec("ghost_may_stop_early", False, "True: the Ghost may stop short to stay in range (A25)", "V8"),
        OptionSpec("ghost_loses_all_treasures_on_sinking", False, "True: a sinking Ghost loses all its "
                   "treasures (A26)", "V9"),
        OptionSpec("starting_doubloons", 0, "doubloons each captain starts with (A30)", "V10", kind=int,
                   minimum=0),
        OptionSpec("bank_limit", 34, "doubloons in the bank; None for unlimited (A30)", "V11", kind=int,
                   nullable=True, minimum=0),
        OptionSpec("hideout_protects_from_kraken", False, "True: the Kraken spares ships in the Hideout (A13)",
                   "V12"),
        OptionSpec("weather_timing", "immediate", "'anytime': a Weather effect any time before the turn ends "
                   "(A20)", "V13", choices=("immediate", "anytime")),
        OptionSpec("bounty_auto_claim", True, "False: the owner chooses to reveal a completed bounty (A22)",
                   "V14"),
        OptionSpec("min_hand_size", 2, "hand size never drops below this (A12)", "V15", kind=int, minimum=1),
        OptionSpec("turn_limit", None, "house rule: an int N ends the game after N rounds, ranked by Loot "
                   "(None: the digest's rule, no other end, E3)", "E3", kind=int, nullable=True, minimum=1),
        OptionSpec("first_player", None, "who starts; None: chosen at random (S10, C14)", "S10", kind=int,
                   nullable=True, minimum=0),
    )

    def _check_options(self) -> None:
        if self.options["ghost"] and self.players != 2:
            raise OptionError("options.ghost", f"the Ghost plays only with exactly 2 players, not {self.players} "
                                               "(R68)")
        first = self.options["first_player"]
        if first is not None and first >= self.players:
            raise OptionError("options.first_player", f"{first} is not a player of {self.players} (S10)")
        bank = self.options["bank_limit"]
        if bank is not None and self.options["starting_doubloons"] * self.players > bank:
            raise OptionError("options.starting_doubloons", "more than the bank holds (V10, V11)")

    def new_state(self) -> RumState:
        """Before setup: tiles face down (dealt as they are revealed, S1), decks unshuffled,
        then the display (S2, S3), captains (S5), hands (S8, S9) and first player (S10)."""
        n = self.players
        opts = self.options
        ship = Ship("", 0, 0, 0, opts["starting_doubloons"], NO_DAMAGE, (), (), 0, ())
        pairs = CONST["pairs_large"] if n >= 4 else CONST["pairs_small"]
        if opts["ghost"]:
            pairs = CONST["pairs_ghost"]
        mods = Modules(
            bounty_deck=tuple(sorted(BOUNTIES)) if opts["bounty_hunt"] else (),
            bounties=((),) * n if opts["bounty_hunt"] else (), claimed=((),) * n if opts["bounty_hunt"] else (),
            ghost=Ghost() if opts["ghost"] else None)
        deal = tuple(("setup_tile", c) for c in range(1, 31)) if opts["ghost"] else ()
        pending = (*deal, *((("pair",),) * pairs), *(("captain", p) for p in range(n)),
                   *(("draw", p, -1, 1) for p in range(n)), ("first_player",))
        deck = FULL_DECK if opts["weather"] else BASE_DECK
        bare = new(RumState, self, ships=(ship,) * n, tiles=("",) * 31, face_up=1, display=(), map_deck=MAPS,
                   map_discard=(), treasure_deck=tuple(sorted(TREASURES)), treasure_discard=(), deck=deck, discard=(),
                   active=-1, phase="setup", turn=NO_TURN, pending=pending, winner=-1, mods=mods)
        w = Work(bare)
        w.say(f"Setup for {n} captains: 30 tiles face down around the Hideout, 25 tokens in the bag",
              "S1", "S4", "S6", "S7", "S11", *(("S12",) if opts["weather"] else ()),
              *(("S13",) if opts["ghost"] else ()))
        settle(w)
        state = w.freeze(bare, None)
        object.__setattr__(state, "_trail", None)
        return state

    def state_from_dict(self, data: Mapping[str, Any]) -> RumState:
        """Read position data (position.py), every field checked (checks.py)."""
        return position.from_dict(self, data)

    # The fixed spaces and length bound the adapters need (explorer/adapters), from spaces.py.
    action_space = spaces.action_space
    chance_space = spaces.chance_space
    max_decisions = spaces.max_decisions
    perfect_information = spaces.perfect_information

    def playout(self, state: RumState, rng: random.Random, max_steps: int, policy: str = "random", *,
                until: str = "end", final: bool = False) -> PlayoutEnd | None:
        """Random play or the rule of thumb at every seat on the model's rules, one mutable working copy
        for the whole game (playout.py), every set-up and option covered; None for other policies and
        for a round's horizon (the model is stepped)."""
        if until != "end":
            return None
        play = {"random": playout.random_playout, "rule_of_thumb": playout.thumb_playout}.get(policy)
        return play(state, rng, max_steps, final) if play else None

    def parse_action(self, text: str) -> Any:
        """Read the notation in the module docstring (notation.py)."""
        return parse_action(text)

    def position(self, text: str) -> RumState:
        """Read a position in the short notation (position_text.py, docs/last_bottle_of_rum.md)."""
        return position_text.read(self, text)

    def sample_state(self, view: Mapping[str, Any], rng) -> RumState:
        return worlds.sample_state(self, view, rng)

    def hidden_worlds(self, view: Mapping[str, Any], limit: int = 100_000):
        """Every full position consistent with `view`, exactly weighted (worlds.py)."""
        return worlds.hidden_worlds(self, view, limit)

    def win_chances(self, state: Any) -> tuple[float, ...]:
        """The outlook (outlook.py): each seat's chance of winning as fitted on rule-of-thumb games."""
        return outlook.win_chances(state)

    def search_settings(self) -> dict[str, Any]:
        """The paired root search (every move tried in the same 16 worlds with the same dice),
        each move followed by 20 steps of rule-of-thumb play (about the rest of the turn and
        the other captain's reply) and judged by the outlook (outlook.py: Loot, cargo, the way
        home, damage, Curse): a whole game is too long and too chancy to tell two moves apart
        in a second, a turn's worth judged by a fitted standing is not. The rule of thumb is
        the prior; at most a second a move. benchmarks/ismcts_strength.py measures it."""
        return {"iterations": 16, "seconds": 1.0, "root": "paired", "rollout_steps": 20, "rollout": "rule_of_thumb",
                "prior": "rule_of_thumb", "prior_z": 1.0}

    def policies(self) -> Mapping[str, Any]:
        return {"random": RandomPolicy, "rule_of_thumb": RuleOfThumb}


__all__ = ["CAPTAINS", "GAME", "LastBottleOfRum", "RumState"]
GAME = LastBottleOfRum
