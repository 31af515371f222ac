"""One annotator judging candidates, without any GUI: the items in order, each with its
candidates in this annotator's order (their added substitutes after them), the labels given,
progress, search and the store every change is written to.

Views listen to it (``add_listener``) and change it only through ``apply``: a key press, an
undo and a redo are saved the same way, each as one store transaction. A change the store
cannot take is applied in memory all the same and kept as *unsaved*; ``save_problem`` says
why, and the next change or ``retry_saving`` writes every unsaved change in one transaction.

An instance is *done* when every one of its candidates has a label.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from lexsub_studio.core.annotation.instance_search import why_matched
from lexsub_studio.core.annotation.judgement_store import (
    CandidateKey,
    JudgementChange,
    JudgementStore,
    StoredJudgement,
)
from lexsub_studio.core.annotation.judging import JudgingItem, JudgingTask, Key
from lexsub_studio.core.annotation.store_faults import StoreError
from lexsub_studio.core.annotation.work import normalise
from lexsub_studio.core.model.judgements import LABELS, JudgementRow

Listener = Callable[[list[int]], None]


@dataclass(frozen=True, slots=True)
class JudgingProgress:
    judged: int
    candidates: int
    done: int
    instances: int


class JudgingWork:
    """The live judging session of one annotator on one task."""

    def __init__(self, task: JudgingTask, annotator: str,
                 store: JudgementStore | None = None) -> None:
        self.task = task
        self.annotator = annotator
        self.store = store
        self.items: list[JudgingItem] = task.items
        self._index = {item.key: i for i, item in enumerate(self.items)}
        #: Each item's candidates as this annotator sees them (added ones appended).
        self._candidates: list[list[str]] = [task.ordered_candidates(item, annotator)
                                             for item in self.items]
        self._from_task: list[frozenset[str]] = [frozenset(item.candidates)
                                                 for item in self.items]
        self._labels: dict[CandidateKey, StoredJudgement] = {}
        self._unsaved_labels: dict[CandidateKey, StoredJudgement | None] = {}
        self._unsaved_added: dict[CandidateKey, bool] = {}
        self.save_problem: StoreError | None = None
        self._listeners: list[Listener] = []
        #: Labels in the store for candidates this task does not offer (kept, not shown).
        self.orphan_labels = 0
        self._haystacks: list[str] | None = None
        if store is not None:
            labels, added = store.load()
            for lexelt, id_, candidate in added:
                index = self._index.get((lexelt, id_))
                if index is not None and candidate not in self._candidates[index]:
                    self._candidates[index].append(candidate)
            for key, value in labels.items():
                index = self._index.get(key[:2])
                if index is None or key[2] not in self._candidates[index]:
                    self.orphan_labels += 1
                    continue
                self._labels[key] = value
        # Running counts, so that a key press costs the same on 100,000 instances as on 10.
        self._done = [self._count_done(i) for i in range(len(self.items))]
        self._done_count = sum(self._done)
        self._candidate_count = sum(len(candidates) for candidates in self._candidates)

    def __len__(self) -> int:
        return len(self.items)

    def index_of(self, key: Key) -> int | None:
        return self._index.get(key)

    # -- reading ---------------------------------------------------------------------------------

    def candidates(self, index: int) -> list[str]:
        return self._candidates[index]

    def is_added(self, index: int, candidate: str) -> bool:
        """Whether the annotator added ``candidate`` (it is not one of the task's)."""
        return candidate not in self._from_task[index]

    def label(self, index: int, candidate: str) -> str | None:
        value = self._labels.get((*self.items[index].key, candidate))
        return None if value is None else value.label

    def seconds(self, index: int, candidate: str) -> float | None:
        value = self._labels.get((*self.items[index].key, candidate))
        return None if value is None else value.seconds

    def judged_count(self, index: int) -> int:
        lexelt, id_ = self.items[index].key
        return sum((lexelt, id_, candidate) in self._labels
                   for candidate in self._candidates[index])

    def is_done(self, index: int) -> bool:
        """Whether every candidate of the item has a label."""
        return self._done[index]

    def _count_done(self, index: int) -> bool:
        return self.judged_count(index) == len(self._candidates[index])

    def progress(self) -> JudgingProgress:
        """Judged candidates of all, and items done of all (from running counts: cheap)."""
        return JudgingProgress(len(self._labels), self._candidate_count, self._done_count,
                               len(self.items))

    def next_unfinished(self, start: int, step: int = 1) -> int | None:
        """The next instance with a candidate left to judge after ``start`` (wrapping; ``start``
        itself last), or None when every candidate is judged."""
        count = len(self.items)
        position = start
        for _ in range(count):
            position = (position + step) % count
            if not self.is_done(position):
                return position
        return None

    def resume_index(self) -> int:
        """Where to start: the stored position, else the first unfinished instance, else 0."""
        if self.store is not None:
            try:
                position = self.store.position()
            except StoreError:
                position = None
            if position is not None and position in self._index:
                return self._index[position]
        first = self.next_unfinished(-1)
        return 0 if first is None else first

    def matches(self, index: int, query: str) -> bool:
        """Whether the search text is in the instance's id, target or sentence (case ignored)."""
        item = self.items[index]
        return why_matched(item.lexelt, item.instance.id, item.instance.display_context(),
                           query) is not None

    def search(self, query: str) -> list[int]:
        """The items ``matches`` keeps, in order: one substring test each on a lower-cased
        text made at the first search, so that a search stays quick on 100,000 items."""
        needle = query.strip().lower()
        if not needle:
            return list(range(len(self.items)))
        if self._haystacks is None:
            self._haystacks = [
                f"{item.instance.display_context()}\x00{item.instance.id}\x00{item.lexelt}".lower()
                for item in self.items]
        return [index for index, haystack in enumerate(self._haystacks) if needle in haystack]

    def export_rows(self) -> list[JudgementRow]:
        """The rows of the judgements file: items in task order, each candidate judged in the
        order this annotator saw it (added substitutes last)."""
        return self.export_rows_later()()

    def export_rows_later(self) -> Callable[[], list[JudgementRow]]:
        """``export_rows`` of the judgements as they are now, to be made later (on another
        thread): the labels and candidate lists are copied now, the rows made when called."""
        labels = dict(self._labels)
        candidates = [list(each) for each in self._candidates]
        keys = [item.key for item in self.items]
        annotator = self.annotator

        def rows() -> list[JudgementRow]:
            made = []
            for (lexelt, id_), listed in zip(keys, candidates, strict=True):
                for candidate in listed:
                    value = labels.get((lexelt, id_, candidate))
                    if value is not None:
                        made.append(JudgementRow(lexelt, id_, annotator, candidate, value.label,
                                                 value.seconds))
            return made

        return rows

    # -- changing --------------------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        """``listener(indexes)`` is called after every change with the instances it touched."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def set_label(self, index: int, candidate: str, label: str | None,
                  seconds: float | None = None) -> bool:
        """Label one candidate (None takes the label back): one transaction. False when the
        store could not take it (then it is kept as unsaved)."""
        if label is not None and label not in LABELS:
            raise ValueError(f"label {label!r} is not one of {', '.join(LABELS)}")
        if candidate not in self._candidates[index]:
            raise ValueError(f"{candidate!r} is not a candidate of {self.items[index].key}")
        value = None if label is None else StoredJudgement(label, seconds)
        return self._apply(index, {(*self.items[index].key, candidate): value}, {})

    def add_candidate(self, index: int, text: str, label: str | None) -> str | None:
        """Add a substitute the task lacks to the instance, labelled ``label`` (or left to
        judge), as one transaction; returns its stored form, or None when it is empty or the
        instance has it already (compared case-insensitively)."""
        candidate = normalise(text)
        if not candidate or candidate.casefold() in {c.casefold()
                                                     for c in self._candidates[index]}:
            return None
        self._candidates[index].append(candidate)
        key = (*self.items[index].key, candidate)
        labels = {} if label is None else {key: StoredJudgement(label, None)}
        self._apply(index, labels, {key: True})
        return candidate

    def remove_added(self, index: int, candidate: str) -> bool:
        """Take back an added substitute and its label (the undo of ``add_candidate``)."""
        if not self.is_added(index, candidate) or candidate not in self._candidates[index]:
            return True
        self._candidates[index].remove(candidate)
        key = (*self.items[index].key, candidate)
        return self._apply(index, {key: None}, {key: False})

    def restore_added(self, index: int, candidate: str, label: str | None,
                      seconds: float | None) -> bool:
        """Put an added substitute back with its label (the redo of ``add_candidate``)."""
        key = (*self.items[index].key, candidate)
        added = {}
        if candidate not in self._candidates[index]:
            self._candidates[index].append(candidate)
            added = {key: True}
        labels = {} if label is None else {key: StoredJudgement(label, seconds)}
        return self._apply(index, labels, added)

    def restore(self, rows: Iterable[JudgementRow]) -> int:
        """Put back labels written to a rescue file (this annotator's, for this task's items)
        as one transaction; a candidate the item lacks comes back as an added substitute.
        Returns how many labels were put back."""
        labels: dict[CandidateKey, StoredJudgement | None] = {}
        added: dict[CandidateKey, bool] = {}
        touched: list[int] = []
        for row in rows:
            index = self._index.get(row.key)
            if index is None or row.annotator != self.annotator or row.label not in LABELS:
                continue
            key = (row.lexelt, row.id, row.candidate)
            if row.candidate not in self._candidates[index]:
                self._candidates[index].append(row.candidate)
                added[key] = True
            labels[key] = StoredJudgement(row.label, row.seconds)
            touched.append(index)
        if labels:
            self._apply(sorted(set(touched)), labels, added)
        return len(labels)

    def _apply(self, indexes: int | list[int],
               labels: Mapping[CandidateKey, StoredJudgement | None],
               added: dict[CandidateKey, bool]) -> bool:
        changed = [indexes] if isinstance(indexes, int) else indexes
        for key, value in labels.items():
            if value is None:
                self._labels.pop(key, None)
            else:
                self._labels[key] = value
        # Candidates are added or taken back before _apply: the counts follow here.
        self._candidate_count += sum(1 if on else -1 for on in added.values())
        for index in changed:
            done = self._count_done(index)
            self._done_count += int(done) - int(self._done[index])
            self._done[index] = done
        saved = True
        if self.store is not None:
            self._unsaved_labels.update(labels)
            self._unsaved_added.update(added)
            saved = self.retry_saving(busy_timeout_ms=None)
        for listener in list(self._listeners):
            listener(list(changed))
        return saved

    # -- unsaved changes -------------------------------------------------------------------------

    @property
    def unsaved_count(self) -> int:
        return len(self._unsaved_labels) + len(self._unsaved_added)

    def retry_saving(self, busy_timeout_ms: int | None = 0) -> bool:
        """Write every unsaved change in one transaction; True when nothing is left unsaved."""
        if self.store is None or not self.unsaved_count:
            return True
        change = JudgementChange(dict(self._unsaved_labels), dict(self._unsaved_added))
        try:
            if busy_timeout_ms is None:
                self.store.apply(change)
            else:
                self.store.apply(change, busy_timeout_ms)
        except StoreError as error:
            self.save_problem = error
            return False
        self._unsaved_labels.clear()
        self._unsaved_added.clear()
        self.save_problem = None
        return True

    def unsaved_rows(self) -> list[JudgementRow]:
        """The labels not yet in the store (for a rescue file)."""
        keys = {key for key, value in self._unsaved_labels.items() if value is not None}
        return [row for row in self.export_rows() if (row.lexelt, row.id, row.candidate) in keys]

    def set_position(self, index: int) -> None:
        if self.store is not None and 0 <= index < len(self.items):
            # The position is only where to resume; labels are what must be saved.
            with contextlib.suppress(StoreError):
                self.store.set_position(self.items[index].key)

