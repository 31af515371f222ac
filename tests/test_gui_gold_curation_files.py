"""The curation view's files off the GUI thread: every decision written in the background and in
order, everything written before the window closes, the adjudication file and a merge map read
in the background under a busy row, and their problems shown as any other."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from test_gui_gold_curation import add_and_wait, write

from lexsub_studio.core.gold.adjudication import (
    DEFAULT_FILE_NAME,
    DROP,
    Adjudication,
    Decision,
    read_adjudication,
    write_adjudication,
)
from lexsub_studio.core.io import atomic
from lexsub_studio.core.io.formats import textfile
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = pytest.mark.gui

ITEM = ("fair.a", "9")


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: said.append(f"{title}: {error}"))
    return said


@pytest.fixture
def responses(tmp_path: Path) -> list[Path]:
    return [write(tmp_path / "ann.tsv", "ann", [("fair.a", "9", "blond", "pale")]),
            write(tmp_path / "bob.tsv", "bob", [("fair.a", "9", "blonde", "pale")])]


def workspace_for(qtbot) -> GoldWorkspace:
    workspace = GoldWorkspace(AppState())
    qtbot.addWidget(workspace)
    workspace.show()
    return workspace


def test_decisions_are_written_off_the_gui_thread_in_order_and_flushed_before_closing(
        qtbot, responses: list[Path], errors: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    workspace = workspace_for(qtbot)
    add_and_wait(qtbot, workspace, responses)
    panel = workspace.curation
    saved = responses[0].parent / DEFAULT_FILE_NAME
    writers: list[int] = []
    real_write = atomic.atomic_write_text

    def slow_write(path, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path) == saved:
            writers.append(threading.get_ident())
            # The first write is the slowest: were writes run side by side, it would land last.
            time.sleep(0.3 if len(writers) == 1 else 0.01)
        return real_write(path, text, *args, **kwargs)

    monkeypatch.setattr(atomic, "atomic_write_text", slow_write)
    panel.select_item(ITEM)
    for number in range(12):
        panel.add(f"word{number}")
    panel.drop("pale")
    # What the window does when it closes: no event is processed in between.
    workspace.flush_pending()
    kept = read_adjudication(saved)
    assert kept == panel.adjudication and len(kept) == 13
    assert writers and threading.get_ident() not in writers
    qtbot.waitUntil(panel.saver.idle)
    assert errors == []


def test_the_adjudication_file_is_read_off_the_gui_thread_under_a_busy_row(
        qtbot, responses: list[Path], errors: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    saved = responses[0].parent / DEFAULT_FILE_NAME
    decision = Decision(DROP, (ITEM,), "pale", "", "by hand", "ann", "2026-01-01T00:00:00+00:00")
    write_adjudication(Adjudication([decision]), saved)
    release = threading.Event()
    readers: list[int] = []
    real_read = textfile.read_input_bytes

    def held_read(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path) == saved:
            readers.append(threading.get_ident())
            release.wait(10)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(textfile, "read_input_bytes", held_read)
    workspace = workspace_for(qtbot)
    panel = workspace.curation
    workspace.add_files([str(path) for path in responses])
    # While the file is read the panel takes no decision and says what it is doing.
    assert panel.is_reading() and not panel.panes.isEnabled()
    assert not panel.busy.isHidden() and str(saved) in panel.busy.message.text()
    release.set()
    qtbot.waitUntil(lambda: not panel.is_reading())
    qtbot.waitUntil(lambda: workspace.analysis is not None and workspace.runner.is_idle())
    assert panel.adjudication.decisions == [decision] and panel.path == saved
    assert panel.panes.isEnabled() and panel.busy.isHidden()
    panel.select_item(ITEM)
    assert "pale" not in dict(panel.gold_entries())
    assert readers and threading.get_ident() not in readers
    assert errors == []


def test_an_unreadable_adjudication_file_is_said_and_the_decisions_are_not_saved_over_it(
        qtbot, responses: list[Path], errors: list[str]) -> None:
    saved = responses[0].parent / DEFAULT_FILE_NAME
    saved.write_text('{"format": "lexsub-adjudication", "version": 1, "decisions": [\n',
                     encoding="utf-8")
    workspace = workspace_for(qtbot)
    add_and_wait(qtbot, workspace, responses)
    panel = workspace.curation
    qtbot.waitUntil(lambda: not panel.is_reading())
    assert len(errors) == 1 and errors[0].startswith("Cannot read the adjudication file")
    assert f"{DEFAULT_FILE_NAME}:2:1:" in errors[0]
    assert panel.path is None and panel.panes.isEnabled()
    panel.select_item(ITEM)
    panel.drop("pale")
    workspace.flush_pending()
    assert saved.read_text(encoding="utf-8").endswith("[\n")


def test_a_merge_map_is_read_off_the_gui_thread_and_its_problems_are_said(
        qtbot, responses: list[Path], errors: list[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.core.gold import normalise

    workspace = workspace_for(qtbot)
    add_and_wait(qtbot, workspace, responses)
    panel = workspace.curation
    readers: list[int] = []
    real_read = normalise.read_input_bytes

    def recorded_read(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        readers.append(threading.get_ident())
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(normalise, "read_input_bytes", recorded_read)
    merge_map = tmp_path / "map.tsv"
    merge_map.write_text("blonde\tblond\n", encoding="utf-8")
    with qtbot.waitSignals([panel.merges_imported, workspace.analysis_ready], timeout=20000):
        panel.import_merge_map(merge_map)
    assert readers and threading.get_ident() not in readers
    assert [d.form for d in panel.adjudication.decisions] == ["blonde"]

    broken = tmp_path / "broken.tsv"
    broken.write_bytes(b"blonde\tblond\nbad\xff\tform\n")
    task = panel.import_merge_map(broken)
    qtbot.waitUntil(lambda: task.is_finished)
    assert len(errors) == 1 and errors[0].startswith("Cannot read the merge map")
    assert "broken.tsv:2:" in errors[0]
    assert len(panel.adjudication) == 1 and panel.import_button.isEnabled()


def test_merges_read_while_the_first_computation_runs_are_pooled_again(
        qtbot, responses: list[Path], errors: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.core.gold.adjudication import MERGE
    from lexsub_studio.gui.gold import analysis_runner

    saved = responses[0].parent / DEFAULT_FILE_NAME
    merge = Decision(MERGE, (ITEM,), "blonde", "blond", "by hand", "ann",
                     "2026-01-01T00:00:00+00:00")
    write_adjudication(Adjudication([merge]), saved)
    reading, computing = threading.Event(), threading.Event()
    real_read, real_analyse = textfile.read_input_bytes, analysis_runner.analyse
    held_once = [True]

    def held_read(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path) == saved:
            reading.wait(10)
        return real_read(path, *args, **kwargs)

    def held_analyse(*args, **kwargs):  # type: ignore[no-untyped-def]
        if held_once.pop() if held_once else False:
            computing.wait(10)  # the first computation, started before the merges are known
        return real_analyse(*args, **kwargs)

    monkeypatch.setattr(textfile, "read_input_bytes", held_read)
    monkeypatch.setattr(analysis_runner, "analyse", held_analyse)
    workspace = workspace_for(qtbot)
    panel = workspace.curation
    with qtbot.waitSignal(workspace.runner.started, timeout=20000):
        workspace.add_files([str(path) for path in responses])
    assert workspace.analysis is None and panel.is_reading()
    reading.set()
    qtbot.waitUntil(lambda: not panel.is_reading())
    shown: list[object] = []
    workspace.analysis_ready.connect(
        lambda: shown.append(workspace.analysis.request.merge_map))  # type: ignore[union-attr]
    computing.set()
    qtbot.waitUntil(lambda: bool(shown) and workspace.runner.is_idle(), timeout=20000)
    # Every analysis shown from then on pools the merges read meanwhile: the computation that
    # started without them is replaced, not shown and then redone.
    assert shown and all(merges == panel.adjudication.merge_map() for merges in shown)
    assert workspace.analysis.suggestions is not None  # merges are still proposed
    assert entries_of(panel) == {"blond": 2, "pale": 2}
    assert errors == []
    # The replaced computation ends before the workspace goes, so that it reports to no one.
    QThreadPool.globalInstance().waitForDone(20000)


def entries_of(panel) -> dict[str, int]:  # type: ignore[no-untyped-def]
    panel.select_item(ITEM)
    return dict(panel.gold_entries())
