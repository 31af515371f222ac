"""Test-wide setup: Qt runs offscreen, and no test touches the user's settings or data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent
DEMO_DIR = REPO_ROOT / "data" / "demo"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point every settings and data location at a fresh temporary directory."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    return home


@pytest.fixture()
def demo_dir() -> Path:
    return DEMO_DIR
