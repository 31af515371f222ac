"""The instance list: a thin Qt adapter over AnnotationWork, and the filter in front of it.

The table model copies nothing: every ``data()`` call reads the work object, and a commit
announces only the rows that changed (targeted ``dataChanged`` on the status column).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from lexsub_studio.core.annotation.instance_search import MatchSnippet, why_matched
from lexsub_studio.core.annotation.work import UNFINISHED, AnnotationWork, Status
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.gui import table_model
from lexsub_studio.gui.contrast import base_colour, readable
from lexsub_studio.gui.table_model import AnyIndex, ColumnTableModel
from lexsub_studio.gui.target_labels import target_label


class Column(IntEnum):
    LEXELT = 0
    ID = 1
    STATUS = 2
    #: The current answer (shown when View > Answers in the instance list is on).
    ANSWER = 3
    #: Why the row matched the search (shown while searching).
    MATCH = 4


HEADERS = {
    Column.LEXELT: QT_TRANSLATE_NOOP("InstanceTableModel", "Target"),
    Column.ID: QT_TRANSLATE_NOOP("InstanceTableModel", "Id"),
    Column.STATUS: QT_TRANSLATE_NOOP("InstanceTableModel", "Status"),
    Column.ANSWER: QT_TRANSLATE_NOOP("InstanceTableModel", "Answer"),
    Column.MATCH: QT_TRANSLATE_NOOP("InstanceTableModel", "Found"),
}

#: Role returning the Status of the row's instance.
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1
#: Role returning the row's index in AnnotationWork.items.
WORK_INDEX_ROLE = Qt.ItemDataRole.UserRole + 2
#: Role returning the (start, end) spans of the matched words in the Found column's text.
MATCH_SPANS_ROLE = Qt.ItemDataRole.UserRole + 3

STATUS_COLOURS = {
    Status.EMPTY: QColor("#6b7280"),
    Status.PARTIAL: QColor("#b45309"),
    Status.DONE: QColor("#15803d"),
    Status.FLAGGED: QColor("#7c3aed"),
}
STATUS_SYMBOLS = {Status.EMPTY: "○", Status.PARTIAL: "◐", Status.DONE: "●", Status.FLAGGED: "⚑"}


def answer_text(row: ResponseRow | None) -> str:
    """An answer in a few words for the instance list: "clever; smart · NIL"."""
    if row is None:
        return ""
    parts = ["; ".join(row.substitutes)] if row.substitutes else []
    if row.multiword:
        parts.append(f"mw: {row.multiword}")
    if row.nil:
        parts.append("NIL")
    if row.proper_name:
        parts.append("proper name")
    return " · ".join(parts)


class InstanceTableModel(ColumnTableModel):
    """The instances of the open AnnotationWork, one per row, in corpus order; a record is the
    row's index in the work (nothing is copied)."""

    def __init__(self, parent: QObject | None = None) -> None:
        # STATUS_ROLE has the number other models sort by: this model is never sorted.
        super().__init__(parent=parent, sort_role=None)
        self._work: AnnotationWork | None = None
        self._show_pos = False
        self._search = ""
        self._italic = QFont()
        self._italic.setItalic(True)
        self._bind(AnnotationWork([], ""))

    def _bind(self, work: AnnotationWork) -> None:
        """The columns and row roles, reading ``work`` in place (bound here once, so that each
        ``data()`` call reaches the work without a look-up)."""
        items, status, answer = work.items, work.status, work.answer

        def status_text(row: int) -> str:
            state = status(row)
            text = f"{STATUS_SYMBOLS[state]} {state.value}"
            return f"{text} (training)" if items[row].training else text

        def match_text(row: int) -> str:
            match = self._match(row)
            return match.text if match is not None else ""

        self.set_columns([
            table_model.Column(self.tr(HEADERS[Column.LEXELT]),
                               lambda row: target_label(items[row].lexelt, self._show_pos)),
            table_model.Column(self.tr(HEADERS[Column.ID]), lambda row: items[row].instance.id),
            table_model.Column(self.tr(HEADERS[Column.STATUS]), status_text,
                               foreground=lambda row: QBrush(
                                   readable(STATUS_COLOURS[status(row)], base_colour()))),
            table_model.Column(self.tr(HEADERS[Column.ANSWER]),
                               lambda row: answer_text(answer(row))),
            table_model.Column(self.tr(HEADERS[Column.MATCH]), match_text),
        ])
        self.set_row_roles({
            STATUS_ROLE: status,
            WORK_INDEX_ROLE: lambda row: row,
            MATCH_SPANS_ROLE: self._match_spans,
            Qt.ItemDataRole.FontRole: lambda row: self._italic if items[row].training else None,
            Qt.ItemDataRole.ToolTipRole: lambda row: items[row].instance.display_context(),
        })

    def row_count(self) -> int:
        return 0 if self._work is None else len(self._work)

    @property
    def work(self) -> AnnotationWork | None:
        return self._work

    def set_work(self, work: AnnotationWork | None) -> None:
        self.beginResetModel()
        if self._work is not None:
            self._work.remove_listener(self.rows_changed)
        self._work = work
        if work is not None:
            work.add_listener(self.rows_changed)
        self._bind(work if work is not None else AnnotationWork([], ""))
        self.endResetModel()

    def set_show_pos(self, show: bool) -> None:
        if show != self._show_pos:
            self._show_pos = show
            if self.rowCount():
                self.dataChanged.emit(self.index(0, Column.LEXELT),
                                      self.index(self.rowCount() - 1, Column.LEXELT),
                                      [Qt.ItemDataRole.DisplayRole])

    @property
    def search(self) -> str:
        return self._search

    def set_search(self, text: str) -> None:
        """The searched text, for the Found column."""
        text = text.strip()
        if text != self._search:
            self._search = text
            if self.rowCount():
                self.dataChanged.emit(self.index(0, Column.MATCH),
                                      self.index(self.rowCount() - 1, Column.MATCH),
                                      [Qt.ItemDataRole.DisplayRole, MATCH_SPANS_ROLE])

    def rows_changed(self, rows: Sequence[int]) -> None:
        roles = [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole,
                 Qt.ItemDataRole.ToolTipRole, STATUS_ROLE]
        for row in rows:
            self.dataChanged.emit(self.index(row, Column.STATUS), self.index(row, Column.STATUS),
                                  roles)
            self.dataChanged.emit(self.index(row, Column.ANSWER), self.index(row, Column.ANSWER),
                                  [Qt.ItemDataRole.DisplayRole])

    def _match_spans(self, row: int) -> list[tuple[int, int]]:
        match = self._match(row)
        return list(match.spans) if match is not None else []

    def _match(self, row: int) -> MatchSnippet | None:
        work = self._work
        if work is None or not self._search:
            return None
        item = work.items[row]
        return why_matched(item.lexelt, item.instance.id, item.instance.display_context(),
                           self._search)


