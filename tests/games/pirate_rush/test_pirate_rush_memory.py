"""Remembered tiles stay true (H2, H7-H12): a pirate's vague fact "a map somewhere in I3" is
revised whenever tiles leave its zones, and `sample_state` can always fill in his view, at
every decision."""

from __future__ import annotations

import random

import pytest
from games.pirate_rush.support import edit, game, play, table

from explorer.games.pirate_rush.rules import DECISIONS
from explorer.games.pirate_rush.tokens.knowledge import locate

pytestmark = pytest.mark.slow


def remembering(turn_of: int = 0, kind: str = "map", slot: int = 1):
    """Round 1, ship at I1; player 1 remembers "a `kind` somewhere in I1" (token in I1.`slot`)."""
    s = table(3, turn_of=turn_of)
    t = s.slots[0][slot]
    kinds = list(s.to_dict()["kinds"])
    kinds[t] = kind
    return edit(s, kinds=kinds, vague=[[], [[t, ["I1"]]], []]), t


def check_memory(s, p: int) -> None:
    """(a) every fact `p` holds is true of the real position."""
    for t in s.known[p]:
        assert s.kinds[t], (p, t)
    for t, zones in s.vague[p]:
        assert s.kinds[t] and t not in s.known[p], (p, t)
        assert locate(s, t)[0] in zones, (p, s.kinds[t], zones, locate(s, t))


def check_sample(s, p: int, seed: int) -> None:
    """(b) a state drawn from `p`'s view exists, and `p` sees it exactly as he sees the real one."""
    view = s.view(p)
    other = s.game.sample_state(view, random.Random(seed))
    check_memory(other, p)
    assert other.view(p) == view


@pytest.mark.parametrize("taken", [0, 1])
def test_a_blind_take_widens_the_fact_whichever_tile_went(taken):
    """Player 0 takes an I1 tile: player 1 cannot tell if it was his map, so it is in I1 or P1."""
    s, _ = remembering()
    s = play(s, f"take I1.{'ab'[taken]}")
    s = s.apply(s.sample_chance(random.Random(0))) if s.is_chance else s
    assert s.view(1)["vague"] == [{"kind": "map", "zones": ["I1", "P1"]}]
    check_memory(s, 1)


def test_a_fact_leaves_an_emptied_island():
    """The original crash: every tile of the island is taken, the memory said "a map in I1"."""
    s, t = remembering()
    d = s.to_dict()
    d["discard"] = sorted(d["discard"] + [x for x in d["slots"][0] if x != t])
    d["slots"][0] = [-1, t, -1]
    s = s.game.state_from_dict(d)
    s = play(s, "take I1.b")
    assert s.vague[1] == ((t, ("P1",)),)
    check_memory(s, 1)
    check_sample(play(s, "end"), 1, 0)


def test_own_take_of_another_kind_keeps_the_fact():
    s, t = remembering(turn_of=1)
    s = play(s, "take I1.a", "tile rum")
    assert s.vague[1] == ((t, ("I1",)),)


@pytest.mark.parametrize("slot", ["a", "b"])
def test_own_take_of_the_same_kind_drops_the_fact_either_way(slot):
    """He takes a map from I1: his own or another one, he cannot tell, so nothing is left to say."""
    s, _ = remembering(turn_of=1)
    s = play(s, f"take I1.{slot}")
    s = s.apply("tile map") if s.is_chance else s
    assert s.vague[1] == () and s.view(1)["loot"][1]["known"] == ["map"]


def test_regression_seed_14_sample_state_no_longer_crashes():
    """3 players, advanced, random play: player 1 remembered a curse on I8 after Perdidos,
    then all three I8 tiles were taken; his view said "a curse in I8" and sample_state raised
    ValueError: empty range. Now the curse is remembered in P1 or P3, where it is."""
    rng = random.Random(14)
    s = game(3, advanced=True).start(seed=14)
    for _ in range(131):
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert s.stack[-1] == ("turn", 1) and s.slots[7] == (-1, -1, -1)
    check_sample(s, 1, 0)
    check_memory(s, 1)
    assert s.view(1)["vague"] == [{"kind": "curse", "zones": ["P1", "P3"]}]


GAMES = 200
SCOPES = ("ahead", "pooled_ahead", "ahead_and_current")
DUELS = ("random", "choice", "coin", "manual_winner")


def test_every_fact_stays_true_and_every_view_can_be_sampled():
    """Random games, 3-5 players, basic and advanced: after every step, (a) for every pirate;
    (b) for every pirate who remembers a tile vaguely, and every eighth step for the others."""
    vague_checks = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        n = 3 + seed % 3
        g = game(n, advanced=seed % 4 != 0, perdidos_scope=SCOPES[seed % 3], duel_mode=DUELS[seed % 4],
                 mercader_coin_to=("island_slot", "discard")[seed % 2])
        s = g.start(seed=seed)
        k = 0
        while not s.is_over:
            s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
            k += 1
            for p in range(n):
                check_memory(s, p)
                if s.stack and s.stack[-1][0] in DECISIONS and (s.vague[p] or k % 8 == 0):
                    check_sample(s, p, k)
                    vague_checks += bool(s.vague[p])
    assert vague_checks > 1000
