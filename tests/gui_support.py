"""Shared helpers of the GUI tests (no tests here): a small corpus and a window opening it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from lexsub_studio.gui import settings
from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace
from lexsub_studio.gui.main_window import MainWindow

SMALL_CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE corpus SYSTEM "lexsub.dtd">
<corpus lang="english">
<lexelt item="bright.a">
<instance id="1">
<context>The <head>brightest</head> pupils got extra reading .</context>
</instance>
<instance id="2">
<context>She painted the door a <head>bright</head> yellow .</context>
</instance>
<instance id="3">
<context>His prospects looked <head>brighter</head> this week .</context>
</instance>
</lexelt>
<lexelt item="take.v">
<instance id="4">
<context>The meeting is n't <head>taking</head> place after all .</context>
</instance>
<instance id="5">
<context>Please <head>take</head> a seat .</context>
</instance>
</lexelt>
</corpus>
"""


def write_small_corpus(directory: Path) -> Path:
    path = directory / "small.xml"
    path.write_text(SMALL_CORPUS, encoding="utf-8")
    return path


def set_annotator(name: str) -> None:
    store = settings.app_settings()
    store.setValue(settings.ANNOTATOR_NAME, name)
    store.sync()


def make_window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    return window


def open_and_wait(qtbot, window: MainWindow, path: Path) -> AnnotateWorkspace:
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(path))
    workspace = window.workspaces["annotate"]
    assert isinstance(workspace, AnnotateWorkspace)
    QApplication.processEvents()
    return workspace
