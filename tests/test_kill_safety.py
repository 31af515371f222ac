"""SIGKILL loses nothing committed: a real app process is killed and its store examined."""

from __future__ import annotations

import os
import queue
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest
from gui_support import write_small_corpus
from judging_support import EVERY_INSTANCE, write_small_task

from lexsub_studio.core.annotation.judgement_store import JudgementStore, judgement_store_path
from lexsub_studio.core.annotation.judging_sources import load_judging_task
from lexsub_studio.core.annotation.judging_work import JudgingWork
from lexsub_studio.core.annotation.package import load_annotation_source
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.work import AnnotationWork, Status
from lexsub_studio.core.model.judgements import ACCEPTABLE, NOT_ACCEPTABLE, UNSURE
from lexsub_studio.core.runtime.settings_paths import store_path

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")

GUI_SCRIPT = textwrap.dedent("""
    import sys
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from lexsub_studio.gui import settings
    from lexsub_studio.gui.app import create_application
    from lexsub_studio.gui.main_window import MainWindow

    app = create_application(["kill-test"])
    store = settings.app_settings()
    store.setValue(settings.ANNOTATOR_NAME, "victim")
    store.sync()
    window = MainWindow()
    window.show()

    def annotate():
        workspace = window.workspaces["annotate"]
        for number in range(4):
            field = workspace.editor.form.sub_edits[0]
            QTest.keyClicks(field, f"word{number}")
            QTest.keyClick(field, Qt.Key.Key_Return)   # Enter: save and next
            print(f"committed {number}", flush=True)
        QTest.keyClicks(workspace.editor.form.sub_edits[0], "typed but never committed")
        print("ready", flush=True)

    window.session_opened.connect(annotate)
    window.open_failed.connect(lambda text: print("failed", text, flush=True))
    window.open_path(sys.argv[1])
    app.exec()
""")

JUDGING_SCRIPT = textwrap.dedent("""
    import sys
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from lexsub_studio.gui import settings
    from lexsub_studio.gui.app import create_application
    from lexsub_studio.gui.main_window import MainWindow

    app = create_application(["kill-test"])
    store = settings.app_settings()
    store.setValue(settings.ANNOTATOR_NAME, "victim")
    store.sync()
    window = MainWindow()
    window.show()

    def judge():
        panel = window.workspaces["annotate"].judging
        keys = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_Return, Qt.Key.Key_A]
        for number, key in enumerate(keys):
            QTest.keyClick(QApplication.focusWidget(), key)
            if key != Qt.Key.Key_Return:
                print(f"committed {number}", flush=True)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
        QTest.keyClicks(panel.add_edit, "typed but never added")
        print("ready", flush=True)

    window.session_opened.connect(judge)
    window.open_failed.connect(lambda text: print("failed", text, flush=True))
    window.open_path(sys.argv[1])
    app.exec()
""")

CORE_SCRIPT = textwrap.dedent("""
    import sys
    from lexsub_studio.core.model.data import ResponseRow
    from lexsub_studio.core.annotation.store import AnnotationStore

    store = AnnotationStore.open(sys.argv[1])
    number = 0
    while True:
        store.put_answer(ResponseRow("busy.a", str(number), "victim", (f"word{number}",)))
        print(number, flush=True)
        number += 1
""")


#: The longest any test here waits for its child, in seconds: a child that hangs fails the
#: test instead of hanging the suite.
DEADLINE = 60.0
#: A killed child is reaped within this.
REAP_SECONDS = 10.0


class ChildLines:
    """A child's output lines, read on a thread, so that every wait for one has a deadline
    (a blocking ``readline`` on the pipe would wait for ever on a child that hangs)."""

    _END = None

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, args=(process.stdout,), daemon=True).start()

    def _pump(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line.strip())
        self._lines.put(self._END)

    def next(self, deadline: float) -> str | None:
        """The next line; None once the child closed its output. Fails at ``deadline``."""
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError(f"the child printed nothing more in time; it printed "
                                 f"{self.seen}") from None
        if line is not self._END:
            self.seen.append(line)
        return line

    def until(self, wanted: str, timeout: float) -> list[str]:
        deadline = time.monotonic() + timeout
        while (line := self.next(deadline)) != wanted:
            if line is None:
                raise AssertionError(f"the child ended without printing {wanted!r}; it "
                                     f"printed {self.seen}")
        return self.seen

    def rest(self, timeout: float) -> list[str]:
        """Every line still to come, up to the end of the child's output."""
        deadline = time.monotonic() + timeout
        start = len(self.seen)
        while self.next(deadline) is not None:
            pass
        return self.seen[start:]


