"""Where clean scoring and the official scorer disagree, item by item, and why.

``compare_with_official`` takes a clean ScoreReport (best or oot), the official run of the same
files (core/scoring/official/scorer.py: ``run_official``)
and the gold items, and returns one Difference
per item whose score, attempt or mode hit differs, each with the reasons found, e.g.
``bright.a 12: answer 'well lit ' has a trailing space; official credit 0, clean 0.4``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.scoring.clean import spelling
from lexsub_studio.core.scoring.clean.scorer import same_lemma_other_pos
from lexsub_studio.core.scoring.explain.gold import (
    EntryReading,
    collision_reason,
    entry_reason,
    merge_reason,
    merged_entries,
    official_collisions,
    official_t_reason,
    read_entries,
    t_membership_reason,
    touches_mode,
)
from lexsub_studio.core.scoring.explain.text import number

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.score_report import ScoreReport

#: Scores closer than this are the same score printed two ways.
TOLERANCE = 1e-9


class OfficialItemLike(Protocol):
    """The fields of official.OfficialItem that the comparison reads."""

    id: str
    lexelt: str
    line: int
    raw_answer_text: str
    answers: list[str]
    credit: float | None
    score: float | None
    attempted: bool
    mode: str | None
    mode_attempted: bool
    mode_hit: bool | None
    reused_from_line: int | None


class OfficialRunLike(Protocol):
    @property
    def items(self) -> Mapping[str, Any]: ...


@dataclass(slots=True)
class Difference:
    """One item scored differently, with every reason found."""

    lexelt: str
    id: str
    reasons: list[str] = field(default_factory=list)
    official_credit: float | None = None
    clean_credit: float | None = None
    official_score: float | None = None
    clean_score: float | None = None
    official_attempted: bool = False
    clean_attempted: bool = False
    official_mode_hit: bool = False
    clean_mode_hit: bool = False
    official_mode_attempted: bool = False
    clean_mode_attempted: bool = False

    def __str__(self) -> str:
        if not self.reasons:
            reasons = "no cause identified"
        elif len(self.reasons) == 1:
            reasons = self.reasons[0]
        else:  # each reason alone would not give the whole difference: both are named
            reasons = "no single cause, these combine: " + "; ".join(self.reasons)
        parts = [f"official credit {number(self.official_credit or 0.0)}, "
                 f"clean {number(self.clean_credit or 0.0)}"]
        if not _same(self.official_score, self.clean_score) and not _same(
                self.official_score, self.official_credit):
            parts.append(f"score official {number(self.official_score or 0.0)}, "
                         f"clean {number(self.clean_score or 0.0)}")
        if self.official_attempted != self.clean_attempted:
            parts.append("attempted: official " + ("yes" if self.official_attempted else "no")
                         + ", clean " + ("yes" if self.clean_attempted else "no"))
        if self.official_mode_hit != self.clean_mode_hit:
            parts.append("mode hit: official " + ("yes" if self.official_mode_hit else "no")
                         + ", clean " + ("yes" if self.clean_mode_hit else "no"))
        if self.official_mode_attempted != self.clean_mode_attempted:
            parts.append("mode attempted: official "
                         + ("yes" if self.official_mode_attempted else "no")
                         + ", clean " + ("yes" if self.clean_mode_attempted else "no"))
        return f"{self.lexelt} {self.id}: {reasons}; {'; '.join(parts)}"


def _same(a: float | None, b: float | None) -> bool:
    return abs((a or 0.0) - (b or 0.0)) <= TOLERANCE


def _answer_fields(item: OfficialItemLike) -> list[str]:
    """The item's answer text split as the official scorer splits it (trailing empty fields
    dropped), one field per answer it read."""
    fields = item.raw_answer_text.split(";")
    while fields and not fields[-1]:
        fields.pop()
    return fields


def _cut_reason(row: Mapping[str, Any], item: OfficialItemLike, clean_freq: Mapping[str, int],
                release: str) -> str | None:
    """The oot cut as a cause: named only when the answers the official scorer keeps (the first
    10 as written in the final release, every one in the trial release) and the clean oot view
    (the first 10 distinct) differ in credit or in holding the mode. Repeats and spellings
    are causes of their own, so both views are compared as distinct clean spellings."""
    fields = _answer_fields(item)
    written = [field for field in fields if field.strip()]
    if len(written) <= OOT_LIMIT or item.reused_from_line is not None:
        return None
    official_view = dict.fromkeys(form for form in (spelling.clean_form(field)
                                                    for field in fields[:len(item.answers)])
                                  if form)
    clean_view = dict.fromkeys(row.get("oot_answers", ()) or ())
    mode = row.get("mode")
    only_official = [a for a in official_view if a not in clean_view
                     and (clean_freq.get(a, 0) or a == mode)]
    only_clean = [a for a in clean_view if a not in official_view
                  and (clean_freq.get(a, 0) or a == mode)]
    credit_differs = (sum(clean_freq.get(a, 0) for a in official_view)
                      != sum(clean_freq.get(a, 0) for a in clean_view))
    if not credit_differs and (mode in official_view) == (mode in clean_view):
        return None
    limit = ("keeps the first 10 answers as written" if release == "final"
             else "keeps every answer")
    parts = []
    if only_clean:
        parts.append("only clean scoring scores " + ", ".join(f"'{a}'" for a in only_clean))
    if only_official:
        parts.append("only the official scorer scores "
                     + ", ".join(f"'{a}'" for a in only_official))
    return (f"the line has {len(written)} answers; the official scorer {limit}, clean scoring "
            f"the first 10 distinct ones: {'; '.join(parts)}")


def _duplicate_reasons(item: OfficialItemLike,
                       oot_table: Mapping[str, float] | None = None) -> list[str]:
    """Answers the official scorer credited more than once that clean scoring credits once
    (not for reused answers: the reuse is the reason then). ``oot_table`` (the official credit
    table, for an oot line): a repeat the official scorer credits nothing changes no oot score
    and is not named; a best score is divided by every answer, so there any repeat counts."""
    if item.reused_from_line is not None:
        return []
    fields = _answer_fields(item)
    used = item.answers
    # Show the answers as written when they line up with what the official scorer used.
    lined_up = len(fields) >= len(used)
    shown = fields[:len(used)] if lined_up else list(used)
    groups: dict[str, list[str]] = {}
    credits: dict[str, int] = {}
    for text, official in zip(shown, used, strict=False):
        form = spelling.clean_form(text)
        if form:
            groups.setdefault(form, []).append(text.strip())
            if oot_table is not None:
                credits[form] = credits.get(form, 0) + int(oot_table.get(official, 0) > 0)
    reasons = []
    for form, members in groups.items():
        if len(members) < 2:
            continue
        if oot_table is not None and not credits.get(form, 0):
            continue
        if len(set(members)) == 1:
            reasons.append(f"answer '{members[0]}' is given {len(members)} times; the official "
                           "scorer credits it each time")
        else:
            listed = ", ".join(f"'{member}'" for member in dict.fromkeys(members))
            reasons.append(f"answers {listed} are one answer under the clean spelling rule; "
                           "the official scorer credits each")
    return reasons


def compare_with_official(report: ScoreReport, official: OfficialRunLike,
                          gold: Sequence[GoldItem], release: str = "final",
                          gold_text: str | None = None) -> list[Difference]:
    """Every item where clean and official scoring disagree, with the reasons found.

    ``gold_text``, the gold file's text, lets gold-side causes be named as the file writes them
    (``near  1`` with its two spaces); without it the entries read are used."""
    task = report.options.kind
    if task not in ("best", "oot"):
        raise ValueError(f"item-by-item comparison covers best and oot scoring, not '{task}'")
    if f"{task}_score" not in report.items.columns:
        raise ValueError("the comparison needs the official measures in the report "
                         "(ScoreOptions.families must include 'official')")
    gold_by_key = {item.key: item for item in gold}
    gold_by_id: dict[str, GoldItem] = {}
    for gold_item in gold:
        gold_by_id.setdefault(gold_item.id, gold_item)
    # Split on LF alone: the CR of a CRLF line is part of its last field, as the official
    # scorer reads it.
    gold_lines = gold_text.split("\n") if gold_text is not None else None
    frame = report.items
    differences: list[Difference] = []
    clean_ids: set[str] = set()
    score_column = f"{task}_score"
    for row in frame.to_dict("records"):
        clean_ids.add(row["id"])
        item: OfficialItemLike | None = official.items.get(row["id"])
        clean_answers = row[f"{task}_answers"]
        clean_credit = (row[f"{task}_credit"] / row["human_total"]) if clean_answers else None
        clean_score = row[score_column]
        clean_attempted = bool(row["attempted"])
        clean_mode_hit = bool(row.get(f"{task}_mode_hit", 0))
        clean_mode_attempted = bool(row.get(f"{task}_mode_attempted", 0))
        if item is None:
            official_credit = official_score = None
            official_attempted = official_mode_hit = official_mode_attempted = False
        else:
            official_credit, official_score = item.credit, item.score
            official_attempted, official_mode_hit = item.attempted, bool(item.mode_hit)
            official_mode_attempted = bool(item.mode_attempted)
        if (_same(official_score, clean_score) and official_attempted == clean_attempted
                and official_mode_hit == clean_mode_hit
                and official_mode_attempted == clean_mode_attempted):
            continue
        difference = Difference(
            row["lexelt"], row["id"], official_credit=official_credit,
            clean_credit=clean_credit, official_score=official_score, clean_score=clean_score,
            official_attempted=official_attempted, clean_attempted=clean_attempted,
            official_mode_hit=official_mode_hit, clean_mode_hit=clean_mode_hit,
            official_mode_attempted=official_mode_attempted,
            clean_mode_attempted=clean_mode_attempted,
        )
        # pandas-stubs give a record Hashable keys; a report's columns are named by str.
        difference.reasons = _reasons(row, item,  # type: ignore[arg-type]
                                      gold_by_key.get((row["lexelt"], row["id"])),
                                      task, release, gold_lines)
        differences.append(difference)
    for instance_id, item in official.items.items():
        if instance_id in clean_ids:
            continue
        if not (item.score or item.attempted or item.mode_hit or item.mode_attempted):
            continue
        differences.append(Difference(
            item.lexelt, instance_id,
            reasons=[_unscored_reason(gold_by_id.get(instance_id), release, gold_lines)],
            official_credit=item.credit, official_score=item.score,
            official_attempted=item.attempted, official_mode_hit=bool(item.mode_hit),
            official_mode_attempted=bool(item.mode_attempted),
        ))
    return differences


def _unscored_reason(gold: GoldItem | None, release: str,
                     gold_lines: Sequence[str] | None) -> str:
    """Why an id the official scorer scores has no clean row."""
    if gold is None:
        return ("the official scorer scores this id, clean scoring does not: the clean gold "
                "reader has no item with it (see the problems it reports for the gold file)")
    return (f"the official scorer scores this id, clean scoring does not: "
            f"{t_membership_reason(gold, release, gold_lines)}")


def _reasons(row: Mapping[str, Any], item: OfficialItemLike | None, gold: GoldItem | None,
             task: str, release: str, gold_lines: Sequence[str] | None) -> list[str]:
    """Each cause of the item's difference, named; a cause that changes nothing here (a gold
    entry no answer meets, a space after an answer worth nothing either way) is left out."""
    if item is None:
        if row["system_line"] is None:
            return ["no system line for this item"]
        outside = (official_t_reason(gold, release, gold_lines) if gold is not None else None)
        if outside is not None:
            return [f"the official scorer does not score line {row['system_line']}: {outside}"]
        return [f"the official scorer does not score line {row['system_line']} (its id is "
                "not in the official T, or an earlier line has the same id)"]
    reasons = _line_reasons(row, item)
    clean_answers = row.get(f"{task}_answers", ())
    if reasons and not (clean_answers and item.answers):
        # One side has no answers because of the line it scores (none, a blank one reused, one
        # with another lexelt): that is the whole difference, whatever the gold holds.
        return reasons
    readings = read_entries(gold, release, gold_lines) if gold is not None else []
    official_table = spelling.official_credit_keys(
        [(r.official, r.official_count) for r in readings if r.official is not None])
    clean_freq: dict[str, int] = {}
    for reading in readings:
        if reading.clean_counted and reading.clean is not None:
            clean_freq[reading.clean] = clean_freq.get(reading.clean, 0) + reading.clean_count
    same_line = row["system_line"] is not None and row["system_line"] == item.line
    concerned: set[str] = set()
    if same_line:
        answer_reasons, concerned = _answer_reasons(item, official_table, clean_freq, release,
                                                    bool(clean_answers))
        reasons += answer_reasons
        reasons += _duplicate_reasons(item, official_table if task == "oot" else None)
    reasons += _gold_reasons(row, item, readings, concerned, task)
    if same_line and task == "oot":
        cut = _cut_reason(row, item, clean_freq, release)
        if cut is not None:
            reasons.append(cut)
    mode_reason = _mode_reason(row, item, readings, task)
    if mode_reason is not None:
        reasons.append(mode_reason)
    if same_line and not row["attempted"] and item.reused_from_line is None:
        if item.attempted:
            reasons.append(f"the answer text '{item.raw_answer_text}' holds no answer for clean "
                           "scoring; the official scorer counts it as an attempt")
        elif item.mode_attempted and not row.get(f"{task}_mode_attempted", 0):
            reasons.append("the line has no answer; the official scorer counts it as "
                           "mode-attempted all the same, clean scoring does not")
    return reasons


def _line_reasons(row: Mapping[str, Any], item: OfficialItemLike) -> list[str]:
    """Which system line each side scores, when that differs, and a reused blank answer."""
    reasons: list[str] = []
    clean_line = row["system_line"]
    if item.line != clean_line:
        if item.lexelt != row["lexelt"]:
            if same_lemma_other_pos(item.lexelt, row["lexelt"]):
                dropped = ("strict lexelt matching drops it" if clean_line is None
                           else f"clean scoring takes line {clean_line}, the item's own")
                reasons.append(f"line {item.line} gives the lexelt '{item.lexelt}' for the "
                               f"gold's '{row['lexelt']}' (the same lemma); the official scorer "
                               f"matches it by id, {dropped}")
            else:
                taken = ("clean scoring counts it as a line for an unknown item"
                         if clean_line is None else f"clean scoring takes line {clean_line}")
                reasons.append(f"the system line's lexelt '{item.lexelt}' is not the gold's "
                               f"'{row['lexelt']}'; the official scorer matches by id alone "
                               f"(line {item.line}), {taken}")
        elif clean_line is None:
            reasons.append(f"clean scoring has no line for this item: the clean reader could "
                           f"not use line {item.line} (see the problems it reports)")
        else:
            reasons.append(f"the official scorer uses line {item.line}, clean scoring line "
                           f"{clean_line}")
    if item.reused_from_line is not None and clean_line is not None:
        reasons.append(f"the answer is blank; the official scorer reuses the answers of line "
                       f"{item.reused_from_line}")
    return reasons


def _answer_reasons(item: OfficialItemLike, official_table: Mapping[str, float],
                    clean_freq: Mapping[str, int], release: str, clean_has_answers: bool,
                    ) -> tuple[list[str], set[str]]:
    """Answers the two sides credit differently, each with its cause: white space around it, or
    a different spelling rule. Answers spelled alike but credited differently owe it to the
    gold: their spellings (clean and official) are returned, for the gold entries to be
    named."""
    if item.reused_from_line is not None:
        return [], set()
    fields = _answer_fields(item)
    rule = spelling.official_answer_form if release == "final" else str
    reasons: list[str] = []
    concerned: set[str] = set()
    seen: set[str] = set()
    for raw, official in zip(fields, item.answers, strict=False):
        form = spelling.clean_form(raw)
        if not form and raw.strip() and clean_has_answers:
            # Still a guess to the official scorer: a best score is divided by one more.
            reasons.append(f"answer '{raw.strip()}' is empty under the clean spelling rule and "
                           f"dropped; the official scorer counts it as an answer "
                           f"('{official}')")
            continue
        if not form or form in seen:
            continue
        seen.add(form)
        official_weight = official_table.get(official, 0)
        clean_weight = clean_freq.get(form, 0)
        if official_weight == clean_weight:
            continue
        stripped = raw.strip()
        trimmed_weight = official_table.get(rule(stripped), 0)
        if raw != stripped and trimmed_weight != official_weight:
            # The white space itself changes the official credit.
            if raw.endswith("\r"):
                reasons.append(f"answer '{stripped}' ends with a carriage return (CRLF file)")
            elif raw != raw.rstrip():
                reasons.append(f"answer '{raw}' has a trailing space")
            else:
                reasons.append(f"answer '{raw}' has a leading space")
        if trimmed_weight == clean_weight:
            continue
        if rule(stripped) != form:
            reasons.append(f"answer '{stripped}' is spelled '{rule(stripped)}' by the official "
                           f"scorer (count {trimmed_weight}) and '{form}' by clean scoring "
                           f"(count {clean_weight})")
        else:
            concerned.update((form, official))
    return reasons, concerned


def _gold_reasons(row: Mapping[str, Any], item: OfficialItemLike,
                  readings: Sequence[EntryReading], concerned: set[str], task: str) -> list[str]:
    """The gold entries the two sides read differently that matter here: one an answer meets,
    one that changes H while either side gives credit, one that is either side's mode."""
    official_h = getattr(item, "human_responses", None)
    h_differs = official_h is not None and float(official_h) != float(row["human_total"])
    credited = bool(item.credit) or bool(row.get(f"{task}_credit", 0))
    # The modes themselves differ (a hit that differs with the same mode has another cause).
    mode_differs = (item.mode or None) != row.get("mode")
    reasons: list[str] = []
    collided: set[int] = set()
    for official, members in official_collisions(readings).items():
        collided.update(id(member) for member in members)
        meets_answer = official in concerned or any(m.clean in concerned for m in members)
        is_mode = mode_differs and any(touches_mode(m, readings) for m in members)
        if meets_answer or (h_differs and credited) or is_mode:
            reasons.append(collision_reason(official, members))
    for reading in readings:
        if id(reading) in collided:
            continue
        reason = entry_reason(reading)
        if reason is None:
            continue
        meets_answer = reading.clean in concerned or reading.official in concerned
        changes_h = h_differs and credited and (
            (reading.official_count if reading.official is not None else 0)
            != (reading.clean_count if reading.clean_counted else 0))
        is_mode = mode_differs and touches_mode(reading, readings)
        if meets_answer or changes_h or is_mode:
            reasons.append(reason)
    for form, members in merged_entries(readings).items():
        if form in concerned or (h_differs and credited) or mode_differs:
            note = ("" if not mode_differs else "the clean mode" if form == row.get("mode")
                    else "which changes the mode")
            reasons.append(merge_reason(form, members, note))
    return reasons


