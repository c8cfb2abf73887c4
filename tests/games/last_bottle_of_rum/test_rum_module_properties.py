"""The Last Bottle of Rum modules (V1-V3): invariants over many random games, per step.

Each module alone and all three together (2 players, so the Ghost can join), with their
options: components conserved (cards, treasures, maps, bounties, tokens, doubloons), limits
held, the Ghost never in the Hideout, never scoring, only taking treasures on its path.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.last_bottle_of_rum.data import (
    BASE_DECK,
    BOUNTIES,
    DAMAGE_COUNT,
    FULL_DECK,
    MAPS,
    TREASURES,
    map_tile,
)
from explorer.games.last_bottle_of_rum.rulebook.ships import slots, used_slots

pytestmark = pytest.mark.slow

ALL_TREASURES = sorted(TREASURES)
MODULE_SETS = [
    {"bounty_hunt": True}, {"bounty_hunt": True, "bounty_auto_claim": False},
    {"weather": True}, {"weather": True, "weather_timing": "anytime"},
    {"ghost": True}, {"ghost": True, "ghost_damage_per_skull": True},
    {"ghost": True, "ghost_may_stop_early": True, "ghost_loses_all_treasures_on_sinking": True},
    {"bounty_hunt": True, "weather": True, "ghost": True},
    {"bounty_hunt": True, "weather": True, "ghost": True, "hideout_trade_mode": "subset", "reef_damage": "reveal_only",
     "starting_doubloons": 2, "bank_limit": 12},
]


def check(state) -> None:
    """Conservation and bounds, modules included (K04, K05, K08, K09, K12, R2, R28, R39, R77, R82)."""
    m, g = state.mods, state.mods.ghost
    deck = FULL_DECK if state.game.options["weather"] else BASE_DECK
    cards = sorted([*state.deck, *state.discard, *state.turn.played, *(c for s in state.ships for c in s.hand),
                    *(g.cards if g else ())])
    assert cards == sorted(deck)
    treasures = sorted([*state.treasure_deck, *state.treasure_discard, *(t for _, t in state.display),
                        *(t for s in state.ships for t in s.treasures), *(g.treasures if g else ())])
    assert treasures == ALL_TREASURES
    maps = sorted([*state.map_deck, *state.map_discard, *(mp for mp, _ in state.display),
                   *(t[1] for t in state.pending if t[0] == "treasure")])
    assert maps == list(MAPS)
    if m.bounties:
        flight = [x for t in state.pending if t[0] in ("bounty_draw", "bounty_keep") for x in dict.fromkeys(t[2:]) if x]
        held = [*m.bounty_deck, *(b for r in m.bounties for b in r), *(b for r in m.claimed for b in r), *flight]
        assert sorted(held) == sorted(BOUNTIES)
        assert all(s.loot >= 0 for s in state.ships)
    for i, count in enumerate(DAMAGE_COUNT):
        assert sum(s.damage[i] for s in state.ships) + (g.damage[i] if g else 0) <= count
    bank = state.game.options["bank_limit"]
    off = m.coins.bit_count() + (g.doubloons if g else 0)
    assert bank is None or sum(s.doubloons for s in state.ships) + off <= bank
    fire = any(t[0] == "fire" for t in state.pending)
    for s in state.ships:
        assert sum(s.damage) <= 5 and 0 <= s.curse <= 5 and s.doubloons >= 0
        assert fire or used_slots(s) <= slots(s)
        assert s.loot < 10 or state.is_over
    if m.maelstrom:
        assert len(m.maelstrom) == 2 and 0 not in m.maelstrom and m.maelstrom[0] != m.maelstrom[1]
    if g is not None and g.cell >= 0:
        assert g.cell != 0 and 0 not in g.path and sum(g.damage) < 3 and len(g.treasures) <= 3 and g.doubloons < 5
        assert len(state.scores()) == len(state.ships)


def ghost_took_only_what_it_reached(before, move, after) -> None:
    """R75-R77: a treasure the Ghost gains lay on a cell of its path (island or ship there), or was
    just revealed there by this step's new pair (R27)."""
    g0, g1 = before.mods.ghost, after.mods.ghost
    if g0 is None or g1 is None:
        return
    for t in set(g1.treasures) - set(g0.treasures):
        cells = set(g1.path) | {g0.cell}
        display = list(before.display)
        if before.pending and before.pending[0][0] == "treasure":
            display.append((before.pending[0][1], getattr(move, "treasure", "")))
        islands = {before.tiles.index(map_tile(mp)) for mp, tr in display if tr == t}
        ships = {s.cell for s in before.ships if t in s.treasures}
        assert (islands | ships) & cells


