"""Helpers for the Liar's Dice tests: set-ups, positions by their notation, dealt rounds."""

from __future__ import annotations

import explorer


def game(players: int = 2, **options):
    return explorer.load("liars_dice", players=players, **options)


def single(dice: int = 1, sides: int = 6, **options):
    """OpenSpiel's single round (V1)."""
    return game(2, single_round=True, dice=dice, sides=sides, **options)


def dealt(setup, *cups):
    """The first decision after rolling `cups` (one tuple of faces per seat, in the order rolled)."""
    state = setup.new_state()
    for cup in cups:
        for face in cup:
            state = state.apply(f"roll {face}")
    assert not state.is_chance
    return state


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state
