"""What each pirate knows (Hidden information H1-H12) and exact inference (C2, C6, C7)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from games.pirate_rush.support import Pick, edit, play, table, tokens_of

from explorer.games.pirate_rush.odds import island_distribution, tile_distribution, what_is


def test_H1_H6_R19_own_loot_known_and_taken_slot_public():
    s = play(table(3), "take I1.b", "tile gold")
    assert s.view(0)["loot"][0]["known"] == ["gold"] and s.view(1)["loot"][0] == {"count": 1, "known": []}
    assert s.view(1)["slots"][0][1] is None                      # the slot is empty for all


def test_H2_S9_investigate_is_public_its_content_private():
    s = play(table(3), "look I2.b", "tile gold")
    v0, v1 = s.view(0), s.view(1)
    assert v0["slots"][1][1]["kind"] == "gold" and v0["slots"][1][1]["seen_by"] == [0]
    assert v1["slots"][1][1]["kind"] is None and v1["slots"][1][1]["seen_by"] == [0]
    assert "gold" not in json.dumps(v1) or "gold" in json.dumps(v1["game"])
    event = [e for e in s.events if e.detail][-1]
    assert event.visible_to == 0 and event.for_player(1) == event.text


def test_H2_a_seen_tile_stays_known_when_someone_takes_it():
    s = play(table(3), "look I1.b", "tile gold", "take I1.a", "tile rum", "end")
    s = edit(s, stack=[["turn", 1]], current=1, turn=[0, 1, 0, 0, 0, 0, 0], played=[0])
    s = play(s, "take I1.b")
    assert s.view(0)["loot"][1]["known"] == ["gold"] and s.view(2)["loot"][1]["known"] == []


def test_H3_H4_island_looks_are_private():
    s = play(table(3, advanced=True), "look I4", "island T05")
    assert s.view(0)["islands"][3]["tile"] == "T05" and s.view(1)["islands"][3]["tile"] is None
    assert s.view(1)["islands"][3]["seen_by"] == [0]


def test_H5_mercader_sees_the_island_others_see_the_coin():
    s = edit(table(3, loot={0: ["silver"]}, advanced=True), event="mercader")
    s = play(s, "merchant silver I4", "tile gold", "tile rum", "tile map", "swap I4.b")
    coin = s.slots[3][1]
    assert s.view(1)["slots"][3][1]["kind"] == "silver" and s.view(1)["slots"][3][0]["kind"] is None
    assert s.view(0)["slots"][3][0]["kind"] == "gold" and coin in s.known[2]


def test_H7_gambler_swap_blurs_other_pirates_knowledge():
    s = table(3, loot={0: ["rum"], 1: ["gold", "curse"]}, chosen=(5, 1, 2), row="3 5 6 8")
    gold = tokens_of(s, 1, "gold")[0]
    s = edit(s, known=[sorted(s.known[0]), sorted(s.known[1]), [gold]])
    s = play(s, "gamble P2", Pick(gold), "gamble keep", Pick(s.loot[0][0]))
    assert s.view(0)["loot"][0]["known"] == ["gold"]
    assert sorted(s.view(1)["loot"][1]["known"]) == ["curse", "rum"]           # the target knows both
    assert s.view(2)["loot"][0]["known"] == [] and {"kind": "gold", "zones": ["P1", "P2"]} in s.view(2)["vague"]


def test_H8_rogue_copper_shown_looked_tiles_private():
    s = table(3, loot={1: ["copper", "silver"]}, chosen=(6, 1, 2), row="3 5 6 8")
    silver = tokens_of(s, 1, "silver")[0]
    copper = tokens_of(s, 1, "copper")[0]
    s = play(s, "rogue P2", Pick(silver), "rogue more", Pick(copper), "rogue keep")
    assert s.view(2)["loot"][0]["known"] == ["copper"] and s.view(2)["loot"][1]["known"] == []
    assert s.view(0)["loot"][1]["known"] == ["silver"]


def test_H9_quartermaster_draw_private():
    s = table(4, discard=["gold"] + ["rum"] * 7, chosen=(4, 1, 2, 3), row="3 4 5 6 7")
    s = play(s, "take I1.a", "tile copper", "trade discard")
    gold = next(t for t in s.discard if s.kinds[t] == "gold")
    s = play(s, Pick(gold))
    assert "gold" in s.view(0)["loot"][0]["known"] and s.view(1)["loot"][0]["known"] == []
    assert "copper" in s.view(1)["discard"]["known"]                          # the paid tile was shown


def test_H10_duel_gift_known_to_both_duellists_only():
    s = table(3, loot={0: ["curse"]}, stack=[["turn", 0], ["spoils", 0, 1]])
    s = play(s, "spoils give curse")
    assert s.view(1)["loot"][1]["known"] == ["curse"] and s.view(2)["loot"][1]["known"] == []


def test_H11_juegos_stakes_secret_until_revealed():
    s = table(3, loot={0: ["gold"], 1: ["rum"]}, advanced=True, stack=[["call"], ["stake", 0, [1], []]])
    s = edit(s, current=-1)
    s = play(s, "stake gold")
    assert s.view(1)["loot"][0]["known"] == [] and "gold" not in json.dumps(s.view(1)["pending"])
    s = play(s, "stake rum")
    assert s.view(2)["loot"][0]["known"] == ["gold"]


def test_H12_initial_discard_unknown_to_everybody():
    s = table(3)
    assert all(s.view(p)["discard"]["known"] == [] for p in range(3))


def test_C6_exchangeable_unseen_tiles():
    s = play(table(4), "look I2.a", "tile copper")
    s = edit(s, turn=[0, 2, 0, 0, 0, 0, 0])
    s = play(s, "look I2.b", "tile rum")
    assert tile_distribution(s, 0, "I3.a")["gold"] == Fraction(2, 38) == Fraction(1, 19)
    assert tile_distribution(s, 0, "I2.a") == {"copper": Fraction(1)}
    truth = what_is(s, 0, "I2.b")
    assert truth["truth"] == {"rum": 1} and truth["viewer"] == {"rum": 1}
    assert sum(tile_distribution(s, 1, "P1").values()) == 1 if s.loot[0] else True


def test_C2_island_beliefs():
    s = table(4, advanced=True, removed="T01 T04 T08 T12")
    d = s.to_dict()
    d["islands"][0], d["flipped"][0] = "T10", True
    d["islands"][1], d["flipped"][1] = "T07", True
    s = s.game.state_from_dict(d)
    dist = island_distribution(s, 0, 3)
    from explorer.games.pirate_rush.data import ISLAND_TILES

    green = sum(p for t, p in dist.items() if ISLAND_TILES[t].colour == "green")
    assert green == Fraction(1, 6)
    red_i4 = sum(p for t, p in dist.items() if ISLAND_TILES[t].colour == "red")
    first_red = sorted(t for t in dist if ISLAND_TILES[t].colour == "red")[0]
    s2 = play(edit(s, stack=[["turn", 0], ["isee", 3, [0]]]), f"island {first_red}")
    d2 = island_distribution(s2, 0, 4)
    assert red_i4 * sum(p for t, p in d2.items() if ISLAND_TILES[t].colour == "red") == Fraction(2, 3)


@pytest.mark.parametrize("removed,expect", [("T04 T08 T09 T11", Fraction(3, 5))])
def test_C2_at_least_one_green_ahead(removed, expect):
    s = table(4, advanced=True, removed=removed)
    d = s.to_dict()
    d["islands"][0], d["flipped"][0] = "T07", True
    d["islands"][1], d["flipped"][1] = "T12", True
    s = s.game.state_from_dict(d)
    from explorer.games.pirate_rush.data import ISLAND_TILES

    dist = island_distribution(s, 0, 3)
    red = [t for t in dist if ISLAND_TILES[t].colour == "red"]
    both_red = Fraction(0)
    for t in red:
        s2 = play(edit(s, stack=[["turn", 0], ["isee", 3, [0]]]), f"island {t}")
        both_red += dist[t] * sum(p for x, p in island_distribution(s2, 0, 4).items()
                                  if ISLAND_TILES[x].colour == "red")
    assert 1 - both_red == expect


def test_H7_pile_inference_counts_known_tiles_exactly():
    s = table(3, loot={0: ["rum"], 1: ["gold", "curse"]}, chosen=(5, 1, 2), row="3 5 6 8")
    gold = tokens_of(s, 1, "gold")[0]
    s = edit(s, known=[sorted({*s.known[0], gold}), sorted(s.known[1]), []])
    dist = tile_distribution(s, 0, "P2")
    assert dist["gold"] == Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 38)
    assert sum(dist.values()) == 1 and tile_distribution(s, None, "P2") == {"gold": Fraction(1, 2),
                                                                             "curse": Fraction(1, 2)}
