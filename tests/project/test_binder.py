"""Binder: every import of the packages, the app and the notebooks is satisfied by
binder/environment.yml, which stays in step with pyproject.toml."""

from __future__ import annotations

import ast
import json
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCAL = {"explorer", "widgets"}


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement(text: str) -> tuple[str, str]:
    """(name, minimum version) of ``name>=1.2``; an empty minimum when there is none."""
    name, _, minimum = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*(>=\s*([\w.]+))?", text).groups()
    return normal(name), minimum or ""


def environment() -> dict[str, str]:
    """The conda packages listed in environment.yml (a flat list, read without a YAML library)."""
    lines = (ROOT / "binder" / "environment.yml").read_text().splitlines()
    assert "  - conda-forge" in lines, "Binder must use conda-forge"
    start = lines.index("dependencies:")
    entries = [line.strip()[2:] for line in lines[start + 1:] if line.strip().startswith("- ")]
    return dict(requirement(entry) for entry in entries if isinstance(entry, str))


def sources() -> list[tuple[str, str]]:
    """(where, code) of every Python file of the packages and app, and every notebook cell."""
    found = []
    for folder in ("explorer", "widgets", "apps"):
        found += [(str(p.relative_to(ROOT)), p.read_text()) for p in (ROOT / folder).rglob("*.py")]
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        for i, cell in enumerate(json.loads(nb.read_text())["cells"]):
            if cell["cell_type"] == "code":
                code = "".join(cell["source"])
                code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))
                found.append((f"{nb.name} cell {i}", code))
    return found


def top_level_imports(code: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_every_import_is_in_environment_yml():
    listed = environment()
    distributions = packages_distributions()
    missing = []
    for where, code in sources():
        for module in sorted(top_level_imports(code) - LOCAL - set(sys.stdlib_module_names)):
            dists = {normal(d) for d in distributions.get(module, [module])}
            if not dists & set(listed):
                missing.append(f"{where}: {module} ({', '.join(sorted(dists))})")
    assert missing == []


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = environment()
    assert listed.get("python") == project["requires-python"].removeprefix(">=")
    extras = project["optional-dependencies"]
    everything = project["dependencies"] + [d for extra in ("lab", "app", "solver", "openspiel", "rl", "dask")
                                            for d in extras[extra]]
    for dependency in everything:
        name, minimum = requirement(re.sub(r"\[.*?\]", "", dependency))
        if name == "dask":   # dask[distributed] is dask and distributed on conda-forge
            assert listed.get("distributed") == minimum
        assert listed.get(name) == minimum, f"{name}>={minimum} in pyproject.toml, {listed.get(name)!r} in Binder"


def test_all_brings_every_extra_but_test_and_lite():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    parts = [name for name in extras if name not in ("all", "test", "lite")]   # lite: the site's build tools
    assert extras["all"] == [f"pirate-rules-explorer[{','.join(parts)}]"]


def test_postbuild_installs_the_project():
    script = (ROOT / "binder" / "postBuild").read_text()
    assert re.search(r"pip install (--no-deps )?(-e )?\.$", script, re.MULTILINE)
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111


def test_the_parser_sees_a_missing_package():
    assert "numpy" in top_level_imports("import numpy.linalg as la\nfrom os import path")
