"""Where clean scoring and the official scorer disagree, item by item, and why.

``compare_with_official`` takes a clean ScoreReport (best or oot), the official run of the same
files (core/scoring/official.py: ``run_official``) and the gold items, and returns one Difference
per item whose score, attempt or mode hit differs, each with the reasons found, e.g.
``bright.a 12: answer 'well lit ' has a trailing space; official credit 0, clean 0.4``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from lexsub_studio.core.model import GoldItem
from lexsub_studio.core.scoring import spelling
from lexsub_studio.core.scoring.clean import NOT_SUBSTITUTES
from lexsub_studio.core.scoring.explain_text import number
from lexsub_studio.core.scoring.fixes import OOT_LIMIT

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report import ScoreReport

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
    items: Mapping[str, Any]


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
        reasons = "; ".join(self.reasons) if self.reasons else "no single cause identified"
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


def _whitespace_reasons(raw_text: str) -> list[str]:
    reasons = []
    fields = raw_text.split(";")
    for text in fields:
        if not text.strip() or text == text.strip():
            continue
        if text.endswith("\r"):
            reasons.append(f"answer '{text.strip()}' ends with a carriage return (CRLF file)")
        elif text != text.rstrip():
            reasons.append(f"answer '{text}' has a trailing space")
        else:
            reasons.append(f"answer '{text}' has a leading space")
    return reasons


def _gold_reasons(gold: GoldItem | None, release: str) -> list[str]:
    if gold is None:
        return []
    reasons = []
    for substitute, _ in gold.entries:
        flag = spelling.clean_form(substitute).lower()
        if flag == "pn":
            continue
        if flag in NOT_SUBSTITUTES:
            reasons.append(f"gold entry '{substitute}' is not a substitute; clean scoring "
                           "drops it, the official scorer counts it")
        elif "pn" in substitute and release == "final":
            reasons.append(f"gold substitute '{substitute}' contains 'pn'; the official scorer "
                           "drops it")
    return reasons


def _answer_reasons(answers: Sequence[str], clean_freq: Mapping[str, int],
                    gold: GoldItem | None, release: str) -> list[str]:
    """Answers the two rules spell, and therefore credit, differently."""
    if gold is None:
        return []
    if release == "final":
        table = spelling.official_credit_keys(
            [(spelling.official_gold_form(sub), count) for sub, count in gold.entries])
        rule = spelling.official_answer_form
    else:
        table = spelling.official_credit_keys(list(gold.entries))
        rule = str
    reasons = []
    for answer in dict.fromkeys(text.strip() for text in answers if text.strip()):
        official_weight = table.get(rule(answer), 0)
        clean_weight = clean_freq.get(spelling.clean_form(answer), 0)
        if official_weight != clean_weight:
            reasons.append(f"answer '{answer}' is spelled '{rule(answer)}' by the official "
                           f"scorer (count {official_weight}) and '{spelling.clean_form(answer)}'"
                           f" by clean scoring (count {clean_weight})")
    return reasons


def _duplicate_reasons(item: OfficialItemLike) -> list[str]:
    """Answers the official scorer credited more than once that clean scoring credits once
    (not for reused answers: the reuse is the reason then)."""
    if item.reused_from_line is not None:
        return []
    fields = item.raw_answer_text.split(";")
    while fields and not fields[-1]:
        fields.pop()
    used = item.answers
    # Show the answers as written when they line up with what the official scorer used.
    shown = fields[:len(used)] if len(fields) >= len(used) else list(used)
    groups: dict[str, list[str]] = {}
    for text in shown:
        form = spelling.clean_form(text)
        if form:
            groups.setdefault(form, []).append(text.strip())
    reasons = []
    for members in groups.values():
        if len(members) < 2:
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
                          gold: Sequence[GoldItem], release: str = "final") -> list[Difference]:
    """Every item where clean and official scoring disagree, with the reasons found."""
    task = report.options.kind
    if task not in ("best", "oot"):
        raise ValueError(f"item-by-item comparison covers best and oot scoring, not '{task}'")
    if f"{task}_score" not in report.items.columns:
        raise ValueError("the comparison needs the official measures in the report "
                         "(ScoreOptions.families must include 'official')")
    gold_by_key = {item.key: item for item in gold}
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
        difference.reasons = _reasons(row, item, gold_by_key.get((row["lexelt"], row["id"])),
                                      task, release)
        differences.append(difference)
    for instance_id, item in official.items.items():
        if instance_id in clean_ids:
            continue
        if not (item.score or item.attempted or item.mode_hit or item.mode_attempted):
            continue
        differences.append(Difference(
            item.lexelt, instance_id,
            reasons=["the official scorer scores this id, clean scoring does not (the gold "
                     "item is missing, not in T for clean scoring, or has another lexelt)"],
            official_credit=item.credit, official_score=item.score,
            official_attempted=item.attempted, official_mode_hit=bool(item.mode_hit),
            official_mode_attempted=bool(item.mode_attempted),
        ))
    return differences


def _reasons(row: Mapping[str, Any], item: OfficialItemLike | None, gold: GoldItem | None,
             task: str, release: str) -> list[str]:
    reasons: list[str] = []
    if item is None:
        if row["system_line"] is None:
            return ["no system line for this item"]
        return [f"the official scorer does not score line {row['system_line']} (its id is "
                "not in the official T, or an earlier line has the same id)"]
    if item.lexelt != row["lexelt"]:
        reasons.append(f"the system line's lexelt '{item.lexelt}' is not the gold's "
                       f"'{row['lexelt']}'; the official scorer matches by id alone")
    if row["system_line"] is not None and item.line != row["system_line"]:
        reasons.append(f"the official scorer uses line {item.line}, clean scoring line "
                       f"{row['system_line']}")
    if item.reused_from_line is not None:
        reasons.append(f"the answer is blank; the official scorer reuses the answers of line "
                       f"{item.reused_from_line}")
    reasons += _whitespace_reasons(item.raw_answer_text)
    raw_answers = [text for text in item.raw_answer_text.split(";") if text.strip()]
    reasons += _duplicate_reasons(item)
    reasons += _answer_reasons(raw_answers, _clean_freq(row, gold), gold, release)
    reasons += _gold_reasons(gold, release)
    if task == "oot" and len(raw_answers) > OOT_LIMIT:
        limit = ("keeps the first 10 answers as written" if release == "final"
                 else "keeps every answer")
        reasons.append(f"the line has {len(raw_answers)} answers; the official scorer {limit}, "
                       "clean scoring the first 10 distinct ones")
    official_mode = item.mode
    clean_mode = row["mode"]
    if (official_mode or None) != clean_mode and (
            official_mode is None or spelling.clean_form(official_mode) != clean_mode):
        reasons.append(f"the official mode is {_quote(official_mode)}, the clean mode "
                       f"{_quote(clean_mode)} (the gold line is not sorted by count, or "
                       "entries merge under the clean spelling rule)")
    elif official_mode and official_mode != clean_mode and bool(item.mode_hit) != bool(
            row.get(f"{task}_mode_hit", 0)):
        reasons.append(f"the mode '{official_mode}' is spelled '{clean_mode}' by clean scoring")
    if item.attempted and not row["attempted"]:
        reasons.append(f"the answer text '{item.raw_answer_text}' holds no answer; the "
                       "official scorer counts it as an attempt")
    return reasons


def _clean_freq(row: Mapping[str, Any], gold: GoldItem | None) -> dict[str, int]:
    if gold is None:
        return {}
    freq: dict[str, int] = {}
    for substitute, count in gold.entries:
        form = spelling.clean_form(substitute)
        if form.lower() not in NOT_SUBSTITUTES and form:
            freq[form] = freq.get(form, 0) + count
    return freq


def _quote(value: str | None) -> str:
    return "none" if value is None else f"'{value}'"
