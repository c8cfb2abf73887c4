"""Build the JupyterLite site: every notebook, the project's wheel and its pure-Python
dependencies, and Pyodide itself, all served from the one folder (`make lite`).

    python lite/build.py [--out build/lite]

The site needs nothing from any other host when it runs: Pyodide comes from the npm package
``pyodide`` (copied into ``static/pyodide``), and its package lock is rewritten to hold only
the wheels shipped beside it (the project's, its dependencies' and the kernel's), each with the
hash of the file actually shipped; every other package is dropped from the lock, so nothing
points elsewhere. The kernel loads the project at start, so the notebooks run unchanged.

What it downloads at BUILD time (cached under ``<out>/cache``): the npm package, and from PyPI
the pure-Python wheels of the versions the lock or this environment names. Only pure
(``py3-none-any``) wheels can ship: a dependency without one stops the build naming it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_VERSION = "314.0.6"     # the version jupyterlite-pyodide-kernel 0.8.6 is built for (its constants)
PROJECT = "pirate-rules-explorer"
# What the kernel installs at start (pyodide-kernel's worker); given to loadPyodide instead, in one batch.
KERNEL_START = ("micropip", "ipython", "jedi", "comm")
# Pyodide's npm files the site needs (no source maps, type stubs, consoles or read-me).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
# Notebooks left out of the site, and why (the README says the same).
LEFT_OUT = {"interop.ipynb": "OpenSpiel and PettingZoo have no browser build",
            "live_table.ipynb": "the live table is a server, which a browser page cannot start"}
LABEXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension")


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


def project_wheel(cache: Path) -> Path:
    """The project's wheel, built from this checkout (no dependencies)."""
    out = cache / "project"
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, ROOT)
    return next(out.glob("pirate_rules_explorer-*.whl"))


def npm_pyodide(cache: Path) -> Path:
    """The npm package's folder (packed once into the cache, then reused)."""
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", cache, cwd=cache)
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not unpacked.exists():
        with tarfile.open(tgz) as archive:
            archive.extractall(unpacked, filter="data")
    return unpacked / "package"


def pypi_wheel(name: str, version: str, cache: Path) -> Path:
    """The pure-Python wheel of `name`==`version` from PyPI (cached)."""
    folder = cache / "wheels"
    stem = normal(name).replace("-", "_")
    found = [p for p in folder.glob("*.whl") if normal(p.name.split("-")[0]) == normal(name)
             and p.name.split("-")[1] == version] if folder.exists() else []
    if not found:
        run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
            "--python-version", "3.14", "--implementation", "py", "--abi", "none", "-d", folder, f"{name}=={version}")
        found = [p for p in folder.glob("*.whl") if normal(p.name.split("-")[0]) == normal(name)
                 and p.name.split("-")[1] == version]
    if not found:
        raise SystemExit(f"lite: no pure-Python wheel of {name} {version} ({stem}) on PyPI; it cannot ship")
    return found[0]


BROWSER = {"extra": "", "sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.14"}


def top_level(member: str) -> str | None:
    """The import name a wheel's file belongs to (None for its metadata)."""
    head = member.split("/")[0]
    if head.endswith((".dist-info", ".data")):
        return None
    return head.removesuffix(".py") if "/" in member or head.endswith(".py") else None


