"""The chance panel that scales: outcome groups, drill-down, one-click set-up, the odds a
player may know, and the served app's game picker (widgets.present_chance, widgets.served)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import comb

import pytest
from toy_games import DiceGame, DiceState

import explorer
from explorer.core.errors import TooManyWorlds
from widgets import present, present_chance, served
from widgets.controller import Controller
from widgets.panels import ChancePanel
from widgets.present_chance import MAX_BARS, OTHER, Item, open_level, rows_of, teacher_items


def largest_chance_nodes(name: str, seeds: int = 3, steps: int = 250) -> dict[str, explorer.core.game.State]:
    """The largest chance node of each outcome type met in a few seeded random games."""
    game = explorer.load(name)
    found: dict[str, explorer.core.game.State] = {}
    for seed in range(seeds):
        rng, state = random.Random(seed), game.new_state()
        for _ in range(steps):
            if state.is_over:
                break
            if state.is_chance:
                outcomes = state.chance_outcomes()
                kind = type(outcomes[0][0]).__name__
                if kind not in found or len(outcomes) > len(found[kind].chance_outcomes()):
                    found[kind] = state
                state = state._step(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state._step(legal[rng.randrange(len(legal))])
    return found


NODES = [pytest.param(state, id=f"{name}-{kind}-{len(state.chance_outcomes())}")
         for name in explorer.games() for kind, state in largest_chance_nodes(name).items()]


def walk(items: list[Item], steps: tuple[str, ...] = ()):
    """Every level a person can open: (steps, rows, the items shown there)."""
    rows, _ = rows_of(items, steps)
    yield steps, rows
    for row in rows:
        if row["group"]:
            yield from walk(items, (*steps, row["key"]))


def level_items(items: list[Item], steps: tuple[str, ...]) -> list[Item]:
    """The items a level lists, worked out from the groups themselves (the oracle)."""
    current = list(items)
    for step in steps:
        bars, _ = open_level(current, ())
        shown, rest = present_chance.fold(bars)
        if step == OTHER:
            current = [i for b in rest for i in b.items]
        else:
            current = list(next(b for b in shown if b.key == step).items)
    return current


class TestGrouping:
    @pytest.mark.parametrize("state", NODES)
    def test_every_outcome_in_exactly_one_bar_with_exact_sums(self, state):
        items = teacher_items(state)
        rows, crumbs = rows_of(items, ())
        assert crumbs == [] and 1 <= len(rows) <= MAX_BARS
        assert sum(Fraction(r["fraction"]) for r in rows) == 1
        assert sum(r["count"] for r in rows) == len(state.chance_outcomes())
        bars, _ = open_level(items, ())
        shown, rest = present_chance.fold(bars)
        members = [i.move for b in [*shown, *rest] for i in b.items]
        assert sorted(members) == sorted(str(o) for o, _ in state.chance_outcomes())   # each exactly once

    @pytest.mark.parametrize("state", NODES)
    def test_drill_down_lists_the_groups_outcomes(self, state):
        items = teacher_items(state)
        truth = {str(o): Fraction(p) for o, p in state.chance_outcomes()}
        leaves = []
        for steps, rows in walk(items):
            assert 1 <= len(rows) <= MAX_BARS, steps
            inside = level_items(items, steps)
            assert sum(r["count"] for r in rows) == len(inside)
            assert sum(Fraction(r["fraction"]) for r in rows) == sum(i.probability for i in inside)
            for row in rows:
                assert isinstance(row["value"], float) and len(row["label"]) <= present_chance.SHORT
                if not row["group"]:
                    assert Fraction(row["fraction"]) == truth[row["id"]]
                    leaves.append(row["id"])
        assert sorted(leaves) == sorted(truth)   # every outcome reachable, once, by drilling

    def test_rum_action_cards_group_by_effect_then_by_icons_C6(self):
        state = explorer.load("last_bottle_of_rum").start(seed=0)   # captains chosen next (S7)
        while not state.is_chance:
            state = state._step(state.legal_actions()[0])
        items = teacher_items(state)
        rows, _ = rows_of(items, ())
        assert len(state.chance_outcomes()) == 76 and len(rows) <= MAX_BARS
        full_sail = next(r for r in rows if r["label"] == "Full Sail")
        assert (Fraction(full_sail["fraction"]), full_sail["count"]) == (Fraction(6, 76), 6)
        assert not any(re.search(r"\bAC\d\d\b", r["label"] + r["full"]) for r in rows)   # names, not card IDs
        inside, crumbs = rows_of(items, ("Full Sail",))
        assert crumbs == ["Full Sail"] and sum(r["count"] for r in inside) == 6
        assert {r["label"] for r in inside} >= {"Full Sail: Sail + Doubloons", "Full Sail: Sail + Sail"}
        both = next(r for r in inside if r["label"] == "Full Sail: Sail + Doubloons")
        assert both["group"] and Fraction(both["fraction"]) == Fraction(2, 76)   # two identical cards

    def test_pirate_rush_setup_tiles_group_by_green_tiles_S2_C1(self):
        state = explorer.load("pirate_rush").new_state()
        assert len(state.chance_outcomes()) == 495
        rows, _ = rows_of(teacher_items(state), ())
        odds = {r["label"]: Fraction(r["fraction"]) for r in rows}
        assert odds == {"No green tile": Fraction(comb(9, 4), 495), "1 green tile": Fraction(3 * comb(9, 3), 495),
                        "2 green tiles": Fraction(3 * comb(9, 2), 495), "3 green tiles": Fraction(9, 495)}

    def test_folded_bars_keep_the_likeliest_and_name_the_rest(self):
        items = [Item(f"o{k}", f"outcome {k}", Fraction(k + 1, 210)) for k in range(20)]
        rows, _ = rows_of(items, ())
        assert len(rows) == MAX_BARS and rows[-1]["key"] == OTHER
        assert [r["id"] for r in rows[:-1]] == [f"o{k}" for k in range(9, 20)]   # the 11 likeliest, in order
        assert Fraction(rows[-1]["fraction"]) == sum(Fraction(k + 1, 210) for k in range(9))
        inside, crumbs = rows_of(items, (OTHER,))
        assert [r["id"] for r in inside] == [f"o{k}" for k in range(9)] and crumbs == ["Any other (9 outcomes)"]

    def test_a_long_label_is_cut_and_kept_whole_in_the_tooltip(self):
        text = "Island tiles set aside (shown to all): T01, T02, T03, T04"
        rows, _ = rows_of([Item("x", text, Fraction(1))], ())
        assert rows[0]["label"].endswith("…") and len(rows[0]["label"]) <= present_chance.SHORT
        assert rows[0]["full"] == text and rows[0]["percent"] == "100%"

    def test_opening_a_group_that_is_not_there_is_named_and_changes_nothing(self):
        ctl = Controller(explorer.load("jolly_and_roger").new_state())
        before = (ctl.revision, ctl.chance_focus)
        ctl.handle({"op": "drill", "steps": ["Purple pirates"]})
        assert ctl.error == "group: no group 'Purple pirates' to open here"
        assert ctl.chance_focus == before[1]


class TestControllerChance:
    def test_drill_opens_a_group_and_any_other_node_starts_closed(self):
        ctl = Controller(explorer.load("jolly_and_roger").new_state())
        drawn = []   # what a view draws when the controller tells it to
        ctl.observe(lambda _: drawn.append(present_chance.chance_data(ctl)), "revision")
        ctl.handle({"op": "drill", "steps": ["Green pirates"]})
        data = present_chance.chance_data(ctl)
        assert drawn == [data]
        assert data["crumbs"] == ["Green pirates"] and data["steps"] == ["Green pirates"]
        assert [r["label"] for r in data["rows"]] == [f"Green {v}" for v in range(1, 6)]
        ctl.roll()
        assert present_chance.chance_data(ctl)["crumbs"] == []   # the next draw: closed again
        ctl.back()
        assert present_chance.chance_data(ctl)["crumbs"] == []

    def test_deal_the_setup_in_one_click_every_draw_kept_S10(self):
        game = explorer.load("last_bottle_of_rum")
        ctl = Controller(game, seed=0)   # the captains are chosen, then 8 cards and who starts are drawn
        while not ctl.state.is_chance:
            ctl.play(ctl.state.legal_actions()[0])
        start = len(ctl.path)
        assert present_chance.chance_data(ctl)["deal"] == "Deal the set-up"
        revision = ctl.revision
        ctl.handle({"op": "deal"})
        assert ctl.revision == revision + 1 and ctl.error == ""
        assert not ctl.state.is_chance and ctl.state.player is not None
        line = [ctl.tree.root]
        for move in ctl.path:
            line.append(line[-1].child(move))
        dealt = line[start + 1:]
        # 8 cards (a Kraken means one more, R6) and who starts, each a chance edge
        assert len(dealt) >= 9 and all(n.probability is not None for n in dealt)
        ctl.goto(ctl.path[:start + 1])   # any draw can still be chosen by hand: a new branch
        taken = ctl.path[-1]
        ctl.back()
        other = next(o for o, _ in ctl.state.chance_outcomes() if str(o) != taken)
        ctl.choose(other)
        assert len(ctl.node.parent.children) == 2

    def test_deal_is_offered_for_a_chain_not_a_lone_roll(self):
        ctl = Controller(explorer.load("dead_mans_dice"), seed=7)
        while not ctl.state.is_chance:
            ctl.play(ctl.state.legal_actions()[0])
        assert present_chance.chance_data(ctl)["deal"] == ""
        ctl.roll()
        ctl.first()
        ctl.handle({"op": "deal"})
        assert ctl.error == "path: not a chance node: nothing to deal"


class OpenDice(DiceGame):
    """The toy dice game with its (empty) hidden part listed: a fair die's odds are public."""

    name = "toy_open_dice"

    def hidden_worlds(self, view, limit=100_000):
        yield self.state_from_dict(view), Fraction(1)


