"""Agreement of annotators who judged candidates: Krippendorff's alpha (nominal), Fleiss' kappa
and pairwise percent agreement, overall, per annotator and per pair, with bootstrap intervals.

A **unit** is one candidate of one item; its values are the labels its annotators gave. How
*unsure* counts is a switch (``UNSURE_POLICIES``): as a category of its own (the default: it
is what the annotator said), as a missing value (the label is dropped), or as not acceptable.

- **Alpha**: nominal distance (0 for two equal labels, 1 otherwise), computed by
  core/agreement/alpha.py, whose Jaccard distance between the one-label sets {x} and {y} is
  exactly the nominal distance. Units with fewer than two values are left out, as alpha does.
- **Fleiss' kappa**: core/agreement/kappa.py, item by item with a varying number of raters;
  units with fewer than two raters are left out.
- **Pairwise agreement**: of every two annotators who labelled the same unit, the share who
  gave the same label; per pair over the units both labelled, per annotator over every pair
  that includes them.

The bootstrap (core/agreement/bootstrap.py) draws *items*, not units: the candidates of one
sentence are judged together and are not independent, so each drawn item brings all its
candidates.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

import numpy as np

from lexsub_studio.core.agreement.alpha import alpha_values, prepare_alpha
from lexsub_studio.core.agreement.bootstrap import DEFAULT_CONFIDENCE, Interval, bootstrap_intervals
from lexsub_studio.core.agreement.kappa import fleiss_kappa
from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.model.judgements import (
    LABELS,
    NOT_ACCEPTABLE,
    UNSURE,
    JudgementVotes,
)

#: How *unsure* counts: its own category, a missing value, or a *not-acceptable*.
UNSURE_POLICIES = ("category", "missing", "not-acceptable")
DEFAULT_UNSURE_POLICY = "category"
FIGURES = ("alpha", "fleiss_kappa", "pairwise_agreement")
FIGURE_LABELS = {"alpha": "Krippendorff's alpha (nominal)", "fleiss_kappa": "Fleiss' kappa",
                 "pairwise_agreement": "pairwise percent agreement"}


@dataclass(slots=True)
class JudgementAgreement:
    figures: dict[str, float | None]
    #: units (candidates of items) and items behind the figures, annotators, labels used.
    counts: dict[str, int]
    unsure: str
    categories: tuple[str, ...]
    annotators: list[str]
    #: per annotator: judgements, each label's count, pairwise agreement and its pairs.
    per_annotator: list[dict[str, object]]
    #: per pair of annotators (in the order of ``annotators``): units both labelled, agreement.
    per_pair: list[dict[str, object]]
    intervals: dict[str, Interval] = field(default_factory=dict)
    bootstrap_replicates: int = 0
    bootstrap_seed: int | None = None
    confidence: float = DEFAULT_CONFIDENCE
    warnings: list[str] = field(default_factory=list)


def _category(label: str, unsure: str) -> str | None:
    if label == UNSURE:
        return {"category": UNSURE, "missing": None, "not-acceptable": NOT_ACCEPTABLE}[unsure]
    return label


def judgement_agreement(votes: JudgementVotes, *, unsure: str = DEFAULT_UNSURE_POLICY,
                        bootstrap: int = 0, seed: int | None = None,
                        confidence: float = DEFAULT_CONFIDENCE,
                        monitor: Monitor | None = None) -> JudgementAgreement:
    """Every figure of ``votes``; ``monitor`` reports the bootstrap's progress and cancels it."""
    if unsure not in UNSURE_POLICIES:
        raise ValueError(f"unknown policy for unsure {unsure!r}; expected one of "
                         f"{', '.join(UNSURE_POLICIES)}")
    categories = tuple(label for label in LABELS if unsure == "category" or label != UNSURE)
    category_index = {label: index for index, label in enumerate(categories)}
    annotators = list(votes.annotators)
    annotator_index = {name: index for index, name in enumerate(annotators)}
    pairs = list(combinations(range(len(annotators)), 2))
    pair_index = {pair: index for index, pair in enumerate(pairs)}
    item_keys = list(votes.items)
    unit_item: list[int] = []
    unit_values: list[list[frozenset[str]]] = []
    counts_rows: list[list[int]] = []
    pair_agree_rows: list[np.ndarray] = []
    pair_n_rows: list[np.ndarray] = []
    label_counts = np.zeros((len(annotators), len(LABELS)), dtype=np.int64)
    for item_position, key in enumerate(item_keys):
        for candidate in votes.items[key].values():
            given: list[tuple[int, str]] = []
            for annotator, label in candidate.labels.items():
                label_counts[annotator_index[annotator], LABELS.index(label)] += 1
                category = _category(label, unsure)
                if category is not None:
                    given.append((annotator_index[annotator], category))
            unit_item.append(item_position)
            unit_values.append([frozenset({category}) for _, category in given])
            row = [0] * len(categories)
            for _, category in given:
                row[category_index[category]] += 1
            counts_rows.append(row)
            agree = np.zeros(len(pairs))
            compared = np.zeros(len(pairs))
            for (first, first_label), (second, second_label) in combinations(
                    sorted(given), 2):
                position = pair_index[(first, second)]
                compared[position] += 1
                agree[position] += first_label == second_label
            pair_agree_rows.append(agree)
            pair_n_rows.append(compared)
    n_units = len(unit_item)
    units_item = np.array(unit_item, dtype=np.int64)
    counts = np.array(counts_rows, dtype=np.float64).reshape(n_units, len(categories))
    pair_agree = np.array(pair_agree_rows).reshape(n_units, len(pairs))
    pair_n = np.array(pair_n_rows).reshape(n_units, len(pairs))
    alpha_data = prepare_alpha(unit_values) if n_units else None
    # Each pair's column counted towards both its annotators.
    membership = np.zeros((len(pairs), len(annotators)))
    for position, (first, second) in enumerate(pairs):
        membership[position, first] = membership[position, second] = 1.0

    def figures_for(unit_weights: np.ndarray) -> dict[str, float | None]:
        result: dict[str, float | None] = {}
        result["alpha"] = (alpha_values(alpha_data, unit_weights)["jaccard"]
                           if alpha_data is not None else None)
        result["fleiss_kappa"] = fleiss_kappa(counts, unit_weights) if n_units else None
        agree_sums = unit_weights @ pair_agree
        n_sums = unit_weights @ pair_n
        result["pairwise_agreement"] = _ratio(agree_sums.sum(), n_sums.sum())
        for position, (first, second) in enumerate(pairs):
            result[_pair_name(annotators[first], annotators[second])] = _ratio(
                agree_sums[position], n_sums[position])
        by_annotator_agree = agree_sums @ membership
        by_annotator_n = n_sums @ membership
        for index, name in enumerate(annotators):
            result[_annotator_name(name)] = _ratio(by_annotator_agree[index],
                                                   by_annotator_n[index])
        return result

    overall = figures_for(np.ones(n_units))
    n_sums = pair_n.sum(axis=0) if n_units else np.zeros(len(pairs))
    per_pair: list[dict[str, object]] = [{"first": annotators[first],
                                          "second": annotators[second],
                 "units": int(n_sums[position]),
                 "agreement": overall[_pair_name(annotators[first], annotators[second])]}
                for position, (first, second) in enumerate(pairs)]
    compared_by_annotator = n_sums @ membership if pairs else np.zeros(len(annotators))
    per_annotator: list[dict[str, object]] = []
    for index, name in enumerate(annotators):
        annotator_row: dict[str, object] = {"annotator": name,
                                            "judgements": int(label_counts[index].sum())}
        for position, label in enumerate(LABELS):
            annotator_row[label] = int(label_counts[index, position])
        annotator_row["pairs"] = int(compared_by_annotator[index])
        annotator_row["pairwise_agreement"] = overall[_annotator_name(name)]
        per_annotator.append(annotator_row)
    rated = counts.sum(axis=1) if n_units else np.zeros(0)
    report = JudgementAgreement(
        figures={name: overall[name] for name in FIGURES},
        counts={"items": len(item_keys), "units": n_units,
                "units_with_two_labels": int((rated >= 2).sum()),
                "labels": int(rated.sum()), "annotators": len(annotators),
                "pairs": int(n_sums.sum())},
        unsure=unsure, categories=categories, annotators=annotators,
        per_annotator=per_annotator, per_pair=per_pair, confidence=confidence)
    report.warnings = _warnings(report)
    if bootstrap > 0:
        names = list(overall)

        def statistic(item_weights: np.ndarray) -> dict[str, float | None]:
            return figures_for(item_weights[units_item])

        report.intervals = bootstrap_intervals(len(item_keys), statistic, names, bootstrap,
                                               seed, confidence=confidence, monitor=monitor)
        report.bootstrap_replicates = bootstrap
        report.bootstrap_seed = seed
    return report


