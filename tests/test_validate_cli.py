"""Kind detection, the validate summaries, and ``lexsub validate`` end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.detect import detect_kind, detect_path
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.responses import RESPONSES_COLUMNS, RESPONSES_MAGIC
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.io.validate import summarise_gold, summarise_system, validate_file

HEADER = "\t".join(RESPONSES_COLUMNS)
RESPONSES = "\n".join([
    RESPONSES_MAGIC, HEADER,
    "bright.a\t1\tamira\tclever\tsmart\t\t\t0\t0\t\t30",
    "bright.a\t2\tamira\t\t\t\t\t1\t0\t\t10",
    "bright.a\t1\tbruno\tclever\t\t\t\t0\t0\tok\t",
    "run.n.v\t3\tbruno\t\t\t\tgo on\t0\t1\t\t20",
]) + "\n"
CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<corpus lang="english">
<lexelt item="bright.a">
<instance id="1">
<context>The <head>brightest</head> pupils read a lot .</context>
</instance>
<instance id="2">
<context>A <head>bright</head> yellow door .</context>
</instance>
</lexelt>
<lexelt item="run.n.v">
<instance id="3">
<context>They <head>run</head> the shop .</context>
</instance>
</lexelt>
</corpus>
"""


@pytest.mark.parametrize(("text", "name", "kind"), [
    ("<?xml version='1.0'?><corpus/>", "x.xml", "corpus"),
    ("\n\n  <corpus lang='english'></corpus>", "x", "corpus"),
    (RESPONSES, "amira.tsv", "responses"),
    ("\nbright.a 1 :: clever 3;smart 1;\nbright.a 2 :: light 2;", "gold", "gold"),
    ("e commerce.J 1 :: online trade 2;BSE 1;", "coinco.gold", "gold"),
    ("take.v 29 :: take place 5;\nput.v 3 :: put off 2;", "anything", "mwgold"),
    ("take.v 29 :: take 5;", "mwgold.trial", "mwgold"),
    ("take.v 29 :: take place 5;", "gold.mw", "mwgold"),
    ("severely.r 127 :: seriously\nwild.a.n 160 :: natural state;state of nature", "x", "best"),
    ("a.n 1 ::: a;b;c\na.n 2 ::: d", "x", "oot"),
    ("take.v 29 :: take place\nput.v 3 :: put off", "x", "mw"),
    ("take.v 29 :: go", "alpha.mw", "mw"),
    ("brother.n 00001 501566\nbrother.n 00006 501566/0.5 501573/0.5", "x", "weighted"),
])
def test_detection_of_each_kind(text: str, name: str, kind: str) -> None:
    detection = detect_kind(text.encode(), name)
    assert detection.kind == kind, detection.reason
    assert detection.reason


@pytest.mark.parametrize("text", ["", "   \n\n", "just words", "a b\nc d"])
def test_undetectable_content(text: str) -> None:
    assert detect_kind(text.encode(), "x").kind is None


