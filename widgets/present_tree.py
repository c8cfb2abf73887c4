"""The tree and log views' data, sent as deltas so a click costs the same at move 500.

A view keeps its own list (the browser side) and gets numbered messages: `seq` counts
them and `base` names the message a delta builds on. A delta carries only what changed
(a new node, new log lines, the current-node marker); a full message (`base` None) comes
when the tree's shape or the viewer changed, or when a view asks for it (`{"op": "sync"}`)
because it missed a message. Seats are "P1".."Pn" in the tree and "Player 1".. in the log.
"""

from __future__ import annotations

from typing import Any

from explorer.analysis.tree import Node
from explorer.core.game import Game


def seat_short(player: int | None) -> str:
    return "" if player is None else f"P{player + 1}"


def seat_name(player: int | None) -> str:
    return "everyone" if player is None else f"Player {player + 1}"


def edge_label(node: Node, viewer: int | None) -> str:
    """A tree edge as the viewer may read it: notation, or public event text at chance."""
    if viewer is None or node.probability is None:
        return node.move or ""
    return "; ".join(e.for_player(viewer) for e in node.state.events) or "chance"


def actor(node: Node) -> int | None:
    """The seat that chose the move into `node` (None: chance or the root)."""
    if node.parent is None or node.probability is not None or node.parent.state.is_chance:
        return None
    return node.parent.state.player


def tooltip(node: Node, viewer: int | None) -> str:
    """What the move did, as the viewer may read it, with the rules cited."""
    lines = []
    for event in node.state.events:
        cited = f" [{', '.join(event.rules)}]" if event.rules else ""
        lines.append(event.for_player(viewer) + cited)
    if node.probability is not None and viewer is None:
        lines.append(f"probability {node.probability}")
    return "\n".join(lines)


def is_outcome(node: Node) -> bool:
    """True when the edge into `node` is a chance outcome (a roll, a draw), not a player's move."""
    return node.parent is not None and (node.probability is not None or node.parent.state.is_chance)


def node_record(node: Node, viewer: int | None, number: int | None = None) -> dict:
    """One tree node for the view: its number, parent, move number, seat, label and tooltip.

    `n` counts the players' moves to here (chance outcomes are outcomes, not numbered moves: the
    view shows no number on them); `number` is that count when the caller knows it."""
    if number is None:
        number = moves_to(node)
    return {"id": node.id, "parent": None if node.parent is None else node.parent.id, "n": number,
            "who": seat_short(actor(node)), "label": edge_label(node, viewer) if node.parent else "start",
            "chance": is_outcome(node), "comment": node.comment, "tip": tooltip(node, viewer)}


def moves_to(node: Node) -> int:
    """How many players' moves (not chance outcomes) lead from the root to `node`."""
    count = 0
    while node.parent is not None:
        count += not is_outcome(node)
        node = node.parent
    return count


def options_words(game: Game) -> str:
    """The options that differ from their defaults, in words; 'standard rules' if none."""
    specs = {spec.name: spec for spec in game.option_specs()}
    changed = [f"{name.replace('_', ' ')} = {value}" for name, value in game.options.items()
               if value != specs[name].default]
    return "options: " + ", ".join(changed) if changed else "standard rules"


def start_text(game: Game) -> str:
    return f"Start: {game.title}, {game.players} players, {options_words(game)}"


def log_entries(node: Node, viewer: int | None) -> list[dict]:
    """The log lines of one step: the start line at the root, then the node's own events."""
    who = actor(node)
    label = edge_label(node, viewer) if node.parent else "start"
    entries = []
    if node.parent is None:
        entries.append({"step": 0, "who": "", "move": label, "text": start_text(node.state.game), "rules": []})
    for event in node.state.events:
        entries.append({"step": node.depth, "who": seat_short(who), "move": label,
                        "text": event.for_player(viewer), "rules": list(event.rules)})
    return entries


