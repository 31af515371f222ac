"""A 1024 x 640 screen with real data: the Gold summary shows every row of its figures (or lets
the page scroll to them) with the chart's labels apart, and a significance matrix of ten systems
fits the window's width without scrolling sideways, its cells short verdicts in rank order."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator
from layout_check import cut_off_widgets
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QWidget

from lexsub_studio.gui import dialogs
from lexsub_studio.gui.contrast import AA_CONTRAST, contrast_ratio
from lexsub_studio.gui.gold.workspace import GoldWorkspace
from lexsub_studio.gui.main_window import MainWindow
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui

SCREEN = (1024, 640)
SYSTEM_COUNT = 10


@pytest.fixture(autouse=True)
def _quiet_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)


def _small_window(qtbot, demo_dir: Path, key: str) -> MainWindow:
    set_annotator("tester")
    window = make_window(qtbot)
    window.resize(*SCREEN)
    open_and_wait(qtbot, window, demo_dir / "demo.xml")
    window.show_workspace(key)
    window.resize(*SCREEN)
    QApplication.processEvents()
    assert (window.width(), window.height()) == SCREEN
    return window


def _rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def test_the_gold_summary_shows_every_figure_at_1024_by_640(qtbot, demo_dir: Path) -> None:
    window = _small_window(qtbot, demo_dir, "gold")
    workspace = window.workspaces["gold"]
    assert isinstance(workspace, GoldWorkspace)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files([str(p) for p in sorted((demo_dir / "responses").glob("*.tsv"))])
    QApplication.processEvents()
    summary = workspace.summary
    table = summary.figures_table
    model = table.model()
    assert model.rowCount() == 8
    # The table never scrolls inside: every row and every column is wholly in its viewport.
    assert table.verticalScrollBar().maximum() == 0
    assert table.horizontalScrollBar().maximum() == 0
    viewport = table.viewport().rect()
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            assert viewport.contains(table.visualRect(model.index(row, column))), (row, column)
    # The page scrolls up and down to each part, and none is wider than the page.
    page = summary.widget()
    for part in (summary.counts_label, table, summary.figure_explanation,
                 summary.warnings_label, summary.problems_button, summary.chart):
        summary.ensureWidgetVisible(part, 0, 0)
        QApplication.processEvents()
        shown = _rect_in(part, summary.viewport())
        assert summary.viewport().rect().contains(shown) or \
            shown.height() > summary.viewport().height(), part.objectName()
        assert _rect_in(part, page).right() < summary.viewport().width(), part.objectName()
    assert summary.horizontalScrollBar().maximum() == 0
    # The chart's labels do not overlap each other and stay inside the chart.
    figure = summary.chart.figure
    summary.chart.draw()
    renderer = summary.chart.get_renderer()
    labels = [label.get_window_extent(renderer)
              for label in figure.axes[0].get_yticklabels() if label.get_text()]
    assert len(labels) == 8
    canvas_box = figure.bbox
    for number, box in enumerate(labels):
        assert canvas_box.x0 <= box.x0 and box.x1 <= canvas_box.x1
        assert canvas_box.y0 <= box.y0 and box.y1 <= canvas_box.y1
        for other in labels[number + 1:]:
            assert not box.overlaps(other), (box, other)
    assert not summary.chart_beside()
    assert cut_off_widgets(window) == []
    # A wide window has room for the chart beside the table; narrowed again, it goes below.
    window.resize(1800, 900)
    QApplication.processEvents()
    assert summary.chart_beside()
    assert _rect_in(summary.chart, page).left() >= _rect_in(table, page).right()
    window.resize(*SCREEN)
    QApplication.processEvents()
    assert not summary.chart_beside()
    assert _rect_in(summary.chart, page).top() >= _rect_in(table, page).bottom()
    window.close()


def _ten_systems(directory: Path, demo_dir: Path) -> list[str]:
    """Ten copies of two demo systems under long names with a common prefix: the matrix has
    ten rows and ten columns whatever the names."""
    paths = []
    for number in range(SYSTEM_COUNT):
        source = demo_dir / "systems" / ("alpha.best" if number % 2 else "beta.best")
        target = directory / f"university-lab-submission-{number}.best"
        shutil.copy(source, target)
        paths.append(str(target))
    return paths


def test_a_matrix_of_ten_systems_fits_1024_px_without_scrolling(qtbot, demo_dir: Path,
                                                                 tmp_path: Path) -> None:
    window = _small_window(qtbot, demo_dir, "scoring")
    scoring = window.workspaces["scoring"]
    assert isinstance(scoring, ScoringWorkspace)
    task = scoring.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignal(scoring.scored, timeout=30000):
        scoring.add_systems(_ten_systems(tmp_path, demo_dir))
    page = scoring.significance_page
    scoring.tabs.setCurrentWidget(page)
    page.compare_combo.setCurrentIndex(page.compare_combo.findData("matrix"))
    page.measure.setCurrentIndex(page.measure.findData("best.recall"))
    page.method_combo.setCurrentIndex(page.method_combo.findData("bootstrap"))
    page.samples_spin.setValue(200)
    with qtbot.waitSignal(page.done, timeout=60000):
        page.run()
    QApplication.processEvents()
    model = page.matrix_model
    assert (model.rowCount(), model.columnCount()) == (SYSTEM_COUNT, SYSTEM_COUNT)
    matrix = page.matrix
    assert matrix.horizontalScrollBar().maximum() == 0
    width = matrix.viewport().width()
    for column in range(model.columnCount()):
        assert matrix.columnViewportPosition(column) + matrix.columnWidth(column) <= width
    # Rows in rank order: the copies of alpha.best (better best recall) first.
    recall = {system.name: system.report.figures["best.recall"].value for system in scoring.systems}
    names = [model.names[system] for system in model.row_systems]
    assert [recall[name] for name in names] == sorted(recall.values(), reverse=True)
    assert names[0] == "university-lab-submission-1.best"
    # Cells hold a symbol; the sentence is in the tool tip and the detail pane.
    texts = {model.index(row, column).data() for row in range(SYSTEM_COUNT)
             for column in range(SYSTEM_COUNT)}
    assert texts <= {"≫", ">", "≈", "<", "≪", "—"}
    top, bottom = 0, SYSTEM_COUNT - 1
    cell = model.index(top, bottom)
    assert cell.data() in {"≫", ">"}
    assert cell.data(Qt.ItemDataRole.ToolTipRole).startswith(f"{names[top]} is better than "
                                                             f"{names[bottom]} (p ")
    # Its green is drawn with dark text of its own, readable in a dark theme as in a light one.
    background = cell.data(Qt.ItemDataRole.BackgroundRole)
    foreground = cell.data(Qt.ItemDataRole.ForegroundRole)
    assert contrast_ratio(QColor(foreground), QColor(background)) >= AA_CONTRAST
    matrix.setCurrentIndex(cell)
    assert f"Verdict: {names[top]} is better than {names[bottom]}" in page.result.toPlainText()
    legend = page.legend.text()
    for symbol in ("≫", ">", "≈", "<", "≪"):
        assert symbol in legend
    assert cut_off_widgets(window) == []
    window.close()
