"""The Scoring workspace's exports: the table shown, and one self-contained HTML report (its
tables chosen by core.scoring.compare.league.report_tables). Each asks where to write, writes
through core (atomically) and says what went wrong in a dialog."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from lexsub_studio.core.scoring.compare.league import figure_signatures
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.core.scoring.report.tables import Table
from lexsub_studio.gui import dialogs


def _tr(text: str) -> str:
    return QCoreApplication.translate("ScoringExports", text)


def export_table(parent: QWidget, table: Table) -> Path | None:
    """Write ``table`` in the format its file's suffix names; the path written, or None."""
    from lexsub_studio.core.scoring.report.tables import write_table

    path, _ = QFileDialog.getSaveFileName(
        parent, _tr("Export the table"), "league.csv",
        _tr("CSV (*.csv);;LaTeX (*.tex);;Markdown (*.md);;HTML (*.html)"))
    if not path:
        return None
    try:
        return write_table(table, path)
    except (OSError, ValueError) as error:
        dialogs.show_error(parent, _tr("Cannot export the table"), error)
        return None


def export_report(parent: QWidget, systems: Sequence[SystemScores], gold_label: str | None,
                  unit: str, measure: str, figures: list[tuple[str, Any]],
                  notes: dict[str, list[str]]) -> Path | None:
    """One self-contained HTML page: a league table per task (clean and official) in ``unit``,
    the per-PoS breakdown of ``measure``, the ``figures`` and each system's ``notes``."""
    from lexsub_studio.core.scoring.compare.league import report_tables
    from lexsub_studio.core.scoring.report.tables import write_html_report

    path, _ = QFileDialog.getSaveFileName(parent, _tr("Export the HTML report"),
                                          "scoring.html", _tr("HTML (*.html)"))
    if not path:
        return None
    gold = gold_label or _tr("no gold")
    try:
        return write_html_report(
            path, _tr("Scoring against {gold}").format(gold=gold),
            report_tables(systems, unit, measure), figures,
            notes={**{_tr("Warnings: {name}").format(name=name): lines
                      for name, lines in notes.items()},
                   _tr("Signatures"): [*figure_signatures(systems, official=False),
                                       *figure_signatures(systems, official=True)]})
    except OSError as error:
        dialogs.show_error(parent, _tr("Cannot export the report"), error)
        return None
