"""Clean multiword scoring: detection and identification, one row per item.

MW is the set of gold items whose multiword has a mode given by more than one annotator. Rows are
every gold item plus every system line for an item the gold does not list (those are detections
too, and wrong ones), so that precision's denominator is a plain column sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import GoldItem, SystemAnswer
from lexsub_studio.core.scoring.clean import spelling
from lexsub_studio.core.scoring.clean.scorer import (
    STRICT_LEXELT_DROPPED,
    Key,
    LexeltMismatch,
    Tally,
    item_key,
    pos_of,
    same_lemma_other_pos,
)


def multiword_mode(item: GoldItem, kept: frozenset[str]) -> str | None:
    """The item's multiword mode, spelled for comparison; None when it has none."""
    if "spelling" in kept:
        entries = [(spelling.official_gold_form(sub), count) for sub, count in item.entries]
    else:
        merged: dict[str, int] = {}
        for sub, count in item.entries:
            form = spelling.clean_form(sub)
            if form:
                merged[form] = merged.get(form, 0) + count
        entries = list(merged.items())
    if not entries:
        return None
    if "unique-mode" in kept:
        # The official rule: the first entry needs a count above 1 and no later entry its count.
        return (rules.official_mode(entries) if entries[0][1] >= rules.MIN_MODE_FREQUENCY
                else None)
    mode = rules.mode_of(entries)
    # Under the kept spelling defect a repeated spelling counts with its last count, as the
    # official program reads it.
    return mode if mode is not None and dict(entries)[mode] >= rules.MIN_MODE_FREQUENCY else None


def _system_answer(line: SystemAnswer, kept: frozenset[str]) -> str:
    text = " ".join(line.answers)
    return " ".join(text.split()) if "spelling" in kept else spelling.clean_form(text)


def build_mw_columns(gold: Sequence[GoldItem], lines: Sequence[SystemAnswer],
                     kept: frozenset[str], tally: Tally, *, strict_lexelt: bool = False,
                     mismatches: list[LexeltMismatch] | None = None) -> dict[str, Any]:
    """A line whose lexelt names a gold item's lemma with other PoS letters is that item's
    (dropped under ``strict_lexelt``), as for best and oot files (clean.match_answers)."""
    # Lists while rows are added, then the count columns as arrays.
    columns: dict[str, Any] = {}

    def put(name: str, value: Any) -> None:
        columns.setdefault(name, []).append(value)

    empty_found = "empty-not-attempted" in kept
    gold_lexelts = {item_key(item.lexelt, item.id, kept): item.lexelt for item in gold}
    gold_by_id: dict[str, list[str]] = {}
    for item in gold:
        gold_by_id.setdefault(item.id, []).append(item.lexelt)
    first_lines: dict[Key, SystemAnswer] = {}
    for line in lines:
        key = item_key(line.lexelt, line.id, kept)
        mismatch = None
        if key not in gold_lexelts:
            named = [lexelt for lexelt in dict.fromkeys(gold_by_id.get(line.id, ()))
                     if same_lemma_other_pos(line.lexelt, lexelt)]
            if len(named) == 1:
                mismatch = LexeltMismatch(line.line, line.lexelt, line.id, named[0],
                                          not strict_lexelt)
                if strict_lexelt:
                    tally.add(STRICT_LEXELT_DROPPED)
                    if mismatches is not None:
                        mismatches.append(mismatch)
                    continue
                key = item_key(named[0], line.id, kept)
        if key in first_lines:
            tally.add("system lines repeating an item (the first line is used)")
        else:
            first_lines[key] = line
            if mismatch is not None and mismatches is not None:
                mismatches.append(mismatch)

    def row(lexelt: str, instance_id: str, gold_line: int | None, mode: str | None,
            line: SystemAnswer | None) -> None:
        answer = _system_answer(line, kept) if line is not None else ""
        found = bool(answer)
        counted = (line is not None) if empty_found else found
        put("lexelt", lexelt)
        put("id", instance_id)
        put("pos", pos_of(lexelt))
        put("gold_line", gold_line)
        put("system_line", line.line if line is not None else None)
        put("system_lexelt", line.lexelt if line is not None and line.lexelt != lexelt
            else None)
        put("mode", mode)
        put("answer", answer)
        put("one", 1)
        put("in_mw", int(mode is not None))
        put("found", int(found))
        put("genuine", int(counted and mode is not None))
        put("matched", int(found and answer == mode))

    seen: set[Key] = set()
    for item in gold:
        key = item_key(item.lexelt, item.id, kept)
        if key in seen:
            tally.add("gold lines repeating an earlier item (the first line is used)")
            continue
        seen.add(key)
        row(item.lexelt, item.id, item.line, multiword_mode(item, kept), first_lines.get(key))
    for key, line in first_lines.items():
        if key not in seen:
            row(line.lexelt, line.id, None, None, line)
    for name in ("one", "in_mw", "found", "genuine", "matched"):
        columns[name] = np.array(columns.get(name, []), dtype=np.int64)
    return columns
