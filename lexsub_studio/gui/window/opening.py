"""Opening a corpus or annotator package as the annotation session, in the background: read the
source, ask for the annotator's name, open the store (a damaged one is repaired first, with the
annotator's consent), then hand the session to AppState and offer back rescued answers."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.annotation.campaign.link import (
    join_offer,
    joined_under_another_name,
    not_member_note,
)
from lexsub_studio.core.annotation.judging import JudgingTask
from lexsub_studio.core.annotation.judging_sources import is_judging_task_file, load_judging_task
from lexsub_studio.core.annotation.package import AnnotationSource
from lexsub_studio.core.annotation.rescue import mark_restored
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.app_state import (
    AppState,
    JudgingSession,
    Session,
    open_judging,
    open_work,
    read_source,
    settle_loaded_objects,
)
from lexsub_studio.gui.notes_bar import FileNotesBar
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.window.loading import LoadingIndicator
from lexsub_studio.gui.window.recent_files import RecentFiles
from lexsub_studio.gui.window.store_repair import repair_store
from lexsub_studio.gui.window.unsaved import read_rescued_rows, restore_rescued, settle_unsaved
from lexsub_studio.paths import demo_corpus

#: The name the demo's answers are kept under while the annotator has given none: trying the
#: demo asks nothing (docs/annotation.md, "The demo without a name").
DEMO_ANNOTATOR = "demo"  # untranslated: a store name, the same in every language


def is_demo_corpus(path: str) -> bool:
    """Whether ``path`` is the demo corpus installed with the app."""
    try:
        return Path(path).resolve() == demo_corpus().resolve()
    except OSError:
        return False


@dataclass(slots=True)
class OpenedWork:
    session: Session
    #: The answers of the store's rescue files, read with it (off the GUI thread).
    rescued: list[ResponseRow]


def read_source_or_task(path: str) -> AnnotationSource | tuple[JudgingTask, Diagnostics]:
    """Background step 1: a corpus or package to annotate, or a judgement task to judge."""
    if is_judging_task_file(path):
        return load_judging_task(path)
    return read_source(path)


def open_work_and_rescued(source: AnnotationSource, annotator: str) -> OpenedWork:
    """Background step 2: the annotator's store and the answers waiting in rescue files."""
    session = open_work(source, annotator)
    return OpenedWork(session, read_rescued_rows(session.rescue_files))


