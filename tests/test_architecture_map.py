"""docs/architecture.md's map matches the tree: every module is placed on it, and nothing it
names is gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lexsub_studio"
MAP = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")

_CORE_TABLE_HEADING = "## core/: who owns what"


def _section(heading: str) -> str:
    start = MAP.index(heading)
    end = MAP.find("\n## ", start + len(heading))
    return MAP[start:end if end != -1 else len(MAP)]


def _core_entries() -> list[str]:
    """The places the core table's first column names, each relative to lexsub_studio/core/.

    A name with a slash gives its folder; a bare name after it is in that folder
    (`io/atomic.py`, `durable.py` is io/durable.py)."""
    entries = []
    for row in _section(_CORE_TABLE_HEADING).splitlines():
        if not row.startswith("| `"):
            continue
        folder = ""
        for name in re.findall(r"`([^`]+)`", row.split(" | ")[0]):
            if "/" in name:
                folder = name if name.endswith("/") else name.rsplit("/", 1)[0] + "/"
                entries.append(name)
            else:
                entries.append(folder + name)
    return entries


def _core_modules() -> list[str]:
    core = PACKAGE / "core"
    return sorted(path.relative_to(core).as_posix() for path in core.rglob("*.py")
                  if path.name != "__init__.py")


def _covers(entry: str, module: str) -> bool:
    if entry.endswith("/"):
        return module.startswith(entry)
    return Path(module).match(entry) and module.count("/") == entry.count("/")


def test_every_core_module_has_a_place_on_the_map() -> None:
    entries = _core_entries()
    missing = [module for module in _core_modules()
               if not any(_covers(entry, module) for entry in entries)]
    assert not missing, f"core modules missing from docs/architecture.md's table: {missing}"


def test_every_place_the_core_table_names_exists() -> None:
    modules = _core_modules()
    stale = [entry for entry in _core_entries()
             if not any(_covers(entry, module) for module in modules)]
    assert not stale, f"docs/architecture.md names core modules that do not exist: {stale}"


def test_the_tree_at_the_top_lists_every_core_package() -> None:
    tree = MAP.split("```")[1]
    packages = sorted(path.name for path in (PACKAGE / "core").iterdir()
                      if (path / "__init__.py").exists())
    missing = [name for name in packages if not re.search(rf"^\s+{name}/", tree, re.M)]
    assert not missing, f"core packages missing from the tree in docs/architecture.md: {missing}"


@pytest.mark.parametrize("area", ["gui", "cli"])
def test_every_gui_and_cli_module_is_named_in_its_section(area: str) -> None:
    section = _section(f"## {area}/")
    named = set(re.findall(r"`(?:[\w/]*/)?(\w+)\.py", section))
    folders = set(re.findall(r"`(\w+)/`", section))
    base = PACKAGE / area
    missing = []
    for path in sorted(base.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        relative = path.relative_to(base)
        if path.stem in named or (len(relative.parts) > 1 and relative.parts[0] in folders
                                  and area == "cli"):
            continue
        missing.append(relative.as_posix())
    assert not missing, f"{area}/ modules not named in docs/architecture.md: {missing}"
