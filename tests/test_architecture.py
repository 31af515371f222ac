"""The core stays pure Python: no module under lexsub_studio/core may import Qt."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "lexsub_studio" / "core"
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


def test_core_sources_do_not_import_qt() -> None:
    offenders = {
        str(path.relative_to(CORE)): sorted(
            name for name in _imported_modules(path) if name.split(".")[0] in FORBIDDEN
        )
        for path in CORE.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


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
