"""SWORDS JSON (Lee et al. 2021), optionally gzipped: the benchmark and its result files.

A benchmark holds ``contexts`` (id -> ``{"context": text}``), ``targets`` (id ->
``context_id``, ``target``, character ``offset``, ``pos``), ``substitutes`` (id ->
``target_id``, ``substitute``), ``substitute_labels`` (substitute id -> a list of ``TRUE``,
``FALSE``, ``TRUE_IMPLICIT``, ``FALSE_IMPLICIT``, ``UNSURE``) and ``substitutes_lemmatized``.
Any other key of an entry (SWORDS' ``extra``) or of the file is kept as given, so a file read
and written again holds the same targets, contexts, substitutes, label lists, ids and flags.
It reads as a corpus (the context, the target at its offset) plus a *weighted* gold: each
substitute's share of positive labels among its labels that are not ``UNSURE``.
``TRUE`` and ``TRUE_IMPLICIT`` are positive (an implicit label is a rater's own proposal of the
substitute); ``FALSE`` and ``FALSE_IMPLICIT`` negative; ``UNSURE`` is left out of both counts.

A result file is SWORDS' own ``{"substitutes_lemmatized": bool, "substitutes": {target id:
[[substitute, score], ...]}}``; the bare ``{target id: [[substitute, score], ...]}`` this
project wrote before is read too. Ids written for a converted corpus are hashes of the
content (``c:``/``t:``/``s:`` + SHA-1), so the same content gets the same id.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import re
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
    #: A Universal Dependencies tag; None where the file gives ``null`` (SWORDS allows it).
    pos: str | None
    #: The entry's other keys (SWORDS' ``extra``), kept as given.
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class SwordsSubstitute:
    target_id: str
    substitute: str
    #: None when ``substitute_labels`` has no entry for this substitute.
    labels: list[str] | None = None
    #: Who gave each label, in the same order, when the file says (``substitute_label_raters``,
    #: which this project writes and reads; the published benchmark has no rater ids).
    raters: list[str] | None = None
    #: The entry's other keys (SWORDS' ``extra``), kept as given.
    fields: dict[str, Any] = field(default_factory=dict)

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
    #: Each context's keys besides ``context`` (SWORDS' ``extra``), by context id.
    context_fields: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The file's top-level keys this reader does not interpret, kept as given.
    fields: dict[str, Any] = field(default_factory=dict)


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
    return parse_json_text(json_text_of(data, path), path)


def json_text_of(data: bytes, path: str) -> str:
    """The text of a JSON file's bytes, gunzipped when they start as gzip does."""
    if data.startswith(GZIP_MAGIC):
        data = gunzip_limited(data, path)
    try:
        return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError.at(path, "not-utf8",
                            f"the file is not UTF-8: byte 0x{data[error.start]:02x} cannot be "
                            "decoded", line) from None


def parse_json_text(text: str, path: str) -> Any:
    try:
        return json.loads(text, parse_int=_json_integer)
    except json.JSONDecodeError as error:
        raise InputError.at(path, "json-syntax", f"malformed JSON: {error.msg}", error.lineno,
                            error.colno) from None
    except RecursionError:
        raise InputError.at(path, "json-syntax", "the JSON is nested too deeply") from None


def key_position(text: str, key: str) -> tuple[int, int] | None:
    """Line and column (1-based) of the first place ``key`` is written as an object's key, or
    None where the text spells it otherwise (escapes) or not at all. JSON values carry no
    position once parsed, so a message about an entry finds its key in the text again."""
    for spelling in (json.dumps(key, ensure_ascii=False), json.dumps(key)):
        found = re.search(re.escape(spelling) + r"\s*:", text)
        if found:
            line = text.count("\n", 0, found.start()) + 1
            return line, found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    return None


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


#: The top-level keys the reader interprets; any other is kept in ``SwordsBenchmark.fields``.
BENCHMARK_KEYS = frozenset({"contexts", "targets", "substitutes", "substitute_labels",
                            "substitute_label_raters", "substitutes_lemmatized"})


