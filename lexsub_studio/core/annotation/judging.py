"""What an annotator judges: instances, each with its sentence and the candidate substitutes.

A ``JudgingTask`` is the organiser's judgement task (``lexsub judge make``, the
``lexsub-judgement-task`` file of core/io/formats/judgement_task.py) as the annotator's tool
needs it: the items in task order, each with the lexelt, the instance (id, context, target
span) and the candidates in the task's order. The order one annotator *sees* the candidates in
is the task's ``candidate_order``, seeded by that annotator's seed and the instance, so that
position bias averages out over annotators and the order can be recomputed after the fact.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.io.formats.judgement_task import candidate_order
from lexsub_studio.core.model.data import Instance

Key = tuple[str, str]


@dataclass(frozen=True, slots=True)
class JudgingItem:
    """One instance to judge: its sentence and the task's candidates, in the task's order."""

    lexelt: str
    instance: Instance
    candidates: tuple[str, ...]

    @property
    def key(self) -> Key:
        return (self.lexelt, self.instance.id)


@dataclass(slots=True)
class JudgingTask:
    """A judgement task ready for an annotator's tool."""

    path: Path
    title: str
    #: The first 16 hex digits of the SHA-256 of the task file: its identity for stores.
    digest: str
    items: list[JudgingItem]
    #: The annotator's shuffle seed, by name (the task records it or derives it).
    seed_of: Callable[[str], int]
    #: The annotator a package names (the task is theirs: no name is asked), else None.
    annotator: str | None = None
    #: The organiser's guidelines a package carries (shown instead of the bundled ones).
    guidelines: str | None = None
    guidelines_format: str = "markdown"

    def ordered_candidates(self, item: JudgingItem, annotator: str) -> list[str]:
        return candidate_order(list(item.candidates), self.seed_of(annotator), item.lexelt,
                               item.instance.id)

    def fingerprint(self) -> str:
        """A SHA-256 over every item's target, id, sentence, head and candidates, in order: a
        store made for another task (other sentences or candidates) is refused by it."""
        digest = hashlib.sha256()
        for item in self.items:
            instance = item.instance
            digest.update("\x1f".join((item.lexelt, instance.id, instance.context,
                                       str(instance.head_start), str(instance.head_end),
                                       *item.candidates)).encode())
            digest.update(b"\x1e")
        return digest.hexdigest()