def play(game, seed: int, audit_every: int = 50):
    rng = random.Random(seed)
    state = game.new_state()
    steps = 0
    while not state.is_over:
        if state.is_chance:
            move = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            move = legal[rng.randrange(len(legal))]
        if steps % audit_every == 0:
            snapshot, key = json.dumps(state.to_dict(), sort_keys=True), state._key()
            after = state._step(move)
            assert state._key() == key and json.dumps(state.to_dict(), sort_keys=True) == snapshot
            assert game.state_from_dict(json.loads(snapshot)) == state
            text = state.notation()                     # the short notation round trips too (V1-V3)
            assert game.position(text) == state and game.position(text).notation() == text
        else:
            after = state._step(move)
        ghost_took_only_what_it_reached(state, move, after)
        state = after
        check(state)
        steps += 1
        assert steps < 20_000
    return state


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 2**31), options=st.sampled_from(MODULE_SETS), rounds=st.integers(1, 3))
def test_module_games_keep_every_invariant_and_end(seed, options, rounds):
    game = explorer.load("last_bottle_of_rum", players=2, turn_limit=rounds, **options)
    end = play(game, seed)
    assert end.is_over and len(end.winners()) >= 1
    if seed % 10 == 0:
        assert explorer.replay(game, end.history) == end


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 5), rounds=st.integers(1, 2))
def test_bounty_and_weather_with_more_players(seed, players, rounds):
    game = explorer.load("last_bottle_of_rum", players=players, turn_limit=rounds, bounty_hunt=True, weather=True)
    assert play(game, seed).is_over


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), options=st.sampled_from(MODULE_SETS))
def test_rule_of_thumb_module_games_end_with_a_winner(seed, options):
    """R1, E1: sensible captains reach 10 Loot with every module on."""
    game = explorer.load("last_bottle_of_rum", players=2, **options)
    policy = game.policies()["rule_of_thumb"](game)
    rng = random.Random(seed)
    state = game.new_state()
    while not state.is_over:
        if state.is_chance:
            state = state._step(state.sample_chance(rng))
        else:
            state = state._step(policy.choose(state.view(state.player), state.legal_actions(), rng))
        check(state)
    assert state.winner >= 0 and state.ships[state.winner].loot >= 10


def test_views_hide_module_secrets_and_sampled_states_agree_with_them():
    """Hidden information (V1, V3, C13): bounty draws, held bounties, the top card, Ghost token types;
    every state sampled from a view looks the same to that player."""
    game = explorer.load("last_bottle_of_rum", players=2, turn_limit=4, bounty_hunt=True, weather=True, ghost=True)
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_over:
            for p in (0, 1):
                seen = state.view(p)
                mods = seen["modules"]
                assert isinstance(mods["bounty_deck"], int) and isinstance(mods["bounties"][1 - p], int)
                assert isinstance(mods["ghost"]["damage"], int)
                assert all(x in ("?", "") for t in seen["pending"] if t[0] in ("bounty_draw", "bounty_keep")
                           and t[1] != p for x in t[2:])
                assert game.sample_state(seen, rng).view(p) == seen
            legal = state.legal_actions()
            state = state._step(state.sample_chance(rng) if state.is_chance else legal[rng.randrange(len(legal))])


def test_bad_module_positions_name_the_field():
    """Malformed module data raises PositionError naming the field (V1-V3)."""
    from explorer.core.errors import PositionError

    full = explorer.load("last_bottle_of_rum", players=2, bounty_hunt=True, weather=True, ghost=True)
    state = full.start(seed=2)
    good = state.to_dict()
    cases = {
        "modules": "?",
        "modules.x": {**good["modules"], "x": 1},
        "modules.ghost.damage": {**good["modules"], "ghost": {**good["modules"]["ghost"],
                                                              "damage": {"SAIL": 2, "FIRE": 1, "CANNON": 0,
                                                                         "HULL": 0, "BOWSPRIT": 0}}},
        "modules.bounty_deck": {**good["modules"], "bounty_deck": ["B01", "B01"]},
        "modules.maelstrom": {**good["modules"], "maelstrom": ["1,0", "1,0"]},
        "modules.coins": {**good["modules"], "coins": ["0,0"]},
        "modules.stats": {**good["modules"], "stats": [1, 2]},
    }
    for field, value in cases.items():
        with pytest.raises(PositionError) as err:
            full.state_from_dict({**good, "modules": value})
        assert err.value.field == field, (field, err.value.field)
    base = explorer.load("last_bottle_of_rum", players=2)
    with pytest.raises(PositionError) as err:
        base.state_from_dict({**base.start(seed=2).to_dict(), "modules": {"ghost": {"cell": "1,0"}}})
    assert err.value.field == "modules.ghost"


def test_foreign_module_actions_are_refused_with_the_rule():
    from explorer.core.errors import IllegalAction

    state = explorer.load("last_bottle_of_rum", players=2).start(seed=4)
    while state.is_chance or state.phase != "main":
        state = state.apply(state.sample_chance(random.Random(1)) if state.is_chance else state.legal_actions()[0])
    assert state.turn.actions[0] > 0           # a Sail action is at hand: the Maelstrom rule is the one broken
    for text, rule in (("attack ghost", "R81"), ("sail maelstrom", "R66"), ("weather AC79", "R63")):
        with pytest.raises(IllegalAction) as err:
            state.apply(text)
        assert err.value.rule == rule
    for junk in ("bounty B99", "maelstrom 0,0", "attack ghosts", 17):
        with pytest.raises(IllegalAction):
            state.apply(junk)
