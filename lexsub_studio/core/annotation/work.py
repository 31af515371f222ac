"""Pure annotation logic: statuses, navigation, gentle checks, autocomplete and progress.

``AnnotationWork`` is the annotator's live session without any GUI: the instances in order, the
committed answers, running progress counters and the store they are written to. Views listen to
it (``add_listener``) and change it only through ``commit``/``apply``, so every change is saved
the same way, whether it comes from a key press, an undo or an import.

Statuses (documented in docs/annotation.md):

* ``empty``: nothing saved for the instance.
* ``partial``: something saved, but no answer yet: only a multiword and/or a comment.
* ``done``: at least one substitute, with neither flag set.
* ``flagged``: NIL or proper name set (the annotator's way of saying "no ordinary answer
  here"); organisers review these first.

A change the store cannot take (locked, read-only, full disk) is never lost: it is applied in
memory and kept as *unsaved*, ``save_problem`` says why, and ``retry_saving`` writes every
unsaved answer in one transaction once the store takes writes again.

A campaign's annotator works on the instances assigned to them (``set_assignment``): progress,
"next unfinished" and the instance list then count and show only those (and training items).
Without an assignment every instance is the annotator's, at no cost per instance.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from lexsub_studio.core.annotation.store import AnnotationStore, CorpusIdentity, Key
from lexsub_studio.core.annotation.store_faults import StoreError
from lexsub_studio.core.model.data import Instance, ResponseRow, parse_lexelt
from lexsub_studio.core.model.languages import ENGLISH, Language
from lexsub_studio.core.model.rules import MAX_SUBSTITUTES, UPOS_OF_POS
from lexsub_studio.core.runtime.debug_log import logger

log = logger(__name__)

#: A single visit to an instance counts at most this long, so a lunch break with the window
#: open does not end up in the organiser's timing figures.
MAX_SECONDS_PER_VISIT = 600.0


class Status(StrEnum):
    EMPTY = "empty"
    PARTIAL = "partial"
    DONE = "done"
    FLAGGED = "flagged"


UNFINISHED = frozenset({Status.EMPTY, Status.PARTIAL})


def normalise(text: str) -> str:
    """Trimmed, inner whitespace collapsed: the form in which answers are stored."""
    return " ".join(text.split())


def status_of(row: ResponseRow | None) -> Status:
    if row is None:
        return Status.EMPTY
    if row.nil or row.proper_name:
        return Status.FLAGGED
    if any(s.strip() for s in row.substitutes):
        return Status.DONE
    if row.multiword.strip() or row.comment.strip():
        return Status.PARTIAL
    return Status.EMPTY


def is_empty_answer(row: ResponseRow) -> bool:
    """Nothing worth keeping: no substitute, multiword, flag or comment."""
    return row.is_blank and not row.comment.strip()


# -- gentle checks --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Check:
    """A remark shown beside one field; never blocks saving.

    ``field`` is ``sub1``..``sub3``, ``multiword`` or ``nil``; ``suggestion`` is a replacement
    the annotator may accept with one click (the lemma of an inflected form).
    """

    field: str
    code: str
    message: str
    suggestion: str | None = None


@lru_cache(maxsize=4096)
def lemma_suggestion(word: str, pos: str | None, language: Language = ENGLISH) -> str | None:
    """The lemma of an inflected ``word`` (``smarter`` -> ``smart``) in the corpus
    ``language``, or None (always, for a language without a lemmatiser).

    Only words lemminflect's bundled dictionary knows get a lemma: its rules for unknown words
    guess (``promising`` -> ``promise`` as an adjective, ``up-and-coming`` -> ``up-and-comy``),
    and a wrong hint misleads more than a missing one. In a phrase only a verb at the start
    (``took place`` -> ``take place``) or a plural noun at the end (``bus stops`` ->
    ``bus stop``) is lemmatised: an adjective's degree inside a fixed phrase belongs to it
    (``best and brightest``). With an unknown PoS a single word gets a lemma only when every
    dictionary entry for it agrees. Those phrase rules are English word order: in another
    language only a single word gets a lemma.

    A plural the dictionary also lists as a noun of its own (``movies``, ``games``,
    ``glasses``) is offered the singular it lists first; one it lists first as itself
    (``means``, ``data``) or only as itself (``news``, ``clothes``) gets no hint. The hint is
    a question: the annotator keeps the plural when it is the word meant.
    """
    lemmatiser = language.lemmatiser
    tokens = word.split()
    if not tokens or lemmatiser is None or (len(tokens) > 1 and not lemmatiser.phrases):
        return None
    if len(tokens) == 1:
        candidates = [(0, pos)] if pos in UPOS_OF_POS else [(0, None)]
    elif pos == "v":
        candidates = [(0, "v")]
    elif pos in UPOS_OF_POS:
        candidates = [(len(tokens) - 1, "n")]
    else:
        candidates = [(0, "v"), (len(tokens) - 1, "n")]
    for position, letter in candidates:
        token = tokens[position]
        lower = token.lower()
        if letter is None:
            found = {upos: _hinted_lemmas(lower, upos, lemmas)
                     for upos, lemmas in lemmatiser.dictionary_lemmas(lower).items()}
            if any(lower in lemmas for lemmas in found.values()):
                return None
            lemmas = tuple({lemma for candidates in found.values() for lemma in candidates})
            if len(lemmas) != 1:
                return None
        else:
            lemmas = _hinted_lemmas(lower, UPOS_OF_POS[letter],
                                    lemmatiser.lemmas_as(lower, letter))
        if not lemmas or lower in lemmas:
            continue
        lemma = lemmas[0]
        if token[:1].isupper():
            lemma = lemma[:1].upper() + lemma[1:]
        return " ".join([*tokens[:position], lemma, *tokens[position + 1:]])
    return None


def _hinted_lemmas(word: str, upos: str, lemmas: tuple[str, ...]) -> tuple[str, ...]:
    """The dictionary's lemmas of ``word`` as ``upos`` that a hint may offer: a noun listed
    first under another lemma (``movies``: ``movie``, then ``movies``) is that lemma's plural
    before it is a noun of its own."""
    if upos == UPOS_OF_POS["n"] and len(lemmas) > 1 and lemmas[0] != word:
        return (lemmas[0],)
    return lemmas


def check_answer(substitutes: Sequence[str], multiword: str, nil: bool, proper_name: bool,
                 lexelt: str, head: str, language: Language = ENGLISH) -> list[Check]:
    """Remarks on an answer being typed, in field order.

    ``substitutes`` are the three field texts as typed (empty strings allowed); ``lexelt`` gives
    the target lemma and PoS; ``head`` is the target as it appears in the sentence; the corpus
    ``language`` chooses the lemmatiser behind the inflection and form-of-target remarks.
    """
    name = parse_lexelt(lexelt)
    target_forms = {name.lemma.lower(), head.strip().lower()}
    checks: list[Check] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(substitutes[:MAX_SUBSTITUTES], start=1):
        text = normalise(raw)
        if not text:
            continue
        field_name = f"sub{number}"
        lower = text.lower()
        suggestion = lemma_suggestion(text, name.pos, language)
        of_target = suggestion is not None and suggestion.lower() in target_forms
        if of_target:
            # Offering the target as the lemma would only lead to the same-as-target check.
            suggestion = None
        if lower in target_forms:
            checks.append(Check(field_name, "same-as-target",
                                "This is the target word itself; give a word that could "
                                "replace it."))
        elif of_target:
            checks.append(Check(field_name, "form-of-target",
                                f"This is a form of the target word itself ({name.lemma}); "
                                "give a word that could replace it."))
        if lower in seen:
            checks.append(Check(field_name, "duplicate",
                                f"Already given as substitute {seen[lower]}."))
        else:
            seen[lower] = number
        if suggestion is not None and suggestion.lower() != lower:
            checks.append(Check(field_name, "inflected",
                                f"Looks inflected; substitutes are lemmas: {suggestion}?",
                                suggestion))
    filled = bool(seen) or bool(normalise(multiword))
    if nil and filled:
        checks.append(Check("nil", "answers-with-nil",
                            "NIL is set but answers are given: NIL means no substitute; "
                            "the answers will not count."))
    if proper_name and seen:
        checks.append(Check("nil", "answers-with-proper-name",
                            "Proper name is set, so these substitutes will not count."))
    mw = normalise(multiword)
    if mw:
        suggestion = lemma_suggestion(mw, "v" if name.pos == "v" else None, language)
        if suggestion is not None and suggestion.lower() != mw.lower():
            checks.append(Check("multiword", "inflected",
                                f"Multiwords are given as lemmas: {suggestion}?", suggestion))
    return checks


# -- the session ----------------------------------------------------------------------------------

class WorkItem(NamedTuple):
    """One instance to annotate. Training items come first in a package and are not exported.

    A named tuple because a corpus may hold 100,000 of them and they are built at every open.
    """

    lexelt: str
    instance: Instance
    training: bool = False

    @property
    def key(self) -> Key:
        return (self.lexelt, self.instance.id)


@dataclass(slots=True)
class LexeltProgress:
    total: int = 0
    #: Instances per status (a status none has may be missing). A plain dict: a corpus may
    #: have as many lexelts as instances, and a Counter costs some microseconds to make.
    counts: dict[Status, int] = field(default_factory=dict)

    @property
    def finished(self) -> int:
        counts = self.counts
        return counts.get(Status.DONE, 0) + counts.get(Status.FLAGGED, 0)


@dataclass(frozen=True, slots=True)
class ProgressSummary:
    """What the status bar and the summary dialog show (training items not counted)."""

    total: int
    empty: int
    partial: int
    done: int
    flagged: int
    nil: int
    proper_name: int
    multiword: int
    seconds: float
    per_lexelt: dict[str, tuple[int, int]]  # lexelt -> (finished, total)

    @property
    def finished(self) -> int:
        return self.done + self.flagged

    @property
    def percent(self) -> float:
        return 100.0 * self.finished / self.total if self.total else 100.0


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What importing a responses file would change, and what it leaves out (with reasons)."""

    rows: list[ResponseRow]
    replaced: int
    unknown_instance: int
    other_annotator: int
    blank: int

    @property
    def skipped(self) -> int:
        return self.unknown_instance + self.other_annotator + self.blank


