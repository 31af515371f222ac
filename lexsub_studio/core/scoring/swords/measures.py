"""The SWORDS measures (Lee et al., NAACL 2021): F@10, P@10 and R@10, lenient and strict, against
the acceptable and the conceivable substitutes, P@1, and GAP, of a SWORDS result against a SWORDS
benchmark. docs/metrics.md gives the definitions, a worked example and the decisions taken where
the paper is silent.

A substitute's *score* is its share of positive labels (``TRUE``, ``TRUE_IMPLICIT``) among its
labels that are not ``UNSURE``. *Acceptable*: score > 0.5; *conceivable*: score > 0. *Lenient*
drops the system's substitutes that are not among the target's benchmark substitutes (the
*candidate pool*) before its top 10 is taken; *strict* keeps them. P@10, R@10 and F@10 are
pooled over the targets (micro averages): P = hits / given, R = hits / sum of min(|reference|,
10), F their harmonic mean, 2 hits / (given + needed). GAP is the mean over targets of Kishida's
generalised average precision of the system's whole list, the scores as gold weights.

``lemmatise``: both sides lemmatised with the target's PoS before they are compared, as SWORDS'
evaluation does unless its preprocessing is skipped (core/model/lemmas.answer_lemma).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from lexsub_studio.core.io.formats.swords import (
    POSITIVE_LABELS,
    UNSURE_LABEL,
    SwordsBenchmark,
    SwordsResult,
)
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.lemmas import answer_lemma
from lexsub_studio.core.model.rules import POS_OF_UPOS
from lexsub_studio.core.scoring.measures import gap
from lexsub_studio.core.scoring.report.types import Figure

#: The cut-off of the generative measures.
CUTOFF = 10
#: A substitute is in a reference set when its score is strictly above the threshold.
REFERENCE_THRESHOLDS = {"acceptable": 0.5, "conceivable": 0.0}
SETTINGS = ("lenient", "strict")
REFERENCES = tuple(REFERENCE_THRESHOLDS)
REPORT_FORMAT_ID = "lexsub-swords-report 1"


def normalised(text: str) -> str:
    """How substitutes are compared: lower case, runs of white space as one space, ends trimmed
    (SWORDS compares lower-cased strings)."""
    return " ".join(text.split()).lower()


def comparison_key(pos: str | None, lemmatise: bool) -> Callable[[str], str]:
    """How one target's substitutes are compared: ``normalised``, or, when lemmatising, the
    normalised lemma under the target's universal PoS tag (SWORDS lemmatises first, then lower
    cases and trims)."""
    if not lemmatise:
        return normalised
    letter = POS_OF_UPOS.get(pos or "")
    return lambda text: normalised(answer_lemma(text, letter))


def substitute_score(labels: Iterable[str]) -> float | None:
    """The share of positive labels among the labels that are not UNSURE; None when there is no
    such label (the substitute is then left out of the evaluation)."""
    judged = [label for label in labels if label != UNSURE_LABEL]
    if not judged:
        return None
    return sum(label in POSITIVE_LABELS for label in judged) / len(judged)


@dataclass(frozen=True, slots=True)
class TargetReference:
    """One target's candidate pool: each normalised substitute with its score."""

    target_id: str
    target: str
    scores: dict[str, float]

    def reference(self, name: str) -> set[str]:
        threshold = REFERENCE_THRESHOLDS[name]
        return {substitute for substitute, score in self.scores.items() if score > threshold}


