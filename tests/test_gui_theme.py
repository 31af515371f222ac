"""View › Theme: System, Light or Dark on any platform (Fusion with a palette of its own for
Light and Dark), applied at once, remembered across a restart, and the notes bar's text and
Details link readable (WCAG AA) in both."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.gui import settings, theme
from lexsub_studio.gui.contrast import AA_CONTRAST, contrast_ratio
from lexsub_studio.gui.main_window import MainWindow
from lexsub_studio.gui.notes_bar import FileNotesBar

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _back_to_the_system_theme() -> Iterator[None]:
    """The application outlives each test: the platform's look comes back after it."""
    yield
    theme.apply_theme(theme.SYSTEM)


def _window_colour() -> QColor:
    return QApplication.palette().color(QPalette.ColorRole.Window)


def _theme_action(window: MainWindow, name: str):
    menu = window.menus.theme_menu
    return next(action for action in menu.actions() if action.objectName() == name)


def test_the_view_menu_switches_the_theme_and_the_palette_follows(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    system_window = _window_colour()
    names = [action.objectName() for action in window.menus.theme_menu.actions()]
    assert names == ["actionThemeSystem", "actionThemeLight", "actionThemeDark"]
    assert _theme_action(window, "actionThemeSystem").isChecked()
    _theme_action(window, "actionThemeDark").trigger()
    assert _window_colour().lightness() < 64
    assert QApplication.style().name().lower() == "fusion"
    assert _theme_action(window, "actionThemeDark").isChecked()
    assert not _theme_action(window, "actionThemeSystem").isChecked()
    # The plots follow: the agreement chart is drawn on the dark window colour.
    window.show_workspace("gold")
    chart = window.workspaces["gold"].summary.chart
    assert QColor.fromRgbF(*chart.figure.get_facecolor()).name() == _window_colour().name()
    _theme_action(window, "actionThemeLight").trigger()
    QApplication.processEvents()
    assert _window_colour().lightness() > 192
    assert QColor.fromRgbF(*chart.figure.get_facecolor()).name() == _window_colour().name()
    _theme_action(window, "actionThemeSystem").trigger()
    assert _window_colour() == system_window
    window.close()


def test_the_theme_is_remembered_across_a_restart(qtbot) -> None:
    window = make_window(qtbot)
    _theme_action(window, "actionThemeDark").trigger()
    window.close()
    assert settings.app_settings().value(settings.THEME) == "dark"
    theme.apply_theme(theme.SYSTEM)  # as a new process starts: the platform's look
    assert _window_colour().lightness() > 64
    again = make_window(qtbot)
    assert _window_colour().lightness() < 64
    assert _theme_action(again, "actionThemeDark").isChecked()
    again.close()


def test_a_theme_name_the_settings_do_not_know_means_system() -> None:
    assert theme.read_theme("Dark") == "dark"
    assert theme.read_theme("purple") == theme.read_theme(None) == theme.SYSTEM


def _bar_colours(bar: FileNotesBar) -> tuple[QColor, QColor, QColor]:
    """The bar's background and text from its style sheet, and the link's colour as the label
    draws it (its own style, else the application palette's link colour)."""
    sheet = bar.styleSheet()
    background = QColor(re.search(r"background:\s*(#[0-9a-fA-F]{6})", sheet).group(1))
    text = QColor(re.search(r"QLabel[^{]*\{\s*color:\s*(#[0-9a-fA-F]{6})", sheet).group(1))
    anchor = re.search(r"<a [^>]*>", bar.message.text()).group(0)
    inline = re.search(r"color:\s*(#[0-9a-fA-F]{6})", anchor)
    link = QColor(inline.group(1)) if inline else QApplication.palette().color(
        QPalette.ColorRole.Link)
    return background, text, link


@pytest.mark.parametrize("name", [theme.LIGHT, theme.DARK])
def test_the_notes_bar_and_its_link_are_readable(qtbot, tmp_path: Path, name: str) -> None:
    window = make_window(qtbot)
    window.set_theme(name)
    notes = Diagnostics()
    notes.warning("c1-controls", "1 control character kept as written", line=3, column=9)
    window.notes_bar.show_notes(tmp_path / "noted.xml", notes)
    QApplication.processEvents()
    background, text, link = _bar_colours(window.notes_bar)
    assert theme.is_dark() == (name == theme.DARK)
    assert contrast_ratio(text, background) >= AA_CONTRAST
    assert contrast_ratio(link, background) >= AA_CONTRAST
    # A pale bar would glare in a dark window: it follows the theme.
    assert (background.lightness() < 128) == (name == theme.DARK)
    # The background drawn is the one measured.
    image = window.notes_bar.grab().toImage()
    assert image.pixelColor(4, image.height() // 2).name() == background.name()
    # Switching the theme with the bar open recolours it.
    window.set_theme(theme.LIGHT if name == theme.DARK else theme.DARK)
    QApplication.processEvents()
    other_background, other_text, other_link = _bar_colours(window.notes_bar)
    assert other_background != background
    assert contrast_ratio(other_text, other_background) >= AA_CONTRAST
    assert contrast_ratio(other_link, other_background) >= AA_CONTRAST
    window.close()


def test_annotate_follows_a_switch_to_dark(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    window.set_theme(theme.DARK)
    QApplication.processEvents()
    # The sentence is drawn on the dark text background (its style sheet read the old one).
    sentence = workspace.editor.sentence_view
    image = sentence.grab().toImage()
    base = QApplication.palette().color(QPalette.ColorRole.Base)
    assert image.pixelColor(sentence.width() // 2, sentence.height() - 4).name() == base.name()
    window.close()