def swords_from_json(value: Any, path: str = "<input>") -> SwordsReadResult:
    """The benchmark in a parsed JSON value; every entry that cannot be used is an error naming
    its id (JSON gives no line for a value), and is left out."""
    if not isinstance(value, dict) or not {"contexts", "targets"} <= value.keys():
        raise InputError.at(path, "not-swords",
                            "this is not a SWORDS benchmark: it needs 'contexts' and 'targets'")
    diagnostics = Diagnostics(path=path)
    benchmark = SwordsBenchmark(
        substitutes_lemmatized=_lemmatized_flag(value, diagnostics, "benchmark"),
        fields={key: part for key, part in value.items() if key not in BENCHMARK_KEYS})
    for context_id, entry in _mapping(value, "contexts", path).items():
        if isinstance(entry, dict) and isinstance(entry.get("context"), str):
            benchmark.contexts[context_id] = entry["context"]
            others = {key: part for key, part in entry.items() if key != "context"}
            if others:
                benchmark.context_fields[context_id] = others
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
            None if raters is None else list(raters),
            {key: part for key, part in entry.items()
             if key not in ("target_id", "substitute")})
    for substitute_id in labels.keys() - benchmark.substitutes.keys():
        diagnostics.warning("orphan-labels",
                            f"labels are given for substitute {substitute_id}, which the file "
                            "does not hold; they are ignored")
    return SwordsReadResult(benchmark, diagnostics, path)


def _lemmatized_flag(value: dict[str, Any], diagnostics: Diagnostics, what: str) -> bool:
    """``substitutes_lemmatized``, which SWORDS requires to be true or false."""
    flag = value.get("substitutes_lemmatized")
    if isinstance(flag, bool):
        return flag
    if "substitutes_lemmatized" not in value:
        diagnostics.warning("no-lemmatized-flag",
                            f"the {what} does not say whether its substitutes are lemmatised "
                            "('substitutes_lemmatized'); taken as false")
    else:
        diagnostics.error("bad-lemmatized-flag",
                          f"'substitutes_lemmatized' is {json.dumps(flag)}, not true or false; "
                          "taken as false")
    return False


def _target(target_id: str, entry: Any, benchmark: SwordsBenchmark,
            diagnostics: Diagnostics) -> SwordsTarget | None:
    if not (isinstance(entry, dict) and isinstance(entry.get("target"), str)
            and isinstance(entry.get("offset"), int) and not isinstance(entry["offset"], bool)
            and (entry.get("pos") is None or isinstance(entry["pos"], str))):
        diagnostics.error("bad-target", f"target {target_id} lacks a text or an offset, or its "
                                        "PoS is not a string; it is left out")
        return None
    context = benchmark.contexts.get(entry.get("context_id", ""))
    if context is None:
        diagnostics.error("bad-target", f"target {target_id} names context "
                                        f"{entry.get('context_id')!r}, which the file does not "
                                        "hold; it is left out")
        return None
    offset, text = entry["offset"], entry["target"]
    # Case aside, as SWORDS itself checks: its target text may be written in lower case.
    if offset < 0 or context[offset:offset + len(text)].lower() != text.lower():
        diagnostics.error("bad-offset", f"target {target_id}: '{text}' is not at character "
                                        f"{offset} of its context; it is left out")
        return None
    return SwordsTarget(entry["context_id"], text, offset, entry.get("pos"),
                        {key: part for key, part in entry.items()
                         if key not in ("context_id", "target", "offset", "pos")})


# --- as the project's corpus and gold -----------------------------------------------------------

def lexelt_of(target: SwordsTarget) -> str:
    pos = target.pos or ""
    letter = POS_OF_UPOS.get(pos.upper(), pos.lower() or "x")
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
    """The benchmark as SWORDS JSON: every entry with the keys it was read with."""
    document: dict[str, Any] = {
        "contexts": {cid: {"context": text, **benchmark.context_fields.get(cid, {})}
                     for cid, text in benchmark.contexts.items()},
        "targets": {tid: {"context_id": t.context_id, "target": t.target, "offset": t.offset,
                          "pos": t.pos, **t.fields} for tid, t in benchmark.targets.items()},
        "substitutes": {sid: {"target_id": s.target_id, "substitute": s.substitute, **s.fields}
                        for sid, s in benchmark.substitutes.items()},
        "substitute_labels": {sid: list(s.labels) for sid, s in benchmark.substitutes.items()
                              if s.labels is not None},
        "substitutes_lemmatized": benchmark.substitutes_lemmatized,
    }
    raters = {sid: list(s.raters) for sid, s in benchmark.substitutes.items()
              if s.raters is not None}
    if raters:
        document["substitute_label_raters"] = raters
    document.update(benchmark.fields)
    return document


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
    #: SWORDS' ``substitutes_lemmatized``; None for a bare result, which does not say.
    substitutes_lemmatized: bool | None = None


