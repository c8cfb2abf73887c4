"""Sjørøverøya's evaluator playout (`policy_playout(..., "rule_of_thumb")`, playout.py, on the
rules' own steps) against the model stepped with `RuleOfThumb` in every seat, and the one sweep (`moves.reach`)
both read against the rules' own definitions (R16's forward target, E3's distance).

As in tests/test_policy_playout.py: from the same position with the same generator the
playout reaches the same final state in the same number of steps, with the same scores and
ranking, and leaves the generator in the same state (every random call matched)."""

from __future__ import annotations

import random

import pytest
from test_policy_playout import check_same_game

import explorer
from explorer.analysis.rollouts import derive_seed, kernel_policy, play_one, rollouts
from explorer.core.play import advance, playout
from explorer.games.sjoroveroya.data import GOAL, SUITS
from explorer.games.sjoroveroya.policies import RuleOfThumb
from explorer.games.sjoroveroya.thumb import best_indices, forward_value, forward_values
from explorer.games.sjoroveroya.track.moves import (
    backward_moves,
    backward_target,
    forward_target,
    lowest_stop,
    occupancy,
    reach,
    reach_memo,
)

pytestmark = pytest.mark.slow

# Every player count and each option that changes play (V1-V12, S9); each id names its rule.
SETUPS: list[tuple[str, int, dict]] = [
    ("S1-2p", 2, {}),
    ("S1-3p", 3, {}),
    ("S1-4p", 4, {}),
    ("V1-children", 2, {"variant": "children"}),
    ("V1-children-3p", 3, {"variant": "children", "start_hand_size": 2}),
    ("V2-V3-cartagena", 3, {"forward_stop_on_own": False, "backward_counts_any_colour": True}),
    ("V4-pass", 2, {"allow_pass": True}),
    ("V5-V6-tortuga", 2, {"start_hand_size": 6, "open_hands": True}),
    ("V6-open-4p", 4, {"open_hands": True}),
    ("V7-hand-limit", 3, {"hand_limit": 3}),
    ("V8-start-only", 2, {"emergency_draw": "start_of_turn_only", "start_hand_size": 0}),
    ("V9-immediate", 4, {"reshuffle_timing": "immediate"}),
    ("V10-pieces", 3, {"ranking_metric": "pieces_not_in_goal", "turn_cap": 8}),
    ("V10-cards", 2, {"ranking_metric": "cards_to_goal"}),
    ("V11-mixed-stop", 3, {"mixed_card_forward": "stop", "forward_stop_on_own": False}),
    ("V12-turn-cap", 4, {"turn_cap": 5}),
    ("S9-first", 3, {"first_player": 2, "hand_limit": 5, "allow_pass": True}),
]


def positions(game: explorer.Game, count: int) -> list[explorer.State]:
    """Before setup, a fresh start, and mid-game positions of seeded games played by the rule
    of thumb and by random seats (some at chance nodes, some deep in the game)."""
    seats = [RuleOfThumb(game)] * game.players
    found = [game.new_state(), game.start(0)]
    for seed in range(count):
        found.append(advance(game.start(seed), seed, seats, steps=9 + 37 * seed))
        found.append(advance(game.start(seed), seed, steps=5 + 13 * seed))
    return [s for s in found if not s.is_over]


@pytest.mark.parametrize(("players", "options"), [pytest.param(p, o, id=i) for i, p, o in SETUPS])
def test_thumb_kernel_plays_the_model_game(players: int, options: dict) -> None:
    game = explorer.load("sjoroveroya", players=players, **options)
    starts = positions(game, 3)
    assert len(starts) >= 6
    for start in starts:
        for seed in range(2):
            assert check_same_game(game, start, "rule_of_thumb", seed) > 0


def test_rollouts_equal_with_and_without_the_thumb_kernel() -> None:
    """`rollouts` with unnamed seats (the evaluator) plays on the kernel; seats of an unnamed
    subclass step the model; both give the same games."""
    game = explorer.load("sjoroveroya")
    assert game.evaluator() == "rule_of_thumb"
    start = advance(game.start(5), 5, steps=40)
    while start.is_over or start.is_chance:
        start = advance(start, 6)
    plain = type("Plain", (RuleOfThumb,), {})
    seats = {p: plain(game) for p in range(game.players)}
    assert kernel_policy(game, seats) is None
    fast = rollouts(start, 16, seed=9, policies=None, workers=1, progress=False)
    slow = [play_one(start, seats, i, derive_seed(9, i), 10_000_000) for i in range(16)]
    assert [o.to_row() for o in fast.outcomes] == [o.to_row() for o in slow]


def test_thumb_kernel_refuses_runaway_games() -> None:
    """`max_steps` is a guard: the kernel raises, as model playouts do."""
    game = explorer.load("sjoroveroya")
    with pytest.raises(RuntimeError, match="no end"):
        game.playout(game.start(1), random.Random(1), 3, "rule_of_thumb")


def test_other_policies_step_the_model() -> None:
    """Random play has its fast path too, the same game from the same seed (random games need a turn
    cap to end, V12); other policies None."""
    game = explorer.load("sjoroveroya", turn_cap=20)
    assert game.playout(game.start(1), random.Random(1), 10_000, "ismcts") is None
    one, two = random.Random(2), random.Random(2)
    a = game.playout(game.start(1), one, 1_000_000, "random", final=True)
    b = game.playout(game.start(1), two, 1_000_000, "random", final=True)
    assert a is not None and b is not None and (a.state, a.steps) == (b.state, b.steps)


class _OwnRandrange(random.Random):
    def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().randrange(*args, **kwargs)


