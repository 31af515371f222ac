"""A warning about a system file as every output shows it: what was found, how often, a few
examples and its effect on the system's main figure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lexsub_studio.core.model.data import SystemAnswer, WeightedAnswer

#: The figure whose change each warning reports, per system kind.
PRIMARY_MEASURE = {"best": "best.recall", "oot": "oot.recall", "weighted": "oot.recall",
                   "mw": "mw.identification_recall"}
MAX_EXAMPLES = 5
#: Lines with another lexelt are all listed (real files have a dozen), up to this many.
MAX_LEXELT_LINES = 200

Answer = SystemAnswer | WeightedAnswer
_SINGULAR = {"answers": "answer", "lines": "line", "lines or items": "line or item"}


@dataclass(frozen=True, slots=True)
class SystemWarning:
    """One kind of problem found in a system file: its code and title, how many lines or
    answers it concerns, what scoring does about it, and a few examples."""

    code: str
    title: str
    count: int
    unit: str
    explanation: str
    #: The figure the effect is measured on, and the change (None when not measured).
    measure: str | None = None
    effect: float | None = None
    examples: tuple[str, ...] = ()

    def describe(self) -> str:
        unit = self.unit if self.count != 1 else _SINGULAR.get(self.unit, self.unit)
        text = f"{self.title}: {self.count} {unit}. {self.explanation}"
        if self.measure is not None and self.effect is not None:
            text += f" Effect on {self.measure}: {self.effect:+.4f}."
        return text


def warning_rows(warnings: Sequence[SystemWarning]) -> list[dict[str, Any]]:
    """Plain dictionaries, for JSON output and tables."""
    return [{"code": w.code, "title": w.title, "count": w.count, "unit": w.unit,
             "measure": w.measure, "effect": w.effect, "explanation": w.explanation,
             "examples": list(w.examples)} for w in warnings]
