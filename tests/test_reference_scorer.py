"""benchmarks/reference_scorer.pl, the Perl scorer the official speed row is timed against, prints
what `lexsub score` prints: the row compares two programs doing the same work.

Run where perl is installed (skipped elsewhere).
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.core.scoring.official.scorer import run_official

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
REFERENCE = BENCHMARKS / "reference_scorer.pl"
PERL = shutil.which("perl")

pytestmark = pytest.mark.skipif(PERL is None, reason="perl is not installed")


def _benchmark(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _reference(system: Path, gold: Path, *options: str) -> bytes:
    """The reference's output, run in the files' folder so that it names them as we do."""
    assert PERL is not None and system.parent == gold.parent
    return subprocess.run([PERL, str(REFERENCE), system.name, gold.name, *options],
                          capture_output=True, check=True, cwd=system.parent).stdout


def _ours(system: Path, gold: Path, task: str, verbose: bool) -> bytes:
    return run_official(system.read_bytes(), gold.read_bytes(), task=task, verbose=verbose,
                        system_name=system.name, gold_name=gold.name).stdout


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The benchmark's own files (repeated ids, blank and CRLF-less answers, pn, hyphens,
    apostrophes, oot lines of more than ten answers, multiwords), at 3,000 items."""
    folder = tmp_path_factory.mktemp("reference")
    return _benchmark("bench_score").generate(folder, 3000)


@pytest.mark.parametrize("task", ["best", "oot", "mw"])
@pytest.mark.parametrize("verbose", [False, True])
def test_the_reference_prints_what_lexsub_score_prints(generated: dict[str, Path], task: str,
                                                       verbose: bool) -> None:
    system = generated["mw" if task == "mw" else task]
    gold = generated["mwgold" if task == "mw" else "gold"]
    options = ["-t", task] + (["-v"] if verbose else [])
    expected = _ours(system, gold, task, verbose)
    assert b"precision = " in expected
    assert _reference(system, gold, *options) == expected


def test_the_reference_follows_the_worked_example(tmp_path: Path) -> None:
    """The spec's worked example: the mode spelled with a hyphen, an error line, a trailing
    space, a blank answer reusing the previous answers, a repeated id."""
    gold = tmp_path / "G"
    gold.write_text("a.n 1 :: well-lit 3;light 1;\na.n 2 :: pn 2;xy 1;\nb.v 3 :: go 2;run 1;\n"
                    "b.v 4 :: only 1;\nc.a 5 :: don't 2;non-stop 1;happen 1;\n"
                    "c.a 6 :: upnorth 2;ok 1;\n")
    system = tmp_path / "S"
    system.write_text("a.n 1 :: well lit;nope\nthis is not an answer line\nb.v 3 :: go;go \n"
                      "b.v 4 :: only\nc.a 5 :: \nb.v 3 :: run\n")
    printed = _reference(system, gold, "-v")
    assert printed == _ours(system, gold, "best", True)
    assert printed.endswith(b"Total = 3, attempted = 2\nprecision = 35.42, recall = 23.61\n"
                            b"Total with mode 3 attempted 3\n"
                            b"Mode precision = 33.33, Mode recall = 33.33\n")


def test_the_official_row_times_the_named_original_when_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    targets = _benchmark("bench_targets")
    monkeypatch.delenv("LEXSUB_REFERENCE_SCORER", raising=False)
    assert targets.official_reference()[0] == REFERENCE
    monkeypatch.setenv("LEXSUB_REFERENCE_SCORER", "/opt/semeval/score.pl")
    path, described = targets.official_reference()
    assert path == Path("/opt/semeval/score.pl")
    assert "original" in described
