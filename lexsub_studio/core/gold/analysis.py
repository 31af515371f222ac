"""One analysis of annotators' responses: read, pool, assemble the gold, measure agreement and
propose merges, in that order and with progress and cancelling.

The Gold & Agreement workspace runs ``analyse`` on a worker thread; it calls only the core, so
every figure the workspace shows is the one ``lexsub gold`` and ``lexsub agree`` print for the
same inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from lexsub_studio.core.agreement.pool import PooledResponses, ResponseSource, pool_responses
from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.agreement.report import AgreementReport, compute_agreement
from lexsub_studio.core.gold.assembly import GoldAssembly, assemble_gold
from lexsub_studio.core.gold.merge_proposals import MergeProposal, propose_merges
from lexsub_studio.core.gold.normalise import (
    MergeMap,
    MergeSuggestion,
    NormaliseOptions,
    suggest_merges,
)
from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.languages import Language, language_of
from lexsub_studio.core.present.signature import agreement_signature

#: Default bootstrap replicates for the intervals (enough for a stable 95% interval on the
#: demo-sized data in well under a second).
DEFAULT_REPLICATES = 200
DEFAULT_SEED = 1


@dataclass(frozen=True, slots=True)
class AnalysisRequest:
    paths: tuple[str, ...]
    corpus: Corpus | None
    options: NormaliseOptions
    merge_map: MergeMap
    bootstrap: int = DEFAULT_REPLICATES
    seed: int = DEFAULT_SEED
    #: propose merges (done on the first run; later runs keep the list the user works on).
    suggest: bool = True
    #: The responses' language (a corpus ``lang``) when no ``corpus`` is given to check them
    #: against: the corpus open for annotation says it; nothing at all means English.
    lang: str | None = None


@dataclass(slots=True)
class Analysis:
    request: AnalysisRequest
    sources: dict[str, ResponseSource]
    read_diagnostics: Diagnostics
    pooled: PooledResponses
    assembly: GoldAssembly
    report: AgreementReport
    suggestions: list[MergeSuggestion] | None = None
    #: the gold without any merge (set when suggestions were made), to show what merges change.
    unmerged_gold: list[GoldItem] | None = None
    #: the curation view's proposals (variants and typos, scoped to items), with suggestions.
    proposals: list[MergeProposal] | None = None


def request_language(request: AnalysisRequest) -> Language:
    """The responses' language: the corpus's, else ``lang``; English when nothing says."""
    return language_of(request.corpus.lang if request.corpus is not None else request.lang)


Report = Callable[[str], None]
ShouldCancel = Callable[[], bool]


def read_missing_sources(paths: Sequence[str], known: Mapping[str, ResponseSource],
                         diagnostics: Diagnostics) -> dict[str, ResponseSource]:
    """Each path's rows, read with the project's responses reader unless already in ``known``."""
    from lexsub_studio.core.io.formats.responses import read_responses

    sources = {}
    for path in paths:
        if path in known:
            sources[path] = known[path]
            diagnostics.extend(known[path].read_problems)
            continue
        result = read_responses(path)
        diagnostics.extend(result.diagnostics)
        sources[path] = ResponseSource(path, result.columns, reader_checked=True,
                                       read_problems=tuple(result.diagnostics.items))
    return sources


def analyse(request: AnalysisRequest, known: Mapping[str, ResponseSource],
            report: Report, should_cancel: ShouldCancel) -> Analysis:
    """Read, pool, assemble the gold, compute every agreement figure (with intervals) and,
    when asked, propose merges. Raises ``Cancelled`` when ``should_cancel`` turns true."""
    stage = ["reading"]

    def progress(done: int, total: int) -> None:
        report(f"{stage[0]} {done}/{total}" if total else stage[0])

    monitor = Monitor(progress, should_cancel)
    read_diagnostics = Diagnostics(None)
    report("reading the responses files")
    sources = read_missing_sources(request.paths, known, read_diagnostics)
    monitor.step(0, 1)
    stage[0] = "pooling"
    pooled = pool_responses([sources[p] for p in request.paths], options=request.options,
                            merge_map=request.merge_map or None, corpus=request.corpus,
                            monitor=monitor)
    stage[0] = "gold"
    assembly = assemble_gold(pooled)
    stage[0] = "agreement"
    agreement = compute_agreement(pooled, bootstrap=request.bootstrap, seed=request.seed,
                                  monitor=monitor)
    agreement.signature = agreement_signature(
        case="lower" if request.options.lowercase else "kept",
        merges=len(request.merge_map) if request.merge_map else 0,
        bootstrap=request.bootstrap, seed=request.seed, confidence=agreement.confidence)
    suggestions = unmerged_gold = proposals = None
    if request.suggest:
        report("proposing merges")
        unmerged = pooled
        if request.merge_map:
            # Proposals are made on what the annotators wrote, before any accepted merge.
            unmerged = pool_responses([sources[p] for p in request.paths],
                                      options=request.options, corpus=request.corpus)
        occurrences = unmerged.occurrences()
        language = request_language(request)
        suggestions = suggest_merges(occurrences, language)
        proposals = propose_merges(occurrences, suggestions, language)
        unmerged_gold = assembly.gold if unmerged is pooled else assemble_gold(unmerged).gold
    return Analysis(request, sources, read_diagnostics, pooled, assembly, agreement,
                    suggestions, unmerged_gold, proposals)