class LoadedState(DiceState):
    """A die loaded towards 4-6 while the last player's total is odd (hidden from the others)."""

    __slots__ = ()

    def chance_outcomes(self):
        if not self.is_chance or self.totals[-1] % 2 == 0:
            return super().chance_outcomes()
        return tuple((f"die {k}", Fraction(1, 3)) for k in (4, 5, 6))

    def _step(self, action):
        s = super()._step(action)
        return LoadedState(s.game, s.totals, s.to_move, s.dice_left, s._trail)


class SecretDice(DiceGame):
    """Two worlds a player cannot tell apart, loaded and fair: the odds are not public."""

    name = "toy_secret_dice"

    def new_state(self):
        return LoadedState(self, (0,) * self.players, 0, 0)

    def state_from_dict(self, data):
        s = super().state_from_dict(data)
        return LoadedState(self, s.totals, s.to_move, s.dice_left)

    def hidden_worlds(self, view, limit=100_000):
        fair = self.state_from_dict({**view, "totals": [*view["totals"][:-1], 0]})
        loaded = self.state_from_dict({**view, "totals": [*view["totals"][:-1], 1]})
        yield fair, Fraction(1, 2)
        yield loaded, Fraction(1, 2)


class UnlistedDice(DiceGame):
    """The toy dice game before it lists its hidden part (no ``hidden_worlds`` capability)."""

    name = "toy_unlisted_dice"
    CAPABILITIES = DiceGame.CAPABILITIES - {"hidden_worlds"}


