"""What-if trees: a position tree like a chess analysis board's variations.

Nodes hold immutable states; an edge is an action or a chance outcome (with its exact
probability). A node is addressed by its path from the root: the tuple of move
notations (``str(move)``) that lead to it, so a path is readable, JSON-friendly and
survives saving. Playing a move that already exists reuses its node. The first child
of a node is its main line; the others are variations.

Every node also carries a number (`id`, unique in its tree, never reused) and keeps its
path and depth, so views can address nodes and a deep node costs no walk to the root.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from explorer.core.bounds import read_json
from explorer.core.errors import ExplorerError, PositionError
from explorer.core.game import State

Path = tuple[str, ...]
FORMAT = "pirate-rules-explorer/tree"
VERSION = 2     # 2: a line is a list of moves, variations hang on the move they replace
READABLE = (1, 2)


@dataclass(eq=False)
class Node:
    """One position in the tree. `move` is the notation of the edge from the parent."""

    state: State
    move: str | None = None
    probability: Fraction | None = None   # set when the edge is a chance outcome
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    comment: str = ""
    id: int = 0
    path: Path = ()        # kept, not walked: a move's notation never changes under it
    depth: int = 0

    def __post_init__(self) -> None:
        if self.parent is not None and self.move is not None:
            self.path = (*self.parent.path, self.move)
            self.depth = self.parent.depth + 1

    def child(self, move: str) -> Node | None:
        return next((c for c in self.children if c.move == move), None)

    def weight(self) -> Fraction:
        """The probability of reaching this node from the root through its chance edges."""
        p = Fraction(1)
        node: Node | None = self
        while node is not None:
            if node.probability is not None:
                p *= node.probability
            node = node.parent
        return p


class PositionTree:
    """A mutable tree of immutable states; the explorer controller owns one."""

    def __init__(self, root: State) -> None:
        self.root = Node(root)
        self._ids = 0
        self._by_id: dict[int, Node] = {0: self.root}

    def by_id(self, number: int) -> Node:
        """The node numbered `number`; `PositionError` (field ``id``) if it is not in the tree."""
        node = self._by_id.get(number) if isinstance(number, int) and not isinstance(number, bool) else None
        if node is None:
            raise PositionError("id", f"no node {number!r} in the tree")
        return node

    def _index(self, node: Node) -> None:
        for each in _subtree(node):
            self._by_id[each.id] = each

    def _unindex(self, node: Node) -> None:
        for each in _subtree(node):
            self._by_id.pop(each.id, None)

    # -- finding --------------------------------------------------------------------------
    def node(self, path: Path = ()) -> Node:
        """The node at `path`; `PositionError` (field ``path``) if there is none."""
        node = self.root
        for i, move in enumerate(path):
            nxt = node.child(move)
            if nxt is None:
                raise PositionError("path", f"no move {move!r} after {'/'.join(path[:i]) or 'the root'}")
            node = nxt
        return node

    def state(self, path: Path = ()) -> State:
        return self.node(path).state

    def __contains__(self, path: Path) -> bool:
        try:
            self.node(tuple(path))
        except PositionError:
            return False
        return True

    def nodes(self) -> Iterator[Node]:
        """Every node, depth first, main lines first."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def __len__(self) -> int:
        return len(self._by_id)

    def mainline(self, path: Path = ()) -> Path:
        """The path to the end of the main line continuing from `path`."""
        node = self.node(path)
        while node.children:
            node = node.children[0]
        return node.path

    # -- growing ----------------------------------------------------------------------------
    def play(self, path: Path, move: Any) -> Path:
        """Apply `move` (object or notation) at `path`; reuse the child if it exists.

        Raises `IllegalAction` naming the rule if the move is not allowed there.
        """
        return self.play_at(self.node(path), move).path

    def play_at(self, node: Node, move: Any) -> Node:
        """`play` from a node in hand: no walk from the root, so a deep node costs the same."""
        state = node.state
        parsed = state.game.parse_action(move) if isinstance(move, str) else move
        notation = str(parsed)
        existing = node.child(notation)
        if existing is not None:
            return existing
        probability = None
        if state.is_chance:
            probability = next((p for o, p in state.chance_outcomes() if o == parsed), None)
        self._ids += 1
        child = Node(state.apply(parsed), notation, probability, node, id=self._ids)
        node.children.append(child)
        self._by_id[child.id] = child
        return child

    def play_line(self, path: Path, moves: list[Any]) -> Path:
        for move in moves:
            path = self.play(path, move)
        return path

    def expand_chance(self, path: Path) -> list[Path]:
        """Add every outcome of the chance node at `path`; the children carry their weights."""
        node = self.node(path)
        if not node.state.is_chance:
            raise PositionError("path", "the node is not a chance node")
        return [self.play(path, outcome) for outcome, _ in node.state.chance_outcomes()]

    # -- editing ----------------------------------------------------------------------------
    def comment(self, path: Path, text: str) -> None:
        self.node(path).comment = str(text)

    def delete(self, path: Path) -> Path:
        """Remove the node at `path` and everything after it; returns the parent's path."""
        if not path:
            raise PositionError("path", "the root cannot be deleted")
        node = self.node(path)
        node.parent.children.remove(node)   # type: ignore[union-attr]
        self._unindex(node)
        return path[:-1]

    def restore(self, node: Node, index: int) -> None:
        """Put back a deleted `node` (with everything after it) at `index` among its siblings: undo."""
        assert node.parent is not None and node.parent.id in self._by_id
        node.parent.children.insert(index, node)
        self._index(node)

    def promote(self, path: Path) -> None:
        """Move the variation holding `path` one place up at its nearest fork."""
        node = self.node(path)
        while node.parent is not None:
            siblings = node.parent.children
            i = siblings.index(node)
            if i > 0:
                siblings[i - 1], siblings[i] = siblings[i], siblings[i - 1]
                return
            node = node.parent

    def make_main_line(self, path: Path) -> None:
        """Make every move on `path` the first choice at its fork."""
        node = self.node(path)
        while node.parent is not None:
            siblings = node.parent.children
            siblings.remove(node)
            siblings.insert(0, node)
            node = node.parent

    # -- saving -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Plain JSON data: the main line as a list, each variation a list on the move it replaces.

        Lines are lists, not nested nodes, so a 1,000-move game nests no deeper than its
        variations (JSON readers and writers recurse once per level).
        """
        return {"format": FORMAT, "version": VERSION, "root": self.root.state.to_dict(),
                "comment": self.root.comment, "line": _line_after(self.root)}

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PositionTree:
        """Rebuild a saved tree, replaying and checking every move (a tampered file fails).

        Raises `PositionError` naming the field of the first problem.
        """
        import explorer

        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise PositionError("format", f"not a saved tree (expected format {FORMAT!r})")
        if data.get("version") not in READABLE:
            raise PositionError("version", f"unsupported version {data.get('version')!r}")
        tree = cls(explorer.state_from_dict(data.get("root")))
        tree.root.comment = str(data.get("comment", ""))

        if data.get("version") == 1:
            tree._grow_v1(data.get("children", []))
        else:
            tree._grow_line(tree.root, data.get("line", []), "line")
        return tree

    def _grow_line(self, parent: Node, line: Any, where: str) -> None:
        """Replay a saved line after `parent`; variations are siblings of the move they hang on."""
        if not isinstance(line, list):
            raise PositionError(where, "must be a list of moves")
        for i, entry in enumerate(line):
            here = f"{where}.{i}"
            child = self._play_saved(parent, entry, here, "each move needs its notation")
            variations = entry.get("variations", [])
            if not isinstance(variations, list):
                raise PositionError(f"{here}.variations", "must be a list of lines")
            for j, variation in enumerate(variations):
                self._grow_line(parent, variation, f"{here}.variations.{j}")
            parent = child

    def _play_saved(self, parent: Node, entry: Any, here: str, missing: str) -> Node:
        """One saved move played after `parent`, with its comment; a bad entry names its field."""
        if not isinstance(entry, Mapping) or not isinstance(entry.get("move"), str):
            raise PositionError(f"{here}.move", missing)
        try:
            child = self.play_at(parent, entry["move"])
        except ExplorerError as err:
            raise PositionError(f"{here}.move", f"{entry['move']!r} is not legal there: {err}") from None
        child.comment = str(entry.get("comment", ""))
        return child

    def _grow_v1(self, top: Any) -> None:
        """Version 1 files: nested children (still read, never written)."""
        stack: list[tuple[Node, Any, str]] = [(self.root, top, "children")]
        while stack:
            node, children, where = stack.pop()
            if not isinstance(children, list):
                raise PositionError(where, "must be a list of moves")
            grown = []
            for i, child in enumerate(children):
                here = f"{where}.{i}"
                new = self._play_saved(node, child, here, "each node needs its move's notation")
                grown.append((new, child.get("children", []), f"{here}.children"))
            stack.extend(reversed(grown))

    @classmethod
    def from_json(cls, text: str) -> PositionTree:
        """A saved tree from its JSON, bounded in size, depth and digits (`explorer.core.bounds`)."""
        data = read_json(text)
        try:
            return cls.from_dict(data)
        except RecursionError:
            raise PositionError("line", "variations nested too deeply") from None

    # -- reading ------------------------------------------------------------------------------
    def export_text(self) -> str:
        """The main line with variations in brackets and comments in braces, PGN-like."""
        def line(node: Node) -> list[str]:
            words: list[str] = []
            while node.children:
                main, *others = node.children
                words.append(_label(main))
                for var in others:
                    words.append("(" + " ".join([_label(var), *line(var)]) + ")")
                node = main
            return words

        head = f"{{{self.root.comment}}} " if self.root.comment else ""
        return head + " ".join(line(self.root))


def _entry(node: Node, others: list[Node]) -> dict:
    entry: dict = {"move": node.move}
    if node.comment:
        entry["comment"] = node.comment
    if others:
        entry["variations"] = [[_entry(other, []), *_line_after(other)] for other in others]
    return entry


def _line_after(node: Node) -> list[dict]:
    """The main line after `node` as a list; each move carries the variations that replace it."""
    line = []
    while node.children:
        main, *others = node.children
        line.append(_entry(main, others))
        node = main
    return line


def _subtree(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        each = stack.pop()
        yield each
        stack.extend(each.children)


def _label(node: Node) -> str:
    text = node.move or ""
    if node.probability is not None:
        text += f" [p={node.probability}]"
    if node.comment:
        text += f" {{{node.comment}}}"
    return text
