"""The judgements file (# lexsub-judgements 1): reading with file:line:column problems, writing,
kind detection and the validate summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.detect import detect_kind
from lexsub_studio.core.io.formats.judgements import (
    format_judgements,
    parse_judgements_text,
    read_judgements,
    write_judgements,
)
from lexsub_studio.core.io.validate import validate_file
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.model.judgements import JudgementRow

HEADER = "# lexsub-judgements 1\nlexelt\tid\tannotator\tcandidate\tlabel\tseconds\n"


def test_rows_are_read_with_their_lines_and_seconds() -> None:
    result = parse_judgements_text(
        HEADER + "bright.a\t1\tann\tclever\tacceptable\t3.5\n"
                 "\n"
                 "bright.a\t1\tann\t Shiny \tnot-acceptable\t\n"
                 "bright.a\t2\tann\tvivid\tunsure\t12\n", "j.tsv")
    assert not result.diagnostics.items
    assert [(row.candidate, row.label, row.seconds, row.line) for row in result.rows] == [
        ("clever", "acceptable", 3.5, 3), ("Shiny", "not-acceptable", None, 5),
        ("vivid", "unsure", 12.0, 6)]
    assert result.stats.blank_lines == 1


def test_bad_rows_are_reported_at_their_line_and_column_and_left_out() -> None:
    result = parse_judgements_text(
        HEADER + "bright.a\t1\tann\tclever\tyes\t3\n"          # bad label, column 23
                 "bright.a\t1\tann\tsmart\tacceptable\tsoon\n"  # bad seconds, column 33
                 "bright.a\t\tann\tsmart\tacceptable\t\n"       # empty id, column 10
                 "bright.a\t1\tann\tsmart\n"                    # four fields
                 "bright.a\t1\tann\tclever\tacceptable\t\n"
                 "bright.a\t1\tann\tCLEVER\tunsure\t\n",        # the same candidate again
        "j.tsv")
    found = [(d.code, d.line, d.column) for d in result.diagnostics]
    assert found == [("bad-label", 3, 23), ("bad-seconds", 4, 33), ("missing-field", 5, 10),
                     ("field-count", 6, 1), ("duplicate-row", 8, 16)]
    assert str(result.diagnostics.items[0]).startswith("j.tsv:3:23: error: label: 'yes' is not "
                                                       "one of acceptable, not-acceptable, unsure")
    assert [row.line for row in result.rows] == [7]
    assert result.stats.ignored_rows == 5


@pytest.mark.parametrize(("text", "code", "line"), [
    ("# lexsub-responses 1\n", "not-judgements", 1),
    ("# lexsub-judgements 2\n" + HEADER.split("\n", 1)[1], "newer-version", 1),
    ("# lexsub-judgements x\n", "bad-version", 1),
    ("# lexsub-judgements 1\n", "missing-header", 2),
    ("# lexsub-judgements 1\nlexelt\tid\tannotator\tsubstitute\tlabel\tseconds\n", "bad-header",
     2),
])
def test_a_wrong_start_makes_the_file_unreadable(text: str, code: str, line: int) -> None:
    with pytest.raises(InputError) as caught:
        parse_judgements_text(text, "j.tsv")
    assert (caught.value.diagnostic.code, caught.value.diagnostic.line) == (code, line)


def test_writing_and_reading_back_gives_the_same_rows(tmp_path: Path) -> None:
    rows = [JudgementRow("bright.a", "1", "ann", "quick-witted", "acceptable", 2.0),
            JudgementRow("e commerce.J", "x7", "bob", "online trade", "unsure", 0.25),
            JudgementRow("bright.a", "1", "bob", "shiny", "not-acceptable", None)]
    path = tmp_path / "out.tsv"
    write_judgements(rows, path)
    assert path.read_text(encoding="utf-8").splitlines()[2] == \
        "bright.a\t1\tann\tquick-witted\tacceptable\t2"
    back = read_judgements(path)
    assert [(r.lexelt, r.id, r.annotator, r.candidate, r.label, r.seconds) for r in back.rows] \
        == [(r.lexelt, r.id, r.annotator, r.candidate, r.label, r.seconds) for r in rows]


@pytest.mark.parametrize("row", [
    JudgementRow("bright.a", "1", "ann", "a\tb", "acceptable"),
    JudgementRow("bright.a", "1", "ann", "clever", "yes"),
    JudgementRow("bright.a", "1", "", "clever", "acceptable"),
    JudgementRow("bright.a", "1", "ann", "clever", "acceptable", -1.0),
])
def test_what_the_format_cannot_hold_is_refused_before_writing(tmp_path: Path,
                                                               row: JudgementRow) -> None:
    with pytest.raises(ValueError, match="row 1"):
        format_judgements([row])
    with pytest.raises(ValueError):
        write_judgements([row], tmp_path / "out.tsv")
    assert not (tmp_path / "out.tsv").exists()


def test_the_kind_is_detected_and_summarised(tmp_path: Path) -> None:
    path = tmp_path / "ann.tsv"
    path.write_text(HEADER + "bright.a\t1\tann\tclever\tacceptable\t3\n"
                             "bright.a\t1\tann\tshiny\tnot-acceptable\t\n", encoding="utf-8")
    assert detect_kind(path.read_bytes()).kind == "judgements"
    report = validate_file(path)
    assert report.kind == "judgements"
    assert report.summary["labels"] == {"acceptable": 1, "not-acceptable": 1, "unsure": 0}
    assert report.summary["annotator_names"] == ["ann"]


def test_lexsub_validate_reports_a_bad_row_with_its_place(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    path = tmp_path / "ann.tsv"
    path.write_text(HEADER + "bright.a\t1\tann\tclever\tmaybe\t3\n", encoding="utf-8")
    assert main(["validate", str(path), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert report["kind"] == "judgements"
    assert [(p["code"], p["line"], p["column"]) for p in report["problems"]] == [
        ("bad-label", 3, 23)]


def test_a_dropped_judgements_file_goes_to_gold_and_agreement(tmp_path: Path) -> None:
    from lexsub_studio.core.io.drop_routing import GOLD, route_dropped_files

    path = tmp_path / "ann.tsv"
    path.write_text(HEADER + "bright.a\t1\tann\tclever\tacceptable\t3\n", encoding="utf-8")
    plan = route_dropped_files([str(path)])
    assert plan.files == {GOLD: [str(path)]}
    assert plan.ignored == []
