"""The Last Bottle of Rum: a player's hidden possibilities (`hidden_worlds`), exact and in step
with `sample_state`, and the odds a player may compute from them (C6, C8, C10, C13)."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

import explorer
from explorer.analysis.odds import view_probability
from explorer.core.errors import TooManyWorlds

pytestmark = pytest.mark.slow

SMALL = """
turn: P1
phase: actions
P1 captain: Humboldt
P1 ship: 1,0
P1 hand: Full Sail SS, Patch Up RR
P2 captain: Madame Macaw
P2 ship: 1,-1
P2 hand: Plunder DD, Sabotage AA
P2 peeked: 2,-1 Whale Bones, 2,0 Coral Teeth
board: 1,0 Old Wreck, 1,-1 Open Sea A
display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
played: Holy Water RR #1, Spyglass SS
actions: R R
deck: Kraken #1, Full Sail SD #1, Chain Shot DD
"""


def small(**options):
    return explorer.load("last_bottle_of_rum", **options).position(SMALL)


def _worlds(state, player, limit=100_000):
    return list(state.game.hidden_worlds(state.view(player), limit=limit))


def test_C6_C8_worlds_are_the_splits_of_unseen_cards_and_tiles():
    """P1 cannot see P2's 2 cards nor the 3-card deck (4 plain cards and a Kraken, which is
    never in a hand, R6), nor P2's 2 peeked tiles (28 tiles unseen): C(4,2) x 28 x 27 worlds."""
    state = small()
    worlds = _worlds(state, 0)
    assert len(worlds) == math.comb(4, 2) * 28 * 27
    assert sum(w for _, w in worlds) == 1
    assert all(w == Fraction(1, len(worlds)) for _, w in worlds)
    assert len({world for world, _ in worlds}) == len(worlds)
    assert all("AC73" not in world.ships[1].hand for world, _ in worlds)


@pytest.mark.parametrize("player", [0, 1])
def test_every_world_shows_the_same_view_and_the_truth_is_one_of_them(player):
    state = small()
    view = json.dumps(state.view(player), sort_keys=True)
    worlds = _worlds(state, player)
    assert all(json.dumps(world.view(player), sort_keys=True) == view for world, _ in worlds)
    assert state in {world for world, _ in worlds}             # teacher-view consistency


def test_the_teachers_view_has_one_world_the_position_itself():
    state = small()
    assert [(world, w) for world, w in state.game.hidden_worlds(state.view(None))] == [(state, 1)]


def test_too_many_worlds_is_refused_before_any_is_built():
    state = small()
    with pytest.raises(TooManyWorlds) as err:
        next(iter(state.game.hidden_worlds(state.view(0), limit=100)))
    assert err.value.count == math.comb(4, 2) * 28 * 27 and err.value.limit == 100


def test_sample_state_draws_the_same_distribution_within_4_standard_errors():
    """2,000 samples of P2's view (hidden: P1's 2 cards among the 4 plain unseen cards, 6 worlds)."""
    state = small()
    view = state.view(1)
    worlds = dict(_worlds(state, 1))
    assert len(worlds) == 6
    rng = random.Random(17)
    n = 2_000
    seen = Counter(state.game.sample_state(view, rng) for _ in range(n))
    assert set(seen) <= set(worlds)
    for world, p in worlds.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[world] / n - float(p)) <= 4 * se


GHOSTLY = """
game: last_bottle_of_rum players=2 ghost=true
turn: P1
phase: actions
P1 captain: Humboldt
P1 damage: SAIL, SAIL
P1 hand: Full Sail SS, Patch Up RR
P2 captain: Madame Macaw
P2 hand: Plunder DD, Sabotage AA
display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay
played: Holy Water RR #1, Spyglass SS
deck: Kraken #1, Full Sail SD #1, Chain Shot DD
ghost ship: 2,1
ghost damage: FIRE
"""


def test_C13_the_ghosts_face_down_token_weighed_by_the_bag():
    """The Ghost's token was drawn from a bag that lacks P1's 2 SAIL tokens: from a player's
    view it is a SAIL with 3/23 (tiles left out are laid face up first, S13)."""
    state = explorer.load("last_bottle_of_rum", ghost=True).position(GHOSTLY)
    assert str(state.pending[0][0]) == "setup_tile" and len(state.pending) == 30
    sail = view_probability(state, 0, lambda w: w.mods.ghost.damage[0] == 1)
    assert sail.exact and sail.probability == Fraction(3, 23)
    assert view_probability(state, None, lambda w: w.mods.ghost.damage[0] == 1).probability == 0
    worlds = _worlds(state, 1)
    assert len(worlds) == 5 * math.comb(4, 2) and sum(w for _, w in worlds) == 1


def test_C8_a_peeked_tile_from_each_players_view():
    """P(the tile P2 looked at on 2,-1 is a reef): 5 reefs among the 28 tiles P1 has not seen;
    P2 saw Whale Bones, a reef."""
    state = small()
    guess = view_probability(state, 0, lambda w: _reef(w, "2,-1"))
    assert guess.exact and guess.probability == Fraction(5, 28)
    assert view_probability(state, 1, lambda w: _reef(w, "2,-1")).probability == 1


