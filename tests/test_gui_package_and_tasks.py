"""Opening an annotator package (training phase, guidelines, name) and the background helper."""

from __future__ import annotations

import threading
import zipfile
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication, QFileDialog, QPlainTextEdit

from lexsub_studio.core.annotation import package as annotator_package
from lexsub_studio.core.annotation.package import AnnotatorPackage, TrainingReference, write_package
from lexsub_studio.core.io.formats.responses import read_responses
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.tasks import run_in_background

pytestmark = pytest.mark.gui


def _package(tmp_path: Path) -> Path:
    text = "The room was bright and warm ."
    corpus = Corpus([Lexelt("bright.a", [Instance("1", text, 13, 19),
                                         Instance("2", text, 13, 19)])])
    training = Corpus([Lexelt("warm.a", [Instance("t1", text, 24, 28)])])
    path = tmp_path / "round1.lexsubpkg"
    write_package(AnnotatorPackage(
        "Round 1", "Ann Lee", corpus, "# Round 1 guidelines\n\nBe brief.", "markdown", training,
        {("warm.a", "t1"): TrainingReference("warm.a", "t1", ("cosy", "snug"), "",
                                             "Either fits here.")}), path)
    return path


def test_package_training_phase_and_export(qtbot, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "ask_annotator_name",
                        lambda *a, **k: pytest.fail("a package names its annotator"))
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, _package(tmp_path))
    assert window.state.work.annotator == "Ann Lee"
    assert "Round 1 guidelines" in window.guidelines.toPlainText()
    assert workspace.current == 0 and workspace.work.items[0].training
    assert not workspace.editor.training_panel.isVisible()
    form = workspace.editor.form
    qtbot.keyClick(form.sub_edits[0], "\r")  # nothing given yet: the reference stays hidden
    assert workspace.current == 0
    assert not workspace.editor.training_panel.isVisible()
    qtbot.keyClicks(form.sub_edits[0], "hot")
    qtbot.keyClick(form.sub_edits[0], "\r")
    # Committed, and the reference is shown; the annotator stays to compare.
    assert workspace.work.answer(0).substitutes == ("hot",)
    assert workspace.current == 0
    assert workspace.editor.training_panel.isVisible()
    assert "cosy, snug" in workspace.editor.training_panel.text()
    assert "Either fits here." in workspace.editor.training_panel.text()
    qtbot.keyClick(QApplication.focusWidget(), "\r")
    assert workspace.current == 1
    assert not workspace.editor.training_panel.isVisible()
    qtbot.keyClicks(QApplication.focusWidget(), "shiny")
    qtbot.keyClick(QApplication.focusWidget(), "\r")
    # Progress counts only the real instances.
    assert workspace.status.progress_label.text().startswith("1 of 2 answered")
    out = tmp_path / "ann.tsv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    task = window.export_responses()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    assert [(r.lexelt, r.id, r.annotator, r.substitutes) for r in read_responses(out).rows] == [
        ("bright.a", "1", "Ann Lee", ("shiny",))]
    window.close()


def _damaged_package(tmp_path: Path) -> Path:
    """A package whose corpus no longer matches its checksum (one letter changed)."""
    text = "The room was bright and warm ."
    corpus = Corpus([Lexelt("bright.a", [Instance("1", text, 13, 19)])])
    path = tmp_path / "damaged.lexsubpkg"
    write_package(AnnotatorPackage("Round 1", "Ann Lee", corpus), path)
    with zipfile.ZipFile(path) as archive, zipfile.ZipFile(
            tmp_path / "stored.zip", "w", compression=zipfile.ZIP_STORED) as stored:
        for name in archive.namelist():
            stored.writestr(name, archive.read(name))
    data = (tmp_path / "stored.zip").read_bytes().replace(b"and warm", b"and WARM", 1)
    path.write_bytes(data)
    return path


def test_a_damaged_package_gives_one_clear_message(qtbot, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: shown.append(
        (title, dialogs.error_text(error))))
    path = _damaged_package(tmp_path)
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000) as blocker:
        window.open_path(str(path))
    assert shown == [("Cannot open the file", blocker.args[0])]
    assert blocker.args[0] == (f"{path}!corpus.xml\n\nthis member's checksum does not match "
                               "its content; the package is damaged")
    assert window.state.session is None
    window.close()


def test_guidelines_too_large_open_the_package_with_the_default_guidelines(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _package(tmp_path)
    # A small limit stands for the real one: the member is refused before it is decompressed.
    monkeypatch.setattr(annotator_package, "MAX_GUIDELINES_BYTES", 16)
    window = make_window(qtbot)
    open_and_wait(qtbot, window, path)
    assert window.state.work.annotator == "Ann Lee"
    # The warning goes to the non-modal notes bar (tests/test_gui_open_notes.py).
    assert window.notes_bar.isVisible()
    assert "1 warning" in window.notes_bar.message.text()
    details = window.notes_bar.show_details().findChild(QPlainTextEdit, "fileNotesText")
    assert details.toPlainText() == (
        "guidelines.md: this member declares 31 bytes, more than the 16 bytes a package's "
        "guidelines.md may hold: the package is damaged or was made to exhaust memory; the "
        "default guidelines are shown instead.")
    assert "Round 1 guidelines" not in window.guidelines.toPlainText()
    window.close()


def test_background_result_arrives_on_the_gui_thread(qtbot) -> None:
    gui_thread = QThread.currentThread()
    seen: dict[str, object] = {}

    def job(token, report):
        seen["worker"] = threading.current_thread() is not threading.main_thread()
        report("half way")
        return 6 * 7

    task = run_in_background(job)
    task.progress.connect(lambda text: seen.setdefault("progress", text))
    task.result.connect(lambda value: seen.update(value=value,
                                                  on_gui=QThread.currentThread() is gui_thread))
    with qtbot.waitSignal(task.finished, timeout=5000):
        pass
    assert seen == {"worker": True, "progress": "half way", "value": 42, "on_gui": True}


def test_background_error_is_delivered_not_raised(qtbot) -> None:
    def job(token, report):
        raise ValueError("broken input")

    task = run_in_background(job)
    with qtbot.waitSignal(task.error, timeout=5000) as blocker:
        pass
    assert isinstance(blocker.args[0], ValueError)
    assert str(blocker.args[0]) == "broken input"


def test_a_cancelled_task_delivers_no_result(qtbot) -> None:
    release = threading.Event()

    def job(token, report):
        release.wait(5)
        return "late"

    task = run_in_background(job)
    results: list[object] = []
    task.result.connect(results.append)
    task.cancel()
    release.set()
    with qtbot.waitSignal(task.finished, timeout=5000):
        pass
    assert results == []
    assert task.token.cancelled
