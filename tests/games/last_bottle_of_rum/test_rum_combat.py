"""The Last Bottle of Rum: attacks, damage, repair, the Kraken and captains (R33-R59)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from games.last_bottle_of_rum.support import chance, legal, rules_cited, run, scene, ship

from explorer.core.errors import IllegalAction

SEA = {"1,0": "T28", "2,0": "T29", "3,-1": "T30", "1,-1": "T24", "2,-1": "T25"}
UP = tuple(SEA)


def duel(me: dict | None = None, them: dict | None = None, actions: str = "A", **kw):
    return scene([ship(**{"cell": "1,0", "doubloons": 1, **(me or {})}), ship(**{"cell": "2,0", **(them or {})})],
                 actions=actions,
                 tiles=SEA, face_up=UP, **kw)


def test_R33_R35_R37_an_adjacent_attack_costs_one_action_and_one_doubloon():
    state = run(duel(), "attack P2")
    assert state.ships[0].doubloons == 0 and state.turn.actions[2] == 0
    assert chance(state) == {"roll 0": Fraction(1, 6), "roll 1": Fraction(1, 2), "roll 2": Fraction(1, 3)}
    state = run(state, "roll 2")
    assert [t[0] for t in state.pending] == ["token", "token"] and {"R33", "R35", "R37"} <= rules_cited(state)
    miss = run(duel(), "attack P2", "roll 0")
    assert not miss.pending and "R37" in rules_cited(miss)


def test_R34_A3_range_costs_attack_actions_and_range_bonuses_cut_it():
    far = scene([ship("Humboldt", cell="1,0", doubloons=1), ship(cell="3,-1")], actions="A", tiles=SEA, face_up=UP)
    with pytest.raises(IllegalAction) as err:
        far.apply("attack P2")
    assert err.value.rule == "R34"
    two = scene([ship("Humboldt", cell="1,0", doubloons=1), ship(cell="3,-1")], actions="AA", tiles=SEA,
                face_up=UP)
    assert run(two, "attack P2").turn.actions[2] == 0
    narhee = scene([ship("Admiral Narhee", cell="1,0", doubloons=1), ship(cell="3,-1")], actions="A", tiles=SEA,
                   face_up=UP)
    assert "attack P2" in legal(narhee)
    spyglass = scene([ship("Humboldt", cell="1,0", doubloons=1, treasures=("TR05",)), ship(cell="3,-1")],
                     actions="A", tiles=SEA, face_up=UP)
    assert "attack P2" in legal(spyglass)


def test_R35_no_doubloon_no_attack_unless_the_powder_horn():
    with pytest.raises(IllegalAction) as err:
        duel({"doubloons": 0}).apply("attack P2")
    assert err.value.rule == "R35"
    assert "attack P2" in legal(duel({"doubloons": 0, "treasures": ("TR02",)}))


def test_R36_each_opponent_once_per_turn():
    state = run(duel(actions="AA"), "attack P2", "roll 0")
    with pytest.raises(IllegalAction) as err:
        state.apply("attack P2")
    assert err.value.rule == "R36"


def test_R38_R39_tokens_stack_and_the_cap_of_five():
    state = run(duel(them={"damage": {"SAIL": 4}}), "attack P2", "roll 2", "token SAIL")
    assert state.ships[1].damage[0] == 5 and not state.pending and "R39" in rules_cited(state)


def test_R40_V6_a_ship_at_five_tokens_is_no_target():
    full = {"damage": {"SAIL": 3, "FIRE": 2}}
    with pytest.raises(IllegalAction) as err:
        duel(them=full).apply("attack P2")
    assert err.value.rule == "R40"
    assert "attack P2" in legal(duel(them=full, allow_futile_attacks=True))


def test_R41_no_attack_from_or_into_the_hideout():
    into = scene([ship(cell="1,0", doubloons=1), ship(cell="0,0")], actions="A", tiles=SEA, face_up=UP)
    with pytest.raises(IllegalAction) as err:
        into.apply("attack P2")
    assert err.value.rule == "R41"
    across = scene([ship(cell="1,0", doubloons=1), ship(cell="-1,0")], actions="AA", tiles={**SEA, "-1,0": "T01"},
                   face_up=(*UP, "-1,0"))
    assert "attack P2" in legal(across)


def test_R42_R48_cannon_blocks_attacks_but_not_sabotage():
    state = duel({"damage": {"CANNON": 1}, "doubloons": 2}, played=("AC59",))
    with pytest.raises(IllegalAction) as err:
        state.apply("attack P2")
    assert err.value.rule == "R42"
    assert "effect AC59 P2" in legal(state)
    assert "R48" in state.game.rules


def test_R43_R44_repair_returns_a_token_and_ends_its_effect():
    state = scene([ship(damage={"SAIL": 2, "HULL": 1}), ship()], actions="RR")
    state = run(state, "repair SAIL")
    assert state.ships[0].damage[0] == 1 and "R43" in rules_cited(state)
    state = run(state, "repair HULL")
    assert state.ships[0].damage[3] == 0 and "R44" in rules_cited(state)


def test_R45_R46_torn_sail_one_move_and_a_limit_gained_midturn():
    state = scene([ship(damage={"SAIL": 1}), ship()], actions="SS", tiles=SEA, face_up=UP)
    state = run(state, "sail 1,0")
    with pytest.raises(IllegalAction) as err:
        state.apply("sail 2,0")
    assert err.value.rule == "R45"
    later = scene([ship(), ship()], actions="SSS", tiles={**SEA, "1,0": "T26"}, face_up=UP)
    later = run(later, "sail 1,-1", "sail 1,0", "token SAIL")    # reef: a SAIL token after 2 moves
    assert any(a.startswith("sail") for a in legal(later))           # R46: one more move
    later = run(later, "sail 2,0")
    assert not any(a.startswith("sail") for a in legal(later))


def test_R47_A11_fire_makes_the_owner_drop_a_treasure():
    state = run(duel(them={"treasures": ("TR07", "TR08")}), "attack P2", "roll 1", "token FIRE")
    assert state.player == 1 and legal(state) == {"lose TR07", "lose TR08"}
    state = run(state, "lose TR08")
    assert state.ships[1].treasures == ("TR07",) and "TR08" in state.treasure_discard and "R47" in rules_cited(state)


def test_R50_A12_V15_bowsprit_cuts_the_hand():
    state = run(duel(them={"hand": ("AC01", "AC02", "AC03", "AC04", "AC05"), "captain": "Humboldt"}), "attack P2",
                "roll 1", "token BOWSPRIT")
    assert state.player == 1 and state.pending[0][0] == "bowsprit"
    state = run(state, "discard AC05")
    assert len(state.ships[1].hand) == 4 and "R50" in rules_cited(state)
    from explorer.games.last_bottle_of_rum.rulebook.ships import hand_size
    tiny = state.ships[1]._replace(captain="Archie Stoneshell", treasures=("TR19",))
    assert hand_size(tiny, {"min_hand_size": 2}) == 2 and hand_size(tiny, {"min_hand_size": 3}) == 3


def test_R51_R52_R53_R54_reaching_five_curses_calls_the_kraken_on_the_most_cursed():
    state = scene([ship(curse=4, loot=1), ship(curse=5, loot=3)], played=("AC53",))
    state = run(state, "effect AC53")
    assert state.pending[0] == ("kraken_roll", 0) and state.pending[1] == ("kraken_roll", 1)  # R52 ties, seat order
    state = run(state, "roll 2")
    assert (state.ships[0].loot, state.ships[0].curse) == (0, 3) and state.pending[0] == ("token", 0, "R54")
    assert {"R51", "R52", "R53", "R54"} <= rules_cited(state)


def test_R52_nobody_cursed_no_kraken_and_V12_hideout_shelter():
    state = scene([ship(hand=("AC01",) * 0), ship()], active=1)
    state = run(state, "end", "draw AC73")
    assert state.pending[0][0] == "card" and "R52" in rules_cited(state)
    shelter = scene([ship(curse=2), ship(curse=2, cell="1,0")], active=1, tiles=SEA, face_up=UP,
                    hideout_protects_from_kraken=True)
    shelter = run(shelter, "end", "draw AC73")
    assert shelter.pending[0] == ("kraken_roll", 1) and "V12" in rules_cited(shelter)


def test_R55_staying_at_five_calls_no_new_kraken():
    state = scene([ship(curse=5, treasures=("TR23",)), ship(curse=1)], active=1)
    state = run(state, "end")
    assert state.ships[0].curse == 5 and not any(t == ("kraken",) for t in state.pending)
    assert "R2" in rules_cited(state)


def test_R56_the_kraken_resolves_before_the_paid_effect():
    state = scene([ship(curse=4, doubloons=0), ship()], played=("AC53",))
    state = run(state, "effect AC53")
    assert state.pending[0] == ("kraken_roll", 0) and state.pending[1][0] == "effect"
    state = run(state, "roll 0")
    assert state.ships[0].doubloons == 3 and "R56" in state.game.rules


def test_R58_grog_rerolls_a_miss_once_per_turn():
    state = run(duel({"captain": "Grog Blackwater"}), "attack P2", "roll 0")
    assert legal(state) == {"reroll", "accept roll"}
    state = run(state, "reroll")
    assert chance(state)["roll 2"] == Fraction(1, 3) and "R58" in rules_cited(state)
    assert run(state, "roll 0").pending == ()


def test_R58_goldrick_and_macaw_abilities():
    gold = run(scene([ship("Goldrick Banana"), ship()], actions="DD"), "earn", "earn")
    assert gold.ships[0].doubloons == 3
    macaw = scene([ship("Madame Macaw"), ship()])
    assert "peek 2,0" in legal(macaw) and "peek 3,-1" not in legal(macaw)
    seen = run(macaw, "peek 2,0", "tile T10")
    assert not any(a.startswith("peek") for a in legal(seen)) and seen.view(0)["tiles"] == {"2,0": "T10"}


def test_R59_crabby_jones_spends_a_shell():
    state = run(duel(them={"captain": "Crabby Jones", "shells": 2}), "attack P2", "roll 2")
    assert state.player == 1 and legal(state) == {"shell", "no shell"}
    state = run(state, "shell")
    assert state.ships[1].shells == 1 and [t[0] for t in state.pending] == ["token"] and "R59" in rules_cited(state)
    fixer = scene([ship("Crabby Jones", shells=1), ship()], actions="R")
    assert run(fixer, "repair shell").ships[0].shells == 2
