"""The state every workspace shares: the open corpus or package, the annotator, their work.

Workspaces never hold their own copy of the corpus: they read ``AppState`` and listen to its
signals, so a later Gold & Agreement or Scoring workspace sees the same open corpus.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from lexsub_studio.core.annotation import AnnotationWork
from lexsub_studio.core.annotator_package import AnnotationSource, load_annotation_source
from lexsub_studio.core.collector import collector_paused
from lexsub_studio.core.model import GoldItem
from lexsub_studio.core.settings_paths import store_path
from lexsub_studio.core.store import AnnotationStore


@dataclass(slots=True)
class Session:
    """An opened source with the annotator's work on it."""

    source: AnnotationSource
    work: AnnotationWork


class AppState(QObject):
    #: A session was opened, replaced or closed (``session`` may be None).
    session_changed = Signal()
    #: Answers of these instance indexes changed (a commit, an undo, an import).
    answers_changed = Signal(list)
    #: The "show part of speech" preference changed.
    show_pos_changed = Signal(bool)
    #: The gold assembled in Gold & Agreement changed: the new ``current_gold`` (a list of
    #: GoldItem, or None when there is none), for the Scoring workspace.
    gold_changed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.undo_stack = QUndoStack(self)
        self._show_pos = False
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

    def set_session(self, session: Session | None) -> None:
        self.close_session(announce=False)
        self.session = session
        if session is not None:
            session.work.add_listener(self._relay_change)
        self.session_changed.emit()

    def close_session(self, announce: bool = True) -> None:
        if self.session is None:
            return
        self.undo_stack.clear()
        work = self.session.work
        work.remove_listener(self._relay_change)
        if work.store is not None:
            work.store.close()
        self.session = None
        if announce:
            self.session_changed.emit()

    def _relay_change(self, indexes: Sequence[int]) -> None:
        self.answers_changed.emit(list(indexes))


def read_source(path: str) -> AnnotationSource:
    """Background step 1: parse the corpus or package."""
    with collector_paused():
        return load_annotation_source(path)


def open_work(source: AnnotationSource, annotator: str) -> Session:
    """Background step 2: open (or create) the annotator's store and load their answers."""
    store = AnnotationStore.open(store_path(source.title, source.digest, annotator))
    try:
        store.claim_annotator(annotator)
        store.set_meta({"source_path": str(source.path.resolve()), "source_title": source.title})
        with collector_paused():
            work = AnnotationWork(source.items, annotator, store)
    except BaseException:
        store.close()
        raise
    return Session(source, work)


def settle_loaded_objects() -> None:
    """Move everything alive now (the corpus just opened) out of the collector's sight, so the
    occasional full collection during annotation does not walk 100,000 instances and stall a
    key press."""
    gc.freeze()
