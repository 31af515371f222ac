"""What keeps the window responsive while work runs beside it: Python's lock shared finely
while background tasks run, the collector paused during bulk work, settings written to disk
off the GUI thread, and a file named at start-up opened once the window has settled."""

from __future__ import annotations

import gc
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from lexsub_studio.gui import settings, settings_writer, tasks
from lexsub_studio.gui.window import after_first_paint


def test_the_lock_changes_hands_finely_only_while_a_task_runs(qtbot) -> None:
    before = sys.getswitchinterval()
    release = threading.Event()
    seen: list[float] = []
    task = tasks.run_in_background(
        lambda token, report: (seen.append(sys.getswitchinterval()), release.wait(10)))
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0] == pytest.approx(tasks.WORKER_SWITCH_INTERVAL)
    release.set()
    qtbot.waitUntil(lambda: task.is_finished)
    assert sys.getswitchinterval() == pytest.approx(before)


def test_the_collector_pauses_for_bulk_work_and_only_for_it(qtbot) -> None:
    assert gc.isenabled()
    during: list[bool] = []
    plain = tasks.run_in_background(lambda token, report: during.append(gc.isenabled()))
    qtbot.waitUntil(lambda: plain.is_finished)
    bulk = tasks.run_in_background(lambda token, report: during.append(gc.isenabled()),
                                   bulk=True)
    qtbot.waitUntil(lambda: bulk.is_finished)
    assert during == [True, False]
    assert gc.isenabled()


def test_a_failing_bulk_task_still_gives_the_collector_back(qtbot) -> None:
    def fail(token: object, report: object) -> None:
        raise ValueError("broken file")

    task = tasks.run_in_background(fail, bulk=True)
    qtbot.waitUntil(lambda: task.is_finished)
    assert gc.isenabled()


def test_settings_reach_the_disk_from_another_thread(qtbot, monkeypatch) -> None:
    writers: list[bool] = []
    real = settings_writer.write_settings_file

    def slow_write(path: str):
        writers.append(threading.current_thread() is threading.main_thread())
        time.sleep(0.2)  # a busy disk: changes made meanwhile must be written too
        return real(path)

    monkeypatch.setattr(settings_writer, "write_settings_file", slow_write)
    store = settings.app_settings()
    store.setValue("files/last_directory", "/first")
    qtbot.waitUntil(lambda: bool(writers))
    store.setValue("view/theme", "dark")  # while the first write runs
    file = Path(store.fileName())
    qtbot.waitUntil(lambda: file.is_file() and "dark" in file.read_text(), timeout=5000)
    assert "/first" in file.read_text()
    assert writers and not any(writers)
    assert settings.app_settings().value("view/theme") == "dark"


def test_a_file_named_at_start_opens_after_the_first_paint(qtbot) -> None:
    calls: list[bool] = []
    painted: list[bool] = []

    class PaintWatch(QWidget):
        def paintEvent(self, event) -> None:
            painted.append(True)
            super().paintEvent(event)

    watched = PaintWatch()
    qtbot.addWidget(watched)
    after_first_paint.AfterFirstPaint(watched, lambda: calls.append(bool(painted)))
    assert calls == []
    watched.show()
    qtbot.waitUntil(lambda: bool(calls), timeout=after_first_paint.LATEST_START_MS - 500)
    assert calls == [True]
    qtbot.wait(after_first_paint.SETTLE_MS * 2)
    assert calls == [True]  # once only


def test_a_window_never_painted_still_opens_its_file(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(after_first_paint, "LATEST_START_MS", 200)
    hidden = QWidget()
    qtbot.addWidget(hidden)
    calls: list[str] = []
    after_first_paint.AfterFirstPaint(hidden, lambda: calls.append("opened"))
    qtbot.waitUntil(lambda: bool(calls), timeout=2000)
    assert calls == ["opened"]
