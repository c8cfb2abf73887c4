"""The package's shape: no import circles inside the game, a model that imports nothing of the
rules, and one declaration of the state's fields that the working copy follows."""

from __future__ import annotations

import ast
from pathlib import Path

import explorer
from explorer.games import jolly_and_roger
from explorer.games.jolly_and_roger.flow import Work
from explorer.games.jolly_and_roger.model import FIELDS, KEY_FIELDS

PACKAGE = Path(jolly_and_roger.__file__).parent
NAME = "explorer.games.jolly_and_roger"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((NAME, *parts))


def imports_of(path: Path) -> set[str]:
    """The game's modules `path` imports, at any level (top, class body or function)."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith(NAME))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if not target.startswith(NAME):
                continue
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)   # `from . import rules`
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    return {m for m in found if m in modules and m != own}


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports_of(p) for p in PACKAGE.rglob("*.py")}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle (as a path), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                return [*stack[stack.index(n):], n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_circle_inside_the_game() -> None:
    assert cycle(graph()) is None


def test_the_model_imports_nothing_of_the_game_but_its_data() -> None:
    assert graph()[f"{NAME}.model"] <= {f"{NAME}.data"}


def test_no_import_inside_a_function_but_numpy_and_the_solver() -> None:
    """A function-level import only keeps an optional dependency optional (the solver's numpy)."""
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom):
                        assert inner.module == "solver", (path.name, node.name, inner.module)
                    elif isinstance(inner, ast.Import):
                        assert all(a.name == "numpy" for a in inner.names), (path.name, node.name)


def test_the_working_copy_copies_every_field_once() -> None:
    """flow.Work spells the fields out for speed: it must cover model.FIELDS exactly."""
    game = explorer.load("jolly_and_roger", special_cards=True)
    state = game.start(3)
    for _ in range(9):
        state = state.apply(state.legal_actions()[0] if not state.is_chance else state.chance_outcomes()[0][0])
    work = Work(state)
    assert {f: getattr(work, f) for f in FIELDS} == {f: getattr(state, f) for f in FIELDS}
    assert set(Work.__init__.__code__.co_names) & set(FIELDS) == set(FIELDS)
    assert work.freeze(state, None) == state
    assert KEY_FIELDS == tuple(f for f in FIELDS if f != "strengths")