def test_C6_the_next_card_drawn_from_a_players_view():
    """P1 cannot tell the 3-card deck from P2's 2 cards, but a Kraken is never kept in hand (R6):
    the Kraken among the 5 unseen cards is in the deck, so the next card is a Kraken with 1/3
    from either player's view, not 1/5."""
    state = small()
    for player in (0, 1):
        odds = view_probability(state, player, lambda w: _kraken_first(_draw_next(w)))
        assert odds.exact and odds.probability == Fraction(1, 3)


def _draw_next(state):
    data = state.to_dict()
    data["pending"] = [["draw", 0, 1, 0], *data["pending"]]
    return state.game.state_from_dict(data).apply("go on")


def _kraken_first(state) -> Fraction:
    return sum((p for o, p in state.chance_outcomes() if str(o) == "draw AC73"), Fraction(0))


def _reef(world, cell):
    from explorer.games.last_bottle_of_rum.data import TILES, parse_cell

    return TILES[world.tiles[parse_cell(cell)]].reef


def test_R60_C10_a_bounty_top_card_known_to_another_player_is_one_of_the_unseen():
    """P1 put a card back on top of the Bounty deck (R60): P2 sees that P1 knows it, not which;
    P2's worlds give P1's hidden bounty and the top card every way (20 x 19), the truth among them."""
    state = explorer.load("last_bottle_of_rum", bounty_hunt=True).position("""
        turn: P2
        phase: actions
        P1 captain: Humboldt
        P1 hand: none
        P1 bounties: Four of Aces
        P2 captain: Madame Macaw
        P2 hand: Plunder DD, Sabotage AA
        P2 bounties: none
        display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
        deck: Kraken #1, Full Sail SD #1, Chain Shot DD
        bounty top: No Mercy (known to P1)
    """)
    assert state.view(1)["modules"]["bounty_top"] == ["?", 0]
    worlds = _worlds(state, 1)
    assert len(worlds) == 20 * 19 and sum(w for _, w in worlds) == 1 and state in {w for w, _ in worlds}
    top = view_probability(state, 1, lambda w: w.mods.bounty_top == "B01")
    assert top.exact and top.probability == Fraction(1, 20)
    assert view_probability(state, 0, lambda w: w.mods.bounty_top == "B01").probability == 1


@pytest.mark.parametrize("options", [{"bounty_hunt": True}, {"ghost": True}, {"weather": True, "bounty_hunt": True,
                                                                              "bounty_auto_claim": False}],
                         ids=["V1", "V3", "V1-V2-V14"])
def test_V1_V3_worlds_along_random_games_show_the_view_and_hold_the_truth(options):
    """Every 60th position of a random game: each player's worlds sum to 1, show that player's
    view and include the truth (views with more than 2,000 worlds are left to sampling)."""
    g = explorer.load("last_bottle_of_rum", turn_limit=8, **options)
    checked = 0
    for seed in (4, 5, 6):
        rng = random.Random(seed)
        state = g.new_state()
        for i in range(1500):
            if i % 60 == 0:
                checked += _check_views(state)
            if state.is_over:
                break
            state = state._step(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    assert checked >= 6


def _check_views(state) -> int:
    checked = 0
    for p in range(state.game.players):
        view = state.view(p)
        try:
            worlds = list(state.game.hidden_worlds(view, limit=2_000))
        except TooManyWorlds:
            continue
        key = json.dumps(view, sort_keys=True)
        assert sum(w for _, w in worlds) == 1 and state in {w for w, _ in worlds}
        assert all(json.dumps(w.view(p), sort_keys=True) == key for w, _ in worlds)
        checked += 1
    return checked


@pytest.mark.parametrize(("turns", "worlds"), [(0, math.comb(5, 2)), (2, math.comb(4, 2))])
def test_R64_S8_a_weather_card_is_in_a_hidden_hand_only_before_its_first_turn(turns, worlds):
    """P2's 2 hidden cards come from 4 plain cards and a Storm (the Kraken stays in the deck):
    before P2's first turn the Storm may be among them (dealt at setup, S8); after it, never
    (R64: every Weather card in hand is played)."""
    state = explorer.load("last_bottle_of_rum", weather=True).position(f"""
        turn: P1
        phase: actions
        turns played: {turns}
        P1 captain: Humboldt
        P1 hand: Full Sail SS
        P2 captain: Madame Macaw
        P2 hand: Plunder DD, Sabotage AA
        display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
        deck: Storm #1, Kraken #1, Full Sail SD #1, Chain Shot DD
    """)
    found = _worlds(state, 0)
    assert len(found) == worlds and state in {w for w, _ in found}
    storm = view_probability(state, 0, lambda w: "AC79" in w.ships[1].hand)
    assert storm.probability == (Fraction(2, 5) if turns == 0 else 0)
