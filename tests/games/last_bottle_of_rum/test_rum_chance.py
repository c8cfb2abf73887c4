"""The Last Bottle of Rum: the digest's worked probabilities (C1-C15), exactly."""

from __future__ import annotations

from fractions import Fraction as F
from math import comb

from games.last_bottle_of_rum.support import chance, run, scene, ship

from explorer.games.last_bottle_of_rum import odds as an
from explorer.games.last_bottle_of_rum.data import CARDS, DAMAGE_COUNT


def test_C1_skull_die():
    d = an.die()
    assert d == {0: F(1, 6), 1: F(1, 2), 2: F(1, 3)} and an.mean(d) == F(7, 6)
    assert 1 - d[0] == F(5, 6) and 1 - d[0] ** 2 == F(35, 36)
    assert an.combine(d, d) == {0: F(1, 36), 1: F(1, 6), 2: F(13, 36), 3: F(1, 3), 4: F(1, 9)}


def test_C2_attacks_with_the_cap():
    assert an.tokens_drawn(4) == {0: F(1, 6), 1: F(5, 6)}
    assert an.attacks_in_a_turn([4, 3]) == {0: F(1, 36), 1: F(2, 9), 2: F(17, 36), 3: F(5, 18)}
    two_turns = an.combine(an.tokens_drawn(3), an.tokens_drawn(3))
    assert sum(p for n, p in two_turns.items() if n >= 2) == F(29, 36)
    assert sum(p for n, p in an.attacks_in_a_turn([0, 0]).items() if n >= 3) == F(4, 9)


def test_C2_C3_several_attacks_share_one_bag():
    both = an.several_attacks([4, 3])
    totals: dict = {}
    for drawn, p in both.items():
        totals[sum(len(t) for t in drawn)] = totals.get(sum(len(t) for t in drawn), 0) + p
    assert totals == an.attacks_in_a_turn([4, 3]) and sum(both.values()) == 1
    sails = sum(p for drawn, p in an.several_attacks([0, 0]).items() if any("SAIL" in t for t in drawn))
    at_least_one = sum(p * (1 - F(comb(20, n), comb(25, n))) for n, p in an.combine(an.die(), an.die()).items())
    assert sails == at_least_one


def test_C3_bag_draws():
    full = tuple(DAMAGE_COUNT)
    assert an.bag_draws(full, 1)[("SAIL",)] == F(1, 5)
    two = an.bag_draws(full, 2)
    assert sum(p for k, p in two.items() if k[0] == k[1]) == F(1, 6)
    assert sum(p for k, p in two.items() if "SAIL" in k) == F(11, 30)
    assert sum(p for k, p in two.items() if k.count("FIRE") == 1) == F(1, 3)
    worn = (3, 5, 5, 4, 5)
    assert an.bag_draws(worn, 1)[("SAIL",)] == F(3, 22) and an.bag_draws(worn, 2)[("SAIL", "SAIL")] == F(1, 77)
    one = an.attack_outcomes()
    assert sum(p for k, p in one.items() if "SAIL" in k) == F(2, 9) == sum(p for k, p in one.items() if "FIRE" in k)


def test_C3_model_draws_follow_the_bag():
    state = run(scene([ship(cell="1,0", doubloons=1), ship(cell="2,0", damage={"SAIL": 2, "HULL": 1})],
                      actions="A", tiles={"1,0": "T28", "2,0": "T29"}, face_up=("1,0", "2,0")), "attack P2", "roll 1")
    assert chance(state)["token SAIL"] == F(3, 22)


def test_C4_storm_like_draws_from_a_full_bag():
    three = an.bag_draws(tuple(DAMAGE_COUNT), 3)
    assert sum(p for k, p in three.items() if len(set(k)) == 3) == F(25, 46)


def test_C5_kraken_victims():
    k = an.kraken(1, 3)
    assert sum(p for (_, _, dmg), p in k.items() if dmg) == F(1, 3)
    assert sum(p for (loot, _, _), p in k.items() if loot == 0) == F(5, 6)
    assert sum(p * (1 - loot) for (loot, _, _), p in k.items()) == F(5, 6)
    capped = an.kraken(0, 2, on_board=4)
    assert sum(p for (_, _, d), p in capped.items() if d == 1) == F(5, 6) and not any(d == 2 for _, _, d in capped)
    assert 1 - F(2, 3) ** 2 == F(5, 9) and (1 - an.die()[0]) ** 2 == F(25, 36)
    assert sum(p for (_, c, _), p in an.kraken(3, 5).items() if c == 5) == F(1, 6)


def test_C6_action_deck_draws():
    assert 1 - an.kraken_in_draws(40, 2, 2) == F(703, 780) and an.kraken_in_draws(40, 2, 2) == F(77, 780)
    assert an.kraken_in_draws(40, 2, 1) == F(1, 20)
    assert an.kraken_in_draws(11, 1, 2) == F(2, 11)     # a Kraken is replaced: 2 draws suffice unless it comes


