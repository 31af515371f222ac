"""The league table as a paper prints its results: measures grouped by task, each with its
one-line definition, a rank column, the best value of each column marked, and the figures as
fractions or as the percentages the task published.

Ranks and best marks are judged on the figures *as shown* (rounded to the unit's precision), so
two figures that read the same share a rank and are both marked: a reader never sees two equal
numbers ranked apart. Every measure here is better when higher.

The definitions are written once, here, and quoted in docs/metrics.md ("The league table's
measures"): the GUI's header tool tips and the docs say the same thing.

``league_table`` gives systems as rows and measures as columns from each system's clean report or
official figures; ``breakdown_table`` one measure per PoS or per lexelt (groups as rows, systems
as columns); ``paper_table`` lays the league table out as a paper prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.core.scoring.report.tables import Table
from lexsub_studio.core.scoring.shown_figures import Cell, figure_with_unit, shown_value

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.score_report import Figure, ScoreReport


VIEWS = ("clean", "official")


#: League table columns: figure key and header. The official view fills only the task measures
#: (the official scorer computes nothing else); the clean view fills every one a kind supports.
LEAGUE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("best.precision", "best P"),
    ("best.recall", "best R"),
    ("best.mode_precision", "best mode P"),
    ("best.mode_recall", "best mode R"),
    ("oot.precision", "oot P"),
    ("oot.recall", "oot R"),
    ("oot.mode_precision", "oot mode P"),
    ("oot.mode_recall", "oot mode R"),
    ("mw.detection_precision", "mw detection P"),
    ("mw.detection_recall", "mw detection R"),
    ("mw.identification_precision", "mw identification P"),
    ("mw.identification_recall", "mw identification R"),
    ("jabbari.best", "best (Jabbari)"),
    ("jabbari.best1", "best1"),
    ("coverage.f", "coverage F"),
    ("ranking.p_at_1", "P@1"),
    ("ranking.p_at_3", "P@3"),
    ("ranking.r_at_10", "R@10"),
    ("ranking.gap", "GAP"),
)


OFFICIAL_KEYS = frozenset(key for key, _ in LEAGUE_COLUMNS[:12])


def league_table(systems: Sequence[SystemScores], view: str = "clean") -> Table:
    """Systems as rows, LEAGUE_COLUMNS as columns (only columns some system fills)."""
    if view not in VIEWS:
        raise ValueError(f"unknown view '{view}'; expected clean or official")
    values: list[dict[str, float | None]] = []
    for system in systems:
        if view == "official":
            values.append(dict(system.official))
        elif system.report is not None:
            values.append({key: figure.value for key, figure in system.report.figures.items()})
        else:
            values.append({})
    columns = [(key, label) for key, label in LEAGUE_COLUMNS
               if any(key in row for row in values)]
    rows: list[list[Cell]] = [
        [system.name, system.kind, *[row.get(key) for key, _ in columns]]
        for system, row in zip(systems, values, strict=True)
    ]
    title = "League table (official scorer)" if view == "official" else "League table (clean)"
    return Table(title, ["system", "kind", *[label for _, label in columns]], rows,
                 [None, None, *[key for key, _ in columns]],
                 signatures=figure_signatures(systems, official=view == "official"))


def figure_signatures(systems: Sequence[SystemScores], *, official: bool) -> list[str]:
    """The reproducibility signatures of the systems' figures (core/present/signature.py),
    each once, in the systems' order: their clean reports', or their official runs'."""
    from lexsub_studio.core.present.signature import score_signature

    found: list[str] = []
    for system in systems:
        if official:
            if not system.official:  # a weighted file: the official scorer does not read it
                continue
            signature = score_signature(kind=system.kind, mode="official")
        elif system.report is not None:
            signature = system.report.signature
        else:
            continue
        if signature not in found:
            found.append(signature)
    return found


