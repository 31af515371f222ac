"""Post-hoc scoring: how many of a system's answers annotators judged acceptable after the fact
(the post-hoc evaluation of SemEval-2007, McCarthy and Navigli 2009).

For each item the system answers, its answers are taken as the kind scores them: **best**, every
answer of its best line; **oot**, its first ten. An answer counts once per item (compared as
judgements are pooled: trimmed, whitespace collapsed, lower-cased). An answer is **acceptable**
when more than half of the annotators who judged it said *acceptable* (core/model/judgements.py:
*unsure* counts as a judgement that is not acceptable; a tie is not a majority). An answer nobody
judged is **unjudged**: counted and shown, never counted as acceptable or not.

    post-hoc share = acceptable answers / judged answers
    judged share   = judged answers / answers

The figures render beside the clean report in every output format (``post_hoc_text``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.model.diagnostics import Diagnostic
from lexsub_studio.core.model.judgements import (
    JudgementVotes,
    candidate_form,
    tally_judgement_files,
)
from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.present.tables import RowTable, csv_table, latex_table, markdown_table
from lexsub_studio.core.present.tables import text_lines as table_lines
from lexsub_studio.core.present.text import json_text
from lexsub_studio.core.scoring.report.tables import Cell, Table

KINDS = ("best", "oot")
#: How many unjudged answers a report names.
SHOWN_UNJUDGED = 10


@dataclass(slots=True)
class PostHocResult:
    kind: str
    items: int = 0
    answers: int = 0
    judged: int = 0
    acceptable: int = 0
    #: "lexelt id: answer" of the first unjudged answers, in file order.
    unjudged_examples: list[str] = field(default_factory=list)
    judgement_files: list[str] = field(default_factory=list)

    @property
    def unjudged(self) -> int:
        return self.answers - self.judged

    @property
    def share(self) -> float | None:
        return self.acceptable / self.judged if self.judged else None

    @property
    def judged_share(self) -> float | None:
        return self.judged / self.answers if self.answers else None


def post_hoc_score(answers: Sequence[SystemAnswer], votes: JudgementVotes, kind: str,
                   judgement_files: Sequence[str] = ()) -> PostHocResult:
    if kind not in KINDS:
        raise ValueError(f"post-hoc scoring takes best or oot answers, not {kind!r}")
    result = PostHocResult(kind, judgement_files=list(judgement_files))
    for line in answers:
        taken = line.answers if kind == "best" else line.answers[:OOT_LIMIT]
        forms = list(dict.fromkeys(form for form in map(candidate_form, taken) if form))
        if not forms:
            continue
        result.items += 1
        for form in forms:
            result.answers += 1
            candidate = votes.get(line.key, form)
            if candidate is None or not candidate.judges:
                if len(result.unjudged_examples) < SHOWN_UNJUDGED:
                    result.unjudged_examples.append(f"{line.lexelt} {line.id}: {form}")
                continue
            result.judged += 1
            result.acceptable += candidate.accepted_by_majority()
    return result


def read_judgement_votes(paths: Sequence[str]) -> tuple[JudgementVotes, list[Diagnostic]]:
    """The votes of judgements files, read as ``lexsub score --judgements`` reads them, and
    what their readers reported (each file's ignored rows) with the judgements given twice."""
    from lexsub_studio.core.io.formats.judgements import read_judgements
    from lexsub_studio.core.model.diagnostics import Diagnostics

    files = []
    notes = Diagnostics(None)
    for path in paths:
        result = read_judgements(path)
        notes.extend(result.diagnostics)
        files.append((path, result.rows))
    votes = tally_judgement_files(files)
    for message in votes.repeated:
        notes.warning("repeated-judgement", message)
    return votes, list(notes)


def post_hoc_of_file(path: str, kind: str, votes: JudgementVotes,
                     judgement_files: Sequence[str] = ()) -> PostHocResult:
    """A best or oot system file scored post hoc: its answers read as ``lexsub score`` reads
    them."""
    from lexsub_studio.core.io.formats.system import read_system_bytes
    from lexsub_studio.core.io.formats.textfile import read_input_bytes

    result = read_system_bytes(read_input_bytes(path), kind, path)
    return post_hoc_score(result.table, votes, kind, judgement_files)


def _rows(result: PostHocResult) -> list[list[Any]]:
    kind = result.kind
    return [
        [f"post_hoc.{kind}", f"post-hoc {kind} acceptable", result.share, result.acceptable,
         result.judged],
        [f"post_hoc.{kind}.judged", f"post-hoc {kind} judged", result.judged_share,
         result.judged, result.answers],
    ]


def post_hoc_dict(result: PostHocResult) -> dict[str, Any]:
    """The ``post_hoc`` key of a JSON score report (docs/metrics.md)."""
    return {
        "kind": result.kind,
        "judgements": list(result.judgement_files),
        "items": result.items,
        "answers": result.answers,
        "judged": result.judged,
        "unjudged": result.unjudged,
        "acceptable": result.acceptable,
        "share": result.share,
        "judged_share": result.judged_share,
        "unjudged_examples": list(result.unjudged_examples),
    }


def _title(result: PostHocResult) -> str:
    return (f"Post-hoc judgements ({result.kind}; {result.items} items, {result.answers} "
            f"answers, {result.judged} judged, {result.unjudged} unjudged; acceptable by "
            "majority, a tie is not)")


def post_hoc_text(result: PostHocResult, fmt: str, report_text: str) -> str:
    """``report_text`` (a clean score report in ``fmt``) with the post-hoc figures added."""
    rows = _rows(result)
    table = RowTable(["measure", "value", "numerator", "denominator"],
                     [row[1:] for row in rows])
    if fmt == "json":
        document = json.loads(report_text)
        document["post_hoc"] = post_hoc_dict(result)
        return json_text(document)
    if fmt == "csv":
        section = csv_table(RowTable(["group_by", "group", "measure", "label", "value",
                                      "numerator", "denominator"],
                                     [["all", "all", *row] for row in rows]))
        return report_text + "\n" + section
    if fmt == "markdown":
        block = markdown_table(table, title=_title(result), align="lrrr")
        unjudged = "".join(f"- unjudged: {example}\n" for example in result.unjudged_examples)
        return report_text + "\n" + block + ("\n" + unjudged if unjudged else "")
    if fmt == "latex":
        return report_text + latex_table(table, title=_title(result), align="lrrr")
    lines = ["", _title(result), "", *table_lines(table, align="lrrr")]
    if result.unjudged:
        shown = len(result.unjudged_examples)
        more = f" (the first {shown})" if shown < result.unjudged else ""
        lines += ["", f"Unjudged answers{more}:",
                  *(f"  {example}" for example in result.unjudged_examples)]
    return report_text + "\n".join(lines) + "\n"


#: The post-hoc table's columns: (header, figure key or None for counts and labels).
POST_HOC_COLUMNS: tuple[tuple[str, str | None], ...] = (
    ("system", None), ("kind", None), ("post-hoc acceptable", "post_hoc.share"),
    ("acceptable", None), ("judged", None), ("judged share", "post_hoc.judged_share"),
    ("answers", None), ("unjudged", None), ("note", None))
#: What each column of the post-hoc table means (tool tips, docs/scoring-workspace.md).
POST_HOC_DEFINITIONS = {
    "post-hoc acceptable": "Of the system's judged answers, the share judged acceptable by a "
                           "majority of their judges (more than half; a tie is not; unsure "
                           "counts as a judgement that is not acceptable).",
    "acceptable": "Answers judged acceptable by a majority.",
    "judged": "Answers at least one annotator judged.",
    "judged share": "Judged answers over all the system's answers (best: every answer of its "
                    "best line; oot: its first ten), each counted once per item.",
    "answers": "The system's answers scored post hoc, each counted once per item.",
    "unjudged": "Answers nobody judged: counted here, never as acceptable or not.",
    "note": "Why a system has no post-hoc figure.",
}


def post_hoc_table(rows: Sequence[tuple[str, str, PostHocResult | str]]) -> Table:
    """One row per system (name, kind, its post-hoc result, or why it has none)."""
    table_rows: list[list[Cell]] = []
    for name, kind, result in rows:
        if isinstance(result, PostHocResult):
            table_rows.append([name, kind, result.share, result.acceptable, result.judged,
                               result.judged_share, result.answers, result.unjudged, ""])
        else:
            table_rows.append([name, kind, None, None, None, None, None, None, result])
    return Table("Post-hoc judgements", [header for header, _ in POST_HOC_COLUMNS],
                 table_rows, [key for _, key in POST_HOC_COLUMNS])


def not_scored_note(kind: str) -> str:
    """Why a system of ``kind`` has no post-hoc figure."""
    return (f"a {kind} file: post-hoc scoring takes best or oot answers, as lexsub score "
            "--judgements does")
