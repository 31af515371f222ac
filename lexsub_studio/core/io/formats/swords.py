"""SWORDS JSON (Lee et al. 2021), optionally gzipped: the benchmark and its result files.

A benchmark holds ``contexts`` (id -> ``{"context": text}``), ``targets`` (id ->
``context_id``, ``target``, character ``offset``, ``pos``), ``substitutes`` (id ->
``target_id``, ``substitute``), ``substitute_labels`` (substitute id -> a list of ``TRUE``,
``FALSE``, ``TRUE_IMPLICIT``, ``FALSE_IMPLICIT``, ``UNSURE``) and ``substitutes_lemmatized``.
It reads as a corpus (the context, the target at its offset) plus a *weighted* gold: each
substitute's share of positive labels among its labels that are not ``UNSURE``.
``TRUE`` and ``TRUE_IMPLICIT`` are positive (an implicit label is a rater's own proposal of the
substitute); ``FALSE`` and ``FALSE_IMPLICIT`` negative; ``UNSURE`` is left out of both counts.

A result file maps a target id to its ranked ``[substitute, score]`` pairs. Ids written here
are hashes of the content (``c:``/``t:``/``s:`` + SHA-1), so the same content gets the same id.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_studio.core.io.atomic import atomic_write_bytes
from lexsub_studio.core.io.formats.limits import MAX_FILE_BYTES, refuse_large_file
from lexsub_studio.core.io.formats.textfile import read_input_or_refuse
from lexsub_studio.core.model.data import Corpus, GoldItem, Instance, Lexelt, WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.model.rules import POS_OF_UPOS, UPOS_OF_POS

LABELS = ("TRUE", "FALSE", "TRUE_IMPLICIT", "FALSE_IMPLICIT", "UNSURE")
POSITIVE_LABELS = frozenset({"TRUE", "TRUE_IMPLICIT"})
UNSURE_LABEL = "UNSURE"
GZIP_MAGIC = b"\x1f\x8b"


@dataclass(slots=True)
class SwordsTarget:
    context_id: str
    target: str
    offset: int
    pos: str


@dataclass(slots=True)
class SwordsSubstitute:
    target_id: str
    substitute: str
    #: None when ``substitute_labels`` has no entry for this substitute.
    labels: list[str] | None = None
    #: Who gave each label, in the same order, when the file says (``substitute_label_raters``,
    #: which this project writes and reads; the published benchmark has no rater ids).
    raters: list[str] | None = None

    @property
    def positive(self) -> int:
        return sum(label in POSITIVE_LABELS for label in self.labels or [])

    @property
    def judged(self) -> int:
        """Labels that count: every label except UNSURE."""
        return sum(label != UNSURE_LABEL for label in self.labels or [])

    @property
    def share(self) -> float:
        return self.positive / self.judged if self.judged else 0.0


@dataclass(slots=True)
class SwordsBenchmark:
    contexts: dict[str, str] = field(default_factory=dict)
    targets: dict[str, SwordsTarget] = field(default_factory=dict)
    substitutes: dict[str, SwordsSubstitute] = field(default_factory=dict)
    substitutes_lemmatized: bool = False


@dataclass(slots=True)
class SwordsReadResult:
    benchmark: SwordsBenchmark
    diagnostics: Diagnostics
    path: str = "<input>"


@dataclass(slots=True)
class SwordsConversion:
    corpus: Corpus
    #: Each target's substitutes with a positive share, by share descending (file order in ties).
    weighted_gold: list[tuple[str, str, list[tuple[str, float]]]]
    #: The same substitutes with their number of positive labels as the frequency.
    gold: list[GoldItem]
    diagnostics: Diagnostics


def content_id(prefix: str, *parts: object) -> str:
    """``prefix:`` + the SHA-1 of the parts, as JSON: the same content always gets the same id."""
    digest = hashlib.sha1(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()
    return f"{prefix}:{digest}"


# --- reading ------------------------------------------------------------------------------------

def load_json(path: str | Path) -> tuple[Any, str]:
    """The JSON value of a file, gunzipped when it starts as gzip does, within the size limit."""
    name = str(path)
    # No line limit: JSON is often written on one line, tens of megabytes long.
    data = read_input_or_refuse(path, lines=False)
    return parse_json_bytes(data, name), name


def gunzip_limited(data: bytes, path: str) -> bytes:
    """Gunzip without letting a small file expand beyond the input size limit."""
    out: list[bytes] = []
    total = 0
    while data:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            while True:
                chunk = inflater.decompress(data, 1 << 20)
                total += len(chunk)
                if total > MAX_FILE_BYTES:
                    refuse_large_file(path, MAX_FILE_BYTES)
                out.append(chunk)
                data = inflater.unconsumed_tail
                if inflater.eof or not data:
                    break
        except zlib.error as error:
            raise InputError.at(path, "bad-gzip",
                                f"the file starts as gzip does but cannot be unpacked ({error})"
                                ) from None
        if not inflater.eof:
            raise InputError.at(path, "bad-gzip", "the gzip data is cut short")
        data = inflater.unused_data  # a further gzip member, as gzip itself allows
    return b"".join(out)


def parse_json_bytes(data: bytes, path: str) -> Any:
    if data.startswith(GZIP_MAGIC):
        data = gunzip_limited(data, path)
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError.at(path, "not-utf8",
                            f"the file is not UTF-8: byte 0x{data[error.start]:02x} cannot be "
                            "decoded", line) from None
    try:
        return json.loads(text, parse_int=_json_integer)
    except json.JSONDecodeError as error:
        raise InputError.at(path, "json-syntax", f"malformed JSON: {error.msg}", error.lineno,
                            error.colno) from None
    except RecursionError:
        raise InputError.at(path, "json-syntax", "the JSON is nested too deeply") from None


def _json_integer(text: str) -> int | float:
    """A JSON integer; one of thousands of digits (which int() refuses past 4,300) is read as
    the double it is closest to, infinity past 1.8e308, and is then refused where a count or
    a score is expected, as any number out of range is."""
    return int(text) if len(text) <= 4000 else float(text)


def read_swords(path: str | Path) -> SwordsReadResult:
    value, name = load_json(path)
    return swords_from_json(value, name)


def read_swords_bytes(data: bytes, path: str = "<input>") -> SwordsReadResult:
    return swords_from_json(parse_json_bytes(data, path), path)


def _mapping(value: Any, key: str, path: str) -> dict[str, Any]:
    part = value.get(key, {})
    if not isinstance(part, dict):
        raise InputError.at(path, "not-swords", f"'{key}' is not an object of ids")
    return part


def swords_from_json(value: Any, path: str = "<input>") -> SwordsReadResult:
    """The benchmark in a parsed JSON value; every entry that cannot be used is an error naming
    its id (JSON gives no line for a value), and is left out."""
    if not isinstance(value, dict) or not {"contexts", "targets"} <= value.keys():
        raise InputError.at(path, "not-swords",
                            "this is not a SWORDS benchmark: it needs 'contexts' and 'targets'")
    diagnostics = Diagnostics(path=path)
    benchmark = SwordsBenchmark(substitutes_lemmatized=bool(value.get("substitutes_lemmatized")))
    for context_id, entry in _mapping(value, "contexts", path).items():
        if isinstance(entry, dict) and isinstance(entry.get("context"), str):
            benchmark.contexts[context_id] = entry["context"]
        else:
            diagnostics.error("bad-context", f"context {context_id} has no 'context' text; "
                                             "it is left out")
    for target_id, entry in _mapping(value, "targets", path).items():
        target = _target(target_id, entry, benchmark, diagnostics)
        if target is not None:
            benchmark.targets[target_id] = target
    labels = _mapping(value, "substitute_labels", path)
    raters_given = _mapping(value, "substitute_label_raters", path)
    for substitute_id, entry in _mapping(value, "substitutes", path).items():
        if not (isinstance(entry, dict) and isinstance(entry.get("substitute"), str)
                and entry.get("target_id") in benchmark.targets):
            diagnostics.error("bad-substitute",
                              f"substitute {substitute_id} has no text or names no known "
                              "target; it is left out")
            continue
        substitute_labels = labels.get(substitute_id)
        if substitute_labels is not None and not (
                isinstance(substitute_labels, list)
                and all(label in LABELS for label in substitute_labels)):
            diagnostics.error("bad-labels",
                              f"the labels of substitute {substitute_id} are not a list of "
                              f"{', '.join(LABELS)}; it is kept without labels")
            substitute_labels = None
        raters = raters_given.get(substitute_id)
        if raters is not None and not (
                isinstance(raters, list) and all(isinstance(rater, str) for rater in raters)
                and substitute_labels is not None and len(raters) == len(substitute_labels)):
            diagnostics.error("bad-raters",
                              f"the raters of substitute {substitute_id} are not a list of "
                              "names, one per label; they are ignored")
            raters = None
        benchmark.substitutes[substitute_id] = SwordsSubstitute(
            entry["target_id"], entry["substitute"],
            None if substitute_labels is None else list(substitute_labels),
            None if raters is None else list(raters))
    for substitute_id in labels.keys() - benchmark.substitutes.keys():
        diagnostics.warning("orphan-labels",
                            f"labels are given for substitute {substitute_id}, which the file "
                            "does not hold; they are ignored")
    return SwordsReadResult(benchmark, diagnostics, path)


def _target(target_id: str, entry: Any, benchmark: SwordsBenchmark,
            diagnostics: Diagnostics) -> SwordsTarget | None:
    if not (isinstance(entry, dict) and isinstance(entry.get("target"), str)
            and isinstance(entry.get("offset"), int) and not isinstance(entry["offset"], bool)
            and isinstance(entry.get("pos"), str)):
        diagnostics.error("bad-target", f"target {target_id} lacks a text, an offset or a PoS; "
                                        "it is left out")
        return None
    context = benchmark.contexts.get(entry.get("context_id", ""))
    if context is None:
        diagnostics.error("bad-target", f"target {target_id} names context "
                                        f"{entry.get('context_id')!r}, which the file does not "
                                        "hold; it is left out")
        return None
    offset, text = entry["offset"], entry["target"]
    if context[offset:offset + len(text)] != text or offset < 0:
        diagnostics.error("bad-offset", f"target {target_id}: '{text}' is not at character "
                                        f"{offset} of its context; it is left out")
        return None
    return SwordsTarget(entry["context_id"], text, offset, entry["pos"])


# --- as the project's corpus and gold -----------------------------------------------------------

def lexelt_of(target: SwordsTarget) -> str:
    letter = POS_OF_UPOS.get(target.pos.upper(), target.pos.lower() or "x")
    return f"{target.target.lower()}.{letter}"


def to_corpus_and_gold(benchmark: SwordsBenchmark, path: str = "<input>") -> SwordsConversion:
    """One lexelt per lower-cased target word and PoS; the instance id is the target id."""
    diagnostics = Diagnostics(path=path)
    lexelts: dict[str, Lexelt] = {}
    by_target: dict[str, list[SwordsSubstitute]] = {}
    for substitute in benchmark.substitutes.values():
        by_target.setdefault(substitute.target_id, []).append(substitute)
    weighted: list[tuple[str, str, list[tuple[str, float]]]] = []
    gold: list[GoldItem] = []
    for target_id, target in benchmark.targets.items():
        item = lexelt_of(target)
        context = benchmark.contexts[target.context_id]
        lexelts.setdefault(item, Lexelt(item)).instances.append(
            Instance(target_id, context, target.offset, target.offset + len(target.target)))
        positive = [substitute for substitute in by_target.get(target_id, [])
                    if substitute.positive]
        ranked = sorted(positive, key=lambda substitute: -substitute.share)
        if ranked:
            weighted.append((item, target_id, [(s.substitute, s.share) for s in ranked]))
            gold.append(GoldItem(item, target_id, [(s.substitute, s.positive) for s in
                                                   sorted(positive, key=lambda s: -s.positive)]))
    return SwordsConversion(Corpus(list(lexelts.values())), weighted, gold, diagnostics)


def from_corpus_and_gold(corpus: Corpus, gold: list[GoldItem]) -> SwordsBenchmark:
    """A lexsub corpus and gold as a SWORDS benchmark: each gold entry a substitute whose labels
    are its count of ``TRUE`` (the annotators who gave it). Ids are content hashes."""
    by_key = {item.key: item for item in gold}
    benchmark = SwordsBenchmark()
    for lexelt in corpus.lexelts:
        pos = UPOS_OF_POS.get(lexelt.name.pos or "", "X")
        for instance in lexelt.instances:
            context_id = content_id("c", instance.context)
            benchmark.contexts[context_id] = instance.context
            target = SwordsTarget(context_id, instance.head, instance.head_start, pos)
            target_id = content_id("t", context_id, target.target, target.offset, pos)
            benchmark.targets[target_id] = target
            item = by_key.get((lexelt.item, instance.id))
            for substitute, count in (item.entries if item else []):
                substitute_id = content_id("s", target_id, substitute)
                benchmark.substitutes[substitute_id] = SwordsSubstitute(
                    target_id, substitute, ["TRUE"] * count)
    return benchmark


# --- writing ------------------------------------------------------------------------------------

def swords_to_json(benchmark: SwordsBenchmark) -> dict[str, Any]:
    return {
        "contexts": {cid: {"context": text} for cid, text in benchmark.contexts.items()},
        "targets": {tid: {"context_id": t.context_id, "target": t.target, "offset": t.offset,
                          "pos": t.pos} for tid, t in benchmark.targets.items()},
        "substitutes": {sid: {"target_id": s.target_id, "substitute": s.substitute}
                        for sid, s in benchmark.substitutes.items()},
        "substitute_labels": {sid: list(s.labels) for sid, s in benchmark.substitutes.items()
                              if s.labels is not None},
        "substitutes_lemmatized": benchmark.substitutes_lemmatized,
        **({"substitute_label_raters": raters} if (raters := {
            sid: list(s.raters) for sid, s in benchmark.substitutes.items()
            if s.raters is not None}) else {}),
    }


def encode_json(value: Any, gzipped: bool) -> bytes:
    data = (json.dumps(value, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    # mtime=0: the same content gives the same bytes.
    return gzip.compress(data, mtime=0) if gzipped else data


def write_swords(benchmark: SwordsBenchmark, path: str | Path) -> None:
    """Write JSON, gzipped when the name ends in .gz."""
    atomic_write_bytes(path, encode_json(swords_to_json(benchmark), str(path).endswith(".gz")))


# --- result files -------------------------------------------------------------------------------

@dataclass(slots=True)
class SwordsResult:
    """A system's result: target id -> ranked (substitute, score) pairs, in file order."""

    ranked: dict[str, list[tuple[str, float]]] = field(default_factory=dict)


