"""The annotator's store under real faults, through the window: a store locked by another
connection, a store that turns read-only, damaged, empty and foreign stores at opening."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from lexsub_studio.core.annotation import store as store_module
from lexsub_studio.core.annotation.rescue import rescue_files_for
from lexsub_studio.core.annotation.store_backups import backups_of
from lexsub_studio.core.runtime.settings_paths import damaged_dir
from lexsub_studio.gui import app_state, dialogs, store_dialogs

pytestmark = pytest.mark.gui

RAW_TEXTS = ("OperationalError", "DatabaseError", "KeyError", "database is locked",
             "attempt to write", "Traceback")


@pytest.fixture(autouse=True)
def shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Message boxes recorded instead of shown; retries every 100 ms instead of 3 s."""
    messages: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_problems", lambda parent, title, diagnostics: None)
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: messages.append(
        (title, dialogs.error_text(error))))
    monkeypatch.setattr(app_state, "RETRY_INTERVAL_MS", 100)
    return messages


def _type_and_enter(qtbot, text: str) -> float:
    """Type into the focused field and press Enter; the seconds Enter took."""
    qtbot.keyClicks(QApplication.focusWidget(), text)
    started = time.monotonic()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    return time.monotonic() - started


def _hold_lock(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def _assert_plain(text: str) -> None:
    for raw in RAW_TEXTS:
        assert raw not in text, text


def test_enter_on_a_locked_store_tells_at_once_keeps_the_answer_and_refuses_closing(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    path = window.state.work.store.path
    asked: list[int] = []
    monkeypatch.setattr(store_dialogs, "ask_unsaved", lambda parent, work: asked.append(
        work.unsaved_count) or store_dialogs.CANCEL)
    holder = _hold_lock(path)
    try:
        took = _type_and_enter(qtbot, "clever")
        assert took < 2.0  # SQLite's default wait froze the window for seconds
        # Told at once, in plain words, naming the store; the answer is still on screen.
        assert workspace.editor.unsaved_bar.isVisible()
        message = workspace.editor.unsaved_bar.message.text()
        assert "another program is using the store" in message
        assert str(path) in message
        assert "damaged" not in message
        _assert_plain(message)
        assert workspace.status.unsaved_label.isVisible()
        assert workspace.current == 0
        assert workspace.editor.form.sub_edits[0].text() == "clever"
        # Closing is refused while the answer is unsaved (the annotator kept the window).
        window.close()
        assert asked == [1]
        assert window.isVisible()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    # The lock is gone: the retry saves the answer and the bar goes away by itself.
    qtbot.waitUntil(lambda: not workspace.editor.unsaved_bar.isVisible(), timeout=5000)
    assert not workspace.status.unsaved_label.isVisible()
    window.close()
    assert not window.isVisible()
    assert asked == [1]

    again = make_window(qtbot)
    reopened = open_and_wait(qtbot, again, corpus)
    assert reopened.work.answer(0).substitutes == ("clever",)
    again.close()


def test_a_store_that_turns_read_only_says_so_and_the_rescue_file_comes_back(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    store = window.state.work.store
    # Tests run as root, where chmod does not stop writes; SQLite's query_only makes this
    # connection refuse every write with its read-only error, as a read-only file would.
    store._db.execute("PRAGMA query_only = 1")
    _type_and_enter(qtbot, "vivid")
    message = workspace.editor.unsaved_bar.message.text()
    assert "read-only" in message and "damaged" not in message
    assert str(store.path) in message
    _assert_plain(message)

    monkeypatch.setattr(store_dialogs, "ask_unsaved",
                        lambda parent, work: store_dialogs.RESCUE)
    window.close()
    assert not window.isVisible()
    rescue = rescue_files_for(store.path)
    assert len(rescue) == 1
    assert "vivid" in rescue[0].read_text(encoding="utf-8")

    offered: list[int] = []
    monkeypatch.setattr(store_dialogs, "ask_restore_rescue",
                        lambda parent, files, answers: offered.append(answers) or True)
    again = make_window(qtbot)
    reopened = open_and_wait(qtbot, again, corpus)
    assert offered == [1]
    assert reopened.work.answer(0).substitutes == ("vivid",)
    assert reopened.work.unsaved_count == 0
    assert rescue_files_for(store.path) == []  # restored: put away, not offered again
    again.close()

    third = make_window(qtbot)
    assert open_and_wait(qtbot, third, corpus).work.answer(0).substitutes == ("vivid",)
    assert offered == [1]
    third.close()


def test_opening_a_read_only_store_says_read_only(qtbot, corpus: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    path = window.state.work.store.path
    window.close()
    monkeypatch.setattr(store_module, "connect", lambda target: sqlite3.connect(
        f"{target.as_uri()}?mode=ro", uri=True, isolation_level=None, check_same_thread=False))
    again = make_window(qtbot)
    with qtbot.waitSignal(again.open_failed, timeout=15000) as failed:
        again.open_path(str(corpus))
    text = failed.args[0]
    assert "read-only" in text and "damaged" not in text
    assert str(path) in text
    _assert_plain(text)
    again.close()


def _first_session(qtbot, corpus: Path) -> Path:
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    _type_and_enter(qtbot, "clever")
    path = window.state.work.store.path
    window.close()
    return path


@pytest.mark.parametrize(("harm", "choice", "answers"), [
    ("garbage", store_dialogs.RESTORE, ("clever",)),
    ("empty", store_dialogs.RESTORE, ("clever",)),
    ("empty", store_dialogs.SALVAGE, None),
])
def test_a_damaged_store_is_set_aside_and_restored_or_salvaged(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch, harm: str, choice: str,
        answers: tuple[str, ...] | None) -> None:
    path = _first_session(qtbot, corpus)
    assert backups_of(path)  # one at opening, one at closing after the change
    if harm == "empty":
        path.write_bytes(b"")
    else:
        data = bytearray(path.read_bytes())
        data[:100] = b"\x07" * 100
        path.write_bytes(bytes(data))
    harmed = path.read_bytes()
    offered: list[str] = []
    monkeypatch.setattr(store_dialogs, "offer_repair", lambda parent, error, backup: (
        offered.append(error.diagnostic.message), choice)[1])
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(corpus))
    assert len(offered) == 1
    assert ("0 bytes" in offered[0]) == (harm == "empty")
    _assert_plain(offered[0])
    work = window.state.work
    row = work.answer(0)
    assert (row.substitutes if row is not None else None) == answers
    aside = list(damaged_dir().rglob("*.sqlite3"))
    assert len(aside) == 1 and aside[0].read_bytes() == harmed
    window.close()


def test_a_store_copied_from_another_corpus_is_refused(qtbot, corpus: Path,
                                                       shown: list[tuple[str, str]]) -> None:
    first = _first_session(qtbot, corpus)
    other = corpus.with_name("other.xml")
    other.write_text(corpus.read_text(encoding="utf-8").replace("yellow", "green"),
                     encoding="utf-8")
    window = make_window(qtbot)
    open_and_wait(qtbot, window, other)
    second = window.state.work.store.path
    window.close()
    shutil.copyfile(first, second)  # someone copied a store across
    again = make_window(qtbot)
    with qtbot.waitSignal(again.open_failed, timeout=15000) as failed:
        again.open_path(str(other))
    text = failed.args[0]
    assert "made for another corpus" in text and str(second) in text
    _assert_plain(text)
    assert shown and shown[-1][1] == text
    again.close()


def test_a_studio_home_that_is_a_file_gives_a_message_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.gui import app

    blocker = tmp_path / "home-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(blocker))
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: said.append(text))
    assert app.main([]) == 2
    assert len(said) == 1 and str(blocker) in said[0] and "not a folder" in said[0]


def test_backups_are_made_at_opening_and_then_only_after_changes(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    state = window.state
    path = state.work.store.path
    assert len(backups_of(path)) == 1  # at opening
    assert state._backup_timer.isActive()
    state.back_up_if_changed()  # nothing saved since: no new copy
    _type_and_enter(qtbot, "clever")
    state.back_up_if_changed()  # what the ten-minute timer does, in the background
    qtbot.waitUntil(lambda: len(backups_of(path)) == 2, timeout=5000)
    window.close()
    assert len(backups_of(path)) == 2  # nothing saved since the last one: none at closing


def test_a_full_store_says_the_disk_is_full_and_saves_once_there_is_room(qtbot,
                                                                          corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    store = window.state.work.store
    pages = store.pragma("page_count")
    store.pragma(f"max_page_count = {pages}")  # SQLite's own "database or disk is full"
    workspace.editor.form.comment_edit.setText("a long remark " * 2000)
    workspace.editor.form.focus_first()
    _type_and_enter(qtbot, "clever")
    message = workspace.editor.unsaved_bar.message.text()
    assert "the disk is full" in message and str(store.path) in message
    _assert_plain(message)
    store.pragma("max_page_count = 1073741823")  # room again
    qtbot.waitUntil(lambda: not workspace.editor.unsaved_bar.isVisible(), timeout=5000)
    assert window.state.work.unsaved_count == 0
    window.close()


def test_opening_a_locked_store_says_locked_not_damaged(qtbot, corpus: Path) -> None:
    path = _first_session(qtbot, corpus)
    holder = _hold_lock(path)
    try:
        window = make_window(qtbot)
        with qtbot.waitSignal(window.open_failed, timeout=15000) as failed:
            window.open_path(str(corpus))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    text = failed.args[0]
    assert "another program is using the store" in text and "damaged" not in text
    assert str(path) in text
    _assert_plain(text)
    window.close()


def test_the_bars_rescue_copy_is_put_away_once_the_answers_are_saved(qtbot,
                                                                      corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    path = window.state.work.store.path
    holder = _hold_lock(path)
    try:
        _type_and_enter(qtbot, "clever")
        qtbot.mouseClick(workspace.editor.unsaved_bar.rescue_button, Qt.MouseButton.LeftButton)
        copies = rescue_files_for(path)
        assert len(copies) == 1 and "clever" in copies[0].read_text(encoding="utf-8")
        assert workspace.editor.unsaved_bar.isVisible()  # a copy: still retried
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    qtbot.waitUntil(lambda: not workspace.editor.unsaved_bar.isVisible(), timeout=5000)
    assert rescue_files_for(path) == []  # saved: not offered back next time
    assert (copies[0].parent / "restored" / copies[0].name).exists()
    window.close()


def _remove_store(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _rescued_substitutes(path: Path) -> set[str]:
    texts = "".join(rescue.read_text(encoding="utf-8") for rescue in rescue_files_for(path))
    return {word for word in ("marvellous", "luminous", "sparkling") if word in texts}


def test_a_store_deleted_while_open_stops_saving_says_so_and_every_answer_is_rescued(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    state = window.state
    path = state.work.store.path
    saved: list[list] = []
    state.answer_saved.connect(saved.append)
    _type_and_enter(qtbot, "marvellous")
    assert state.work.unsaved_count == 0 and len(saved) == 1
    backups = backups_of(path)
    _remove_store(path)  # deleted by another program while the corpus is open

    workspace.show_instance(1)
    QApplication.processEvents()
    _type_and_enter(qtbot, "luminous")
    # Not reported saved; told at once, in plain words, naming the store.
    assert len(saved) == 1
    assert state.work.unsaved_count == 1
    assert workspace.editor.unsaved_bar.isVisible()
    message = workspace.editor.unsaved_bar.message.text()
    assert "deleted or moved away" in message and str(path) in message
    _assert_plain(message)
    assert not workspace.editor.unsaved_bar.retry_button.isEnabled()
    # Every answer of the session, the saved one too, is in a rescue file at once.
    assert state.lost_store_rescue is not None
    assert str(state.lost_store_rescue) in message
    assert _rescued_substitutes(path) == {"marvellous", "luminous"}
    # The store is not re-created empty, and no backup is made of nothing.
    state.back_up_if_changed(wait=True)
    assert not path.exists()
    assert backups_of(path) == backups

    workspace.show_instance(2)
    QApplication.processEvents()
    _type_and_enter(qtbot, "sparkling")
    assert not path.exists()
    monkeypatch.setattr(store_dialogs, "ask_unsaved", lambda parent, work: store_dialogs.RESCUE)
    window.close()
    assert not window.isVisible()
    assert not path.exists()
    assert backups_of(path) == backups
    assert _rescued_substitutes(path) == {"marvellous", "luminous", "sparkling"}

    # Opened again: a new store, and the rescued answers go into it.
    monkeypatch.setattr(store_dialogs, "ask_restore_rescue",
                        lambda parent, files, answers: True)
    again = make_window(qtbot)
    reopened = open_and_wait(qtbot, again, corpus)
    assert [reopened.work.answer(n).substitutes for n in range(3)] == [
        ("marvellous",), ("luminous",), ("sparkling",)]
    assert reopened.work.unsaved_count == 0
    assert path.exists()
    again.close()


def test_a_store_swapped_for_another_corpus_s_store_is_found_and_never_written_nor_backed_up(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = corpus.with_name("other.xml")
    other.write_text(corpus.read_text(encoding="utf-8").replace("yellow", "green"),
                     encoding="utf-8")
    window = make_window(qtbot)
    open_and_wait(qtbot, window, other)
    _type_and_enter(qtbot, "green-answer")
    foreign_path = window.state.work.store.path
    window.close()

    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    state = window.state
    path = state.work.store.path
    _type_and_enter(qtbot, "marvellous")
    backups = backups_of(path)
    _remove_store(path)
    shutil.copyfile(foreign_path, path)  # another corpus's store put in its place
    foreign = path.read_bytes()

    workspace.show_instance(1)
    QApplication.processEvents()
    _type_and_enter(qtbot, "luminous")
    assert state.work.unsaved_count == 1
    message = workspace.editor.unsaved_bar.message.text()
    assert "another file was put in its place" in message and str(path) in message
    _assert_plain(message)
    assert _rescued_substitutes(path) == {"marvellous", "luminous"}
    state.back_up_if_changed(wait=True)
    monkeypatch.setattr(store_dialogs, "ask_unsaved", lambda parent, work: store_dialogs.RESCUE)
    window.close()
    assert path.read_bytes() == foreign  # nothing written into the foreign store
    assert backups_of(path) == backups  # and it was never kept as this corpus's backup


@pytest.mark.parametrize("harm", ["zeros", "truncated"])
def test_a_store_overwritten_in_place_is_found_at_the_next_save(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch, harm: str) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    state = window.state
    path = state.work.store.path
    _type_and_enter(qtbot, "marvellous")
    backups = backups_of(path)
    if harm == "zeros":
        with path.open("r+b") as file:
            file.write(bytes(path.stat().st_size))
    else:
        with path.open("r+b") as file:
            file.truncate(0)
    workspace.show_instance(1)
    QApplication.processEvents()
    _type_and_enter(qtbot, "luminous")
    assert state.work.unsaved_count == 1
    detail = "overwritten" if harm == "zeros" else "cut short"
    assert detail in workspace.editor.unsaved_bar.message.text()
    assert _rescued_substitutes(path) == {"marvellous", "luminous"}
    state.back_up_if_changed(wait=True)
    assert backups_of(path) == backups
    monkeypatch.setattr(store_dialogs, "ask_unsaved", lambda parent, work: store_dialogs.RESCUE)
    window.close()


def test_a_backup_that_finds_the_store_gone_stops_saving_before_the_next_enter(
        qtbot, corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    state = window.state
    path = state.work.store.path
    _type_and_enter(qtbot, "marvellous")
    backups = backups_of(path)
    _remove_store(path)
    notices: list[str] = []
    state.notice.connect(notices.append)
    state.back_up_if_changed()  # the ten-minute timer's backup, in the background
    qtbot.waitUntil(lambda: bool(notices), timeout=5000)
    assert "No backup was made" in notices[0] and "deleted or moved away" in notices[0]
    assert state.work.store.lost
    assert not path.exists() and backups_of(path) == backups
    state.back_up_if_changed(wait=True)  # a lost store is not even tried again
    assert len(notices) == 1
    workspace.show_instance(1)
    QApplication.processEvents()
    _type_and_enter(qtbot, "luminous")
    assert state.work.unsaved_count == 1
    assert _rescued_substitutes(path) == {"marvellous", "luminous"}
    monkeypatch.setattr(store_dialogs, "ask_unsaved", lambda parent, work: store_dialogs.RESCUE)
    window.close()
    assert not path.exists()