def references(benchmark: SwordsBenchmark, lemmatise: bool = False,
               ) -> tuple[dict[str, TargetReference], dict[str, int]]:
    """Each target's pool, in the benchmark's order, with counts of what was set aside: the
    target word itself, substitutes equal once normalised (their labels pooled), substitutes
    with no label but UNSURE (or none), targets left with an empty pool; when lemmatising,
    also how many substitutes lemmatising changed."""
    labels_by_target: dict[str, dict[str, list[str]]] = {target_id: {} for target_id in
                                                         benchmark.targets}
    counts = {"substitutes": 0, "substitutes_same_as_target": 0, "substitutes_merged": 0,
              "substitutes_without_judgement": 0, "targets_without_candidates": 0}
    if lemmatise:
        counts["substitutes_lemmatised"] = 0
    for substitute in benchmark.substitutes.values():
        pool = labels_by_target.get(substitute.target_id)
        if pool is None:
            continue
        counts["substitutes"] += 1
        target = benchmark.targets[substitute.target_id]
        compare = comparison_key(target.pos, lemmatise)
        key = compare(substitute.substitute)
        if lemmatise:
            counts["substitutes_lemmatised"] += key != normalised(substitute.substitute)
        if key == compare(target.target):
            counts["substitutes_same_as_target"] += 1
            continue
        if key in pool:
            counts["substitutes_merged"] += 1
        pool.setdefault(key, []).extend(substitute.labels or [])
    result: dict[str, TargetReference] = {}
    for target_id, pool in labels_by_target.items():
        scores: dict[str, float] = {}
        for key, labels in pool.items():
            score = substitute_score(labels)
            if score is None:
                counts["substitutes_without_judgement"] += 1
            else:
                scores[key] = score
        if scores:
            result[target_id] = TargetReference(target_id, benchmark.targets[target_id].target,
                                                scores)
        else:
            counts["targets_without_candidates"] += 1
    return result, counts


def system_ranking(pairs: Iterable[tuple[str, float]], target: str,
                   compare: Callable[[str], str] = normalised) -> tuple[list[str], int, int]:
    """The system's substitutes, as ``compare`` writes them, by score, highest first, ties in
    file order; a substitute given twice (or two that ``compare`` makes one: two forms of one
    lemma) counts once, at its highest score (SWORDS keeps the highest score of substitutes
    that become one). Also returns how many were the target word itself (dropped) and how many
    repeated an earlier one."""
    best: dict[str, float] = {}
    same_as_target = repeated = 0
    target_key = compare(target)
    for substitute, score in pairs:
        key = compare(substitute)
        if key == target_key:
            same_as_target += 1
            continue
        if key in best:
            repeated += 1
            best[key] = max(best[key], score)
        else:
            best[key] = score
    ranked = sorted(best, key=lambda key: -best[key])  # sorted() is stable: ties keep order
    return ranked, same_as_target, repeated


@dataclass(frozen=True, slots=True)
class Cell:
    """One target's counts for one setting and reference set."""

    hits: int
    given: int
    needed: int
    hit_at_1: int
    given_at_1: int


@dataclass(frozen=True, slots=True)
class TargetRow:
    target_id: str
    target: str
    system: tuple[str, ...]
    cells: dict[tuple[str, str], Cell]
    #: None when no substitute of the target has a positive score (GAP is then undefined).
    gap: float | None


def target_row(reference: TargetReference, ranked: list[str]) -> TargetRow:
    lists = {"strict": ranked,
             "lenient": [substitute for substitute in ranked if substitute in reference.scores]}
    cells: dict[tuple[str, str], Cell] = {}
    for setting in SETTINGS:
        top = lists[setting][:CUTOFF]
        for name in REFERENCES:
            wanted = reference.reference(name)
            cells[(setting, name)] = Cell(
                hits=sum(substitute in wanted for substitute in top),
                given=len(top), needed=min(len(wanted), CUTOFF),
                hit_at_1=int(bool(top) and top[0] in wanted), given_at_1=min(len(top), 1))
    # GAP's ideal ranking counts the ranks of positive weights only (Kishida 2005).
    gold = [score for score in reference.scores.values() if score > 0]
    target_gap = (gap([reference.scores.get(substitute, 0.0) for substitute in ranked], gold)
                  if gold else None)
    return TargetRow(reference.target_id, reference.target, tuple(ranked), cells, target_gap)


@dataclass(slots=True)
class SwordsScores:
    figures: dict[str, Figure]
    counts: dict[str, int]
    rows: list[TargetRow]
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    #: Whether both sides were lemmatised before they were compared.
    lemmatised: bool = False


def figure_key(setting: str, reference: str, measure: str) -> str:
    return f"swords.{setting}.{reference}.{measure}"


def _figure(key: str, label: str, numerator: float, denominator: float, numerator_label: str,
            denominator_label: str, defined: bool = True) -> Figure:
    value = numerator / denominator if defined and denominator else None
    return Figure(key, label, value, float(numerator), float(denominator), numerator_label,
                  denominator_label)


