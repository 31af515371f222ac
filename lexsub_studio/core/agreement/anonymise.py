"""An agreement report with the annotators' names replaced by ``A1``, ``A2``, ... for sharing.

The aliases follow the report's own (sorted) order of annotators, so the same set of names
always gets the same aliases; every place a name appears (the annotator list, the
per-annotator table, the warnings) is rewritten.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lexsub_studio.core.agreement.report import AgreementReport


def anonymous_names(annotators: Sequence[str]) -> dict[str, str]:
    """annotator name -> ``A1``, ``A2``, ... in the given order."""
    return {name: f"A{number}" for number, name in enumerate(annotators, start=1)}


def anonymise_report(report: AgreementReport) -> AgreementReport:
    """The same report with every annotator name replaced (table, matrix labels, warnings)."""
    names = anonymous_names(report.annotators)
    columns = dict(report.annotator_columns)
    columns["annotator"] = [names.get(name, name) for name in columns["annotator"]]
    warnings = []
    for warning in report.warnings:
        for name, alias in names.items():
            warning = warning.replace(f"'{name}'", f"'{alias}'")
        warnings.append(warning)
    return replace(report, annotators=[names[name] for name in report.annotators],
                   annotator_columns=columns, warnings=warnings)
