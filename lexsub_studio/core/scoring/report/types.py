"""What a clean scoring is asked and what it answers with: ``ScoreOptions``, the figure
definitions (``FIGURE_DEFS``: each overall figure as a sum of one per-item column over another)
and ``Figure``, one figure with the sums behind it.

They live apart from score_report.py so that the modules that explain or render figures
(explain/text.py) use them without importing the scorer, which imports the explanations.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_studio.core.scoring.clean import items
from lexsub_studio.core.scoring.clean.fixes import check_defect_names
from lexsub_studio.core.scoring.measures import TOP_N


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    """What to score and how.

    ``kind``: best, oot, weighted or mw. ``families``: official (the task's measures, cleaned),
    jabbari (Jabbari et al. 2010) and ranking (P@k, R@10, GAP); a family the kind does not
    support is skipped. ``kept_defects``: names from fixes.FIX_NAMES whose fix is switched off.
    ``penalty``: the k of coverage precision. ``strict_lexelt``: drop a system line whose lexelt
    names its gold item's lemma with other PoS letters (``wild.n 160`` for ``wild.a.n 160``)
    instead of matching it by id (clean.LexeltMismatch).
    """

    kind: str = "best"
    families: tuple[str, ...] = ("official",)
    kept_defects: frozenset[str] = frozenset()
    penalty: float = 1.0
    strict_lexelt: bool = False

    def __post_init__(self) -> None:
        if self.kind not in items.KINDS:
            raise ValueError(f"unknown system kind '{self.kind}'; expected one of "
                             f"{', '.join(items.KINDS)}")
        unknown = sorted(set(self.families) - set(items.FAMILIES))
        if unknown:
            raise ValueError(f"unknown measure family {', '.join(unknown)}; expected "
                             f"{', '.join(items.FAMILIES)} or all")
        check_defect_names(self.kept_defects)
        if not self.penalty >= 0:
            raise ValueError(f"the penalty k must be a number >= 0, not {self.penalty}")

    @property
    def active_families(self) -> tuple[str, ...]:
        supported = items.KIND_FAMILIES[self.kind]
        return tuple(family for family in items.FAMILIES
                     if family in self.families and family in supported)


@dataclass(frozen=True, slots=True)
class FigureDef:
    """An overall figure: sum of one column over sum of another."""

    key: str
    label: str
    family: str
    numerator: str
    denominator: str
    numerator_label: str
    denominator_label: str


def _figure_defs() -> tuple[FigureDef, ...]:
    defs: list[FigureDef] = []
    for task in ("best", "oot"):
        defs += [
            FigureDef(f"{task}.precision", f"{task} precision", "official", f"{task}_score",
                      "attempted", "sum of item scores", "attempted items"),
            FigureDef(f"{task}.recall", f"{task} recall", "official", f"{task}_score", "one",
                      "sum of item scores", "items in T"),
            FigureDef(f"{task}.mode_precision", f"{task} mode precision", "official",
                      f"{task}_mode_hit", f"{task}_mode_attempted", "mode hits",
                      "attempted items with a mode"),
            FigureDef(f"{task}.mode_recall", f"{task} mode recall", "official",
                      f"{task}_mode_hit", "has_mode", "mode hits", "items with a mode"),
        ]
    defs += [
        FigureDef("jabbari.best", "best (Jabbari)", "jabbari", "jabbari_best", "one",
                  "sum of item scores", "items in T"),
        FigureDef("jabbari.best1", "best1", "jabbari", "best1", "one",
                  "sum of item scores", "items in T"),
        FigureDef("coverage.precision", "coverage precision", "jabbari", "coverage_precision",
                  "one", "sum of item precisions", "items in T"),
        FigureDef("coverage.recall", "coverage recall", "jabbari", "coverage_recall", "one",
                  "sum of item recalls", "items in T"),
        FigureDef("coverage.f", "coverage F", "jabbari", "coverage_f", "one",
                  "sum of item F-scores", "items in T"),
        FigureDef("coverage.optimal_f", "optimal F", "jabbari", "optimal_f", "one",
                  "sum of item optimal F-scores", "items in T"),
    ]
    defs += [
        FigureDef(f"coverage.top{n}_f", f"top-{n} F", "jabbari", f"top{n}_f", "one",
                  f"sum of item top-{n} F-scores", "items in T")
        for n in TOP_N
    ]
    defs += [
        FigureDef("ranking.p_at_1", "P@1", "ranking", "p_at_1", "one",
                  "sum of item P@1", "items in T"),
        FigureDef("ranking.p_at_3", "P@3", "ranking", "p_at_3", "one",
                  "sum of item P@3", "items in T"),
        FigureDef("ranking.r_at_10", "R@10", "ranking", "r_at_10", "one",
                  "sum of item R@10", "items in T"),
        FigureDef("ranking.gap", "GAP", "ranking", "gap", "one",
                  "sum of item GAP", "items in T"),
        FigureDef("mw.detection_precision", "detection precision", "official", "genuine",
                  "found", "genuine detections", "items the system marked"),
        FigureDef("mw.detection_recall", "detection recall", "official", "genuine", "in_mw",
                  "genuine detections", "items with a gold multiword"),
        FigureDef("mw.identification_precision", "identification precision", "official",
                  "matched", "found", "multiwords matching the gold", "items the system marked"),
        FigureDef("mw.identification_recall", "identification recall", "official", "matched",
                  "in_mw", "multiwords matching the gold", "items with a gold multiword"),
    ]
    return tuple(defs)


FIGURE_DEFS: tuple[FigureDef, ...] = _figure_defs()
FIGURE_DEFS_BY_KEY: dict[str, FigureDef] = {d.key: d for d in FIGURE_DEFS}


@dataclass(frozen=True, slots=True)
class Figure:
    """One overall (or per-group) figure with the sums behind it. ``value`` is None when the
    denominator is zero (undefined)."""

    key: str
    label: str
    value: float | None
    numerator: float
    denominator: float
    numerator_label: str
    denominator_label: str

    @classmethod
    def from_sums(cls, definition: FigureDef, numerator: float, denominator: float) -> Figure:
        value = float(numerator) / float(denominator) if denominator else None
        return cls(definition.key, definition.label, value, float(numerator),
                   float(denominator), definition.numerator_label, definition.denominator_label)
