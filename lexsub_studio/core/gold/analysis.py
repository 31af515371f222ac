"""The background job of the Gold & Agreement workspace, and the selections its views make.

No Qt here: ``analyse`` runs on a worker thread (tasks.run_in_background) and calls only the
core (pooling, gold assembly, agreement report, merge suggestions), so every figure the workspace
shows is the one ``lexsub gold`` and ``lexsub agree`` print for the same inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

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
            continue
        result = read_responses(path)
        diagnostics.extend(result.diagnostics)
        sources[path] = ResponseSource(path, result.columns, reader_checked=True)
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
    suggestions = unmerged_gold = proposals = None
    if request.suggest:
        report("proposing merges")
        unmerged = pooled
        if request.merge_map:
            # Proposals are made on what the annotators wrote, before any accepted merge.
            unmerged = pool_responses([sources[p] for p in request.paths],
                                      options=request.options, corpus=request.corpus)
        occurrences = unmerged.occurrences()
        suggestions = suggest_merges(occurrences)
        proposals = propose_merges(occurrences, suggestions)
        unmerged_gold = assembly.gold if unmerged is pooled else assemble_gold(unmerged).gold
    return Analysis(request, sources, read_diagnostics, pooled, assembly, agreement,
                    suggestions, unmerged_gold, proposals)


def merge_map_from(accepted: Sequence[MergeSuggestion]) -> MergeMap:
    """The accepted suggestions as a merge map (the last decision on a variant wins)."""
    merge_map = MergeMap()
    for suggestion in accepted:
        if suggestion.key is None:
            merge_map.everywhere[suggestion.variant] = suggestion.canonical
        else:
            merge_map.per_item.setdefault(suggestion.key, {})[suggestion.variant] = \
                suggestion.canonical
    return merge_map


def format_merge_map(accepted: Sequence[MergeSuggestion]) -> str:
    """The accepted merges as a merge map file (``lexsub gold --map`` reads it)."""
    lines = ["# Accepted merges: variant<TAB>canonical[<TAB>lexelt<TAB>id].",
             "# Pass this file to lexsub gold / lexsub agree with --map."]
    lines += [suggestion.map_line() for suggestion in accepted]
    return "\n".join(lines) + "\n"


def anonymous_names(annotators: Sequence[str]) -> dict[str, str]:
    """annotator name -> ``A1``, ``A2``, ... in the report's (sorted) order."""
    return {name: f"A{number}" for number, name in enumerate(annotators, start=1)}


def anonymise_report(report: AgreementReport) -> AgreementReport:
    """The same report with every annotator name replaced (table, matrix labels, warnings)."""
    names = anonymous_names(report.annotators)
    per_annotator = report.per_annotator.copy()
    per_annotator["annotator"] = [names[name] for name in per_annotator["annotator"]]
    warnings = []
    for warning in report.warnings:
        for name, alias in names.items():
            warning = warning.replace(f"'{name}'", f"'{alias}'")
        warnings.append(warning)
    return replace(report, annotators=[names[name] for name in report.annotators],
                   per_annotator=per_annotator, warnings=warnings)