def pair_interval(report: JudgementAgreement, first: str, second: str) -> Interval | None:
    return report.intervals.get(_pair_name(first, second))


def annotator_interval(report: JudgementAgreement, annotator: str) -> Interval | None:
    return report.intervals.get(_annotator_name(annotator))


def _pair_name(first: str, second: str) -> str:
    return f"pair\t{first}\t{second}"


def _annotator_name(name: str) -> str:
    return f"annotator\t{name}"


def _ratio(numerator: float, denominator: float) -> float | None:
    return float(numerator) / float(denominator) if denominator else None


def _warnings(report: JudgementAgreement) -> list[str]:
    warnings = []
    if report.counts["annotators"] < 2:
        warnings.append(f"only {report.counts['annotators']} annotator(s): agreement needs at "
                        "least two")
    for name in FIGURES:
        if report.figures[name] is None:
            warnings.append(f"{FIGURE_LABELS[name]} is undefined (no candidate has two labels, "
                            "or every label is the same)")
    if 0 < report.counts["units_with_two_labels"] < 30:
        warnings.append(f"only {report.counts['units_with_two_labels']} candidate(s) have two "
                        "labels or more: every figure rests on very little")
    return warnings



def anonymise_judgement_report(report: JudgementAgreement) -> JudgementAgreement:
    """The report with A1, A2 ... (the sorted names in order) for the annotators' names: what
    ``lexsub agree --anonymise`` prints for the same files (names change no figure)."""
    alias = {name: f"A{number}" for number, name in enumerate(sorted(report.annotators),
                                                              start=1)}

    def renamed(key: str) -> str:
        parts = key.split("\t")
        if parts[0] in ("pair", "annotator"):
            return "\t".join([parts[0], *(alias.get(part, part) for part in parts[1:])])
        return key

    return replace(
        report, annotators=[alias[name] for name in report.annotators],
        per_annotator=[{**row, "annotator": alias[str(row["annotator"])]}
                       for row in report.per_annotator],
        per_pair=[{**row, "first": alias[str(row["first"])], "second": alias[str(row["second"])]}
                  for row in report.per_pair],
        intervals={renamed(key): interval for key, interval in report.intervals.items()},
        warnings=[_anonymised_text(warning, alias) for warning in report.warnings])


def _anonymised_text(text: str, alias: dict[str, str]) -> str:
    for name in sorted(alias, key=len, reverse=True):
        text = text.replace(name, alias[name])
    return text
