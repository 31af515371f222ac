"""A clean responses file is held as columns of integer codes (CodedColumn), not lists of
strings, and pooled from the codes: the pooled table is the one the same rows give as lists."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest

from lexsub_studio.core.agreement.pool import PooledResponses, ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    parse_responses_text,
)
from lexsub_studio.core.model.data import CodedColumn, ResponseColumns
from lexsub_studio.core.model.factorize import factorize

HEADER = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"


def _file(annotator: str, rows: list[tuple[str, ...]]) -> str:
    lines = ["\t".join([lexelt, item, annotator, *cells]) for lexelt, item, *cells in rows]
    return HEADER + "\n".join(lines) + "\n"


# lexelt, id, sub1, sub2, sub3, multiword, nil, proper_name, comment, seconds
ANNA = _file("anna", [
    ("bright.a", "1", "vivid", "Shiny", "", "", "0", "0", "", "3"),
    ("bright.a", "2", "", "", "", "", "1", "0", "no idea", ""),
    ("run.v", "1", "sprint", "", "", "run off", "0", "0", "", "2.5"),
    ("run.v", "2", "", "", "", "", "0", "1", "", ""),
    ("run.v", "3", "", "", "", "", "0", "0", "", ""),
])
BO = _file("bo", [
    ("bright.a", "1", "shiny", "vivid", "glowing", "", "0", "0", "", "1"),
    ("bright.a", "2", "clever", "", "", "", "0", "0", "", ""),
    ("run.v", "1", "Sprint", "dash", "", "Run  Off", "0", "0", "hm", ""),
    ("run.v", "2", "race", "", "", "", "0", "0", "", ""),
    ("run.v", "3", "jog", "", "", "", "0", "0", "", ""),
])


def _coded() -> list[ResponseSource]:
    return [ResponseSource(name, parse_responses_text(text, name).columns, reader_checked=True)
            for name, text in (("anna.tsv", ANNA), ("bo.tsv", BO))]


def _as_lists(source: ResponseSource) -> ResponseSource:
    rows = source.columns.rows()
    return ResponseSource(source.path, ResponseColumns.from_rows(rows), reader_checked=True)


def test_a_clean_file_is_held_as_codes_of_four_bytes_or_less() -> None:
    columns = parse_responses_text(ANNA, "anna.tsv").columns
    every_column = [columns.lexelt, columns.id, columns.annotator, *columns.substitutes,
                    columns.multiword, columns.nil, columns.proper_name, columns.comment,
                    columns.seconds]
    assert all(isinstance(column, CodedColumn) for column in every_column)
    assert all(column.codes.itemsize <= 4 for column in every_column)
    # Read as sequences they are the file's cells, flags as booleans.
    assert list(columns.id) == ["1", "2", "1", "2", "3"]
    assert columns.nil[1] is True and columns.nil[0] is False
    assert columns.comment[1:3] == ["no idea", ""]
    assert columns.seconds == [3.0, None, 2.5, None, None]
    assert len(columns) == 5


def test_pooling_coded_columns_never_reads_them_row_by_row() -> None:
    with mock.patch.object(CodedColumn, "__iter__",
                           side_effect=AssertionError("a coded column was iterated")), \
            mock.patch.object(CodedColumn, "__getitem__",
                              side_effect=AssertionError("a coded cell was read")):
        pooled = pool_responses(_coded())
    assert pooled.n_items == 5


def _same_pooled(first: PooledResponses, second: PooledResponses) -> None:
    for name in ("keys", "annotators", "forms", "multiword_forms", "stats", "comments",
                 "annotator_files"):
        assert getattr(first, name) == getattr(second, name), name
    for name in ("entry_offsets", "entry_form", "entry_freq", "masks", "answered", "has_row",
                 "nil", "proper_name", "multiword"):
        assert np.array_equal(getattr(first, name), getattr(second, name)), name
    assert [str(d) for d in first.diagnostics] == [str(d) for d in second.diagnostics]


def test_coded_columns_pool_as_the_same_rows_in_lists() -> None:
    coded = _coded()
    from_codes = pool_responses(coded)
    from_lists = pool_responses([_as_lists(source) for source in coded])
    _same_pooled(from_codes, from_lists)
    assert from_codes.comments == {(1, 0): "no idea", (2, 1): "hm"}
    assert from_codes.multiword_forms == ["run off"]
    assert from_codes.vocab(0) == ["vivid", "shiny", "glowing"]
    report = compute_agreement(from_codes)
    assert report.figures == compute_agreement(from_lists).figures


def test_codes_need_not_be_numbered_by_first_appearance() -> None:
    source = _coded()[0]
    columns = source.columns
    assert isinstance(columns.id, CodedColumn)
    # The same ids, coded in reverse order of first appearance.
    reversed_values = columns.id.values[::-1]
    last = len(reversed_values) - 1
    recoded = CodedColumn(last - np.asarray(columns.id.codes), reversed_values)
    assert list(recoded) == list(columns.id)
    columns.id = recoded
    _same_pooled(pool_responses([source]), pool_responses([_as_lists(source)]))


@pytest.mark.parametrize("hint", [None, 1, 4])
def test_a_small_distinct_hint_gives_the_same_codes(hint: int | None) -> None:
    values = np.random.default_rng(7).integers(0, 50, 1000) * 12345
    codes, uniques = factorize(values, hash_from=0, distinct_hint=hint)
    expected_codes, expected_uniques = factorize(values, hash_from=len(values) + 1)
    assert codes.tolist() == expected_codes.tolist()
    assert uniques.tolist() == expected_uniques.tolist()
