"""Evaluator kernels (`Game.playout` with a named policy other than "random") against
the model stepped with that policy: Dead Man's Dice's rule of thumb and cautious pirate,
Jolly & Roger's and Pirate Rush's rule of thumb (Sjørøverøya's and Rum's have files of their
own: tests/games/sjoroveroya/test_sjoroveroya_playout.py,
tests/games/last_bottle_of_rum/test_last_bottle_of_rum_thumb_kernel.py).

As for random kernels (tests/test_random_playout.py): from the same position with the same
generator the kernel reaches the same final state in the same number of steps, with the
same scores and ranking, and leaves the generator in the same state (every random call
matched). `rollouts` then gives the same games with and without the kernel."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.analysis.rollouts import derive_seed, kernel_policy, play_one, rollouts
from explorer.core.play import advance, playout
from explorer.games.dead_mans_dice.policies import Cautious, Greedy

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

# Dead Man's Dice: every player count and each option that changes play (V1-V11, the house
# rules); round_limit keeps the model's side short where the rule of thumb would play on.
SETUPS: list[tuple[str, int, dict]] = [
    ("dead_mans_dice", 2, {}),
    ("dead_mans_dice", 3, {}),
    ("dead_mans_dice", 4, {"round_limit": 4}),
    ("dead_mans_dice", 5, {"round_limit": 3}),
    ("dead_mans_dice", 6, {"round_limit": 3}),
    ("dead_mans_dice", 3, {"broadside": "off"}),
    ("dead_mans_dice", 3, {"broadside_hit_p": "1/2", "round_limit": 4}),
    ("dead_mans_dice", 4, {"broadside_hit_p": "0", "round_limit": 3}),
    ("dead_mans_dice", 4, {"wobble": True, "stray_shots": True, "round_limit": 4}),
    ("dead_mans_dice", 3, {"stray_shots": True, "broadside_hit_p": "2/3", "round_limit": 4}),
    ("dead_mans_dice", 6, {"wobble": True, "broadside": "off", "round_limit": 3}),
    ("dead_mans_dice", 3, {"hold_fire": True, "round_limit": 5}),
    ("dead_mans_dice", 3, {"maroon_ends_round": True, "jr_die_unplunderable": True, "round_limit": 6}),
    ("dead_mans_dice", 2, {"final_plunder": False, "tie_rule": "shared", "target_score": 60}),
    ("dead_mans_dice", 5, {"opening_reroll": "tied_only", "optional_placement": True, "round_limit": 3}),
    ("dead_mans_dice", 3, {"round_turn_limit": 6, "rolloff_limit": 0, "round_limit": 6}),
    ("dead_mans_dice", 4, {"rolloff_limit": 2, "opening_reroll": "tied_only", "round_limit": 4}),
    # Liar's Dice: the match (the single round is too short for mid-game starts; its own tests play it)
    ("liars_dice", 3, {}),
    ("liars_dice", 5, {"dice": 2, "bidding": "reset-quantity", "next_opener": "winner"}),
    # Jolly & Roger: the basic and expert games (V1, V2) and every option (V3-V9).
    ("jolly_and_roger", 2, {}),
    ("jolly_and_roger", 2, {"special_cards": True}),
    ("jolly_and_roger", 2, {"special_cards": True, "long_game": True, "kraken_optional": True}),
    ("jolly_and_roger", 2, {"special_cards": True, "variant_removal": "literal", "specials_as_parrot": True}),
    ("jolly_and_roger", 2, {"tiebreak": "more_gold", "chest_visibility": "owner_only", "start_player": "P2"}),
    ("jolly_and_roger", 2, {"tiebreak": "more_ships", "start_player": "random", "reveal_removed_at_end": True}),
]
# (game, policy) pairs with an evaluator kernel; the first of each game is its evaluator.
KERNEL_POLICIES = [("dead_mans_dice", "rule_of_thumb"), ("dead_mans_dice", "greedy"), ("dead_mans_dice", "cautious"),
                   ("jolly_and_roger", "rule_of_thumb"), ("pirate_rush", "rule_of_thumb"),
                   ("liars_dice", "rule_of_thumb")]
# Pirate Rush's set-ups are in tests/games/pirate_rush/test_pirate_rush_thumb_kernel.py (it reuses `check_same_game`).


def setup_id(setup: tuple[str, int, dict]) -> str:
    name, players, options = setup
    return f"{name}-{players}p-" + (",".join(f"{k}={v}" for k, v in options.items()) or "defaults")


def positions(game: explorer.Game, policy: str, count: int) -> list[explorer.State]:
    """The state before setup, a start, and mid-game positions from seeded games played by
    `policy` and by random seats (some at chance nodes, some in later rounds)."""
    seats = [game.policies()[policy](game)] * game.players
    found = [game.new_state(), game.start(0)]
    for seed in range(count):
        found.append(advance(game.start(seed), seed, seats, steps=9 + 37 * seed))
        found.append(advance(game.start(seed), seed, steps=5 + 13 * seed))
    return [s for s in found if not s.is_over]


def check_same_game(game: explorer.Game, start: explorer.State, policy: str, seed: int) -> int:
    fast_rng, model_rng = random.Random(seed), random.Random(seed)
    end = game.playout(start, fast_rng, 10_000_000, policy, final=True)
    assert end is not None, f"{game.name} offers no {policy} kernel for {game.options}"
    seats = [game.policies()[policy](game)] * game.players
    final = playout(start, model_rng, seats)
    assert end.steps == len(final.history) - len(start.history)
    assert end.state == final
    assert end.state.to_dict() == final.to_dict()
    assert end.scores == final.scores()
    assert end.winners == final.winners()
    assert fast_rng.getstate() == model_rng.getstate()
    return end.steps


CASES = [pytest.param(setup, policy, id=f"{policy}-{setup_id(setup)}") for setup in SETUPS
         for policy in [p for g, p in KERNEL_POLICIES if g == setup[0] and p != "greedy"]]


@pytest.mark.parametrize(("setup", "policy"), CASES)
def test_evaluator_kernel_plays_the_model_game(setup: tuple[str, int, dict], policy: str) -> None:
    name, players, options = setup
    game = explorer.load(name, players=players, **options)
    checked = 0
    for start in positions(game, policy, 3):
        for seed in range(3):
            check_same_game(game, start, policy, seed)
            checked += 1
    assert checked >= 18


@pytest.mark.parametrize(("name", "policy"), KERNEL_POLICIES)
def test_rollouts_equal_with_and_without_the_evaluator_kernel(name: str, policy: str) -> None:
    """`rollouts` uses the kernel when every seat plays the same named policy (here unnamed
    seats: the evaluator); seats of a subclass the game does not name step the model, and
    both runs agree game by game."""
    game = explorer.load(name)
    start = advance(game.start(5), 5, steps=40)
    while start.is_over or start.is_chance:
        start = advance(start, 6)
    kind = type(game.policies()[policy](game))
    plain = type("Plain", (kind,), {})
    fast = rollouts(start, 24, seed=9, policies=None if policy == game.evaluator() else policy, workers=1,
                    progress=False)
    slow = [play_one(start, {p: plain(game) for p in range(game.players)}, i, derive_seed(9, i), 10_000_000)
            for i in range(24)]
    assert kernel_policy(game, {p: plain(game) for p in range(game.players)}) is None
    assert [o.to_row() for o in fast.outcomes] == [o.to_row() for o in slow]


def test_kernel_policy_names_only_one_named_policy_for_every_seat() -> None:
    game = explorer.load("dead_mans_dice", players=3)
    assert kernel_policy(game, dict.fromkeys(range(3), Greedy(game))) in ("rule_of_thumb", "greedy")
    assert kernel_policy(game, dict.fromkeys(range(3), Cautious(game))) == "cautious"
    assert kernel_policy(game, dict.fromkeys(range(3), explorer.RandomPolicy(game))) == "random"
    assert kernel_policy(game, {0: Greedy(game), 1: Cautious(game), 2: Greedy(game)}) is None


def test_no_kernel_for_other_policies_or_games() -> None:
    """None (the caller steps the model) for a policy without a kernel, and for games without."""
    game = explorer.load("dead_mans_dice", players=3)
    assert game.playout(game.start(1), random.Random(1), 10_000, "ismcts") is None
    jolly = explorer.load("jolly_and_roger")
    assert jolly.playout(jolly.start(1), random.Random(1), 10_000, "solver") is None
    assert jolly.playout(jolly.start(1), random.Random(1), 10_000, "random") is None
    rush = explorer.load("pirate_rush")
    assert rush.playout(rush.start(1), random.Random(1), 10_000, "random") is None


def test_a_random_playout_is_the_same_game_from_the_same_seed() -> None:
    """`playout(..., "random")` twice from one seed: the same game, the generator left alike."""
    game = explorer.load("dead_mans_dice", players=3, broadside="off")
    start = game.start(4)
    one, two = random.Random(3), random.Random(3)
    a = game.playout(start, one, 1_000_000, "random", final=True)
    b = game.playout(start, two, 1_000_000, "random", final=True)
    assert a is not None and b is not None
    assert (a.state, a.steps, a.scores) == (b.state, b.steps, b.scores)
    assert one.getstate() == two.getstate()


@pytest.mark.parametrize("name", sorted({g for g, _ in KERNEL_POLICIES}))
def test_evaluator_kernel_refuses_runaway_games(name: str) -> None:
    """`max_steps` is a guard: the kernel raises, as model playouts do."""
    game = explorer.load(name)
    with pytest.raises(RuntimeError, match="no end"):
        game.playout(game.start(1), random.Random(1), 3, game.evaluator())


class _OwnRandrange(random.Random):
    def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().randrange(*args, **kwargs)


def test_other_generators_step_the_model() -> None:
    """Dead Man's Dice's kernel inlines `random.Random.randrange`, so it declines another
    generator; Jolly & Roger's calls the generator's own methods, so it plays the model's game."""
    game = explorer.load("dead_mans_dice", players=3)
    assert game.playout(game.start(2), _OwnRandrange(1), 1_000_000, "rule_of_thumb") is None
    jolly = explorer.load("jolly_and_roger", special_cards=True)
    fast, slow = _OwnRandrange(4), _OwnRandrange(4)
    end = jolly.playout(jolly.start(3), fast, 1_000_000, "rule_of_thumb", final=True)
    final = playout(jolly.start(3), slow, [jolly.policies()["rule_of_thumb"](jolly)] * 2)
    assert end is not None and end.state == final and fast.getstate() == slow.getstate()