class CrowdedDice(DiceGame):
    """The toy dice game as if its hidden part were too large to list."""

    name = "toy_crowded_dice"

    def hidden_worlds(self, view, limit=100_000):
        raise TooManyWorlds(limit + 1, limit)


class TestViews:
    def rolled(self, game):
        ctl = Controller(game.new_state(), seed=1)
        ctl.play("two")
        return ctl

    def test_public_odds_show_in_every_view_and_may_be_chosen(self):
        ctl = self.rolled(OpenDice(2))
        teacher = present_chance.chance_data(ctl)
        for viewer in (0, 1):
            ctl.set_viewer(viewer)
            data = present_chance.chance_data(ctl)
            assert not data["hidden"] and len(data["rows"]) == 6
            assert [Fraction(r["fraction"]) for r in data["rows"]] == [Fraction(1, 6)] * 6
            assert sorted(r["id"] for r in data["rows"]) == sorted(r["id"] for r in teacher["rows"])
            assert "Player" in data["note"] and f"Player {viewer + 1}" in data["note"]

    def test_hidden_odds_are_a_players_own_and_choose_nothing(self):
        ctl = self.rolled(SecretDice(2))   # the truth: fair (the last total is 0)
        assert [Fraction(r["fraction"]) for r in present_chance.chance_data(ctl)["rows"]] == [Fraction(1, 6)] * 6
        ctl.set_viewer(0)
        data = present_chance.chance_data(ctl)
        odds = {r["label"]: Fraction(r["fraction"]) for r in data["rows"]}
        assert odds == {**{f"die {k}": Fraction(1, 12) for k in (1, 2, 3)},
                        **{f"die {k}": Fraction(1, 4) for k in (4, 5, 6)}}   # half fair, half loaded
        assert all(r["id"] is None for r in data["rows"])   # a button would tell which world is true

    def test_without_hidden_worlds_a_player_is_told_why_and_sees_no_odds(self):
        ctl = self.rolled(UnlistedDice(2))   # hidden_worlds not written: NotImplementedError
        ctl.set_viewer(1)
        data = present_chance.chance_data(ctl)
        assert data["hidden"] and data["rows"] == []
        assert data["note"] == "The odds depend on what this player cannot see."

    def test_too_many_hidden_possibilities_are_said_not_guessed(self):
        ctl = self.rolled(CrowdedDice(2))
        ctl.set_viewer(0)
        data = present_chance.chance_data(ctl)
        assert data["hidden"] and data["rows"] == [] and data["active"]
        assert data["note"] == (f"Too many hidden possibilities (more than {present_chance.PLAYER_WORLDS}) "
                                "to weigh this player's odds exactly here.")

    def test_no_odds_from_another_view_or_node_stay_on_screen(self):
        """One list of outcomes (#30 point 4): it holds only this node's and this view's odds."""
        ctl = self.rolled(UnlistedDice(2))
        panel = ChancePanel(ctl)
        assert list(panel.children) == [panel.controls]           # no second chart of the same numbers
        assert panel.controls.data["rows"]
        ctl.set_viewer(0)
        assert panel.controls.data["rows"] == [] and panel.controls.data["hidden"]
        ctl.set_viewer(None)
        assert panel.controls.data["rows"]
        ctl.roll()
        ctl.roll()
        assert not ctl.state.is_chance and panel.controls.data["rows"] == []

    @pytest.mark.parametrize("name", explorer.games())
    def test_status_says_the_step_in_the_games_words_never_its_internal_name(self, name):
        game, rng = explorer.load(name), random.Random(5)
        state, seen = game.new_state(), set()
        for _ in range(150):
            if state.is_over:
                break
            view = state.view(None)
            internal = view.get("phase", view.get("step"))
            words, stage = present.status(state, None), state.stage_text()
            assert stage and stage in words, f"no words for {internal!r}"
            assert stage != internal and "_" not in words   # open_roll, restart_roll: never an identifier
            seen.add(internal)
            state = state._step(state.sample_chance(rng) if state.is_chance
                                else rng.choice(state.legal_actions()))
        assert seen

    @pytest.mark.parametrize("name", explorer.games())
    def test_seats_are_player_1_to_n_in_the_view_switch_and_status(self, name):
        ctl = Controller(explorer.load(name))
        labels = [label for label, _ in present.viewer_options(ctl)]
        assert labels == ["Everything (teacher)", *(f"Player {p + 1}'s view" for p in range(ctl.game.players))]
        assert present.status(ctl.state, None).startswith(f"Player {ctl.state.player + 1} to act")


