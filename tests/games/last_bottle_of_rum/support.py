"""Building hand-made Last Bottle of Rum positions for the rule tests."""

from __future__ import annotations

from fractions import Fraction

from explorer.games.last_bottle_of_rum.editor.scenes import scene, ship

__all__ = ["scene", "ship"]

_CITED: dict[int, set[str]] = {}


def run(state, *moves):
    """Apply actions and outcomes given in notation, checking each is legal; remembers the rules
    every step cited, for `rules_cited`."""
    cited = set(_CITED.get(id(state), set()))
    for move in moves:
        state = state.apply(move)
        cited |= {r for e in state.events for r in e.rules}
    _CITED[id(state)] = cited
    return state


def chance(state) -> dict[str, Fraction]:
    return {str(o): p for o, p in state.chance_outcomes()}


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def rules_cited(state) -> set[str]:
    """Rules cited by the last `run` that made `state` (or its last step)."""
    return _CITED.get(id(state), set()) | {r for e in state.events for r in e.rules}
