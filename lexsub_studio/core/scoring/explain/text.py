"""Numbers in words: the formula behind a figure or an item's score, with its actual values.

``explain_figure`` and ``explain_item_row`` return one line each, e.g.
``best: credit (3 + 1) / 7 = 0.571, divided by 2 answers = 0.286``; the GUI shows exactly these.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.types import Figure, ScoreOptions

#: Item measures that explain_item_row knows, and the figure keys that map onto them.
ITEM_MEASURES = (
    "best", "best.mode", "oot", "oot.mode", "jabbari.best", "jabbari.best1", "coverage",
    "coverage.optimal_f", *(f"coverage.top{n}_f" for n in range(1, 11)),
    "ranking.p_at_1", "ranking.p_at_3", "ranking.r_at_10", "ranking.gap", "mw",
)
_FIGURE_TO_MEASURE = {
    "best.precision": "best", "best.recall": "best",
    "best.mode_precision": "best.mode", "best.mode_recall": "best.mode",
    "oot.precision": "oot", "oot.recall": "oot",
    "oot.mode_precision": "oot.mode", "oot.mode_recall": "oot.mode",
    "coverage.precision": "coverage", "coverage.recall": "coverage", "coverage.f": "coverage",
    "mw.detection_precision": "mw", "mw.detection_recall": "mw",
    "mw.identification_precision": "mw", "mw.identification_recall": "mw",
}


#: The per-item column each item measure is explained from: a report without it does not
#: have the measure (a best file has no oot scores).
_MEASURE_COLUMN = {
    "best": "best_score", "best.mode": "best_mode_hit", "oot": "oot_weights",
    "oot.mode": "oot_mode_hit", "jabbari.best": "jabbari_best", "jabbari.best1": "best1",
    "coverage": "coverage_f", "coverage.optimal_f": "optimal_f",
    **{f"coverage.top{n}_f": f"top{n}_f" for n in range(1, 11)},
    "ranking.p_at_1": "p_at_1", "ranking.p_at_3": "p_at_3", "ranking.r_at_10": "r_at_10",
    "ranking.gap": "gap", "mw": "matched",
}


def number(value: float | None) -> str:
    """A number as people read it: integers plain, others to 3 decimals without trailing zeros."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "undefined"
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("0", "-0") else f"{value:.3g}"


def _sum_text(weights: Sequence[int]) -> str:
    if not weights:
        return "0"
    if len(weights) == 1:
        return number(weights[0])
    return "(" + " + ".join(number(w) for w in weights) + ")"


def explain_figure(figure: Figure) -> str:
    """``best precision = sum of item scores 3.25 / attempted items 5 = 0.65``."""
    return (f"{figure.label} = {figure.numerator_label} {number(figure.numerator)} / "
            f"{figure.denominator_label} {number(figure.denominator)} = {number(figure.value)}")


def _quoted(answers: Sequence[str]) -> str:
    return ", ".join(f"'{answer}'" for answer in answers) or "none"


