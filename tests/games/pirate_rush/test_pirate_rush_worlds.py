"""The truth is one of a pirate's hidden worlds (H1-H12), as `world_key` compares them: the
other pirates' memories that no view carries are set aside; and at the end the loot is
counted in the open (E3, E9), so the worlds agree with the public scores."""

from __future__ import annotations

import random

import pytest
from games.pirate_rush.support import game
from test_pirate_rush_memory import remembering

from explorer.core.errors import TooManyWorlds
from explorer.games.pirate_rush.model import FIELDS

pytestmark = pytest.mark.slow


def walk(g, seed: int, steps: int):
    """A random game (uniform legal moves, the chance nodes drawn) as its list of states."""
    rng = random.Random(seed)
    s = g.new_state()
    states = [s]
    while not s.is_over and len(states) < steps:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
        states.append(s)
    return states


def story(view) -> dict:
    return {k: v for k, v in view.items() if k != "events"}


def keys(g, worlds, p: int) -> set:
    return {g.world_key(w, p) for w, _ in worlds}


def test_another_pirates_vague_memory_is_set_aside_H2():
    """Player 2 remembers "a map somewhere in I1": the others cannot know it (nor that I1 holds
    that map), so no world of theirs has it, but each holds the truth as world_key sees it."""
    s, t = remembering()
    g = s.game
    for p in (0, 2):
        worlds = list(g.hidden_worlds(s.view(p)))
        assert s not in {w for w, _ in worlds}            # the raw truth carries Player 2's memory
        key = g.world_key(s, p)
        assert key.vague == ((), (), ()) and key.kinds[t] == ""    # C6: unturned for Player p+1
        assert key in keys(g, worlds, p) and story(key.view(p)) == story(s.view(p))
    assert g.world_key(s, 1) == s and g.world_key(s, None) is s   # his own memory, the teacher: kept


@pytest.mark.parametrize("players,seed", [(3, 100), (4, 1), (5, 7)])
def test_world_key_sets_aside_only_the_others_memories_H1_H12(players, seed):
    """Along a game: the key keeps everything but the other pirates' vague facts, the tiles they
    follow outside the slots and their own loot, and faces nobody then places; the viewer's own
    knowledge and view stay whole."""
    g = game(players)
    for s in walk(g, seed, 3000)[::11]:
        for p in range(players):
            key = g.world_key(s, p)
            assert story(key.view(p)) == story(s.view(p))
            assert key.known[p] == s.known[p] and key.vague[p] == s.vague[p]
            slots = {t for row in s.slots for t in row if t >= 0}
            for q in range(players):
                assert key.known[q] == s.known[q] & (slots | set(s.loot[q])) or q == p
                assert key.vague[q] == () or q == p
            assert all(k in ("", s.kinds[t]) for t, k in enumerate(key.kinds))
            assert all(key.kinds[t] == s.kinds[t] for t in s.known[p])
            same = ("kinds", "known", "vague")
            assert all(getattr(key, f) == getattr(s, f) for f in FIELDS if f not in same)


@pytest.mark.parametrize("players,seed", [(3, 100), (4, 1)])
def test_the_truth_is_one_of_the_worlds_along_a_game_H2_H12(players, seed):
    """Every view with few enough worlds: exact weights summing to 1, the same view in every
    world, and the truth among the worlds; some of them need the others' memories set aside."""
    g = game(players)
    checked = set_aside = 0
    for s in walk(g, seed, 3000)[::5]:
        for p in range(players):
            view = s.view(p)
            try:
                worlds = list(g.hidden_worlds(view, limit=1500))
            except TooManyWorlds:
                continue
            assert sum(w for _, w in worlds) == 1
            assert all(story(w.view(p)) == story(view) for w, _ in worlds)
            assert g.world_key(s, p) in keys(g, worlds, p), (players, seed, p, s.stack[-1:])
            checked += 1
            set_aside += s not in {w for w, _ in worlds}
    assert checked >= 10 and set_aside >= 1, (checked, set_aside)


@pytest.mark.parametrize("seed", range(3))
def test_the_final_count_shows_every_loot_E3_E9(seed):
    """At the end every pirate has seen every loot tile (the count and the rum tie-break are
    public), so a state drawn from any view has the same scores."""
    g = game(4)
    last = walk(g, seed, 3000)[-1]
    assert last.is_over
    assert any("E3" in e.rules and "face up" in e.text for e in last.events)
    tiles = {t for pile in last.loot for t in pile}
    assert all(tiles <= known for known in last.known)
    for p in range(4):
        drawn = g.sample_state(last.view(p), random.Random(seed))
        assert drawn.is_over and drawn.scores() == last.scores()
        assert story(drawn.view(p)) == story(last.view(p))
