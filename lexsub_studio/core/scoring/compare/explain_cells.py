"""What a selected figure or item score of the Scoring workspace means, as one line: the formula
with its numbers (core.scoring.compare.league.explain_shown, explain_official, explain_text), or
why the system has no such figure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lexsub_studio.core.present.text import a_file_of_kind
from lexsub_studio.core.scoring.compare.league import explain_shown
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.core.scoring.explain.official import explain_official


def explain_league_figure(system: SystemScores, key: str, view: str,
                          unit: str = "fraction") -> str:
    """A figure of the league table: the official scorer's (``view`` ``official``) or clean
    scoring's, ending in the figure as its cell shows it in ``unit``."""
    if view == "official":
        if system.official_totals is None:
            return f"{system.name}: the official scorer does not read {system.kind} files"
        return f"{system.name}: {explain_official(key, system.official_totals, unit)}"
    if system.report is None or key not in system.report.figures:
        return f"{system.name}: {key} is not scored for {a_file_of_kind(system.kind)}"
    return f"{system.name}: {explain_shown(system.report.figures[key], unit)}"


def explain_group_figure(system: SystemScores, by: str, group: str, key: str,
                         unit: str = "fraction") -> str:
    """A figure of one PoS or lexelt (``by``) of a breakdown table."""
    if system.report is None:
        return ""
    figure = system.report.group_figures(by)[group][key]
    return f"{system.name}, {by} {group}: {explain_shown(figure, unit)}"


def explain_system_item(system: SystemScores, row: Mapping[str, Any] | None,
                        measure: str) -> str:
    """One system's score of one item (``row``: its per-item record, None when the item is
    not scored for it) as a formula with its numbers."""
    from lexsub_studio.core.scoring.explain.text import explain_item_row

    if system.report is None or row is None:
        return f"{system.name}: this item is not scored for it"
    if measure not in system.report.figures:
        return f"{system.name}: no {measure} for {a_file_of_kind(system.kind)}"
    try:
        return f"{system.name}: {explain_item_row(row, measure, system.report.options)}"
    except (KeyError, ValueError) as error:
        return f"{system.name}: no {measure} for {a_file_of_kind(system.kind)} ({error.args[0]})"
