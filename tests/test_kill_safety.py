"""SIGKILL loses nothing committed: a real app process is killed and its store examined."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from gui_support import write_small_corpus

from lexsub_studio.core.annotation.package import load_annotation_source
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.work import AnnotationWork, Status
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
            field = workspace.form.sub_edits[0]
            QTest.keyClicks(field, f"word{number}")
            QTest.keyClick(field, Qt.Key.Key_Return)   # Enter: save and next
            print(f"committed {number}", flush=True)
        QTest.keyClicks(workspace.form.sub_edits[0], "typed but never committed")
        print("ready", flush=True)

    window.session_opened.connect(annotate)
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


def _read_until(process: subprocess.Popen[str], wanted: str, timeout: float) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if line.strip() == wanted:
            return lines
    process.kill()
    raise AssertionError(f"the process never printed {wanted!r}; it printed {lines}")


def test_killing_the_app_keeps_every_committed_answer(tmp_path: Path) -> None:
    corpus = write_small_corpus(tmp_path)
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen([sys.executable, "-c", GUI_SCRIPT, str(corpus)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               env=environment)
    try:
        lines = _read_until(process, "ready", timeout=60)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
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


def test_killing_during_a_stream_of_commits_loses_none_and_corrupts_nothing(
        tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    process = subprocess.Popen([sys.executable, "-c", CORE_SCRIPT, str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    acknowledged = -1
    while acknowledged < 60:
        acknowledged = int(process.stdout.readline())
    process.send_signal(signal.SIGKILL)  # mid-stream: a transaction may be in flight
    process.wait(timeout=10)
    # Lines printed before the kill may still sit in the pipe: each is an acknowledged commit.
    acknowledged = max([acknowledged, *(int(n) for n in process.stdout.read().split())])
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    store = AnnotationStore.open(path)
    stored = store.load_answers("victim")
    store.close()
    # Every acknowledged commit is there; at most one more (committed, not yet printed).
    assert {("busy.a", str(n)) for n in range(acknowledged + 1)} <= set(stored)
    assert len(stored) <= acknowledged + 2
