"""The responses reader's whole-column checks: a seconds column is taken as plain decimals only
when no cell has two dots, none is a lone dot and none is long enough to overflow; a file of
one annotator finds its repeated rows by (lexelt, id). Each case reads as the careful reader
reads it, row by row."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest

from lexsub_studio.core.io.formats import responses
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    parse_responses_text,
)
from lexsub_studio.core.model.data import ResponseColumns

HEADER = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"


def _row(item_id: str, seconds: str = "4", annotator: str = "ann") -> str:
    return f"bright.a\t{item_id}\t{annotator}\tvivid\t\t\t\t0\t0\t\t{seconds}"


def _read(text: str) -> tuple[object, ...]:
    result = parse_responses_text(text, "r.tsv")
    return result.rows, result.diagnostics.items, result.stats


def _read_carefully(text: str) -> tuple[object, ...]:
    def nothing_quick(lines: list[str], numbers: list[int]) -> object:
        return responses._QuickColumns(ResponseColumns(substitutes=[[], [], []]),
                                       np.ones(len(lines), dtype=bool))

    with mock.patch.object(responses, "_split_columns", nothing_quick):
        return _read(text)


@pytest.mark.parametrize("odd", ["1.2.3", "1..", "..5", "." + "9" * 298, "9" * 299 + "."])
def test_an_odd_seconds_cell_is_read_carefully(odd: str) -> None:
    text = HEADER + "\n".join([_row("1", "2.5"), _row("2", odd), _row("3", "")]) + "\n"
    assert _read(text) == _read_carefully(text)


def test_long_plain_seconds_below_the_limit_stay_on_the_quick_path() -> None:
    text = HEADER + "\n".join([_row("1", "9" * 298 + ".5"), _row("2", "1.25")]) + "\n"
    rows, diagnostics, _ = _read(text)
    assert [row.seconds for row in rows] == [float("9" * 298 + ".5"), 1.25]
    assert diagnostics == []


@pytest.mark.parametrize("annotators", [("ann", "ann", "ann"), ("ann", "bob", "ann")])
def test_repeated_rows_found_with_one_or_several_annotators(
        annotators: tuple[str, str, str]) -> None:
    text = HEADER + "\n".join(_row(item_id, annotator=name) for item_id, name
                              in zip(("1", "2", "1"), annotators, strict=True)) + "\n"
    rows, diagnostics, stats = _read(text)
    assert (rows, diagnostics, stats) == _read_carefully(text)
    repeated = annotators[0] == annotators[2]
    assert len(rows) == (2 if repeated else 3)
    assert [item.line for item in diagnostics] == ([5] if repeated else [])
