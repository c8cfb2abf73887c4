"""lite/build.py's pure parts (the whole build runs in tests/browser/test_lite.py)."""

from __future__ import annotations

import importlib.util
import json
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)


def test_top_level_names_a_wheels_imports_not_its_metadata():
    assert build.top_level("explorer/core/game.py") == "explorer"
    assert build.top_level("six.py") == "six"
    assert build.top_level("ipywidgets-8.1.9.dist-info/METADATA") is None
    assert build.top_level("jupyterlab_widgets-3.0.17.data/data/share/x.js") is None


def test_wheel_metadata_keeps_the_browsers_requirements(tmp_path):
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo/__init__.py", "")
        z.writestr("demo-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n"
                   "Requires-Dist: traitlets>=5\nRequires-Dist: pytest; extra == 'test'\n"
                   "Requires-Dist: pywin32; sys_platform == 'win32'\n")
    requirements, tops = build.wheel_metadata(wheel)
    assert [str(r) for r in requirements] == ["traitlets>=5"] and tops == ["demo"]


def site(tmp_path: Path, kernel: dict) -> Path:
    (tmp_path / "static/pyodide").mkdir(parents=True)
    (tmp_path / "static/pyodide/pyodide.mjs").write_text("")
    config = {"jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(config))
    return tmp_path


def test_a_site_that_would_fetch_pyodide_or_pypi_is_refused(tmp_path):
    good = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    build.check_offline(site(tmp_path / "a", good))
    with pytest.raises(SystemExit, match="Pyodide from"):
        build.check_offline(site(tmp_path / "b", {"disablePyPIFallback": True}))
    with pytest.raises(SystemExit, match="PyPI"):
        build.check_offline(site(tmp_path / "c", {**good, "disablePyPIFallback": False}))


def test_notebooks_left_out_are_real_notebooks():
    assert all((ROOT / "notebooks" / name).exists() for name in build.LEFT_OUT)