def test_C7_setup_hands():
    assert an.kraken_in_draws(76, 4, 4) == F(50837, 256595)
    assert an.kraken_in_draws(86, 4, 4) == F(74899, 424711) and an.kraken_in_draws(86, 4, 5) == F(91963, 424711)


def test_C8_tile_reveals():
    state = scene([ship(), ship()], actions="S")
    odds = an.reveal_chances(state)
    assert odds == {"reef": F(1, 6), "doubloon": F(1, 5), "outpost": F(1, 15)}
    assert an.next_reveal(state)["T07"] == F(1, 30)
    assert F(5, 30) * F(4, 29) == F(2, 87)
    assert 1 - F(comb(24, 6), comb(30, 6)) == F(65597, 84825) and F(6 * comb(24, 5), comb(30, 6)) == F(4048, 9425)
    peeked = run(scene([ship("Madame Macaw"), ship()]), "peek 1,0", "tile T26")
    assert an.reveal_chances(peeked, 1)["reef"] == F(1, 6)            # the peek changes the peeker's view only
    assert an.next_reveal(peeked, 0).get("T26") is None


def test_C9_display():
    values = [1] * 6 + [2] * 10 + [3] * 6 + [4] * 2
    assert 1 - F(comb(22, 3), comb(24, 3)) == F(11, 46) and 1 - F(comb(22, 4), comb(24, 4)) == F(43, 138)

    def at_least(k: int, total: int) -> F:
        from itertools import combinations

        hits = sum(1 for c in combinations(values, k) if sum(c) >= total)
        return F(hits, comb(24, k))

    assert at_least(3, 8) == F(63, 253) and at_least(4, 10) == F(1087, 3542)
    assert F(3, 20) == 1 - F(comb(19, 3), comb(20, 3))


def test_C10_C11_C13_C15_module_examples_from_the_component_data():
    assert F(1, 10) == 1 - F(comb(19, 2), comb(20, 2)) and F(1, comb(20, 2)) == F(1, 190)     # C10
    standard = [c for c in CARDS.values() if c.effect.startswith("E")]
    a_counts = [c.icons.count("A") for c in standard]
    assert (a_counts.count(0), a_counts.count(1), a_counts.count(2)) == (48, 20, 4)            # C11
    d_none = sum(1 for c in standard if "D" not in c.icons)
    assert 1 - F(comb(d_none, 2), comb(72, 2)) == F(148, 213)
    first = an.bag_draws(tuple(DAMAGE_COUNT), 1)                                                # C13
    after = sum(p * an.bag_draws(tuple(c - (k == kind[0]) for k, c in zip(("SAIL", "FIRE", "CANNON", "HULL",
                                                                            "BOWSPRIT"), DAMAGE_COUNT, strict=True)),
                                 1)[("SAIL",)] for kind, p in first.items())
    assert after == F(1, 5)
    assert 1 - an.die()[0] == F(5, 6) and (1 - an.die()[0]) ** 2 == F(25, 36)                  # C15


def test_C12_modified_dice():
    assert an.die("grog") == {0: F(1, 36), 1: F(7, 12), 2: F(7, 18)}
    assert an.die("best_of_two") == {0: F(1, 36), 1: F(5, 12), 2: F(5, 9)}
    assert an.die("worst_of_two") == {0: F(11, 36), 1: F(7, 12), 2: F(1, 9)}
    assert 1 - an.tokens_drawn(0, shells=1)[0] == F(1, 3)
    after_two = an.combine(an.tokens_drawn(0, shells=1), an.tokens_drawn(0, shells=1))
    assert 1 - after_two[0] == F(5, 9)


def test_C12_rabbit_foot_in_the_model():
    state = scene([ship(curse=2, treasures=("TR06",), loot=3), ship()], active=1)
    state = run(state, "end", "draw AC73")
    assert chance(state) == {"roll 0": F(11, 36), "roll 1": F(7, 12), "roll 2": F(1, 9)}


def test_C14_first_player_uniform():
    import explorer

    state = explorer.load("last_bottle_of_rum", players=5).new_state()
    while state.pending[0][0] != "first":
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance else state.legal_actions()[0])
    assert set(p for _, p in state.chance_outcomes()) == {F(1, 5)}


def test_attack_odds_on_a_live_position():
    state = scene([ship("Grog Blackwater", cell="1,0", doubloons=1), ship(cell="2,0", damage={"FIRE": 4})],
                  actions="A", tiles={"1,0": "T28", "2,0": "T29"}, face_up=("1,0", "2,0"))
    odds = an.attack_odds(state, 0, 1)
    assert odds == {(): F(1, 36), ("SAIL",): F(35, 36) * F(5, 21), ("CANNON",): F(35, 36) * F(5, 21),
                    ("HULL",): F(35, 36) * F(5, 21), ("BOWSPRIT",): F(35, 36) * F(5, 21),
                    ("FIRE",): F(35, 36) * F(1, 21)}
    assert an.attack_cost(state, 0, 1) == 1
