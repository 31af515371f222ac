"""The Annotate workspace: the instance list beside the answer panel, and the work of moving
through the instances (saving what was typed as an undoable change when leaving one).

Its parts have one job each: ``instance_list.py`` (filters, search, the list), ``answer_panel.py``
(sentence, fields, training reference), ``status_widgets.py`` (progress and the campaign in
the status bar), ``unsaved_answers.py`` (answers the store could not take) and ``actions.py``.

With a judgement task open, the workspace shows its judgement mode instead
(``judging_panel.py``): the same Go actions move through the task, free production's own
Edit actions are off, and File › Hand in / export judgements is on.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget, QVBoxLayout, QWidget

from lexsub_studio.core.annotation.work import AnnotationWork, VisitClock
from lexsub_studio.core.model.languages import ENGLISH, language_of
from lexsub_studio.gui import settings
from lexsub_studio.gui.annotate.actions import AnnotateActions
from lexsub_studio.gui.annotate.answer_panel import AnswerPanel
from lexsub_studio.gui.annotate.commands import SetAnswerCommand
from lexsub_studio.gui.annotate.instance_list import InstanceListPanel
from lexsub_studio.gui.annotate.judging_export import export_judgements
from lexsub_studio.gui.annotate.judging_panel import JudgingPanel
from lexsub_studio.gui.annotate.status_widgets import AnnotateStatusWidgets
from lexsub_studio.gui.annotate.unsaved_answers import UnsavedAnswers
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.tasks import run_in_background
from lexsub_studio.gui.widgets import named
from lexsub_studio.gui.workspace import Workspace

POSITION_DELAY_MS = 400


class AnnotateWorkspace(Workspace):
    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "annotateWorkspace", self.tr("Annotate workspace"))
        self.current: int | None = None
        self._clock = VisitClock()
        self._revealed: set[int] = set()

        self.instances = InstanceListPanel(self)
        self.editor = AnswerPanel(self)
        self.splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "annotateSplitter",
                              self.tr("Annotate panels"))
        self.splitter.addWidget(self.instances)
        self.splitter.addWidget(self.editor)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([270, 700])
        # Judgement mode (a judgement task open) has a page of its own in the same workspace.
        self.judging = JudgingPanel(state.undo_stack, self)
        self.judging.message.connect(self.status_message)
        self.judging.progress_changed.connect(self._update_judging_progress)
        self.pages = named(QStackedWidget(self), "annotatePages", self.tr("Annotate mode"))
        self.pages.addWidget(self.splitter)
        self.pages.addWidget(self.judging)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.pages)
        self.judging_progress = named(QLabel(self), "judgingProgressLabel",
                                      self.tr("Judging progress"))
        self.judging_progress.setVisible(False)

        self.status = AnnotateStatusWidgets(state, self)
        self.status.campaign_label.assignment_changed.connect(self.follow_assignment)
        self.unsaved = UnsavedAnswers(state, self.editor.unsaved_bar, self.status, self)
        self.unsaved.message.connect(self.status_message)
        self.annotate_actions = AnnotateActions(
            self, self.editor.form, save_and_next=self.save_and_next, move=self.move,
            next_unfinished=self.go_to_next_unfinished,
            focus_search=self.focus_search, clear_answer=self.clear_answer,
            use_suggestion=self.use_suggestion,
            show_answers_in_list=self.show_answers_in_list)
        self.instances.show_answers(self.annotate_actions.answers_in_list_action.isChecked())
        for action in self.annotate_actions.all():
            self.addAction(action)
        self.export_judgements_action = QAction(self.tr("Hand in / export &judgements…"), self)
        self.export_judgements_action.setObjectName("actionExportJudgements")
        self.export_judgements_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_judgements_action.triggered.connect(lambda _=False: self.export_judgements())
        self.add_substitute_action = QAction(self.tr("Add a missing substitute"), self)
        self.add_substitute_action.setObjectName("actionAddSubstitute")
        self.add_substitute_action.setShortcut(QKeySequence("Alt+S"))
        self.add_substitute_action.triggered.connect(lambda _=False: self.judging.focus_add())
        #: Actions of judgement mode only, and those of free production only.
        self._judging_actions = [self.export_judgements_action, self.add_substitute_action]
        actions = self.annotate_actions
        self._free_actions = [actions.nil_action, actions.proper_action,
                              actions.multiword_action, actions.comment_action,
                              actions.first_field_action, actions.suggestion_action,
                              actions.clear_action,
                              actions.answers_in_list_action]
        for action in self._judging_actions:
            self.addAction(action)
        self._active = False

        self._position_timer = QTimer(self, singleShot=True, interval=POSITION_DELAY_MS)
        self._position_timer.timeout.connect(self.save_position)
        form = self.editor.form
        form.submitted.connect(self.save_and_next)
        self.editor.save_button.clicked.connect(self.save_and_next)
        self.editor.prev_button.clicked.connect(lambda: self.move(-1))
        self.editor.next_button.clicked.connect(lambda: self.move(+1))
        self.instances.instance_chosen.connect(self.show_instance)
        self.instances.instance_browsed.connect(
            lambda index: self.show_instance(index, focus_answer=False))
        self.instances.answer_requested.connect(self.editor.form.focus_first)
        self.instances.search.applied.connect(self._mark_search_in_sentence)

        state.session_changed.connect(self._on_session_changed)
        state.answers_changed.connect(self._on_answers_changed)
        state.show_pos_changed.connect(self._on_show_pos_changed)
        state.completion_changed.connect(lambda _: self._offer_completions())
        state.judging_changed.connect(self._on_judging_changed)
        state.judgements_changed.connect(self.judging.judgements_changed)
        self._on_session_changed()
        self._on_judging_changed()

    # -- Workspace -------------------------------------------------------------------------------

    def menu_actions(self) -> dict[str, list[QAction]]:
        menus = self.annotate_actions.by_menu()
        menus["Edit"] = [*menus["Edit"], self.add_substitute_action]
        return {"File": [self.export_judgements_action], **menus}

    def set_active(self, active: bool) -> None:
        """Free production's own actions in free production, judgement mode's in judgement
        mode; the moves (PgUp, PgDn, Ctrl+J, Ctrl+F, Ctrl+Enter) serve both."""
        self._active = active
        judging = self.state.judging is not None
        # The File menu offers one hand-in, the one of the mode open (the window shows the
        # responses' in free production).
        self.export_judgements_action.setVisible(judging)
        for actions in self.menu_actions().values():
            for action in actions:
                if action in self._judging_actions:
                    action.setEnabled(active and judging)
                elif action in self._free_actions:
                    action.setEnabled(active and not judging)
                else:
                    action.setEnabled(active)

    def save_layout(self) -> QByteArray | None:
        return self.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.splitter.restoreState(layout)

    def status_widgets(self) -> list[QWidget]:
        return [*self.status.widgets(), self.judging_progress]

    def follow_palette(self) -> None:
        self.status.follow_palette()
        self.editor.follow_palette()

    def rescale_fonts(self) -> None:
        # Ctrl+= / Ctrl+- (gui/font_size.py): the header, sentence and list rows follow.
        self.editor.rescale_fonts()
        self.instances.rescale_rows()
        self.judging.rescale_fonts()

    def flush_pending(self) -> None:
        self.judging.flush_pending()
        self.commit_form()
        self._position_timer.stop()
        self.save_position()

    # -- session ---------------------------------------------------------------------------------

    @property
    def work(self) -> AnnotationWork | None:
        return self.state.work

    def _on_session_changed(self) -> None:
        self._position_timer.stop()
        self.current = None
        self._revealed.clear()
        work = self.work
        if work is not None:
            work.set_assignment(self.status.campaign_label.stored_assignment())
        self._follow_language()
        session = self.state.session
        self.instances.follow_session(work, self.state.show_pos,
                                      session.lemma_labels if session is not None else None)
        has_work = work is not None and len(work) > 0
        self.editor.set_has_work(has_work)
        self.instances.setEnabled(has_work)
        self.show_instance(work.resume_index() if has_work and work is not None else None)
        self._update_progress()
        self.instances.update_count()
        self.unsaved.show_state()

    def _follow_language(self) -> None:
        """The corpus language sets the lemma hints and the text direction; a language without
        a lemmatiser is said once, when its corpus opens, rather than by silence at every
        answer."""
        source = self.state.source
        language = language_of(source.corpus.lang if source is not None else None)
        self.editor.set_language(language)
        lemmatiser = language.lemmatiser
        if source is not None and lemmatiser is not None and language is not ENGLISH:
            # German's dictionary takes seconds to read: not at the annotator's first key.
            run_in_background(lambda _token, _report: lemmatiser.load())
        if source is not None and lemmatiser is None:
            self.status_message.emit(self.tr("No lemma hints for {language}: no lemmatiser "
                                             "for this corpus language.").format(
                language=language.label))

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
                and not self.editor.form.differs_from(work.answer(current))):
            following = work.next_unfinished(current)
            if following is not None:
                self.show_instance(following, commit_pending=False)
        self.instances.follow_assignment(self.state.show_pos)
        self._update_progress()
        finished, total = work.overall_progress()
        self.status_message.emit(self.tr("Your campaign assignment changed: {total} instances "
                                         "are yours now, {finished} of them answered.").format(
            total=total, finished=finished))

    def _on_show_pos_changed(self, show: bool) -> None:
        self.judging.set_show_pos(show)
        self.instances.set_show_pos(show)
        self._show_header()

    def _on_answers_changed(self, indexes: list[int]) -> None:
        work = self.work
        if work is None:
            return
        self.instances.refresh_lexelts({work.items[i].lexelt for i in indexes})
        if self.current in indexes:
            if self.editor.form.differs_from(work.answer(self.current)):
                self._load_form()
            self._show_header()
        self._update_progress()

    # -- judgement mode --------------------------------------------------------------------------

    def _on_judging_changed(self) -> None:
        judging = self.state.judging
        self.judging.instance_model.set_show_pos(self.state.show_pos)
        self.judging.set_work(None if judging is None else judging.work)
        self.pages.setCurrentWidget(self.judging if judging is not None else self.splitter)
        self.set_active(self._active)
        self._update_judging_progress()

    def _update_judging_progress(self) -> None:
        judging = self.state.judging
        label = self.judging_progress
        label.setVisible(judging is not None)
        if judging is None:
            label.setText("")
            return
        progress = judging.work.progress()
        label.setText(self.tr("Judged {judged} of {candidates} candidates · {done} of "
                              "{instances} instances done").format(
            judged=progress.judged, candidates=progress.candidates, done=progress.done,
            instances=progress.instances))

    def export_judgements(self) -> object:
        """File › Hand in / export judgements: ask where, write the file in the background."""
        judging = self.state.judging
        if judging is None:
            return None
        self.judging.flush_pending()
        return export_judgements(self, judging.work, judging.task.title,
                                 self.status_message.emit)

    def focus_search(self) -> None:
        if self.state.judging is not None:
            self.judging.focus_search()
        else:
            self.instances.search.focus()

    # -- navigation ------------------------------------------------------------------------------

    def show_instance(self, index: int | None, commit_pending: bool = True,
                      focus_answer: bool = True) -> None:
        """Leave the current instance (saving what was typed, as an undoable change) and show
        ``index``; the focus goes to its first field unless ``focus_answer`` is false (the
        arrow keys in the list keep it there)."""
        work = self.work
        if commit_pending and self.current is not None and index != self.current:
            self.commit_form()
        if work is None or index is None or not 0 <= index < len(work):
            self.current = None
            self.instances.forget_current()
            self.editor.clear()
            return
        self.current = index
        self._clock.restart()
        self.editor.sentence_view.show_instance(work.items[index].instance,
                                                self.instances.model.search)
        self._load_form()
        self._show_header()
        self._update_progress()
        self._show_training_reference()
        self.instances.select(index)
        if focus_answer:
            self.editor.form.focus_first()
        self._position_timer.start()

    def reveal(self, index: int) -> None:
        """Show ``index`` without saving the fields first (used by undo and redo)."""
        if index != self.current:
            self.show_instance(index, commit_pending=False)

    def move(self, step: int) -> None:  # type: ignore[override]  # to another item, not QWidget.move
        """To the previous/next instance in the list as filtered (PgUp/PgDn in the list keep
        the focus there, as the arrow keys do)."""
        if self.state.judging is not None:
            self.judging.move(step)
            return
        if self.work is None:
            return
        index = self.instances.neighbour(self.current, step)
        if index is not None:
            self.show_instance(index, focus_answer=not self.instances.list_view.hasFocus())

    def go_to_next_unfinished(self) -> None:
        if self.state.judging is not None:
            self.judging.next_unfinished()
            return
        work = self.work
        if work is None:
            return
        self.commit_form()
        start = -1 if self.current is None else self.current
        following = work.next_unfinished(start)
        if following is None:
            self.status_message.emit(self.tr("Every instance has an answer. Well done!"))
            return
        self.show_instance(following)

    def save_and_next(self) -> None:
        if self.state.judging is not None:
            self.judging.next_unfinished()
            return
        work = self.work
        if work is None or self.current is None:
            return
        if self.commit_form() and work.is_unsaved(self.current):
            # The annotator must see at once that this answer is not saved: stay on it.
            self.status_message.emit(self.tr("This answer is not saved yet (see the bar "
                                             "above); it is kept here and tried again."))
            return
        item = work.items[self.current]
        if item.training and self.current not in self._revealed:
            if work.answer(self.current) is None:
                self.status_message.emit(self.tr("Training item: give your answer first; the "
                                                 "reference answer is shown once you have."))
                return
            self._revealed.add(self.current)
            self._show_training_reference()
            self.status_message.emit(self.tr("Training item: compare with the reference "
                                             "answer, then press Enter to go on."))
            return
        self.go_to_next_unfinished()

    def commit_form(self) -> bool:
        """Save the fields as an undoable change if they differ from the stored answer."""
        work = self.work
        if work is None or self.current is None:
            return False
        index = self.current
        stored = work.answer(index)
        form = self.editor.form
        if not form.differs_from(stored):
            return False
        subs, multiword, nil, proper, comment = form.values()
        seconds = round(((stored.seconds or 0.0) if stored else 0.0) + self._clock.take(), 1)
        row = work.make_row(index, subs, multiword, nil, proper, comment, seconds)
        self.state.undo_stack.push(SetAnswerCommand(work, index, row, self.reveal))
        return True

    def clear_answer(self) -> None:
        """Empty every field of the current instance, typed-but-unsaved text included, as
        undoable changes: what was typed is first kept as a change of its own (as Ctrl+Z keeps
        it), so one Ctrl+Z brings the typing back and the next the answer stored before."""
        work = self.work
        if work is None or self.current is None:
            return
        self.commit_form()
        if work.answer(self.current) is None:
            self.status_message.emit(self.tr("Nothing to clear: this instance has no answer."))
            return
        self.state.undo_stack.push(SetAnswerCommand(work, self.current, None, self.reveal))
        self._load_form()
        self.editor.form.focus_first()
        self.status_message.emit(self.tr("Answer cleared; Ctrl+Z brings it back."))

    def use_suggestion(self) -> None:
        """Alt+L: the suggested lemma of the field being typed in (or the first one shown)."""
        if self.current is not None and not self.editor.form.accept_suggestion_here():
            self.status_message.emit(self.tr("No suggested lemma to use: the answer's words "
                                             "look like lemmas already."))

    def save_position(self) -> None:
        if self.work is not None and self.current is not None:
            self.work.set_position(self.current)

    def show_answers_in_list(self, show: bool) -> None:
        self.instances.show_answers(show)
        settings.app_settings().setValue(settings.ANSWERS_IN_LIST, show)

    # -- what is on screen -----------------------------------------------------------------------

    def _load_form(self) -> None:
        work = self.work
        if work is None or self.current is None:
            return
        item = work.items[self.current]
        self.editor.form.load(work.answer(self.current), item.lexelt, item.instance.head,
                              self._completions())

    def _completions(self) -> list[str]:
        work = self.work
        if work is None or self.current is None or not self.state.complete_from_answers:
            return []
        return work.suggestions(work.items[self.current].lexelt)

    def _offer_completions(self) -> None:
        self.editor.form.set_suggestions(self._completions())

    def _show_header(self) -> None:
        work = self.work
        if work is not None and self.current is not None:
            self.editor.show_header(work, self.current, self.state.show_pos)

    def _show_training_reference(self) -> None:
        self.editor.show_training_reference(self.work, self.state.source, self.current,
                                            self.current in self._revealed)

    def _mark_search_in_sentence(self, search: str) -> None:
        work = self.work
        if work is not None and self.current is not None:
            self.editor.sentence_view.show_instance(work.items[self.current].instance, search)

    def _update_progress(self) -> None:
        self.status.show_progress(self.work, self.current, self.instances.label)
