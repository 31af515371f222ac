"""System lines whose lexelt names the gold item's lemma with other PoS letters (``wild.n 160``
for ``wild.a.n 160``): matched by id and reported, or dropped with strict lexelt matching."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.scoring.compare import item_matrix
from lexsub_studio.core.scoring.compare.system_scores import prepare_gold, score_system_file
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score
from lexsub_studio.core.scoring.report.system_warnings import system_warnings
from lexsub_studio.gui.scoring import item_view

GOLD = """wild.a.n 160 :: savage 3;untamed 1;
stand.n.v 131 :: rise 2;get up 2;
wild.a.n 161 :: fierce 2;feral 1;
bank.n 7 :: shore 2;edge 1;
"""
# Two lines with the tagged PoS dropped, one naming another lemma for id 7, one exact line.
BEST = "wild.n 160 :: savage\nstand.v 131 :: rise\ndog.n 7 :: shore\nwild.a.n 161 :: feral\n"


def _score(system_text: str = BEST, kind: str = "best", **options: object):
    answers = parse_system_text(system_text, kind).answers
    return score(answers, parse_gold_text(GOLD).items, ScoreOptions(kind=kind, **options))


def test_a_line_naming_the_lemma_with_other_pos_letters_is_matched_by_id() -> None:
    report = _score()
    rows = report.items.set_index("id")
    # savage 3 of 4 responses; rise 2 of 4; feral 1 of 3; bank.n 7 unanswered.
    assert rows.loc["160", "best_score"] == pytest.approx(3 / 4)
    assert rows.loc["131", "best_score"] == pytest.approx(2 / 4)
    assert report.figures["best.recall"].value == pytest.approx((3 / 4 + 2 / 4 + 1 / 3) / 4)
    assert rows.loc["160", "system_lexelt"] == "wild.n"
    assert rows.loc["131", "system_lexelt"] == "stand.v"
    assert rows.loc["161", "system_lexelt"] is None  # the line's lexelt is the gold's
    assert [(m.line, m.system_lexelt, m.gold_lexelt, m.matched)
            for m in report.lexelt_mismatches] == [
        (1, "wild.n", "wild.a.n", True), (2, "stand.v", "stand.n.v", True)]
    # dog.n 7 names another lemma: a line for an unknown item, not bank.n 7's answer.
    assert rows.loc["7", "system_line"] is None
    assert report.ignored == ["1 system lines for items not in T or not in the gold"]


def test_strict_lexelt_drops_them_and_says_so() -> None:
    report = _score(strict_lexelt=True)
    rows = report.items.set_index("id")
    assert rows.loc["160", "system_line"] is None and rows.loc["160", "best_score"] == 0
    assert report.figures["best.recall"].value == pytest.approx((1 / 3) / 4)
    assert [m.matched for m in report.lexelt_mismatches] == [False, False]
    assert any(line.startswith("2 system lines whose lexelt names their gold item's lemma")
               for line in report.ignored)


def test_a_compacted_report_keeps_the_mismatch_for_the_item_view() -> None:
    compact = _score().compacted()
    assert compact.items.set_index("id").loc["160", "system_lexelt"] == "wild.n"
    assert len(compact.lexelt_mismatches) == 2


def test_oot_and_multiword_lines_are_matched_the_same_way() -> None:
    oot = _score("wild.n 160 ::: untamed;savage\n", kind="oot")
    assert oot.figures["oot.recall"].value == pytest.approx(1.0 / 4)
    mw_gold = parse_gold_text("wild.a.n 160 :: run riot 2;go wild 1;\n", multiword=True).items
    mw_lines = parse_system_text("wild.n 160 :: run riot\n", "mw").answers
    mw = score(mw_lines, mw_gold, ScoreOptions(kind="mw"))
    assert mw.figures["mw.identification_recall"].value == 1.0
    assert mw.figures["mw.detection_precision"].value == 1.0  # not a false detection
    strict = score(mw_lines, mw_gold, ScoreOptions(kind="mw", strict_lexelt=True))
    assert strict.figures["mw.identification_recall"].value == 0.0


def test_the_warning_lists_every_line_and_the_effect_of_strict_matching() -> None:
    gold = parse_gold_text(GOLD).items
    answers = parse_system_text(BEST, "best").answers
    for strict in (False, True):
        report = score(answers, gold, ScoreOptions(strict_lexelt=strict))
        other = score(answers, gold, ScoreOptions(strict_lexelt=not strict))
        (warning,) = [w for w in system_warnings(answers, gold, "best", report)
                      if w.code == "lexelt-mismatch"]
        assert warning.count == 2
        assert [example.split(":")[0] for example in warning.examples] == ["line 1", "line 2"]
        assert "'wild.n 160'" in warning.examples[0] and "'wild.a.n 160'" in warning.examples[0]
        expected = (other.figures["best.recall"].value - report.figures["best.recall"].value)
        assert warning.effect == pytest.approx(expected)


def test_other_warnings_follow_a_line_to_the_item_it_is_matched_to() -> None:
    gold = parse_gold_text(GOLD).items
    answers = parse_system_text("wild.n 160 :: Savage\n", "best").answers
    report = score(answers, gold, ScoreOptions())
    (case,) = [w for w in system_warnings(answers, gold, "best", report)
               if w.code == "case-variants"]
    # Writing 'savage' would earn 3 of 4 responses on one of the 4 items.
    assert case.effect == pytest.approx(3 / 4 / 4)


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"gold": tmp_path / "gold", "best": tmp_path / "sys.best",
             "other": tmp_path / "other.best"}
    paths["gold"].write_text(GOLD, encoding="utf-8")
    paths["best"].write_text(BEST, encoding="utf-8")
    paths["other"].write_text("wild.a.n 160 :: untamed\n", encoding="utf-8")
    return paths


def test_score_warnings_and_strict_lexelt_on_the_command_line(
        files: dict[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(files["best"]), str(files["gold"]), "--warnings"]) == 0
    out = capsys.readouterr().out
    assert "Lines whose lexelt differs from the gold's: 2 lines." in out
    assert "line 1: 'wild.n 160' matched to gold item 'wild.a.n 160'" in out
    assert "line 2: 'stand.v 131' matched to gold item 'stand.n.v 131'" in out
    assert main(["score", str(files["best"]), str(files["gold"]), "--strict-lexelt",
                 "--warnings", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["figures"]["best.recall"]["numerator"] == pytest.approx(1 / 3)
    (warning,) = [w for w in document["warnings"] if w["code"] == "lexelt-mismatch"]
    assert warning["examples"][0] == "line 1: 'wild.n 160' dropped, not matched to gold item " \
                                     "'wild.a.n 160'"


def test_compare_warnings_list_the_lines(files: dict[str, Path],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(files["best"]), str(files["other"]), str(files["gold"]),
                 "--samples", "50", "--warnings"]) == 0
    out = capsys.readouterr().out
    assert "Lines whose lexelt differs from the gold's: 2 lines." in out
    assert "line 2: 'stand.v 131' matched to gold item 'stand.n.v 131'" in out
    assert main(["compare", str(files["best"]), str(files["other"]), str(files["gold"]),
                 "--samples", "50", "--warnings", "--strict-lexelt"]) == 0
    strict = capsys.readouterr().out
    assert "line 2: 'stand.v 131' dropped, not matched to gold item 'stand.n.v 131'" in strict
    # savage (3 of 4) and rise (2 of 4) no longer count: only feral, 1 of 3, of 4 items.
    assert f"SYS1 best.recall = {(1 / 3) / 4:.3f}" in strict


def test_the_item_view_shows_the_answer_and_marks_the_mismatch(files: dict[str, Path]) -> None:
    gold = parse_gold_text(GOLD).items
    system = score_system_file(files["best"], prepare_gold(gold), files["gold"].read_bytes())
    systems = [system]
    items = item_matrix.item_scores(systems, "best.recall")
    rows = item_matrix.item_rows(systems, items, items.keys.index(("wild.a.n", "160")))
    page = item_view.item_html(systems, rows, {item.key: item for item in gold}, None,
                             "wild.a.n", "160", "best.recall")
    assert "savage (3, mode)" in page and "no answer" not in page
    assert "lexelt mismatch: line 1 wrote wild.n, matched by id" in page
    exact = item_matrix.item_rows(systems, items, items.keys.index(("wild.a.n", "161")))
    assert "lexelt mismatch" not in item_view.item_html(
        systems, exact, {item.key: item for item in gold}, None, "wild.a.n", "161",
        "best.recall")


@pytest.mark.gui
def test_the_warnings_tab_lists_every_line(qtbot, files: dict[str, Path]) -> None:
    from lexsub_studio.gui.app_state import AppState
    from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    task = page.open_gold(str(files["gold"]))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignals([page.scored, page.official_checked], order="strict",
                           timeout=20000):
        page.add_systems([str(files["best"])])
    shown = page.warnings_browser.toPlainText()
    assert "Lines whose lexelt differs from the gold's: 2 lines." in shown
    assert "line 1: 'wild.n 160' matched to gold item 'wild.a.n 160'" in shown
    assert "line 2: 'stand.v 131' matched to gold item 'stand.n.v 131'" in shown


def test_with_the_lexelt_key_defect_kept_every_line_is_its_ids() -> None:
    gold = parse_gold_text(GOLD).items
    answers = parse_system_text(BEST, "best").answers
    report = score(answers, gold, ScoreOptions(kept_defects=frozenset({"lexelt-key"})))
    # dog.n 7 counts for bank.n 7 too, as the official scorer counts it.
    assert report.items.set_index("id").loc["7", "system_lexelt"] == "dog.n"
    (warning,) = [w for w in system_warnings(answers, gold, "best", report)
                  if w.code == "lexelt-mismatch"]
    assert warning.count == 3 and warning.effect is None
    assert "matched by id alone" in warning.explanation
