"""File › Export responses and File › Import responses write and read the file off the GUI
thread; the answers store is touched on the GUI thread only, and the outcome arrives there."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton

from lexsub_studio.core.io.formats import responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _messages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: shown.append((title,
                                                                   dialogs.error_text(error))))
    monkeypatch.setattr(QMessageBox, "information",
                        lambda parent, title, text: shown.append((title, text)))
    return shown


def _threads_of(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """The threads ``responses.<name>`` ran on (it still does its work)."""
    threads: list[int] = []
    real = getattr(responses, name)

    def recording(*args, **kwargs):
        threads.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(responses, name, recording)
    return threads


def test_export_writes_the_file_off_the_gui_thread(
        qtbot, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    work = workspace.work
    work.commit(0, work.make_row(0, ["clever"]))
    out = tmp_path / "out" / "tester.tsv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    threads = _threads_of(monkeypatch, "write_responses")
    task = window.export_responses()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    assert threads and all(thread != threading.get_ident() for thread in threads)
    assert [r.substitutes for r in responses.read_responses(out).rows] == [("clever",)]
    assert window.statusBar().currentMessage() == f"Exported 1 answers to {out}"
    window.close()


def test_import_reads_the_file_off_the_gui_thread_and_applies_it_on_it(
        qtbot, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        _messages: list[tuple[str, str]]) -> None:
    source = tmp_path / "in.tsv"
    responses.write_responses([ResponseRow("bright.a", "2", "tester", ("vivid",))], source)
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))
    threads = _threads_of(monkeypatch, "read_responses")
    task = window.import_responses()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    assert threads and all(thread != threading.get_ident() for thread in threads)
    assert workspace.work.answer(1).substitutes == ("vivid",)
    assert _messages[-1][1].startswith("Imported 1 answers (0 replaced earlier answers).")
    window.close()


def test_an_unreadable_import_is_a_sentence_not_a_traceback(
        qtbot, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        _messages: list[tuple[str, str]]) -> None:
    missing = tmp_path / "gone.tsv"
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(missing), ""))
    task = window.import_responses()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    title, text = _messages[-1]
    assert title == "Cannot import"
    assert "gone.tsv" in text and "Traceback" not in text
    window.close()


def test_a_cancelled_import_changes_nothing(
        qtbot, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        _messages: list[tuple[str, str]]) -> None:
    source = tmp_path / "in.tsv"
    responses.write_responses([ResponseRow("bright.a", "2", "tester", ("vivid",))], source)
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    before = workspace.work.export_rows()
    undo_steps = window.state.undo_stack.count()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))
    reading, release = threading.Event(), threading.Event()
    real_read = responses.read_responses

    def slow_read(*args, **kwargs):
        reading.set()
        release.wait(10)
        return real_read(*args, **kwargs)

    monkeypatch.setattr(responses, "read_responses", slow_read)
    task = window.import_responses()
    assert task is not None
    qtbot.waitUntil(reading.is_set, timeout=10000)
    cancel = window.findChild(QPushButton, "cancelResponsesImportButton")
    assert cancel is not None and cancel.isVisible()
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    release.set()
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    qtbot.wait(50)  # anything queued after the reader returned has arrived
    assert workspace.work.export_rows() == before
    answer = workspace.work.answer(1)
    assert answer is None or answer.substitutes != ("vivid",)
    assert window.state.undo_stack.count() == undo_steps
    assert _messages == []
    assert not cancel.isVisible()
    assert "cancelled" in window.statusBar().currentMessage()
    window.close()
