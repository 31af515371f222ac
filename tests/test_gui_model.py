"""The instance table model and its filter proxy, tested without views."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from lexsub_studio.core.annotation.work import AnnotationWork, Status, WorkItem
from lexsub_studio.core.model.data import Instance, ResponseRow
from lexsub_studio.gui.annotate.instance_model import (
    STATUS_ROLE,
    UNFINISHED_FILTER,
    WORK_INDEX_ROLE,
    Column,
    InstanceFilterProxy,
    InstanceTableModel,
)
from lexsub_studio.gui.target_labels import target_labels

pytestmark = pytest.mark.gui


def _work() -> AnnotationWork:
    items = [WorkItem("bright.a", Instance(str(i), f"A bright day number {i} .", 2, 8))
             for i in (1, 2, 3)]
    items += [WorkItem("fair.a", Instance(str(i), f"A fair deal, lot {i} .", 2, 6))
              for i in (4, 5)]
    return AnnotationWork(items, "ann")


def _rows(proxy: InstanceFilterProxy) -> list[int]:
    return [proxy.index(r, 0).data(WORK_INDEX_ROLE) for r in range(proxy.rowCount())]


def test_model_passes_the_model_tester(qtmodeltester) -> None:
    model = InstanceTableModel()
    qtmodeltester.check(model)
    model.set_work(_work())
    qtmodeltester.check(model)


def test_proxy_passes_the_model_tester(qtmodeltester) -> None:
    model = InstanceTableModel()
    model.set_work(_work())
    proxy = InstanceFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_lexelt_filter("fair.a")
    qtmodeltester.check(proxy)


def test_display_hides_the_pos_unless_asked() -> None:
    model = InstanceTableModel()
    model.set_work(_work())
    index = model.index(0, Column.LEXELT)
    assert index.data() == "bright"
    model.set_show_pos(True)
    assert index.data() == "bright.a"
    assert model.index(3, Column.ID).data() == "4"
    assert model.index(0, Column.STATUS).data() == "○ empty"
    assert model.headerData(Column.STATUS, Qt.Orientation.Horizontal) == "Status"


def test_a_commit_emits_data_changed_for_that_row_only(qtbot) -> None:
    work = _work()
    model = InstanceTableModel()
    model.set_work(work)
    with qtbot.waitSignal(model.dataChanged) as blocker:
        work.commit(2, ResponseRow("bright.a", "3", "ann", ("sunny",)))
    top, bottom = blocker.args[0], blocker.args[1]
    assert (top.row(), top.column(), bottom.row(), bottom.column()) == (2, Column.STATUS, 2,
                                                                        Column.STATUS)
    assert model.index(2, 0).data(STATUS_ROLE) == Status.DONE
    assert model.index(2, Column.STATUS).data() == "● done"


def test_filters_by_lexelt_status_and_text() -> None:
    work = _work()
    model = InstanceTableModel()
    model.set_work(work)
    proxy = InstanceFilterProxy()
    proxy.setSourceModel(model)
    work.commit(0, ResponseRow("bright.a", "1", "ann", ("sunny",)))
    work.commit(4, ResponseRow("fair.a", "5", "ann", (), nil=True))
    work.commit(1, ResponseRow("bright.a", "2", "ann", (), comment="later"))
    assert _rows(proxy) == [0, 1, 2, 3, 4]
    proxy.set_lexelt_filter("bright.a")
    assert _rows(proxy) == [0, 1, 2]
    proxy.set_status_filter(UNFINISHED_FILTER)  # partial (1) and empty (2) of bright.a
    assert _rows(proxy) == [1, 2]
    proxy.set_lexelt_filter(None)
    assert _rows(proxy) == [1, 2, 3]
    proxy.set_status_filter(Status.FLAGGED)
    assert _rows(proxy) == [4]
    proxy.set_status_filter(None)
    proxy.set_text_filter("LOT 4")  # the sentence text, case-insensitive
    assert _rows(proxy) == [3]
    proxy.set_text_filter("fair.a")  # the lexelt
    assert _rows(proxy) == [3, 4]
    proxy.set_text_filter("")
    assert not proxy.is_filtering()


def test_a_row_leaves_the_unfinished_view_when_answered() -> None:
    work = _work()
    model = InstanceTableModel()
    model.set_work(work)
    proxy = InstanceFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_status_filter(UNFINISHED_FILTER)
    assert _rows(proxy) == [0, 1, 2, 3, 4]
    work.commit(3, ResponseRow("fair.a", "4", "ann", ("just",)))
    assert _rows(proxy) == [0, 1, 2, 4]
    work.commit(3, None)
    assert _rows(proxy) == [0, 1, 2, 3, 4]


def test_targets_sharing_a_lemma_are_told_apart_when_the_pos_is_hidden() -> None:
    lexelts = ["spot.n", "bright.a", "spot.n.v", "spot.r"]
    assert target_labels(lexelts, show_pos=False) == {
        "spot.n": "spot", "bright.a": "bright", "spot.n.v": "spot (2)", "spot.r": "spot (3)"}
    assert target_labels(lexelts, show_pos=True) == {lexelt: lexelt for lexelt in lexelts}
