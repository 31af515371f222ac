"""The state every workspace shares: the open corpus or package, the annotator, their work.

Workspaces never hold their own copy of the corpus: they read ``AppState`` and listen to its
signals, so a later Gold & Agreement or Scoring workspace sees the same open corpus.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from lexsub_studio.core.annotation.judgement_store import JudgementStore, judgement_store_path
from lexsub_studio.core.annotation.judging import JudgingTask
from lexsub_studio.core.annotation.judging_export import (
    read_judgements_rescues,
    write_judgements_rescue,
)
from lexsub_studio.core.annotation.judging_work import JudgingWork
from lexsub_studio.core.annotation.package import AnnotationSource, load_annotation_source
from lexsub_studio.core.annotation.rescue import mark_restored, rescue_files_for, write_rescue_file
from lexsub_studio.core.annotation.store import WRITE_BUSY_TIMEOUT_MS, AnnotationStore
from lexsub_studio.core.annotation.store_backups import BACKUP_INTERVAL_MINUTES, make_backup
from lexsub_studio.core.annotation.store_faults import REASONS, StoreError, StoreFault
from lexsub_studio.core.annotation.work import AnnotationWork, corpus_identity
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.judgements import JudgementRow
from lexsub_studio.core.runtime.settings_paths import check_studio_home, store_path
from lexsub_studio.gui.target_labels import target_labels
from lexsub_studio.gui.tasks import run_in_background

#: Unsaved answers are tried again this often (without waiting for a lock: it is the GUI thread).
RETRY_INTERVAL_MS = 3000


@dataclass(slots=True)
class Session:
    """An opened source with the annotator's work on it."""

    source: AnnotationSource
    work: AnnotationWork
    #: Rescue files of this store from an earlier run, to offer back (oldest first).
    rescue_files: list[Path] = field(default_factory=list)
    #: Why the backup at opening failed, if it did (the session still opens).
    backup_problem: StoreError | None = None
    #: The targets as the lists show them with the PoS hidden (``target_labels``), made off the
    #: GUI thread as the corpus opens: a corpus may have as many targets as instances.
    lemma_labels: dict[str, str] | None = None


@dataclass(slots=True)
class JudgingSession:
    """An opened judgement task with the annotator's judgements on it."""

    task: JudgingTask
    work: JudgingWork
    #: Why the backup at opening failed, if it did (the task still opens).
    backup_problem: StoreError | None = None
    #: Rescue files of this store from an earlier run, and their rows, to put back.
    rescue_files: list[Path] = field(default_factory=list)
    rescued: list[JudgementRow] = field(default_factory=list)


