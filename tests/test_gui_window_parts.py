"""The main window's parts: a damaged store repaired and rescue files read off the GUI thread,
the repair followed by the busy bar, and the registry's workspaces behind the switcher."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from lexsub_studio.core.annotation.rescue import rescue_files_for, write_rescue_file
from lexsub_studio.core.io.formats import responses
from lexsub_studio.gui import dialogs, store_dialogs
from lexsub_studio.gui.window import store_repair

pytestmark = pytest.mark.gui


def _answer_once(qtbot, corpus: Path) -> Path:
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    qtbot.keyClicks(QApplication.focusWidget(), "clever")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    path = window.state.work.store.path
    window.close()
    return path


def _recording(module: object, name: str, threads: list[threading.Thread],
               monkeypatch: pytest.MonkeyPatch) -> None:
    original = getattr(module, name)

    def recorded(*args: object, **kwargs: object) -> object:
        threads.append(threading.current_thread())
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, recorded)


def test_a_damaged_store_is_checked_and_restored_in_the_background(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    path = _answer_once(qtbot, corpus)
    path.write_bytes(b"")
    threads: list[threading.Thread] = []
    for name in ("newest_good_backup", "restore_backup"):
        _recording(store_repair, name, threads, monkeypatch)
    busy_while_asked: list[bool] = []
    window = make_window(qtbot)

    def choose_restore(parent, error, backup) -> str:
        busy_while_asked.append(window.loading.progress.isVisible())
        return store_dialogs.RESTORE

    monkeypatch.setattr(store_dialogs, "offer_repair", choose_restore)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(corpus))
    assert window.state.work.answer(0).substitutes == ("clever",)
    assert len(threads) == 2 and threading.main_thread() not in threads
    # The dialog waits for the annotator, not the busy bar: it is hidden while it asks.
    assert busy_while_asked == [False]
    assert "Restored the newest good backup" in window.statusBar().currentMessage()
    window.close()


def test_rescue_files_are_read_before_the_session_opens_and_off_the_gui_thread(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _answer_once(qtbot, corpus)
    window = make_window(qtbot)
    work = open_and_wait(qtbot, window, corpus).work
    rows = [work.make_row(1, ("bright",), "", False, False, "", 1.0)]
    window.close()
    write_rescue_file(rows, path)
    assert rescue_files_for(path)
    threads: list[threading.Thread] = []
    # The window imports the responses reader when there is a rescue file to read.
    _recording(responses, "read_responses", threads, monkeypatch)
    offered: list[int] = []
    monkeypatch.setattr(store_dialogs, "ask_restore_rescue",
                        lambda parent, files, answers: offered.append(answers) or True)
    again = make_window(qtbot)
    reopened = open_and_wait(qtbot, again, corpus)
    assert offered == [1] and reopened.work.answer(1).substitutes == ("bright",)
    assert threads and threading.main_thread() not in threads
    again.close()


def test_the_switcher_and_the_start_screen_follow_the_registry(qtbot) -> None:
    window = make_window(qtbot)
    keys = list(window.specs)
    switches = window.menus.workspace_actions.actions()
    assert [action.data() for action in switches] == keys
    assert [action.shortcut().toString() for action in switches] == [
        f"Ctrl+{number}" for number in range(1, len(keys) + 1)]
    assert list(window.start_screen.workspace_line_labels) == keys
    window.close()
