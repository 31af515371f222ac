"""The new-task wizard's background steps, in plain Python (no Qt), combining the core as
``lexsub make-task`` does, so the wizard and the command line make the same corpus."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lexsub_studio.core.agreement.progress import Cancelled
from lexsub_studio.core.dataset.conll import ConllReadResult
from lexsub_studio.core.dataset.make_task import LemmaPosFrequency, Sample
from lexsub_studio.core.model.data import Corpus

Report = Callable[[str], None]
IsCancelled = Callable[[], bool]


@dataclass(slots=True)
class ReadOutcome:
    paths: list[str]
    read: ConllReadResult
    frequencies: list[LemmaPosFrequency]


def read_files(paths: Sequence[str], report: Report, cancelled: IsCancelled) -> ReadOutcome:
    """Read the CoNLL files and count every lemma.pos (the targets table)."""
    from lexsub_studio.core.dataset.conll import read_conll_files
    from lexsub_studio.core.dataset.make_task import lemma_pos_frequencies

    def step(done: int, total: int) -> None:
        if cancelled():
            raise Cancelled
        report(f"Reading file {min(done + 1, total)} of {total}")

    read = read_conll_files(list(paths), progress=step)
    report("Counting lemma.pos")
    return ReadOutcome(list(paths), read, lemma_pos_frequencies(read.sentences))


@dataclass(slots=True)
class SampleOutcome:
    sample: Sample
    corpus: Corpus


def sample_corpus(read: ConllReadResult, targets: Sequence[str], *, per_target: int | None,
                  seed: int, first_id: int) -> SampleOutcome:
    """Sample the sentences and build the corpus, as ``lexsub make-task`` with the same
    options."""
    from lexsub_studio.core.dataset.make_task import build_corpus, sample_instances

    sample = sample_instances(read.sentences, targets, per_target=per_target, seed=seed)
    return SampleOutcome(sample, build_corpus(sample, first_id=first_id))


def equivalent_command(paths: Sequence[str], targets: Sequence[str], *, per_target: int | None,
                       seed: int, first_id: int, output: str = "corpus.xml") -> str:
    """The ``lexsub make-task`` command that makes the same corpus."""
    words = ["lexsub", "make-task", *paths,  # untranslated: a command, typed as it is
             "--targets", ",".join(targets)]  # untranslated: an option of that command
    if per_target is not None:
        words += ["--per-target", str(per_target)]
    words += ["--seed", str(seed)]
    if first_id != 1:
        words += ["--first-id", str(first_id)]
    words += ["-o", output]
    return shlex.join(words)
