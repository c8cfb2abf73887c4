"""Pirate Rush's evaluator kernel (playout.py) against the model stepped with the rule of thumb.

From the same position and generator the kernel reaches the same final state (`==` and
`to_dict()`), scores, ranking and step count, and leaves the generator in the same state:
for every player count, options that change play (V1-V21, the house rules), starts from
before setup, fresh starts and mid-game positions of seeded games. The facts the kernel
reads from the state are those the model's policy reads from the pirate's view."""

from __future__ import annotations

import random

import pytest
from test_policy_playout import check_same_game, positions

import explorer
from explorer.core.play import advance, playout
from explorer.games.pirate_rush.playout import state_facts
from explorer.games.pirate_rush.policies import RuleOfThumb, view_facts
from explorer.games.pirate_rush.thumb import choose

pytestmark = pytest.mark.slow

# (players, options, the digest IDs they change): each option that changes what is played
SETUPS: list[tuple[int, dict, str]] = [
    (3, {}, "R4"),
    (4, {}, "R4"),
    (5, {}, "R4"),
    (4, {"advanced": False}, "V1"),
    (3, {"duel_mode": "choice", "duel_throw_limit": 2}, "V2-R57"),
    (5, {"duel_mode": "coin", "final_tie": "manual"}, "V2-V13"),
    (4, {"duel_mode": "manual_winner", "prestige_supply": "unlimited"}, "V2-V6"),
    (4, {"perdidos_scope": "pooled_ahead", "mercader_coin_to": "discard"}, "V3-V4"),
    (3, {"perdidos_scope": "ahead_and_current", "prestige_split_rounding": "floor"}, "V3-V5"),
    (4, {"navigator_fallback_peek": True, "gambler_needs_own_loot": False, "qm_draw_excludes_own": False}, "V7-V9"),
    (5, {"reveal_paid_tiles": False, "gunner_trigger": "any_gain_this_round", "monkey_may_pay": False},
     "V10-V12"),
    (3, {"end_rule": "end_on_arrival", "route_layout": "zigzag"}, "V14-V15"),
    (4, {"investigate_mandatory": True, "setup_investigations": 3, "starting_player": "random"}, "V16-V18"),
    (5, {"setup_investigations": 0, "gunner_trigger": "any_gain_own_turn"}, "V17-V11"),
    (3, {"wound_value": -2, "curse_value": -3, "prosthetic_value": 2, "resources_per_colour": 1,
         "skull_characters": "3,4,5,6,7,8", "gambler_icon": "supplies"}, "V19"),
    (4, {"cabin_boy_looks": 3, "qm_islands": "skipped", "skull_characters": "3,4,5,6,7,8"}, "V20-V21-R44-A47-R41-A20"),
]


def setup_id(setup: tuple[int, dict, str]) -> str:
    players, options, rules = setup
    return f"{rules}-{players}p-" + (",".join(f"{k}={v}" for k, v in options.items()) or "defaults")


@pytest.mark.parametrize("setup", SETUPS, ids=[setup_id(s) for s in SETUPS])
def test_thumb_kernel_plays_the_model_game(setup: tuple[int, dict, str]) -> None:
    players, options, _ = setup
    game = explorer.load("pirate_rush", players=players, **options)
    starts = positions(game, "rule_of_thumb", 3)
    assert starts[0].phase == "setup" and len(starts) >= 6
    steps = [check_same_game(game, start, "rule_of_thumb", seed) for start in starts for seed in range(2)]
    assert min(steps) > 0


def decision_states(game: explorer.Game, seeds: range) -> list:
    """Every decision of games played half by the rule of thumb, half at random (varied states)."""
    found = []
    thumb = RuleOfThumb(game)
    for seed in seeds:
        rng, s = random.Random(seed), game.new_state()
        while not s.is_over:
            if not s.is_chance:
                found.append(s)
                seats = [thumb] * game.players if seed % 2 else None
                s = advance(s, rng, seats)
            else:
                s = advance(s, rng)
    return found


