"""What an annotator judges: instances, each with its sentence and the candidate substitutes.

A ``JudgingTask`` is the organiser's task as the annotator's tool needs it, whatever file it
came from (``judging_sources.py`` reads them): the items in task order, each with the lexelt,
the instance (id, context, target span) and the candidates in the task's order. The order one
annotator *sees* the candidates in is a shuffle seeded by that annotator's seed and the
instance (``annotator_order``), so that position bias averages out over annotators and the
order can be recomputed after the fact.

Labels are the judgements file's (``# lexsub-judgements 1``): acceptable, not-acceptable,
unsure.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.model.data import Instance

ACCEPTABLE = "acceptable"
NOT_ACCEPTABLE = "not-acceptable"
UNSURE = "unsure"
#: The labels an annotator gives, in the order the keys 1, 2, 3 give them.
LABELS: tuple[str, ...] = (ACCEPTABLE, NOT_ACCEPTABLE, UNSURE)

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


def annotator_order(candidates: tuple[str, ...] | list[str], annotator_seed: int, lexelt: str,
                    item_id: str) -> list[str]:
    """The candidates in the order one annotator sees them: ``random.Random`` seeded with the
    text ``SEED<TAB>LEXELT<TAB>ID`` shuffles the task's list."""
    order = list(candidates)
    random.Random(f"{annotator_seed}\t{lexelt}\t{item_id}").shuffle(order)
    return order


def derived_seed(task_seed: int, annotator: str) -> int:
    """An annotator's shuffle seed when the task names none for them: the first 8 bytes of the
    SHA-256 of ``TASKSEED<TAB>NAME``, as a whole number (anyone can recompute it)."""
    digest = hashlib.sha256(f"{task_seed}\t{annotator}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(slots=True)
class JudgingTask:
    """A judgement task ready for an annotator's tool."""

    path: Path
    title: str
    #: The first 16 hex digits of the SHA-256 of the task's file(s): its identity for stores.
    digest: str
    items: list[JudgingItem]
    #: The annotator's shuffle seed, by name (the task records it or derives it).
    seed_of: Callable[[str], int]

    def ordered_candidates(self, item: JudgingItem, annotator: str) -> list[str]:
        return annotator_order(item.candidates, self.seed_of(annotator), item.lexelt,
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