def explain_item_row(row: Mapping[str, Any], measure: str, options: ScoreOptions) -> str:
    """One item's value for one measure, as a formula with its numbers."""
    measure = _FIGURE_TO_MEASURE.get(measure, measure)
    if measure not in ITEM_MEASURES:
        raise ValueError(f"no per-item explanation for '{measure}'; known: "
                         f"{', '.join(ITEM_MEASURES)}")
    if _MEASURE_COLUMN[measure] not in row:
        present = [name for name in ITEM_MEASURES if _MEASURE_COLUMN[name] in row]
        raise ValueError(f"a {options.kind} report has no '{measure}' scores; it explains "
                         f"{', '.join(present) or 'no measure'}")
    if measure == "mw":
        return _explain_mw(row)
    human = number(row["human_total"])
    mode = row.get("mode")
    if measure in ("best", "oot"):
        weights = row.get(f"{measure}_weights", ())
        count = len(weights)
        if not count:
            return f"{measure}: no answers, score 0"
        credit = sum(weights) / row["human_total"]
        if measure == "best":
            plural = "answer" if count == 1 else "answers"
            return (f"best: credit {_sum_text(weights)} / {human} = {number(credit)}, "
                    f"divided by {count} {plural} = {number(row['best_score'])}")
        # Up to ten answers, most of them often unmatched: only the credits earned are listed.
        earned = [weight for weight in weights if weight]
        plural = "answer" if count == 1 else "answers"
        return (f"oot: credit {_sum_text(earned)} / {human} from {len(earned)} of {count} "
                f"{plural} = {number(credit)}")
    if measure in ("best.mode", "oot.mode"):
        task = measure.split(".")[0]
        answers = row.get(f"{task}_answers", ())
        if mode is None:
            return f"{task} mode: the item has no mode, not counted"
        if not answers:
            return f"{task} mode: mode '{mode}', no answers: miss"
        hit = bool(row[f"{task}_mode_hit"])
        if task == "best":
            return (f"best mode: mode '{mode}', best guess '{answers[0]}': "
                    f"{'hit' if hit else 'miss'}")
        return f"oot mode: mode '{mode}' {'is' if hit else 'is not'} among {len(answers)} answers"
    if measure == "jabbari.best":
        weights = row["best_weights"]
        if not weights:
            return "best (Jabbari): no answers, score 0"
        return (f"best (Jabbari): {_sum_text(weights)} / (maxfreq {number(row['max_freq'])} x "
                f"{len(weights)} answers) = {number(row['jabbari_best'])}")
    if measure == "jabbari.best1":
        answers = row["best_answers"]
        if not answers:
            return "best1: no answers, score 0"
        return (f"best1: freq of best guess '{answers[0]}' {number(row['best1_numerator'])} / "
                f"maxfreq {number(row['max_freq'])} = {number(row['best1'])}")
    if measure == "coverage":
        credit = number(row["oot_credit"])
        wrong = number(row["coverage_wrong"])
        return (f"coverage: R = {credit} / {human} = {number(row['coverage_recall'])}; "
                f"P = {credit} / ({credit} + {number(options.penalty)} x {wrong} wrong) = "
                f"{number(row['coverage_precision'])}; F = 2PR / (P + R) = "
                f"{number(row['coverage_f'])}")
    if measure == "coverage.optimal_f":
        cutoff = row["optimal_cutoff"]
        if not cutoff:
            return "optimal F: no cut-off scores above 0, F = 0"
        return (f"optimal F: {number(row['optimal_f'])} when cut after answer {number(cutoff)} of "
                f"{len(row['oot_weights'])}")
    if measure.startswith("coverage.top"):
        n = int(measure.removeprefix("coverage.top").removesuffix("_f"))
        kept = min(n, len(row["oot_weights"]))
        return (f"top-{n} F: F of the first {kept} answers "
                f"({_quoted(row['oot_answers'][:kept])}) = {number(row[f'top{n}_f'])}")
    if measure in ("ranking.p_at_1", "ranking.p_at_3"):
        k = int(measure[-1])
        return (f"P@{k}: {number(row[f'p_at_{k}_hits'])} gold answers in the top {k} / {k} = "
                f"{number(row[f'p_at_{k}'])}")
    if measure == "ranking.r_at_10":
        return (f"R@10: {number(row['r_at_10_hits'])} gold answers in the top 10 / "
                f"{number(row['gold_size'])} gold substitutes = {number(row['r_at_10'])}")
    return (f"GAP: {number(row['gap_numerator'])} / {number(row['gap_denominator'])} = "
            f"{number(row['gap'])} (ranking weights {_sum_text(row['ranking_weights'])})")


def _explain_mw(row: Mapping[str, Any]) -> str:
    mode = row["mode"]
    answer = row["answer"]
    gold = f"gold multiword '{mode}'" if mode is not None else "no gold multiword"
    system = f"system '{answer}'" if answer else "system gave none"
    if not row["found"]:
        verdict = "counted as a genuine detection" if row["genuine"] else "not counted"
    elif row["matched"]:
        verdict = "detected and identified"
    elif row["genuine"]:
        verdict = "detected, not identified"
    else:
        verdict = "a false detection"
    return f"mw: {gold}, {system}: {verdict}"
