"""Fast random-playout kernels (`Game.playout(..., "random")`) against the model.

A kernel must play exactly the game the model plays: from the same position with the
same generator it reaches the same final state in the same number of steps, with the
generator left in the same state (so every random call matched). Rollouts then give the
same results with or without a kernel."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.analysis.rollouts import derive_seed, play_one, rollouts
from explorer.core.chance import randbelow, standard_randrange
from explorer.core.play import advance, playout

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

# Set-ups each kernel must match, as (game, players, options); every game with a kernel
# appears here, and `test_kernels_present` fails if one silently stops offering it.
SETUPS: list[tuple[str, int, dict]] = [
    # Sjørøverøya: every option that changes play, under a turn cap (random races crawl)
    ("sjoroveroya", 2, {"turn_cap": 30}),
    ("sjoroveroya", 3, {"turn_cap": 20}),
    ("sjoroveroya", 4, {"turn_cap": 10}),
    ("sjoroveroya", 2, {"variant": "children", "turn_cap": 40}),
    ("sjoroveroya", 3, {"open_hands": True, "hand_limit": 5, "turn_cap": 20}),
    ("sjoroveroya", 2, {"forward_stop_on_own": False, "backward_counts_any_colour": True, "allow_pass": True,
                        "turn_cap": 30}),
    ("sjoroveroya", 4, {"emergency_draw": "start_of_turn_only", "reshuffle_timing": "immediate",
                        "mixed_card_forward": "stop", "ranking_metric": "cards_to_goal", "turn_cap": 15}),
    ("sjoroveroya", 2, {"first_player": 1, "start_hand_size": 2, "ranking_metric": "pieces_not_in_goal",
                        "turn_cap": 30}),
    # Dead Man's Dice: defaults first (random games run to the round_limit guard), then every
    # player count and each option that changes play; round_limit keeps the model's side short.
    ("dead_mans_dice", 3, {}),
    ("dead_mans_dice", 2, {"round_limit": 6}),
    ("dead_mans_dice", 4, {"round_limit": 3}),
    ("dead_mans_dice", 6, {"round_limit": 2}),
    ("dead_mans_dice", 3, {"broadside": "off"}),
    ("dead_mans_dice", 5, {"broadside": "off", "target_score": 40}),
    ("dead_mans_dice", 3, {"broadside_hit_p": "1/2", "round_limit": 4}),
    ("dead_mans_dice", 3, {"broadside_hit_p": "0", "round_limit": 3}),
    ("dead_mans_dice", 4, {"wobble": True, "stray_shots": True, "round_limit": 4}),
    ("dead_mans_dice", 3, {"stray_shots": True, "broadside_hit_p": "2/3", "round_limit": 3}),
    ("dead_mans_dice", 6, {"wobble": True, "broadside": "off", "target_score": 40}),
    ("dead_mans_dice", 3, {"hold_fire": True, "round_limit": 4}),
    ("dead_mans_dice", 3, {"maroon_ends_round": True, "jr_die_unplunderable": True, "round_limit": 10}),
    ("dead_mans_dice", 2, {"final_plunder": False, "tie_rule": "shared", "broadside": "off", "target_score": 60}),
    ("dead_mans_dice", 5, {"opening_reroll": "tied_only", "optional_placement": True, "round_limit": 3}),
    ("dead_mans_dice", 3, {"round_turn_limit": 6, "rolloff_limit": 0, "round_limit": 8}),
    ("dead_mans_dice", 4, {"rolloff_limit": 2, "opening_reroll": "tied_only", "round_limit": None,
                           "broadside": "off"}),
    # The Last Bottle of Rum: a turn limit (E3) ends random games; every player count, each
    # module (V1-V3) and the variants that change play (V4-V15, S10).
    ("last_bottle_of_rum", 2, {"turn_limit": 12}),
    ("last_bottle_of_rum", 3, {"turn_limit": 8}),
    ("last_bottle_of_rum", 4, {"turn_limit": 6, "hideout_trade_mode": "subset", "reef_damage": "reveal_only",
                               "allow_futile_attacks": True, "hideout_protects_from_kraken": True}),
    # Liar's Dice: the match at every size and option
    ("liars_dice", 2, {}),
    ("liars_dice", 4, {"dice": 3, "wild": "none", "next_opener": "winner"}),
    ("liars_dice", 6, {"dice": 2, "bidding": "reset-quantity", "wild": "highest"}),
    ("last_bottle_of_rum", 5, {"turn_limit": 5, "min_hand_size": 3, "starting_doubloons": 2, "bank_limit": None}),
    ("last_bottle_of_rum", 2, {"turn_limit": 10, "ghost": True, "ghost_damage_per_skull": True,
                               "ghost_may_stop_early": True, "ghost_loses_all_treasures_on_sinking": True}),
    ("last_bottle_of_rum", 3, {"turn_limit": 8, "weather": True, "bounty_hunt": True, "first_player": 2}),
    ("last_bottle_of_rum", 2, {"turn_limit": 10, "weather": True, "weather_timing": "anytime", "bounty_hunt": True,
                               "bounty_auto_claim": False, "ghost": True, "bank_limit": 12}),
]
KERNELS = sorted({name for name, _, _ in SETUPS})


def model_playout(state: explorer.State, rng: random.Random) -> tuple[explorer.State, int]:
    """Random play through the model (`playout` with every seat `RandomPolicy`): the end and
    the steps it took."""
    final = playout(state, rng)
    return final, len(final.history) - len(state.history)


def positions(game: explorer.Game, count: int) -> list[explorer.State]:
    """The start and positions reached by seeded random play (some at chance nodes)."""
    found = [game.new_state(), game.start(0)]
    for seed in range(count):
        found.append(advance(game.start(seed), seed, steps=7 + 23 * seed))
    return [s for s in found if not s.is_over]


def setup_id(setup: tuple[str, int, dict]) -> str:
    name, players, options = setup
    return f"{name}-{players}p-" + (",".join(f"{k}={v}" for k, v in options.items()) or "defaults")


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_kernel_plays_the_model_game(setup: tuple[str, int, dict]) -> None:
    name, players, options = setup
    game = explorer.load(name, players=players, **options)
    checked = 0
    for start in positions(game, 6):
        for seed in range(8):
            fast_rng, model_rng = random.Random(seed), random.Random(seed)
            end = game.playout(start, fast_rng, 10_000_000, "random", final=True)
            assert end is not None, f"{name} offers no kernel for {options}"
            final, steps = model_playout(start, model_rng)
            assert end.steps == steps
            assert end.state == final
            assert end.state.to_dict() == final.to_dict()
            assert end.scores == final.scores()
            assert end.winners == final.winners()
            assert fast_rng.getstate() == model_rng.getstate()
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("name", KERNELS)
def test_kernels_present(name: str) -> None:
    """Each game listed keeps its kernel for its default set-up."""
    setups = [s for s in SETUPS if s[0] == name]
    game = explorer.load(name, players=setups[0][1], **setups[0][2])
    assert game.playout(game.start(3), random.Random(1), 10_000_000, "random") is not None


@pytest.mark.parametrize("name", KERNELS)
def test_rollouts_equal_with_and_without_kernel(name: str) -> None:
    """`rollouts` uses the kernel when every seat is named ``"random"``; naming a policy object of
    another kind for one seat (here ``random`` wrapped as a custom seat) goes through the
    model, and both runs agree game by game."""
    _, players, options = next(s for s in SETUPS if s[0] == name)
    game = explorer.load(name, players=players, **options)
    start = advance(game.start(5), 5, steps=40)
    while start.is_over or start.is_chance:
        start = advance(start, 6)
    fast = rollouts(start, 24, seed=9, policies="random", workers=1, progress=False)
    slow = [play_one(start, {p: _PlainRandom() for p in range(players)}, i, derive_seed(9, i), 10_000_000)
            for i in range(24)]
    assert [o.to_row() for o in fast.outcomes] == [o.to_row() for o in slow]


class _PlainRandom(explorer.RandomPolicy):
    """Random play that is not `RandomPolicy` itself, so `play_one` steps the model."""


def test_kernel_refuses_runaway_games() -> None:
    """`max_steps` is a guard: a kernel raises, as model playouts do, rather than loop."""
    for name in KERNELS:
        _, players, options = next(s for s in SETUPS if s[0] == name)
        game = explorer.load(name, players=players, **options)
        with pytest.raises(RuntimeError, match="no end"):
            game.playout(game.start(1), random.Random(1), 3, "random")


def test_randbelow_draws_what_randrange_draws() -> None:
    """Kernels draw through `randbelow`: the same numbers as `randrange`, and for a generator
    whose `randrange` is its own, that `randrange` itself."""
    fast, plain = random.Random(7), random.Random(7)
    below = randbelow(fast)
    assert [below(n) for n in (1, 2, 6, 24, 84, 1000, 3)] == [plain.randrange(n) for n in (1, 2, 6, 24, 84, 1000, 3)]
    assert fast.getstate() == plain.getstate()

    class Loaded(random.Random):
        def randrange(self, *args: int) -> int:   # type: ignore[override]
            return 0

    loaded = Loaded(7)
    assert not standard_randrange(loaded)
    assert randbelow(loaded)(6) == 0
