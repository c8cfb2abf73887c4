"""The position editor speaks each game's notation: copy, edit, explore; a mistake is named and
marked at its line and changes nothing; JSON still works; a game without a notation uses JSON."""

from __future__ import annotations

import json
import random
import re
from itertools import islice

import pytest
from toy_games import DiceGame, DiceState

import explorer
import widgets
from explorer.core.errors import TooManyWorlds
from explorer.core.game import Game, State
from widgets import editing
from widgets.controller import Controller

pytestmark = pytest.mark.slow   # the full suite's tier: `make quick` leaves it out

NAMED = ("dead_mans_dice", "jolly_and_roger", "last_bottle_of_rum", "sjoroveroya")


def has_notation(name: str) -> bool:
    try:
        explorer.load(name).new_state().notation()
    except NotImplementedError:
        return False
    return True


WITH_NOTATION = tuple(name for name in explorer.games() if has_notation(name))


def test_the_four_games_with_a_notation_are_all_tested():
    assert set(NAMED) <= set(WITH_NOTATION)


def played(name: str, steps: int = 14, seed: int = 5) -> Controller:
    """A controller some steps into a seeded game (draws and moves), so the position has substance."""
    ctl = Controller(explorer.load(name), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state = ctl.state
        if state.is_over:
            break
        ctl.roll() if state.is_chance else ctl.play(rng.choice(state.legal_actions()))
    return ctl


def seat_line(text: str) -> int:
    """The number of the first line about a seat (key 'P1 ...', else a value naming 'P1'..), the
    kind people edit most."""
    lines = text.splitlines()
    for pattern in (r"P\d+ \w[^:]*:", r"[^:]+: .*\bP\d+\b"):
        for number, line in enumerate(lines, 1):
            if number > 1 and re.match(pattern, line):
                return number
    raise AssertionError(f"no seat line in:\n{text}")


@pytest.fixture(params=WITH_NOTATION)
def ctl(request) -> Controller:
    return played(request.param)


def test_copy_gives_the_current_nodes_notation_and_exploring_it_gives_the_node_back(ctl):
    node_state, depth = ctl.state, len(ctl.path)
    assert depth > 0
    reply = editing.copy_current(ctl)
    assert reply.ok and reply.text == node_state.notation() and not reply.text.lstrip().startswith("{")
    assert reply.message == ""          # no JSON note: this game has its notation
    back = editing.explore(ctl, reply.text)
    assert back.ok and back.message == editing.EXPLORING
    assert ctl.path == () and ctl.state == node_state
    assert ctl.state.notation() == reply.text


def test_a_bad_value_is_named_at_its_field_and_line_and_changes_nothing(ctl):
    text = editing.copy_current(ctl).text
    lines = text.splitlines()
    number = seat_line(text)
    key = lines[number - 1].partition(":")[0]
    lines[number - 1] = f"{key}: §§ nonsense §§"
    tree, path, revision = ctl.tree, ctl.path, ctl.revision
    reply = editing.explore(ctl, "\n".join(lines))
    assert not reply.ok and reply.line == number
    assert f"Line {number}, &quot;{key}&quot;: " in reply.message
    marked = re.findall(r'<div class="pre-editor-line pre-editor-bad-line" data-line="(\d+)"', reply.message)
    assert marked == [str(number)]
    assert "§§ nonsense §§" in reply.message.split("pre-editor-bad-line", 1)[1].split("</div>", 1)[0]
    shown = [int(n) for n in re.findall(r'class="pre-editor-line[^"]*" data-line="(\d+)"', reply.message)]
    assert shown == list(range(max(1, number - 2), min(len(lines), number + 2) + 1))   # not the whole text again
    assert (ctl.tree, ctl.path, ctl.revision) == (tree, path, revision)


def test_an_unknown_line_is_named_and_marked(ctl):
    text = editing.copy_current(ctl).text.rstrip("\n") + "\ntreasure map: under the palm"
    reply = editing.explore(ctl, text)
    number = len(text.splitlines())
    assert not reply.ok and reply.line == number
    assert f"Line {number}, &quot;treasure map&quot;" in reply.message
    assert f'pre-editor-bad-line" data-line="{number}"' in reply.message


def test_the_controller_raises_the_games_error_with_the_lines_key(ctl):
    text = ctl.position_text()
    lines = text.splitlines()
    number = seat_line(text)
    key = lines[number - 1].partition(":")[0]
    lines[number - 1] = f"{key}: §§"
    tree = ctl.tree
    with pytest.raises(explorer.PositionError) as bad:
        ctl.load_position_text("\n".join(lines))
    assert bad.value.field == key and bad.value.reason.startswith(f"line {number}:")
    assert ctl.tree is tree


def test_json_still_works(ctl):
    node_state = ctl.state
    reply = editing.explore(ctl, "  " + json.dumps(node_state.to_dict(), indent=1))
    assert reply.ok and ctl.state == node_state and ctl.path == ()
    bad = editing.explore(ctl, '{"game": ')
    assert not bad.ok and "(json): not valid JSON" in bad.message and bad.line == 1
    assert ctl.state == node_state
    text = json.dumps(node_state.to_dict(), indent=1).splitlines()
    text = [""] * max(0, 61 - len(text)) + text    # a short position (Liar's Dice) is made long by blank lines
    assert len(text) > 60
    text.insert(50, '"stray": ,')
    long = editing.explore(ctl, "\n".join(text))    # long JSON: the lines around the bad one
    assert long.line == 51 and 'pre-editor-bad-line" data-line="51"' in long.message
    numbers = [int(n) for n in re.findall(r'class="pre-editor-line[^"]*" data-line="(\d+)"', long.message)]
    assert numbers == list(range(49, 54)) and long.message.count("pre-editor-more") == 2
    assert ctl.state == node_state


def worlds_of(state, player, most=12):
    """Some positions `player` cannot tell from `state` (the same view), the true one among them."""
    return [world for world, _ in islice(state.game.hidden_worlds(state.view(player)), most)]


@pytest.mark.parametrize("player", [0, 1])
def test_a_players_view_shows_only_what_the_player_knows(ctl, player):
    ctl.set_viewer(player)
    reply = editing.copy_current(ctl)
    assert editing.viewer_changed(ctl) == reply
    if not reply.ok:                       # too many possibilities to tell: the box stays empty
        assert reply.text == "" and "switch to everyone&#x27;s view" in reply.message
        return
    truth = ctl.state.notation().splitlines()
    assert set(reply.text.splitlines()) <= set(truth)          # what is shown is true
    known, left_out = editing.known_lines(ctl.state, player)
    assert reply.text == "\n".join(known)
    assert f"{ctl.game.player_name(player)}'s view: only what" in reply.message
    assert all(key in reply.message for key in left_out)
    # no leak: every position this player cannot tell apart from the truth gives the same box
    others = worlds_of(ctl.state, player)
    for world in others:
        other = Controller(world)
        other.set_viewer(player)
        assert editing.copy_current(other) == reply
    ctl.set_viewer(None)
    assert editing.viewer_changed(ctl) is None        # everyone's view: what was typed stays


def test_the_opponents_hand_is_left_out_and_the_own_hand_shown():
    ctl = Controller(explorer.load("sjoroveroya", players=2), seed=3)
    assert "P2 hand: ♠♠♣♣" in ctl.state.notation()
    ctl.set_viewer(0)
    reply = editing.copy_current(ctl)
    assert reply.ok and "P1 hand: ♦♣♣♣" in reply.text.splitlines()
    assert "P2 hand" not in reply.text and "♠♠♣♣" not in reply.text
    assert reply.message.endswith("left out, unseen: P2 hand.</span>")
    assert len(worlds_of(ctl.state, 0, most=100)) > 1       # P2's hand really is unknown to Player 1


def test_a_view_with_too_many_possibilities_empties_the_box_and_says_why():
    ctl = played("last_bottle_of_rum", steps=0, seed=2)
    rng = random.Random(2)
    for _ in range(40):
        try:
            editing.known_lines(ctl.state, 0)
        except TooManyWorlds:
            break
        state = ctl.state
        ctl.roll() if state.is_chance else ctl.play(rng.choice(state.legal_actions()))
    else:
        raise AssertionError("no position with too many possibilities for Player 1 in 40 steps")
    ctl.set_viewer(0)
    reply = editing.copy_current(ctl)
    assert not reply.ok and reply.text == ""
    assert "Player 1&#x27;s view leaves more than 5000 hidden possibilities" in reply.message
    assert "switch to everyone&#x27;s view" in reply.message


class PlainDiceState(DiceState):
    """The toy dice game's position with no short notation written for it (the contract's default)."""

    __slots__ = ()
    notation = State.notation


class PlainDiceGame(DiceGame):
    """A game without a notation (as any game is until its notation is written)."""

    title = "Toy dice without a notation"

    def new_state(self) -> DiceState:
        return PlainDiceState(self, (0,) * self.players, 0, 0)

    def state_from_dict(self, data):
        plain = super().state_from_dict(data)     # its checks, then the same position without a notation
        return PlainDiceState(self, plain.totals, plain.to_move, plain.dice_left)

    CAPABILITIES = DiceGame.CAPABILITIES - {"position_text"}
    position = Game.position


def test_a_game_without_a_notation_falls_back_to_json_and_says_so():
    ctl = Controller(PlainDiceGame(players=2))
    node_state = PlainDiceState(ctl.game, (3, 5), 1, 0)
    ctl.load_position(node_state.to_dict())
    reply = editing.copy_current(ctl)
    assert reply.ok and json.loads(reply.text) == node_state.to_dict()
    assert reply.message == ('<span class="pre-editor-note">Toy dice without a notation has no short notation yet: '
                             "the position is shown as JSON.</span>")
    tree = ctl.tree
    wrong = editing.explore(ctl, "totals: 3 5")
    assert not wrong.ok and "paste the position as JSON" in wrong.message and ctl.tree is tree
    assert editing.explore(ctl, reply.text).ok and ctl.state == node_state and ctl.tree is not tree
    ctl.set_viewer(0)                     # no notation to tell what Player 1 knows: empty, and why
    hidden = editing.copy_current(ctl)
    assert not hidden.ok and hidden.text == "" and "switch to everyone" in hidden.message


def test_the_notebook_editor_uses_the_notation():
    app = widgets.Explorer(explorer.load("sjoroveroya", players=3), seed=7)
    ctl, editor = app.controller, app.editor
    assert editor.text.value == ctl.state.notation()
    ctl.play(ctl.state.legal_actions()[0])
    editor.take.click()
    assert editor.text.value == ctl.state.notation()
    wanted = ctl.state
    lines = editor.text.value.splitlines()
    number = seat_line(editor.text.value)
    bad = lines[number - 1].replace(":", ": 99 goal", 1)
    editor.text.value = "\n".join([*lines[:number - 1], bad, *lines[number:]])
    assert not editor.explore() and "pre-editor-bad-line" in editor.message.value and ctl.path != ()
    editor.text.value = "\n".join(lines)
    assert editor.explore() and ctl.path == () and ctl.state == wanted


def test_the_served_editor_uses_the_notation():
    from widgets.served import position_editor

    ctl = played("dead_mans_dice")
    card = position_editor(ctl)
    text = next(o for o in card.objects if "pre-editor-text" in o.css_classes)
    message = next(o for o in card.objects if "pre-editor-message" in o.css_classes)
    buttons = {b.label: b for b in card.objects[1].objects}
    assert text.value == ctl.state.notation()
    wanted, number = ctl.state, seat_line(text.value)
    lines = text.value.splitlines()
    text.value = "\n".join([*lines[:number - 1], lines[number - 1].partition(":")[0] + ": ?", *lines[number:]])
    buttons["Explore from here"].clicks += 1
    assert f'pre-editor-bad-line" data-line="{number}"' in message.object and ctl.path != ()
    text.value = "\n".join(lines)
    buttons["Explore from here"].clicks += 1
    assert message.object == editing.EXPLORING and ctl.path == () and ctl.state == wanted
    assert set(buttons) == {"Copy current position", "Explore from here", "Copy to clipboard"}


def test_a_mistake_without_a_line_number_is_marked_at_the_line_of_its_key():
    err = explorer.PositionError("P1 hand", "three cards at most here (R1)")
    reply = editing.invalid(err, "turn: P1\nP1 hand: ♠♠♠♠\npile: 3 cards")
    assert reply.line == 2 and 'Line 2, &quot;P1 hand&quot;: three cards at most here (R1)' in reply.message
    assert 'pre-editor-bad-line" data-line="2"' in reply.message
    unplaced = editing.invalid(explorer.PositionError("step", "not written: ..."), "turn: P1")
    assert unplaced.line is None and "pre-editor-lines" not in unplaced.message
    assert "step: not written" in unplaced.message
