"""Derived game-length bounds (`Game.max_decisions`): random playouts never exceed them, each
turn stays within its own derived bound, the derivations cite rules that exist, and the house
rules that make a bound possible change nothing while they are off."""

from __future__ import annotations

import inspect
import random
import re

import pytest
from games.dead_mans_dice.support import cited, play, table
from games.last_bottle_of_rum.support import legal, run, scene, ship

import explorer
from explorer.core.errors import PositionError
from explorer.games.dead_mans_dice import spaces as dice_spaces
from explorer.games.jolly_and_roger import spaces as jolly_spaces
from explorer.games.last_bottle_of_rum import spaces as rum_spaces
from explorer.games.last_bottle_of_rum.data import BOUNTIES
from explorer.games.pirate_rush import spaces as rush_spaces
from explorer.games.sjoroveroya import spaces as sjo_spaces

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

PLAYOUTS = 200
CASES = [
    ("sjoroveroya", 3, {"turn_cap": 3}),
    ("sjoroveroya", 4, {"turn_cap": 2, "hand_limit": 2}),
    ("dead_mans_dice", 3, {"round_limit": 2, "round_turn_limit": 12, "rolloff_limit": 1}),
    ("dead_mans_dice", 2, {"round_limit": 2, "round_turn_limit": 10, "rolloff_limit": 0, "stray_shots": True,
                           "optional_placement": True, "hold_fire": True, "broadside_hit_p": "1/2", "wobble": True}),
    ("last_bottle_of_rum", 3, {"turn_limit": 3}),
    ("last_bottle_of_rum", 2, {"turn_limit": 3, "weather": True, "bounty_hunt": True, "bounty_auto_claim": False,
                               "ghost": True, "weather_timing": "anytime"}),
    ("pirate_rush", 4, {"duel_mode": "choice", "duel_throw_limit": 2}),
    ("pirate_rush", 3, {"route_layout": "zigzag", "duel_mode": "manual_winner"}),
    ("jolly_and_roger", 2, {}),
    ("jolly_and_roger", 2, {"special_cards": True}),
    ("liars_dice", 3, {"dice": 2}),
    ("liars_dice", 2, {"single_round": True, "dice": 1, "bidding": "reset-quantity"}),
]
IDS = [f"{name}-{players}-{i}" for i, (name, players, _) in enumerate(CASES)]


def decisions(game, seed: int) -> list:
    """The decision states of one uniformly random playout, in order (chance by its odds)."""
    rng = random.Random(seed)
    state, seen = game.new_state(), []
    while not state.is_over:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            seen.append(state)
            legal_now = state.legal_actions()
            state = state._step(legal_now[rng.randrange(len(legal_now))])
    return seen


def segments(states: list, starts) -> list[list]:
    """`states` cut before every state for which `starts(previous, state)` holds."""
    out: list[list] = []
    previous = None
    for s in states:
        if not out or starts(previous, s):
            out.append([])
        out[-1].append(s)
        previous = s
    return out


def dice_start(previous, s) -> bool:
    """A turn's first decision (T1), or an opening's (T0)."""
    return s.step == "turn" or (s.step == "open" and previous.step != "open")


def rush_start(previous, s) -> bool:
    """The commander's call (R10), or a round's first draft (R4)."""
    kind = s.stack[-1][0]
    return kind == "call" or (kind == "draft" and previous.stack[-1][0] != "draft")


class TestBoundsHold:
    @pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
    def test_random_playouts_stay_within_the_bound(self, name, players, options):
        game = explorer.load(name, players, **options)
        bound = game.max_decisions()
        assert bound is not None
        assert max(len(decisions(game, seed)) for seed in range(PLAYOUTS)) <= bound

    @pytest.mark.parametrize(("players", "options"), [(c[1], c[2]) for c in CASES if c[0] == "dead_mans_dice"])
    def test_dead_mans_dice_turns_and_openings_stay_within_theirs(self, players, options):
        game = explorer.load("dead_mans_dice", players, **options)
        for seed in range(PLAYOUTS):
            for part in segments(decisions(game, seed), dice_start):
                if part[0].step == "turn":
                    assert len(part) <= dice_spaces.turn_decisions(players)
                else:
                    assert len(part) <= (options["rolloff_limit"] + 1) * players

    @pytest.mark.parametrize(("players", "options"), [(c[1], c[2]) for c in CASES if c[0] == "pirate_rush"])
    def test_pirate_rush_turns_and_events_stay_within_theirs(self, players, options):
        game = explorer.load("pirate_rush", players, **options)
        event = rush_spaces.event_decisions(game)
        for seed in range(PLAYOUTS):
            for part in segments(decisions(game, seed), rush_start):
                first = part[0].stack[-1][0]
                if first == "call":
                    assert len(part) <= rush_spaces.turn_decisions()
                elif first == "draft":
                    drafts = sum(1 for s in part if s.stack[-1][0] == "draft")
                    assert drafts <= players and len(part) - drafts <= event

    @pytest.mark.parametrize(("players", "options"), [(c[1], c[2]) for c in CASES if c[0] == "last_bottle_of_rum"])
    def test_rum_turns_stay_within_theirs(self, players, options):
        game = explorer.load("last_bottle_of_rum", players, **options)
        per_turn = rum_spaces.turn_decisions(game)
        for seed in range(PLAYOUTS):
            by_turn: dict[int, int] = {}
            for s in decisions(game, seed):
                by_turn[s.turns] = by_turn.get(s.turns, 0) + 1
            assert max(by_turn.values()) <= per_turn