#: Status filter choices besides a single Status.
UNFINISHED_FILTER = "unfinished"


class InstanceFilterProxy(QSortFilterProxyModel):
    """Filters by lexelt, by status (one status or "unfinished") and by text, and keeps to a
    campaign annotator's assigned instances (AnnotationWork.assignment_mask).

    The text matches the instance id, the lexelt or the sentence, case-insensitively. Sorting is
    left to the corpus order, which is the order annotators work in.

    While no filter is set, the rows are not filtered in Python at all: Qt's own
    ``filterAcceptsRow`` (no pattern: every row) serves, and a 100,000-row reset costs some
    2 ms instead of 40-50 ms of calls into Python that would freeze the window as a corpus
    opens (docs/performance.md). A filter puts the Python test in the instance's dictionary,
    where PySide looks for an override at each call (its "duck punching"), and taking the
    filter away removes it again.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lexelt: str | None = None
        self._status: Status | str | None = None
        self._text = ""
        self._haystacks: list[str] | None = None
        self._assigned: list[bool] | None = None
        # Re-check a row when its status changes, so a "done" row leaves an "unfinished" view.
        self.setDynamicSortFilter(True)

    def setSourceModel(self, model: Any) -> None:
        super().setSourceModel(model)
        model.modelReset.connect(self._forget_haystacks)

    def _forget_haystacks(self) -> None:
        self._haystacks = None

    @property
    def lexelt_filter(self) -> str | None:
        return self._lexelt

    def set_lexelt_filter(self, lexelt: str | None) -> None:
        self._change_filter(lambda: setattr(self, "_lexelt", lexelt or None))

    def set_status_filter(self, status: Status | str | None) -> None:
        self._change_filter(lambda: setattr(self, "_status", status or None))

    def set_text_filter(self, text: str) -> None:
        self._change_filter(lambda: setattr(self, "_text", text.strip().lower()))

    def _change_filter(self, change: Callable[[], None]) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9 and later
            self.beginFilterChange()
            change()
            self._filter_in_python_when_needed()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            change()
            self._filter_in_python_when_needed()
            self.invalidateRowsFilter()

    def _filter_in_python_when_needed(self) -> None:
        if self._assigned is not None or self.is_filtering():
            if "filterAcceptsRow" not in vars(self):
                # This instance's own test, in place of the method (see _python_row_test).
                self.filterAcceptsRow = _python_row_test(self)  # type: ignore[method-assign]
        else:
            vars(self).pop("filterAcceptsRow", None)

    def set_assignment(self, mask: list[bool] | None, refilter: bool = True) -> None:
        """Show only the rows whose ``mask`` entry is true (None: every row). Without
        ``refilter`` the rows are filtered at the source model's coming reset."""
        if refilter:
            self._change_filter(lambda: setattr(self, "_assigned", mask))
        else:
            self._assigned = mask
            self._filter_in_python_when_needed()

    def forget_session_filters(self) -> None:
        """Drop the lexelt and text filters without refiltering: call it just before the source
        model resets (a new corpus), whose reset filters every row once anyway."""
        self._lexelt = None
        self._text = ""
        self._filter_in_python_when_needed()

    def is_filtering(self) -> bool:
        return bool(self._lexelt or self._status or self._text)

    def _work(self) -> AnnotationWork | None:
        source = self.sourceModel()
        return source.work if isinstance(source, InstanceTableModel) else None

    def accepts_row(self, source_row: int) -> bool:
        """The filter's test for one row of the source model."""
        assigned = self._assigned
        if assigned is not None and not (source_row < len(assigned) and assigned[source_row]):
            return False
        if not (self._lexelt or self._status or self._text):
            return True
        work = self._work()
        if work is None:
            return False
        item = work.items[source_row]
        if self._lexelt is not None and item.lexelt != self._lexelt:
            return False
        if self._status is not None:
            status = work.status(source_row)
            if self._status == UNFINISHED_FILTER:
                if status not in UNFINISHED:
                    return False
            elif status != self._status:
                return False
        if self._text:
            if self._haystacks is None:
                self._haystacks = [f"{i.lexelt}\n{i.instance.id}\n{i.instance.context}".lower()
                                   for i in work.items]
            return self._text in self._haystacks[source_row]
        return True


def _python_row_test(proxy: InstanceFilterProxy) -> Callable[[int, AnyIndex], bool]:
    """``proxy.accepts_row`` as Qt calls it, holding the proxy weakly: kept in the proxy's own
    dictionary, a bound method would tie the proxy to itself in a reference cycle."""
    reference = weakref.ref(proxy)

    def filter_accepts_row(source_row: int, source_parent: AnyIndex) -> bool:
        owner = reference()
        return owner is not None and owner.accepts_row(source_row)

    return filter_accepts_row
