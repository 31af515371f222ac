"""How one figure of the agreement of judgements came about: the words behind "explain this
number" for judgements (the labels and definitions are in ``terms.JUDGEMENT_TERMS``)."""

from __future__ import annotations

from typing import cast

from lexsub_studio.core.agreement.judgements import JudgementAgreement
from lexsub_studio.core.agreement.terms import JUDGEMENT_TERMS
from lexsub_studio.core.present import numbers

#: How an *unsure* label counts, in words (one per policy of core/agreement/judgements.py).
UNSURE_MEANING = {"category": "a category of its own", "missing": "a missing value (dropped)",
                  "not-acceptable": "not acceptable"}


def agreeing_pairs(report: JudgementAgreement) -> int:
    """Pairs of annotators who gave a candidate the same label (the figure's numerator)."""
    return sum(round(float(cast(float | None, row["agreement"]) or 0.0) * int(str(row["units"])))
               for row in report.per_pair)


def explain_judgement_figure(report: JudgementAgreement, key: str) -> str:
    """One overall figure in words: what it divides, or what it rests on, and how *unsure*
    counted."""
    term = JUDGEMENT_TERMS[key]
    value = report.figures[key]
    unsure = f"Unsure counts as {UNSURE_MEANING[report.unsure]}."
    counts = report.counts
    if key == "pairwise_agreement":
        pairs = counts["pairs"]
        if value is None:
            return (f"{term.label} is undefined: no two annotators labelled the same "
                    f"candidate. {unsure}")
        return (f"{term.label} = {numbers.agreement(value)}: {agreeing_pairs(report)} pairs "
                f"of annotators gave a candidate the same label, of {pairs} pairs who "
                f"labelled the same candidate. {unsure}")
    rests = (f"{counts['units_with_two_labels']} candidate(s) with two labels or more, of "
             f"{counts['units']} candidates and {counts['labels']} labels; categories: "
             f"{', '.join(report.categories)}")
    if value is None:
        return (f"{term.label} is undefined: {rests} (no candidate has two labels, or every "
                f"label is the same). {unsure}")
    return f"{term.label} = {numbers.agreement(value)}, from {rests}. {term.definition} {unsure}"


def judgement_glossary_rows() -> list[tuple[str, str, str]]:
    """(key, label, definition) of the three figures of judgements, in report order."""
    return [(key, JUDGEMENT_TERMS[key].label, JUDGEMENT_TERMS[key].definition)
            for key in ("alpha", "fleiss_kappa", "pairwise_agreement")]
