"""A system file of the other kind (an oot file scored as best, or the reverse): detected from the
whole file before anything is printed, with one hint that names the right -t."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.detect import detect_kind, detect_path
from lexsub_studio.core.io.validate import validate_file
from lexsub_studio.core.scoring.official.scorer import EXIT_WRONG_KIND

#: Twelve items, each with two or more responses, so every one is in T.
LEXELTS = ("bright.a", "run.v", "match.n", "quickly.r")
GOLD = "\n" + "".join(f"{LEXELTS[number % 4]} {number} :: word{number} 3;other{number} 1;\n"
                      for number in range(1, 13))


def oot_line(number: int) -> str:
    return f"{LEXELTS[number % 4]} {number} ::: word{number};other{number};spare"


def best_line(number: int) -> str:
    return f"{LEXELTS[number % 4]} {number} :: word{number}"


@pytest.fixture()
def gold(tmp_path: Path) -> Path:
    path = tmp_path / "gold"
    path.write_text(GOLD, encoding="utf-8")
    return path


def write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run_merged(*args: str | Path) -> subprocess.CompletedProcess[bytes]:
    """``lexsub score`` as a process, stderr merged into stdout: the order a terminal shows."""
    return subprocess.run([sys.executable, "-m", "lexsub_studio", "score", *map(str, args)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False,
                          env={**os.environ, "PYTHONUNBUFFERED": "0"})


def test_official_hint_comes_before_every_error_line(tmp_path: Path, gold: Path) -> None:
    system = write(tmp_path, "BLoutof10.out", [oot_line(number) for number in range(1, 13)])
    run = run_merged(system, gold)
    assert run.returncode == EXIT_WRONG_KIND
    lines = run.stdout.decode().splitlines()
    assert lines[0].startswith(f"lexsub score: {system} is an oot file, not a best file")
    assert lines[0].endswith("score it with -t oot.")
    # Then the official program's own lines, unchanged, and the hint is not repeated.
    assert lines[1:] == [f"Error in {system} on line {number}" for number in range(1, 13)]


def test_official_standard_output_is_unchanged(tmp_path: Path, gold: Path,
                                               capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    system = write(tmp_path, "O", [oot_line(number) for number in range(1, 4)])
    assert main(["score", str(system), str(gold)]) == EXIT_WRONG_KIND
    captured = capsysbinary.readouterr()
    assert captured.out == b"".join(b"Error in %s on line %d\n" % (bytes(system), number)
                                    for number in range(1, 4))
    assert captured.err.count(b"score it with -t oot") == 1


def test_official_hint_for_a_file_mostly_of_the_other_kind(tmp_path: Path, gold: Path) -> None:
    # One stray best line used to silence the hint: the official scorer then scores that one
    # line and reports the eleven others as errors.
    lines = [best_line(1)] + [oot_line(number) for number in range(2, 13)]
    system = write(tmp_path, "mostly.oot", lines)
    run = run_merged(system, gold)
    assert run.returncode == EXIT_WRONG_KIND
    output = run.stdout.decode().splitlines()
    assert output[0] == (f"lexsub score: {system} is an oot file, not a best file: 11 of its 12 "
                         "item lines read 'lexelt id ::: answers' and only 1 'lexelt id :: "
                         "answers'; score it with -t oot.")
    assert output[1] == f"Error in {system} on line 2"
    assert "Total = 12, attempted = 1" in output


def test_official_oot_task_given_a_best_file_names_best(tmp_path: Path, gold: Path) -> None:
    system = write(tmp_path, "S", [best_line(number) for number in range(1, 13)])
    run = run_merged(system, gold, "-t", "oot")
    assert run.returncode == EXIT_WRONG_KIND
    assert run.stdout.decode().splitlines()[0].endswith("score it with -t best.")


def test_official_half_of_each_kind_only_warns_after(tmp_path: Path, gold: Path) -> None:
    lines = [best_line(number) for number in range(1, 7)]
    lines += [oot_line(number) for number in range(7, 13)]
    run = run_merged(write(tmp_path, "S", lines), gold)
    assert run.returncode == 0
    output = run.stdout.decode().splitlines()
    assert output[0].startswith("Error in")
    assert "6 lines are in the oot format" in output[-1]


@pytest.mark.parametrize("options", [["--clean"], ["--metrics", "all"],
                                     ["--metrics", "all", "--format", "json"], ["--explain"]])
def test_report_modes_stop_with_one_message(tmp_path: Path, gold: Path, options: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    system = write(tmp_path, "BLoutof10.out", [oot_line(number) for number in range(1, 13)])
    assert main(["score", str(system), str(gold), *options]) == EXIT_WRONG_KIND
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"lexsub score: {system} is an oot file, not a best file: none of its lines reads "
        "'lexelt id :: answers' and 12 read 'lexelt id ::: answers'; score it with -t oot."]


def test_report_mode_judges_the_whole_file(tmp_path: Path, gold: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    lines = [oot_line(number) for number in range(1, 12)] + [best_line(12)]
    system = write(tmp_path, "S", lines)
    assert main(["score", str(system), str(gold), "-t", "oot", "--clean"]) == 0
    lines = [best_line(number) for number in range(1, 12)] + [oot_line(12)]
    system = write(tmp_path, "S", lines)
    assert main(["score", str(system), str(gold), "-t", "oot", "--clean"]) == EXIT_WRONG_KIND
    assert capsys.readouterr().err.endswith("score it with -t best.\n")


def test_report_mode_still_scores_a_right_file(tmp_path: Path, gold: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    system = write(tmp_path, "S", [oot_line(number) for number in range(1, 13)])
    assert main(["score", str(system), str(gold), "-t", "oot", "--metrics", "all",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_detection_reads_past_the_first_lines(tmp_path: Path) -> None:
    # 250 best lines, then 400 oot lines: the first lines alone would say best.
    lines = [best_line(number) for number in range(1, 251)]
    lines += [oot_line(number) for number in range(251, 651)]
    path = write(tmp_path, "system", lines)
    detection = detect_path(path)
    assert detection.kind == "oot"
    assert detection.reason == "400 of 650 item lines use ':::'"


def test_detection_of_a_gold_whose_counts_start_late(tmp_path: Path) -> None:
    # The first 300 lines give no counts (a best-like start), the 400 after them do.
    lines = [f"a.n {number} :: word" for number in range(300)]
    lines += [f"a.n {number} :: word 2;other 1" for number in range(300, 700)]
    assert detect_kind("\n".join(lines).encode(), "x").kind == "gold"


def test_a_file_named_xml_that_is_not_xml_is_a_malformed_corpus(tmp_path: Path) -> None:
    path = tmp_path / "trial.xml"
    path.write_text("bright.a 1 clever/0.5 smart/0.5\nbright.a 2 light\n", encoding="utf-8")
    report = validate_file(path)
    assert report.kind == "corpus"
    assert report.unreadable is not None
    assert report.unreadable.code == "xml-syntax"
    assert report.unreadable.line == 1


def test_validate_prints_the_xml_file_as_a_corpus(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "trial.XML"
    path.write_text("nothing like XML\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: corpus (the file name ends in .xml)")
    assert "malformed XML" in out


@pytest.mark.parametrize("task", ["oot", "mw"])
def test_report_mode_names_a_weighted_file(tmp_path: Path, gold: Path, task: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    system = write(tmp_path, "ranked", [f"{LEXELTS[number % 4]} {number} word{number}/0.7 "
                                        f"other{number}/0.3" for number in range(1, 13)])
    assert main(["score", str(system), str(gold), "-t", task, "--clean"]) == EXIT_WRONG_KIND
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"lexsub score: {system} is a weighted file, not an {task} file: no '::' separators; "
        "lines are 'lexelt id answer ...'; score it with -t weighted."]


def test_report_mode_on_an_empty_system_file_is_not_a_wrong_kind(
        tmp_path: Path, gold: Path, capsys: pytest.CaptureFixture[str]) -> None:
    system = write(tmp_path, "empty", [])
    assert main(["score", str(system), str(gold), "-t", "oot", "--clean"]) != EXIT_WRONG_KIND
    assert "score it with" not in capsys.readouterr().err


def test_a_weighted_file_with_an_unanswered_item_is_weighted() -> None:
    lines = [f"bright.a {number} word{number}/0.6 other/0.4" for number in range(300)]
    lines.insert(1, "bright.a 300")  # unanswered: only the lexelt and the id
    assert detect_kind("\n".join(lines).encode(), "x").kind == "weighted"
