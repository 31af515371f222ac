"""Benchmark scratch folders never look like an option to the original scorer."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import scratch  # noqa: E402


@pytest.mark.slow
def test_scratch_folders_never_hold_a_dash_t_or_dash_v(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(scratch.tempfile, "tempdir", None)
    for _ in range(300):  # about 5 % of hyphenated random names started with t or v
        with scratch.scratch_folder("lexsub-targets") as name:
            assert not scratch.OPTION_LOOKALIKE.search(name), name
        folder = scratch.make_scratch_folder("lexsub-bench")
        assert not scratch.OPTION_LOOKALIKE.search(str(folder)), folder
        folder.rmdir()


def test_a_temporary_folder_that_looks_like_an_option_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    risky = tmp_path / "work-tmp"
    risky.mkdir()
    monkeypatch.setenv("TMPDIR", str(risky))
    monkeypatch.setattr(scratch.tempfile, "tempdir", None)
    with pytest.raises(SystemExit, match="TMPDIR"):
        scratch.scratch_folder("lexsub_bench")


def test_no_benchmark_names_a_scratch_folder_with_a_hyphen() -> None:
    hyphenated = [f"{path.name}: {match.group(0)}"
                  for path in sorted(BENCHMARKS.glob("*.py"))
                  for match in re.finditer(r"prefix=[\"'][^\"']*-[^\"']*[\"']",
                                           path.read_text(encoding="utf-8"))]
    assert hyphenated == []