def breakdown_table(systems: Sequence[SystemScores], by: str, measure: str) -> Table:
    """One measure per PoS or per lexelt: groups as rows, systems (that have it) as columns."""
    from lexsub_studio.core.scoring.report.score_report import FIGURE_DEFS_BY_KEY, POS_ORDER

    if by not in ("pos", "lexelt"):
        raise ValueError(f"cannot break down by '{by}'; expected pos or lexelt")
    per_system: dict[str, dict[str, float | None]] = {}
    for system in systems:
        report = system.report
        if report is None or measure not in report.figures:
            continue
        per_system[system.name] = group_values(report, by, measure)
    groups = list(dict.fromkeys(group for values in per_system.values() for group in values))
    if by == "pos":
        groups.sort(key=lambda g: (POS_ORDER.index(g) if g in POS_ORDER else 99, g))
    else:
        groups.sort()
    label = FIGURE_DEFS_BY_KEY[measure].label if measure in FIGURE_DEFS_BY_KEY else measure
    rows: list[list[Cell]] = [[group, *[values.get(group) for values in per_system.values()]]
                              for group in groups]
    return Table(f"{label} per {'PoS' if by == 'pos' else 'lexelt'}",
                 ["PoS" if by == "pos" else "lexelt", *per_system], rows,
                 [None, *[measure] * len(per_system)],
                 signatures=figure_signatures([system for system in systems
                                               if system.name in per_system], official=False))


def group_values(report: ScoreReport, by: str, measure: str) -> dict[str, float | None]:
    """One figure per group: the same ratio of column sums as the overall figure, summed per
    group (ScoreReport.group_figures computes every figure; this only the one asked for, which
    matters with tens of thousands of lexelts)."""
    from lexsub_studio.core.scoring.report.score_report import FIGURE_DEFS_BY_KEY, Figure

    definition = FIGURE_DEFS_BY_KEY[measure]
    frame = report.items
    if frame.empty:
        return {}
    sums = frame.groupby(by, sort=False)[[definition.numerator, definition.denominator]].sum()
    numerators = sums[definition.numerator].to_numpy(dtype=float).tolist()
    denominators = sums[definition.denominator].to_numpy(dtype=float).tolist()
    return {str(group): Figure.from_sums(definition, numerator, denominator).value
            for group, numerator, denominator in zip(sums.index, numerators, denominators,
                                                     strict=True)}


MEASURE_DEFINITIONS: dict[str, str] = {
    "best.precision": (
        "Mean best item score over the attempted items; an item's score is the gold counts of "
        "its answers summed, divided by the item's number of responses H and by its number of "
        "answers."),
    "best.recall": (
        "Mean best item score over every item of T (an item without an answer scores 0)."),
    "best.mode_precision": (
        "Share of the attempted items with a gold mode whose first answer is the mode."),
    "best.mode_recall": (
        "Share of the items of T with a gold mode whose first answer is the mode."),
    "oot.precision": (
        "Mean oot item score over the attempted items; an item's score is the gold counts of "
        "its first 10 distinct answers summed, divided by H (not by the number of answers)."),
    "oot.recall": (
        "Mean oot item score over every item of T (an item without an answer scores 0)."),
    "oot.mode_precision": (
        "Share of the attempted items with a gold mode whose first 10 answers hold the mode."),
    "oot.mode_recall": (
        "Share of the items of T with a gold mode whose first 10 answers hold the mode."),
    "mw.detection_precision": (
        "Share of the system's lines with a multiword that are for an item whose gold has a "
        "multiword mode (one given by two or more annotators)."),
    "mw.detection_recall": (
        "Share of the items whose gold has a multiword mode for which the system gave a "
        "multiword."),
    "mw.identification_precision": (
        "Share of the system's lines with a multiword whose multiword is the gold's multiword "
        "mode."),
    "mw.identification_recall": (
        "Share of the items whose gold has a multiword mode for which the system gave that "
        "multiword."),
    "jabbari.best": (
        "Jabbari et al. (2010): the gold counts of an item's answers divided by the item's "
        "highest gold count and by the number of answers, averaged over every item of T."),
    "jabbari.best1": (
        "Jabbari et al. (2010): the gold count of an item's first answer divided by the item's "
        "highest gold count, averaged over every item of T."),
    "coverage.f": (
        "Jabbari et al. (2010): the harmonic mean of coverage precision and recall on the first "
        "10 answers, averaged over every item of T."),
    "coverage.optimal_f": (
        "Jabbari et al. (2010): per item, the best coverage F over every cut-off of the first "
        "10 answers, averaged over every item of T."),
    "ranking.p_at_1": (
        "Share of the items of T whose first ranked answer is a gold substitute."),
    "ranking.p_at_3": (
        "Gold substitutes among the first 3 ranked answers, divided by 3, averaged over every "
        "item of T."),
    "ranking.r_at_10": (
        "Gold substitutes among the first 10 ranked answers, divided by the item's number of "
        "gold substitutes, averaged over every item of T."),
    "ranking.gap": (
        "Generalised average precision: how close the ranking comes to the gold substitutes "
        "sorted by count (1 is the ideal order), averaged over every item of T."),
}


