"""The self-test: its checks against docs/demo.md, and `lexsub-studio --self-test` as installed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.core.self_test.demo_figures import (
    SCORED_RUNS,
    demo_checks,
    read_documented_figures,
)
from lexsub_studio.paths import demo_dir, docs_dir

ROOT = Path(__file__).resolve().parent.parent


def _demo_doc() -> str:
    return (ROOT / "docs" / "demo.md").read_text(encoding="utf-8")


def test_the_documented_figures_are_read_from_the_demo_chapter() -> None:
    documented = read_documented_figures(_demo_doc())
    assert {label for label, *_ in SCORED_RUNS} <= set(documented.scores)
    assert documented.scores["alpha, best"] == ("35.98", "75.00")
    assert (documented.pairwise_agreement, documented.mode_agreement) == ("0.30", "0.78")
    assert (documented.items_in_t, documented.items_with_mode) == ("54", "44")
    assert documented.multiword == ("66.67", "80.00", "50.00", "60.00")


def test_every_check_passes_on_the_shipped_demo(tmp_path: Path) -> None:
    checks = demo_checks(demo_dir(), _demo_doc(), tmp_path / "plot.png")
    assert [check.line() for check in checks if not check.passed] == []
    # Two figures per scored run, the pooling, agreement, multiword and plot checks.
    assert len(checks) >= 2 * len(SCORED_RUNS) + 4 + 4 + 1
    assert (tmp_path / "plot.png").read_bytes().startswith(b"\x89PNG")


def test_a_figure_the_document_states_differently_fails_with_both_values(tmp_path: Path) -> None:
    doc = _demo_doc().replace("| 57.02 | 81.82 |", "| 57.20 | 81.82 |")
    failed = [check for check in demo_checks(demo_dir(), doc, tmp_path / "plot.png")
              if not check.passed]
    assert [check.line() for check in failed] == [
        "FAIL official scorer, alpha, oot: precision: 57.02 (docs/demo.md: 57.20)"]


def test_a_figure_the_document_no_longer_states_fails(tmp_path: Path) -> None:
    doc = _demo_doc().replace("pairwise agreement of", "pairwise agreement near")
    failed = [check.line() for check in demo_checks(demo_dir(), doc, tmp_path / "plot.png")
              if not check.passed]
    assert failed == ["FAIL agreement: pairwise: 0.30 (docs/demo.md: not stated)",
                      "FAIL agreement: with the mode: 0.78 (docs/demo.md: not stated)"]


def test_the_demo_chapter_is_installed_with_the_package() -> None:
    assert (docs_dir() / "demo.md").read_text(encoding="utf-8") == _demo_doc()


@pytest.mark.slow
@pytest.mark.gui
def test_lexsub_studio_self_test_passes_offscreen(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "lexsub-studio"
    environment = {**os.environ, "LEXSUB_STUDIO_HOME": str(tmp_path / "user-home")}
    environment.pop("QT_QPA_PLATFORM", None)  # the self-test goes offscreen by itself
    result = subprocess.run([str(script), "--self-test"], capture_output=True, text=True,
                            env=environment, timeout=120, check=False)
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout + result.stderr
    checks = [line for line in lines if line.startswith(("ok ", "FAIL"))]
    assert checks and all(line.startswith("ok ") for line in checks)
    assert "ok   two instances annotated into a temporary store: 2 answers" in lines
    if sys.platform == "linux":  # the cold start time the build notes quote
        assert any(re.fullmatch(r"info first window painted \d+\.\d\d s after the process "
                                r"started", line) for line in lines)
    assert lines[-1].startswith(f"self-test passed: {len(checks)} checks")
    # The user's own home (here a scratch one) is never written to.
    assert not (tmp_path / "user-home").exists()


def test_a_library_without_its_licence_text_fails_the_self_test(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.core.runtime import licences
    from lexsub_studio.gui.self_test import _licence_check

    monkeypatch.setattr(licences, "library_licences", lambda: [
        licences.LibraryLicence("lexsub-studio", "1", "MIT", "the text"),
        licences.LibraryLicence("somelib", "2", "BSD-3-Clause", "")])
    assert _licence_check().line() == (
        "FAIL licence texts of the 2 run-time libraries (Help > About): missing for somelib "
        "(expected: none missing)")