class TestDerivation:
    def test_dead_mans_dice_bound_is_rounds_times_opening_and_turns(self):
        game = explorer.load("dead_mans_dice", 4, round_limit=3, round_turn_limit=7, rolloff_limit=2)
        assert dice_spaces.turn_decisions(4) == 3 * 4 + 3
        assert game.max_decisions() == 3 * ((2 + 1) * 4 + 7 * 15) + 2     # + "next round" twice (E9)

    @pytest.mark.parametrize("off", ["round_limit", "round_turn_limit", "rolloff_limit"])
    def test_dead_mans_dice_without_any_one_cap_has_no_bound(self, off):
        caps = {"round_limit": 3, "round_turn_limit": 7, "rolloff_limit": 2, off: None}
        assert explorer.load("dead_mans_dice", 3, **caps).max_decisions() is None

    def test_pirate_rush_rounds_follow_the_route(self):
        assert rush_spaces.rounds(explorer.load("pirate_rush")) == 5
        assert rush_spaces.rounds(explorer.load("pirate_rush", route_layout="zigzag")) == 8

    def test_pirate_rush_choice_duels_need_the_throw_limit(self):
        assert explorer.load("pirate_rush", duel_mode="choice").max_decisions() is None
        capped = explorer.load("pirate_rush", 4, duel_mode="choice", duel_throw_limit=6)
        assert rush_spaces.event_decisions(capped) == 1 + 2 * 6 + 2
        assert explorer.load("pirate_rush", duel_mode="random").max_decisions() is not None

    def test_rum_bound_grows_with_the_turn_limit_and_needs_it(self):
        assert explorer.load("last_bottle_of_rum").max_decisions() is None
        one, four = (explorer.load("last_bottle_of_rum", 3, turn_limit=k).max_decisions() for k in (1, 4))
        assert four - 3 == 4 * (one - 3) and one - 3 == 3 * rum_spaces.turn_decisions(
            explorer.load("last_bottle_of_rum", 3, turn_limit=1))

    def test_the_derivations_cite_rules_that_exist(self):
        texts = {
            "dead_mans_dice": ([dice_spaces.max_decisions, dice_spaces.turn_decisions],
                               {"R9", "R19", "R21", "R24", "R25", "R29", "R34", "V11", "E7", "E9"}),
            "pirate_rush": ([rush_spaces.max_decisions, rush_spaces.rounds, rush_spaces.event_decisions,
                             rush_spaces.turn_decisions], {"R10", "R18", "R42", "R43", "R44", "R48", "R57", "S9"}),
            "last_bottle_of_rum": ([rum_spaces, rum_spaces.max_decisions],
                                   {"E3", "R8", "R12", "R15", "R36", "R47", "R53", "R59", "R64", "E08"}),
            "sjoroveroya": ([sjo_spaces.max_decisions], {"V12", "T5", "V7"}),
            "jolly_and_roger": ([jolly_spaces.max_decisions], {"T2", "T3", "R24"}),
        }
        for name, (sources, expected) in texts.items():
            ids = {m.group(1) for src in sources for m in re.finditer(r"\b([STRECVAB]\d+)[a-z]?\b",
                                                                     inspect.getdoc(src) or "")}
            assert expected <= ids, (name, expected - ids)
            assert ids <= set(explorer.load(name).rules), (name, ids - set(explorer.load(name).rules))


