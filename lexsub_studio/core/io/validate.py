"""Check any LexSub file and summarise it: the pipeline behind ``lexsub validate``.

``validate_file`` detects the kind (unless given), reads the file with the clean reader of that
kind, and returns a FileReport: a summary of plain JSON-ready values and every diagnostic. Nothing
here prints; the CLI and the GUI present the report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from lexsub_studio.core.io.formats import detect
from lexsub_studio.core.io.formats.gold import GoldReadResult, read_gold_bytes
from lexsub_studio.core.io.formats.responses import ResponsesReadResult, read_responses_bytes
from lexsub_studio.core.io.formats.system import SystemReadResult, read_system_bytes
from lexsub_studio.core.io.formats.textfile import utf16_problem
from lexsub_studio.core.io.formats.weighted import WeightedReadResult, read_weighted_bytes
from lexsub_studio.core.io.summary_counts import pos_counts, spread
from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostic, InputError, Severity

KINDS = tuple(detect.KINDS)
#: A file's summary and its diagnostics, as each kind's reader gives them.
Summary = tuple[dict[str, Any], list[Diagnostic]]


@dataclass(slots=True)
class FileReport:
    """The result of validating one file."""

    path: str
    kind: str | None
    #: Why this kind: "given" (chosen by the caller) or the detector's reason.
    kind_reason: str
    summary: dict[str, Any] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Set when the file could not be read at all (missing, not UTF-8, malformed XML, ...).
    unreadable: Diagnostic | None = None

    def count(self, severity: Severity) -> int:
        own = sum(d.severity is severity for d in self.diagnostics)
        return own + (1 if self.unreadable is not None and severity is Severity.ERROR else 0)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        return self.count(Severity.WARNING)

    def to_json(self) -> dict[str, Any]:
        problems = ([self.unreadable] if self.unreadable else []) + self.diagnostics
        return {
            "path": self.path,
            "kind": self.kind,
            "kind_reason": self.kind_reason,
            "readable": self.unreadable is None,
            "errors": self.errors,
            "warnings": self.warnings,
            "summary": self.summary,
            "problems": [diagnostic_to_json(d) for d in problems],
        }


def diagnostic_to_json(diagnostic: Diagnostic) -> dict[str, Any]:
    return {"severity": diagnostic.severity.value, "code": diagnostic.code,
            "message": diagnostic.message, "path": diagnostic.path,
            "line": diagnostic.line, "column": diagnostic.column}


def validate_file(path: str | Path, kind: str | None = None) -> FileReport:
    """Validate one file. ``kind`` (one of KINDS) skips detection. Never raises for bad input."""
    display = str(path)
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    reason = "given"
    try:
        # Read once: detection and the reader share the bytes (a pipe cannot be read twice).
        data = detect.read_detection_bytes(path)
        if kind is None:
            detection = detect.detect_kind(data, Path(path).name)
            if detection.kind is None and (utf16 := utf16_problem(data)):
                # No --kind would help: the file has to be saved as UTF-8 first.
                return FileReport(display, None, detection.reason, unreadable=Diagnostic(
                    Severity.ERROR, "not-utf8", f"{utf16}; save it as UTF-8 and try again",
                    display))
            if detection.kind is None:
                return FileReport(display, None, detection.reason, unreadable=Diagnostic(
                    Severity.ERROR, "unknown-kind",
                    f"cannot tell what kind of file this is ({detection.reason}); "
                    f"give it with --kind ({', '.join(KINDS)})", display))
            kind, reason = detection.kind, detection.reason
        summary, diagnostics = _READERS[kind](data, display)
    except InputError as error:
        return FileReport(display, kind, reason, unreadable=error.diagnostic)
    except OSError as error:
        return FileReport(display, kind, reason, unreadable=Diagnostic(
            Severity.ERROR, "unreadable", error.strerror or str(error), display))
    return FileReport(display, kind, reason, summary, diagnostics)


def _validate_gold(data: bytes, path: str, multiword: bool) -> Summary:
    result = read_gold_bytes(data, path, multiword=multiword)
    return summarise_gold(result), list(result.diagnostics)


def _validate_system(data: bytes, path: str, kind: str) -> Summary:
    result = read_system_bytes(data, kind, path)
    return summarise_system(result), list(result.diagnostics)


def _validate_weighted(data: bytes, path: str) -> Summary:
    result = read_weighted_bytes(data, path)
    return summarise_weighted(result), list(result.diagnostics)


def _validate_responses(data: bytes, path: str) -> Summary:
    result = read_responses_bytes(data, path)
    return summarise_responses(result), list(result.diagnostics)


def _validate_corpus(data: bytes, path: str) -> Summary:
    try:
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
    except ImportError as error:  # the corpus reader ships separately from this module
        raise InputError.at(path, "no-corpus-reader",
                            f"the corpus reader is not available ({error})") from None
    result = read_corpus_bytes(data, path)
    return summarise_corpus(result), list(result.diagnostics)


def _validate_benchmark(data: bytes, path: str, kind: str) -> Summary:
    from lexsub_studio.core.io.formats.benchmarks import validate_bytes
    return validate_bytes(data, path, kind)


def _validate_judgements(data: bytes, path: str) -> Summary:
    from lexsub_studio.core.io.formats.judgements import read_judgements_bytes
    from lexsub_studio.core.model.judgements import LABELS

    result = read_judgements_bytes(data, path)
    rows = result.rows
    annotators = sorted({row.annotator for row in rows})
    items = {row.key for row in rows}
    summary: dict[str, Any] = {
        "rows": len(rows),
        "annotators": len(annotators),
        "annotator_names": annotators,
        "instances": len(items),
        "lexelts": len({lexelt for lexelt, _ in items}),
        "pos": pos_counts(lexelt for lexelt, _ in items),
        "candidates": len({(row.key, row.candidate.casefold()) for row in rows}),
        "labels": {label: sum(row.label == label for row in rows) for label in LABELS},
        "rows_with_seconds": sum(row.seconds is not None for row in rows),
        "blank_lines": result.stats.blank_lines,
        "ignored_rows": result.stats.ignored_rows,
    }
    return summary, list(result.diagnostics)


def _validate_task(data: bytes, path: str) -> Summary:
    from lexsub_studio.core.io.formats.judgement_task import parse_task_bytes

    result = parse_task_bytes(data, path)
    task = result.task
    counts = [len(item.candidates) for item in task.items]
    summary: dict[str, Any] = {
        "instances": len(task.corpus),
        "items": len(task.items),
        "candidates": sum(counts),
        "candidates_per_item": spread(counts),
        "cut": sum(len(item.cut) for item in task.items),
        "items_without_candidates": sum(not count for count in counts),
        "sources": dict(sorted(Counter(source for item in task.items
                                       for candidate in item.candidates
                                       for source in candidate.sources).items())),
        "annotators": sorted(task.annotators),
        "seed": task.seed,
        "max_candidates": task.max_candidates,
    }
    return summary, list(result.diagnostics)


_READERS: dict[str, Callable[[bytes, str], Summary]] = {
    "corpus": _validate_corpus,
    "gold": lambda data, path: _validate_gold(data, path, multiword=False),
    "mwgold": lambda data, path: _validate_gold(data, path, multiword=True),
    "best": lambda data, path: _validate_system(data, path, "best"),
    "oot": lambda data, path: _validate_system(data, path, "oot"),
    "mw": lambda data, path: _validate_system(data, path, "mw"),
    "weighted": _validate_weighted,
    "responses": _validate_responses,
    "judgements": lambda data, path: _validate_judgements(data, path),
    "judgement-task": lambda data, path: _validate_task(data, path),
    **{kind: partial(_validate_benchmark, kind=kind)
       for kind in ("coinco", "swords", "swords-result", "simplification")},
}


# --- summaries ---------------------------------------------------------------------------------

def summarise_gold(result: GoldReadResult) -> dict[str, Any]:
    items = result.items
    summary: dict[str, Any] = {
        "lines": result.stats.get("lines", 0),
        "items": len(items),
        "lexelts": len({item.lexelt for item in items}),
        "pos": pos_counts(item.lexelt for item in items),
        "corrected_pos_items": sum(parse_lexelt(item.lexelt).pos_corrected for item in items),
        "entries": sum(len(item.entries) for item in items),
        "entries_per_item": spread(len(item.entries) for item in items),
        "annotations_per_item": spread(sum(c for _, c in item.entries) for item in items),
    }
    if result.multiword:
        # The multiword scorer counts an item only when two or more annotators agree on one.
        summary["items_with_mode"] = sum(rules.substitute_mode(item.entries) is not None
                                         for item in items)
    else:
        in_t = [item for item in items if rules.gold_item_in_t(item.entries)]
        summary["items_in_T"] = len(in_t)
        summary["items_with_mode"] = sum(rules.substitute_mode(item.entries) is not None
                                         for item in in_t)
        summary["pn_entries"] = sum(sub == rules.PROPER_NAME_ENTRY
                                    for item in items for sub, _ in item.entries)
    summary["multiword_entries"] = sum(" " in sub for item in items for sub, _ in item.entries)
    summary["items_without_entries"] = sum(not item.entries for item in items)
    summary["ignored_lines"] = result.stats.get("ignored_lines", 0)
    summary["ignored_entries"] = result.stats.get("ignored_entries", 0)
    summary["merged_entries"] = result.stats.get("merged_entries", 0)
    return summary


def summarise_system(result: SystemReadResult) -> dict[str, Any]:
    answers = result.answers
    stats = result.stats
    summary: dict[str, Any] = {
        "lines": stats.get("lines", 0) - stats.get("blank_lines", 0),
        "items": len(answers),
        "lexelts": len({answer.lexelt for answer in answers}),
        "pos": pos_counts(answer.lexelt for answer in answers),
        "answers": sum(len(answer.answers) for answer in answers),
        "answers_per_line": spread(len(answer.answers) for answer in answers),
        "multiword_answers": sum(" " in text for answer in answers for text in answer.answers),
        "lines_without_answers": stats.get("empty_lines", 0),
        "empty_answers_dropped": stats.get("empty_answers", 0),
        "duplicate_lines": stats.get("duplicate_lines", 0),
        "wrong_kind_lines": stats.get("wrong_kind_lines", 0),
        "ignored_lines": stats.get("ignored_lines", 0),
    }
    if result.kind == "oot":
        summary["lines_over_10_answers"] = stats.get("over_limit_lines", 0)
    return summary


def summarise_weighted(result: WeightedReadResult) -> dict[str, Any]:
    answers = result.answers
    stats = result.stats
    return {
        "lines": stats.get("lines", 0) - stats.get("blank_lines", 0),
        "items": len(answers),
        "lexelts": len({answer.lexelt for answer in answers}),
        "pos": pos_counts(answer.lexelt for answer in answers),
        "answers": sum(len(answer.ranked) for answer in answers),
        "answers_per_line": spread(len(answer.ranked) for answer in answers),
        "weighted_lines": stats.get("weighted_lines", 0),
        "uniform_lines": stats.get("uniform_lines", 0),
        "top_weight": spread(answer.ranked[0][1] for answer in answers if answer.ranked),
        "comments": stats.get("comments", 0),
        "duplicate_lines": stats.get("duplicate_lines", 0),
        "ignored_lines": stats.get("ignored_lines", 0),
        "ignored_answers": stats.get("ignored_answers", 0),
    }


def summarise_responses(result: ResponsesReadResult) -> dict[str, Any]:
    rows = result.rows
    annotators = sorted({row.annotator for row in rows})
    instances: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        instances.setdefault(row.key, set()).add(row.annotator)
    answered = [row for row in rows if row.substitutes and not (row.nil or row.proper_name)]
    timed = [row.seconds for row in rows if row.seconds is not None]
    per_annotator = Counter(row.annotator for row in rows)
    return {
        "rows": len(rows),
        "annotators": len(annotators),
        "annotator_names": annotators,
        "instances": len(instances),
        "lexelts": len({lexelt for lexelt, _ in instances}),
        "pos": pos_counts(lexelt for lexelt, _ in instances),
        "rows_per_annotator": {name: per_annotator[name] for name in annotators},
        "instances_missing_an_annotator": sum(len(who) < len(annotators)
                                              for who in instances.values()),
        "substitutes_per_answered_row": spread(len(row.substitutes) for row in answered),
        "nil_rows": sum(row.nil for row in rows),
        "proper_name_rows": sum(row.proper_name for row in rows),
        "multiword_rows": sum(bool(row.multiword) for row in rows),
        "blank_rows": sum(row.is_blank for row in rows),
        "comment_rows": sum(bool(row.comment.strip()) for row in rows),
        "flagged_rows_with_substitutes": result.stats.get("flagged_with_substitutes", 0),
        "rows_with_seconds": len(timed),
        "mean_seconds": sum(timed) / len(timed) if timed else None,
        "ignored_rows": result.stats.get("ignored_rows", 0),
    }


def lemma_hints_of(lang: str | None) -> str:
    """Which lemmatiser the corpus language gets (core/model/languages.py), in a few words."""
    from lexsub_studio.core.model.languages import EnglishLemmatiser, language_of

    language = language_of(lang)
    direction = ", written right to left" if language.right_to_left else ""
    if language.lemmatiser is None:
        return f"none for {language.label}{direction}"
    dictionary = ("lemminflect" if isinstance(language.lemmatiser, EnglishLemmatiser)
                  else "simplemma")
    return f"{language.label}, {dictionary}'s dictionary{direction}"


def summarise_corpus(result: Any) -> dict[str, Any]:
    """Summarise a CorpusReadResult (corpus, diagnostics, stats) from the corpus reader."""
    corpus = result.corpus
    lexelts = corpus.lexelts
    summary: dict[str, Any] = {
        "lexelts": len(lexelts),
        "instances": len(corpus),
        "pos": pos_counts(lexelt.item for lexelt in lexelts for _ in lexelt.instances),
        "lexelts_per_pos": pos_counts(lexelt.item for lexelt in lexelts),
        "corrected_pos_lexelts": sum(parse_lexelt(lexelt.item).pos_corrected
                                     for lexelt in lexelts),
        "instances_per_lexelt": spread(len(lexelt.instances) for lexelt in lexelts),
        "lang": corpus.lang,
        "lemma_hints": lemma_hints_of(corpus.lang),
    }
    # The reader's own counts add what only it can see (inflected heads, damaged text); the
    # sizes and PoS it also counts are already above, in the shape every summary shares.
    summary.update({key: value for key, value in dict(result.stats).items()
                    if key not in summary and not key.startswith("pos_")})
    return summary