class AppState(QObject):
    #: A session was opened, replaced or closed (``session`` may be None).
    session_changed = Signal()
    #: A judgement task was opened, replaced or closed (``judging`` may be None).
    judging_changed = Signal()
    #: Labels of these item indexes of the judging work changed (a key, an undo, an addition).
    judgements_changed = Signal(list)
    #: Answers of these instance indexes changed (a commit, an undo, an import).
    answers_changed = Signal(list)
    #: The "show part of speech" preference changed.
    show_pos_changed = Signal(bool)
    #: The "complete from my earlier answers" preference changed.
    completion_changed = Signal(bool)
    #: The gold assembled in Gold & Agreement changed: the new ``current_gold`` (a list of
    #: GoldItem, or None when there is none), for the Scoring workspace.
    gold_changed = Signal(object)
    #: Answers became unsaved, are still unsaved after a retry, or were saved at last.
    save_state_changed = Signal()
    #: A short sentence for the status bar (answers saved after a fault, a backup failed).
    notice = Signal(str)
    #: The store committed these answers: a list of (lexelt, instance id). Emitted after the
    #: SQLite transaction, so automation may read the store file at once (docs/automation.md).
    answer_saved = Signal(list)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        #: The judgement task open instead of a corpus (one or the other, never both).
        self.judging: JudgingSession | None = None
        self.undo_stack = QUndoStack(self)
        self._retry_timer = QTimer(self, interval=RETRY_INTERVAL_MS)
        self._retry_timer.timeout.connect(self._retry_quietly)
        self._backup_timer = QTimer(self, interval=BACKUP_INTERVAL_MINUTES * 60_000)
        self._backup_timer.timeout.connect(self.back_up_if_changed)
        self._writes_at_backup = 0
        #: Rescue files written while answers were still retried: put away once they are saved.
        self._rescued_meanwhile: list[Path] = []
        #: Where every answer of the session went when its store was found lost (deleted,
        #: replaced or overwritten by another program), or None.
        self.lost_store_rescue: Path | None = None
        self._show_pos = False
        self._complete_from_answers = False
        #: The current gold (list of GoldItem) or None; set it and emit ``gold_changed``.
        self.current_gold: list[GoldItem] | None = None
        #: The multiword gold assembled with it, made on first call (set with ``current_gold``).
        self.current_multiword_gold: Callable[[], list[GoldItem]] | None = None

    @property
    def work(self) -> AnnotationWork | None:
        return None if self.session is None else self.session.work

    @property
    def source(self) -> AnnotationSource | None:
        return None if self.session is None else self.session.source

    @property
    def show_pos(self) -> bool:
        return self._show_pos

    def set_show_pos(self, show: bool) -> None:
        if show != self._show_pos:
            self._show_pos = show
            self.show_pos_changed.emit(show)

    @property
    def complete_from_answers(self) -> bool:
        """Whether the substitute fields complete from this annotator's earlier answers for the
        same target. Off by default: it nudges one sense's words into another sense's answer."""
        return self._complete_from_answers

    def set_complete_from_answers(self, on: bool) -> None:
        if on != self._complete_from_answers:
            self._complete_from_answers = on
            self.completion_changed.emit(on)

    @property
    def has_work(self) -> bool:
        """Whether something is open to annotate: a corpus or a judgement task."""
        return self.session is not None or self.judging is not None

    def set_judging(self, judging: JudgingSession) -> None:
        """Open a judgement task, closing the corpus or task open before."""
        self.close_session()
        self.judging = judging
        judging.work.add_listener(self._relay_judgements)
        self._writes_at_backup = 0
        self._backup_timer.start()
        self.judging_changed.emit()

    def close_judging(self, announce: bool = True) -> Path | None:
        """Close the judgement task; labels the store could not take go to a rescue file
        (returned), after one more try."""
        judging = self.judging
        if judging is None:
            return None
        work = judging.work
        rescued = None
        lost = work.store is not None and work.store.lost
        if (lost or (work.unsaved_count and not work.retry_saving(WRITE_BUSY_TIMEOUT_MS))) \
                and work.store is not None:
            # A lost store (deleted, replaced or overwritten) holds none of the labels for
            # sure: all of them go to the rescue file.
            rows = work.export_rows() if lost else work.unsaved_rows()
            try:
                rescued = write_judgements_rescue(rows, work.store.path)
                self.notice.emit(self.tr("Judgements not saved were written to {path}").format(
                    path=rescued))
            except OSError:
                self.notice.emit(self.tr("Some judgements could not be saved, nor written to a "
                                         "rescue file."))
        self.back_up_if_changed(wait=True)
        self._backup_timer.stop()
        self.undo_stack.clear()
        work.remove_listener(self._relay_judgements)
        if work.store is not None:
            work.store.close()
        self.judging = None
        if announce:
            self.judging_changed.emit()
        return rescued

    def set_session(self, session: Session | None) -> None:
        self.close_session(announce=False)
        self.session = session
        self.lost_store_rescue = None
        if session is not None:
            session.work.add_listener(self._relay_change)
            session.work.add_save_listener(self._on_save_state)
            session.work.add_saved_listener(self._relay_saved)
            self._writes_at_backup = 0
            self._backup_timer.start()
        self.session_changed.emit()

    def close_session(self, announce: bool = True) -> Path | None:
        """Close the session; returns the rescue file written for answers still unsaved.

        Callers ask the annotator first (MainWindow.settle_unsaved); writing a rescue file here
        is the last guard, so that no path that closes a session can lose an answer.
        """
        if self.judging is not None:
            self.close_judging()
        if self.session is None:
            return None
        rescued = None
        work = self.session.work
        if work.unsaved_count or (work.store is not None and work.store.lost
                                  and self.lost_store_rescue is None):
            try:
                rescued = self.write_rescue_file()
            except OSError:
                self.notice.emit(self.tr("Some answers could not be saved, nor written to a "
                                         "rescue file."))
        self.back_up_if_changed(wait=True)
        self._rescued_meanwhile.clear()
        self._retry_timer.stop()
        self._backup_timer.stop()
        self.undo_stack.clear()
        work.remove_listener(self._relay_change)
        work.remove_save_listener(self._on_save_state)
        work.remove_saved_listener(self._relay_saved)
        if work.store is not None:
            work.store.close()
        self.session = None
        if announce:
            self.session_changed.emit()
        return rescued

    # -- unsaved answers and backups -------------------------------------------------------------

    def retry_saving(self) -> bool:
        """Try the unsaved answers again now (waiting briefly for a lock); True when all saved."""
        work = self.work
        return work is None or work.retry_saving(WRITE_BUSY_TIMEOUT_MS)

    def write_rescue_file(self, stop_retrying: bool = True) -> Path | None:
        """Write the unsaved answers to a rescue file; raises OSError.

        With ``stop_retrying`` (closing) they leave the save queue and the file is offered back
        at the next opening; without it (the bar's button: a copy to be safe) they are still
        retried, and the file is put away as restored once they are saved. Returns None when
        only cleared answers were unsaved (a responses file cannot say "cleared"; the store
        keeps the old answer).
        """
        work = self.work
        if work is None or work.store is None \
                or not (work.unsaved_count or work.store.lost):
            return None
        # A lost store holds none of the session's answers for sure: all of them are written.
        rows = work.session_rows() if work.store.lost else work.unsaved_rows()
        path = write_rescue_file(rows, work.store.path) if rows else None
        if stop_retrying:
            # Stopped first: forgetting them is not saving them (no "saved" notice, and the
            # copies written meanwhile stay to be offered back).
            self._retry_timer.stop()
            self._rescued_meanwhile.clear()
            work.forget_unsaved()
        elif path is not None:
            self._rescued_meanwhile.append(path)
        return path

    def back_up_if_changed(self, wait: bool = False) -> None:
        """Back the store up if anything was saved since the last backup.

        The timer's backups run in the background with their own connection; the one at closing
        runs at once, before the store closes.
        """
        store = self._open_store()
        if store is None or store.lost:
            # Whatever is at the path now is not this store: never kept as its backup.
            return
        writes = store.writes if isinstance(store, JudgementStore) else store.answer_writes
        if writes == self._writes_at_backup:
            return
        self._writes_at_backup = writes
        path, stamp = store.path, store.stamp()
        if wait:
            try:
                make_backup(path, stamp)
            except StoreError as error:
                self.notice.emit(self.no_backup_text(error))
            return
        task = run_in_background(lambda token, report: make_backup(path, stamp))
        task.error.connect(lambda error: self._backup_failed(store, error))

    def _backup_failed(self, store: AnnotationStore | JudgementStore,
                       error: BaseException) -> None:
        if isinstance(error, StoreError) and store.watch is not None \
                and error.fault in (StoreFault.VANISHED, StoreFault.OTHER_CORPUS):
            # Another corpus's store copied over this one in place keeps the file's identity:
            # the backup's look at what the file holds is what finds it. The next save stops.
            store.watch.mark_lost(REASONS[error.fault])
        self.notice.emit(self.no_backup_text(error))

    def _open_store(self) -> AnnotationStore | JudgementStore | None:
        """The open store: a judgement task's, or the corpus's."""
        if self.judging is not None and self.judging.work.store is not None:
            return self.judging.work.store
        work = self.work
        return None if work is None else work.store

    def no_backup_text(self, error: BaseException) -> str:
        if isinstance(error, StoreError):
            return self.tr("No backup was made: {reason}").format(
                reason=error.diagnostic.message)
        return self.tr("No backup was made.")

    def _put_away_rescue_copies(self) -> None:
        for path in self._rescued_meanwhile:
            # A copy left in place would only be offered back needlessly next time.
            with contextlib.suppress(OSError):
                mark_restored(path)
        self._rescued_meanwhile.clear()

    def _retry_quietly(self) -> None:
        work = self.work
        if work is not None and work.unsaved_count:
            work.retry_saving()

    def _on_save_state(self) -> None:
        work = self.work
        if work is None:
            return
        if work.store is not None and work.store.lost:
            self._retry_timer.stop()  # nothing will ever be written to it again
            if self.lost_store_rescue is None:
                self._rescue_lost_store(work)
        elif work.unsaved_count:
            if not self._retry_timer.isActive():
                self._retry_timer.start()
        elif self._retry_timer.isActive():
            self._retry_timer.stop()
            self._put_away_rescue_copies()
            self.notice.emit(self.tr("Every answer is saved now."))
        self.save_state_changed.emit()

    def _rescue_lost_store(self, work: AnnotationWork) -> None:
        """The store's file was deleted, replaced or overwritten: every answer of the session
        goes to a rescue file at once (offered back at the next opening, into a new store)."""
        try:
            self.lost_store_rescue = self.write_rescue_file(stop_retrying=False)
        except OSError:
            self.notice.emit(self.tr("The store is gone and the answers could not be written to "
                                     "a rescue file either; keep the window open and export "
                                     "them (File › Hand in / export responses)."))
            return
        if self.lost_store_rescue is not None:
            self.notice.emit(self.tr("Every answer of this session was written to {path}.")
                             .format(path=self.lost_store_rescue))

    def _relay_change(self, indexes: Sequence[int]) -> None:
        self.answers_changed.emit(list(indexes))

    def _relay_judgements(self, indexes: Sequence[int]) -> None:
        self.judgements_changed.emit(list(indexes))

    def _relay_saved(self, keys: list[tuple[str, str]]) -> None:
        self.answer_saved.emit(list(keys))


