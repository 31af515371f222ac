"""The Annotate workspace: instance list, sentence, answer fields and their checks."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QByteArray, QItemSelectionModel, QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction, QFont, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.work import AnnotationWork, Status, VisitClock
from lexsub_studio.core.model.data import POS_NAMES, parse_lexelt
from lexsub_studio.gui import settings
from lexsub_studio.gui.annotate.answer_form import AnswerForm
from lexsub_studio.gui.annotate.campaign_sync_label import CampaignSyncLabel
from lexsub_studio.gui.annotate.commands import SetAnswerCommand
from lexsub_studio.gui.annotate.instance_model import (
    UNFINISHED_FILTER,
    WORK_INDEX_ROLE,
    Column,
    InstanceFilterProxy,
    InstanceTableModel,
)
from lexsub_studio.gui.annotate.match_delegate import MatchDelegate
from lexsub_studio.gui.annotate.save_bar import UnsavedBar
from lexsub_studio.gui.annotate.sentence_view import SentenceView
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.contrast import readable_name
from lexsub_studio.gui.target_labels import target_labels
from lexsub_studio.gui.widgets import named
from lexsub_studio.gui.workspace import Workspace

SEARCH_DELAY_MS = 200
POS_COLOUR = "#1d4ed8"
UNSAVED_COLOUR = "#b45309"
POSITION_DELAY_MS = 400
STATUS_CHOICES: list[tuple[str, Status | str | None]] = [
    ("All statuses", None),
    ("Unfinished (empty or partial)", UNFINISHED_FILTER),
    ("Empty", Status.EMPTY),
    ("Partial", Status.PARTIAL),
    ("Done", Status.DONE),
    ("Flagged (NIL or proper name)", Status.FLAGGED),
]


class AnnotateWorkspace(Workspace):
    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "annotateWorkspace", "Annotate workspace")
        self.current: int | None = None
        self._clock = VisitClock()
        self._revealed: set[int] = set()
        self._target_labels: dict[str, str] = {}

        self.model = InstanceTableModel(self)
        self.proxy = InstanceFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self._build_list_panel()
        self._build_editor_panel()

        self.splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "annotateSplitter",
                              "Annotate panels")
        self.splitter.addWidget(self.list_panel)
        self.splitter.addWidget(self.editor_panel)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([270, 700])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.splitter)

        self._build_status_widgets()
        self._build_actions()

        self._search_timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(
            lambda: self._apply_search(self.search_edit.text()))
        self._position_timer = QTimer(self, singleShot=True, interval=POSITION_DELAY_MS)
        self._position_timer.timeout.connect(self.save_position)

        state.session_changed.connect(self._on_session_changed)
        state.answers_changed.connect(self._on_answers_changed)
        state.show_pos_changed.connect(self._on_show_pos_changed)
        state.completion_changed.connect(lambda _: self._offer_completions())
        state.save_state_changed.connect(self._show_save_state)
        self._on_session_changed()

    # -- construction ----------------------------------------------------------------------------

    def _build_list_panel(self) -> None:
        self.list_panel = QWidget(self)
        layout = QVBoxLayout(self.list_panel)
        layout.setContentsMargins(0, 0, 0, 0)
        self.lexelt_filter = named(QComboBox(self.list_panel), "lexeltFilter", "Target filter",
                                   "Show the instances of one target word")
        self.status_filter = named(QComboBox(self.list_panel), "statusFilter", "Status filter",
                                   "Show the instances with one status")
        for text, value in STATUS_CHOICES:
            self.status_filter.addItem(text, value)
        self.search_edit = named(QLineEdit(self.list_panel), "searchEdit", "Search instances",
                                 "Find instances by id, target or sentence text (Ctrl+F)")
        self.search_edit.setPlaceholderText("Search id or sentence…  (Ctrl+F)")
        self.search_edit.setClearButtonEnabled(True)
        self.list_view = named(QTableView(self.list_panel), "instanceList", "Instances",
                               "Every instance with its status; Enter or click opens it")
        self.list_view.setModel(self.proxy)
        self.list_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list_view.setAlternatingRowColors(True)
        self.list_view.setShowGrid(False)
        self.list_view.setWordWrap(False)
        self.list_view.setTabKeyNavigation(False)
        vertical = self.list_view.verticalHeader()
        vertical.setVisible(False)
        # Fixed row heights keep a 100,000-row list virtual: Qt never measures every row.
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.list_view.fontMetrics().height() + 8)
        header = self.list_view.horizontalHeader()
        header.setSectionResizeMode(Column.LEXELT, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(Column.ID, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(Column.STATUS, QHeaderView.ResizeMode.Interactive)
        # Narrow id and status columns leave the target readable in a list 200 px wide (the
        # window at 1024 x 640 with the guidelines open).
        header.resizeSection(Column.ID, 44)
        header.resizeSection(Column.STATUS, 84)
        header.setSectionResizeMode(Column.ANSWER, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(Column.MATCH, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(Column.ANSWER, 140)
        header.resizeSection(Column.MATCH, 200)
        # Why a row was found is read first: right after the target.
        header.moveSection(header.visualIndex(Column.MATCH), 1)
        self.list_view.setItemDelegateForColumn(Column.MATCH, MatchDelegate(self.list_view))
        self.list_view.setColumnHidden(Column.ANSWER, True)
        self.list_view.setColumnHidden(Column.MATCH, True)
        self.list_count = named(QLabel(self.list_panel), "listCount", "Instances shown")
        layout.addWidget(self.lexelt_filter)
        layout.addWidget(self.status_filter)
        layout.addWidget(self.search_edit)
        layout.addWidget(self.list_view, 1)
        layout.addWidget(self.list_count)

        self.lexelt_filter.currentIndexChanged.connect(
            lambda _: self._apply_filter(self.proxy.set_lexelt_filter,
                                         self.lexelt_filter.currentData()))
        self.status_filter.currentIndexChanged.connect(
            lambda _: self._apply_filter(self.proxy.set_status_filter,
                                         self.status_filter.currentData()))
        self.search_edit.textChanged.connect(lambda _: self._search_timer.start())
        self.search_edit.returnPressed.connect(self._search_now)
        self.list_view.activated.connect(self._on_list_activated)
        self.list_view.clicked.connect(self._on_list_activated)
        self.proxy.rowsInserted.connect(self._update_list_count)
        self.proxy.rowsRemoved.connect(self._update_list_count)
        self.proxy.modelReset.connect(self._update_list_count)
        self.proxy.layoutChanged.connect(self._update_list_count)

    def _build_editor_panel(self) -> None:
        self.editor_panel = QWidget(self)
        layout = QVBoxLayout(self.editor_panel)
        layout.setContentsMargins(12, 0, 12, 0)
        layout.setSpacing(10)
        heading = QHBoxLayout()
        self.instance_header = named(QLabel(self.editor_panel), "instanceHeader",
                                     "Current instance")
        self._scale_header_font()
        self.pos_label = named(QLabel(self.editor_panel), "posLabel", "Part of speech")
        heading.addWidget(self.instance_header)
        heading.addWidget(self.pos_label)
        heading.addStretch(1)
        self.sentence_view = SentenceView(self.editor_panel)
        self.form = AnswerForm(self.editor_panel)
        self.training_panel = named(QLabel(self.editor_panel), "trainingPanel",
                                    "Training reference answer")
        self.training_panel.setWordWrap(True)
        self.training_panel.setTextFormat(Qt.TextFormat.RichText)
        self.training_panel.setFrameShape(QFrame.Shape.StyledPanel)
        self.training_panel.setStyleSheet(
            "QLabel#trainingPanel { background:#ecfdf5; color:#064e3b; padding:8px; "
            "border:1px solid #6ee7b7; border-radius:6px; }")
        self.training_panel.setVisible(False)

        buttons = QHBoxLayout()
        self.prev_button = named(QPushButton("◀ Previous", self.editor_panel), "previousButton",
                                 "Previous instance", "Previous instance in the list (PgUp)")
        self.next_button = named(QPushButton("Next ▶", self.editor_panel), "nextButton",
                                 "Next instance", "Next instance in the list (PgDn)")
        self.save_button = named(QPushButton("Save and next unfinished  ⏎", self.editor_panel),
                                 "saveNextButton", "Save and go to the next unfinished instance",
                                 "Save this answer and go to the next unfinished instance (Enter)")
        self.save_button.setDefault(False)
        for button in (self.prev_button, self.next_button, self.save_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons.addWidget(self.prev_button)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)

        self.empty_hint = named(QLabel("Open a corpus to start annotating.", self.editor_panel),
                                "emptyHint", "No corpus open")
        self.unsaved_bar = UnsavedBar(self.editor_panel)
        self.unsaved_bar.retry_requested.connect(self.retry_saving)
        self.unsaved_bar.rescue_requested.connect(self.write_rescue_file)
        layout.addWidget(self.unsaved_bar)
        layout.addLayout(heading)
        layout.addWidget(self.sentence_view)
        layout.addSpacing(6)
        layout.addWidget(self.form)
        layout.addWidget(self.training_panel)
        layout.addLayout(buttons)
        layout.addWidget(self.empty_hint)
        layout.addStretch(1)

        self.form.submitted.connect(self.save_and_next)
        self.save_button.clicked.connect(self.save_and_next)
        self.prev_button.clicked.connect(lambda: self.move(-1))
        self.next_button.clicked.connect(lambda: self.move(+1))

    def _build_status_widgets(self) -> None:
        self.progress_label = named(QLabel(self), "progressLabel", "Progress")
        self.progress_bar = named(QProgressBar(self), "progressBar", "Overall progress")
        self.progress_bar.setMaximumWidth(160)
        self.progress_bar.setTextVisible(True)
        self.unsaved_label = named(QLabel(self), "unsavedLabel", "Unsaved answers")
        self._apply_palette_colours()
        self.unsaved_label.setVisible(False)
        self.campaign_label = CampaignSyncLabel(self.state, self)
        self.campaign_label.assignment_changed.connect(self.follow_assignment)

    def _build_actions(self) -> None:
        def action(text: str, name: str, shortcuts: Sequence[QKeySequence | str],
                   slot: object) -> QAction:
            act = QAction(text, self)
            act.setObjectName(name)
            act.setShortcuts([QKeySequence(s) for s in shortcuts])
            act.triggered.connect(slot)
            return act

        self.save_action = action("Save and next unfinished", "actionSaveNext",
                                  ["Ctrl+Return"], self.save_and_next)
        self.previous_action = action("Previous instance", "actionPrevious",
                                      [QKeySequence(Qt.Key.Key_PageUp), "Alt+Up"],
                                      lambda: self.move(-1))
        self.next_action = action("Next instance", "actionNext",
                                  [QKeySequence(Qt.Key.Key_PageDown), "Alt+Down"],
                                  lambda: self.move(+1))
        self.next_unfinished_action = action("Next unfinished instance", "actionNextUnfinished",
                                             ["Ctrl+J"], self.go_to_next_unfinished)
        self.nil_action = action("Toggle NIL", "actionToggleNil", ["Alt+N"],
                                 self.form.nil_box.toggle)
        self.proper_action = action("Toggle proper name", "actionToggleProperName", ["Alt+P"],
                                    self.form.proper_box.toggle)
        self.multiword_action = action("Go to the multiword field", "actionFocusMultiword",
                                       ["Alt+M"], lambda: self.form.multiword_edit.setFocus())
        self.comment_action = action("Go to the comment field", "actionFocusComment",
                                     ["Alt+C"], lambda: self.form.comment_edit.setFocus())
        self.first_field_action = action("Go to the first substitute", "actionFocusFirst",
                                         ["Alt+1", "Esc"], self.form.focus_first)
        self.search_action = action("Search instances", "actionSearch",
                                    [QKeySequence.StandardKey.Find], self._focus_search)
        self.clear_action = action("Clear this answer", "actionClearAnswer",
                                   ["Ctrl+Shift+Backspace"], self.clear_answer)
        self.answers_in_list_action = action("Answers in the instance list",
                                             "actionShowAnswersInList", [],
                                             self.show_answers_in_list)
        self.answers_in_list_action.setCheckable(True)
        self.answers_in_list_action.setChecked(
            settings.read_bool(settings.app_settings(), settings.ANSWERS_IN_LIST, False))
        self.list_view.setColumnHidden(Column.ANSWER,
                                       not self.answers_in_list_action.isChecked())
        for act in self._all_actions():
            self.addAction(act)

    def _scale_header_font(self) -> None:
        font = QFont(QApplication.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.instance_header.setFont(font)

    def _apply_palette_colours(self) -> None:
        """Colours readable (WCAG AA) on the palette in use, light or dark."""
        self.pos_label.setStyleSheet(f"color: {readable_name(POS_COLOUR)};")
        self.unsaved_label.setStyleSheet(f"color: {readable_name(UNSAVED_COLOUR)}; "
                                         "font-weight: bold;")

    def follow_palette(self) -> None:
        self._apply_palette_colours()
        self.form.follow_palette()

    def rescale_fonts(self) -> None:
        # Ctrl+= / Ctrl+- (gui/font_size.py): the header, sentence and list rows follow.
        self._scale_header_font()
        self.sentence_view.rescale_font()
        self.list_view.verticalHeader().setDefaultSectionSize(
            QFontMetrics(QApplication.font()).height() + 8)

    def _all_actions(self) -> list[QAction]:
        return [action for actions in self.menu_actions().values() for action in actions]

    def menu_actions(self) -> dict[str, list[QAction]]:
        return {
            "Edit": [self.save_action, self.nil_action, self.proper_action,
                     self.multiword_action, self.comment_action, self.first_field_action,
                     self.clear_action],
            "Go": [self.previous_action, self.next_action, self.next_unfinished_action,
                   self.search_action],
            "View": [self.answers_in_list_action],
        }

    def save_layout(self) -> QByteArray | None:
        return self.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.splitter.restoreState(layout)

    def status_widgets(self) -> list[QWidget]:
        return [self.campaign_label, self.unsaved_label, self.progress_label, self.progress_bar]

    # -- session ---------------------------------------------------------------------------------

    @property
    def work(self) -> AnnotationWork | None:
        return self.state.work

    def _on_session_changed(self) -> None:
        self._position_timer.stop()
        self.current = None
        self._revealed.clear()
        work = self.work
        self.proxy.forget_session_filters()
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        self.model.set_search("")
        self.list_view.setColumnHidden(Column.MATCH, True)
        self.model.set_show_pos(self.state.show_pos)
        if work is not None:
            work.set_assignment(self.campaign_label.stored_assignment())
        # Set before the model's reset, which filters every row once anyway.
        self.proxy.set_assignment(work.assignment_mask if work is not None else None,
                                  refilter=False)
        self.model.set_work(work)
        self._fill_lexelt_filter()
        has_work = work is not None and len(work) > 0
        for widget in (self.sentence_view, self.form, self.prev_button, self.next_button,
                       self.save_button, self.list_panel):
            widget.setEnabled(has_work)
        self.empty_hint.setVisible(not has_work)
        if has_work and work is not None:
            self.show_instance(work.resume_index())
        else:
            self.show_instance(None)
        self._update_progress()
        self._update_list_count()
        self._show_save_state()

    def _fill_lexelt_filter(self, keep: str | None = None) -> None:
        """The targets with instances of the annotator's; ``keep`` stays chosen if still there."""
        combo = self.lexelt_filter
        combo.blockSignals(True)
        combo.clear()
        combo.addItem("All targets", None)
        work = self.work
        self._target_labels = target_labels(work.lexelts() if work else [], self.state.show_pos)
        if work is not None:
            for lexelt in work.assigned_lexelts():
                combo.addItem(self._lexelt_text(lexelt), lexelt)
        combo.setCurrentIndex(max(combo.findData(keep), 0) if keep is not None else 0)
        combo.blockSignals(False)

    def follow_assignment(self, keys: frozenset[tuple[str, str]] | None) -> None:
        """Narrow the work to a campaign assignment the sync just pulled, without a restart.

        The list, "next unfinished" and the progress follow the new assignment. An instance no
        longer assigned stays on screen while something typed in it is not saved yet (the
        answer is kept whatever the assignment); otherwise the next unfinished assigned instance
        takes its place.
        """
        work = self.work
        if work is None or not work.set_assignment(keys):
            return
        current = self.current
        if (current is not None and not work.is_assigned(current)
                and not self.form.differs_from(work.answer(current))):
            following = work.next_unfinished(current)
            if following is not None:
                self.show_instance(following, commit_pending=False)
        chosen = self.proxy.lexelt_filter
        self._fill_lexelt_filter(chosen)
        if chosen is not None and self.lexelt_filter.currentData() != chosen:
            self.proxy.set_lexelt_filter(None)
        self.proxy.set_assignment(work.assignment_mask)
        if self.current is not None:
            self._select_in_list(self.current)
        self._update_progress()
        self._update_list_count()
        finished, total = work.overall_progress()
        self.status_message.emit(f"Your campaign assignment changed: {total} instances are "
                                 f"yours now, {finished} of them answered.")

    def _lexelt_text(self, lexelt: str) -> str:
        work = self.work
        done, total = work.lexelt_progress(lexelt) if work is not None else (0, 0)
        return f"{self._target_labels.get(lexelt, lexelt)}   {done}/{total}"

    def _on_show_pos_changed(self, show: bool) -> None:
        self.model.set_show_pos(show)
        work = self.work
        self._target_labels = target_labels(work.lexelts() if work else [], show)
        for row in range(1, self.lexelt_filter.count()):
            self.lexelt_filter.setItemText(row, self._lexelt_text(self.lexelt_filter.itemData(row)))
        self._show_header()

    def _on_answers_changed(self, indexes: list[int]) -> None:
        work = self.work
        if work is None:
            return
        for lexelt in {work.items[i].lexelt for i in indexes}:
            row = self.lexelt_filter.findData(lexelt)
            if row >= 0:
                self.lexelt_filter.setItemText(row, self._lexelt_text(lexelt))
        if self.current in indexes:
            row = work.answer(self.current)
            if self.form.differs_from(row):
                self._load_form()
            self._show_header()
        self._update_progress()

    # -- navigation ------------------------------------------------------------------------------

    def show_instance(self, index: int | None, commit_pending: bool = True) -> None:
        """Leave the current instance (saving what was typed) and show ``index``."""
        work = self.work
        if commit_pending and self.current is not None and index != self.current:
            self.commit_form()
        if work is None or index is None or not 0 <= index < len(work):
            self.current = None
            self.sentence_view.show_instance(None)
            self.instance_header.setText("")
            self.pos_label.setText("")
            self.training_panel.setVisible(False)
            return
        self.current = index
        self._clock.restart()
        self.sentence_view.show_instance(work.items[index].instance, self.model.search)
        self._load_form()
        self._show_header()
        self._update_progress()
        self._show_training_reference()
        self._select_in_list(index)
        self.form.focus_first()
        self._position_timer.start()

    def reveal(self, index: int) -> None:
        """Show ``index`` without saving the fields first (used by undo and redo)."""
        if index != self.current:
            self.show_instance(index, commit_pending=False)

    def move(self, step: int) -> None:
        """To the previous/next instance in the list as filtered."""
        rows = self.proxy.rowCount()
        if rows == 0 or self.work is None:
            return
        proxy_row = self._proxy_row(self.current)
        if proxy_row is None:
            target = 0 if step > 0 else rows - 1
        else:
            target = min(max(proxy_row + step, 0), rows - 1)
        index = self.proxy.index(target, 0).data(WORK_INDEX_ROLE)
        self.show_instance(int(index))

    def go_to_next_unfinished(self) -> None:
        work = self.work
        if work is None:
            return
        self.commit_form()
        start = -1 if self.current is None else self.current
        following = work.next_unfinished(start)
        if following is None:
            self.status_message.emit("Every instance has an answer. Well done!")
            return
        self.show_instance(following)

    def save_and_next(self) -> None:
        work = self.work
        if work is None or self.current is None:
            return
        if self.commit_form() and work.is_unsaved(self.current):
            # The annotator must see at once that this answer is not saved: stay on it.
            self.status_message.emit("This answer is not saved yet (see the bar above); it is "
                                     "kept here and tried again.")
            return
        item = work.items[self.current]
        if item.training and self.current not in self._revealed:
            if work.answer(self.current) is None:
                self.status_message.emit("Training item: give your answer first; the "
                                         "reference answer is shown once you have.")
                return
            self._revealed.add(self.current)
            self._show_training_reference()
            self.status_message.emit("Training item: compare with the reference answer, "
                                     "then press Enter to go on.")
            return
        self.go_to_next_unfinished()

    def commit_form(self) -> bool:
        """Save the fields as an undoable change if they differ from the stored answer."""
        work = self.work
        if work is None or self.current is None:
            return False
        index = self.current
        stored = work.answer(index)
        if not self.form.differs_from(stored):
            return False
        subs, multiword, nil, proper, comment = self.form.values()
        seconds = round(((stored.seconds or 0.0) if stored else 0.0) + self._clock.take(), 1)
        row = work.make_row(index, subs, multiword, nil, proper, comment, seconds)
        self.state.undo_stack.push(SetAnswerCommand(work, index, row, self.reveal))
        return True

    def clear_answer(self) -> None:
        work = self.work
        if work is None or self.current is None or work.answer(self.current) is None:
            return
        self.state.undo_stack.push(SetAnswerCommand(work, self.current, None, self.reveal))
        self._load_form()

    def retry_saving(self) -> None:
        if self.state.retry_saving():
            self.status_message.emit("Every answer is saved now.")
        else:
            self.status_message.emit("Still not saved; tried again every few seconds.")

    def write_rescue_file(self) -> None:
        try:
            written = self.state.write_rescue_file(stop_retrying=False)
        except OSError as error:
            self.status_message.emit(f"The rescue file could not be written either: "
                                     f"{error.strerror or 'the disk refused it'}.")
            return
        if written is not None:
            self.status_message.emit(f"A copy of the unsaved answers is in {written}; they are "
                                     "still tried again.")

    def _show_save_state(self) -> None:
        work = self.work
        self.unsaved_bar.show_state(work)
        count = 0 if work is None else work.unsaved_count
        self.unsaved_label.setVisible(count > 0)
        self.unsaved_label.setText(f"⚠ {count} not saved" if count else "")

    def save_position(self) -> None:
        if self.work is not None and self.current is not None:
            self.work.set_position(self.current)

    def flush_pending(self) -> None:
        self.commit_form()
        self._position_timer.stop()
        self.save_position()

    # -- helpers ---------------------------------------------------------------------------------

    def _load_form(self) -> None:
        work = self.work
        if work is None or self.current is None:
            return
        item = work.items[self.current]
        self.form.load(work.answer(self.current), item.lexelt, item.instance.head,
                       self._completions())

    def _completions(self) -> list[str]:
        work = self.work
        if work is None or self.current is None or not self.state.complete_from_answers:
            return []
        return work.suggestions(work.items[self.current].lexelt)

    def _offer_completions(self) -> None:
        self.form.set_suggestions(self._completions())

    def _show_header(self) -> None:
        work = self.work
        if work is None or self.current is None:
            return
        item = work.items[self.current]
        name = parse_lexelt(item.lexelt)
        training = "Training · " if item.training else ""
        self.instance_header.setText(
            f"{training}{html.escape(name.lemma)} · instance {html.escape(item.instance.id)}"
            f" · {work.status(self.current).value}")
        show = self.state.show_pos and name.pos is not None
        self.pos_label.setVisible(show)
        self.pos_label.setText(f"({POS_NAMES.get(name.pos or '', '')})" if show else "")

    def _show_training_reference(self) -> None:
        work, source = self.work, self.state.source
        if work is None or source is None or self.current is None:
            self.training_panel.setVisible(False)
            return
        item = work.items[self.current]
        reference = source.references.get(item.key)
        visible = item.training and self.current in self._revealed
        if visible:
            if reference is None:
                text = "<b>Training item.</b> The organiser gave no reference answer for it."
            else:
                answers = ", ".join(html.escape(s) for s in reference.substitutes) or "—"
                text = f"<b>Reference answer:</b> {answers}"
                if reference.multiword:
                    text += f"<br><b>Multiword:</b> {html.escape(reference.multiword)}"
                if reference.note:
                    text += f"<br>{html.escape(reference.note)}"
            self.training_panel.setText(text + "<br><i>Press Enter to go on.</i>")
        self.training_panel.setVisible(visible)

    def _proxy_row(self, index: int | None) -> int | None:
        if index is None:
            return None
        source_index = self.model.index(index, 0)
        proxy_index = self.proxy.mapFromSource(source_index)
        return proxy_index.row() if proxy_index.isValid() else None

    def _select_in_list(self, index: int) -> None:
        selection = self.list_view.selectionModel()
        proxy_row = self._proxy_row(index)
        if proxy_row is None:
            selection.clearSelection()
            return
        proxy_index = self.proxy.index(proxy_row, 0)
        selection.setCurrentIndex(
            proxy_index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.list_view.scrollTo(proxy_index, QAbstractItemView.ScrollHint.EnsureVisible)

    def _on_list_activated(self, proxy_index: QModelIndex) -> None:
        index = proxy_index.data(WORK_INDEX_ROLE)
        if index is not None and index != self.current:
            self.show_instance(int(index))

    def _apply_filter(self, setter: Callable[[Any], None], value: object) -> None:
        setter(value)
        if self.current is not None:
            self._select_in_list(self.current)
        self._update_list_count()

    def _apply_search(self, text: str) -> None:
        """Filter by ``text`` and show why each instance matched: a Found column in the list
        and the matching words marked in the sentence."""
        self.model.set_search(text)
        self.list_view.setColumnHidden(Column.MATCH, not self.model.search)
        self._apply_filter(self.proxy.set_text_filter, text)
        work = self.work
        if work is not None and self.current is not None:
            self.sentence_view.show_instance(work.items[self.current].instance, self.model.search)

    def show_answers_in_list(self, show: bool) -> None:
        self.list_view.setColumnHidden(Column.ANSWER, not show)
        store = settings.app_settings()
        store.setValue(settings.ANSWERS_IN_LIST, show)

    def _search_now(self) -> None:
        self._search_timer.stop()
        self._apply_search(self.search_edit.text())
        if self.proxy.rowCount():
            self.list_view.setFocus()

    def _focus_search(self) -> None:
        self.search_edit.setFocus()
        self.search_edit.selectAll()

    def _update_list_count(self, *_: object) -> None:
        work = self.work
        if work is not None and work.assignment_mask is not None:
            shown, total = self.proxy.rowCount(), work.assigned_count()
            self.list_count.setText(f"{shown} of {total} assigned instances shown"
                                    if shown != total else f"{total} instances assigned to you")
            return
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.list_count.setText(f"{shown} of {total} instances shown" if shown != total
                                else f"{total} instances")

    def _update_progress(self) -> None:
        work = self.work
        if work is None:
            self.progress_label.setText("")
            self.progress_bar.setVisible(False)
            return
        finished, total = work.overall_progress()
        # QProgressBar.setValue repaints at once, and the first paint after opening a corpus
        # would paint the whole window there and then (about 90 ms on 100,000 instances):
        # with updates off it is only marked for the next ordinary paint.
        self.progress_bar.setUpdatesEnabled(False)
        self.progress_bar.setMaximum(max(total, 1))
        self.progress_bar.setValue(finished)
        self.progress_bar.setUpdatesEnabled(True)
        self.progress_bar.setVisible(True)
        text = f"{finished} of {total} answered"
        if self.current is not None:
            lexelt = work.items[self.current].lexelt
            done, count = work.lexelt_progress(lexelt)
            text += f" · {self._target_labels.get(lexelt, lexelt)}: {done}/{count}"
        self.progress_label.setText(text)
