"""The layers hold, and no game's modules import each other in a circle (docs/architecture.md).

The import graph is read from the source (every ``import`` at any depth, in functions too), so a
circle hidden by an import inside a function counts. Layers, lowest first: ``explorer.core``
(knows no game) <- ``explorer.games.<name>`` (core and the game's own modules only) <- the
analysis, adapters, lessons and live table <- ``widgets`` <- ``apps``; ``explorer`` never imports
the UI.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("explorer", "widgets", "apps")
OPTIONAL = ("numpy", "openspiel", "pyspiel", "pettingzoo", "gymnasium", "dask", "distributed", "panel", "bokeh",
            "ipywidgets", "IPython", "tornado", "jupyter_server", "playwright", "js", "pyodide")
"""Third-party packages a project module may import inside a function, to keep an extra optional."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def resolve(name: str) -> str | None:
    """The project module an imported name lands in (a module, or the package that defines it)."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


@cache
def imports(module: str) -> tuple[tuple[str, bool, int], ...]:
    """(imported project module or third-party top name, inside a function?, line) for `module`."""
    path = modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, bool, int]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            if isinstance(child, ast.Import):
                found.extend((alias.name, inside, child.lineno) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[:len(base) - child.level + 1]
                    head = ".".join(base + ([child.module] if child.module else []))
                else:
                    head = child.module or ""
                for alias in child.names:
                    found.append((f"{head}.{alias.name}", inside, child.lineno))
            if _type_checking_block(child):
                continue
            visit(child, nested)

    visit(tree, False)
    out = []
    for name, inside, line in found:
        target = resolve(name) if name.split(".")[0] in PACKAGES else None
        out.append((target or name.split(".")[0], inside, line))
    return tuple((t, i, n) for t, i, n in out if t != module)


def _type_checking_block(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` imports exist for type hints only; they never run."""
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def needs_extra(module: str) -> bool:
    """A project module that imports an optional package when it loads (the solver, numpy): importing
    it inside a function is what keeps that extra optional."""
    return module in modules() and any(t in OPTIONAL and not inside for t, inside, _ in imports(module))


def project_edges(module: str) -> set[str]:
    return {target for target, _, _ in imports(module) if target in modules()}


def game_packages() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "explorer" / "games").glob("*/__init__.py"))


def layer(module: str) -> int:
    if module.startswith("explorer.core"):
        return 0
    if module.startswith("explorer.games"):
        return 1
    if module.startswith("explorer"):
        return 2
    return 3 if module.startswith("widgets") else 4


def test_explorer_never_imports_the_user_interface():
    bad = [f"{m} imports {t} (line {n})" for m in modules() if m.startswith("explorer")
           for t, _, n in imports(m) if t.split(".")[0] in ("widgets", "apps")]
    assert not bad, "\n".join(bad)


def test_each_layer_imports_only_layers_below_it():
    """core <- games <- analysis, adapters, lessons, table <- widgets <- apps (``explorer`` itself,
    the facade, and the registry ``explorer.games`` sit with the layer that uses them)."""
    facades = {"explorer", "explorer.games"}
    bad = []
    for m in modules():
        for t, _, n in imports(m):
            if t not in modules() or t in facades or m in facades:
                continue
            if layer(t) > layer(m):
                bad.append(f"{m} (layer {layer(m)}) imports {t} (layer {layer(t)}), line {n}")
    assert not bad, "\n".join(bad)


def test_core_knows_no_game():
    bad = [f"{m} imports {t}" for m in modules() if m.startswith("explorer.core")
           for t, _, _ in imports(m) if t in modules() and not t.startswith("explorer.core")]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game", game_packages())
def test_a_game_imports_only_the_core_and_itself(game):
    prefix = f"explorer.games.{game}"
    bad = [f"{m} imports {t}" for m in modules() if m.startswith(prefix)
           for t, _, _ in imports(m) if t in modules() and not (t.startswith(prefix) or t.startswith("explorer.core"))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game", game_packages())
def test_a_game_imports_inside_functions_only_to_keep_an_extra_optional(game):
    prefix = f"explorer.games.{game}"
    bad = [f"{m} line {n}: {t}" for m in modules() if m.startswith(prefix)
           for t, inside, n in imports(m) if inside and t not in OPTIONAL and not needs_extra(t)]
    assert not bad, "imports inside functions (move them to the top; a circle needs breaking):\n" + "\n".join(bad)


def cycles(nodes: list[str]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), over project edges."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    inside = set(nodes)

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(project_edges(v) & inside):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(nodes):
        if v not in index:
            strong(v)
    return found


@pytest.mark.parametrize("game", game_packages())
def test_no_import_circle_inside_a_game(game):
    """The model holds data types only; the rules import the model, never the reverse. The
    package's ``__init__`` may import every module; no module imports the ``__init__``."""
    prefix = f"explorer.games.{game}"
    nodes = [m for m in modules() if m.startswith(prefix + ".")]
    assert not cycles(nodes), cycles(nodes)
    into_package = [m for m in nodes if prefix in project_edges(m)]
    assert not into_package, f"modules importing the package {prefix} itself: {into_package}"


def test_no_import_circle_between_the_other_modules():
    nodes = [m for m in modules() if not m.startswith("explorer.games.") and m not in ("explorer",)]
    assert not cycles(nodes), cycles(nodes)