def figures_of(rows: list[TargetRow]) -> dict[str, Figure]:
    """The overall figures: sums over the targets' cells, in the order the report shows them."""
    figures: dict[str, Figure] = {}
    for setting in SETTINGS:
        for name in REFERENCES:
            cells = [row.cells[(setting, name)] for row in rows]
            hits = sum(cell.hits for cell in cells)
            given = sum(cell.given for cell in cells)
            needed = sum(cell.needed for cell in cells)
            words = f"{setting} {name}"
            figures[figure_key(setting, name, "f_at_10")] = _figure(
                figure_key(setting, name, "f_at_10"), f"F@10 {words}", 2 * hits,
                given + needed, "2 x hits in the top 10", "given + needed",
                defined=bool(given and needed))
            figures[figure_key(setting, name, "p_at_10")] = _figure(
                figure_key(setting, name, "p_at_10"), f"P@10 {words}", hits, given,
                "hits in the top 10", "substitutes given in the top 10")
            figures[figure_key(setting, name, "r_at_10")] = _figure(
                figure_key(setting, name, "r_at_10"), f"R@10 {words}", hits, needed,
                "hits in the top 10", f"sum of min({name} substitutes, 10)")
            figures[figure_key(setting, name, "p_at_1")] = _figure(
                figure_key(setting, name, "p_at_1"), f"P@1 {words}",
                sum(cell.hit_at_1 for cell in cells), sum(cell.given_at_1 for cell in cells),
                "first substitutes that are hits", "targets with a first substitute")
    scored = [row.gap for row in rows if row.gap is not None]
    figures["swords.gap"] = _figure("swords.gap", "GAP", sum(scored), len(scored),
                                    "sum of target GAP", "targets with a positive score")
    return figures


def swords_scores(benchmark: SwordsBenchmark, result: SwordsResult,
                  result_name: str = "<result>", lemmatise: bool = False) -> SwordsScores:
    """Every SWORDS measure of ``result`` against ``benchmark``. A benchmark target the result
    does not answer counts as an empty list (SWORDS scores it so); a result target the benchmark
    does not hold is ignored, with a warning saying how many. ``lemmatise``: both sides (and
    the target word) lemmatised with the target's PoS before they are compared."""
    pools, counts = references(benchmark, lemmatise)
    diagnostics = Diagnostics(path=result_name)
    unknown = [target_id for target_id in result.ranked if target_id not in benchmark.targets]
    if unknown:
        diagnostics.warning("unknown-target",
                            f"{len(unknown)} target(s) of the result are not in the benchmark "
                            f"(the first: {unknown[0]}); they are ignored")
    if (not lemmatise and result.substitutes_lemmatized is not None
            and result.substitutes_lemmatized != benchmark.substitutes_lemmatized):
        said = {True: "lemmatised", False: "word forms"}
        diagnostics.warning(
            "lemmatized-mismatch",
            f"the result's substitutes are {said[result.substitutes_lemmatized]} and the "
            f"benchmark's {said[benchmark.substitutes_lemmatized]}; substitutes are matched as "
            "written (lower case), so an inflected form does not match its lemma; "
            "--lemmatise lemmatises both sides with the target's PoS first, as SWORDS' "
            "evaluation does")
    rows: list[TargetRow] = []
    counts.update({"targets": len(benchmark.targets), "targets_scored": len(pools),
                   "targets_answered": 0, "result_targets_not_in_benchmark": len(unknown),
                   "system_same_as_target": 0, "system_repeated": 0})
    if lemmatise:
        counts["system_lemmatised"] = 0
    for target_id, reference in pools.items():
        pairs = result.ranked.get(target_id)
        counts["targets_answered"] += bool(pairs)
        compare = comparison_key(benchmark.targets[target_id].pos, lemmatise)
        if lemmatise:
            counts["system_lemmatised"] += sum(compare(substitute) != normalised(substitute)
                                               for substitute, _ in pairs or [])
        ranked, same, repeated = system_ranking(pairs or [], reference.target, compare)
        counts["system_same_as_target"] += same
        counts["system_repeated"] += repeated
        rows.append(target_row(reference, ranked))
    counts["targets_without_positive_score"] = sum(row.gap is None for row in rows)
    return SwordsScores(figures_of(rows), counts, rows, diagnostics, lemmatise)
