"""The Dataset workspace's background jobs, in plain Python (no Qt): each combines the core
exactly as the command line does (``lexsub stats``, ``lexsub baseline``), so the panel and
the CLI show the same figures and write the same files.

Each job takes ``report(text)`` for progress and ``cancelled()``; the core's progress callbacks
are wrapped so that a cancel request stops the computation at its next step (``Cancelled``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.agreement.progress import Cancelled
from lexsub_studio.core.dataset.baselines import BaselineResult
from lexsub_studio.core.dataset.stats import DatasetStats
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Diagnostic

Report = Callable[[str], None]
IsCancelled = Callable[[], bool]

#: What a file added to the panel is used as.
GOLD = "gold"
MULTIWORD_GOLD = "multiword gold"
RESPONSES = "responses"
#: The kinds ``formats.detect`` reports, as the panel's roles.
DETECTED_ROLES = {"gold": GOLD, "mwgold": MULTIWORD_GOLD, "responses": RESPONSES}


@dataclass(slots=True)
class DatasetInputs:
    """The files the user added beside the open corpus."""

    gold: str | None = None
    multiword_gold: str | None = None
    responses: list[str] = field(default_factory=list)

    def paths(self) -> list[tuple[str, str]]:
        """(role, path) of every file, gold first."""
        listed = []
        if self.gold is not None:
            listed.append((GOLD, self.gold))
        if self.multiword_gold is not None:
            listed.append((MULTIWORD_GOLD, self.multiword_gold))
        listed.extend((RESPONSES, path) for path in self.responses)
        return listed


def _step_reporter(what: str, report: Report, cancelled: IsCancelled) -> Callable[[int, int],
                                                                                  None]:
    def step(done: int, total: int) -> None:
        if cancelled():
            raise Cancelled
        report(f"{what}: {done} of {total}" if total else what)

    return step


@dataclass(slots=True)
class StatsOutcome:
    stats: DatasetStats
    #: Every message: the readers', the pooling's and the statistics' own.
    diagnostics: list[Diagnostic]
    #: The reproducibility signature of the figures (core/present/signature.py).
    signature: str = ""


def compute_stats(corpus: Corpus, inputs: DatasetInputs, report: Report,
                  cancelled: IsCancelled) -> StatsOutcome:
    """``lexsub stats CORPUS [GOLD] [MWGOLD] [RESPONSES...]`` on an already open corpus."""
    from lexsub_studio.core.dataset.stats import dataset_stats
    from lexsub_studio.core.io.formats.gold import read_gold

    messages: list[Diagnostic] = []
    gold = multiword_gold = None
    if inputs.gold is not None:
        report("Reading the gold")
        result = read_gold(inputs.gold)
        messages.extend(result.diagnostics)
        gold = result.items
    if inputs.multiword_gold is not None:
        report("Reading the multiword gold")
        result = read_gold(inputs.multiword_gold, multiword=True)
        messages.extend(result.diagnostics)
        multiword_gold = result.items
    pooled = None
    if inputs.responses:
        from lexsub_studio.core.agreement.pool import pool_responses
        from lexsub_studio.core.agreement.progress import Monitor
        from lexsub_studio.core.gold.assembly import read_sources

        report(f"Reading {len(inputs.responses)} responses file(s)")
        sources, read_diagnostics = read_sources(inputs.responses)
        messages.extend(read_diagnostics)
        if cancelled():
            raise Cancelled
        pooled = pool_responses(sources, corpus=corpus, monitor=Monitor(
            _step_reporter("Pooling the responses", report, cancelled), cancelled))
        messages.extend(pooled.diagnostics)
    report("Counting")
    stats = dataset_stats(corpus, gold, multiword_gold=multiword_gold, pooled=pooled,
                          progress=_step_reporter("Pairwise agreement", report, cancelled))
    messages.extend(stats.diagnostics)
    from lexsub_studio.core.present.signature import stats_signature

    return StatsOutcome(stats, messages, stats_signature(
        gold="none" if inputs.gold is None else "file",
        multiword_gold=inputs.multiword_gold is not None, responses=len(inputs.responses)))


@dataclass(slots=True)
class BaselineOutcome:
    result: BaselineResult
    paths: dict[str, Path]
    diagnostics: list[Diagnostic]


def generate_baseline(kind: str, corpus: Corpus, prefix: str | Path, *,
                      gold_path: str | None = None, seed: int = 0,
                      wordnet_dir: str | Path | None = None,
                      report: Report, cancelled: IsCancelled) -> BaselineOutcome:
    """``lexsub baseline KIND CORPUS [GOLD] -o PREFIX``: answers every corpus instance and
    writes PREFIX.best, PREFIX.oot and PREFIX.weighted (atomically). Raises ValueError when
    frequency or random have no gold, WordNetUnavailable when no WordNet database is found."""
    from lexsub_studio.core.dataset.baselines import (
        make_baseline,
        targets_from_corpus,
        write_baseline,
    )

    if kind in ("frequency", "random") and gold_path is None:
        raise ValueError(f"the {kind} baseline ranks the substitutes of the other items' "
                         "gold: add a gold file first")
    messages: list[Diagnostic] = []
    gold = None
    if gold_path is not None:
        from lexsub_studio.core.io.formats.gold import read_gold

        report("Reading the gold")
        gold_result = read_gold(gold_path)
        messages.extend(gold_result.diagnostics)
        gold = gold_result.items
    if kind == "wordnet":
        report("Loading WordNet (a few seconds)")
    result = make_baseline(kind, targets_from_corpus(corpus), gold=gold, seed=seed,
                           wordnet_dir=wordnet_dir,
                           progress=_step_reporter("Ranking substitutes", report, cancelled))
    if cancelled():
        raise Cancelled
    report("Writing the files")
    paths = write_baseline(result, prefix)
    messages.extend(result.diagnostics)
    return BaselineOutcome(result, paths, messages)


def describe(messages: Sequence[Diagnostic]) -> str:
    """Messages as the panel lists them: located ones as ``file:line:col: severity: text``."""
    lines = []
    for message in messages:
        lines.append(str(message) if message.path is not None
                     else f"{message.severity.value}: {message.message}")
    return "\n".join(lines)
