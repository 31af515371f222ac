"""Shared helpers of the judging tests (no tests here): a small judgement task."""

from __future__ import annotations

from pathlib import Path

from gui_support import SMALL_CORPUS

from lexsub_studio.core.annotation.judging import JudgingTask
from lexsub_studio.core.annotation.judging_sources import task_from_corpus
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes

#: Candidates of the small corpus's first two instances and its last.
SMALL_CANDIDATES = {
    ("bright.a", "1"): ["clever", "smart", "shiny"],
    ("bright.a", "2"): ["vivid", "brilliant"],
    ("take.v", "5"): ["have", "grab"],
}


def small_task(directory: Path, seed: int = 7) -> JudgingTask:
    corpus = read_corpus_bytes(SMALL_CORPUS.encode(), "small.xml").corpus
    return task_from_corpus(corpus, SMALL_CANDIDATES, path=directory / "small-task",
                            title="small-task", digest="0123456789abcdef", seed=seed)
