"""Judgement task files (``lexsub judge make``) read as ``JudgingTask`` (judging.py)."""

from __future__ import annotations

from pathlib import Path

from lexsub_studio.core.annotation.judging import JudgingItem, JudgingTask
from lexsub_studio.core.io.formats.judgement_task import JudgementTask, read_task
from lexsub_studio.core.io.formats.task_sniff import looks_like_judgement_task
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.runtime.settings_paths import content_digest


def is_judging_task_file(path: str | Path) -> bool:
    """Whether opening ``path`` starts judging (rather than free production)."""
    return looks_like_judgement_task(path)


def judging_task(task: JudgementTask, path: Path, digest: str) -> JudgingTask:
    """The task's items with their instances (in task order) and candidates, each once."""
    instances = {(lexelt.item, instance.id): instance
                 for lexelt, instance in task.corpus.instances()}
    items: list[JudgingItem] = []
    for entry in task.items:
        instance = instances.get(entry.key)
        if instance is None:
            continue  # the reader reported it already and left it out
        candidates: list[str] = []
        for candidate in entry.candidates:
            text = " ".join(candidate.text.split())
            if text and text not in candidates:
                candidates.append(text)
        if candidates:
            items.append(JudgingItem(entry.lexelt, instance, tuple(candidates)))
    return JudgingTask(path, task.title or path.stem, digest, items, task.annotator_seed)


def load_judging_task(path: str | Path) -> tuple[JudgingTask, Diagnostics]:
    """Read a judgement task file (run in the background); InputError when it cannot be
    used, or has nothing to judge."""
    target = Path(path)
    if not target.is_file():
        raise InputError.at(target, "not-found", "no such file")
    result = read_task(target)
    task = judging_task(result.task, target, content_digest(target))
    if not task.items:
        raise InputError.at(target, "no-items", "no instance of this judgement task has a "
                            "candidate: there is nothing to judge")
    return task, result.diagnostics