def test_a_responses_file_with_a_damaged_first_line_is_still_responses(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "amira.tsv"
    path.write_text(RESPONSES.replace(RESPONSES_MAGIC, "# lexsub-response 1"))
    assert detect_path(path).kind == "responses"
    assert main(["validate", str(path)]) == 2
    assert f"{path}:1:1: error: not a responses file" in capsys.readouterr().out


def test_detection_ignores_a_bom_and_reads_files(tmp_path: Path) -> None:
    path = tmp_path / "sys.oot"
    path.write_bytes("\ufeffa.n 1 ::: x\r\n".encode())
    assert detect_path(path).kind == "oot"


def test_gold_summary_by_hand() -> None:
    gold = parse_gold_text(
        "a.n 1 :: x 3;y 1;\n"      # in T (4), mode x
        "a.n 2 :: x 1;\n"          # not in T (pooled 1)
        "b.v 3 :: pn 2;y 1;\n"     # pn excluded: pooled 1, not in T
        "b.v 4 :: x 2;y 2;\n"      # in T, tie: no mode
        "stand.n.v 5 :: rise 1;get up 1;\n")  # in T (2), tie: no mode
    summary = summarise_gold(gold)
    assert summary["items"] == 5
    assert summary["lexelts"] == 3
    assert summary["pos"] == {"n": 2, "v": 3, "a": 0, "r": 0, "unknown": 0}
    assert summary["corrected_pos_items"] == 1
    assert summary["entries"] == 2 + 1 + 2 + 2 + 2
    # entries per item: 2, 1, 2, 2, 2 -> mean 9 / 5 = 1.8
    assert summary["entries_per_item"] == {"mean": 1.8, "min": 1, "max": 2}
    assert summary["items_in_T"] == 3
    assert summary["items_with_mode"] == 1
    assert summary["pn_entries"] == 1
    assert summary["multiword_entries"] == 1


def test_oot_summary_by_hand() -> None:
    eleven = ";".join(f"s{n}" for n in range(11))
    result = parse_system_text(
        f"a.n 1 ::: x;;take place\na.n 2 ::: \nb.v 3 ::: {eleven}\na.n 1 ::: y\n"
        "b.v 4 :: z\n", "oot")
    summary = summarise_system(result)
    # 5 lines; items 1, 2, 3 kept (the repeated a.n 1 and the '::' line are ignored).
    assert (summary["lines"], summary["items"], summary["lexelts"]) == (5, 3, 2)
    # answers: 2 + 0 + 11 = 13 -> mean 13 / 3
    assert summary["answers"] == 13
    assert summary["answers_per_line"] == {"mean": 13 / 3, "min": 0, "max": 11}
    assert summary["multiword_answers"] == 1
    assert summary["lines_without_answers"] == 1
    assert summary["empty_answers_dropped"] == 1
    assert (summary["duplicate_lines"], summary["wrong_kind_lines"],
            summary["ignored_lines"]) == (1, 1, 2)
    assert summary["lines_over_10_answers"] == 1


def test_responses_summary_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "all.tsv"
    path.write_text(RESPONSES)
    report = validate_file(path)
    summary = report.summary
    assert report.kind == "responses"
    assert (summary["rows"], summary["annotators"], summary["instances"]) == (4, 2, 3)
    assert summary["rows_per_annotator"] == {"amira": 2, "bruno": 2}
    # (bright.a 1) has both annotators; bright.a 2 only amira; run.n.v 3 only bruno.
    assert summary["instances_missing_an_annotator"] == 2
    assert (summary["nil_rows"], summary["proper_name_rows"], summary["multiword_rows"]) == (
        1, 1, 1)
    # seconds 30, 10, 20 (one row without): mean 60 / 3 = 20
    assert (summary["rows_with_seconds"], summary["mean_seconds"]) == (3, 20.0)
    # answered rows: amira 1 (2 substitutes), bruno 1 (1 substitute) -> mean 1.5
    assert summary["substitutes_per_answered_row"] == {"mean": 1.5, "min": 1, "max": 2}
    assert report.errors == report.warnings == 0


def test_validate_clean_files_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    gold = tmp_path / "gold"
    gold.write_text("bright.a 1 :: clever 3;smart 1;\n")
    best = tmp_path / "alpha.best"
    best.write_text("bright.a 1 :: clever;smart\n")
    assert main(["validate", str(gold), str(best)]) == 0
    out = capsys.readouterr().out
    assert f"{gold}: gold (" in out
    assert f"{best}: best (" in out
    assert "items in T             1" in out
    assert "answers per line" in out and "mean 2, min 2, max 2" in out
    assert "no problems" in out
    assert "2 files checked: 0 with errors (0 unreadable); 0 errors, 0 warnings in all" in out


def test_validate_reports_every_problem_and_exits_one(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    best = tmp_path / "sys.best"
    best.write_text("a.n 1 :: x\na.n 2 ::: y\na.n 1 :: z\n")
    assert main(["validate", "--kind", "best", str(best)]) == 1
    out = capsys.readouterr().out
    assert f"{best}: best (given)" in out
    assert "problems: 1 error, 1 warning, 0 notes" in out
    assert f"{best}:2:7: error: ':::' is the separator of oot files" in out
    assert f"{best}:3:1: warning: a.n 1 was already answered on line 1" in out


def test_strict_makes_warnings_fail(tmp_path: Path) -> None:
    best = tmp_path / "sys.best"
    best.write_text("a.n 1 :: x\na.n 1 :: z\n")
    assert main(["validate", str(best)]) == 0
    assert main(["validate", "--strict", str(best)]) == 1


def test_unreadable_files_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    latin = tmp_path / "latin.gold"
    latin.write_bytes(b"a.n 1 :: caf\xe9 1;\n")
    words = tmp_path / "words.txt"
    words.write_text("just words\n")
    assert main(["validate", str(latin), str(words), str(tmp_path / "missing")]) == 2
    out = capsys.readouterr().out
    assert f"{latin}:1:13: error: the file is not UTF-8" in out
    assert "cannot tell what kind of file this is" in out and "--kind" in out
    assert "No such file or directory" in out
    assert "3 files checked: 3 with errors (3 unreadable)" in out


def test_newer_responses_version_is_unreadable(tmp_path: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "new.tsv"
    path.write_text(f"# lexsub-responses 3\n{HEADER}\n")
    assert main(["validate", str(path)]) == 2
    assert "written by a newer version" in capsys.readouterr().out


def test_json_format(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    weighted = tmp_path / "gamma.weighted"
    weighted.write_text("bright.a 1 smart/3 clever/1\nbright.a 2 vivid/0\n")
    assert main(["validate", "--format", "json", str(weighted)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert (document["errors"], document["warnings"], document["unreadable"]) == (2, 0, 0)
    (file_report,) = document["files"]
    assert file_report["kind"] == "weighted" and file_report["readable"]
    assert file_report["summary"]["items"] == 1
    assert file_report["summary"]["top_weight"] == {"mean": 0.75, "min": 0.75, "max": 0.75}
    assert [(p["code"], p["line"], p["column"]) for p in file_report["problems"]] == [
        ("bad-weight", 2, 18), ("no-answers", 2, None)]


def test_corpus_files_use_the_corpus_reader(tmp_path: Path,
                                            capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "small.xml"
    path.write_text(CORPUS)
    assert main(["validate", "--format", "json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)["files"][0]["summary"]
    assert (summary["lexelts"], summary["instances"]) == (2, 3)
    assert summary["pos"] == {"n": 0, "v": 1, "a": 2, "r": 0, "unknown": 0}
    assert summary["corrected_pos_lexelts"] == 1
    broken = tmp_path / "broken.xml"
    broken.write_text("<corpus><lexelt item='a.n'>\n")
    assert main(["validate", str(broken)]) == 2
    assert f"{broken}:" in capsys.readouterr().out


def test_usage_errors_exit_two(capsys: pytest.CaptureFixture) -> None:
    assert main(["validate"]) == 2
    assert main(["validate", "--kind", "nonsense", "x"]) == 2


def test_installed_command_in_a_subprocess(tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text("bright.a 1 :: clever 3;smart x;\n")
    command = Path(sys.executable).parent / "lexsub"
    result = subprocess.run([str(command), "validate", str(gold)], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 1
    assert f"{gold}:1:" in result.stdout and "error: entry 'smart x'" in result.stdout
    assert result.stderr == ""