def read_swords_result(path: str | Path) -> tuple[SwordsResult, Diagnostics]:
    value, name = load_json(path)
    return swords_result_from_json(value, name)


def swords_result_from_json(value: Any, path: str = "<input>"
                            ) -> tuple[SwordsResult, Diagnostics]:
    if not isinstance(value, dict):
        raise InputError.at(path, "not-swords-result",
                            "a SWORDS result is an object of target ids")
    diagnostics = Diagnostics(path=path)
    result = SwordsResult()
    for target_id, pairs in value.items():
        good = isinstance(pairs, list) and all(
            isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
            and isinstance(pair[1], int | float) and not isinstance(pair[1], bool)
            and math.isfinite(pair[1]) for pair in pairs)
        if not good:
            diagnostics.error("bad-result", f"target {target_id}: the result is not a list of "
                                            "[substitute, score] pairs; it is left out")
            continue
        result.ranked[target_id] = [(substitute, float(score)) for substitute, score in pairs]
    return result, diagnostics


def result_to_weighted(result: SwordsResult, benchmark: SwordsBenchmark | None = None
                       ) -> list[WeightedAnswer]:
    """The result as weighted answers in the result's order. Scores are often log-probabilities
    (negative): the weights are then the ranks turned round (n for the first of n), which keep
    the order, the only thing the ranking measures use."""
    answers: list[WeightedAnswer] = []
    for target_id, pairs in result.ranked.items():
        if not pairs:
            continue
        ordered = sorted(pairs, key=lambda pair: -pair[1])
        target = benchmark.targets.get(target_id) if benchmark else None
        lexelt = lexelt_of(target) if target else "swords.x"
        if all(score > 0 for _, score in ordered):
            total = sum(score for _, score in ordered)
            ranked = [(substitute, score / total) for substitute, score in ordered]
        else:
            count = len(ordered)
            ranked = [(substitute, (count - rank) / count)
                      for rank, (substitute, _) in enumerate(ordered)]
        answers.append(WeightedAnswer(lexelt, target_id, ranked))
    return answers


def result_to_json(result: SwordsResult) -> dict[str, Any]:
    return {target_id: [[substitute, score] for substitute, score in pairs]
            for target_id, pairs in result.ranked.items()}


def write_swords_result(result: SwordsResult, path: str | Path) -> None:
    atomic_write_bytes(path, encode_json(result_to_json(result), str(path).endswith(".gz")))
