"""How one agreement value came about, and where a value needs care: the words behind
"explain this number", the notes beside the figures and the glossary's rows (the labels and
definitions themselves are in ``terms``)."""

from __future__ import annotations

import numpy as np

from lexsub_studio.core.agreement.report import FIGURES, MIN_SCORES, AgreementReport
from lexsub_studio.core.agreement.terms import FIGURE_TERMS, label
from lexsub_studio.core.present import numbers

#: (numerator column, denominator column, what one numerator unit is, what one denominator
#: unit is) of the figures that are a ratio of per-item sums.
_RATIO_PARTS = {
    "pairwise_agreement": ("pa_sum", "pairs", "pair scores", "annotator pairs"),
    "mode_agreement": ("mode_hits", "mode_n", "answers containing the mode",
                       "answers checked against the mode"),
    "mode_agreement_loo": ("loo_hits", "loo_n", "answers containing the others' mode",
                           "answers checked against the others' mode"),
    "mw_identification_agreement": ("mw_agree", "mw_pairs", "pairs that agree",
                                    "pairs who both answered"),
    "mw_string_agreement": ("mw_string_agree", "mw_string_pairs", "pairs that wrote the same",
                            "pairs who both marked a multiword"),
}
_SUPPORT_UNITS = {"alpha_masi": "substitute sets (answers of items with two or more)",
                  "alpha_jaccard": "substitute sets (answers of items with two or more)",
                  "fleiss_kappa_mw": "ratings (answers of items answered by two or more)"}

#: Fewer items with a mode than this gets a note beside the mode figures.
FEW_ITEMS_WITH_MODE = 10


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def explain_figure(report: AgreementReport, key: str) -> str:
    """One value in words: what was divided by what (ratio figures), or what it rests on."""
    term = FIGURE_TERMS[key]
    value = report.figures[key]
    shown = numbers.agreement(value)
    if key in _RATIO_PARTS:
        numerator, denominator, top, bottom = _RATIO_PARTS[key]
        total_top = float(report.per_item[numerator].sum())
        total_bottom = int(report.per_item[denominator].sum())
        if key == "pairwise_agreement":
            parts = (f"the sum of {total_bottom} {top}, {_number(total_top)}, divided by "
                     f"{total_bottom} {bottom}")
        else:
            parts = f"{_number(total_top)} {top} / {total_bottom} {bottom}"
        if value is None:
            return f"{term.label} is undefined: there are no {bottom} ({parts})."
        return f"{term.label} = {shown}: {parts}."
    support = report.support[key]
    if value is None:
        return f"{term.label} is undefined: {support} {_SUPPORT_UNITS[key]} ({term.definition})"
    return f"{term.label} = {shown}, from {support} {_SUPPORT_UNITS[key]}. {term.definition}"


def explain_item(report: AgreementReport, item: int) -> str:
    """One item's share of the figures: its pair scores, its mode and who agreed with it."""
    row = report.per_item.iloc[item]
    pairs, total = int(row["pairs"]), float(row["pa_sum"])
    parts = [f"{row['lexelt']} {row['id']}: {int(row['substitutes'])} substitute(s) pooled"
             + ("" if bool(row["in_T"]) else " (not in T: fewer than 2)")]
    if pairs:
        parts.append(f"{pairs} pair score(s) summing to {_number(total)}, mean "
                     f"{numbers.agreement(total / pairs)}")
    else:
        parts.append("no pair score (fewer than two annotators gave substitutes)")
    if row["mode"]:
        parts.append(f"mode '{row['mode']}', in {int(row['mode_hits'])} of "
                     f"{int(row['mode_n'])} answer(s)")
    elif bool(row["in_T"]):
        parts.append("no mode (a tie for the most frequent substitute)")
    return "; ".join(parts) + "."


def pair_scores_text(scores: np.ndarray, names: list[str]) -> str:
    """An item's pair scores, one ``a and b: 0.5`` per pair that has one."""
    return ", ".join(f"{names[i]} and {names[j]}: {scores[i, j]:.2f}"
                     for i in range(len(names)) for j in range(i + 1, len(names))
                     if not np.isnan(scores[i, j]))


def figure_notes(report: AgreementReport) -> list[str]:
    """Where a value needs care before it is quoted (beside the warnings, which say where a
    figure rests on too little)."""
    notes = []
    kappa = report.figures["fleiss_kappa_mw"]
    identification = report.figures["mw_identification_agreement"]
    if kappa is not None and kappa < 0:
        note = (f"{label('fleiss_kappa_mw')} is below 0 ({numbers.agreement(kappa)}): "
                "annotators agree on the multiword decision less often than chance would "
                "predict from how rarely they mark one.")
        if identification is not None and identification >= 0.8:
            note += (f" This sits beside a high {label('mw_identification_agreement').lower()} "
                     f"({numbers.agreement(identification)}) because most pairs agree that "
                     "there is no multiword, which chance predicts too: kappa counts only the "
                     "agreement beyond it.")
        notes.append(note)
    with_mode = report.counts["items_with_mode"]
    if 0 < with_mode < FEW_ITEMS_WITH_MODE:
        notes.append(f"Only {with_mode} item(s) have a mode: {label('mode_agreement')} and "
                     f"{label('mode_agreement_loo')} rest on them alone.")
    if 0 < report.counts["pairs"] < MIN_SCORES:
        notes.append(f"Only {report.counts['pairs']} pair score(s): "
                     f"{label('pairwise_agreement')} can move a lot with one item.")
    return notes


def glossary_rows() -> list[tuple[str, str, str]]:
    """(key, label, definition) of every figure, in report order: the glossary's rows."""
    return [(key, FIGURE_TERMS[key].label, FIGURE_TERMS[key].definition) for key in FIGURES]
