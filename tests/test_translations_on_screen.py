"""Every text on screen comes from the catalogue: with a pseudo-translation of every text
pyside6-lupdate finds (each wrapped in ⟦ ⟧), the window, its menus and every workspace over the
demo corpus show no text without the mark. It finds what the source check cannot see: a text
built at run time, a label kept in an attribute, a menu title handed over in a dict."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import QLocale, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)

from lexsub_studio.gui import dialogs
from lexsub_studio.gui.about import AboutDialog
from lexsub_studio.gui.translations import install_translations
from lexsub_studio.gui.user_guide import UserGuide
from tests.gui_support import make_window, open_and_wait, set_annotator

BIN = Path(sys.executable).parent
GUI_DIR = Path(__file__).resolve().parent.parent / "lexsub_studio" / "gui"
DEMO = Path(__file__).resolve().parent.parent / "data" / "demo" / "demo.xml"
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"

#: Texts that are data, not the interface: (objectName, property). The corpus's targets and
#: sentence, file names, the names of measures and conventions as the scorers define them
#: (core's, in English: docs/translating.md), and Qt's own buttons (Qt's catalogue).
DATA = {
    ("lexeltFilter", "item"), ("sentenceView", "text"), ("progressLabel", "text"),
    ("recentMenu", "action"), ("recentMenu", "actionTip"), ("recentList", "item"),
    ("conventionCombo", "item"), ("baselineKind", "item"), ("baselineKindHelp", "text"),
    ("breakdownMeasureCombo", "item"), ("itemMeasureCombo", "item"),
    ("measureCombo", "item"), ("unsavedLabel", "text"), ("annotatorLabel", "text"),
    ("aboutFacts", "text"), ("summaryText", "text"), ("leagueGroupCombo", "item"),
    ("plotMeasureCombo", "item"), ("significanceMeasureCombo", "item"),
}
QT_OWN = re.compile(r"^qt_|^ScrollLeftButton$|^ScrollRightButton$")


def _tool(name: str) -> Path:
    tool = BIN / name
    if not tool.is_file():
        pytest.skip(f"{name} is not installed beside this Python")
    return tool


def _pseudo_catalogue(directory: Path) -> None:
    ts_file = directory / "lexsub_studio_eo.ts"
    subprocess.run([str(_tool("pyside6-lupdate")), "-extensions", "py", str(GUI_DIR),
                    "-ts", str(ts_file)], check=True, capture_output=True)
    tree = ElementTree.parse(ts_file)
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        assert translation is not None
        translation.attrib.pop("type", None)
        translation.text = MARK_OPEN + (message.findtext("source") or "") + MARK_CLOSE
    tree.write(ts_file, encoding="utf-8")
    subprocess.run([str(_tool("pyside6-lrelease")), str(ts_file), "-qm",
                    str(directory / "lexsub_studio_eo.qm")], check=True, capture_output=True)


def _texts(widget: QWidget) -> list[tuple[str, str]]:
    """(property, text) of what a widget shows or has read out."""
    texts = [("accessibleName", widget.accessibleName()),
             ("accessibleDescription", widget.accessibleDescription()),
             ("toolTip", widget.toolTip())]
    if widget.isWindow():
        texts.append(("windowTitle", widget.windowTitle()))
    if isinstance(widget, QLineEdit):
        texts.append(("placeholder", widget.placeholderText()))
    if isinstance(widget, QLabel) or (isinstance(widget, QAbstractButton)
                                      and not _standard_button(widget)):
        texts.append(("text", widget.text()))
    if isinstance(widget, (QGroupBox, QMenu)):
        texts.append(("title", widget.title()))
    if isinstance(widget, QTabWidget):
        texts += [("tab", widget.tabText(i)) for i in range(widget.count())]
    if isinstance(widget, QComboBox):
        texts += [("item", widget.itemText(i)) for i in range(widget.count())]
    if isinstance(widget, (QTableView, QTreeView)) and widget.model() is not None:
        model = widget.model()
        texts += [("header", str(model.headerData(c, Qt.Orientation.Horizontal) or ""))
                  for c in range(model.columnCount(QModelIndex()))]
    for action in widget.actions():
        texts += [("action", action.text()), ("actionTip", action.toolTip())]
    return texts


def _standard_button(button: QAbstractButton) -> bool:
    """A dialog's Close, OK, Cancel: Qt names them, in its own catalogue."""
    box = button.parent()
    return isinstance(box, QDialogButtonBox) and \
        box.standardButton(button) != QDialogButtonBox.StandardButton.NoButton


def _has_words(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]", re.sub(r"<[^>]*>|&#?\w+;", "", text)))


@pytest.mark.slow
def test_every_text_on_screen_comes_from_the_catalogue(qtbot, tmp_path: Path) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    _pseudo_catalogue(tmp_path)
    installed = install_translations(app, QLocale("eo"), tmp_path)
    try:
        set_annotator("tester")
        window = make_window(qtbot)
        open_and_wait(qtbot, window, DEMO)
        for key in list(window.specs):
            window.show_workspace(key)
        # The dialogs of the Help and View menus, built as the menus build them (not run).
        dialogs.build_shortcuts_dialog(window, window.all_actions())
        dialogs.build_summary_dialog(window, window.state.work.progress(), False)
        AboutDialog(window)
        UserGuide(window)
        untranslated = sorted({
            (type(widget).__name__, widget.objectName(), where, text)
            for widget in [window, *window.findChildren(QWidget)]
            if not QT_OWN.search(widget.objectName())
            for where, text in _texts(widget)
            if (widget.objectName(), where) not in DATA
            and _has_words(text) and MARK_OPEN not in text})
    finally:
        for translator in installed:
            app.removeTranslator(translator)
    assert not untranslated, "texts on screen that bypass tr():\n" + "\n".join(
        " | ".join(row) for row in untranslated)
