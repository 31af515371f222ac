"""The gold rules that remove entries: flags (pn, nil, in any case) and entries the spelling rule
leaves empty. Each is counted in the report, noted by the reader, and described in the docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

DOCS = Path(__file__).resolve().parents[1] / "docs"

GOLD = """lamp.n 1 :: - 1;bulb 1;
lamp.n 2 :: -- 2;light 2;torch 1;
lamp.n 3 :: PN 2;beacon 1;glow 1;
lamp.n 4 :: Nil 1;lantern 3;
lamp.n 5 :: pn 3;flare 1;
"""


def _report(system_text: str = "", **options: object):
    gold = parse_gold_text(GOLD).items
    return score(parse_system_text(system_text, "best").answers, gold, ScoreOptions(**options))


def test_entries_left_empty_by_the_spelling_rule_are_removed_and_counted() -> None:
    report = _report("lamp.n 2 :: light\n")
    row = report.items.set_index("id").loc["2"]
    # H of lamp.n 2 is light 2 + torch 1: the '--' entry is not a response.
    assert row["human_total"] == 3 and row["best_score"] == pytest.approx(2 / 3)
    assert "2 gold entries removed because the spelling rule leaves nothing of them (such as " \
           "'-', '--' or an apostrophe)" in report.ignored


def test_flags_are_removed_in_any_case_and_counted() -> None:
    report = _report("lamp.n 3 :: beacon\n")
    rows = report.items.set_index("id")
    assert rows.loc["3", "human_total"] == 2  # beacon 1 + glow 1, PN 2 removed
    assert rows.loc["4", "human_total"] == 3 and rows.loc["4", "mode"] == "lantern"
    assert "3 gold entries 'pn' or 'nil' (in any case) removed: flags, not substitutes" \
        in report.ignored


def test_items_that_leave_t_through_the_removals_are_counted() -> None:
    report = _report()
    # lamp.n 1 (- 1;bulb 1) and lamp.n 5 (pn 3;flare 1) have one response left.
    assert sorted(report.items["id"]) == ["2", "3", "4"]
    assert "2 gold items with fewer than 2 responses (not in T)" in report.ignored
    assert "2 gold items out of T only because of the removed entries (with them they have 2 " \
           "or more responses)" in report.ignored


def test_the_kept_pn_defect_names_its_own_rule() -> None:
    report = _report(kept_defects=frozenset({"pn-entries"}))
    assert "1 gold entries containing 'pn' removed (the pn-entries defect is kept)" \
        in report.ignored


def test_the_reader_notes_each_such_entry_with_its_line_and_column() -> None:
    notes = [(d.code, d.line, d.column) for d in parse_gold_text(GOLD).diagnostics
             if d.code in ("empty-after-spelling", "flag-in-other-case")]
    # Lower-case 'pn' (line 5) is the usual flag and gets no note.
    # "lamp.n 1 :: " is 12 characters: each entry starts in column 13.
    assert notes == [("empty-after-spelling", 1, 13), ("empty-after-spelling", 2, 13),
                     ("flag-in-other-case", 3, 13), ("flag-in-other-case", 4, 13)]
    message = next(d.message for d in parse_gold_text(GOLD).diagnostics
                   if d.code == "flag-in-other-case")
    assert "'PN'" in message and "official scorer keeps it" in message


def test_the_docs_state_both_rules() -> None:
    metrics = (DOCS / "metrics.md").read_text(encoding="utf-8")
    assert "The flags are recognised in any case" in metrics
    assert "An entry of which nothing is left (`-`, `--`, `'`) is not a" in metrics
    formats = (DOCS / "formats.md").read_text(encoding="utf-8")
    assert "`empty-after-spelling`" in formats and "`flag-in-other-case`" in formats
