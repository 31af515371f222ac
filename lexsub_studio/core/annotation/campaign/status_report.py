"""What ``lexsub campaign status`` prints and what the campaign window shows, from a snapshot.

Per annotator: done/assigned, the last answer's time in UTC, answers per hour over the last
RECENT_HOURS and a "stuck" flag (work left and nothing received for ``stuck_hours``, counted
from the last answer or from the last instance given, whichever is later). Then the agreement
of every live answer on the server, computed by core/agreement exactly as ``lexsub agree`` does
on the exported answers: the overall figures, pairwise agreement per annotator pair, and
pairwise and mode agreement per annotator (mode agreement compares one annotator with the
others' most frequent answer; it has no per-pair form).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lexsub_studio.core.agreement.export import (
    format_value,
    pair_matrix_rows,
    report_to_dict,
)
from lexsub_studio.core.agreement.report import AgreementReport
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.annotation.campaign.db import RECENT_HOURS, CampaignStatus
from lexsub_studio.core.annotation.campaign.monitor import CampaignSnapshot
from lexsub_studio.core.present.numbers import share
from lexsub_studio.core.present.text import aligned_lines

#: ``--stuck-hours`` unless given.
DEFAULT_STUCK_HOURS = 24.0
#: The overall figures the status shows (the JSON carries every figure of ``lexsub agree``).
STATUS_FIGURES = ("pairwise_agreement", "mode_agreement")


def utc_text(moment: datetime | None) -> str:
    """``2026-12-02 01:50:07`` (UTC), or "-" for never."""
    return "-" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S")


def iso_utc(moment: datetime | None) -> str | None:
    return None if moment is None else moment.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class AnnotatorLine:
    annotator: str
    done: int
    assigned: int
    conflicts: int
    last_answer: datetime | None
    answers_per_hour: float
    stuck: bool
    quiet_since: datetime | None
    listed: bool
    revoked: bool = False

    @property
    def shown_name(self) -> str:
        """The name as the status lists it: revoked or no longer listed said beside it."""
        if self.revoked:
            return f"{self.annotator} (revoked)"
        return self.annotator if self.listed else f"{self.annotator} (not listed)"


def annotator_lines(status: CampaignStatus, stuck_hours: float = DEFAULT_STUCK_HOURS
                    ) -> list[AnnotatorLine]:
    now = status.read_at
    return [AnnotatorLine(person.annotator, person.answered, person.assigned,
                          person.conflicts, person.last_answer, person.answers_per_hour,
                          now is not None and person.is_stuck(now, stuck_hours),
                          person.quiet_since(), person.listed, person.revoked)
            for person in status.annotators]


@dataclass(frozen=True, slots=True)
class PairAgreement:
    first: str
    second: str
    #: None when the two share no item both gave substitutes for.
    pairwise_agreement: float | None
    items: int


def pair_agreements(report: AgreementReport) -> list[PairAgreement]:
    """Every pair of annotators that answered, in the report's order of names."""
    names = report.annotators
    pairs = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            value = float(report.pair_matrix[i, j])
            pairs.append(PairAgreement(names[i], names[j], None if math.isnan(value) else value,
                                       int(report.pair_counts[i, j])))
    return pairs


def per_annotator_agreement(report: AgreementReport) -> list[tuple[str, Any, Any]]:
    """(annotator, pairwise agreement, mode agreement) against the others."""
    table = report.per_annotator
    return list(zip(table["annotator"], table["pairwise_agreement"], table["mode_agreement"],
                    strict=True))


def format_status(shot: CampaignSnapshot, stuck_hours: float = DEFAULT_STUCK_HOURS) -> str:
    status = shot.status
    lines = [f"campaign {status.campaign!r} ({status.title}): {status.instances} instances, "
             f"{len(status.annotators)} annotators, {status.answered}/{status.assigned} "
             f"assigned answers given ({share(status.answered, status.assigned)}); read at "
             f"{utc_text(status.read_at)} UTC"]
    people = annotator_lines(status, stuck_hours)
    headers = ["annotator", "assigned", "done", "share", "conflicts", "last answer (UTC)",
               f"per hour ({RECENT_HOURS} h)", "stuck"]
    rows = [[line.shown_name, str(line.assigned),
             str(line.done), share(line.done, line.assigned), str(line.conflicts),
             utc_text(line.last_answer), f"{line.answers_per_hour:.1f}",
             "STUCK" if line.stuck else "-"] for line in people]
    lines += aligned_lines(headers, rows, "lrrrrlrl")
    stuck = [line.annotator for line in people if line.stuck]
    lines.append(f"stuck (work left, nothing received for {stuck_hours:g} h): "
                 f"{', '.join(stuck) if stuck else 'nobody'}")
    lines.append("")
    report = shot.report
    if report is None:
        lines.append("agreement: none yet (two annotators must answer a common instance first)")
        return "\n".join(lines) + "\n"
    counts = report.counts
    lines.append(f"agreement so far ({counts['annotators']} annotators over {counts['items']} "
                 f"items, every live answer on the server; the figures of lexsub agree)")
    lines += aligned_lines(["figure", "value", "scores"],
                           [[label(name), format_value(report.figures[name]),
                             str(report.support[name])] for name in STATUS_FIGURES])
    names = report.annotators
    lines += ["", "pairwise agreement per annotator pair (items scored in brackets)"]
    lines += aligned_lines(["annotator", *names], pair_matrix_rows(report),
                           "l" + "r" * len(names))
    lines += ["", "each annotator against the others"]
    lines += aligned_lines(["annotator", label("pairwise_agreement"), label("mode_agreement")],
                           [[name, format_value(pairwise), format_value(mode)]
                            for name, pairwise, mode in per_annotator_agreement(report)])
    return "\n".join(lines) + "\n"


def status_to_dict(shot: CampaignSnapshot, stuck_hours: float = DEFAULT_STUCK_HOURS
                   ) -> dict[str, Any]:
    """Everything the table shows, for scripts (``--format json``); times in ISO 8601 UTC."""
    status = shot.status
    report = shot.report
    data: dict[str, Any] = {
        "campaign": status.campaign, "title": status.title, "instances": status.instances,
        "read_at": iso_utc(status.read_at), "stuck_hours": stuck_hours,
        "recent_hours": RECENT_HOURS, "assigned": status.assigned, "done": status.answered,
        "annotators": [
            {"annotator": line.annotator, "done": line.done, "assigned": line.assigned,
             "conflicts": line.conflicts, "last_answer": iso_utc(line.last_answer),
             "answers_per_hour": round(line.answers_per_hour, 3), "stuck": line.stuck,
             "quiet_since": iso_utc(line.quiet_since), "listed": line.listed,
             "revoked": line.revoked}
            for line in annotator_lines(status, stuck_hours)],
        "agreement": None, "pairs": [],
    }
    if report is not None:
        data["agreement"] = report_to_dict(report)
        data["pairs"] = [{"annotators": [pair.first, pair.second],
                          "pairwise_agreement": pair.pairwise_agreement, "items": pair.items}
                         for pair in pair_agreements(report)]
    return data