def _mode_reason(row: Mapping[str, Any], item: OfficialItemLike,
                 readings: Sequence[EntryReading], task: str) -> str | None:
    """Why the modes differ, unless a gold entry read differently (named on its own) is the
    whole cause."""
    official_mode = item.mode
    clean_mode = row["mode"]
    # A gold entry read differently, or a merge, that makes the mode is named on its own.
    entry_named = any(touches_mode(r, readings) for r in readings) or \
        clean_mode in merged_entries(readings)
    if (official_mode or None) != clean_mode and (
            official_mode is None or spelling.clean_form(official_mode) != clean_mode):
        counts = [r.official_count for r in readings if r.official is not None]
        if entry_named:
            return None
        if counts != sorted(counts, reverse=True):
            why = (" (the gold line is not sorted by count: the official scorer takes the first "
                   "entry unless a later one has its count)")
        elif merged_entries(readings):
            return None  # the merge, named with the gold entries, is the cause
        elif not readings:
            why = " (the gold line is not sorted by count, or entries merge under the clean " \
                  "spelling rule)"
        else:
            why = ""
        return (f"the official mode is {_quote(official_mode)}, the clean mode "
                f"{_quote(clean_mode)}{why}")
    if official_mode and official_mode != clean_mode and bool(item.mode_hit) != bool(
            row.get(f"{task}_mode_hit", 0)) and not entry_named:
        return f"the mode '{official_mode}' is spelled '{clean_mode}' by clean scoring"
    return None


def _quote(value: str | None) -> str:
    return "none" if value is None else f"'{value}'"
