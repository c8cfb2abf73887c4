"""The Last Bottle of Rum's import graph: every import of the package (top of a file or inside a
function) read with `ast`; no circle, no import indented into a function or class, and the model
imports nothing of the game but its data (the rules reach the model, never the reverse)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "explorer.games.last_bottle_of_rum"
ROOT = Path(__file__).resolve().parents[3] / "explorer" / "games" / "last_bottle_of_rum"


def modules() -> dict[str, tuple[Path, bool]]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join([PACKAGE, *(parts[:-1] if is_package else parts)])] = (path, is_package)
    return found


def imports() -> tuple[dict[str, set[str]], list[tuple[str, int]]]:
    """Each module's imports of the package, and the imports indented into a body."""
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    indented = []
    for name, (path, is_package) in known.items():
        base = name.split(".") if is_package else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    target = ".".join([*base[:len(base) - node.level + 1], node.module or ""]).rstrip(".")
                else:
                    target = node.module or ""
                names = [target, *(f"{target}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            hits = {n for n in names if n in known and n != name}
            edges[name] |= hits
            if hits and node.col_offset > 0:
                indented.append((name, node.lineno))
    return edges, indented


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_the_game():
    edges, _ = imports()
    assert cycles(edges) == []


def test_no_import_inside_a_function_or_class():
    _, indented = imports()
    assert indented == []


def test_the_model_imports_only_the_data():
    edges, _ = imports()
    assert edges[f"{PACKAGE}.model"] == {f"{PACKAGE}.data"}
