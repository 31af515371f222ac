"""The warnings about a file's lines: lines rejected or ignored, items answered twice, answers
repeated on a line, oot lines over the limit, lines whose lexelt is not their gold item's."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import count as counting
from typing import TYPE_CHECKING

import numpy as np

from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.model.diagnostics import Diagnostic
from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.scoring.report.checks.effects import Effects
from lexsub_studio.core.scoring.report.checks.found import (
    MAX_EXAMPLES,
    MAX_LEXELT_LINES,
    SystemWarning,
)
from lexsub_studio.core.scoring.report.checks.subject import CheckedFile, Lines

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.official.scorer import OfficialRun


def rejected(file: CheckedFile, effects: Effects, diagnostics: Sequence[Diagnostic],
             official: OfficialRun | None) -> SystemWarning | None:
    ignored = [d for d in diagnostics if d.severity.value == "error" and d.line is not None]
    examples = [f"line {d.line}: {d.message}" for d in ignored[:MAX_EXAMPLES]]
    effect: float | None = None
    unscored = 0
    if official is not None and file.kind in ("best", "oot"):
        scored_ids = (official.scored_ids if official.scored_ids is not None
                      else set(official.items))
        frame = file.report.items
        column = f"{file.kind}_score"
        answered = frame[frame["system_line"].notna()]
        missing = answered[~answered["id"].isin(scored_ids)]
        unscored = len(missing)
        if unscored and column in frame.columns and len(frame):
            effect = -float(missing[column].sum()) / len(frame)
        examples += [f"line {line}: {lexelt} {item_id} not scored by the official scorer"
                     for line, lexelt, item_id in zip(
                         missing["system_line"][:MAX_EXAMPLES],
                         missing["lexelt"][:MAX_EXAMPLES], missing["id"][:MAX_EXAMPLES],
                         strict=True)]
    count = len(ignored) + unscored
    official_errors = int(official.totals.get("error_lines") or 0) if official else 0
    return SystemWarning(
        "rejected-lines", "Lines rejected or ignored", count, "lines or items",
        f"{len(ignored)} line(s) the reader cannot use are ignored by every scorer; "
        f"the official scorer reports {official_errors} malformed line(s) and leaves "
        f"{unscored} item(s) unscored that clean scoring scores.",
        file.measure if effect is not None else None, effect, tuple(examples[:MAX_EXAMPLES]))


def duplicate_ids(file: CheckedFile, effects: Effects, diagnostics: Sequence[Diagnostic],
                  text: str | None) -> SystemWarning | None:
    lines = [d.line for d in diagnostics if d.code == "duplicate-item" and d.line]
    if not lines:
        return None
    examples = tuple(f"line {d.line}: {d.message}" for d in diagnostics
                     if d.code == "duplicate-item")[:MAX_EXAMPLES]
    effect = None
    later = _later_answers(text, lines) if text is not None and file.kind != "weighted" \
        else {}
    if later:
        # Only the lines of the items concerned are rescored: those alone are made.
        concerned = set(later)
        rows = [row for row, key in enumerate(file.line_gold_keys()) if key in concerned]
        swapped = [SystemAnswer(a.lexelt, a.id, later.get(a.key, list(a.answers)), a.line)
                   for a in file.lines.objects(rows) if isinstance(a, SystemAnswer)]
        effect = effects.effect(concerned, swapped)
    return SystemWarning(
        "duplicate-ids", "Items answered more than once", len(lines), "lines",
        "Only the first line of an item is scored; the effect is that of scoring the last "
        "line instead.", file.measure if effect is not None else None, effect, examples)


def duplicate_answers(file: CheckedFile, effects: Effects) -> SystemWarning | None:
    if file.kind == "mw":
        return None
    examples: list[str] = []
    keys: set[tuple[str, str]] = set()
    #: Each line with a repeated answer, by number: its answers spelled, repeats kept.
    repeating_lines: dict[int | None, list[str]] = {}
    gold_key = file.matched_elsewhere.get
    lines = file.lines
    forms = file.spell_all(lines.answers)
    offsets = lines.offsets.tolist()
    for row in _rows_repeating(lines, forms).tolist():
        line_forms = forms[offsets[row]:offsets[row + 1]]
        key = lines.keys[row]
        keys.add(gold_key(key, key))
        number = lines.numbers[row]
        repeating_lines[number] = line_forms
        if len(examples) < MAX_EXAMPLES:
            repeated = sorted({form for form in line_forms if line_forms.count(form) > 1})
            examples.append(f"line {number}: {', '.join(repeated)}")
    count = len(keys)
    if not count:
        return None
    return SystemWarning(
        "duplicate-answers", "Answers repeated on a line", count, "lines",
        "Clean scoring credits and counts each distinct answer once; the official scorer "
        "credits a repeated answer every time (the effect).",
        file.measure, effects.repeats_effect(keys, repeating_lines),
        tuple(examples))


def over_limit(file: CheckedFile, effects: Effects) -> SystemWarning | None:
    if file.kind != "oot":
        return None
    lines = file.lines
    lengths = np.diff(lines.offsets)
    long_rows = np.flatnonzero(lengths > OOT_LIMIT).tolist()
    if not long_rows:
        return None
    examples = tuple(f"line {lines.numbers[row]}: {int(lengths[row])} answers"
                     for row in long_rows[:MAX_EXAMPLES])
    return SystemWarning(
        "oot-over-limit", "More than 10 oot answers", len(long_rows), "lines",
        "The task allows 10; clean scoring keeps the first 10, the official scorer all of "
        "them (the effect).",
        file.measure, effects.limit_effect(long_rows), examples)


def lexelt_mismatches(file: CheckedFile, effects: Effects) -> SystemWarning | None:
    """Lines whose lexelt names their gold item's lemma with other PoS letters: every one
    is listed, with what clean scoring did with it."""
    mismatches = file.report.lexelt_mismatches
    if not mismatches:
        return None
    examples = [mismatch.describe() for mismatch in mismatches[:MAX_LEXELT_LINES]]
    if len(mismatches) > MAX_LEXELT_LINES:
        examples.append(f"… and {len(mismatches) - MAX_LEXELT_LINES} more")
    strict = file.report.options.strict_lexelt
    if "lexelt-key" in file.report.options.kept_defects:
        # Items are told apart by id alone: every line is its id's, whatever its lexelt.
        return SystemWarning(
            "lexelt-mismatch", "Lines whose lexelt differs from the gold's",
            len(mismatches), "lines",
            "With the lexelt-key defect kept, items are matched by id alone, as the "
            "official scorer matches them, so these lines count for the gold item with "
            "their id.", None, None, tuple(examples))
    if strict:
        explanation = ("Their id is a gold item's and the lemma agrees, but the PoS letters "
                       "differ (wild.n for wild.a.n). Strict lexelt matching drops them; the "
                       "official scorer matches them by id, as clean scoring does without "
                       "--strict-lexelt (the effect).")
    else:
        explanation = ("Their id is a gold item's and the lemma agrees, but the PoS letters "
                       "differ (wild.n for wild.a.n). Clean scoring matches them by id, as "
                       "the official scorer does; --strict-lexelt drops them (the effect).")
    keys = {(mismatch.gold_lexelt, mismatch.id) for mismatch in mismatches}
    return SystemWarning(
        "lexelt-mismatch", "Lines whose lexelt differs from the gold's", len(mismatches),
        "lines", explanation, file.measure,
        effects.effect(keys, strict_lexelt=not strict), tuple(examples))


def _rows_repeating(lines: Lines, forms: list[str]) -> np.ndarray:
    """The lines (in order) on which a spelling comes twice: every answer's spelling
    numbered, and the (line, number) pairs sorted, a repeat is a pair equal to the one
    before it."""
    numbering: dict[str, int] = {}
    codes = np.fromiter(map(numbering.setdefault, forms, counting()), dtype=np.int64,
                        count=len(forms))
    pairs = np.sort(lines.row_of_answer() * (len(forms) + 1) + codes)
    repeated = pairs[1:][pairs[1:] == pairs[:-1]]
    return np.unique(repeated // (len(forms) + 1))


def _later_answers(text: str, lines: Sequence[int]) -> dict[tuple[str, str], list[str]]:
    """The answers of the given (duplicate) lines, the last one per item winning."""
    from lexsub_studio.core.io.formats.itemline import LineProblem, split_item_line

    wanted = set(lines)
    found: dict[tuple[str, str], list[str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if number not in wanted:
            continue
        parsed = split_item_line(raw)
        if isinstance(parsed, LineProblem):
            continue
        found[(parsed.lexelt, parsed.id)] = [a.strip() for a in parsed.rest.split(";")
                                             if a.strip()]
    return found
