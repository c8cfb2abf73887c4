"""Property tests over 1,000+ random Pirate Rush games per run (3, 4 and 5 players, basic and
advanced, across the options that change play): tiles conserved, limits held, the game ends,
views (and the pending tasks they list) hold only what their pirate has seen, `apply` never
mutates, positions round-trip and `replay` reproduces."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.games.pirate_rush.data import PROSTHETICS, TOTAL
from explorer.games.pirate_rush.tokens.knowledge import locate
from explorer.games.pirate_rush.tokens.stack_view import LOOKS, SECRET_STAKES, TOKEN_ARG, task_tokens

pytestmark = pytest.mark.slow

OPTIONS = st.fixed_dictionaries({
    "advanced": st.booleans(),
    "duel_mode": st.sampled_from(["random", "choice", "coin", "manual_winner"]),
    "perdidos_scope": st.sampled_from(["ahead", "ahead_and_current", "pooled_ahead"]),
    "mercader_coin_to": st.sampled_from(["island_slot", "discard"]),
    "gunner_trigger": st.sampled_from(["own_take", "any_gain_own_turn", "any_gain_this_round"]),
    "route_layout": st.sampled_from(["ladder", "zigzag"]),
    "end_rule": st.sampled_from(["play_last_island", "end_on_arrival"]),
    "reveal_paid_tiles": st.booleans(),
    "qm_draw_excludes_own": st.booleans(),
    "gambler_needs_own_loot": st.booleans(),
    "starting_player": st.sampled_from(["choose", "random"]),
    "setup_investigations": st.sampled_from([2, 0, 1, 3]),
    "prestige_supply": st.sampled_from([24, "unlimited"]),
})
GAMES_PER_EXAMPLE = 3            # one per player count
EXAMPLES = 340                   # 1,020 games per run
REVEALS = {"R73", "R37", "R43", "R46", "H8", "H11", "R49", "R51", "R53", "E3"}   # E3: the final count


def check_step(before, after) -> None:
    """Cheap invariants after every step."""
    n = after.game.players
    tiles = [t for row in after.slots for t in row if t >= 0] + [t for p in after.loot for t in p]
    tiles += list(after.discard)
    assert len(tiles) == 40 and len(set(tiles)) == 40                          # K1: 40 loot tiles
    used = Counter(k for pile in after.prosthetics for k in pile)
    assert all(used[k] <= PROSTHETICS[k] for k in PROSTHETICS)                 # K2: 5 prosthetics
    assert all(len(set(p)) == len(p) for p in after.prosthetics)               # R38
    cap = after.game.options["resources_per_colour"]
    assert all(0 <= r <= cap for r in after.resources)                         # A9
    assert min(after.prestige) >= 0
    if after.game.options["prestige_supply"] == 24:
        assert sum(after.prestige) + len(after.markers) <= 24                  # R72
    kinds = Counter(k for k in after.kinds if k)
    assert all(kinds[k] <= TOTAL[k] for k in kinds)
    for p in range(n):
        new = after.known[p] - before.known[p]
        if new:   # H1-H12: a pirate learns a tile only by a private look or a public reveal
            assert any(e.visible_to == p for e in after.events) or any(
                REVEALS & set(e.rules) for e in after.events), (p, [str(e) for e in after.events])
        assert all(after.kinds[t] for t in after.known[p])


def check_views(state) -> None:
    """Each view shows only kinds its pirate knows, and they are true."""
    for p in range(state.game.players):
        view = state.view(p)
        for j, row in enumerate(view["slots"]):
            for i, slot in enumerate(row):
                if slot and slot["kind"]:
                    t = state.slots[j][i]
                    assert t in state.known[p] and state.kinds[t] == slot["kind"]
        for q, pile in enumerate(view["loot"]):
            truth = Counter(state.kinds[t] for t in state.loot[q] if t in state.known[p])
            assert Counter(pile["known"]) == truth
            if q == p:
                assert len(pile["known"]) == pile["count"] or (not state.is_over and state.is_chance)
        for island, info in zip(range(8), view["islands"], strict=True):
            if info["tile"]:
                assert state.flipped[island] or island in state.peeked[p]
        for task, shown in zip(state.stack, view["stack"], strict=True):
            check_stack_task(state, p, task, shown)


def _refs(x) -> list:
    if isinstance(x, dict):
        return [x]
    return [r for y in x for r in _refs(y)] if isinstance(x, list) else []


def check_stack_task(state, p: int, task: tuple, shown: list) -> None:
    """A pending task names a tile's kind only to a pirate who follows it and may know it is
    the one meant (H7, H8, H11); a chosen first throw only to its thrower (C10)."""
    assert shown[0] == task[0]
    tokens = task_tokens(task)
    refs = _refs(shown)
    assert len(refs) == len(tokens)
    for t, ref in zip(tokens, refs, strict=True):
        zone, place = locate(state, t)
        assert ref.get("place", ref.get("zone")) == (place if zone.startswith("I") else zone)
        if ref.get("kind"):
            assert t in state.known[p] and state.kinds[t] == ref["kind"]
            assert task[0] not in LOOKS or p in task[1:3]
            assert task[0] not in SECRET_STAKES or t in state.loot[p]
    if task[0] == "throw" and p != task[2]:
        assert shown[4] in (None, "")


def check_deep(state) -> None:
    """Expensive checks, on a sample of steps: no mutation, round trip."""
    snapshot = json.dumps(state.to_dict(), sort_keys=True)
    key = state._key()
    moves = [o for o, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
    for move in moves[:3]:
        state.apply(move)
    assert state._key() == key and json.dumps(state.to_dict(), sort_keys=True) == snapshot
    assert state.game.state_from_dict(json.loads(snapshot)) == state


def one_game(n: int, seed: int, options: dict) -> None:
    game = explorer.load("pirate_rush", players=n, **options)
    rng = random.Random(seed)
    state = game.new_state()
    steps = 0
    while not state.is_over:
        if state.is_chance:
            nxt = state._step(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            nxt = state._step(legal[rng.randrange(len(legal))])
        check_step(state, nxt)
        steps += 1
        if steps % 40 == 0:
            check_views(nxt)
            check_deep(nxt)
        elif nxt.player is not None and nxt.stack[-1][0] in TOKEN_ARG:   # a decision over named tiles
            check_views(nxt)
        state = nxt
        assert steps < 3000, "the game must end"
    check_views(state)
    assert all(-16 <= score <= 38 for score in state.scores())    # E3-E8 with the default values
    assert state.round <= 8 and sorted(p for g in state.winners() for p in g) == list(range(n))
    if seed % 10 == 0:
        assert explorer.replay(game, state.history) == state


@settings(max_examples=EXAMPLES, derandomize=False)
@given(seed=st.integers(0, 2**31), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, options):
    for n in (3, 4, 5):
        one_game(n, seed + n, options)
