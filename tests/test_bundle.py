"""The built standalone app (`make bundle-test`; .ci/run runs it after `make test`).

Skipped unless LEXSUB_BUNDLE_TEST=1: building takes a few minutes, the suite seconds.
"""

from __future__ import annotations

import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from lexsub_studio import __version__

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "lexsub-studio"

pytestmark = pytest.mark.skipif(os.environ.get("LEXSUB_BUNDLE_TEST") != "1",
                                reason="set LEXSUB_BUNDLE_TEST=1 after `make bundle`")


def _run(program: str, *arguments: str, home: Path) -> subprocess.CompletedProcess[str]:
    # Nothing of the build machine's Python may leak in: a bare environment with a scratch home.
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
                   "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([str(BUNDLE / program), *arguments], capture_output=True, text=True,
                          env=environment, cwd=home, timeout=300, check=False)


def test_the_bundle_s_self_test_passes_offscreen(tmp_path: Path) -> None:
    result = _run("lexsub-studio", "--self-test", home=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("self-test passed")


def test_the_bundle_s_command_line_scores_the_demo(tmp_path: Path) -> None:
    demo = BUNDLE / "_internal" / "lexsub_studio" / "data" / "demo"
    result = _run("lexsub", "score", str(demo / "systems" / "alpha.best"), str(demo / "gold"),
                  home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "precision = 35.98, recall = 35.98" in result.stdout


def test_the_bundle_holds_lemminflect_s_data_and_no_unused_qt_module() -> None:
    internal = BUNDLE / "_internal"
    assert list((internal / "lemminflect" / "resources").glob("*"))
    assert (internal / "simplemma" / "strategies" / "dictionaries" / "data" / "de.plzma").is_file()
    names = {path.name for path in (internal / "PySide6").rglob("*")}
    for unused in ("QtWebEngineCore", "Qt3DCore", "QtQuick", "QtQml"):
        assert not any(unused in name for name in names), unused


def test_the_archive_holds_the_bundle() -> None:
    archives = list((ROOT / "dist").glob(f"lexsub-studio-{__version__}-linux-*.tar.gz"))
    assert len(archives) == 1
    with tarfile.open(archives[0]) as archive:
        names = set(archive.getnames())
    assert {"lexsub-studio/lexsub-studio", "lexsub-studio/lexsub"} <= names
