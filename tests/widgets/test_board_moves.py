"""Moves on the board (issue #30, point 1): every legal action of every game, at every step
reached by many seeded random games, is bound to one board element (`State.action_target`)
that the rendering draws, both in the all-seeing view and in the acting player's own view;
actions sharing an element are told apart by their menu words, level by level.
"""

from __future__ import annotations

import random
import re

import pytest

import explorer

PLACE = re.compile(r'data-place="([^"]+)"')
CONFIGS = [
    ("sjoroveroya", {"players": 3}),
    ("sjoroveroya", {"players": 2, "allow_pass": True, "hand_limit": 5, "variant": "children"}),
    ("dead_mans_dice", {"players": 3}),
    ("dead_mans_dice", {"players": 2, "broadside": "off", "optional_placement": True, "target_score": 30}),
    ("pirate_rush", {"players": 4}),
    ("pirate_rush", {"players": 3, "advanced": False}),
    ("pirate_rush", {"players": 5, "duel_mode": "choice", "final_tie": "manual"}),
    ("last_bottle_of_rum", {"players": 2}),
    ("last_bottle_of_rum", {"players": 3, "bounty_hunt": True, "weather": True, "bounty_auto_claim": False}),
    ("last_bottle_of_rum", {"players": 2, "ghost": True, "hideout_trade_mode": "subset"}),
    ("jolly_and_roger", {"players": 2}),
    ("jolly_and_roger", {"players": 2, "special_cards": True, "kraken_optional": True}),
    ("liars_dice", {"players": 3}),
    ("liars_dice", {"players": 2, "dice": 5, "bidding": "reset-quantity", "wild": "highest"}),
]
GAMES = 6          # seeded random games per configuration
STEPS = 260        # steps (decisions and chance outcomes) per game at most


def positions(name: str, options: dict):
    """Decision positions of seeded random games (every step, chance outcomes drawn by the seed)."""
    game = explorer.load(name, **options)
    for seed in range(GAMES):
        rng, state = random.Random(seed), game.start(seed=seed)
        for _ in range(STEPS):
            if state.is_over:
                break
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            yield state
            state = state.apply(rng.choice(state.legal_actions()))


def drawn(state, viewer) -> set[str]:
    return set(PLACE.findall(state.view(viewer)._repr_svg_()))


@pytest.mark.parametrize(("name", "options"), CONFIGS,
                         ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for n, o in CONFIGS])
def test_every_legal_action_has_an_element_on_the_board(name, options):
    checked = 0
    for state in positions(name, options):
        everything, mine = drawn(state, None), drawn(state, state.player)
        paths: dict[str, list[tuple[str, ...]]] = {}
        for action in state.legal_actions():
            target = state.action_target(action)
            assert target, f"{action} ({state.describe(action)}) has no board element"
            assert target in everything, f"{action}: {target!r} is not drawn in the all-seeing view"
            assert target in mine, f"{action}: {target!r} is not drawn in Player {state.player + 1}'s view"
            assert target in state.action_places(action), f"{action}: its element is not among its places"
            paths.setdefault(target, []).append(tuple(state.action_menu(action)) or (state.describe(action),))
        for target, found in paths.items():
            # one menu path per action, none the beginning of another, so the menu can always tell them apart
            assert len(set(found)) == len(found), (target, sorted(found))
            for path in found:
                assert not any(other != path and other[:len(path)] == path for other in found), (target, path)
        checked += 1
    assert checked > 100, checked


MENU_WORDS = re.compile(r"\b(P\d|[A-Z]{2}\d\d|I\d\.[a-z]|cell:|card:|pile:)\b")


@pytest.mark.parametrize("name", sorted({n for n, _ in CONFIGS}))
def test_menu_words_are_the_games_words_not_codes(name):
    """A menu at an element names its choices as the board does (no seat codes, card codes or places)."""
    options = next(o for n, o in CONFIGS if n == name)
    for k, state in enumerate(positions(name, options)):
        if k > 300:
            break
        for action in state.legal_actions():
            for words in state.action_menu(action):
                assert words and not MENU_WORDS.search(words), (str(action), words)
