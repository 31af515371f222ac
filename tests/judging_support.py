"""Shared helpers of the judging tests (no tests here): small judgement task files."""

from __future__ import annotations

from pathlib import Path

from gui_support import SMALL_CORPUS

from lexsub_studio.core.annotation.judging import JudgingTask
from lexsub_studio.core.annotation.judging_sources import load_judging_task
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
from lexsub_studio.core.io.formats.judgement_task import (
    JudgementTask,
    TaskCandidate,
    TaskItem,
    write_task,
)

#: Candidates of the small corpus's first two instances and its last.
SMALL_CANDIDATES = {
    ("bright.a", "1"): ["clever", "smart", "shiny"],
    ("bright.a", "2"): ["vivid", "brilliant"],
    ("take.v", "5"): ["have", "grab"],
}
#: Candidates for every instance of the small corpus: 5 instances, 13 candidates.
EVERY_INSTANCE = {
    **{("bright.a", id_): ["clever", "smart", "vivid"] for id_ in ("1", "2", "3")},
    **{("take.v", id_): ["have", "hold"] for id_ in ("4", "5")},
}


def write_small_task(directory: Path, candidates: dict[tuple[str, str], list[str]],
                     seed: int = 7, name: str = "small-task.json") -> Path:
    """A judgement task file as ``lexsub judge make`` writes it."""
    corpus = read_corpus_bytes(SMALL_CORPUS.encode(), "small.xml").corpus
    items = [TaskItem(lexelt, id_, [TaskCandidate(text, ["candidates-file"]) for text in texts])
             for (lexelt, id_), texts in candidates.items()]
    path = directory / name
    write_task(JudgementTask(corpus, items, seed, {}, None, [], "small-task", ""), path)
    return path


def small_task(directory: Path, seed: int = 7) -> JudgingTask:
    return load_judging_task(write_small_task(directory, SMALL_CANDIDATES, seed))[0]
