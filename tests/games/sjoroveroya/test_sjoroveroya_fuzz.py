"""Fuzzing Sjørøverøya's two position forms: every mutation of valid data or notation text gives
`PositionError` or a state that keeps the contract (tests/position_fuzz.py), never a crash."""

from __future__ import annotations

import random

import pytest
from position_fuzz import check_contract, fuzz

import explorer
from explorer import PositionError

OPTION_SETS = [(2, {}), (3, {"open_hands": True, "hand_limit": 5}), (2, {"variant": "children"}),
               (2, {"forward_stop_on_own": False, "backward_counts_any_colour": True, "allow_pass": True}),
               (4, {"emergency_draw": "start_of_turn_only", "reshuffle_timing": "immediate", "turn_cap": 5})]
TOKENS = ("", "-", "P0", "P5", "P2", "start", "goal", "22", "0", "3", "×9", "♠", "♥♥", "x", "99999999999", "♠999",
          "draw", "emergency draw", "deal", "game over", "discard", "start×6", "12×6", "-1", "SS HH", ":", "#")


def positions(players, options, every=40):
    game = explorer.load("sjoroveroya", players=players, **options)
    rng = random.Random(players)
    state, found = game.new_state(), []
    for k in range(1500):
        if k % every == 0 or state.is_over:
            found.append(state)
        if state.is_over:
            break
        moves = state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance else moves[rng.randrange(len(moves))])
    return game, found


@pytest.mark.parametrize("players,options", OPTION_SETS, ids=[f"V-set{i}" for i in range(len(OPTION_SETS))])
def test_mutated_position_data_is_refused_or_keeps_the_contract(players, options):
    game, found = positions(players, options)
    report = fuzz(game, found, 300, seed=players)
    assert report.tried == 300 and report.refused > 0 and report.accepted > 0


def mutate_text(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(4)
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif kind == 2:
            lines[i] = f"{lines[i].partition(':')[0]}: {rng.choice(TOKENS)}"
        else:
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + rng.choice(TOKENS) + lines[i][at:]
    return "\n".join(lines)


@pytest.mark.parametrize("players,options", OPTION_SETS, ids=[f"V-set{i}" for i in range(len(OPTION_SETS))])
def test_mutated_notation_is_refused_or_reads_back(players, options):
    game, found = positions(players, options)
    rng = random.Random(7)
    refused = accepted = 0
    for _ in range(300):
        text = mutate_text(rng.choice(found).notation(), rng)
        try:
            state = game.position(text)
        except PositionError:
            refused += 1
            continue
        accepted += 1
        assert game.position(state.notation()) == state, text
        check_contract(state)
    assert refused and accepted
