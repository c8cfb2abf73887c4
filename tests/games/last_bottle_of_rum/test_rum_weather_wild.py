"""The Last Bottle of Rum, module V2: a Weather card's actions are wild (R63, D7 as corrected):
each is used as any one of Sail, Earn doubloons, Attack or Repair when it is used, counts as an
unused action until then (R12), and is written ``W`` while unused."""

from __future__ import annotations

import pytest
from games.last_bottle_of_rum.support import legal, rules_cited, run, scene, ship

from explorer.core.errors import IllegalAction
from explorer.games.last_bottle_of_rum.data import CARDS, WEATHER
from explorer.games.last_bottle_of_rum.model import Exchange

SEA = {"1,0": "T28", "2,0": "T29", "3,-1": "T30", "1,-1": "T24", "2,-1": "T25", "2,1": "T26"}
WILD = {"maelstrom": 1, "storm": 2, "trade_wind": 1, "becalmed": 2, "gale": 1}   # D7
CARD_IDS = sorted(WEATHER)


def sea(ships: list[dict], **kw):
    return scene(ships, tiles=SEA, face_up=tuple(SEA), weather=True, **kw)


def _id(card: str) -> str:
    return f"R63-D7-{card}-{CARDS[card].weather}"


def _after_effect(card: str, **kw):
    """P1 at 1,0 beside P2 at 2,0, with `card` played and its effect carried out: only its wild
    actions are left (becalmed keeps its flag, D7)."""
    n = WILD[CARDS[card].weather]
    flags = "k" if CARDS[card].weather == "becalmed" else ""
    return sea([ship(cell="1,0", doubloons=1, damage={"SAIL": 1}), ship(cell="2,0")], played=(card,),
               used=(card,), actions="W" * n, flags=flags, **kw)


@pytest.mark.parametrize("card", CARD_IDS, ids=[_id(c) for c in CARD_IDS])
def test_R63_D7_each_weather_card_gives_its_wild_actions(card):
    n = WILD[CARDS[card].weather]
    assert CARDS[card].icons == "W" * n
    state = sea([ship(hand=(card, "AC05")), ship()], phase="play")       # AC05: Full Sail D D
    state = run(state, f"play AC05 {card}")
    assert state.turn.actions == (0, 2, 0, 0, n) and "R64" in rules_cited(state)
    wild = _after_effect(card)
    uses = {"sail 2,-1", "earn", "attack P2", "repair SAIL"}
    if CARDS[card].weather == "becalmed":
        uses.discard("sail 2,-1")                                         # D7: D, A or R only
        assert not any(a.startswith("sail") for a in legal(wild))
    assert uses <= legal(wild)
    for use in uses:
        after = run(wild, use)
        assert after.turn.actions == (0, 0, 0, 0, n - 1)
        assert {"R63", "D7"} <= rules_cited(after)
        assert any("wild action" in e.text for e in after.events)


def test_R63_D7_storms_leave_sail_possible_where_fixed_icons_gave_repairs_only():
    state = sea([ship(hand=("AC79", "AC80")), ship()], phase="play")
    state = run(state, "play AC79 AC80", "weather AC79", "weather AC80")
    assert state.turn.actions == (0, 0, 0, 0, 4)
    assert "sail 1,0" in legal(state) and "earn" in legal(state)


def test_R63_D7_an_icons_own_action_is_used_before_a_wild_one():
    state = run(sea([ship(), ship()], played=("AC77",), used=("AC77",), actions="SW"), "sail 1,0")
    assert state.turn.actions == (0, 0, 0, 0, 1)
    assert not any("wild action" in e.text for e in state.events)


def test_R34_R63_D7_wild_actions_make_up_an_attacks_range():
    state = sea([ship(cell="1,0", doubloons=1), ship(cell="3,-1")], played=("AC85",), used=("AC85",), actions="AW")
    assert "attack P2" in legal(state)
    after = run(state, "attack P2")
    assert after.turn.actions == (0, 0, 0, 0, 0)
    short = sea([ship(cell="1,0", doubloons=1), ship(cell="3,-1")], played=("AC85",), used=("AC85",), actions="W")
    with pytest.raises(IllegalAction) as err:
        short.apply("attack P2")
    assert err.value.rule == "R34" and "1 wild" in str(err.value)


