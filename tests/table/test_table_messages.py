"""A seat's page is sent nothing its seat may not know, in all five games (issue #29).

The check: take a position, and for each seat the positions it cannot tell from the true one
(`Game.sample_state` of the seat's view: other hands dealt again, face-down tiles and the pile
shuffled again, other players' secret looks redone). The seat's whole message (the board's SVG,
its moves, the status line, the seats, the odds of a held draw) must be byte for byte the same
in every one of them, while the positions themselves differ: so nothing hidden
can be in it. A deliberately leaky message fails the same check (the last test).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

import explorer
from explorer.core.play import choose
from explorer.table.table import PERSON, Seat, Step, Table
from widgets.table import messages

GAMES = [("sjoroveroya", 3, {}), ("last_bottle_of_rum", 3, {}), ("pirate_rush", 3, {}),
         ("dead_mans_dice", 3, {}), ("jolly_and_roger", 2, {}), ("last_bottle_of_rum", 4, {"bounty_hunt": True}),
         ("pirate_rush", 4, {"advanced": True})]
WORLDS = 6


def _game(name: str, players: int, options: dict) -> explorer.Game:
    specs = {spec.name for spec in explorer.load(name).option_specs()}
    return explorer.load(name, players, **{k: v for k, v in options.items() if k in specs})


def positions(game: explorer.Game, seed: int, every: int = 9, limit: int = 160) -> list[explorer.State]:
    """Positions along one rule-of-thumb game, chance steps among them."""
    rng = random.Random(seed)
    policy = game.policies()[game.evaluator()](game)
    state, found = game.new_state(), []
    for n in range(limit):
        if state.is_over:
            break
        if n % every == 0:
            found.append(state)
        state = state._step(state.sample_chance(rng) if state.is_chance else choose(state, policy, rng))
    return [*found, state]


def table_at(state: explorer.State, show_odds: bool = False, players: tuple[str, ...] = ()) -> Table:
    game = state.game
    seats = tuple(Seat(i, f"token{i:04d}", players[i] if players else PERSON) for i in range(game.players))
    return Table("t0", game, 1, "", seats, "teacher0", state, steps=7, version=3, show_odds=show_odds)


def seat_text(table: Table, seat: int) -> str:
    here = [True] * len(table.seats)
    return json.dumps(messages.seat_message(table, seat, here, messages.odds_for(table, seat)), sort_keys=True)


def worlds_of(state: explorer.State, seat: int, count: int = WORLDS) -> list[explorer.State]:
    """Positions the seat cannot tell from `state`, carrying the same last step's events (a
    position's events ride along with it, outside its value, and views show them as the seat
    reads them)."""
    rng = random.Random(seat * 101 + len(state.history))
    view = state.view(seat)
    found = []
    for _ in range(count):
        world = state.game.sample_state(view, rng)
        object.__setattr__(world, "events", state.events)   # a fresh value of our own: no one else holds it
        found.append(world)
    return found


def truth_svg(state: explorer.State) -> str:
    return state.view(None)._repr_svg_()


@pytest.mark.parametrize("name,players,options", GAMES, ids=[f"{g}-{p}{'-' + '-'.join(o) if o else ''}"
                                                             for g, p, o in GAMES])
def test_a_seats_message_is_the_same_in_every_position_it_cannot_tell_apart(name, players, options):
    game = _game(name, players, options)
    differed = checked = 0
    for seed in (1, 2):
        for state in positions(game, seed):
            table = table_at(state)
            for seat in range(game.players):
                mine = seat_text(table, seat)
                for world in worlds_of(state, seat, 3):
                    assert world.view(seat) == state.view(seat), "sample_state keeps the seat's view"
                    assert seat_text(replace(table, state=world), seat) == mine
                    checked += 1
                    differed += world.to_dict() != state.to_dict()
    assert checked > 50
    if game.perfect_information():
        assert differed == 0           # Dead Man's Dice: nothing hidden, every world is the truth
    else:
        assert differed > checked // 10, "the check has teeth: the hidden parts really differed"


@pytest.mark.parametrize("name,players", [("sjoroveroya", 3), ("last_bottle_of_rum", 3), ("pirate_rush", 3),
                                          ("dead_mans_dice", 2)])
def test_the_odds_shown_to_a_seat_come_from_its_own_view(name, players):
    """ "Show everyone": a held draw's odds on a seat's page are the same in every position the
    seat cannot tell apart, and they are exact fractions summing to 1."""
    game = explorer.load(name, players)
    held = [s for s in positions(game, 3, every=1, limit=120) if s.is_chance
            and not s.stage_text().startswith("Setting up")][:3]
    assert held
    for state in held:
        table = table_at(state, show_odds=True)
        assert table.holding
        for seat in range(game.players):
            odds = messages.odds_for(table, seat)
            if odds["rows"]:
                from fractions import Fraction
                assert sum(Fraction(r["fraction"]) for r in odds["rows"]) == 1
                assert all(r["id"] is None for r in odds["rows"])     # a seat cannot choose the draw
            mine = seat_text(table, seat)
            for world in worlds_of(state, seat, 2):
                assert seat_text(replace(table, state=world), seat) == mine


def test_sjoroveroya_hands_other_seats_hold_are_never_drawn_on_a_seats_board():
    """The renderer's own marks for a hand's cards (``data-place="P2:suit:H"``) of the other seats
    are in the teacher's drawing and in no seat's."""
    game = explorer.load("sjoroveroya", 3)
    seen = 0
    for state in positions(game, 4):
        whole = truth_svg(state)
        for seat in range(3):
            board = messages.board_data(table_at(state), seat)["svg"]
            for other in range(3):
                mark = f'data-place="P{other + 1}:suit:'
                if other != seat and mark in whole:
                    seen += 1
                    assert mark not in board
    assert seen > 10


def test_a_seats_log_has_its_own_details_and_no_ones_moves_notation():
    game = explorer.load("sjoroveroya", 3)
    state = positions(game, 5)[-1]
    steps, s = [], game.new_state()
    for n, move in enumerate(state.history):
        seat = s.player
        s = s.apply(move)
        steps.append(Step(n, str(move), seat, "chance" if seat is None else PERSON, 0, s.events, 0.0))
    for seat in range(3):
        lines = messages.log_lines(steps, seat)
        assert all(set(line) == {"text", "rules", "who"} for line in lines)
        text = " ".join(line["text"] for line in lines)
        for other in range(3):
            gets = re.findall(rf"Player {other + 1} gets [♠♥♦♣]", text)
            assert (len(gets) > 0) == (other == seat)
    teacher = messages.log_lines(steps, None)
    assert all("move" in line and "n" in line for line in teacher)


def test_a_leaky_message_fails_the_same_check():
    """The check above would catch a seat's board drawn from the whole truth."""
    game = explorer.load("sjoroveroya", 3)
    state = positions(game, 1)[5]
    leaky = [state.view(None)._repr_svg_()] + [w.view(None)._repr_svg_() for w in worlds_of(state, 0)]
    assert len(set(leaky)) > 1


def test_rum_a_seat_sees_who_knows_the_bounty_top_card_and_not_the_card_R60():
    """A seat's board drew a crash where another player knew the Bounty card put back on top."""
    game = explorer.load("last_bottle_of_rum", 4, bounty_hunt=True)
    for seed in range(1, 6):
        for state in positions(game, seed, every=1, limit=400):
            top = state.view(None).get("modules", {}).get("bounty_top")
            if top:
                knower, other = top[1], (top[1] + 1) % 4
                name = explorer.games.last_bottle_of_rum.data.BOUNTIES[top[0]].name
                assert name in state.view(knower)._repr_svg_()
                svg = state.view(other)._repr_svg_()
                assert f"top card known to Player {knower + 1} only (R60)" in svg
                return
    pytest.fail("no position with a Bounty card put back on top")
