"""core.scoring.compare.system_files and league.report_tables: systems scored side by side, their
notes and the tables of a scoring report, as the Scoring workspace and the command line use them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from lexsub_studio.core.model.diagnostics import Diagnostic, Severity
from lexsub_studio.core.scoring.compare.league import report_tables
from lexsub_studio.core.scoring.compare.system_files import (
    CHECKING_NOTE,
    check_systems,
    read_gold_source,
    score_systems,
    system_notes,
    warning_lines,
)
from lexsub_studio.core.scoring.report.system_warnings import SystemWarning

GOLD = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\nrun.v 3 :: dash 2;go 1;\n"


@pytest.fixture()
def systems(tmp_path: Path) -> list:
    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    (tmp_path / "a.best").write_text("bright.a 1 :: clever\nrun.v 3 :: dash\n", encoding="utf-8")
    (tmp_path / "b.oot").write_text("bright.a 1 ::: smart;clever\n", encoding="utf-8")
    gold, _ = read_gold_source(str(tmp_path / "gold"))
    return score_systems([str(tmp_path / "a.best"), str(tmp_path / "b.oot")], gold, {}, {})


def test_warnings_in_lines_with_their_examples_under_them() -> None:
    warning = SystemWarning("case", "Case variants", 2, "answers", "Matched as written.",
                            examples=("line 3: Clever", "line 9: Smart"))
    assert warning_lines([warning]) == [warning.describe(), "  line 3: Clever",
                                        "  line 9: Smart"]
    assert warning_lines([]) == []


def test_notes_list_problems_up_to_a_limit_and_the_files_that_failed(systems: list) -> None:
    problems = [Diagnostic(Severity.WARNING, "odd", f"odd line {n}", "a.best", n)
                for n in range(1, 6)]
    noisy = replace(systems[0], diagnostics=problems)
    notes = system_notes([noisy, systems[1]], {"/runs/c.best": "it is empty."}, listed=2)
    lines = notes[noisy.name]
    assert lines[0].startswith("kind best")
    assert lines[1:5] == ["5 problem(s) in the file:", f"  {problems[0]}", f"  {problems[1]}",
                          "  … and 3 more"]
    assert notes[systems[1].name][-1] == "no problems found"
    # A file that could not be scored is named by its file name, with why.
    assert notes["c.best"] == ["could not be scored: it is empty."]


def test_a_reports_tables_are_the_results_tables_then_the_measure_per_pos(
        systems: list) -> None:
    tables = report_tables(systems, "percent", "best.recall")
    # Clean: best (a.best), oot and ranking (b.oot); the official scorer has no ranking
    # measures, so only best and oot; then best recall per PoS.
    assert [[row[1] for row in table.rows] for table in tables[:5]] == [
        ["a.best"], ["b.oot"], ["b.oot"], ["a.best"], ["b.oot"]]
    assert ["official" in table.title for table in tables[:5]] == [False] * 3 + [True] * 2
    assert {table.unit for table in tables[:5]} == {"percent"}
    assert len(tables) == 6 and [row[0] for row in tables[-1].rows] == ["a", "v"]


def test_each_file_is_read_and_its_kind_detected_once(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.core.io.formats import detect

    detected: list[str] = []
    real = detect.detect_kind

    def counted(data: bytes, name: str = "") -> detect.Detection:
        detected.append(name)
        return real(data, name)

    monkeypatch.setattr(detect, "detect_kind", counted)
    monkeypatch.setattr(detect, "detect_path", lambda path: pytest.fail("read again"))
    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    (tmp_path / "a.best").write_text("bright.a 1 :: clever\n", encoding="utf-8")
    (tmp_path / "b.oot").write_text("bright.a 1 ::: smart;clever\n", encoding="utf-8")
    gold, _ = read_gold_source(str(tmp_path / "gold"))
    scored = score_systems([str(tmp_path / "a.best"), str(tmp_path / "b.oot")], gold,
                           {str(tmp_path / "b.oot"): "oot"}, {})
    assert detected == ["a.best"]
    assert [(system.kind, system.kind_reason) for system in scored] == [
        ("best", "detected: 1 '::' lines whose answers have no counts"), ("oot", "chosen")]


def test_clean_scores_first_and_the_official_check_after(tmp_path: Path) -> None:
    """With ``checks``, files are scored cleanly only (``checking``, nothing cached); the
    check fills in what scoring at once gives, and caches it."""
    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    (tmp_path / "a.best").write_text("bright.a 1 :: Clever;clever\nrun.v 3 :: dash\n",
                                     encoding="utf-8")
    (tmp_path / "b.oot").write_text("bright.a 1 ::: smart;clever\n", encoding="utf-8")
    gold, _ = read_gold_source(str(tmp_path / "gold"))
    paths = [str(tmp_path / "a.best"), str(tmp_path / "b.oot")]
    at_once = score_systems(paths, gold, {}, {})
    checks: list = []
    cache: dict = {}
    first = score_systems(paths, gold, {}, cache, checks=checks)
    assert [system.checking for system in first] == [True, True]
    assert [(system.official, system.warnings) for system in first] == [({}, []), ({}, [])]
    assert [system.report.figures for system in first] == [
        system.report.figures for system in at_once]
    assert not cache and len(checks) == 2
    assert all(CHECKING_NOTE in lines for lines in system_notes(first, {}).values())
    checked = check_systems(checks, cache)
    for done, whole in zip(checked, at_once, strict=True):
        assert not done.checking and done.name == whole.name
        assert done.official == whole.official and done.official_totals == whole.official_totals
        assert [w.describe() for w in done.warnings] == [w.describe() for w in whole.warnings]
    assert any(system.warnings for system in checked)
    assert len(cache) == 2
    again = score_systems(paths, gold, {}, cache, checks=(later := []))
    assert not later and [system.checking for system in again] == [False, False]


def test_systems_are_scored_under_a_convention_value_as_the_command_line_scores_them(
        demo_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from lexsub_studio.cli.main import main
    from lexsub_studio.core.scoring.conventions.profiles import get_convention

    gold, _ = read_gold_source(str(demo_dir / "gold"))
    system = demo_dir / "systems" / "gamma.weighted"
    cache: dict = {}
    [scored] = score_systems([str(system)], gold, {}, cache,
                             convention=get_convention("melamud"))
    [default] = score_systems([str(system)], gold, {}, cache)
    assert main(["score", str(system), str(demo_dir / "gold"), "--convention", "melamud",
                 "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    gap = scored.report.figures["ranking.gap"]
    assert gap.value == pytest.approx(printed["gap"]) and "melamud" in gap.numerator_label
    # The project's own profile is cached apart and keeps the report's own figure.
    assert default.report.figures["ranking.gap"].value != pytest.approx(printed["gap"])
    assert len(cache) == 2
