"""The judgement task file (``lexsub-judgement-task``, version 1): what ``lexsub judge make``
writes and an annotator's tool reads to judge candidates.

One UTF-8 JSON object: the corpus (the lexelt XML, as text, so that one file carries
everything), and per instance its candidates, each with where it came from (its provenance:
``wordnet``, ``gold``, ``responses``, ``system:NAME``, ``candidates-file``, ``swords``), the
candidates cut by the cap, the task's seed and each named annotator's shuffle seed. The order
an annotator sees the candidates in is ``candidate_order``: a shuffle seeded by the
annotator's seed and the instance, so that the order is known after the fact and differs
between annotators (position bias averages out). docs/formats.md describes every key.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.corpus_xml import corpus_to_xml, read_corpus_bytes
from lexsub_studio.core.io.formats.textfile import read_input_or_refuse
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError

TASK_FORMAT = "lexsub-judgement-task"
TASK_VERSION = 1
#: The provenance names of candidates; a system's is ``system:`` + its name.
SOURCES = ("gold", "responses", "swords", "candidates-file", "system", "wordnet")


@dataclass(slots=True)
class TaskCandidate:
    text: str
    #: Where it came from, in the order of SOURCES (``system:alpha`` for a system).
    sources: list[str] = field(default_factory=list)


@dataclass(slots=True)
class TaskItem:
    lexelt: str
    id: str
    candidates: list[TaskCandidate] = field(default_factory=list)
    #: Candidates left out by the cap (``max_candidates``), in the order they were ranked.
    cut: list[TaskCandidate] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)


@dataclass(slots=True)
class JudgementTask:
    corpus: Corpus
    items: list[TaskItem]
    seed: int
    annotators: dict[str, int] = field(default_factory=dict)
    max_candidates: int | None = None
    #: Each input the candidates came from: {"source": "gold", "file": "data/demo/gold"}.
    inputs: list[dict[str, str]] = field(default_factory=list)
    title: str = ""
    created: str = ""

    def item(self, lexelt: str, item_id: str) -> TaskItem | None:
        for item in self.items:
            if item.lexelt == lexelt and item.id == item_id:
                return item
        return None

    def annotator_seed(self, annotator: str) -> int:
        """The annotator's seed as the task records it; for a name it does not list, the one
        ``derive_seed`` gives (the same that ``judge make --annotators`` would have written)."""
        seed = self.annotators.get(annotator)
        return derive_seed(self.seed, annotator) if seed is None else seed


def task_for_annotator(task: JudgementTask, corpus: Corpus, annotator: str) -> JudgementTask:
    """The part of ``task`` an annotator's package carries: the instances of ``corpus`` (a part
    of the task's), their candidates, and this annotator's seed alone. An instance the task
    lacks gets no candidates."""
    by_key = {item.key: item for item in task.items}
    items = [by_key.get((lexelt.item, instance.id)) or TaskItem(lexelt.item, instance.id)
             for lexelt, instance in corpus.instances()]
    return JudgementTask(corpus, items, task.seed, {annotator: task.annotator_seed(annotator)},
                         task.max_candidates, [dict(entry) for entry in task.inputs],
                         task.title, task.created)


def derive_seed(task_seed: int, annotator: str) -> int:
    """An annotator's shuffle seed: the first 8 bytes of SHA-256 of ``TASKSEED<TAB>NAME``, as a
    whole number (so anyone can recompute it)."""
    digest = hashlib.sha256(f"{task_seed}\t{annotator}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def candidate_order(candidates: list[str], annotator_seed: int, lexelt: str,
                    item_id: str) -> list[str]:
    """The candidates in the order one annotator sees them: Python's ``random.Random`` seeded
    with the text ``SEED<TAB>LEXELT<TAB>ID`` shuffles the task's list."""
    order = list(candidates)
    random.Random(f"{annotator_seed}\t{lexelt}\t{item_id}").shuffle(order)
    return order


# --- writing ------------------------------------------------------------------------------------

def task_to_json(task: JudgementTask) -> dict[str, Any]:
    def candidate(entry: TaskCandidate) -> dict[str, Any]:
        return {"text": entry.text, "sources": list(entry.sources)}

    return {
        "format": TASK_FORMAT,
        "version": TASK_VERSION,
        "title": task.title,
        "created": task.created,
        "seed": task.seed,
        "annotators": dict(task.annotators),
        "max_candidates": task.max_candidates,
        "inputs": [dict(entry) for entry in task.inputs],
        "corpus": corpus_to_xml(task.corpus),
        "items": [{"lexelt": item.lexelt, "id": item.id,
                   "candidates": [candidate(entry) for entry in item.candidates],
                   "cut": [candidate(entry) for entry in item.cut]}
                  for item in task.items],
    }


def format_task(task: JudgementTask) -> str:
    return json.dumps(task_to_json(task), ensure_ascii=False, indent=1) + "\n"


def write_task(task: JudgementTask, path: str | Path) -> None:
    atomic_write_text(path, format_task(task))


# --- reading ------------------------------------------------------------------------------------

@dataclass(slots=True)
class TaskReadResult:
    task: JudgementTask
    diagnostics: Diagnostics


