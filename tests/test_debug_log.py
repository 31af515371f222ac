"""Debug traces (core/runtime/debug_log.py): the package's loggers are silent unless asked, and
the background work, the campaign sync and the retried saves say what they do when asked."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.work import AnnotationWork, WorkItem
from lexsub_studio.core.model.data import Instance, ResponseRow
from lexsub_studio.core.runtime import debug_log
from lexsub_studio.paths import demo_corpus

PACKAGE = logging.getLogger(debug_log.PACKAGE_LOGGER)


@pytest.fixture(autouse=True)
def _package_logger_restored() -> Iterator[None]:
    handlers, level = list(PACKAGE.handlers), PACKAGE.level
    yield
    for handler in PACKAGE.handlers:
        if handler not in handlers:
            handler.close()
    PACKAGE.handlers[:] = handlers
    PACKAGE.setLevel(level)


def _traces(caplog: pytest.LogCaptureFixture, name: str) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == name]


def test_the_package_logger_is_silent_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(debug_log.DEBUG_VARIABLE, raising=False)
    log = debug_log.logger("lexsub_studio.core.example")
    assert log.parent is PACKAGE or log.parent.name.startswith("lexsub_studio")
    assert any(isinstance(handler, logging.NullHandler) for handler in PACKAGE.handlers)
    assert debug_log.requested_target() is None
    assert debug_log.configure() is None


@pytest.mark.parametrize(("value", "flag", "target"), [
    ("", True, "stderr"), ("1", False, "stderr"), ("stderr", False, "stderr"),
    ("file", False, "file"), ("file", True, "file"), ("0", False, None)])
def test_what_asks_for_the_traces(monkeypatch: pytest.MonkeyPatch, value: str, flag: bool,
                                  target: str | None) -> None:
    monkeypatch.setenv(debug_log.DEBUG_VARIABLE, value)
    assert debug_log.requested_target(flag) == target


def test_lexsub_debug_prints_traces_on_stderr(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(debug_log.DEBUG_VARIABLE, raising=False)
    assert main(["--debug", "validate", str(demo_corpus())]) == 0
    debug_log.logger("lexsub_studio.core.example").debug("a trace")
    err = capsys.readouterr().err
    assert "lexsub_studio.core.example: a trace" in err


def test_lexsub_debug_file_writes_the_log_folder(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv(debug_log.DEBUG_VARIABLE, "file")
    assert main(["validate", str(demo_corpus())]) == 0
    log_file = tmp_path / "home" / "logs" / debug_log.LOG_FILE_NAME
    assert f"debug traces go to {log_file}" in capsys.readouterr().err
    debug_log.logger("lexsub_studio.core.example").debug("a trace in the file")
    for handler in PACKAGE.handlers:
        handler.flush()
    assert "lexsub_studio.core.example: a trace in the file" in log_file.read_text("utf-8")


def test_background_tasks_trace_their_start_and_end(qtbot,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    from lexsub_studio.gui.tasks import run_in_background

    caplog.set_level(logging.DEBUG, logger=debug_log.PACKAGE_LOGGER)

    def count_words(_token, _report) -> int:
        return 3

    def broken(_token, _report) -> int:
        raise ValueError("no such thing")

    for job in (count_words, broken):
        task = run_in_background(job)
        with qtbot.waitSignal(task.finished, timeout=10000):
            pass
    traces = _traces(caplog, "lexsub_studio.gui.tasks")
    names = [job.__qualname__ for job in (count_words, broken)]
    assert f"task {names[0]} started" in traces
    assert any(trace.startswith(f"task {names[0]} done after ") for trace in traces)
    failed = [record for record in caplog.records
              if record.getMessage().startswith(f"task {names[1]} failed after ")]
    assert failed and failed[0].exc_info is not None


def test_an_offline_sync_round_is_traced_without_the_password(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger=debug_log.PACKAGE_LOGGER)
    store = AnnotationStore.open(tmp_path / "amira.sqlite3")
    store.put_answer(ResponseRow("pale.a", "20", "amira", ("pallid",)))
    store.close()
    link = CampaignLink("postgresql://amira_role@127.0.0.1:1/lexsub", "round", "amira",
                        "amira_role", "s3cret-word")
    sync = CampaignSync(store.path, link, connect_timeout=1)
    try:
        status = sync.sync_once()
    finally:
        sync.close()
    assert status.state is SyncState.OFFLINE
    traces = _traces(caplog, "lexsub_studio.core.annotation.campaign.sync")
    assert traces and traces[0].startswith("sync round/amira offline (1 waiting): ")
    assert not any("s3cret-word" in trace for trace in traces)


def test_a_save_kept_for_a_retry_and_saved_later_is_traced(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger=debug_log.PACKAGE_LOGGER)
    path = tmp_path / "ann.sqlite3"
    store = AnnotationStore.open(path)
    items = [WorkItem("calm.a", Instance("1", "A plain day .", 2, 7))]
    work = AnnotationWork(items, "ann", store)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert work.commit(0, work.make_row(0, ["serene"])) is False
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert work.retry_saving() is True
    store.close()
    traces = _traces(caplog, "lexsub_studio.core.annotation.work")
    assert traces[0].startswith("1 unsaved changes kept for a retry: ")
    assert traces[-1] == "1 unsaved changes saved on a retry"
