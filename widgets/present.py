"""Pure functions from the controller to the JSON data each view draws.

They know the contract only (`view`, `legal_actions`, `describe`, `action_places`,
`events`, `rules`), so every game plugs in unchanged. A player's view gets only what
that player may know: their own legal actions, events as they may read them, and
chance edges named by their public text.
"""

from __future__ import annotations

import re
from typing import Any

from explorer.analysis.tree import Node
from explorer.core.game import Game, State


def player_name(game: Any, player: int | None) -> str:
    """A seat as the whole project names it: "Player 1" .. "Player N" (the contract's
    `Game.player_name`, whatever a game's own override still says)."""
    return "everyone" if player is None else Game.player_name(game, player)


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
    """Each legal action the viewer may take: notation (its id), words, kind, places."""
    if not may_act(state, viewer):
        return []
    return [{"id": str(a), "label": state.describe(a), "kind": kind_of(a),
             "places": list(state.action_places(a))} for a in state.legal_actions()]


def board_data(ctl: Any) -> dict:
    state, viewer = ctl.state, ctl.viewer
    view = state.view(viewer)
    svg = view._repr_svg_() if hasattr(view, "_repr_svg_") else ""
    return {"svg": svg, "actions": actions_data(state, viewer), "status": status(state, viewer),
            "error": ctl.error, "revision": ctl.revision}


def picker_data(ctl: Any) -> dict:
    state, viewer = ctl.state, ctl.viewer
    groups: dict[str, list[dict]] = {}
    for action in actions_data(state, viewer):
        groups.setdefault(action["kind"], []).append(action)
    return {"groups": [{"kind": k, "actions": v} for k, v in groups.items()],
            "status": status(state, viewer), "error": ctl.error}


def edge_label(node: Node, viewer: int | None) -> str:
    """A tree edge as the viewer may read it: notation, or public event text at chance."""
    if viewer is None or node.probability is None:
        return node.move or ""
    return "; ".join(e.for_player(viewer) for e in node.state.events) or "chance"


def path_nodes(ctl: Any) -> list[Node]:
    nodes = [ctl.tree.root]
    for move in ctl.path:
        nodes.append(nodes[-1].child(move))
    return nodes


def log_data(ctl: Any) -> dict:
    """The story along the current path, each entry with its rule IDs and their statements."""
    rules = ctl.game.rules
    entries, cited = [], {}
    for step, node in enumerate(path_nodes(ctl)):
        for event in node.state.events:
            entries.append({"step": step, "move": edge_label(node, ctl.viewer) if step else "start",
                            "text": event.for_player(ctl.viewer), "rules": list(event.rules)})
            for rule in event.rules:
                cited[rule] = rules.get(rule, "(no statement for this rule ID)")
    return {"entries": entries, "rules": cited}


def _line(node: Node, ctl: Any) -> list[dict]:
    """Main line from `node` with variations nested where they fork (a chess move list)."""
    items: list[dict] = []
    while node.children:
        main, *others = node.children
        items.append(_move(main, ctl))
        for var in others:
            items.append({"variation": [_move(var, ctl), *_line(var, ctl)]})
        node = main
    return items


def index_path(node: Node) -> list[int]:
    """A node's address as child positions: it names no move, so hidden draws stay hidden."""
    at: list[int] = []
    while node.parent is not None:
        at.append(node.parent.children.index(node))
        node = node.parent
    return at[::-1]


def _move(node: Node, ctl: Any) -> dict:
    return {"label": edge_label(node, ctl.viewer), "at": index_path(node), "current": node is ctl.node,
            "comment": node.comment, "chance": node.probability is not None}


def tree_data(ctl: Any) -> dict:
    node = ctl.node
    siblings = len(node.parent.children) if node.parent else 1
    return {"line": _line(ctl.tree.root, ctl), "at": index_path(node), "comment": node.comment,
            "root_comment": ctl.tree.root.comment, "siblings": siblings, "error": ctl.error,
            "at_root": not ctl.path, "at_end": not node.children}


def viewer_options(ctl: Any) -> list[tuple[str, int | None]]:
    seats = [(f"{player_name(ctl.game, p)}'s view", p) for p in range(ctl.game.players)]
    return [("Everything (teacher)", None), *seats]