class TestHouseRules:
    def test_round_turn_limit_ends_and_scores_the_round(self):
        s = table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=3", "B1=3", "C1=3"], options={"round_turn_limit": 2})
        s = play(s, "roll A2", "face 6")
        assert s.turns == 1 and s.round == 1
        s = play(s, "roll B2", "face 6")
        assert s.step == "scored" and s.round == 1 and s.turns == 0 and "R29" in cited(s)
        assert s.totals == (3 - 7, 3 - 7, 3 - 7)       # E2, E4: pile 3, Jolly Roger die still in hand

    def test_without_the_turn_limit_nothing_is_counted(self):
        s = play(table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=3", "B1=3", "C1=3"]), "roll A2", "face 6", "roll B2", "face 6")
        assert s.round == 1 and s.turns == 0 and s.to_move == 2

    def test_rolloff_limit_gives_a_late_tie_to_the_first_tied_pirate_in_seat_order(self):
        tie = ["open A1", "face 2", "open B1", "face 2", "open C1", "face 5"]
        game = explorer.load("dead_mans_dice", 3, rolloff_limit=1)
        once = play(game.new_state(), *tie)
        assert once.step == "open" and once.rolloffs == 1 and not any(once.piles)
        twice = play(once, "open A1", "face 4", "open B1", "face 6", "open C1", "face 4")
        assert twice.step == "turn" and twice.to_move == 0 and {"R9", "R8"} <= cited(twice)
        plain = play(explorer.load("dead_mans_dice", 3).new_state(), *tie, *tie)
        assert plain.step == "open" and plain.rolloffs == 0

    def test_counters_round_trip_and_are_refused_when_their_rule_is_off(self):
        s = table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=3", "B1=3", "C1=3"], options={"round_turn_limit": 5},
                  turns=3)
        assert s.turns == 3 and s.game.state_from_dict(s.to_dict()) == s
        with pytest.raises(PositionError, match=r"turns: .*round_turn_limit"):
            table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=3", "B1=3", "C1=3"], turns=1)
        with pytest.raises(PositionError, match="turns: 5 would already have ended it"):
            table(["A2 AJ", "B2 BJ", "C2 CJ"], ["A1=3", "B1=3", "C1=3"], options={"round_turn_limit": 5}, turns=5)

    @pytest.mark.parametrize("mode", ["choice", "random"])
    def test_duel_throw_limit_gives_the_duel_to_the_higher_rank(self, mode):
        from games.pirate_rush.support import play as rush_play
        from games.pirate_rush.support import table as rush_table

        s = rush_table(4, loot={0: ["gold"]}, advanced=True, stack=[["call"], ["challenge", 3]], duel_mode=mode,
                       duel_throw_limit=2)
        s = rush_play(s, "challenge P1")                   # Player 4 (rank 4) challenges Player 1 (rank 1)
        draw = ("throw rock", "throw rock") if mode == "choice" else ("duel draw",)
        once = rush_play(s, *draw)
        assert once.stack[-1][0] in ("throw", "duel_rps")
        twice = rush_play(once, *draw)
        assert twice.stack[-1][:3] == ("spoils", 0, 3)
        assert {"R3", "R57"} <= {r for e in twice.events for r in e.rules}

    def test_without_the_throw_limit_draws_repeat(self):
        from games.pirate_rush.support import play as rush_play
        from games.pirate_rush.support import table as rush_table

        s = rush_table(4, loot={0: ["gold"]}, advanced=True, stack=[["call"], ["challenge", 3]], duel_mode="choice")
        s = rush_play(s, "challenge P1", *["throw paper"] * 10)
        assert s.stack[-1][0] == "throw" and s.player == 3

    def test_a_kept_hidden_bounty_is_not_offered_again_this_turn(self):
        """V14 off: the Lucky Devil (B10) of a captain whose turn it is not."""
        mods = {"bounties": [[], ["B10"]], "claimed": [[], []], "stats": [0] * 13,
                "bounty_deck": [b for b in BOUNTIES if b != "B10"]}
        state = scene([ship(cell="1,0"), ship(cell="2,0", curse=3)], modules=mods, bounty_hunt=True,
                      bounty_auto_claim=False, pending=(("kraken_roll", 1), ("kraken_roll", 1)),
                      tiles={"1,0": "T28", "2,0": "T29"}, face_up=("1,0", "2,0"))   # ships stand face up (R19)
        state = run(state, "roll 0")
        assert legal(state) == {"claim B10", "pass B10"} and state.player == 1
        state = run(state, "pass B10", "roll 0")
        assert state.player == 0 and "claim B10" not in legal(state) and state.mods.bounties[1] == ("B10",)
