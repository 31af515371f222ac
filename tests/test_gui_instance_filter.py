"""The instance list's filter runs Python per row only while a filter is set.

A corpus opening resets the list; with a Python test for every row that reset froze the window
for 40-50 ms on 100,000 instances (benchmarks/bench_annotation.py). With no filter set, Qt's own
test serves; the searches and filters themselves work as before (tests/test_gui_annotate.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait

from lexsub_studio.gui.annotate.instance_model import (
    UNFINISHED_FILTER,
    WORK_INDEX_ROLE,
    InstanceFilterProxy,
)
from lexsub_studio.gui.app_state import open_work, read_source

pytestmark = pytest.mark.gui


@pytest.fixture()
def tested_rows(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every source row the filter's Python test is asked about."""
    asked: list[int] = []
    real = InstanceFilterProxy.accepts_row

    def counting(proxy: InstanceFilterProxy, source_row: int) -> bool:
        asked.append(source_row)
        return real(proxy, source_row)

    monkeypatch.setattr(InstanceFilterProxy, "accepts_row", counting)
    return asked


def shown_rows(proxy: InstanceFilterProxy) -> list[int]:
    return [proxy.index(row, 0).data(WORK_INDEX_ROLE) for row in range(proxy.rowCount())]


def test_opening_a_corpus_without_a_filter_tests_no_row_in_python(
        qtbot, corpus: Path, tested_rows: list[int]) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    assert shown_rows(workspace.instances.proxy) == [0, 1, 2, 3, 4]
    window.state.set_session(open_work(read_source(str(corpus)), "second annotator"))
    assert shown_rows(workspace.instances.proxy) == [0, 1, 2, 3, 4]
    assert tested_rows == []
    window.close()


def test_a_filter_tests_rows_in_python_and_clearing_it_stops(
        qtbot, corpus: Path, tested_rows: list[int]) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    workspace.instances.search_edit.setText("seat")
    workspace.instances.search.search_now()
    assert shown_rows(workspace.instances.proxy) == [4]
    assert sorted(set(tested_rows)) == [0, 1, 2, 3, 4]
    workspace.instances.search_edit.setText("")
    workspace.instances.search.search_now()
    assert shown_rows(workspace.instances.proxy) == [0, 1, 2, 3, 4]
    tested_rows.clear()
    window.state.set_session(open_work(read_source(str(corpus)), "second annotator"))
    assert shown_rows(workspace.instances.proxy) == [0, 1, 2, 3, 4]
    assert tested_rows == []
    window.close()


def test_a_status_filter_kept_across_sessions_still_filters(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    workspace.editor.form.sub_edits[0].setText("clever")
    workspace.save_and_next()
    workspace.instances.status_filter.setCurrentIndex(
        workspace.instances.status_filter.findData(UNFINISHED_FILTER))
    assert shown_rows(workspace.instances.proxy) == [1, 2, 3, 4]
    # The status filter outlives the session; the next session's rows go through it.
    window.state.set_session(open_work(read_source(str(corpus)), "tester"))
    assert shown_rows(workspace.instances.proxy) == [1, 2, 3, 4]
    window.close()


def test_an_assignment_alone_filters(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    workspace.instances.proxy.set_assignment([True, False, True, False, True])
    assert shown_rows(workspace.instances.proxy) == [0, 2, 4]
    workspace.instances.proxy.set_assignment(None)
    assert shown_rows(workspace.instances.proxy) == [0, 1, 2, 3, 4]
    window.close()
