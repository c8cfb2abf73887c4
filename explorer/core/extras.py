"""Optional parts of the project and the pip extra that brings each (pyproject.toml): a module
that needs one says so in one clear error instead of a bare ModuleNotFoundError."""

from __future__ import annotations

from explorer.core.errors import ExplorerError

EXTRAS = {
    "app": "the served app (Panel, Bokeh)",
    "lab": "JupyterLab",
    "solver": "the Jolly & Roger solver (numpy)",
    "openspiel": "the OpenSpiel adapter",
    "rl": "the PettingZoo adapter",
    "dask": "rollouts on Dask",
}


class MissingExtra(ExplorerError, ImportError):
    """A part of the project whose packages are not installed; `extra` names the pip extra."""

    def __init__(self, package: str, extra: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(f"{EXTRAS[extra]} needs {package}, which is not installed: "
                         f"pip install 'pirate-rules-explorer[{extra}]'")


def missing(err: ImportError, extra: str) -> MissingExtra:
    """The project error for `err`, an import that failed in a part that extra `extra` brings."""
    package = (err.name or str(err)).split(".")[0]
    return MissingExtra(package, extra)
