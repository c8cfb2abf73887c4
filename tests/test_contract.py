"""The game contract, checked on every registered game (docs/architecture.md, "The contract").

A new game passes this file with no change to it: everything goes through
`explorer.load`, the `Game` and `State` API and the digest's IDs. The checks of the
position notation, `hidden_worlds` and the evaluator also run on the toy games
(tests/toy_games.py), which keep the whole contract.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from conftest import digest_ids
from toy_games import DiceGame, DrawGame

import explorer
from explorer.analysis.odds import view_probability
from explorer.analysis.rollouts import policy_factories
from explorer.core.capabilities import CAPABILITIES, CORE, MissingCapability
from explorer.core.chance import check_distribution
from explorer.core.errors import IllegalAction, OptionError, PositionError, TooManyWorlds
from explorer.core.events import Event
from explorer.core.game import Game, State
from explorer.core.play import advance, choose
from explorer.core.policy import RandomPolicy
from explorer.testing import check_game

GAMES = explorer.games()
STEP_GUARD = 3000  # steps checked per game here; each game's own property tests play to the end
SHORT = {"sjoroveroya": {"turn_cap": 15}, "last_bottle_of_rum": {"turn_limit": 15},
         "dead_mans_dice": {"round_limit": 5}}   # caps where random play runs long; others play their defaults


def test_the_core_contract_is_at_most_fifteen_names():
    """What every game must write stays small; everything else is a declared capability."""
    names = [name for group in CORE.values() for name in group]
    assert len(names) == len(set(names)) <= 15
    assert not set(names) & {n for c in CAPABILITIES.values() for n in (*c.game, *c.state)}


def _written(cls, base, name):
    return getattr(cls, name, None) is not getattr(base, name, None)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_writes_the_core(name):
    game = explorer.load(name)
    state = game.new_state()
    for attr in CORE["Game"]:
        assert attr == "OPTIONS" or (_written(type(game), Game, attr) and getattr(game, attr)), f"Game.{attr}"
    for attr in CORE["State"]:
        assert _written(type(state), State, attr), f"State.{attr}"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_declares_exactly_the_capabilities_it_implements(name):
    """Declared as data (`Game.CAPABILITIES`): nothing is found by trying a method."""
    game = explorer.load(name)
    state = type(game.new_state())
    for cap in CAPABILITIES.values():
        written = all(_written(type(game), Game, n) for n in cap.game) and all(
            _written(state, State, n) for n in cap.state)
        assert written == game.can(cap.name), f"{cap.name}: written {written}, declared {game.can(cap.name)}"


def test_an_undeclared_capability_says_which_and_what_it_unlocks():
    class Bare(Game):
        name, title = "bare", "Bare"

    with pytest.raises(MissingCapability, match=r"Bare does not offer 'hidden_worlds'.*exact odds"):
        list(Bare(1).hidden_worlds({}))
    assert not Bare.can("hidden_worlds") and Bare(1).playout(None, random.Random(0), 10) is None
    with pytest.raises(TypeError, match="unknown capabilities"):
        type("Typo", (Game,), {"CAPABILITIES": frozenset({"hiden_worlds"})})


@pytest.mark.parametrize("name", GAMES)
def test_the_authors_checker_finds_nothing_to_fix(name):
    """`explorer.testing.check_game`, the checker a game's author runs, passes every game here,
    OpenSpiel's and PettingZoo's own checkers through the adapters included."""
    report = check_game(explorer.load(name), seeds=2, steps=250)
    assert report.checked["steps"] > 50 and report.checked["openspiel"] and report.checked["pettingzoo"]


def walk(game, seed, steps=STEP_GUARD):
    """A random game (start included) as the list of its states, at most `steps` long."""
    rng = random.Random(seed)
    state = game.new_state()
    states = [state]
    while not state.is_over and len(states) < steps:
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@pytest.fixture(params=GAMES)
def name(request):
    return request.param


def test_registry_lists_every_game_and_loads_it(name):
    game = explorer.load(name)
    assert game.name == name and game.title
    assert game.min_players <= game.players <= game.max_players
    assert explorer.load(name) == game and hash(explorer.load(name)) == hash(game)
    assert eval(repr(game), {"explorer": explorer}) == game


def test_player_names_are_distinct_and_the_events_use_them(name):
    game = explorer.load(name)
    names = [game.player_name(p) for p in range(game.players)]
    assert len(set(names)) == game.players and all(names)
    told, state, rng = "", game.start(1), random.Random(1)
    for _ in range(400):
        if state.is_over:
            break
        state = advance(state, rng)
        told += " ".join(e.text for e in state.events) + " "
    assert all(n in told for n in names), (names, told[:300])


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionError) as err:
        explorer.load("treasure_island")
    assert err.value.field == "name" and "sjoroveroya" in str(err.value)


def test_bad_player_counts_and_options_are_refused(name):
    cls = type(explorer.load(name))
    for players in (cls.min_players - 1, cls.max_players + 1, "3", 2.0, True):
        with pytest.raises(OptionError) as err:
            explorer.load(name, players=players)
        assert err.value.field == "players"
    with pytest.raises(OptionError) as err:
        explorer.load(name, no_such_option=1)
    assert err.value.field == "options.no_such_option"
    for spec in cls.OPTIONS:
        wrong = object()
        with pytest.raises(OptionError) as err:
            explorer.load(name, **{spec.name: wrong})
        assert err.value.field == f"options.{spec.name}" and isinstance(err.value, PositionError)


def test_every_digest_option_is_a_named_switch(name):
    cls = type(explorer.load(name))
    cited = {spec.rule for spec in cls.OPTIONS}
    missing = [i for i in digest_ids(name) if i.startswith("V") and i not in cited]
    assert not missing, f"options without a switch: {missing}"
    game = explorer.load(name)
    assert set(game.options) == {spec.name for spec in cls.OPTIONS}


def test_rules_state_every_digest_id_in_one_line(name):
    rules = explorer.load(name).rules
    missing = [i for i in digest_ids(name) if i not in rules and not i.startswith("T0")]
    assert not missing, f"no statement for {missing}"
    assert all(isinstance(t, str) and t and "\n" not in t for t in rules.values())


@pytest.mark.parametrize("seed", range(3))
def test_random_play_keeps_the_contract(name, seed):
    cls = type(explorer.load(name))
    players = cls.min_players + seed % (cls.max_players - cls.min_players + 1)
    game = explorer.load(name, players=players)
    states = walk(game, seed)
    for state in states:
        assert hash(state) == hash(state)
        if state.is_over:
            assert state.player is None and not state.legal_actions() and not state.chance_outcomes()
            ranking = state.winners()
            assert sorted(p for group in ranking for p in group) == list(range(players))
        elif state.is_chance:
            assert state.player is None and not state.legal_actions()
            outcomes = state.chance_outcomes()
            check_distribution(outcomes)
            assert all(isinstance(p, Fraction) for _, p in outcomes)
            for outcome, _ in outcomes:
                assert game.parse_action(str(outcome)) == outcome
        else:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            assert 0 <= state.player < players and state.winners() == ()
            for action in legal:
                assert game.parse_action(str(action)) == action
        assert all(isinstance(e, Event) and e.text for e in state.events)
        assert len(state.scores()) == players


@pytest.mark.parametrize("seed", range(2))
def test_apply_never_mutates_and_positions_round_trip(name, seed):
    game = explorer.load(name)
    states = walk(game, seed, steps=400)
    for state in states[:: max(1, len(states) // 60)]:
        snapshot = json.dumps(state.to_dict(), sort_keys=True)
        key = state._key()
        if not state.is_over:
            moves = state.chance_outcomes() if state.is_chance else state.legal_actions()
            for move in moves[:8]:
                state.apply(move[0] if state.is_chance else move)
        assert state._key() == key and json.dumps(state.to_dict(), sort_keys=True) == snapshot
        data = json.loads(snapshot)
        assert game.state_from_dict(data) == state
        assert explorer.state_from_dict(data) == state
        for player in [None, *range(game.players)]:
            json.dumps(state.view(player))


@pytest.mark.parametrize("seed", range(2))
def test_replay_and_playout_are_reproducible(name, seed):
    game = explorer.load(name)
    states = walk(game, seed, steps=500)
    last = states[-1]
    assert explorer.replay(game, last.history) == last
    assert explorer.replay(game, [str(h) for h in last.history]) == last
    start = game.start(seed=seed)
    assert start == game.start(seed=seed) and not start.is_chance
    a = advance(start, seed=seed + 1, steps=2000)
    b = advance(start, seed=seed + 1, steps=2000)
    assert a == b and a.history == b.history


def test_illegal_actions_name_a_rule_and_leave_the_state_alone(name):
    game = explorer.load(name)
    states = walk(game, 7, steps=300)
    decisions = [s for s in states if not s.is_chance and not s.is_over]
    foreign = [a for s in decisions for a in s.legal_actions()]
    checked = 0
    for state in decisions[:40]:
        key = state._key()
        for action in foreign[:: max(1, len(foreign) // 50)]:
            if action in state.legal_actions():
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert err.value.rule and err.value.reason and state._key() == key
            checked += 1
        for junk in (None, 42, ("x",), "not a move at all"):
            with pytest.raises(IllegalAction):
                state.apply(junk)
    assert checked > 0


def test_bad_position_data_raises_position_error(name):
    game = explorer.load(name)
    state = game.start(seed=3)
    good = state.to_dict()
    for bad in (None, [], "text", 42):
        with pytest.raises(PositionError):
            game.state_from_dict(bad)
    for key in good:
        if key == "game":
            continue
        broken = dict(good)
        del broken[key]
        try:
            game.state_from_dict(broken)   # optional fields fall back to defaults
        except PositionError as err:
            assert err.field.split(".")[0] == key
        for value in (None, "?", -1, {"x": 1}, [[-5]]):
            broken[key] = value
            try:
                game.state_from_dict(broken)
            except PositionError as err:
                assert err.field and err.reason
    broken = dict(good)
    broken["no_such_field"] = 1
    with pytest.raises(PositionError) as err:
        game.state_from_dict(broken)
    assert err.value.field == "no_such_field"


@pytest.mark.parametrize("most", [False, True], ids=["fewest-players", "most-players"])
def test_states_render_as_svg_and_views_hide_nothing_they_should_show(name, most):
    cls = type(explorer.load(name))
    game = explorer.load(name, players=cls.max_players if most else cls.min_players)
    for state in walk(game, 11, steps=200)[::20]:
        svg = state._repr_svg_() if hasattr(state, "_repr_svg_") else None
        html = None if svg else state._repr_html_()
        if svg:
            ET.fromstring(svg)
        else:
            assert "<" in html
        for player in range(game.players):
            view = state.view(player)
            rendered = view._repr_svg_()
            ET.fromstring(rendered)


def test_games_are_immutable(name):
    game = explorer.load(name)
    with pytest.raises(AttributeError):
        game.players = 5
    state = game.start(seed=1)
    with pytest.raises(AttributeError):
        state.game = None


@pytest.mark.parametrize("seed", range(6))
def test_sample_state_gives_back_every_players_view_at_every_decision(name, seed):
    """A state drawn from a player's view shows him that same view (bar `events`, the last
    move's story); drawn from the actor's view, it offers the same legal actions too. Random
    seats on even seeds, the game's rule-of-thumb seats on odd ones; games are played until more
    than 10 decisions were checked (one game of a short game may have fewer)."""
    cls = type(explorer.load(name))
    players = cls.min_players + seed // 2 % (cls.max_players - cls.min_players + 1)
    game = explorer.load(name, players=players, **SHORT.get(name, {}))
    policy = policy_factories(game).get("rule_of_thumb" if seed % 2 else "random", RandomPolicy)(game)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    decisions = 0
    while not state.is_over or decisions <= 10:
        if state.is_over:
            state = game.start(seed=seed + 1000 + decisions)
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
            continue
        decisions += 1
        for player in range(game.players):
            view = state.view(player)
            drawn = game.sample_state(view, random.Random(decisions * 7 + player))
            assert _story_aside(drawn.view(player)) == _story_aside(view), (name, decisions, player)
            if player == state.player:
                assert sorted(map(str, drawn.legal_actions())) == sorted(map(str, state.legal_actions()))
        state = state.apply(choose(state, policy, rng))


def _story_aside(view) -> dict:
    return {key: value for key, value in view.items() if key != "events"}


# -- positions a person can write and question (issue #17), and the evaluator (issue #18) ---------
# These run on every registered game and on the toy games of tests/toy_games.py, which keep the
# whole contract (a hidden-card one included), so the checks themselves are checked.
TOYS = {"toy_dice": DiceGame(2), "toy_draw": DrawGame(2), "toy_draw_3": DrawGame(3, reds=3, blacks=4)}
WORLD_LIMIT = 5_000   # more hidden possibilities than this: the sampled odds are checked instead


def contract_game(key):
    return TOYS[key] if key in TOYS else explorer.load(key, **SHORT.get(key, {}))


@pytest.fixture(params=[*GAMES, *TOYS])
def setup(request):
    return contract_game(request.param)


def spread(states, count):
    """About `count` states evenly along a game, the last included."""
    step = max(1, len(states) // count)
    return [*states[::step], states[-1]]


@pytest.mark.parametrize("seed", range(2))
def test_position_reads_back_its_notation(setup, seed):
    for state in spread(walk(setup, seed, steps=300), 30):
        text = state.notation()
        assert isinstance(text, str) and text
        again = setup.position(text)
        assert again == state, (text, again.notation())
        assert again.notation() == text


def test_a_position_that_is_not_notation_is_one_position_error(setup):
    with pytest.raises(PositionError) as err:
        setup.position("🦜 this is no position\n::: at all")
    assert err.value.field and err.value.reason


@pytest.mark.parametrize("seed", range(2))
def test_hidden_worlds_weigh_every_view_exactly(setup, seed):
    """For each player's view at several positions: the weights are exact and sum to 1, every
    world shows that player the same view, and the truth is one of the worlds (as `world_key`
    sees them from that player: what he cannot tell apart and no rule reads). Where there are
    too many worlds, the sampled odds that a drawn world shows the same view must be 1."""
    checked = 0
    for state in spread(walk(setup, seed, steps=200), 6):
        for player in range(setup.players):
            view = state.view(player)
            try:
                worlds = list(setup.hidden_worlds(view, limit=WORLD_LIMIT))
            except TooManyWorlds:
                odds = view_probability(state, player, lambda w, p=player, v=view: _story_aside(w.view(p)) ==
                                        _story_aside(v), limit=WORLD_LIMIT, samples=40, seed=seed)
                assert not odds.exact and odds.probability == 1.0, (setup.name, player)
                continue
            assert worlds and all(isinstance(w, Fraction) and w > 0 for _, w in worlds)
            assert sum(w for _, w in worlds) == 1, (setup.name, player)
            for world, _ in worlds:
                assert world.game == setup
                assert _story_aside(world.view(player)) == _story_aside(view), (setup.name, player)
            truth = setup.world_key(state, player)   # what one world stands for (Game.world_key)
            assert _story_aside(truth.view(player)) == _story_aside(view), "world_key dropped what the player sees"
            assert truth in {setup.world_key(world, player) for world, _ in worlds}, "the truth is not among the worlds"
            checked += 1
    assert checked or setup.name in GAMES


def test_hidden_worlds_of_the_toy_agree_with_sample_state():
    """`hidden_worlds` is `sample_state` enumerated: each world's frequency among 4,000 draws
    lies in its 99.9% interval (a check of the toy that the checks above trust)."""
    from explorer.analysis.stats import wilson

    game = DrawGame(3, reds=3, blacks=4)
    state = game.new_state().apply("deal red").apply("deal black").apply("deal black")
    view = state.view(0)
    worlds = dict(game.hidden_worlds(view))
    rng = random.Random(5)
    draws = [game.sample_state(view, rng) for _ in range(4000)]
    for world, weight in worlds.items():
        low, high = wilson(sum(d == world for d in draws), 4000, z=3.29)
        assert low <= weight <= high, (world.to_dict(), weight, low, high)
    assert set(draws) == set(worlds)


@pytest.mark.parametrize("seed", range(2))
def test_cut_off_is_none_during_play(setup, seed):
    states = walk(setup, seed, steps=STEP_GUARD)
    assert all(s.cut_off() is None for s in states if not s.is_over)
    last = states[-1]
    if last.is_over:
        assert last.cut_off() is None or last.cut_off() in setup.options


def test_the_evaluator_is_one_of_the_games_policies(setup):
    name = setup.evaluator()
    assert name in policy_factories(setup)
    if "rule_of_thumb" in setup.policies():
        assert name != "random"


def test_seats_are_named_player_1_to_n(setup):
    """The project's seat naming: "Player 1" .. "Player N" in events, errors, logs and boards."""
    assert [setup.player_name(p) for p in range(setup.players)] == [f"Player {p + 1}" for p in range(setup.players)]


@pytest.mark.parametrize("seed", range(3))
def test_sampled_and_enumerated_worlds_load_back_as_themselves(name, seed):
    """A world a player's view stands for is a real position: `sample_state` and `hidden_worlds`
    (where not too many) give states that `state_from_dict(to_dict())` reads back unchanged,
    for every seat, at positions spread along a random game before its end. The default rules
    and long walks, so that cards run out and piles are reshuffled (Sjørøverøya's R26)."""
    game = explorer.load(name)
    rng = random.Random(seed)
    checked = 0
    for state in [s for s in spread(walk(game, seed, steps=1500), 12) if not s.is_over]:
        for player in range(game.players):
            view = state.view(player)
            worlds = [game.sample_state(view, rng) for _ in range(3)]
            try:
                worlds += [world for world, _ in game.hidden_worlds(view, limit=WORLD_LIMIT)]
            except TooManyWorlds:
                pass
            for world in worlds:
                data = world.to_dict()
                assert game.state_from_dict(data) == world, (name, seed, player, data)
                checked += 1
    assert checked