def read_source(path: str) -> AnnotationSource:
    """Background step 1: parse the corpus or package."""
    return load_annotation_source(path)


def open_work(source: AnnotationSource, annotator: str) -> Session:
    """Background step 2: open (or create) the annotator's store and load their answers.

    The store must have been made for these sentences; it is backed up once opened, and any
    rescue files left by an earlier run are looked up to be offered back.
    """
    check_studio_home()
    path = store_path(source.title, source.digest, annotator)
    store = AnnotationStore.open(path)
    try:
        store.check_corpus(corpus_identity(source.items, source.digest, source.title))
        store.claim_annotator(annotator)
        store.set_meta({"source_path": str(source.path.resolve()), "source_title": source.title})
        work = AnnotationWork(source.items, annotator, store)
    except BaseException:
        store.close()
        raise
    backup_problem = None
    try:
        make_backup(path, store.stamp())
    except StoreError as error:
        backup_problem = error
    return Session(source, work, rescue_files_for(path), backup_problem,
                   target_labels(work.lexelts(), show_pos=False))


def settle_loaded_objects() -> None:
    """Move everything alive now (the corpus just opened) out of the collector's sight, so the
    occasional full collection during annotation does not walk 100,000 instances and stall a
    key press."""
    gc.freeze()


def open_judging(task: JudgingTask, annotator: str) -> JudgingSession:
    """Background step 2 of a judgement task: open (or create) the annotator's judgement store,
    made for this task, load their labels and back the store up."""
    check_studio_home()
    path = judgement_store_path(task.title, task.digest, annotator)
    store = JudgementStore.open(path)
    try:
        store.check_task(task.fingerprint(), task.digest, task.title, len(task.items))
        store.claim_annotator(annotator)
        store.set_meta({"source_path": str(task.path.resolve()), "source_title": task.title})
        work = JudgingWork(task, annotator, store)
    except BaseException:
        store.close()
        raise
    backup_problem = None
    try:
        make_backup(path, store.stamp())
    except StoreError as error:
        backup_problem = error
    files, rows = read_judgements_rescues(path)
    return JudgingSession(task, work, backup_problem, files, rows)
