"""Agreement of SWORDS raters on their binary labels: Krippendorff's alpha, nominal.

Each substitute is a unit; each rater's label of it one value: ``TRUE`` yes, ``FALSE`` no.
``UNSURE`` is a missing value. The implicit labels (``TRUE_IMPLICIT``, ``FALSE_IMPLICIT``) are
left out: they record who proposed a substitute, not a judgement of it shown to a rater. A rater
who labels one substitute twice counts once (the first label). Alpha needs to know the values
come from raters, so it is computed only when the file names them (``substitute_label_raters``).
The nominal distance between two labels (0 if equal, 1 otherwise) is the Jaccard (and MASI)
distance between the singleton sets {label}, so core/agreement/alpha.py computes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_studio.core.agreement.alpha import alpha_values, prepare_alpha
from lexsub_studio.core.io.formats.swords import SwordsBenchmark

JUDGEMENTS = {"TRUE": "yes", "FALSE": "no"}


@dataclass(frozen=True, slots=True)
class RaterAgreement:
    alpha: float | None
    #: Substitutes with two or more judgements (the units alpha uses), and those judgements.
    units: int
    values: int
    raters: int
    #: Why alpha is not computed, when it is not.
    reason: str | None = None


def rater_agreement(benchmark: SwordsBenchmark) -> RaterAgreement:
    units: list[list[frozenset[str]]] = []
    raters: set[str] = set()
    named = False
    for substitute in benchmark.substitutes.values():
        if substitute.raters is None or substitute.labels is None:
            continue
        named = True
        judged: dict[str, str] = {}
        for rater, label in zip(substitute.raters, substitute.labels, strict=True):
            if label in JUDGEMENTS:
                judged.setdefault(rater, JUDGEMENTS[label])
        raters.update(judged)
        if len(judged) >= 2:
            units.append([frozenset({value}) for value in judged.values()])
    if not named:
        return RaterAgreement(None, 0, 0, 0, "the file names no raters "
                                             "(substitute_label_raters)")
    values = sum(len(unit) for unit in units)
    alpha = alpha_values(prepare_alpha(units))["jaccard"] if units else None
    reason = None if alpha is not None else (
        "no substitute has two judgements" if not units else
        "every judgement is the same, so no disagreement can be expected")
    return RaterAgreement(alpha, len(units), values, len(raters), reason)