Listener = Callable[[Sequence[int]], None]
SaveListener = Callable[[], None]
#: Called with the (lexelt, id) keys whose answers (or clearings) the store has just committed.
SavedListener = Callable[[list[tuple[str, str]]], None]


def corpus_identity(items: Sequence[WorkItem], digest: str, title: str) -> CorpusIdentity:
    """The sentences' fingerprint (ids, targets and contexts, in order) with the file's digest.

    The fingerprint, not the digest, decides whether a store belongs to a corpus: it is what the
    answers are attached to.
    """
    fingerprint = hashlib.sha256()
    for item in items:
        instance = item.instance
        fingerprint.update(f"{item.lexelt}\x1f{instance.id}\x1f{instance.head_start}\x1f"
                           f"{instance.head_end}\x1f{instance.context}\x1e".encode())
    return CorpusIdentity(fingerprint.hexdigest()[:32], digest, title, len(items))


class AnnotationWork:
    """The annotator's answers over an ordered list of instances, saved as they change."""

    def __init__(self, items: Sequence[WorkItem], annotator: str,
                 store: AnnotationStore | None = None,
                 answers: dict[Key, ResponseRow] | None = None) -> None:
        self.items = list(items)
        self.annotator = annotator
        self.store = store
        self._index = {(item.lexelt, item.instance.id): i for i, item in enumerate(self.items)}
        if len(self._index) != len(self.items):
            raise ValueError("instance keys (lexelt, id) must be unique")
        loaded = answers if answers is not None else (
            store.load_answers(annotator) if store is not None else {})
        self._answers: dict[Key, ResponseRow] = {k: v for k, v in loaded.items()
                                                 if k in self._index}
        #: Answers found in the store for instances this corpus does not have (kept, not shown).
        self.orphan_answers = len(loaded) - len(self._answers)
        self._lexelt_items: dict[str, list[int]] = {}
        for i, item in enumerate(self.items):
            indexes = self._lexelt_items.get(item.lexelt)
            if indexes is None:
                self._lexelt_items[item.lexelt] = [i]
            else:
                indexes.append(i)
        # Everything starts empty; only the answered instances are then recounted, so opening
        # a large corpus costs one pass over the instances, not one status computation each.
        self._status = [Status.EMPTY] * len(self.items)
        self._counts: Counter[Status] = Counter()
        #: Instances counted in the progress per lexelt (the lexelts with any, corpus order).
        self._lexelt_totals: dict[str, int] = {}
        #: Statuses per lexelt, made when one of its instances first changes status: until
        #: then every one of its instances is empty. A corpus may have as many lexelts as
        #: instances, and an object per lexelt, made as it opens, is work for the collector,
        #: which then stalls the window's thread (docs/performance.md).
        self._lexelt_counts: dict[str, LexeltProgress] = {}
        items = self.items
        with_training = any(item.training for item in items)
        empty = 0
        if with_training:
            for lexelt, indexes in self._lexelt_items.items():
                counted = sum(1 for i in indexes if not items[i].training)
                if counted:
                    self._lexelt_totals[lexelt] = counted
                    empty += counted
        else:  # every instance counts: the totals made in C, whatever the number of lexelts
            self._lexelt_totals = dict(zip(self._lexelt_items,
                                           map(len, self._lexelt_items.values()), strict=True))
            empty = len(items)
        if empty:
            self._counts[Status.EMPTY] = empty
        for key, row in self._answers.items():
            index = self._index[key]
            if self.items[index].training:
                self._status[index] = status_of(row)
            else:
                self._count(index, -1)
                self._status[index] = status_of(row)
                self._count(index, +1)
        #: Per instance, whether it is the annotator's (assigned, or a training item); None
        #: while the whole corpus is (no campaign assignment).
        self._assigned: list[bool] | None = None
        self._listeners: list[Listener] = []
        #: Changes the store has not taken yet: key -> answer (None: the answer was cleared).
        self._unsaved: dict[Key, ResponseRow | None] = {}
        #: Why the last save failed, while answers are unsaved; None when everything is saved.
        self.save_problem: StoreError | None = None
        self._save_listeners: list[SaveListener] = []
        self._saved_listeners: list[SavedListener] = []

    # -- reading ---------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.items)

    def index_of(self, key: Key) -> int | None:
        return self._index.get(key)

    def answer(self, index: int) -> ResponseRow | None:
        return self._answers.get(self.items[index].key)

    def status(self, index: int) -> Status:
        return self._status[index]

    def lexelts(self) -> list[str]:
        return list(self._lexelt_items)

    def assigned_lexelts(self) -> list[str]:
        """The lexelts with at least one instance of the annotator's, in corpus order."""
        assigned = self._assigned
        if assigned is None:
            return list(self._lexelt_items)
        return [lexelt for lexelt, indexes in self._lexelt_items.items()
                if any(assigned[i] for i in indexes)]

    # -- the campaign's assignment ---------------------------------------------------------------

    @property
    def assignment_mask(self) -> list[bool] | None:
        """Per instance, whether it is the annotator's; None when every instance is."""
        return self._assigned

    def is_assigned(self, index: int) -> bool:
        return self._assigned is None or self._assigned[index]

    def assigned_count(self) -> int:
        """How many instances (training items included) are the annotator's."""
        return len(self.items) if self._assigned is None else sum(self._assigned)

    def set_assignment(self, keys: Collection[Key] | None) -> bool:
        """Narrow the work to the instances of ``keys`` (training items always stay); None
        widens it to the whole corpus. Returns whether anything changed.

        An assignment naming none of this corpus's instances (nothing pulled yet, or nothing
        assigned so far) leaves the whole corpus open rather than an empty list. Keys of
        instances the corpus does not have are ignored.
        """
        assigned: list[bool] | None = None
        if keys:
            indexes = [i for i in (self._index.get(key) for key in keys) if i is not None]
            if indexes:
                assigned = [item.training for item in self.items]
                for i in indexes:
                    assigned[i] = True
        if assigned == self._assigned:
            return False
        self._assigned = assigned
        self._recount()
        return True

    def resume_index(self) -> int:
        """Where to start: the stored position, else the first unfinished instance, else 0."""
        if self.store is not None:
            try:
                position = self.store.position()
            except StoreError:
                position = None  # a position is a convenience: start at the first unfinished
            if position is not None and position in self._index:
                index = self._index[position]
                if self.is_assigned(index):
                    return index
        first = self.next_unfinished(-1)
        return 0 if first is None else first

    def next_unfinished(self, start: int, step: int = 1) -> int | None:
        """The next empty or partial instance after ``start`` (wrapping), or None if none is left.

        ``start`` itself is considered last, so a lone unfinished instance is found again.
        """
        count = len(self.items)
        if count == 0:
            return None
        statuses = self._status
        assigned = self._assigned
        position = start
        if assigned is None:
            for _ in range(count):
                position = (position + step) % count
                if statuses[position] in UNFINISHED:
                    return position
            return None
        for _ in range(count):
            position = (position + step) % count
            if assigned[position] and statuses[position] in UNFINISHED:
                return position
        return None

    def suggestions(self, lexelt: str) -> list[str]:
        """This annotator's earlier substitutes and multiwords for ``lexelt``, most used first."""
        counter: Counter[str] = Counter()
        for i in self._lexelt_items.get(lexelt, ()):
            row = self._answers.get(self.items[i].key)
            if row is not None:
                counter.update(s for s in row.substitutes if s)
                if row.multiword:
                    counter[row.multiword] += 1
        return [word for word, _ in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))]

    def progress(self) -> ProgressSummary:
        nil = proper = multiword = 0
        seconds = 0.0
        for key, row in self._answers.items():
            if not self._counted(self._index[key]):
                continue
            nil += row.nil
            proper += row.proper_name
            multiword += bool(row.multiword)
            seconds += row.seconds or 0.0
        counts = self._counts
        return ProgressSummary(
            total=sum(counts.values()), empty=counts[Status.EMPTY],
            partial=counts[Status.PARTIAL], done=counts[Status.DONE],
            flagged=counts[Status.FLAGGED], nil=nil, proper_name=proper, multiword=multiword,
            seconds=seconds,
            per_lexelt={lexelt: self.lexelt_progress(lexelt) for lexelt in self._lexelt_totals})

    def overall_progress(self) -> tuple[int, int]:
        """(finished, total) over the annotator's non-training instances, from running counters
        (cheap)."""
        counts = self._counts
        return counts[Status.DONE] + counts[Status.FLAGGED], sum(counts.values())

    def lexelt_progress(self, lexelt: str) -> tuple[int, int]:
        progress = self._lexelt_counts.get(lexelt)
        if progress is None:
            return 0, self._lexelt_totals.get(lexelt, 0)
        return progress.finished, progress.total

    def export_rows(self) -> list[ResponseRow]:
        """The rows of the responses file, in corpus order, without training items or empty
        answers."""
        rows = []
        for item in self.items:
            row = self._answers.get(item.key)
            if row is not None and not item.training and not is_empty_answer(row):
                rows.append(row)
        return rows

    # -- changing --------------------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        """``listener(indexes)`` is called after every change with the instances that changed."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def make_row(self, index: int, substitutes: Iterable[str], multiword: str = "",
                 nil: bool = False, proper_name: bool = False, comment: str = "",
                 seconds: float | None = None) -> ResponseRow | None:
        """An answer for instance ``index`` with every text normalised; None if nothing is in it."""
        item = self.items[index]
        subs = tuple(text for text in (normalise(s) for s in substitutes) if text)
        row = ResponseRow(item.lexelt, item.instance.id, self.annotator,
                          subs[:MAX_SUBSTITUTES], normalise(multiword), nil, proper_name,
                          normalise(comment), seconds)
        return None if is_empty_answer(row) else row

    def commit(self, index: int, row: ResponseRow | None) -> bool:
        """Save (or, with None, clear) the answer of instance ``index``: one store transaction.

        Returns False when the store could not take it: the answer is then kept as unsaved.
        """
        return self.apply({index: row})

    def apply(self, changes: dict[int, ResponseRow | None]) -> bool:
        """Save several answers as one change (one transaction), then tell the listeners.

        The change always takes effect in memory. Returns False when the store could not be
        written: the change joins the unsaved answers and ``save_problem`` says why.
        """
        if not changes:
            return True
        for index, row in changes.items():
            if row is not None and row.key != self.items[index].key:
                raise ValueError(f"answer for {row.key} given to instance {self.items[index].key}")
            if row is not None and len(row.substitutes) > MAX_SUBSTITUTES:
                raise ValueError(f"{row.lexelt} {row.id}: at most {MAX_SUBSTITUTES} substitutes")
        if self.store is not None:
            for index, row in changes.items():
                self._unsaved[self.items[index].key] = row
        saved = self._save_unsaved(busy_timeout_ms=None)
        for index, row in changes.items():
            key = self.items[index].key
            counted = self._counted(index)
            if counted:
                self._count(index, -1)
            if row is None:
                self._answers.pop(key, None)
            else:
                self._answers[key] = row
            self._status[index] = status_of(row)
            if counted:
                self._count(index, +1)
        changed = sorted(changes)
        for listener in list(self._listeners):
            listener(changed)
        return saved

    # -- unsaved answers -------------------------------------------------------------------------

    def add_save_listener(self, listener: SaveListener) -> None:
        """``listener()`` is called when answers become unsaved, stay unsaved, or get saved."""
        self._save_listeners.append(listener)

    def remove_save_listener(self, listener: SaveListener) -> None:
        self._save_listeners.remove(listener)

    def add_saved_listener(self, listener: SavedListener) -> None:
        """``listener(keys)`` is called once the store has committed the answers of ``keys``
        (after the SQLite transaction, so a reader of the store file finds them)."""
        self._saved_listeners.append(listener)

    def remove_saved_listener(self, listener: SavedListener) -> None:
        self._saved_listeners.remove(listener)

    @property
    def unsaved_count(self) -> int:
        return len(self._unsaved)

    def is_unsaved(self, index: int) -> bool:
        return self.items[index].key in self._unsaved

    def unsaved_rows(self) -> list[ResponseRow]:
        """The unsaved answers (not the unsaved clearings), in corpus order."""
        rows = [row for key, row in self._unsaved.items() if row is not None]
        return sorted(rows, key=lambda row: self._index[row.key])

    def retry_saving(self, busy_timeout_ms: int = 0) -> bool:
        """Write every unsaved answer in one transaction; True when nothing is left unsaved.

        Retries do not wait for a lock by default: they run on a timer on the GUI thread.
        """
        return self._save_unsaved(busy_timeout_ms)

    def session_rows(self) -> list[ResponseRow]:
        """Every answer of the session, saved or not (training items too), in corpus order:
        what must be rescued when the store itself is lost (store_identity.py)."""
        rows = {key: row for key, row in self._answers.items()}
        for key, row in self._unsaved.items():
            if row is None:
                rows.pop(key, None)
            else:
                rows[key] = row
        return sorted(rows.values(), key=lambda row: self._index[row.key])

    def forget_unsaved(self) -> None:
        """Drop the unsaved answers from the save queue (once they are in a rescue file)."""
        self._unsaved.clear()
        self.save_problem = None
        self._tell_save_listeners()

    def _save_unsaved(self, busy_timeout_ms: int | None) -> bool:
        if self.store is None or not self._unsaved:
            return True
        saved = [row for row in self._unsaved.values() if row is not None]
        deleted = [key for key, row in self._unsaved.items() if row is None]
        try:
            if busy_timeout_ms is None:
                self.store.apply_changes(saved, deleted)
            else:
                self.store.apply_changes(saved, deleted, busy_timeout_ms)
        except StoreError as error:
            log.debug("%d unsaved changes kept for a retry: %s", len(self._unsaved), error)
            self.save_problem = error
            self._tell_save_listeners()
            return False
        had_problem = self.save_problem is not None
        if had_problem:
            log.debug("%d unsaved changes saved on a retry", len(self._unsaved))
        committed = list(self._unsaved)
        self._unsaved.clear()
        self.save_problem = None
        if had_problem:
            self._tell_save_listeners()
        for saved_listener in list(self._saved_listeners):
            saved_listener(committed)
        return True

    def _tell_save_listeners(self) -> None:
        for listener in list(self._save_listeners):
            listener()

    def set_position(self, index: int) -> None:
        if self.store is not None and 0 <= index < len(self.items):
            # The position is only where to resume; answers are what must be saved.
            with contextlib.suppress(StoreError):
                self.store.set_position(self.items[index].key)

    def plan_import(self, rows: Iterable[ResponseRow], annotator: str | None = None) -> ImportPlan:
        """Choose the rows of ``annotator`` (default: this annotator) for instances we have."""
        wanted = self.annotator if annotator is None else annotator
        chosen: list[ResponseRow] = []
        replaced = unknown = other = blank = 0
        for row in rows:
            if row.annotator != wanted:
                other += 1
                continue
            index = self._index.get(row.key)
            if index is None:
                unknown += 1
                continue
            mine = self.make_row(index, row.substitutes, row.multiword, row.nil,
                                 row.proper_name, row.comment, row.seconds)
            if mine is None:
                blank += 1
                continue
            replaced += row.key in self._answers
            chosen.append(mine)
        return ImportPlan(chosen, replaced, unknown, other, blank)

    # -- internals -------------------------------------------------------------------------------

    def _counted(self, index: int) -> bool:
        """Whether the instance counts in the progress: the annotator's, and not training."""
        assigned = self._assigned
        return not self.items[index].training and (assigned is None or assigned[index])

    def _recount(self) -> None:
        """The progress counters again from the statuses: one pass, at an assignment change."""
        self._counts = Counter()
        self._lexelt_totals = {}
        self._lexelt_counts = {}
        for lexelt, indexes in self._lexelt_items.items():
            counts: Counter[Status] = Counter(self._status[i] for i in indexes
                                              if self._counted(i))
            total = sum(counts.values())
            if total:
                self._lexelt_totals[lexelt] = total
                self._lexelt_counts[lexelt] = LexeltProgress(total, counts)
                self._counts.update(counts)

    def _count(self, index: int, sign: int) -> None:
        status = self._status[index]
        lexelt = self.items[index].lexelt
        self._counts[status] += sign
        progress = self._lexelt_counts.get(lexelt)
        if progress is None:
            total = self._lexelt_totals.setdefault(lexelt, 0)
            progress = LexeltProgress(total, {Status.EMPTY: total} if total else {})
            self._lexelt_counts[lexelt] = progress
        progress.counts[status] = progress.counts.get(status, 0) + sign
        progress.total += sign


class VisitClock:
    """Seconds spent on the current instance, capped per visit (see MAX_SECONDS_PER_VISIT)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._started = clock()

    def restart(self) -> None:
        self._started = self._clock()

    def take(self) -> float:
        """The seconds since the last restart (capped), and restart."""
        now = self._clock()
        elapsed = min(max(now - self._started, 0.0), MAX_SECONDS_PER_VISIT)
        self._started = now
        return round(elapsed, 1)
