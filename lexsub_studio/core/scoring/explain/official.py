"""The official scorer's figures in words: each one's numerator and denominator, from the
official run's totals (``OfficialRun.totals``, kept as ``SystemScores.official_totals``).

``explain_official("best.recall", totals, "percent")`` gives
``official best recall = sum of item scores 0.25 / items in T 2 = 12.50%``, ending in the figure
as the league table's cell shows it; the Scoring workspace shows these lines below its table and
``lexsub score --explain`` prints them after the differences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class OfficialTerms(NamedTuple):
    """Which totals make an official figure, and what each is called."""

    numerator: str
    denominator: str
    numerator_label: str
    denominator_label: str


#: Each official figure (the part of its key after the task) and the totals it divides.
OFFICIAL_TERMS: dict[str, OfficialTerms] = {
    "precision": OfficialTerms("score_sum", "attempted", "sum of item scores",
                               "attempted items"),
    "recall": OfficialTerms("score_sum", "total", "sum of item scores", "items in T"),
    "mode_precision": OfficialTerms("mode_hits", "mode_attempted", "mode hits",
                                    "attempted items with a mode"),
    "mode_recall": OfficialTerms("mode_hits", "total_with_mode", "mode hits",
                                 "items with a mode"),
    "detection_precision": OfficialTerms("genuine", "found", "genuine detections",
                                         "items the system marked"),
    "detection_recall": OfficialTerms("genuine", "total_mws", "genuine detections",
                                      "items with a gold multiword"),
    "identification_precision": OfficialTerms("matched", "found", "multiwords matching the gold",
                                              "items the system marked"),
    "identification_recall": OfficialTerms("matched", "total_mws",
                                           "multiwords matching the gold",
                                           "items with a gold multiword"),
}
#: The official figures of each task, in the order the official scorer prints them.
OFFICIAL_FIGURES = {
    "best": ("precision", "recall", "mode_precision", "mode_recall"),
    "oot": ("precision", "recall", "mode_precision", "mode_recall"),
    "mw": ("detection_precision", "detection_recall", "identification_precision",
           "identification_recall"),
}

Totals = Mapping[str, float | int | None]


def explain_official(key: str, totals: Totals, unit: str = "fraction") -> str:
    """An official figure (``best.precision``) with its numerator and denominator, ending in the
    figure as its cell shows it in ``unit`` (core/scoring/shown_figures.py)."""
    from lexsub_studio.core.scoring.explain.text import number
    from lexsub_studio.core.scoring.shown_figures import figure_with_unit

    task, _, name = key.partition(".")
    terms = OFFICIAL_TERMS.get(name)
    if terms is None:
        return f"{key}: the official scorer does not compute it"
    numerator, denominator = totals.get(terms.numerator), totals.get(terms.denominator)
    value = totals.get(name)
    shown = "undefined" if value is None else figure_with_unit(float(value), unit)
    if not isinstance(numerator, int | float):
        return f"official {key} = {shown}"
    return (f"official {task} {name.replace('_', ' ')} = {terms.numerator_label} "
            f"{number(numerator)} / {terms.denominator_label} {denominator} = {shown}")


def official_explanations(task: str, totals: Totals, unit: str = "fraction") -> list[str]:
    """Every official figure of ``task`` explained, in the order the official scorer prints
    them (none for a task it does not score)."""
    return [explain_official(f"{task}.{name}", totals, unit)
            for name in OFFICIAL_FIGURES.get(task, ())]
