"""The league table read like a paper's results table: a rank column, the best of each column in
bold, each measure's definition in its header's tool tip, one task's measures at a time, the
official figures as the percentages the CLI prints, and explanations rounded as their cells;
the Items tab with every system in sight."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.core.scoring.compare.league import GROUPS_BY_KEY, definition
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui
SYSTEMS = ("alpha.best", "beta.best", "alpha.oot", "gamma.weighted")


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    monkeypatch.setattr(dialogs, "show_error", lambda *a: None)


@pytest.fixture()
def workspace(qtbot, demo_dir: Path) -> ScoringWorkspace:
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    page.resize(1280, 760)
    page.show()
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    # The clean figures first, then the official check's figures and warnings.
    with qtbot.waitSignals([page.scored, page.official_checked], order="strict",
                           timeout=20000):
        page.add_systems([str(demo_dir / "systems" / name) for name in SYSTEMS])
    return page


def _choose(combo, data: object) -> None:
    combo.setCurrentIndex(combo.findData(data))


def _column(model, key: str) -> int:
    return model.table.keys.index(key)


def _texts(model, column: int) -> list[str]:
    return [model.index(row, column).data() for row in range(model.rowCount())]


def _figure_columns(model) -> list[int]:
    return [column for column, key in enumerate(model.table.keys) if key]


def test_each_task_shows_its_measures_and_only_systems_that_have_them(
        workspace: ScoringWorkspace, qtmodeltester) -> None:
    page = workspace.league_page
    model = page.model
    # Systems of several tasks: every measure at first.
    assert page.group_combo.currentData() is None
    for group in ("best", "oot", "ranking"):
        _choose(page.group_combo, group)
        qtmodeltester.check(model)
        keys = [key for key in model.table.keys if key]
        assert keys and set(keys) <= set(GROUPS_BY_KEY[group].measures), group
        # No row of dashes only: every system shown has a figure of the task.
        for row in range(model.rowCount()):
            assert any(model.index(row, column).data() != "—"
                       for column in _figure_columns(model)), (group, row)
    _choose(page.group_combo, "best")
    names = _texts(model, model.table.header.index("system"))
    assert "alpha.oot" not in names and {"alpha.best", "beta.best", "gamma.weighted"} <= set(names)


def test_rank_column_and_the_best_of_each_column(workspace: ScoringWorkspace,
                                                 qtmodeltester) -> None:
    page = workspace.league_page
    model = page.model
    _choose(page.group_combo, "best")
    qtmodeltester.check(model)
    assert model.table.header[0] == "rank"
    recall = _column(model, "best.recall")
    values = {model.index(row, 1).data(): model.table.rows[row][recall]
              for row in range(model.rowCount())}
    ranks = {model.index(row, 1).data(): int(model.index(row, 0).data())
             for row in range(model.rowCount())}
    # Ranked by best recall, highest first, and listed in rank order as a paper lists them.
    assert sorted(ranks, key=ranks.get) == sorted(values, key=values.get, reverse=True)
    assert list(ranks.values()) == sorted(ranks.values())
    assert "best R" in model.headerData(0, Qt.Orientation.Horizontal,
                                        Qt.ItemDataRole.ToolTipRole)
    for column in _figure_columns(model):
        shown = [model.index(row, column).data() for row in range(model.rowCount())]
        numbers = [float(text) for text in shown if text != "—"]
        bold = [row for row in range(model.rowCount())
                if model.index(row, column).data(Qt.ItemDataRole.FontRole) is not None
                and model.index(row, column).data(Qt.ItemDataRole.FontRole).bold()]
        if len(numbers) < 2:
            assert not bold
            continue
        assert bold and all(float(shown[row]) == max(numbers) for row in bold), column
        assert len(bold) == sum(number == max(numbers) for number in numbers)


def test_header_tool_tips_are_the_definitions_in_the_docs(workspace: ScoringWorkspace) -> None:
    model = workspace.league_page.model
    docs = (Path(__file__).resolve().parents[1] / "docs" / "metrics.md").read_text("utf-8")
    columns = _figure_columns(model)
    assert len(columns) >= 12
    for column in columns:
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert tip and tip == definition(model.table.keys[column])
        assert tip in docs


def test_official_percentages_are_the_ones_the_cli_prints(
        workspace: ScoringWorkspace, demo_dir: Path, capsys: pytest.CaptureFixture[str],
        qtmodeltester) -> None:
    page = workspace.league_page
    _choose(page.view_combo, "official")
    _choose(page.group_combo, "best")
    _choose(page.unit_combo, "percent")
    model = page.model
    qtmodeltester.check(model)
    for name in ("alpha.best", "beta.best"):
        assert cli_main(["score", str(demo_dir / "systems" / name), str(demo_dir / "gold")]) == 0
        printed = capsys.readouterr().out
        precision, recall = re.search(r"^precision = ([0-9.]+), recall = ([0-9.]+)$", printed,
                                      re.M).groups()
        mode_p, mode_r = re.search(r"Mode precision = ([0-9.]+), Mode recall = ([0-9.]+)",
                                   printed).groups()
        row = _texts(model, 1).index(name)
        shown = [model.index(row, _column(model, key)).data()
                 for key in ("best.precision", "best.recall", "best.mode_precision",
                             "best.mode_recall")]
        assert shown == [precision, recall, mode_p, mode_r]
    _choose(page.unit_combo, "fraction")
    row = _texts(model, 1).index("alpha.best")
    assert model.index(row, _column(model, "best.recall")).data() == "0.360"


@pytest.mark.parametrize("view", ["clean", "official"])
@pytest.mark.parametrize("unit", ["percent", "fraction"])
def test_an_explanation_rounds_as_its_cell(workspace: ScoringWorkspace, view: str,
                                           unit: str) -> None:
    page = workspace.league_page
    _choose(page.view_combo, view)
    _choose(page.unit_combo, unit)
    model = page.model
    explained = 0
    for row in range(model.rowCount()):
        for column in _figure_columns(model):
            cell = model.index(row, column).data()
            if cell == "—":
                continue
            text = page.explain_cell(model.index(row, column))
            ending = f"= {cell}%" if unit == "percent" else f"= {cell}"
            assert text.endswith(ending), (text, cell)
            explained += 1
    assert explained >= 12


def test_a_chosen_task_stays_when_systems_change(qtbot, workspace: ScoringWorkspace,
                                                 demo_dir: Path) -> None:
    page = workspace.league_page
    _choose(page.group_combo, "ranking")
    page.group_combo.activated.emit(page.group_combo.currentIndex())
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        workspace.add_systems([str(demo_dir / "systems" / "alpha.best")])
    assert page.group_combo.currentData() == "ranking"


def test_systems_of_one_task_open_on_that_task(qtbot, demo_dir: Path) -> None:
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(demo_dir / "systems" / name)
                          for name in ("alpha.best", "beta.best")])
    assert page.league_page.group_combo.currentData() == "best"
    assert not any(key and not key.startswith(("best.", "jabbari."))
                   for key in page.league_page.model.table.keys)


def test_the_items_table_shows_every_system(qtbot, workspace: ScoringWorkspace) -> None:
    workspace.tabs.setCurrentWidget(workspace.items_page)
    qtbot.waitUntil(lambda: workspace.items_page.isVisible(), timeout=5000)
    view = workspace.items_page.view
    model = workspace.items_page.model
    assert model.items.systems == list(SYSTEMS)
    width = view.viewport().width()
    for column in range(model.columnCount()):
        right = view.columnViewportPosition(column) + view.columnWidth(column)
        assert view.columnViewportPosition(column) >= 0 and right <= width, (
            model.headerData(column, Qt.Orientation.Horizontal), right, width)
    # The item view keeps room to read the sentence and the answers.
    assert workspace.items_page.browser.width() >= 300


def _run_significance(qtbot, workspace: ScoringWorkspace, mode: str, samples: int) -> str:
    page = workspace.significance_page
    _choose(page.compare_combo, mode)
    _choose(page.measure, "best.recall")
    _choose(page.method_combo, "randomisation")
    page.samples_spin.setValue(samples)
    with qtbot.waitSignal(page.done, timeout=20000) as blocker:
        page.run()
    return blocker.args[0]


def test_significance_matrix_of_every_pair(qtbot, workspace: ScoringWorkspace,
                                           qtmodeltester) -> None:
    from lexsub_studio.core.scoring.compare.significance import (
        paired_scores,
        run_test,
        written_p_value,
    )

    page = workspace.significance_page
    note = _run_significance(qtbot, workspace, "matrix", 2000)
    assert "row's system against the column's" in note
    # alpha.oot has no best recall: it is left out of the matrix, and the note says so.
    assert "Not compared (no best recall): alpha.oot." in note
    model = page.matrix_model
    qtmodeltester.check(model)
    # In rank order by best recall, numbered; the columns carry the numbers only.
    names = [model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())]
    assert names == ["1  gamma.weighted", "2  alpha.best", "3  beta.best"]
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)] == ["1", "2", "3"]
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == (
        "alpha.best, the system each row is compared with")
    alpha, beta = 1, 2
    reports = {system.name: system.report for system in workspace.systems}
    paired = paired_scores(reports["alpha.best"], reports["beta.best"], "best.recall")
    expected = run_test("randomisation", paired.a, paired.b, samples=2000,
                        seed=page.seed_spin.value())
    assert expected.p_value < 0.001  # 1 / 2001: a strong difference
    assert model.index(alpha, beta).data() == "≫"
    assert model.index(beta, alpha).data() == "≪"
    assert model.index(alpha, alpha).data() == "—"
    # Screen readers hear the verdict and its p-value; the tool tip is the sentence.
    assert model.index(alpha, beta).data(Qt.ItemDataRole.AccessibleDescriptionRole) == (
        f"better, {written_p_value(expected.p_value)}")
    assert model.index(alpha, beta).data(Qt.ItemDataRole.ToolTipRole) == (
        "alpha.best is better than beta.best (p < 0.001).")
    page.matrix.setCurrentIndex(model.index(beta, alpha))
    assert "Verdict: beta.best is worse than alpha.best (p < 0.001)." in \
        page.result.toPlainText()


def test_significance_of_each_system_against_a_baseline(qtbot, workspace: ScoringWorkspace,
                                                        qtmodeltester) -> None:
    page = workspace.significance_page
    _choose(page.compare_combo, "baseline")
    page.baseline_combo.setCurrentText("beta.best")
    _run_significance(qtbot, workspace, "baseline", 500)
    model = page.matrix_model
    qtmodeltester.check(model)
    assert model.columnCount() == 1
    assert model.headerData(0, Qt.Orientation.Horizontal) == "against beta.best"
    rows = [model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())]
    assert rows == ["gamma.weighted", "alpha.best"]  # in rank order by best recall
    # No shuffle reaches it: p = 1 / 501, significant but not below 0.001.
    assert model.index(1, 0).data() == ">"
    assert model.index(1, 0).data(Qt.ItemDataRole.AccessibleDescriptionRole) == (
        "better, p = 0.002")
    assert model.index(0, 0).data() in {">", "≫"}


def test_two_systems_end_with_a_plain_verdict(qtbot, workspace: ScoringWorkspace) -> None:
    page = workspace.significance_page
    page.system_a.setCurrentIndex(1)  # beta.best
    page.system_b.setCurrentIndex(0)  # alpha.best
    text = _run_significance(qtbot, workspace, "pair", 500)
    assert text.splitlines()[-1] == (
        "Verdict at the 0.05 level: beta.best is worse than alpha.best (p = 0.002).")


def test_the_item_view_says_an_mw_file_gave_no_multiword(qtbot, workspace: ScoringWorkspace,
                                                         demo_dir: Path) -> None:
    # The demo's gold.mw lies beside its gold: the mw file is scored against it.
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        workspace.add_systems([str(demo_dir / "systems" / "alpha.mw")])
    page = workspace.items_page
    assert "alpha.mw" in page.model.items.systems
    assert page.select_item("bright.a", "1")
    text = page.browser.toPlainText()
    assert "alpha.mw" in text and "no multiword" in text and "not scored" not in text
    assert page.select_item("charge.n", "15")
    assert "in charge of" in page.browser.toPlainText()


def test_a_baseline_without_the_measure_is_refused_with_a_sentence(
        workspace: ScoringWorkspace) -> None:
    page = workspace.significance_page
    _choose(page.compare_combo, "baseline")
    _choose(page.measure, "best.recall")
    page.baseline_combo.setCurrentText("alpha.oot")
    assert page.run() is None
    assert page.result.toPlainText() == (
        "The baseline alpha.oot has no best recall: choose another baseline or measure.")


def test_a_task_no_system_has_says_so(workspace: ScoringWorkspace) -> None:
    page = workspace.league_page
    _choose(page.view_combo, "official")
    _choose(page.group_combo, "ranking")
    assert page.model.rowCount() == 0
    assert page.explanation.text() == (
        "No system has ranking measures here (the official scorer computes the best, oot and "
        "mw measures only): choose another task.")


def test_the_html_report_has_a_results_table_per_task(workspace: ScoringWorkspace,
                                                      tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    _choose(workspace.league_page.unit_combo, "percent")
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "report.html"), ""))
    report = workspace.export_report()
    assert report is not None
    page = report.read_text(encoding="utf-8")
    for caption in ("League table (clean): best (figures in %)",
                    "League table (clean): oot (figures in %)",
                    "League table (clean): ranking (figures in %)",
                    "League table (official scorer): best (figures in %)"):
        assert f"<caption>{caption}</caption>" in page
    # No demo system has mw figures: no empty mw table.
    assert ": mw (" not in page
    assert "<th>rank</th>" in page
    # The clean best table marks the highest best recall, written as a percentage.
    from lexsub_studio.core.scoring.shown_figures import figure_text

    recalls = [system.report.figures["best.recall"].value for system in workspace.systems
               if system.report is not None and "best.recall" in system.report.figures]
    assert f"<strong>{figure_text(max(recalls), 'percent')}</strong>" in page


def test_the_second_system_offered_for_a_pair_test_is_of_the_first_ones_kind(qtbot) -> None:
    from lexsub_studio.core.scoring.compare.system_scores import SystemScores
    from lexsub_studio.gui.scoring.significance_page import SignificancePage

    page = SignificancePage(["best.recall"])
    qtbot.addWidget(page)
    page.set_systems([SystemScores("alpha.best", "best", None),
                      SystemScores("alpha.oot", "oot", None),
                      SystemScores("beta.best", "best", None)])
    assert page.system_a.currentIndex() == 0
    # alpha.oot has no best recall: comparing it with alpha.best could only fail.
    assert page.system_b.currentIndex() == 2