class SessionOpener(QObject):
    """One file opening at a time; ``session_opened`` or ``open_failed`` tells how it ended."""

    #: A corpus or package finished opening.
    session_opened = Signal()
    #: Opening failed; the argument is the message shown to the user.
    open_failed = Signal(str)
    #: A sentence for the status bar.
    message = Signal(str)

    def __init__(self, window: QWidget, state: AppState, store: QSettings,
                 loading: LoadingIndicator, recent: RecentFiles, notes_bar: FileNotesBar,
                 flush_workspaces: Callable[[], None]) -> None:
        super().__init__(window)
        self._window = window
        self._state = state
        self._store = store
        self._loading_indicator = loading
        self._recent = recent
        self._notes_bar = notes_bar
        self._flush_workspaces = flush_workspaces
        self._loading: Task | None = None
        #: What a store repair did, told once the store opens again.
        self._repair_outcome = ""
        loading.cancel_button.clicked.connect(self.cancel)

    def annotator_name(self, ask: bool, judging: bool = False) -> str | None:
        """The saved name; else, when ``ask``, the name asked for (the question names the
        judgements file when ``judging``), saved for the next opening."""
        name = str(self._store.value(settings.ANNOTATOR_NAME, "") or "")
        if name or not ask:
            return name or None
        chosen = dialogs.ask_annotator_name(self._window, judging=judging)
        if chosen:
            self._store.setValue(settings.ANNOTATOR_NAME, chosen)
        return chosen

    def open_path(self, path: str, remember_folder: bool = True) -> Task:
        """Open a corpus or package in the background; its folder is where the next file
        dialog opens unless ``remember_folder`` is False (the demo's, installed with the app).
        The bundled demo corpus, however it is opened, asks no name: an annotator who has given
        none yet keeps its answers under DEMO_ANNOTATOR."""
        unnamed_annotator = DEMO_ANNOTATOR if is_demo_corpus(path) else None
        self.cancel()
        if remember_folder:
            self._store.setValue(settings.LAST_DIRECTORY, str(Path(path).parent))
        task = run_in_background(lambda token, report: read_source_or_task(path), bulk=True)
        self._follow(task, self.tr("Opening {name}…").format(name=Path(path).name), path)
        task.result.connect(lambda source: self._source_read(path, source, unnamed_annotator))
        return task

    def open_then(self, path: str, then: Callable[[], None],
                  remember_folder: bool = True) -> Task:
        """Open ``path`` and call ``then`` once it has opened (never if it fails)."""
        def after_opening() -> None:
            self.session_opened.disconnect(after_opening)
            self.open_failed.disconnect(after_failing)
            then()

        def after_failing(_text: str) -> None:
            self.session_opened.disconnect(after_opening)
            self.open_failed.disconnect(after_failing)

        self.session_opened.connect(after_opening)
        self.open_failed.connect(after_failing)
        return self.open_path(path, remember_folder)

    def cancel(self) -> None:
        if self._loading is not None and not self._loading.is_finished:
            self._loading.cancel()
            self.message.emit(self.tr("Opening cancelled."))
        self._loading = None
        self._loading_indicator.hide()

    def _follow(self, task: Task, text: str, path: str) -> None:
        self._show_running(task, text)
        task.error.connect(lambda error: self._open_failed(path, error, task))

    def _task_finished(self, task: Task) -> None:
        if self._loading is task:
            self._loading = None
            self._loading_indicator.hide()

    def _source_read(self, path: str, source: AnnotationSource | tuple[JudgingTask, Diagnostics],
                     unnamed_annotator: str | None = None) -> None:
        # The corpus just read stays alive: out of the collector's sight before step 2, whose
        # collections on the worker thread would otherwise walk it again, keeping Python's
        # lock from the window's thread for a quarter of a second at 100,000 lexelts.
        settle_loaded_objects()
        if isinstance(source, tuple):
            self._task_read(path, *source)
            return
        annotator = (source.annotator
                     or self.annotator_name(ask=unnamed_annotator is None) or unnamed_annotator)
        if annotator is None:
            self._hide_loading()
            self._tell_open_failed(self.tr("Not opened: an annotator name is needed to keep your "
                                       "answers."))
            return
        task = run_in_background(lambda token, report: open_work_and_rescued(source, annotator),
                                 bulk=True)
        self._follow(task, self.tr("Read {count} instances; loading {annotator}'s answers…").format(
            count=len(source.items), annotator=annotator), path)
        task.result.connect(lambda opened: self._work_opened(path, opened))

    def _work_opened(self, path: str, opened: OpenedWork) -> None:
        session = opened.session
        self._flush_workspaces()
        if not settle_unsaved(self._window, self._state, self.message.emit):
            if session.work.store is not None:
                session.work.store.close()
            self._tell_open_failed(self.tr("{name} was not opened: answers of the open corpus are "
                                       "not saved yet.").format(name=Path(path).name))
            return
        self._state.set_session(session)
        settle_loaded_objects()
        self._recent.remember(path)
        work = session.work
        finished, total = work.overall_progress()
        self.message.emit(self.tr("{repair} Opened {title}: {total} instances, {finished} "
                              "answered.").format(repair=self._repair_outcome,
                                                  title=session.source.title, total=total,
                                                  finished=finished).strip())
        self._repair_outcome = ""
        diagnostics = session.source.diagnostics
        if work.orphan_answers:
            diagnostics.info("orphan-answers", self.tr(
                "{count} saved answer(s) are for instances this file does not contain; they "
                "are kept in the store but not shown").format(count=work.orphan_answers))
        if session.backup_problem is not None:
            self.message.emit(self.tr("No backup was made at opening: {reason}").format(
                reason=session.backup_problem.diagnostic.message))
        campaign = session.source.campaign
        if campaign is not None:
            # A package of a team campaign offers to join it; the offer is a note, never a
            # dialog in the way of the work.
            offer = join_offer(campaign.url, campaign.name, session.source.annotator)
            if offer:
                diagnostics.info("campaign-offer", offer)
        elsewhere = joined_under_another_name(session.source.digest, work.annotator)
        if elsewhere is not None:
            # A mistyped name would otherwise annotate the whole corpus and never sync: said
            # at once, in the bar and in the status bar.
            note = not_member_note(elsewhere, work.annotator)
            diagnostics.warning("campaign-not-member", note)
            self.message.emit(note + ".")
        # Notes go to the bar: the file is open and there is nothing the annotator must do.
        self._notes_bar.show_notes(path, diagnostics)
        self.session_opened.emit()
        restore_rescued(self._window, session, opened.rescued, self._state.undo_stack,
                        self.message.emit)

    # -- a judgement task ------------------------------------------------------------------------

    def _task_read(self, path: str, judging_task: JudgingTask, diagnostics: Diagnostics) -> None:
        annotator = judging_task.annotator or self.annotator_name(ask=True, judging=True)
        if annotator is None:
            self._hide_loading()
            self._tell_open_failed(self.tr("Not opened: an annotator name is needed to keep your "
                                           "judgements."))
            return
        task = run_in_background(lambda token, report: open_judging(judging_task, annotator),
                                 bulk=True)
        self._follow(task, self.tr("Read {count} instances to judge; loading {annotator}'s "
                                   "judgements…").format(count=len(judging_task.items),
                                                         annotator=annotator), path)
        task.result.connect(lambda opened: self._judging_opened(path, opened, diagnostics))

    def _judging_opened(self, path: str, opened: JudgingSession,
                        diagnostics: Diagnostics) -> None:
        self._flush_workspaces()
        if not settle_unsaved(self._window, self._state, self.message.emit):
            if opened.work.store is not None:
                opened.work.store.close()
            self._tell_open_failed(self.tr("{name} was not opened: answers of the open corpus are "
                                           "not saved yet.").format(name=Path(path).name))
            return
        self._state.set_judging(opened)
        self._recent.remember(path)
        restored = self._restore_judgements(opened)
        progress = opened.work.progress()
        self.message.emit(self.tr("Opened the judgement task {title}: {instances} instances, "
                                  "{judged} of {candidates} candidates judged. {restored}").format(
            title=opened.task.title, instances=progress.instances, judged=progress.judged,
            candidates=progress.candidates, restored=restored).strip())
        if opened.work.orphan_labels:
            diagnostics.info("orphan-judgements", self.tr(
                "{count} saved judgement(s) are for candidates this task does not offer; they "
                "are kept in the store but not shown").format(count=opened.work.orphan_labels))
        if opened.backup_problem is not None:
            self.message.emit(self.tr("No backup was made at opening: {reason}").format(
                reason=opened.backup_problem.diagnostic.message))
        self._notes_bar.show_notes(path, diagnostics)
        self.session_opened.emit()

    def _restore_judgements(self, opened: JudgingSession) -> str:
        """Labels a rescue file kept (the store could not take them last time) go back into
        the store at once: they are this annotator's latest; the files move to restored/.
        Returns what to tell the annotator."""
        if not opened.rescued:
            return ""
        count = opened.work.restore(opened.rescued)
        if opened.work.unsaved_count:
            return self.tr("{count} judgement(s) from a rescue file are back on screen but not "
                           "saved yet.").format(count=count)
        for rescue in opened.rescue_files:
            with contextlib.suppress(OSError):
                mark_restored(rescue)
        return self.tr("{count} judgement(s) that could not be saved last time were put back "
                       "from a rescue file.").format(count=count)

    def _open_failed(self, path: str, error: object, task: Task | None = None) -> None:
        # The task has failed, though its ``finished`` comes only after this slot: the busy
        # bar goes now, not once the error dialog below is closed.
        if task is not None and self._loading is task:
            self._loading = None
        self._hide_loading()
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        if isinstance(exception, InputError) and exception.diagnostic.code == "not-found":
            self._recent.forget(path)
        # Restoring and salvaging know the free-production store only.
        if isinstance(exception, StoreError) and not is_judging_task_file(path) \
                and exception.fault in (StoreFault.DAMAGED, StoreFault.EMPTY):
            self._offer_repair(path, exception)
            return
        self.open_failed.emit(dialogs.error_text(exception))
        dialogs.show_error(self._window, self.tr("Cannot open the file"), exception)

    def _tell_open_failed(self, text: str) -> None:
        """A file not opened for a reason the status bar tells: ``open_failed`` carries the
        same sentence (docs/automation.md)."""
        self.message.emit(text)
        self.open_failed.emit(text)

    def _offer_repair(self, path: str, error: StoreError) -> None:
        """A damaged or empty store: restore the newest good backup or salvage (in the
        background), then open the file again."""
        def repaired(outcome: str) -> None:
            self._repair_outcome = outcome
            self.open_path(path)

        repair_store(self._window, error, self.open_failed.emit, repaired, self._show_running,
                     self._loading_indicator.hide)

    def _show_running(self, task: Task, text: str) -> None:
        """Background work that is part of opening: the busy bar follows it, Cancel stops it."""
        self._loading = task
        self._loading_indicator.show(text)
        task.finished.connect(lambda: self._task_finished(task))

    def _hide_loading(self) -> None:
        if self._loading is None:
            self._loading_indicator.hide()
