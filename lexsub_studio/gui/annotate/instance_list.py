"""The Annotate workspace's instance list: filters by target and status, the search, the list
itself (100,000 rows stay virtual) and how many rows it shows.

The keyboard moves through it as through the instances themselves: Down in the search box goes
to the first row found (Enter too, unless the instance on screen was found), and each row the
arrow keys reach opens its instance (as a click does), the focus staying in the list; Enter
goes on to the answer fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.work import AnnotationWork, Status
from lexsub_studio.gui.annotate.instance_model import (
    STATUS_SYMBOLS,
    UNFINISHED_FILTER,
    WORK_INDEX_ROLE,
    Column,
    InstanceFilterProxy,
    InstanceTableModel,
)
from lexsub_studio.gui.annotate.lexelt_filter import LexeltFilterModel
from lexsub_studio.gui.annotate.match_delegate import MatchDelegate
from lexsub_studio.gui.annotate.search import InstanceSearch
from lexsub_studio.gui.target_labels import target_labels
from lexsub_studio.gui.widgets import named

#: Pixels around a cell's text (the style's margins), when a column is fitted to its text.
CELL_PADDING = 12
#: While searching, the target column takes at most this share of the list's width.
TARGET_SHARE_WHILE_SEARCHING = 0.3


class InstanceTableView(QTableView):
    """The list as a table that says when a key moved its current row (``moved``)."""

    moved = Signal(QModelIndex)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        before = self.currentIndex().row()
        super().keyPressEvent(event)
        current = self.currentIndex()
        if current.isValid() and current.row() != before:
            self.moved.emit(current)


class InstanceListPanel(QWidget):
    #: The annotator chose an instance in the list (its index in the work).
    instance_chosen = Signal(int)
    #: The arrow keys reached an instance in the list: shown, the focus staying in the list.
    instance_browsed = Signal(int)
    #: Enter on the instance already shown: on to its answer fields.
    answer_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.work: AnnotationWork | None = None
        self._show_pos = False
        #: The targets' labels with the PoS hidden (lemmas numbered when shared), made off the
        #: GUI thread as the corpus opens when the session brings them, else when first asked.
        self._lemma_labels: dict[str, str] | None = None
        #: The target column's width for its widest label, while searching (None: measure).
        self._widest_target: int | None = None
        #: The instance on screen, kept selected whatever the filters do.
        self._current: int | None = None
        self.model = InstanceTableModel(self)
        self.proxy = InstanceFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.lexelt_filter = named(QComboBox(self), "lexeltFilter", self.tr("Target filter"),
                                   self.tr("Show the instances of one target word"))
        self.lexelt_choices = LexeltFilterModel(self.tr("All targets"), self.lexelt_text, self)
        self._set_up_lexelt_filter()
        self.status_filter = named(QComboBox(self), "statusFilter", self.tr("Status filter"),
                                   self.tr("Show the instances with one status"))
        choices: list[tuple[str, Status | str | None]] = [
            (self.tr("All statuses"), None),
            (self.tr("Unfinished (empty or partial)"), UNFINISHED_FILTER),
            (self.tr("Empty"), Status.EMPTY),
            (self.tr("Partial"), Status.PARTIAL),
            (self.tr("Done"), Status.DONE),
            (self.tr("Flagged (NIL or proper name)"), Status.FLAGGED),
        ]
        for text, value in choices:
            self.status_filter.addItem(text, value)
        self.search_edit = named(QLineEdit(self), "searchEdit", self.tr("Search instances"),
                                 self.tr("Find instances by id, target or sentence text "
                                         "(Ctrl+F)"))
        self.search_edit.setPlaceholderText(self.tr("Search id or sentence…  (Ctrl+F)"))
        self.search_edit.setClearButtonEnabled(True)
        self.list_view = named(InstanceTableView(self), "instanceList", self.tr("Instances"),
                               self.tr("Every instance with its status; the arrow keys or a "
                                       "click open it, Enter goes to its answer"))
        self._set_up_view()
        self.list_count = named(QLabel(self), "listCount", self.tr("Instances shown"))
        layout.addWidget(self.lexelt_filter)
        layout.addWidget(self.status_filter)
        layout.addWidget(self.search_edit)
        layout.addWidget(self.list_view, 1)
        layout.addWidget(self.list_count)
        self.search = InstanceSearch(self.search_edit, self.list_view, self.model, self.proxy)
        self.search.applied.connect(lambda _: self._after_filtering())
        self.search.applied.connect(lambda _: self.fit_columns())
        self.search_edit.installEventFilter(self)
        # After the search's own Enter (applied at once, the list takes the keys).
        self.search_edit.returnPressed.connect(self._after_search_enter)

        self.lexelt_filter.currentIndexChanged.connect(
            lambda _: self._apply_filter(self.proxy.set_lexelt_filter,
                                         self.lexelt_filter.currentData()))
        self.status_filter.currentIndexChanged.connect(
            lambda _: self._apply_filter(self.proxy.set_status_filter,
                                         self.status_filter.currentData()))
        self.list_view.activated.connect(self._on_activated)
        self.list_view.clicked.connect(self._on_clicked)
        self.list_view.moved.connect(self._on_moved)
        for signal in (self.proxy.rowsInserted, self.proxy.rowsRemoved, self.proxy.modelReset,
                       self.proxy.layoutChanged):
            signal.connect(self.update_count)

    def _set_up_lexelt_filter(self) -> None:
        combo = self.lexelt_filter
        combo.setModel(self.lexelt_choices)
        # Sized by a number of characters, not by its texts: measuring every target's text
        # would ask the model for each of them (100,000 in a large corpus).
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)
        # A plain list for the popup, not the style's menu over the combo: the menu is made as
        # wide as the widest target, which Qt finds by asking every row for its text (seconds
        # at 100,000 targets). The list is the combo's width, its rows cut to fit.
        combo.setStyleSheet("QComboBox { combobox-popup: 0; }")
        view = combo.view()
        if isinstance(view, QListView):
            # One row measured for all: the popup then lays out only the rows it shows.
            view.setUniformItemSizes(True)

    def _set_up_view(self) -> None:
        view = self.list_view
        view.setModel(self.proxy)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        view.setShowGrid(False)
        view.setWordWrap(False)
        view.setTabKeyNavigation(False)
        vertical = view.verticalHeader()
        vertical.setVisible(False)
        # Fixed row heights keep a 100,000-row list virtual: Qt never measures every row.
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(view.fontMetrics().height() + 8)
        header = view.horizontalHeader()
        for column in Column:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(Column.ANSWER, 140)
        # Why a row was found is read first: right after the target.
        header.moveSection(header.visualIndex(Column.MATCH), 1)
        view.setItemDelegateForColumn(Column.MATCH, MatchDelegate(view))
        view.setColumnHidden(Column.ANSWER, True)
        view.setColumnHidden(Column.MATCH, True)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Id and status as wide as their text, so that they stay in view in a list 200 px
        wide (the window at 1024 x 640 with the guidelines open). The target takes the rest;
        while searching, the target keeps to its words and the Found column takes the rest,
        cut to fit with its first matched word in view."""
        view = self.list_view
        header = view.horizontalHeader()
        metrics = view.fontMetrics()

        def fitted(*texts: str) -> int:
            return max(metrics.horizontalAdvance(text) for text in texts) + CELL_PADDING

        header.resizeSection(Column.ID, max(fitted(self.tr("Id"), "0000"), 40))
        header.resizeSection(Column.STATUS, fitted(
            self.model.headerData(Column.STATUS, Qt.Orientation.Horizontal),
            *(f"{symbol} {status.value}" for status, symbol in STATUS_SYMBOLS.items())))
        searching = bool(self.model.search)
        stretched = Column.MATCH if searching else Column.LEXELT
        kept = Column.LEXELT if searching else Column.MATCH
        header.setSectionResizeMode(kept, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(stretched, QHeaderView.ResizeMode.Stretch)
        if searching:
            if self._widest_target is None:
                # Measured once per corpus, PoS setting and font, not at every search: a
                # corpus may have as many targets as instances.
                labels = {self.label(lexelt) for lexelt in self.lexelt_choices.lexelts()}
                self._widest_target = fitted(self.tr("Target"), *labels)
            widest = int(view.viewport().width() * TARGET_SHARE_WHILE_SEARCHING)
            header.resizeSection(Column.LEXELT, min(self._widest_target,
                                                    max(widest, header.minimumSectionSize())))

    # -- the work shown --------------------------------------------------------------------------

    def follow_session(self, work: AnnotationWork | None, show_pos: bool,
                       lemma_labels: dict[str, str] | None = None) -> None:
        """Another corpus (or none): no filters, no search, every row of ``work``.
        ``lemma_labels`` are its targets' labels with the PoS hidden, when already made
        (``target_labels(work.lexelts(), False)``)."""
        self.work = work
        self._current = None
        self._lemma_labels = lemma_labels
        self.proxy.forget_session_filters()
        self.search.forget()
        self.model.set_show_pos(show_pos)
        # Set before the model's reset, which filters every row once anyway.
        self.proxy.set_assignment(work.assignment_mask if work is not None else None,
                                  refilter=False)
        self.model.set_work(work)
        self.fill_lexelt_filter(show_pos=show_pos)
        self.fit_columns()

    def follow_assignment(self, show_pos: bool) -> None:
        """The work's campaign assignment changed: its targets and rows only."""
        work = self.work
        chosen = self.proxy.lexelt_filter
        self.fill_lexelt_filter(chosen, show_pos)
        if chosen is not None and self.lexelt_filter.currentData() != chosen:
            self.proxy.set_lexelt_filter(None)
        self.proxy.set_assignment(work.assignment_mask if work is not None else None)
        self._after_filtering()

    def fill_lexelt_filter(self, keep: str | None = None, show_pos: bool = False) -> None:
        """The targets with instances of the annotator's; ``keep`` stays chosen if still there.
        Their texts are made as the combo shows them (LexeltFilterModel)."""
        combo = self.lexelt_filter
        combo.blockSignals(True)
        self._show_pos = show_pos
        self._widest_target = None
        work = self.work
        self.lexelt_choices.set_lexelts(work.assigned_lexelts() if work is not None else [])
        combo.setCurrentIndex(max(self.lexelt_choices.row_of(keep), 0))
        combo.blockSignals(False)

    def set_show_pos(self, show: bool) -> None:
        self.model.set_show_pos(show)
        self._show_pos = show
        self._widest_target = None
        self.lexelt_choices.refresh_all()
        self.fit_columns()

    def label(self, lexelt: str) -> str:
        """A target as the lists show it (the lemma, numbered when two share it)."""
        if self._show_pos:
            return lexelt
        if self._lemma_labels is None:
            work = self.work
            self._lemma_labels = target_labels(work.lexelts() if work is not None else [], False)
        return self._lemma_labels.get(lexelt, lexelt)

    def lexelt_text(self, lexelt: str) -> str:
        work = self.work
        done, total = work.lexelt_progress(lexelt) if work is not None else (0, 0)
        return f"{self.label(lexelt)}   {done}/{total}"

    def refresh_lexelts(self, lexelts: set[str]) -> None:
        """These targets' progress changed (answers saved, undone, imported)."""
        self.lexelt_choices.refresh(lexelts)

    def show_answers(self, show: bool) -> None:
        self.list_view.setColumnHidden(Column.ANSWER, not show)

    def rescale_rows(self) -> None:
        self._widest_target = None
        self.list_view.verticalHeader().setDefaultSectionSize(
            QFontMetrics(QApplication.font()).height() + 8)
        self.fit_columns()

    # -- the keyboard ----------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.search_edit and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Down
                and event.modifiers() == Qt.KeyboardModifier.NoModifier):
            self.browse_first_found()
            return True
        return super().eventFilter(watched, event)

    def _after_search_enter(self) -> None:
        """Enter in the search box: the instance on screen stays when it was found (Down goes
        on from it); otherwise the first one found is shown, as Down would."""
        if self.proxy_row(self._current) is None:
            self.browse_first_found()

    def browse_first_found(self) -> None:
        """Down in the search box: the search applied at once, then the first row found is
        shown and the list takes the keys (the next Down goes to the second row)."""
        self.search.apply_pending()
        if self.proxy.rowCount() == 0:
            return
        first = self.proxy.index(0, 0)
        self.list_view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.list_view.selectionModel().setCurrentIndex(
            first, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self._on_moved(first)

    # -- the current instance --------------------------------------------------------------------

    def select(self, index: int | None) -> None:
        """Keep ``index`` selected and in view (nothing selected when the filters hide it)."""
        self._current = index
        selection = self.list_view.selectionModel()
        proxy_row = self.proxy_row(index)
        if proxy_row is None:
            # No current row either: a stale one (the row number the instance had before the
            # filter) would make the next arrow key start from a row that means nothing.
            selection.clearCurrentIndex()
            selection.clearSelection()
            return
        proxy_index = self.proxy.index(proxy_row, 0)
        selection.setCurrentIndex(
            proxy_index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.list_view.scrollTo(proxy_index, QAbstractItemView.ScrollHint.EnsureVisible)

    def forget_current(self) -> None:
        """No instance on screen: nothing to keep selected (the selection stays as it is)."""
        self._current = None

    def proxy_row(self, index: int | None) -> int | None:
        if index is None:
            return None
        proxy_index = self.proxy.mapFromSource(self.model.index(index, 0))
        return proxy_index.row() if proxy_index.isValid() else None

    def neighbour(self, index: int | None, step: int) -> int | None:
        """The instance ``step`` rows from ``index`` in the list as filtered (the first or last
        row when ``index`` is not in it); None for an empty list."""
        rows = self.proxy.rowCount()
        if rows == 0:
            return None
        proxy_row = self.proxy_row(index)
        if proxy_row is None:
            target = 0 if step > 0 else rows - 1
        else:
            target = min(max(proxy_row + step, 0), rows - 1)
        return int(self.proxy.index(target, 0).data(WORK_INDEX_ROLE))

    def _on_activated(self, proxy_index: QModelIndex) -> None:
        index = proxy_index.data(WORK_INDEX_ROLE)
        if index is None:
            return
        if index != self._current:
            self.instance_chosen.emit(int(index))
        else:
            self.answer_requested.emit()

    def _on_clicked(self, proxy_index: QModelIndex) -> None:
        index = proxy_index.data(WORK_INDEX_ROLE)
        if index is not None and index != self._current:
            self.instance_chosen.emit(int(index))

    def _on_moved(self, proxy_index: QModelIndex) -> None:
        index = proxy_index.data(WORK_INDEX_ROLE)
        if index is not None and index != self._current:
            self.instance_browsed.emit(int(index))

    def _apply_filter(self, setter: Callable[[Any], None], value: object) -> None:
        setter(value)
        self._after_filtering()

    def _after_filtering(self) -> None:
        if self._current is not None:
            self.select(self._current)
        self.update_count()

    def update_count(self, *_: object) -> None:
        work = self.work
        shown = self.proxy.rowCount()
        if work is not None and work.assignment_mask is not None:
            total = work.assigned_count()
            self.list_count.setText(
                self.tr("{shown} of {total} assigned instances shown").format(
                    shown=shown, total=total) if shown != total
                else self.tr("{total} instances assigned to you").format(total=total))
            return
        total = self.model.rowCount()
        self.list_count.setText(
            self.tr("{shown} of {total} instances shown").format(shown=shown, total=total)
            if shown != total else self.tr("{total} instances").format(total=total))