#: Errors located in the text at most: finding a key is a search of the whole text.
MAX_LOCATED_ERRORS = 100


def read_swords_result(path: str | Path) -> tuple[SwordsResult, Diagnostics]:
    """A SWORDS result file; each target whose list is malformed is an error at its place."""
    name = str(path)
    text = json_text_of(read_input_or_refuse(path, lines=False), name)
    return swords_result_from_json(parse_json_text(text, name), name, text)


def read_swords_result_bytes(data: bytes, path: str = "<input>"
                             ) -> tuple[SwordsResult, Diagnostics]:
    text = json_text_of(data, path)
    return swords_result_from_json(parse_json_text(text, path), path, text)


def is_wrapped_result(value: Any) -> bool:
    """SWORDS' own result layout: ``substitutes`` (an object) and no benchmark keys."""
    return (isinstance(value, dict) and isinstance(value.get("substitutes"), dict)
            and "contexts" not in value and "targets" not in value)


def swords_result_from_json(value: Any, path: str = "<input>", text: str | None = None
                            ) -> tuple[SwordsResult, Diagnostics]:
    """The result in a parsed JSON value, SWORDS' layout or the bare one. ``text``, the file's
    text, places each error at its target id's key."""
    if not isinstance(value, dict):
        raise InputError.at(path, "not-swords-result",
                            "a SWORDS result is an object: {\"substitutes_lemmatized\": true or "
                            "false, \"substitutes\": {target id: [[substitute, score], ...]}}")
    if "contexts" in value and "targets" in value:
        raise InputError.at(path, "not-swords-result",
                            "this is a SWORDS benchmark, not a result (a system's substitutes "
                            "per target id)")
    diagnostics = Diagnostics(path=path)
    result = SwordsResult()
    if is_wrapped_result(value):
        result.substitutes_lemmatized = _lemmatized_flag(value, diagnostics, "result")
        for key in value.keys() - {"substitutes", "substitutes_lemmatized"}:
            diagnostics.warning("unknown-key", f"the key {json.dumps(key)} is not part of a "
                                               "SWORDS result; it is ignored")
        entries = value["substitutes"]
    elif "substitutes" in value or "substitutes_lemmatized" in value:
        raise InputError.at(path, "not-swords-result",
                            "'substitutes' must be an object of target ids, each with a list "
                            "of [substitute, score] pairs")
    else:
        entries = value
    located = 0
    for target_id, pairs in entries.items():
        problem = _pairs_problem(pairs)
        if problem is None:
            result.ranked[target_id] = [(substitute, float(score)) for substitute, score in pairs]
            continue
        place = None
        if text is not None and located < MAX_LOCATED_ERRORS:
            located += 1
            place = key_position(text, target_id)
        diagnostics.error("bad-result", f"target {target_id}: {problem}; the target is left "
                                        "out", *(place or (None, None)))
    return result, diagnostics


def _pairs_problem(pairs: Any) -> str | None:
    """Why a target's list is not a list of [substitute, score] pairs, or None when it is."""
    if not isinstance(pairs, list):
        return f"expected a list of [substitute, score] pairs, found {_json_kind(pairs)}"
    for number, pair in enumerate(pairs, 1):
        if not (isinstance(pair, list) and len(pair) == 2):
            return f"pair {number} is not [substitute, score] but {_json_kind(pair)}"
        substitute, score = pair
        if not isinstance(substitute, str) or not substitute.strip():
            return f"pair {number}: the substitute is not a word but {_json_kind(substitute)}"
        if (not isinstance(score, int | float) or isinstance(score, bool)
                or not math.isfinite(score)):
            return (f"pair {number} ({substitute!r}): the score is not a finite number but "
                    f"{_json_kind(score)}")
    return None


def _json_kind(value: Any) -> str:
    if isinstance(value, str):
        return "an empty string" if not value.strip() else f"the string {json.dumps(value)}"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


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
    """SWORDS' own layout; a result that does not say whether it is lemmatised is written as
    not lemmatised (word forms), the safer claim for an evaluator that lemmatises."""
    return {"substitutes_lemmatized": bool(result.substitutes_lemmatized),
            "substitutes": {target_id: [[substitute, score] for substitute, score in pairs]
                            for target_id, pairs in result.ranked.items()}}


def write_swords_result(result: SwordsResult, path: str | Path) -> None:
    atomic_write_bytes(path, encode_json(result_to_json(result), str(path).endswith(".gz")))