def test_R12_R63_D7_a_wild_action_may_be_given_in_an_exchange_never_got():
    state = sea([ship(), ship()], played=("AC79",), used=("AC79",), actions="SDW")
    assert {"exchange SDW>A", "exchange SDW>R"} <= legal(state)
    after = run(state, "exchange WSD>A")                       # written in any order
    assert after.turn.actions == (0, 0, 1, 0, 0) and "R12" in rules_cited(after)
    assert state.game.parse_action("exchange SWD>R") == Exchange("SDW", "R")
    with pytest.raises(IllegalAction):
        state.game.parse_action("exchange SDA>W")


def test_R11_R63_D7_no_action_of_a_kind_and_no_wild_one_names_both():
    state = sea([ship(doubloons=1), ship()], played=("AC05",), used=("AC05",), actions="D")
    with pytest.raises(IllegalAction) as err:
        state.apply("sail 1,0")
    assert err.value.rule == "R11" and "wild" in str(err.value)


def test_R63_D7_a_wild_action_is_written_W_while_unused_and_read_back():
    state = _after_effect("AC83")
    text = state.notation()
    assert "actions: W W" in text
    assert state.game.position(text) == state
    assert state.to_dict()["turn"]["actions"] == {"S": 0, "D": 0, "A": 0, "R": 0, "W": 2}
    assert state.game.state_from_dict(state.to_dict()) == state
    used = run(state, "earn")
    assert "actions: W\n" in used.notation() and used.turn.actions == (0, 0, 0, 0, 1)


def test_R63_D7_the_board_shows_wild_actions():
    state = _after_effect("AC79")
    svg = state.view(0).svg if hasattr(state.view(0), "svg") else state._repr_svg_()
    assert "Wild 2" in svg and "Storm WW" in svg and "W wild" in svg


def test_R72_R63_D7_the_ghost_counts_no_wild_icon():
    from explorer.games.last_bottle_of_rum.model import Ghost
    from explorer.games.last_bottle_of_rum.modules.ghost import icons

    assert icons(Ghost(cards=("AC79", "AC01"))) == (2, 0, 0, 0)           # AC01: Full Sail S S


def test_R63_D7_a_players_view_and_its_odds_carry_the_wild_actions():
    from explorer.analysis.odds import view_probability

    state = explorer_position("""
        turn: P1
        phase: actions
        P1 captain: Humboldt
        P1 hand: Full Sail SS
        P2 captain: Madame Macaw
        P2 hand: Plunder DD, Sabotage AA
        played: Storm #1
        used: Storm #1
        actions: W W
        display: Gold Ingot on Pearl Bay, Giant Idol on Parrot Cay, Kraken's Eye on Coconut Isle
    """)
    assert state.view(1)["turn"]["actions"]["W"] == 2
    worlds = list(state.game.hidden_worlds(state.view(1)))
    assert state in {w for w, _ in worlds} and all(w.turn.actions == (0, 0, 0, 0, 2) for w, _ in worlds)
    sail = view_probability(state, 1, lambda w: "sail 1,0" in {str(a) for a in w.legal_actions()})
    assert sail.probability == 1


def explorer_position(text: str):
    import explorer

    return explorer.load("last_bottle_of_rum", weather=True).position(text)


def test_R12_R63_D7_an_exchange_giving_a_wild_action_is_described_in_words():
    state = sea([ship(), ship()], played=("AC79",), used=("AC79",), actions="SDW")
    assert state.describe(Exchange("SDW", "A")) == "Trade Sail+Earn doubloons+Wild for Attack"


def test_R8_R12_R63_D7_the_rule_of_thumb_values_wild_actions_and_keeps_them_out_of_exchanges():
    from explorer.games.last_bottle_of_rum.thumb import CARD_VALUE, _exchange

    assert CARD_VALUE["AC79"] == 6 == CARD_VALUE["AC01"]          # Storm W W as much as Full Sail S S
    assert CARD_VALUE["AC77"] == 3                                # one wild action: a Sail's worth
    assert _exchange(None, Exchange("SDW", "A")) < _exchange(None, Exchange("SDD", "A"))
