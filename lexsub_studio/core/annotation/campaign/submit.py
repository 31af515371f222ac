"""Sending a responses file's answers to a campaign, from an annotator's laptop after ``join``.

A team that began with annotator packages moves to the server this way. The file is read and
checked whole before anything is saved: a row the reader reports as an error (among them a NUL
or a lone surrogate, which the server's text cannot hold) stops the submission, with its file,
line and column, and nothing is saved or sent. Then the joined annotator's rows for instances
assigned to them go into the annotator's store for the campaign, as one change: the store stays
the source of truth and its outbox records them, exactly as answers typed in the app; a sync
then sends them.

What is left out is counted with its reason: rows of other annotators, of instances not in the
campaign's corpus, of instances not assigned to the annotator, blank rows; and answers the store
already holds: the same answer is not saved again, and another answer in the store (typed in the
app) is kept unless ``replace`` is given.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.annotation.campaign.db import connect_link, errors_said
from lexsub_studio.core.annotation.campaign.join import store_for
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.package import load_annotation_source
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.work import AnnotationWork, corpus_identity
from lexsub_studio.core.io.formats.responses import ResponsesReadResult, read_responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError

Key = tuple[str, str]
#: How long saving waits for the app's lock on the store (the app may be open on it).
SAVE_BUSY_TIMEOUT_MS = 5000


@dataclass(slots=True)
class Submission:
    """What a responses file brought, and what of it was saved into the store."""

    read: ResponsesReadResult
    saved: list[ResponseRow] = field(default_factory=list)
    other_annotators: Counter[str] = field(default_factory=Counter)
    unknown_instance: int = 0
    not_assigned: int = 0
    blank: int = 0
    same_as_stored: int = 0
    kept_stored: int = 0
    replaced_stored: int = 0
    #: Where the assignment came from: "the server", or the store's last pull when offline.
    assignment_source: str = "the server"
    store_path: Path | None = None

    @property
    def has_errors(self) -> bool:
        """The file has errors: nothing was saved."""
        return self.read.diagnostics.has_errors

    def left_out(self) -> list[str]:
        """A sentence per kind of row left out, with its count and why."""
        lines = []
        if self.other_annotators:
            names = ", ".join(f"{name}: {count}" for name, count
                              in sorted(self.other_annotators.items()))
            lines.append(f"{sum(self.other_annotators.values())} row(s) of other annotators "
                         f"({names}): only your own answers are sent")
        if self.unknown_instance:
            lines.append(f"{self.unknown_instance} row(s) for instances not in the campaign's "
                         "corpus")
        if self.not_assigned:
            lines.append(f"{self.not_assigned} row(s) for instances not assigned to you "
                         f"(the assignment as {self.assignment_source} gives it)")
        if self.blank:
            lines.append(f"{self.blank} blank row(s) (nothing in them)")
        if self.same_as_stored:
            lines.append(f"{self.same_as_stored} answer(s) already the same on this computer")
        if self.kept_stored:
            lines.append(f"{self.kept_stored} answer(s) on this computer differ from the "
                         "file's and are kept (give --replace to take the file's)")
        return lines


def _assigned_keys(link: CampaignLink, store: AnnotationStore) -> tuple[set[Key], str]:
    """The annotator's assignment from the server; offline, the store's last pull of it."""
    try:
        with connect_link(link) as db, errors_said(link.url, "cannot read your assignment"):
            rows = db.execute("SELECT lexelt, id FROM lexsub.assignments WHERE campaign = %s "
                              "AND annotator = %s", (link.campaign, link.annotator)).fetchall()
        return {(str(lexelt), str(id_)) for lexelt, id_ in rows}, "the server"
    except InputError:
        stored = store.campaign_assignments()
        if not stored:
            raise
        return stored, "last pulled into this computer (the server cannot be reached now)"


def submit_responses(link: CampaignLink, responses: str | Path, *, replace: bool = False,
                     annotator_in_file: str | None = None) -> Submission:
    """Check ``responses`` whole, then save the annotator's assigned answers into the store.

    Nothing is saved when the file has errors (``Submission.has_errors``). InputError when the
    file, the corpus or the store cannot be used, or the assignment cannot be had."""
    read = read_responses(responses)
    submission = Submission(read)
    if read.diagnostics.has_errors:
        return submission
    source = load_annotation_source(link.corpus_file)
    store = AnnotationStore.open(store_for(link))
    submission.store_path = store.path
    try:
        store.check_corpus(corpus_identity(source.items, source.digest, source.title))
        store.claim_annotator(link.annotator)
        assigned, submission.assignment_source = _assigned_keys(link, store)
        work = AnnotationWork(source.items, link.annotator, store)
        wanted = annotator_in_file or link.annotator
        submission.other_annotators = Counter(row.annotator for row in read.rows
                                              if row.annotator != wanted)
        plan = work.plan_import(read.rows, annotator=wanted)
        submission.unknown_instance, submission.blank = plan.unknown_instance, plan.blank
        stored = store.load_answers(link.annotator)
        for row in plan.rows:
            mine = ResponseRow(row.lexelt, row.id, link.annotator, row.substitutes,
                               row.multiword, row.nil, row.proper_name, row.comment,
                               row.seconds)
            if mine.key not in assigned:
                submission.not_assigned += 1
                continue
            earlier = stored.get(mine.key)
            if earlier is not None and _same(earlier, mine):
                submission.same_as_stored += 1
                continue
            if earlier is not None and not replace:
                submission.kept_stored += 1
                continue
            submission.replaced_stored += earlier is not None
            submission.saved.append(mine)
        if submission.saved:
            store.apply_changes(submission.saved, [], busy_timeout_ms=SAVE_BUSY_TIMEOUT_MS)
    finally:
        with contextlib.suppress(Exception):
            store.close()
    return submission


def _same(first: ResponseRow, second: ResponseRow) -> bool:
    return (first.substitutes, first.multiword, first.nil, first.proper_name, first.comment,
            first.seconds) == (second.substitutes, second.multiword, second.nil,
                               second.proper_name, second.comment, second.seconds)