def test_another_generator_gives_the_model_game() -> None:
    """The kernel calls a generator's own `randrange` when it is not the standard one."""
    game = explorer.load("sjoroveroya", players=3)
    fast, slow = _OwnRandrange(4), _OwnRandrange(4)
    end = game.playout(game.start(3), fast, 1_000_000, "rule_of_thumb", final=True)
    final = playout(game.start(3), slow, [RuleOfThumb(game)] * 3)
    assert end is not None and end.state == final and fast.getstate() == slow.getstate()


def _boards(count: int) -> list[tuple[str, tuple[tuple[int, ...], ...]]]:
    """Random tracks (some only part laid, S4) with pieces anywhere, stacks and mixed cards."""
    rng = random.Random(18)
    found = []
    for _ in range(count):
        track = "".join("".join(rng.sample(SUITS, 4)) for _ in range(5))[:rng.choice((20, 20, 20, 13, 8, 0))]
        places = [0, 0, GOAL, *range(1, len(track) + 1)]
        found.append((track, tuple(tuple(sorted(rng.choice(places) for _ in range(6)))
                                   for _ in range(rng.randint(2, 4)))))
    return found


@pytest.mark.parametrize(("stop_on_own", "mixed_stop"), [pytest.param(a, b, id=f"R16-E3-V2={a}-V11={b}")
                                                         for a in (True, False) for b in (True, False)])
def test_reach_is_r16_and_e3_by_their_definitions(stop_on_own: bool, mixed_stop: bool) -> None:
    """The sweep's Fwd(p, s) is `forward_target` (R16) and its d is E3's recursion over it."""
    for track, pieces in _boards(300):
        occ = occupancy(pieces)
        for player in range(len(pieces)):
            d, fwd = reach(track, occ.own[player], occ.total, stop_on_own, mixed_stop)
            expected = [0] * (GOAL + 1)
            for p in range(GOAL - 1, -1, -1):
                row = tuple(forward_target(track, occ, player, p, s, stop_on_own, mixed_stop)[0] for s in SUITS)
                assert fwd[p] == row
                expected[p] = 1 + min(expected[q] for q in row)
            assert d == expected


def test_e3_facts_on_an_empty_track() -> None:
    """E3: with no opponents d(p) = 6 - block(p); all six at Start leave 36 moves."""
    d, _ = reach("SHDC" * 5, [0] * (GOAL + 1), [0] * (GOAL + 1))
    assert d[0] == 6 and d[1:5] == [5] * 4 and d[17:21] == [1] * 4 and d[GOAL] == 0


def test_reach_from_a_floor_agrees_above_it() -> None:
    """R16/E3: stopping the sweep at a floor changes nothing at or above the floor."""
    for track, pieces in _boards(100):
        occ = occupancy(pieces)
        full_d, full_fwd = reach(track, occ.own[0], occ.total)
        for floor in (1, 5, 12, 20):
            d, fwd = reach(track, occ.own[0], occ.total, floor=floor)
            assert d[floor:] == full_d[floor:] and fwd[floor:] == full_fwd[floor:]


@pytest.mark.parametrize(("stop_on_own", "mixed_stop"), [pytest.param(a, b, id=f"R16-E3-memo-V2={a}-V11={b}")
                                                         for a in (True, False) for b in (True, False)])
def test_remembered_reach_is_the_sweep(stop_on_own: bool, mixed_stop: bool) -> None:
    """R16/E3: the table remembered by the cards a piece may not stop on is the sweep's own,
    whether it is computed or found (each board is asked twice, and boards share keys)."""
    for track, pieces in _boards(300) * 2:
        occ = occupancy(pieces)
        rows = [list(p) for p in pieces]
        for player in range(len(pieces)):
            d, fwd = reach(track, occ.own[player], occ.total, stop_on_own, mixed_stop)
            assert reach_memo(track, rows, occ.own[player], occ.total, stop_on_own, mixed_stop) == (
                tuple(d), tuple(fwd))


@pytest.mark.parametrize("any_colour", [pytest.param(a, id=f"R17-R23-V3={a}") for a in (False, True)])
def test_backward_moves_are_r18_targets_beyond_the_lowest_stop(any_colour: bool) -> None:
    """R17-R22 (V3): one sweep gives `backward_target` for exactly the pieces beyond `lowest_stop`."""
    for _, pieces in _boards(300):
        occ = occupancy(pieces)
        for player in range(len(pieces)):
            origins = sorted(set(pieces[player]) - {GOAL})
            lowest = lowest_stop(occ, player, any_colour)
            expected = [(p, *backward_target(occ, player, p, any_colour)) for p in origins if p > lowest]
            assert backward_moves(occ.own[player], occ.total, origins, any_colour) == expected


@pytest.mark.parametrize(("values", "best"), [
    pytest.param([0.5], [0], id="R5-alone"),
    pytest.param([1.0, 3.0, 2.0], [1], id="R7-one-best"),
    pytest.param([3.0, 1.0, 3.0, 3.0], [0, 2, 3], id="R7-ties-in-order"),
    pytest.param([-20.0, -20.0], [0, 1], id="V4-ties"),
])
def test_best_indices_keeps_every_best_in_order(values: list[float], best: list[int]) -> None:
    assert best_indices(values) == best


def test_forward_values_are_forward_value_move_by_move() -> None:
    """R7-R16, E3: the kernel's one call per decision gives each move's own value, in order."""
    for track, pieces in _boards(100):
        occ = occupancy(pieces)
        d, fwd = reach(track, occ.own[0], occ.total)
        origins = sorted(set(pieces[0]) - {GOAL})
        for hand in (0, 1, 2, 5, 9):
            for out in (1, 3, 6):
                expected = [forward_value(d, o, fwd[o][s], hand, out) for o in origins for s in (0, 2, 3)]
                assert forward_values(d, fwd, origins, (0, 2, 3), hand, out) == expected
