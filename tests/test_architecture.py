"""The architecture holds: the core is pure Python (no module under lexsub_studio/core imports
Qt), the import contracts of pyproject.toml ([tool.importlinter]: core below the GUI and the
command line, core's packages in layers, no cycles) are kept, and every package is packaged."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "lexsub_studio" / "core"
FORBIDDEN = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "qtpy")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.slow
def test_core_sources_do_not_import_qt() -> None:
    offenders = {
        str(path.relative_to(CORE)): sorted(
            name for name in _imported_modules(path) if name.split(".")[0] in FORBIDDEN
        )
        for path in CORE.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_type_checking_comes_from_typing() -> None:
    # One way to guard imports made for type checkers: typing's own flag, never a module-level
    # stand-in (`TYPE_CHECKING = False`) that tools do not recognise.
    package = ROOT / "lexsub_studio"
    stand_ins = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "TYPE_CHECKING"
                for target in node.targets))
    assert stand_ins == []


@pytest.mark.slow
def test_importing_every_core_module_loads_no_qt() -> None:
    modules = sorted(
        "lexsub_studio.core." + ".".join(path.relative_to(CORE).with_suffix("").parts)
        for path in CORE.rglob("*.py") if path.name != "__init__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def _lint_imports(*config: str) -> subprocess.CompletedProcess[str]:
    """import-linter's report, run as `lint-imports` runs it, from the repository's root."""
    code = ("import sys\nfrom importlinter.cli import lint_imports\n"
            "sys.exit(lint_imports(config_filenames=tuple(sys.argv[1:]), no_cache=True))")
    return subprocess.run([sys.executable, "-c", code, *config], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_the_import_contracts_are_kept() -> None:
    result = _lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_import_against_a_contract_is_reported(tmp_path: Path) -> None:
    # The checker itself must be able to fail: a contract every command module breaks.
    config = tmp_path / "contracts.toml"
    config.write_text(textwrap.dedent("""
        [tool.importlinter]
        root_package = "lexsub_studio"

        [[tool.importlinter.contracts]]
        name = "the command line without core"
        type = "forbidden"
        source_modules = ["lexsub_studio.cli"]
        forbidden_modules = ["lexsub_studio.core"]
        """), encoding="utf-8")
    result = _lint_imports(str(config))
    assert result.returncode == 1
    assert "the command line without core BROKEN" in result.stdout


def test_every_package_is_in_the_wheel() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"]
    packaged = set(setuptools["packages"]) - set(setuptools["package-dir"])
    on_disk = {".".join(path.parent.relative_to(ROOT).parts)
               for path in (ROOT / "lexsub_studio").rglob("__init__.py")}
    assert on_disk == packaged