class TestServedPicker:
    def test_game_list_shows_titles(self):
        page = served.app()
        picker = page.objects[1].objects[0]
        assert list(picker.options) == [explorer.load(n).title for n in explorer.games()]
        assert list(picker.options.values()) == list(explorer.games())

    def test_switching_the_game_resets_the_player_count_to_its_default(self):
        page = served.app()
        picker, players = page.objects[1].objects[0], page.objects[1].objects[1]
        players.value = 5
        picker.value = "jolly_and_roger"
        assert (players.value, players.start, players.end, players.disabled) == (2, 2, None, True)   # fixed
        assert page.objects[2].object == ""
        assert page.objects[3].objects[0].controller.game == explorer.load("jolly_and_roger")
        picker.value = "pirate_rush"
        assert (players.value, players.start, players.end, players.disabled) == (4, 3, 5, False)

    def test_the_setup_box_starts_at_the_first_deal(self):
        page = served.app()
        setup, start = page.objects[1].objects[3], page.objects[1].objects[2]
        setup.value = True
        page.objects[1].objects[0].value = "sjoroveroya"   # its set-up lays out the track (S4)
        ctl = page.objects[3].objects[0].controller
        assert ctl.state.is_chance and ctl.state == ctl.game.new_state()
        start.clicks += 1
        assert page.objects[3].objects[0].controller.state == ctl.game.new_state()
