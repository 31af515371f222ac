"""Annotate in judgement mode: the instances on the left (with the search), the sentence and
the candidates on the right, each candidate labelled acceptable / not acceptable / unsure from
the keyboard, each label saved (one store transaction) as the key is pressed.

Keys in the candidate list: 1 or A, 2 or N, 3 or U label the focused candidate and go to the
next one; 0, Delete or Backspace take its label back; Up and Down move between candidates;
Enter goes to the next instance with candidates left to judge. PgUp / PgDn, Ctrl+F, Ctrl+J and
Ctrl+Z / Ctrl+Shift+Z are the window's (the Go and Edit menus), as in free production.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QKeySequence, QShortcut, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.judging_work import JudgingWork
from lexsub_studio.core.annotation.work import VisitClock
from lexsub_studio.core.model.data import Instance
from lexsub_studio.core.model.judgements import ACCEPTABLE, LABELS, NOT_ACCEPTABLE, UNSURE
from lexsub_studio.gui.annotate.judging_commands import AddCandidateCommand, LabelCommand
from lexsub_studio.gui.annotate.judging_models import (
    CandidateModel,
    JudgingInstanceModel,
    label_text,
)
from lexsub_studio.gui.annotate.sentence_view import SentenceView
from lexsub_studio.gui.widgets import named

#: The keys that give each label in the candidate list.
LABEL_KEYS: dict[int, str] = {
    Qt.Key.Key_1: ACCEPTABLE, Qt.Key.Key_A: ACCEPTABLE,
    Qt.Key.Key_2: NOT_ACCEPTABLE, Qt.Key.Key_N: NOT_ACCEPTABLE,
    Qt.Key.Key_3: UNSURE, Qt.Key.Key_U: UNSURE,
}
CLEAR_KEYS = {Qt.Key.Key_0, Qt.Key.Key_Delete, Qt.Key.Key_Backspace}
ENTER_KEYS = {Qt.Key.Key_Return, Qt.Key.Key_Enter}
#: Labels the store could not take are tried again this often.
RETRY_INTERVAL_MS = 3000
POSITION_DELAY_MS = 400


class CandidateView(QTableView):
    """The candidate list, which takes the judging keys."""

    label_pressed = Signal(object)  # a label, or None to take it back
    enter_pressed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        key = event.key()
        if modifiers == Qt.KeyboardModifier.NoModifier:
            if key in LABEL_KEYS:
                self.label_pressed.emit(LABEL_KEYS[key])
                return
            if key in CLEAR_KEYS:
                self.label_pressed.emit(None)
                return
            if key in ENTER_KEYS:
                self.enter_pressed.emit()
                return
        super().keyPressEvent(event)


class JudgingPanel(QWidget):
    #: A sentence for the status bar.
    message = Signal(str)
    #: What is on screen changed (progress, current instance): the workspace updates the bar.
    progress_changed = Signal()

    def __init__(self, undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "judgingPanel", self.tr("Judging candidates"))
        self._undo_stack = undo_stack
        self.work: JudgingWork | None = None
        self.current: int | None = None
        self._clock = VisitClock()

        # -- left: search and instances --
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        self.search_edit = named(QLineEdit(left), "judgingSearch", self.tr("Search instances"),
                                 self.tr("Search by target, instance id or sentence text "
                                         "(Ctrl+F); Enter goes to the list"))
        self.search_edit.setPlaceholderText(self.tr("Search target, id, sentence (Ctrl+F)"))
        self.search_edit.setClearButtonEnabled(True)
        self._search_timer = QTimer(self, singleShot=True, interval=200)
        self._search_timer.timeout.connect(self.apply_search)
        self.search_edit.textChanged.connect(lambda _: self._search_timer.start())
        self.search_edit.returnPressed.connect(self._search_now)
        self.instance_model = JudgingInstanceModel(self)
        self.instance_view = named(QTableView(left), "judgingInstanceList",
                                   self.tr("Instances to judge"))
        self.instance_view.setModel(self.instance_model)
        self._table_look(self.instance_view)
        header = self.instance_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.instance_view.activated.connect(self._instance_activated)
        self.instance_view.clicked.connect(self._instance_activated)
        self.list_count = named(QLabel(left), "judgingListCount", self.tr("Instances shown"))
        left_layout.addWidget(self.search_edit)
        left_layout.addWidget(self.instance_view, 1)
        left_layout.addWidget(self.list_count)

        # -- right: sentence, candidates, labels, addition --
        right = QWidget(self)
        layout = QVBoxLayout(right)
        layout.setContentsMargins(12, 0, 12, 0)
        self.header = named(QLabel(right), "judgingHeader", self.tr("Current instance"))
        header_font = QFont(self.header.font())
        header_font.setBold(True)
        self.header.setFont(header_font)
        self.sentence_view = SentenceView(right)
        named(self.sentence_view, "judgingSentence", self.tr("Sentence"),
              self.tr("The sentence; the target word is highlighted"))
        self.substituted_view = SentenceView(right)
        named(self.substituted_view, "judgingSubstitutedSentence",
              self.tr("Sentence with the candidate"),
              self.tr("The sentence with the focused candidate in place of the target"))
        self.candidate_model = CandidateModel(self)
        self.candidate_view = named(CandidateView(right), "judgingCandidateList",
                                    self.tr("Candidates"),
                                    self.tr("1 or A: acceptable · 2 or N: not acceptable · "
                                            "3 or U: unsure · 0: no label · Enter: next "
                                            "instance"))
        self.candidate_view.setModel(self.candidate_model)
        # No row numbers: 1, 2 and 3 are labels here, not positions.
        self._table_look(self.candidate_view)
        candidate_header = self.candidate_view.horizontalHeader()
        candidate_header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # The label is read whole ("✗ not acceptable"), whatever the window's width.
        candidate_header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        candidate_header.setMinimumSectionSize(
            QFontMetrics(QApplication.font()).horizontalAdvance(label_text(NOT_ACCEPTABLE)) + 24)
        self.candidate_view.label_pressed.connect(self.label_focused)
        self.candidate_view.enter_pressed.connect(self.next_unfinished)
        self.candidate_view.selectionModel().currentRowChanged.connect(
            lambda *_: self._show_substituted())

        buttons = QHBoxLayout()
        self.label_buttons: dict[str, QPushButton] = {}
        for label, name, text, key in (
                (ACCEPTABLE, "judgeAcceptableButton", self.tr("Acceptable"), self.tr("1 / A")),
                (NOT_ACCEPTABLE, "judgeNotAcceptableButton", self.tr("Not acceptable"),
                 self.tr("2 / N")),
                (UNSURE, "judgeUnsureButton", self.tr("Unsure"), self.tr("3 / U"))):
            button = named(QPushButton(f"{text}  ({key})", right), name, text,
                           self.tr("Label the focused candidate {label} ({key})").format(
                               label=text.lower(), key=key))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, chosen=label: self.label_focused(chosen))
            buttons.addWidget(button)
            self.label_buttons[label] = button
        buttons.addStretch(1)
        self.next_button = named(QPushButton(self.tr("Next instance  ⏎"), right),
                                 "judgeNextButton", self.tr("Next instance to judge"),
                                 self.tr("Go to the next instance with candidates left to "
                                         "judge (Enter)"))
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.clicked.connect(self.next_unfinished)
        buttons.addWidget(self.next_button)

        adding = QHBoxLayout()
        self.add_edit = named(QLineEdit(right), "judgingAddSubstitute",
                              self.tr("Add a missing substitute"),
                              self.tr("A substitute the list lacks: Enter adds it, judged "
                                      "acceptable (Esc goes back to the candidates)"))
        self.add_edit.setPlaceholderText(self.tr("Missing a good substitute? Type it, Enter "
                                                 "(Alt+S)"))
        self.add_edit.returnPressed.connect(self.add_substitute)
        self.add_button = named(QPushButton(self.tr("Add"), right), "judgingAddButton",
                                self.tr("Add the substitute"))
        self.add_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.add_button.clicked.connect(self.add_substitute)
        adding.addWidget(self.add_edit, 1)
        adding.addWidget(self.add_button)

        self.unsaved_bar = named(QLabel(right), "judgingUnsavedBar",
                                 self.tr("Judgements not saved"))
        self.unsaved_bar.setWordWrap(True)
        self.unsaved_bar.setStyleSheet("QLabel#judgingUnsavedBar { background:#fef3c7; "
                                       "color:#78350f; padding:6px; border-radius:4px; }")
        self.unsaved_bar.setVisible(False)
        self.keys_hint = named(QLabel(self.tr(
            "Keys: 1/A acceptable · 2/N not acceptable · 3/U unsure · 0 no label · ↑↓ "
            "candidates · Enter next instance · PgUp/PgDn previous/next · Ctrl+Z undo"), right),
            "judgingKeysHint", self.tr("Judging keys"))
        self.keys_hint.setWordWrap(True)

        layout.addWidget(self.header)
        layout.addWidget(self.unsaved_bar)
        layout.addWidget(self.sentence_view)
        layout.addWidget(self.substituted_view)
        layout.addWidget(self.candidate_view, 1)
        layout.addLayout(buttons)
        layout.addLayout(adding)
        layout.addWidget(self.keys_hint)

        self.splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "judgingSplitter",
                              self.tr("Judging panels"))
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([270, 700])
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.splitter)

        # Esc in either field goes back to the candidates (the field keeps its text).
        for edit in (self.search_edit, self.add_edit):
            back = QShortcut(QKeySequence(Qt.Key.Key_Escape), edit)
            back.setContext(Qt.ShortcutContext.WidgetShortcut)
            back.activated.connect(self.candidate_view.setFocus)

        self._retry_timer = QTimer(self, interval=RETRY_INTERVAL_MS)
        self._retry_timer.timeout.connect(self.retry_saving)
        self._position_timer = QTimer(self, singleShot=True, interval=POSITION_DELAY_MS)
        self._position_timer.timeout.connect(self.save_position)

    @staticmethod
    def _table_look(view: QTableView) -> None:
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().setVisible(False)
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)

    # -- the task --------------------------------------------------------------------------------

    def set_work(self, work: JudgingWork | None) -> None:
        self._position_timer.stop()
        self._search_timer.stop()
        self.work = work
        self.current = None
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        self.instance_model.set_work(work)
        self._update_count()
        self.show_item(work.resume_index() if work is not None and len(work) else None)
        self._show_unsaved()

    def judgements_changed(self, indexes: list[int]) -> None:
        """Labels of these items changed (a key, an undo, a redo): refresh what shows them."""
        for index in indexes:
            self.instance_model.item_changed(index)
        if self.current in indexes:
            self.candidate_model.refresh()
            self._show_substituted()
            self._show_header()
        self._show_unsaved()
        self.progress_changed.emit()

    # -- navigation ------------------------------------------------------------------------------

    def show_item(self, index: int | None, candidate: str | None = None) -> None:
        """Show item ``index`` with the focus on ``candidate`` (else on its first candidate
        without a label, else its first)."""
        work = self.work
        if work is None or index is None or not 0 <= index < len(work):
            self.current = None
            self.candidate_model.show_item(None, None)
            self.sentence_view.show_instance(None)
            self.substituted_view.show_instance(None)
            self.header.setText(self.tr("Open a judgement task to start judging."))
            self.progress_changed.emit()
            return
        if index != self.current:
            self._clock.restart()
        self.current = index
        item = work.items[index]
        self.sentence_view.show_instance(item.instance, self.instance_model.search)
        self.candidate_model.show_item(work, index)
        candidates = work.candidates(index)
        if candidate not in candidates:
            unjudged = [c for c in candidates if work.label(index, c) is None]
            candidate = unjudged[0] if unjudged else (candidates[0] if candidates else None)
        self.focus_candidate(candidate)
        self._show_header()
        self._select_in_list(index)
        self._position_timer.start()
        self.progress_changed.emit()

    def focus_candidate(self, candidate: str | None) -> None:
        row = -1 if candidate is None else self.candidate_model_row(candidate)
        view = self.candidate_view
        if row >= 0:
            view.selectionModel().setCurrentIndex(
                self.candidate_model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        self._show_substituted()
        view.setFocus()

    def candidate_model_row(self, candidate: str) -> int:
        for row in range(self.candidate_model.rowCount()):
            if self.candidate_model.candidate(row) == candidate:
                return row
        return -1

    def reveal(self, index: int, candidate: str) -> None:
        """Show where an undo or a redo changed something."""
        if index != self.current or not candidate:
            # A candidate taken back (an addition undone): the focus goes where it would on
            # arriving at the item.
            self.show_item(index, candidate or None)
        else:
            self.focus_candidate(candidate)

    def move(self, step: int) -> None:  # type: ignore[override]  # to another item, not QWidget.move
        """PgUp / PgDn: the previous / next instance in the list as searched."""
        rows = self.instance_model.rows
        if not rows:
            return
        row = self.instance_model.row_of(self.current)
        target = (0 if step > 0 else len(rows) - 1) if row is None \
            else min(max(row + step, 0), len(rows) - 1)
        self.show_item(rows[target])

    def next_unfinished(self) -> None:
        work = self.work
        if work is None:
            return
        following = work.next_unfinished(-1 if self.current is None else self.current)
        if following is None:
            self.message.emit(self.tr("Every candidate is judged. Well done! Hand in with "
                                      "File › Hand in / export judgements."))
            return
        self.show_item(following)

    def set_show_pos(self, show: bool) -> None:
        """View › Show part of speech: the targets with their PoS (``bright.a``) or without."""
        self.instance_model.set_show_pos(show)
        if self.current is not None:
            self._select_in_list(self.current)
            self._show_header()

    def focus_search(self) -> None:
        self.search_edit.setFocus()
        self.search_edit.selectAll()

    def focus_add(self) -> None:
        self.add_edit.setFocus()

    def _instance_activated(self, proxy_index: QModelIndex) -> None:
        rows = self.instance_model.rows
        if 0 <= proxy_index.row() < len(rows) and rows[proxy_index.row()] != self.current:
            self.show_item(rows[proxy_index.row()])

    def _select_in_list(self, index: int) -> None:
        row = self.instance_model.row_of(index)
        selection = self.instance_view.selectionModel()
        if row is None:
            selection.clearSelection()
            return
        model_index = self.instance_model.index(row, 0)
        selection.setCurrentIndex(model_index,
                                  QItemSelectionModel.SelectionFlag.ClearAndSelect
                                  | QItemSelectionModel.SelectionFlag.Rows)
        self.instance_view.scrollTo(model_index)

    # -- search ----------------------------------------------------------------------------------

    def apply_search(self) -> None:
        self._search_timer.stop()
        self.instance_model.set_search(self.search_edit.text())
        self._update_count()
        if self.work is not None and self.current is not None:
            self._select_in_list(self.current)
            self.sentence_view.show_instance(self.work.items[self.current].instance,
                                             self.instance_model.search)

    def _search_now(self) -> None:
        """Enter in the search: the first instance found is shown, the keys go to it."""
        self.apply_search()
        rows = self.instance_model.rows
        if rows and self.current not in rows:
            self.show_item(rows[0])
        elif rows:
            self.candidate_view.setFocus()

    def _update_count(self) -> None:
        work = self.work
        total = 0 if work is None else len(work)
        shown = len(self.instance_model.rows)
        self.list_count.setText(
            self.tr("{shown} of {total} instances shown").format(shown=shown, total=total)
            if shown != total else self.tr("{total} instances").format(total=total))

    # -- judging ---------------------------------------------------------------------------------

    def focused_candidate(self) -> str | None:
        index = self.candidate_view.currentIndex()
        return self.candidate_model.candidate(index.row()) if index.isValid() else None

    def label_focused(self, label: str | None) -> None:
        """Label the focused candidate (an undoable change, saved at once), then focus the next
        candidate."""
        work, index = self.work, self.current
        candidate = self.focused_candidate()
        if work is None or index is None or candidate is None:
            return
        if label is not None and label not in LABELS:
            raise ValueError(label)
        if work.label(index, candidate) == label:
            self._focus_next_candidate(candidate, label)
            return
        seconds = None if label is None else self._clock.take()
        self._undo_stack.push(LabelCommand(work, index, candidate, label, seconds, self.reveal))
        self._focus_next_candidate(candidate, label)

    def _focus_next_candidate(self, candidate: str, label: str | None) -> None:
        if label is None:
            return
        row = self.candidate_model_row(candidate)
        if 0 <= row < self.candidate_model.rowCount() - 1:
            self.focus_candidate(self.candidate_model.candidate(row + 1))

    def add_substitute(self) -> None:
        """Add what the field holds as a candidate of this instance, judged acceptable: the
        annotator adds a word because it fits (they may change the label as any other)."""
        work, index = self.work, self.current
        text = " ".join(self.add_edit.text().split())
        if work is None or index is None or not text:
            self.candidate_view.setFocus()
            return
        if text.casefold() in {c.casefold() for c in work.candidates(index)}:
            self.message.emit(self.tr("'{word}' is a candidate already.").format(word=text))
            existing = next(c for c in work.candidates(index)
                            if c.casefold() == text.casefold())
            self.add_edit.clear()
            self.focus_candidate(existing)
            return
        self._undo_stack.push(AddCandidateCommand(work, index, text, ACCEPTABLE, self.reveal))
        self.add_edit.clear()
        self.focus_candidate(text)
        self.message.emit(self.tr("Added '{word}', judged acceptable (2 or N changes "
                                  "that).").format(word=text))

    # -- what is on screen -----------------------------------------------------------------------

    def _show_header(self) -> None:
        work, index = self.work, self.current
        if work is None or index is None:
            return
        item = work.items[index]
        self.header.setText(self.tr("{lexelt} · {id}   —   instance {number} of {total} · "
                                    "{judged}/{count} judged").format(
            lexelt=self.instance_model.target(index), id=item.instance.id, number=index + 1,
            total=len(work), judged=work.judged_count(index), count=len(work.candidates(index))))

    def _show_substituted(self) -> None:
        work, index = self.work, self.current
        candidate = self.focused_candidate()
        if work is None or index is None or candidate is None:
            self.substituted_view.show_instance(None)
            return
        instance = work.items[index].instance
        context = instance.left + candidate + instance.right
        start = len(instance.left)
        self.substituted_view.show_instance(
            Instance(instance.id, context, start, start + len(candidate)))

    def rescale_fonts(self) -> None:
        self.sentence_view.rescale_font()
        self.substituted_view.rescale_font()
        for view in (self.instance_view, self.candidate_view):
            view.verticalHeader().setDefaultSectionSize(
                QFontMetrics(QApplication.font()).height() + 10)

    # -- saving ----------------------------------------------------------------------------------

    def save_position(self) -> None:
        if self.work is not None and self.current is not None:
            self.work.set_position(self.current)

    def flush_pending(self) -> None:
        self._position_timer.stop()
        self.save_position()

    def retry_saving(self) -> None:
        if self.work is not None and self.work.unsaved_count:
            self.work.retry_saving()
            self._show_unsaved()
            if not self.work.unsaved_count:
                self.message.emit(self.tr("Every judgement is saved now."))

    def _show_unsaved(self) -> None:
        work = self.work
        count = 0 if work is None else work.unsaved_count
        self.unsaved_bar.setVisible(count > 0)
        if count and work is not None:
            reason = work.save_problem.diagnostic.message if work.save_problem else ""
            self.unsaved_bar.setText(self.tr(
                "⚠ {count} judgement change(s) not saved: {reason}. They are kept here and "
                "tried again every 3 seconds.").format(count=count, reason=reason))
            if not self._retry_timer.isActive():
                self._retry_timer.start()
        else:
            self._retry_timer.stop()
