"""Judgement task files (``lexsub judge make``) read as ``JudgingTask`` (judging.py)."""

from __future__ import annotations

from pathlib import Path

from lexsub_studio.core.annotation.judging import JudgingItem, JudgingTask
from lexsub_studio.core.annotation.package import MANIFEST, is_package_file, read_package
from lexsub_studio.core.annotation.package_archive import MAX_MANIFEST_BYTES, PackageArchive
from lexsub_studio.core.annotation.package_manifest import parse_manifest
from lexsub_studio.core.io.formats.judgement_task import JudgementTask, read_task
from lexsub_studio.core.io.formats.task_sniff import looks_like_judgement_task
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.runtime.settings_paths import content_digest


def is_judging_task_file(path: str | Path) -> bool:
    """Whether opening ``path`` starts judging (rather than free production): a judgement task
    file, or an annotator package that carries one (only its manifest is read)."""
    if looks_like_judgement_task(path):
        return True
    if not is_package_file(path):
        return False
    try:
        with PackageArchive(path) as archive:
            if MANIFEST not in archive:
                return False
            manifest = parse_manifest(archive.read(MANIFEST, MAX_MANIFEST_BYTES),
                                      f"{path}!{MANIFEST}")
    except InputError:
        return False  # opened as a package, whose reader says what is wrong
    return manifest.judgement_task is not None


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
    """Read a judgement task file, or the task of an annotator package (run in the
    background); InputError when it cannot be used, or has nothing to judge."""
    target = Path(path)
    if not target.is_file():
        raise InputError.at(target, "not-found", "no such file")
    if looks_like_judgement_task(target):
        result = read_task(target)
        task = judging_task(result.task, target, content_digest(target))
        diagnostics = result.diagnostics
    else:
        package_result = read_package(target)
        package = package_result.package
        if package.judgement_task is None:
            raise InputError.at(target, "no-judgement-task",
                                "this annotator package carries no judgement task")
        # The package's digest covers its task too: never the store of its free production.
        task = judging_task(package.judgement_task, target, package_result.digest)
        task.title = package.title
        task.annotator = package.annotator or None
        task.guidelines, task.guidelines_format = package.guidelines, package.guidelines_format
        diagnostics = package_result.diagnostics
    if not task.items:
        raise InputError.at(target, "no-items", "no instance of this judgement task has a "
                            "candidate: there is nothing to judge")
    return task, diagnostics
