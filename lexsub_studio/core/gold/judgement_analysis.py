"""One analysis of annotators' judgements files: read, tally the votes, pool the gold (and the
SWORDS benchmark when a corpus is known) and measure agreement with bootstrap intervals, with
progress and cancelling.

The Gold & Agreement workspace runs ``analyse_judgements`` on a worker thread when its files
are judgements files (``# lexsub-judgements 1``); it calls the functions ``lexsub judge pool``
and ``lexsub agree`` call, so the workspace shows the figures they print for the same files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from lexsub_studio.core.agreement.judgements import (
    DEFAULT_UNSURE_POLICY,
    JudgementAgreement,
    judgement_agreement,
)
from lexsub_studio.core.agreement.progress import Cancelled, Monitor
from lexsub_studio.core.gold.analysis import DEFAULT_REPLICATES, DEFAULT_SEED
from lexsub_studio.core.gold.judgement_pool import PooledJudgements, pool_judgements
from lexsub_studio.core.io.formats.judgements import JudgementsReadResult, read_judgements
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.judgements import JudgementVotes, tally_judgement_files

#: What the workspace says when one list would hold both kinds of file (as ``lexsub agree``
#: refuses such a run).
MIXED_KINDS = ("judgements files and responses files cannot be pooled together: give one "
               "kind at a time")


@dataclass(frozen=True, slots=True)
class JudgementRequest:
    paths: tuple[str, ...]
    #: the corpus the gold follows and the SWORDS file takes its sentences from (None: the gold
    #: in the order items were first judged, and no SWORDS file).
    corpus: Corpus | None
    unsure: str = DEFAULT_UNSURE_POLICY
    bootstrap: int = DEFAULT_REPLICATES
    seed: int = DEFAULT_SEED


@dataclass(slots=True)
class JudgementAnalysis:
    request: JudgementRequest
    files: dict[str, JudgementsReadResult]
    #: the files' row problems and the judgements given twice (left out).
    read_diagnostics: Diagnostics
    votes: JudgementVotes
    pooled: PooledJudgements
    report: JudgementAgreement


def read_missing_judgements(paths: Sequence[str], known: Mapping[str, JudgementsReadResult],
                            ) -> dict[str, JudgementsReadResult]:
    """Each path's rows, read unless already in ``known``."""
    return {path: known[path] if path in known else read_judgements(path) for path in paths}


def analyse_judgements(request: JudgementRequest, known: Mapping[str, JudgementsReadResult],
                       report: Callable[[str], None],
                       should_cancel: Callable[[], bool]) -> JudgementAnalysis:
    """Read, pool and measure; raises ``Cancelled`` when ``should_cancel`` turns true."""
    monitor = Monitor(lambda done, total: report(f"bootstrap {done}/{total}"), should_cancel)

    def check() -> None:
        if should_cancel():
            raise Cancelled
    report("reading the judgements files")
    files = read_missing_judgements(request.paths, known)
    check()
    votes = tally_judgement_files((path, files[path].rows) for path in request.paths)
    report("pooling")
    pooled = pool_judgements(votes, request.corpus)
    diagnostics = Diagnostics(None)
    for path in request.paths:
        diagnostics.extend(files[path].diagnostics)
    diagnostics.extend(pooled.diagnostics)
    check()
    report("agreement")
    agreement = judgement_agreement(votes, unsure=request.unsure, bootstrap=request.bootstrap,
                                    seed=request.seed, monitor=monitor)
    return JudgementAnalysis(request, files, diagnostics, votes, pooled, agreement)
