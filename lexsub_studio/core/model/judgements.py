"""Judgements of candidate substitutes: the labels, one annotator's judgement, and the votes of
every annotator on one candidate of one item, with the majority rule every consumer shares.

An annotator judges a candidate *acceptable*, *not-acceptable* or *unsure* in its sentence
(the SWORDS protocol; the post-hoc evaluation of SemEval-2007). Candidates are compared as
responses are pooled (core/model/response_form.py: trimmed, inner whitespace collapsed,
lower-cased), so ``Clever`` and ``clever`` are one candidate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lexsub_studio.core.model.response_form import normalise_response

ACCEPTABLE = "acceptable"
NOT_ACCEPTABLE = "not-acceptable"
UNSURE = "unsure"
#: The labels of a judgements file, in the order reports list them.
LABELS: tuple[str, ...] = (ACCEPTABLE, NOT_ACCEPTABLE, UNSURE)
#: The SWORDS benchmark's name of each label.
SWORDS_LABELS = {ACCEPTABLE: "TRUE", NOT_ACCEPTABLE: "FALSE", UNSURE: "UNSURE"}


@dataclass(frozen=True, slots=True)
class JudgementRow:
    """One annotator's label of one candidate of one instance; ``line``: where it was read."""

    lexelt: str
    id: str
    annotator: str
    candidate: str
    label: str
    seconds: float | None = None
    line: int | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)


def candidate_form(candidate: str) -> str:
    """The form a candidate is compared by (and pooled under)."""
    return normalise_response(candidate)


@dataclass(slots=True)
class CandidateVotes:
    """Every annotator's label of one candidate of one item, in the order they were read."""

    lexelt: str
    id: str
    candidate: str
    labels: dict[str, str] = field(default_factory=dict)

    def count(self, label: str) -> int:
        return sum(given == label for given in self.labels.values())

    @property
    def acceptable(self) -> int:
        return self.count(ACCEPTABLE)

    @property
    def judges(self) -> int:
        return len(self.labels)

    def accepted_by_majority(self) -> bool:
        """More than half of its judges said acceptable. *unsure* is a judgement that is not
        acceptable, so it counts among the judges; a tie (2 of 4) is not a majority."""
        return 2 * self.acceptable > self.judges


@dataclass(slots=True)
class JudgementVotes:
    """The votes of every annotator, item by item (first appearance order), candidate by
    candidate (compared by ``candidate_form``); ``repeated``: a second label of one annotator
    for one candidate found in another file (or under another spelling), which is left out,
    each named by its file and line."""

    items: dict[tuple[str, str], dict[str, CandidateVotes]] = field(default_factory=dict)
    annotators: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)

    def get(self, key: tuple[str, str], candidate: str) -> CandidateVotes | None:
        return self.items.get(key, {}).get(candidate_form(candidate))

    def candidates(self) -> Iterable[CandidateVotes]:
        for item in self.items.values():
            yield from item.values()


def tally_judgements(rows: Iterable[JudgementRow], source: str = "") -> JudgementVotes:
    """The votes of ``rows`` (every file's rows, in the order given)."""
    votes = JudgementVotes()
    seen_annotators: dict[str, None] = {}
    return _add_rows(votes, rows, seen_annotators, source)


def tally_judgement_files(files: Iterable[tuple[str, Iterable[JudgementRow]]]) -> JudgementVotes:
    """The votes of several files' rows, each given as (file name, rows)."""
    votes = JudgementVotes()
    seen_annotators: dict[str, None] = {}
    for source, rows in files:
        _add_rows(votes, rows, seen_annotators, source)
    return votes


def _add_rows(votes: JudgementVotes, rows: Iterable[JudgementRow],
              seen_annotators: dict[str, None], source: str) -> JudgementVotes:
    for row in rows:
        item = votes.items.setdefault(row.key, {})
        form = candidate_form(row.candidate)
        candidate = item.get(form)
        if candidate is None:
            candidate = item[form] = CandidateVotes(row.lexelt, row.id, form)
        if row.annotator in candidate.labels:
            where = f"{source}:{row.line}" if row.line is not None else source or "a file"
            votes.repeated.append(
                f"{where}: annotator '{row.annotator}' judged '{row.candidate}' of "
                f"{row.lexelt} {row.id} already; the first judgement counts")
            continue
        candidate.labels[row.annotator] = row.label
        if row.annotator not in seen_annotators:
            seen_annotators[row.annotator] = None
            votes.annotators.append(row.annotator)
    return votes
