"""The Last Bottle of Rum's evaluator kernel (`policy_playout(..., "rule_of_thumb")`) against
the model stepped with `RuleOfThumb` at every seat, as tests/test_policy_playout.py checks the
other evaluator kernels: from the same position and seed, the same final state (``==`` and
``to_dict()``), scores, ranking and step count, and the generator left in the same state.

The set-ups cover every player count and each option or module that changes play (V1-V15,
E3's turn limit, S10's first player); the positions are the state before setup (S1-S10 still
to come), fresh starts, and mid-game positions of seeded games (rule of thumb and random).
"""

from __future__ import annotations

import random

import pytest
from test_policy_playout import check_same_game

import explorer
from explorer.analysis.rollouts import derive_seed, kernel_policy, play_one, rollouts
from explorer.core.play import advance, choose, playout
from explorer.games.last_bottle_of_rum.policies import RuleOfThumb
from explorer.games.last_bottle_of_rum.thumb import pick, score, sight_of_state, sight_of_view

pytestmark = pytest.mark.slow

NAME = "last_bottle_of_rum"
# (rule IDs the set-up exercises, players, options)
SETUPS: list[tuple[str, int, dict]] = [
    ("base", 2, {}),
    ("base", 3, {}),
    ("base", 4, {}),
    ("base", 5, {}),
    ("V1", 3, {"bounty_hunt": True}),
    ("V1-V14", 2, {"bounty_hunt": True, "bounty_auto_claim": False}),
    ("V2", 3, {"weather": True}),
    ("V2-V13", 4, {"weather": True, "weather_timing": "anytime"}),
    ("V3", 2, {"ghost": True}),
    ("V3-V7-V8-V9", 2, {"ghost": True, "ghost_damage_per_skull": True, "ghost_may_stop_early": True,
                        "ghost_loses_all_treasures_on_sinking": True}),
    ("V1-V2-V3", 2, {"bounty_hunt": True, "weather": True, "ghost": True}),
    ("V4-V5", 3, {"hideout_trade_mode": "subset", "reef_damage": "reveal_only"}),
    ("V6-V12", 4, {"allow_futile_attacks": True, "hideout_protects_from_kraken": True}),
    ("V10-V11", 3, {"starting_doubloons": 3, "bank_limit": 12}),
    ("V11-V15", 2, {"bank_limit": None, "min_hand_size": 3}),
    ("E3-S10", 5, {"turn_limit": 6, "first_player": 2}),
]


def setup_id(setup: tuple[str, int, dict]) -> str:
    rules, players, options = setup
    return f"{rules}-{players}p-" + (",".join(f"{k}={v}" for k, v in options.items()) or "defaults")


def positions(game: explorer.Game, count: int) -> list[explorer.State]:
    """Before setup, a fresh start, and mid-game positions of seeded games played by the rule
    of thumb and by random seats (some at chance nodes, some late in the game)."""
    seats = [RuleOfThumb(game)] * game.players
    found = [game.new_state(), game.start(0)]
    for seed in range(count):
        found.append(advance(game.start(seed), seed, seats, steps=11 + 97 * seed))
        found.append(advance(game.start(seed), seed, steps=7 + 41 * seed))
    return [s for s in found if not s.is_over]


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_thumb_kernel_plays_the_model_game(setup: tuple[str, int, dict]) -> None:
    _, players, options = setup
    game = explorer.load(NAME, players=players, **options)
    starts = positions(game, 2)
    assert len(starts) >= 5
    steps = [check_same_game(game, start, "rule_of_thumb", seed) for start in starts for seed in range(2)]
    assert sum(steps) > 0


def test_T2_a_position_waiting_on_an_automatic_step_plays_the_model_game() -> None:
    """A written position whose first step is automatic (a refill, T2) waits on "go on"; the
    kernel draws it as the model's chance sampling does, then plays on alike."""
    game = explorer.load(NAME, players=2)
    data = game.start(1).to_dict()
    data["pending"] = [["draw", 0, -1, 0], *data["pending"]]
    odd = game.state_from_dict(data)
    assert odd.is_chance and [str(o) for o, _ in odd.chance_outcomes()] == ["go on"]
    for seed in range(3):
        check_same_game(game, odd, "rule_of_thumb", seed)


@pytest.mark.parametrize("setup", SETUPS[:1] + SETUPS[4:11], ids=setup_id)
def test_sight_of_the_state_is_the_sight_of_the_view(setup: tuple[str, int, dict]) -> None:
    """The kernel reads the deciding player's `Sight` from the position, the model's policy from
    the view: the same values at every decision of seeded games (hidden tiles stay hidden)."""
    _, players, options = setup
    game = explorer.load(NAME, players=players, **options)
    checked = 0
    for seed in range(2):
        state = game.start(seed)
        seats = [RuleOfThumb(game)] * players
        rng = random.Random(seed)
        while not state.is_over and checked < 400 * (seed + 1):
            if not state.is_chance:
                p = state.player
                assert sight_of_state(state, p) == sight_of_view(state.view(p)), state.notation()
                checked += 1
            state = advance(state, rng, seats)
    assert checked >= 200


