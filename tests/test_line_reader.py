"""The readers' shared skeleton (core/io/formats/line_reader.py): typed counts, read by name too,
and the same lines counted and reported alike by every item-line reader."""

from __future__ import annotations

import pytest

from lexsub_studio.core.io.formats.gold import GoldStats, parse_gold_text
from lexsub_studio.core.io.formats.responses import ResponsesStats
from lexsub_studio.core.io.formats.system import SystemStats, parse_system_text
from lexsub_studio.core.io.formats.weighted import WeightedStats, parse_weighted_text
from lexsub_studio.core.model.diagnostics import Severity


def test_counts_are_typed_and_read_by_name_as_summaries_do() -> None:
    stats = GoldStats(lines=4, blank_lines=1, items=2)
    assert stats.lines == stats["lines"] == 4
    assert stats.get("merged_entries") == 0
    assert stats.get("no_such_count", 7) == 7
    with pytest.raises(KeyError):
        stats["no_such_count"]
    assert dict(stats) == {"lines": 4, "blank_lines": 1, "ignored_lines": 0, "items": 2,
                           "entries": 0, "ignored_entries": 0, "merged_entries": 0}
    # The responses counts keep the order their summary lists them in.
    assert list(ResponsesStats()) == ["lines", "blank_lines", "rows", "ignored_rows",
                                      "duplicate_rows", "flagged_with_substitutes"]


def test_every_item_line_reader_counts_lines_alike() -> None:
    # A BOM, a blank line, a whitespace-only line, two lines for one item, a line without id.
    gold = parse_gold_text("\ufeffa.n 1 :: x 2;y 1;\n\n   \na.n 1 :: x 1;\nnonsense\n", "g")
    best = parse_system_text("\ufeffa.n 1 :: x\n\n   \na.n 1 :: y\nnonsense\n", "best", "s")
    weighted = parse_weighted_text("\ufeffa.n 1 x/1\n\n   \na.n 1 y/1\nnonsense\n", "w")
    assert isinstance(gold.stats, GoldStats)
    assert isinstance(best.stats, SystemStats)
    assert isinstance(weighted.stats, WeightedStats)
    for stats in (gold.stats, best.stats, weighted.stats):
        assert (stats.lines, stats.blank_lines, stats.ignored_lines) == (5, 2, 2)
    assert best.stats.duplicate_lines == weighted.stats.duplicate_lines == 1


def test_a_repeated_item_is_an_error_in_gold_and_a_warning_in_answers() -> None:
    gold = parse_gold_text("a.n 1 :: x 2;\na.n 1 :: y 2;\n", "g")
    best = parse_system_text("a.n 1 :: x\na.n 1 :: y\n", "best", "s")
    weighted = parse_weighted_text("a.n 1 x/1\na.n 1 y/1\n", "w")
    [gold_repeat] = [d for d in gold.diagnostics.items if d.code == "duplicate-item"]
    assert (gold_repeat.severity, gold_repeat.line, gold_repeat.message) == (
        Severity.ERROR, 2, "a.n 1 was already given on line 1; this line is ignored")
    for result in (best, weighted):
        [repeat] = [d for d in result.diagnostics.items if d.code == "duplicate-item"]
        assert (repeat.severity, repeat.line, repeat.message) == (
            Severity.WARNING, 2,
            "a.n 1 was already answered on line 1; the first line counts, this one is ignored")


def test_a_line_with_the_other_separator_counts_as_the_other_kind_in_system_files() -> None:
    oot_line = "a.n 1 ::: x;y\n"
    best = parse_system_text(oot_line, "best", "s")
    gold = parse_gold_text(oot_line, "g")
    assert (best.stats.wrong_kind_lines, best.stats.ignored_lines) == (1, 1)
    assert gold.stats.ignored_lines == 1
    assert [d.code for d in gold.diagnostics.items] == ["wrong-separator"]
