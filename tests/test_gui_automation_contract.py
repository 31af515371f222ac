"""The automation contract of docs/automation.md: a signal once an answer is committed to the
store, a preset annotator name, open_failed carrying the text the user sees, and how to type
letters beyond ASCII in a test."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, write_small_corpus
from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication

from lexsub_studio.core.runtime.settings_paths import settings_file
from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui


def type_text(widget, text: str) -> None:
    """Type any text, as an input method commits it (QTest.keyClicks aborts beyond ASCII)."""
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def _preset_annotator(name: str) -> None:
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"[annotator]\nname={name}\n", encoding="utf-8")


@pytest.fixture(autouse=True)
def _no_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)


def test_answer_saved_comes_after_the_store_committed_the_answer(qtbot, tmp_path: Path,
                                                                 monkeypatch) -> None:
    _preset_annotator("Zoë")
    monkeypatch.setattr(dialogs, "ask_annotator_name",
                        lambda *args: pytest.fail("a preset name is not asked for"))
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    assert workspace.work.annotator == "Zoë"
    store_path = workspace.work.store.path
    seen_in_store: list[tuple[list, list]] = []

    def read_store(keys: list) -> None:
        # Another connection, as an automation tool would open the file.
        with sqlite3.connect(store_path) as reader:
            rows = reader.execute("SELECT lexelt, id, sub1 FROM answers").fetchall()
        seen_in_store.append((keys, rows))

    window.state.answer_saved.connect(read_store)
    type_text(QApplication.focusWidget(), "brillant à l'école")
    with qtbot.waitSignal(window.state.answer_saved, timeout=5000) as saved:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert saved.args[0] == [("bright.a", "1")]
    keys, rows = seen_in_store[0]
    assert keys == [("bright.a", "1")]
    assert [(lexelt, id_) for lexelt, id_, _ in rows] == [("bright.a", "1")]
    assert rows[0][2] == "brillant à l'école"
    window.close()


def test_open_failed_carries_the_sentence_the_user_sees(qtbot, tmp_path: Path,
                                                        monkeypatch) -> None:
    monkeypatch.setattr(dialogs, "ask_annotator_name", lambda *args, **kwargs: None)
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000) as failed:
        window.open_path(str(write_small_corpus(tmp_path)))
    assert failed.args[0] == window.statusBar().currentMessage()
    assert failed.args[0].startswith("Not opened: an annotator name is needed")
    window.close()


def test_a_broken_file_sends_the_dialog_text(qtbot, tmp_path: Path, monkeypatch) -> None:
    _preset_annotator("tester")
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: shown.append(dialogs.error_text(error)))
    broken = tmp_path / "broken.xml"
    broken.write_text("<corpus><lexelt item='x.n'>", encoding="utf-8")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000) as failed:
        window.open_path(str(broken))
    assert shown == [failed.args[0]]
    assert "broken.xml" in failed.args[0]
    window.close()