@pytest.mark.parametrize("setup", [SETUPS[1], SETUPS[6], SETUPS[8]], ids=setup_id)
def test_pick_is_the_best_scored_action_with_one_draw_each(setup: tuple[str, int, dict]) -> None:
    """`pick`'s fast path (sight read lazily, the goal once, ties without key tuples) is
    ``max((score, rng.random(), index))`` over the legal actions, drawing the same numbers."""
    _, players, options = setup
    game = explorer.load(NAME, players=players, **options)
    state, rng, checked = game.start(2), random.Random(2), 0
    while not state.is_over and checked < 300:
        if not state.is_chance:
            legal, p = state.legal_actions(), state.player
            sight = sight_of_state(state, p)
            one, two = random.Random(checked), random.Random(checked)
            keys = [(score(sight, a), two.random(), i) for i, a in enumerate(legal)]
            assert pick(lambda s=sight: s, legal, one) == max(keys)[2], state.notation()
            assert one.getstate() == two.getstate()
            checked += 1
        state = advance(state, rng, [RuleOfThumb(game)] * players)
    assert checked >= 100


def test_sight_hides_face_down_tiles_not_peeked() -> None:
    """The rule of thumb never reads a tile the player has not seen (Hidden information table)."""
    game = explorer.load(NAME, players=3)
    state = advance(game.start(3), 3, [RuleOfThumb(game)] * 3, steps=60)
    for p in range(3):
        sight = sight_of_state(state, p)
        seen = {c for c in range(31) if state.face_up >> c & 1} | set(state.ships[p].peeks)
        assert all(t == "" for c, t in enumerate(sight.tiles) if c not in seen)
        assert any(t for t in state.tiles if t)


def test_rollouts_equal_with_and_without_the_thumb_kernel() -> None:
    """`rollouts` uses the kernel for the evaluator's unnamed seats; seats of an unnamed
    subclass step the model; both give the same games."""
    game = explorer.load(NAME, players=3, bounty_hunt=True)
    start = advance(game.start(5), 5, steps=60)
    while start.is_over or start.is_chance:
        start = advance(start, 6)
    plain = type("Plain", (RuleOfThumb,), {})
    fast = rollouts(start, 12, seed=9, workers=1, progress=False)
    slow = [play_one(start, {p: plain(game) for p in range(3)}, i, derive_seed(9, i), 10_000_000)
            for i in range(12)]
    assert kernel_policy(game, {p: plain(game) for p in range(3)}) is None
    assert [o.to_row() for o in fast.outcomes] == [o.to_row() for o in slow]


def test_thumb_kernel_refuses_runaway_games() -> None:
    game = explorer.load(NAME)
    with pytest.raises(RuntimeError, match="no end"):
        game.playout(game.start(1), random.Random(1), 3, "rule_of_thumb")


def test_other_policies_have_no_fast_path_and_random_play_repeats_from_a_seed() -> None:
    game = explorer.load(NAME, players=3)
    assert game.playout(game.start(1), random.Random(1), 10_000, "ismcts") is None
    one, two = random.Random(3), random.Random(3)
    limited = explorer.load(NAME, players=3, turn_limit=5)
    a = limited.playout(limited.start(4), one, 1_000_000, "random", final=True)
    b = limited.playout(limited.start(4), two, 1_000_000, "random", final=True)
    assert a is not None and b is not None
    assert (a.state, a.steps, a.scores) == (b.state, b.steps, b.scores)
    assert one.getstate() == two.getstate()


class _OwnRandom(random.Random):
    def random(self) -> float:
        return super().random()


def test_thumb_kernel_uses_the_generators_own_methods() -> None:
    """A generator subclass plays the model's game too (the kernel calls its methods)."""
    game = explorer.load(NAME, players=2, weather=True)
    fast, slow = _OwnRandom(4), _OwnRandom(4)
    end = game.playout(game.start(3), fast, 1_000_000, "rule_of_thumb", final=True)
    final = playout(game.start(3), slow, [RuleOfThumb(game)] * 2)
    assert end is not None and end.state == final and fast.getstate() == slow.getstate()


def test_a_captain_whose_hold_fits_no_displayed_treasure_sails_home_R28():
    """R28: an island whose treasure cannot come aboard is no goal. Before, two captains each
    holding one small treasure, with only bulky treasures on display, sailed between those
    islands for ever (seed 10043 never ended); now they head home and the game ends."""
    game = explorer.load("last_bottle_of_rum")
    policy = game.policies()["rule_of_thumb"](game)
    rng, state, steps = random.Random(10043), game.new_state(), 0
    while not state.is_over and steps < 20_000:
        state = state._step(state.sample_chance(rng) if state.is_chance else choose(state, policy, rng))
        steps += 1
    assert state.is_over and max(state.scores()) >= 10