@dataclass(frozen=True, slots=True)
class MeasureGroup:
    """The measures of one task, as a paper's table of that task shows them."""

    key: str
    label: str
    measures: tuple[str, ...]
    #: The measure the rank column follows: recall, which counts every item of T, so a system
    #: cannot climb by answering fewer items.
    ranked_by: str


MEASURE_GROUPS: tuple[MeasureGroup, ...] = (
    MeasureGroup("best", "best", ("best.precision", "best.recall", "best.mode_precision",
                                  "best.mode_recall", "jabbari.best", "jabbari.best1"),
                 "best.recall"),
    MeasureGroup("oot", "oot", ("oot.precision", "oot.recall", "oot.mode_precision",
                                "oot.mode_recall", "coverage.f"), "oot.recall"),
    MeasureGroup("mw", "mw", ("mw.detection_precision", "mw.detection_recall",
                              "mw.identification_precision", "mw.identification_recall"),
                 "mw.identification_recall"),
    MeasureGroup("ranking", "ranking", ("ranking.p_at_1", "ranking.p_at_3", "ranking.r_at_10",
                                        "ranking.gap"), "ranking.gap"),
)
GROUPS_BY_KEY: dict[str, MeasureGroup] = {group.key: group for group in MEASURE_GROUPS}
#: The group whose measures a system of each kind is first shown with.
KIND_GROUPS = {"best": "best", "oot": "oot", "weighted": "oot", "mw": "mw"}
RANK_HEADER = "rank"
SYSTEM_HEADER = "system"


def definition(key: str) -> str:
    """A measure's one-line definition (empty for a key that has none)."""
    return MEASURE_DEFINITIONS.get(key, "")


def competition_ranks(values: Sequence[Cell], unit: str = "fraction") -> list[int | None]:
    """Ranks by value as shown, highest first, ties sharing the better rank (1, 2, 2, 4); a
    row without a figure has no rank."""
    shown = [shown_value(value, unit) for value in values]
    numbers = sorted((number for number in shown if number is not None), reverse=True)
    first_place: dict[float, int] = {}
    for place, number in enumerate(numbers, start=1):
        first_place.setdefault(number, place)
    return [None if number is None else first_place[number] for number in shown]


def group_of_kind(kind: str) -> str:
    return KIND_GROUPS.get(kind, "best")


