"""Layout for real screens: every workspace fits 1024 x 640 with no control cut off, the
guidelines belong to Annotate, the text size follows Ctrl+= / Ctrl+- and is remembered, and a
dark palette keeps the coloured text readable (WCAG AA) and the plots dark."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from layout_check import cut_off_widgets
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from lexsub_studio.gui import dialogs, font_size
from lexsub_studio.gui.annotate.instance_model import Column
from lexsub_studio.gui.contrast import AA_CONTRAST, contrast_ratio
from lexsub_studio.gui.main_window import MainWindow
from lexsub_studio.gui.scoring import item_view

pytestmark = pytest.mark.gui

SCREEN = (1024, 640)
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def _quiet_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)


@pytest.fixture()
def dark_palette() -> Iterator[QPalette]:
    app = QApplication.instance()
    before = QPalette(app.palette())
    palette = QPalette(QColor("#2b2b2b"))  # a dark window colour; Qt derives the rest
    palette.setColor(QPalette.ColorRole.Window, QColor("#202124"))
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#e8eaed"))
    palette.setColor(QPalette.ColorRole.Base, QColor("#17181a"))
    palette.setColor(QPalette.ColorRole.Text, QColor("#e8eaed"))
    app.setPalette(palette)
    yield palette
    app.setPalette(before)


def _window_at_screen_size(qtbot, corpus: Path) -> MainWindow:
    window = make_window(qtbot)
    window.resize(*SCREEN)
    open_and_wait(qtbot, window, corpus)
    return window


@pytest.mark.parametrize("key", [
    "annotate",
    "gold",
    "scoring",
    "dataset",
])
def test_each_workspace_fits_1024_by_640_with_nothing_cut_off(qtbot, corpus: Path,
                                                              key: str) -> None:
    window = _window_at_screen_size(qtbot, corpus)
    window.show_workspace(key)
    window.resize(*SCREEN)
    QApplication.processEvents()
    assert (window.width(), window.height()) == SCREEN
    assert cut_off_widgets(window) == []
    window.close()


def test_the_guidelines_belong_to_annotate(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    dock = window.guidelines_dock
    assert window.stack.currentWidget() is window.start_screen
    assert not dock.isVisible()
    open_and_wait(qtbot, window, corpus)
    window.show_workspace("annotate")
    assert dock.isVisible()
    window.show_workspace("scoring")
    assert not dock.isVisible()
    # Opened by the user in Scoring: it stays open there, and Annotate keeps its own choice.
    window.guidelines_action.trigger()
    assert dock.isVisible()
    window.show_workspace("dataset")
    assert not dock.isVisible()
    window.show_workspace("scoring")
    assert dock.isVisible()
    window.show_workspace("annotate")
    window.guidelines_action.trigger()  # closed in Annotate
    window.close()
    again = make_window(qtbot)
    open_and_wait(qtbot, again, corpus)
    again.show_workspace("annotate")
    assert not again.guidelines_dock.isVisible()
    again.show_workspace("scoring")
    assert again.guidelines_dock.isVisible()
    again.close()


def test_ctrl_plus_and_minus_change_the_text_size_and_it_is_remembered(qtbot,
                                                                       corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    start = QApplication.font().pointSizeF()
    sentence_start = workspace.editor.sentence_view.font().pointSizeF()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Equal, CTRL)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Equal, CTRL)
    assert QApplication.font().pointSizeF() == start + 2
    QApplication.processEvents()  # Qt posts the font change to the windows
    assert workspace.editor.sentence_view.font().pointSizeF() > sentence_start
    assert workspace.editor.form.sub_edits[0].font().pointSizeF() == start + 2
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Minus, CTRL)
    assert QApplication.font().pointSizeF() == start + 1
    window.close()
    QApplication.setFont(QApplication.font())  # nothing else holds the size
    again = make_window(qtbot)
    assert QApplication.font().pointSizeF() == start + 1
    again.window_actions.font_reset_action.trigger()
    assert QApplication.font().pointSizeF() == font_size.system_point_size() == start
    again.close()


def _style_colour(label: QLabel) -> QColor:
    match = re.search(r"color:\s*(#[0-9a-fA-F]{6})", label.styleSheet())
    assert match, label.styleSheet()
    return QColor(match.group(1))


def test_a_dark_palette_keeps_every_coloured_text_readable(qtbot, corpus: Path,
                                                           dark_palette: QPalette) -> None:
    window_colour = dark_palette.color(QPalette.ColorRole.Window)
    base = dark_palette.color(QPalette.ColorRole.Base)
    window = make_window(qtbot)
    window.window_actions.show_pos_action.setChecked(True)
    workspace = open_and_wait(qtbot, window, corpus)
    assert contrast_ratio(_style_colour(workspace.editor.pos_label), window_colour) >= AA_CONTRAST
    unsaved_label = workspace.status.unsaved_label
    assert contrast_ratio(_style_colour(unsaved_label), window_colour) >= AA_CONTRAST
    for check in workspace.editor.form.check_labels.values():
        assert contrast_ratio(_style_colour(check), window_colour) >= AA_CONTRAST
    qtbot.keyClicks(QApplication.focusWidget(), "clever")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    for row in range(2):
        brush = workspace.instances.model.index(row, Column.STATUS).data(
            Qt.ItemDataRole.ForegroundRole)
        assert contrast_ratio(brush.color(), base) >= AA_CONTRAST
    # Scoring's "not in the gold" answers and its grey notes, drawn on the view's base.
    struck = item_view._answer_html("shiny", 0, None)
    colour = QColor(re.search(r"color:(#[0-9a-f]{6})", struck).group(1))
    assert contrast_ratio(colour, base) >= AA_CONTRAST
    assert contrast_ratio(QColor(item_view._on_base(item_view.MUTED)), base) >= AA_CONTRAST
    window.close()


def test_plots_follow_the_palette(qtbot, dark_palette: QPalette) -> None:
    from matplotlib.colors import to_hex

    from lexsub_studio.core.present import plots
    from lexsub_studio.gui.plot_palette import follow_palette

    figure = follow_palette(plots.top_n_f_figure({"sys": [0.1 * n for n in range(1, 11)]}))
    assert to_hex(figure.get_facecolor()) == dark_palette.color(QPalette.ColorRole.Window).name()
    axes = figure.axes[0]
    assert to_hex(axes.get_facecolor()) == dark_palette.color(QPalette.ColorRole.Base).name()
    label_colour = QColor(to_hex(axes.xaxis.label.get_color()))
    assert contrast_ratio(label_colour, dark_palette.color(QPalette.ColorRole.Base)) >= 4.5