@pytest.mark.parametrize("setup", SETUPS[:6], ids=[setup_id(s) for s in SETUPS[:6]])
def test_state_facts_are_the_view_facts_R13(setup: tuple[int, dict, str]) -> None:
    """What a pirate knows of each slot (R13: only tiles it has seen) and every other fact the
    rule of thumb reads is the same from the state as from that pirate's view, and so is the choice."""
    players, options, _ = setup
    game = explorer.load("pirate_rush", players=players, **options)
    states = decision_states(game, range(4))
    tasks = set()
    for s in states:
        me = s.player
        fast, slow = state_facts(s, me), view_facts(s.view(me))
        tasks.add(fast.task)
        assert fast.task == slow.task and fast.me == slow.me == me and fast.ship == slow.ship
        assert [fast.kind_at(j, i) for j in range(8) for i in range(players)] == \
            [slow.kind_at(j, i) for j in range(8) for i in range(players)]
        assert [fast.island_kinds(j) for j in range(8)] == [slow.island_kinds(j) for j in range(8)]
        assert list(fast.markers) == list(slow.markers) and list(fast.resources) == list(slow.resources)
        assert list(fast.prestige) == list(slow.prestige) and list(fast.counts) == list(slow.counts)
        if fast.task in ("gamble_choice", "claim"):
            assert (fast.looked_at, fast.stakes) == (slow.looked_at, slow.stakes)
        legal = s.legal_actions()
        one, two = random.Random(7), random.Random(7)
        assert choose(fast, legal, one) == choose(slow, legal, two)
        assert one.getstate() == two.getstate()
    assert {"turn", "draft", "call", "gamble_choice", "rogue_more", "setup_look"} <= tasks


@pytest.mark.parametrize("setup", SETUPS[:6], ids=[setup_id(s) for s in SETUPS[:6]])
def test_thumb_kernel_from_every_kind_of_decision(setup: tuple[int, dict, str]) -> None:
    """From the first position of each kind of decision met (the Gambler's choice R42, the
    Mercader's swap R53, a claim R50, a duel throw R57 ...; some only random play reaches)."""
    players, options, _ = setup
    game = explorer.load("pirate_rush", players=players, **options)
    first: dict[str, explorer.State] = {}
    for s in decision_states(game, range(4)):
        first.setdefault(s.stack[-1][0], s)
    for _task, start in sorted(first.items()):
        for seed in range(2):
            check_same_game(game, start, "rule_of_thumb", seed)
    assert len(first) >= 9


class _OwnRandom(random.Random):
    def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().randrange(*args, **kwargs)


def test_thumb_kernel_calls_the_generators_own_methods() -> None:
    """The kernel draws through the generator's methods (the model's sampler, the throw's
    `randrange`), so another generator class plays the model's game too (duel throws, V2)."""
    game = explorer.load("pirate_rush", players=3, duel_mode="choice")
    seats = [RuleOfThumb(game)] * game.players
    for seed in range(3):
        fast, slow = _OwnRandom(seed), _OwnRandom(seed)
        end = game.playout(game.start(seed), fast, 1_000_000, "rule_of_thumb", final=True)
        final = playout(game.start(seed), slow, seats)
        assert end is not None and end.state == final and fast.getstate() == slow.getstate()


def test_thumb_kernel_declines_other_policies() -> None:
    game = explorer.load("pirate_rush")
    rng = random.Random(1)
    before = rng.getstate()
    assert game.playout(game.start(1), rng, 10_000, "random") is None
    assert rng.getstate() == before


@pytest.mark.parametrize("players", [3, 5])
def test_R10_the_commander_names_himself_while_he_has_not_played(players: int) -> None:
    """R10: the rule of thumb's commander names himself while he may (he has not played this
    round), else the first pirate still to play; seats are compared as the notation writes them."""
    game = explorer.load("pirate_rush", players=players)
    calls = [s for s in decision_states(game, range(4)) if s.stack[-1][0] == "call"]
    named_self = 0
    for s in calls:
        legal = s.legal_actions()
        me = f"P{s.player + 1}"
        picked = choose(state_facts(s, s.player), legal, random.Random(0))
        assert picked.verb == "call"
        if any(a.arg == me for a in legal):
            assert picked.arg == me, (me, [str(a) for a in legal])
            named_self += legal[0].arg != me      # a call the old first-in-list pick got wrong
        else:
            assert picked == legal[0]
    assert named_self