def cited(game: Game, entries: list[dict]) -> dict[str, str]:
    rules = game.rules
    return {rule: rules.get(rule, "(no statement for this rule ID)") for e in entries for rule in e["rules"]}


class Feed:
    """Numbered messages for one view; `update` after each controller change, `full` on demand."""

    def __init__(self, ctl: Any) -> None:
        self.ctl = ctl
        self.seq = 0

    def _stamp(self, data: dict, full: bool) -> dict:
        self.seq += 1
        return {**data, "seq": self.seq, "base": None if full else self.seq - 1, "error": self.ctl.error}

    def full(self) -> dict:
        return self._stamp(self._full(), True)

    def update(self) -> dict:
        data = self._delta()
        return self.full() if data is None else self._stamp(data, False)

    def _full(self) -> dict:
        raise NotImplementedError

    def _delta(self) -> dict | None:
        raise NotImplementedError


class TreeFeed(Feed):
    """The move list: every node once, then new nodes, comment changes and the current marker."""

    def __init__(self, ctl: Any) -> None:
        super().__init__(ctl)
        self.numbers: dict[int, int] = {}    # node id -> its move number, as last sent

    def _here(self) -> dict:
        ctl = self.ctl
        node = ctl.node
        return {"current": node.id, "comment": node.comment, "at_root": node.parent is None,
                "at_end": not node.children, "undo": ctl.undo_label, "playing": ctl.playing}

    def _full(self) -> dict:
        viewer, numbers = self.ctl.viewer, {}
        records = []
        for n in self.ctl.tree.nodes():          # parents before children: each number from its parent's
            numbers[n.id] = 0 if n.parent is None else numbers[n.parent.id] + (not is_outcome(n))
            records.append(node_record(n, viewer, numbers[n.id]))
        self.numbers = numbers
        return {**self._here(), "nodes": records, "comments": {}}

    def _delta(self) -> dict | None:
        change = self.ctl.change
        if change.kind == "reset":
            return None
        data = {**self._here(), "nodes": [], "comments": {}}
        if change.added is not None:
            added, numbers = change.added, self.numbers
            before = numbers.get(added.parent.id) if added.parent is not None else None
            number = moves_to(added) if before is None else before + (not is_outcome(added))
            numbers[added.id] = number
            data["nodes"] = [node_record(added, self.ctl.viewer, number)]
        if change.node is not None:
            data["comments"] = {str(change.node.id): change.node.comment}
        if change.download is not None:
            data["download"] = {"name": change.download[0], "text": change.download[1]}
        return data


class LogFeed(Feed):
    """The story along the current line: keep the steps up to the fork, add the steps after it."""

    def __init__(self, ctl: Any) -> None:
        super().__init__(ctl)
        self.shown: Node | None = None
        self.viewer: int | None = None

    def _full(self) -> dict:
        node = self.ctl.node
        line = []
        while node is not None:
            line.append(node)
            node = node.parent
        return self._entries(-1, line[::-1])

    def _entries(self, keep: int, nodes: list[Node]) -> dict:
        self.shown, self.viewer = self.ctl.node, self.ctl.viewer
        entries = [e for node in nodes for e in log_entries(node, self.viewer)]
        return {"keep": keep, "entries": entries, "rules": cited(self.ctl.game, entries)}

    def _delta(self) -> dict | None:
        old, new = self.shown, self.ctl.node
        if self.ctl.change.kind == "reset" or old is None or self.viewer != self.ctl.viewer:
            return None
        added = []
        while new.depth > old.depth:
            added.append(new)
            new = new.parent
        while old.depth > new.depth:
            old = old.parent
        while old is not new:
            added.append(new)
            old, new = old.parent, new.parent
        if old is None:            # another tree (cannot happen without a reset): start over
            return None
        return self._entries(old.depth, added[::-1])


def tree_data(ctl: Any) -> dict:
    """The whole move list at once (a fresh view, a test)."""
    return TreeFeed(ctl).full()


def log_data(ctl: Any) -> dict:
    """The whole story along the current line at once."""
    return LogFeed(ctl).full()