def wheel_metadata(wheel: Path) -> tuple[list[Requirement], list[str]]:
    """(runtime requirements in the browser, top-level import names), read from the wheel itself."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(z.read(meta).decode())
    tops = sorted({t for t in map(top_level, names) if t})
    requirements = [Requirement(r) for r in message.get_all("Requires-Dist") or []]
    return [r for r in requirements if r.marker is None or r.marker.evaluate(BROWSER)], tops


def resolve(lock: dict, project: Path, cache: Path, shims: dict[str, Path]) -> dict[str, dict]:
    """Every package the site ships, by normal name: {"wheel": Path, "version", "depends", "imports"}.

    Starts from the kernel's start-up packages and the project's wheel, follows each wheel's
    declared requirements (the lock's version where the lock has the package, else this
    environment's), and checks each requirement's version range: a dependency the site
    cannot satisfy stops the build naming it, so the wheel installs with its declared
    dependencies."""
    packages = {normal(k): v for k, v in lock["packages"].items()}
    chosen: dict[str, dict] = {}
    todo: list[tuple[str, Path | None, str]] = [(normal(n), None, "the kernel") for n in KERNEL_START]
    todo.append((normal(PROJECT), project, "the site"))
    while todo:
        name, wheel, wanted_by = todo.pop()
        if name in chosen:
            continue
        if wheel is None and name in shims:
            wheel = shims[name]
        if wheel is None:
            version = packages[name]["version"] if name in packages else installed_version(name, wanted_by)
            wheel = pypi_wheel(name, version, cache)
        requirements, tops = wheel_metadata(wheel)
        version = wheel.name.split("-")[1]
        chosen[name] = {"wheel": wheel, "version": version, "imports": tops,
                        "depends": sorted({normal(r.name) for r in requirements})}
        for requirement in requirements:
            todo.append((normal(requirement.name), None, f"{name} {version}"))
    for name, entry in chosen.items():
        for requirement in wheel_metadata(entry["wheel"])[0]:
            have = chosen[normal(requirement.name)]["version"]
            if requirement.specifier and not requirement.specifier.contains(have, prereleases=True):
                raise SystemExit(f"lite: {name} needs {requirement}, the site has {have}")
    return chosen


def installed_version(name: str, wanted_by: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        raise SystemExit(f"lite: {wanted_by} needs {name}, which is neither in Pyodide's lock nor installed "
                         "here to take its version from") from None


def write_pyodide(npm: Path, lock: dict, chosen: dict[str, dict], out: Path) -> None:
    """Pyodide's files, the shipped wheels beside them, and a lock naming exactly those wheels."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(npm / name, out / name)
    originals = {normal(k): v for k, v in lock["packages"].items()}
    packages = {}
    for name, entry in sorted(chosen.items()):
        wheel = entry["wheel"]
        shutil.copy2(wheel, out / wheel.name)
        base = originals.get(name, {})
        packages[name] = {"name": name, "version": entry["version"], "file_name": wheel.name,
                          "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
                          "imports": base.get("imports", entry["imports"]), "depends": entry["depends"],
                          "unvendored_tests": False, "shared_library": False}
    (out / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": packages}, indent=1))


def kernel_shims() -> tuple[Path, dict[str, Path]]:
    """The Pyodide kernel's own labextension folder and the wheels it ships for piplite."""
    import jupyterlite_pyodide_kernel  # noqa: F401  (the build's extra: pip install '.[lite]')

    ext = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    wheels = {}
    for wheel in sorted((ext / "static/pypi").glob("*.whl")):
        wheels[normal(wheel.name.split("-")[0])] = wheel     # sorted: the newest widgetsnbextension shim wins
    return ext, wheels


def contents(out: Path) -> Path:
    """The notebooks the site opens (all but `LEFT_OUT`), in a folder of their own, each naming
    the Pyodide kernel (a notebook naming ``python3`` would open on a "Select Kernel" dialog)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if notebook.name not in LEFT_OUT:
            data = json.loads(notebook.read_text(encoding="utf-8"))
            data["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                              "language": "python"}
            data["metadata"]["language_info"] = {"name": "python"}
            (out / notebook.name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def lite_config(src: Path) -> None:
    """jupyter-lite.json: the kernel loads the project (and what it starts with) from the lock, never PyPI."""
    settings = {"loadPyodideOptions": {"packages": [*KERNEL_START, PROJECT]}, "disablePyPIFallback": True}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "Pirate Rules Explorer",
                                      "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel":
                                                             settings}}}
    (src / "jupyter-lite.json").write_text(json.dumps(config, indent=1))


def check_offline(site: Path) -> None:
    """The built site loads Pyodide and its packages from itself, never from a CDN."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs" or not (site / "static/pyodide/pyodide.mjs").exists():
        raise SystemExit(f"lite: the site would load Pyodide from {kernel.get('pyodideUrl', 'its CDN')!r}")
    if not kernel.get("disablePyPIFallback"):
        raise SystemExit("lite: the site would fall back to PyPI")


def build(out: Path) -> Path:
    cache, src, site = out / "cache", out / "src", out / "site"
    ext, shims = kernel_shims()
    npm = npm_pyodide(cache)
    lock = json.loads((npm / "pyodide-lock.json").read_text())
    chosen = resolve(lock, project_wheel(cache), cache, {k: v for k, v in shims.items() if k == "widgetsnbextension"})
    shutil.rmtree(src, ignore_errors=True)
    write_pyodide(npm, lock, chosen, src / "static" / "pyodide")
    lite_config(src)
    notebooks = contents(out / "contents")
    extensions = [ext if name.startswith("@jupyterlite") else Path(sys.prefix) / "share/jupyter/labextensions" / name
                  for name in LABEXTENSIONS]
    (src / "jupyter_lite_config.json").write_text(json.dumps(
        {"LiteBuildConfig": {"federated_extensions": [str(e) for e in extensions], "ignore_sys_prefix": True,
                             "no_sourcemaps": True, "apps": ["lab"]}}, indent=1))
    shutil.rmtree(site, ignore_errors=True)
    for db in out.glob(".jupyterlite.doit.db*"):   # doit's record of the last build: a fresh build each time
        db.unlink()
    run(Path(sys.executable).parent / "jupyter-lite", "build", "--lite-dir", src, "--output-dir", site,
        "--contents", notebooks, cwd=out)
    shutil.rmtree(src / ".cache", ignore_errors=True)
    check_offline(site)
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"lite: site in {site}, {total / 1e6:.1f} MB, {len(chosen)} Python packages, "
          f"{len(list(notebooks.glob('*.ipynb')))} notebooks")
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="build folder (site in <out>/site)")
    args = parser.parse_args(argv)
    build(args.out.resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
