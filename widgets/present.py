"""Pure functions from the controller to the JSON data each view draws.

They know the contract only (`view`, `legal_actions`, `describe`, `action_places`,
`events`, `rules`), so every game plugs in unchanged. A player's view gets only what
that player may know: their own legal actions, events as they may read them, and
chance edges named by their public text.
"""

from __future__ import annotations

import re
from typing import Any

from explorer.core.game import State
from widgets.present_tree import seat_name


def player_name(game: Any, player: int | None) -> str:
    """A seat as the project names it everywhere: "Player 1".."Player N" (`present_tree.seat_name`)."""
    return seat_name(player)


def may_act(state: State, viewer: int | None) -> bool:
    """The teacher may act for anyone; a player only on their own turn."""
    return state.player is not None and viewer in (None, state.player)


def kind_of(action: Any) -> str:
    """The group an action belongs to: its type's name in words (``EndTurn`` -> ``End turn``)."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
    return words[:1].upper() + words[1:]


def status(state: State, viewer: int | None) -> str:
    if state.is_over:
        ranking = " > ".join("=".join(player_name(state.game, p) for p in group) for group in state.winners())
        return f"Game over. Ranking: {ranking}"
    stage = state.stage_text()
    if state.is_chance:
        return f"Chance: roll or choose an outcome ({stage})" if stage else "Chance: roll or choose an outcome"
    turn = f"{player_name(state.game, state.player)} to act" + (f": {stage}" if stage else "")
    if not may_act(state, viewer):
        return f"{turn} (you see {player_name(state.game, viewer)}'s view)"
    return turn


def actions_data(state: State, viewer: int | None) -> list[dict]:
    """Each legal action the viewer may take: notation (its id), words, kind, the places it involves,
    `at` (the board element a click plays it on) and `menu` (its words in the menu at that element)."""
    if not may_act(state, viewer):
        return []
    return [{"id": str(a), "label": state.describe(a), "kind": kind_of(a),
             "places": list(state.action_places(a)), "at": state.action_target(a),
             "menu": list(state.action_menu(a))} for a in state.legal_actions()]


def board_data(ctl: Any) -> dict:
    state, viewer = ctl.state, ctl.viewer
    view = state.view(viewer)
    svg = view._repr_svg_() if hasattr(view, "_repr_svg_") else ""
    # "verdicts": {action id: {"text", "title", "best"}}, filled by the engine while it is on
    # (`widgets.engine.board_verdicts`); a new revision starts without them.
    return {"svg": svg, "actions": actions_data(state, viewer), "status": status(state, viewer),
            "error": ctl.error, "revision": ctl.revision, "verdicts": {}}


def picker_data(ctl: Any) -> dict:
    state, viewer = ctl.state, ctl.viewer
    groups: dict[str, list[dict]] = {}
    for action in actions_data(state, viewer):
        groups.setdefault(action["kind"], []).append(action)
    return {"groups": [{"kind": k, "actions": v} for k, v in groups.items()],
            "status": status(state, viewer), "error": ctl.error}




def viewer_options(ctl: Any) -> list[tuple[str, int | None]]:
    seats = [(f"{player_name(ctl.game, p)}'s view", p) for p in range(ctl.game.players)]
    return [("Everything (teacher)", None), *seats]