def paper_table(systems: Sequence[SystemScores], view: str = "clean", group: str | None = None,
                unit: str = "fraction") -> Table:
    """The league table for one task group (None: every measure): a rank column first (by the
    group's recall, or by the first group some system has a figure of when all are shown), then
    the systems that have a figure of the group, then its columns."""
    if group is not None and group not in GROUPS_BY_KEY:
        raise ValueError(f"unknown measure group '{group}'; expected "
                         f"{', '.join(GROUPS_BY_KEY)}")
    full = league_table(systems, view)
    keep = [column for column, key in enumerate(full.keys)
            if key is None or group is None or key in GROUPS_BY_KEY[group].measures]
    rows = [[row[column] for column in keep] for row in full.rows]
    keys = [full.keys[column] for column in keep]
    header = [full.header[column] for column in keep]
    if group is not None:
        rows = [row for row in rows
                if any(isinstance(value, int | float) for value, key in zip(row, keys, strict=True)
                       if key)]
    ranked_by = ranking_measure(keys, group)
    ranks: list[int | None] = [None] * len(rows)
    if ranked_by is not None:
        column = keys.index(ranked_by)
        ranks = competition_ranks([row[column] for row in rows], unit)
    title = full.title if group is None else f"{full.title}: {GROUPS_BY_KEY[group].label}"
    if unit == "percent":
        title += " (figures in %)"
    return Table(title, [RANK_HEADER, *header], ranked_rows(ranks, rows), [None, *keys], unit,
                 full.signatures)


def ranked_rows(ranks: Sequence[int | None], rows: Sequence[list[Cell]]) -> list[list[Cell]]:
    """The rows in rank order, each led by its rank: best first, tied rows and rows without a
    rank (last) in the order the systems were added. The GUI's league table, the exported
    tables and the HTML report all list systems in this order."""
    order = sorted(range(len(rows)),
                   key=lambda place: (ranks[place] is None, ranks[place] or 0, place))
    return [[ranks[place], *rows[place]] for place in order]


def ranking_measure(keys: Sequence[str | None], group: str | None) -> str | None:
    """The column the rank follows, when the table has it."""
    groups = [GROUPS_BY_KEY[group]] if group is not None else list(MEASURE_GROUPS)
    return next((g.ranked_by for g in groups if g.ranked_by in keys), None)


def column_label(key: str) -> str:
    """A measure's column header (``best R``)."""
    return dict(LEAGUE_COLUMNS).get(key, key)


def measure_label(key: str) -> str:
    """``best.recall`` -> ``best recall``: a figure's label in words, as menus and plots name
    it."""
    from lexsub_studio.core.scoring.report.score_report import FIGURE_DEFS_BY_KEY

    found = FIGURE_DEFS_BY_KEY.get(key)
    return found.label if found else key


def report_tables(systems: Sequence[SystemScores], unit: str, measure: str) -> list[Table]:
    """The tables of a scoring report: one results table per task and view (clean, then
    official), as a paper prints them, in ``unit``; then ``measure`` per PoS."""
    tables = [table for view in ("clean", "official") for group in MEASURE_GROUPS
              for table in [paper_table(systems, view, group.key, unit)] if table.rows]
    tables.append(breakdown_table(systems, "pos", measure))
    return tables


def explain_shown(figure: Figure, unit: str = "fraction") -> str:
    """The formula behind a figure, ending in the figure exactly as its cell shows it:
    ``best recall = sum of item scores 19.431 / items in T 54 = 35.98%``."""
    from lexsub_studio.core.scoring.explain.text import number

    return (f"{figure.label} = {figure.numerator_label} {number(figure.numerator)} / "
            f"{figure.denominator_label} {number(figure.denominator)} = "
            f"{figure_with_unit(figure.value, unit)}")


def automatic_group(kinds: Sequence[str]) -> str | None:
    """The group a table of systems of these kinds opens with: the one task they share, or
    every measure (None) when they belong to different tasks. Weighted files have best, oot
    and ranking figures, so they fit any task; on their own they open on ranking."""
    groups = {KIND_GROUPS[kind] for kind in kinds if kind in KIND_GROUPS and kind != "weighted"}
    if not groups:
        return "ranking" if kinds else "best"
    return groups.pop() if len(groups) == 1 else None