@contextmanager
def child(arguments: list[str], env: dict[str, str] | None = None,
          ) -> Iterator[subprocess.Popen[str]]:
    """A Python child process that is killed and reaped on leaving, whatever happened."""
    process = subprocess.Popen([sys.executable, *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait(timeout=REAP_SECONDS)


def test_a_child_that_hangs_fails_the_test_at_the_deadline() -> None:
    begin = time.monotonic()
    with pytest.raises(AssertionError, match="printed nothing more in time"), \
            child(["-c", "import time; print('started', flush=True); time.sleep(600)"]) as process:
        ChildLines(process).until("ready", timeout=1.0)
    assert time.monotonic() - begin < 1.0 + REAP_SECONDS
    assert process.returncode == -signal.SIGKILL  # killed on the way out, not left running


@pytest.mark.slow
def test_killing_the_app_keeps_every_committed_answer(tmp_path: Path) -> None:
    corpus = write_small_corpus(tmp_path)
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with child(["-c", GUI_SCRIPT, str(corpus)], env=environment) as process:
        lines = ChildLines(process).until("ready", timeout=DEADLINE)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=REAP_SECONDS)
    assert process.returncode == -signal.SIGKILL
    assert lines == ["committed 0", "committed 1", "committed 2", "committed 3", "ready"]

    source = load_annotation_source(corpus)
    path = store_path(source.title, source.digest, "victim")
    # The process died without closing the database: the answers are in the write-ahead log.
    assert Path(f"{path}-wal").exists()
    store = AnnotationStore.open(path)
    work = AnnotationWork(source.items, "victim", store)
    assert [(row.key, row.substitutes) for row in work.export_rows()] == [
        (("bright.a", "1"), ("word0",)), (("bright.a", "2"), ("word1",)),
        (("bright.a", "3"), ("word2",)), (("take.v", "4"), ("word3",))]
    assert work.status(4) is Status.EMPTY  # typed, never committed: not saved, as documented
    store.close()


@pytest.mark.slow
def test_killing_the_app_in_judgement_mode_keeps_every_committed_judgement(
        tmp_path: Path) -> None:
    task_file = write_small_task(tmp_path, EVERY_INSTANCE)
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with child(["-c", JUDGING_SCRIPT, str(task_file)], env=environment) as process:
        lines = ChildLines(process).until("ready", timeout=DEADLINE)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=REAP_SECONDS)
    assert process.returncode == -signal.SIGKILL
    assert lines == ["committed 0", "committed 1", "committed 2", "committed 4", "ready"]

    task, _ = load_judging_task(task_file)
    path = judgement_store_path(task.title, task.digest, "victim")
    # The process died without closing the database: the labels are in the write-ahead log.
    assert Path(f"{path}-wal").exists()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    store = JudgementStore.open(path)
    work = JudgingWork(task, "victim", store)
    first, second = work.candidates(0), work.candidates(1)
    assert [(row.id, row.candidate, row.label) for row in work.export_rows()] == [
        ("1", first[0], ACCEPTABLE), ("1", first[1], NOT_ACCEPTABLE), ("1", first[2], UNSURE),
        ("2", second[0], ACCEPTABLE)]
    # Typed in the field, never added: not saved, as documented.
    assert "typed but never added" not in work.candidates(1)
    store.close()


def test_killing_during_a_stream_of_commits_loses_none_and_corrupts_nothing(
        tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    with child(["-c", CORE_SCRIPT, str(path)]) as process:
        lines = ChildLines(process)
        lines.until("60", timeout=DEADLINE)
        process.send_signal(signal.SIGKILL)  # mid-stream: a transaction may be in flight
        process.wait(timeout=REAP_SECONDS)
        # Lines printed before the kill may still sit in the pipe: each is an acknowledged
        # commit.
        acknowledged = max(int(number) for number in [*lines.seen, *lines.rest(DEADLINE)])
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    store = AnnotationStore.open(path)
    stored = store.load_answers("victim")
    store.close()
    # Every acknowledged commit is there; at most one more (committed, not yet printed).
    assert {("busy.a", str(n)) for n in range(acknowledged + 1)} <= set(stored)
    assert len(stored) <= acknowledged + 2