def is_task_json(value: Any) -> bool:
    return isinstance(value, dict) and value.get("format") == TASK_FORMAT


def read_task(path: str | Path) -> TaskReadResult:
    display = str(path)
    return parse_task_bytes(read_input_or_refuse(path, lines=False), display)


def parse_task_bytes(data: bytes, display: str = "<input>") -> TaskReadResult:
    """The task in a file's bytes: JSON read as SWORDS files are (line and column of a syntax
    error; a number of thousands of digits read as a double, then refused where a seed is
    expected)."""
    from lexsub_studio.core.io.formats.swords import parse_json_bytes

    return task_from_json(parse_json_bytes(data, display), display)


def _shown(value: Any) -> str:
    """A JSON value as the file writes it (``true``, not Python's ``True``), cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else f"{text[:30]}… ({len(text):,} characters)"


def _refuse(path: str, message: str) -> InputError:
    return InputError.at(path, "bad-task", message)


def task_from_json(value: Any, path: str = "<input>") -> TaskReadResult:
    """The task in a parsed JSON value. A wrong format, version or key type makes it unreadable
    (one message naming the key); an item naming no instance of the corpus is an error and is
    left out."""
    if not is_task_json(value):
        raise _refuse(path, f"not a judgement task: it does not say \"format\": "
                            f"\"{TASK_FORMAT}\"")
    version = value.get("version")
    if not (isinstance(version, int) and not isinstance(version, bool) and version >= 1):
        raise _refuse(path, f"the task's \"version\" must be a positive integer, got "
                            f"{_shown(version)}")
    if version > TASK_VERSION:
        raise InputError.at(path, "newer-version",
                            f"judgement task version {version} was written by a newer version "
                            f"of LexSub Studio (this one reads version {TASK_VERSION} and "
                            "older): please update LexSub Studio")
    seed = value.get("seed")
    if not (isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0):
        raise _refuse(path, f"the task's \"seed\" must be a whole number, 0 or more, got "
                            f"{_shown(seed)}")
    annotators = value.get("annotators", {})
    if not (isinstance(annotators, dict) and all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 0
            for s in annotators.values())):
        raise _refuse(path, "the task's \"annotators\" must map names to whole-number seeds")
    cap = value.get("max_candidates")
    if cap is not None and not (isinstance(cap, int) and not isinstance(cap, bool) and cap >= 1):
        raise _refuse(path, f"the task's \"max_candidates\" must be a positive integer or null, "
                            f"got {_shown(cap)}")
    corpus_text = value.get("corpus")
    if not isinstance(corpus_text, str):
        raise _refuse(path, "the task has no \"corpus\" (the lexelt XML corpus, as a string)")
    corpus_result = read_corpus_bytes(corpus_text.encode("utf-8"), f"{path}!corpus")
    diagnostics = Diagnostics(path)
    diagnostics.extend(corpus_result.diagnostics)
    corpus = corpus_result.corpus
    known = {(lexelt.item, instance.id) for lexelt, instance in corpus.instances()}
    raw_items = value.get("items")
    if not isinstance(raw_items, list):
        raise _refuse(path, "the task's \"items\" must be a list")
    items: list[TaskItem] = []
    for number, raw in enumerate(raw_items, start=1):
        item = _item(raw, number, path)
        if item.key not in known:
            diagnostics.error("unknown-item", f"item {number} ({item.lexelt} {item.id}) is not "
                                              "an instance of the task's corpus; it is left out")
            continue
        items.append(item)
    inputs = value.get("inputs", [])
    if not (isinstance(inputs, list) and all(
            isinstance(entry, dict) and all(isinstance(v, str) for v in entry.values())
            for entry in inputs)):
        raise _refuse(path, "the task's \"inputs\" must be a list of objects of strings")
    title, created = value.get("title", ""), value.get("created", "")
    if not (isinstance(title, str) and isinstance(created, str)):
        raise _refuse(path, "the task's \"title\" and \"created\" must be strings")
    task = JudgementTask(corpus, items, seed, dict(annotators), cap, list(inputs), title,
                         created)
    return TaskReadResult(task, diagnostics)


def _item(raw: Any, number: int, path: str) -> TaskItem:
    if not (isinstance(raw, dict) and isinstance(raw.get("lexelt"), str)
            and isinstance(raw.get("id"), str)):
        raise _refuse(path, f"item {number} of the task needs a \"lexelt\" and an \"id\" "
                            "(strings)")
    lists = []
    for key in ("candidates", "cut"):
        entries = raw.get(key, [])
        if not (isinstance(entries, list) and all(
                isinstance(entry, dict) and isinstance(entry.get("text"), str)
                and entry["text"].strip()
                and isinstance(entry.get("sources", []), list)
                and all(isinstance(source, str) for source in entry.get("sources", []))
                for entry in entries)):
            raise _refuse(path, f"item {number} ({raw['lexelt']} {raw['id']}): \"{key}\" must "
                                "be a list of {\"text\": ..., \"sources\": [...]} objects")
        lists.append([TaskCandidate(entry["text"], list(entry.get("sources", [])))
                      for entry in entries])
    return TaskItem(raw["lexelt"], raw["id"], lists[0], lists[1])
