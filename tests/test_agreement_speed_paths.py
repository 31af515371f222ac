"""The fast paths of pooling: raw substitute cells coded once per distinct string, multiword
rows found by a truthiness scan. They must give exactly what cell-by-cell normalisation gives."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement import pairwise
from lexsub_studio.core.agreement.mode import unique_max
from lexsub_studio.core.agreement.pairwise import pairwise_agreement
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.gold.normalise import normalise_response
from lexsub_studio.core.model.data import ResponseColumns, ResponseRow


def _pool(rows: list[ResponseRow]):
    return pool_responses([ResponseSource("r.tsv", rows)])


def test_repeated_raw_cells_share_one_form_and_count_per_annotator() -> None:
    # "Bright", " bright " and "bright" are three raw strings but one form "bright";
    # "glowing;shiny" is one raw cell that splits into two forms.
    rows = [
        ResponseRow("light.a", "1", "ann1", ("Bright", "glowing;shiny"), line=1),
        ResponseRow("light.a", "1", "ann2", (" bright ", "glowing;shiny"), line=2),
        ResponseRow("light.a", "1", "ann3", ("bright",), line=3),
        ResponseRow("light.a", "2", "ann1", ("glowing;shiny",), line=4),
    ]
    pooled = _pool(rows)
    # Item 1: bright by 3 annotators, glowing by 2, shiny by 2 (first-appearance order).
    assert pooled.vocab(0) == ["bright", "glowing", "shiny"]
    assert pooled.freq(0) == [3, 2, 2]
    # Item 2: the same raw cell again, 1 annotator each.
    assert pooled.vocab(1) == ["glowing", "shiny"]
    assert pooled.freq(1) == [1, 1]
    # The split is warned once per row holding it: rows 1, 2 and 4.
    assert pooled.stats["split_cells"] == 3
    lines = [d.line for d in pooled.diagnostics.items if d.code == "semicolon-in-substitute"]
    assert lines == [1, 2, 4]


def test_empty_cells_and_rows_without_substitutes() -> None:
    rows = [
        ResponseRow("run.v", "7", "ann1", ("  ", ";"), line=1),  # only blanks: a blank row
        ResponseRow("run.v", "7", "ann2", (), multiword="Run  Off", line=2),
        ResponseRow("run.v", "7", "ann3", ("sprint",), line=3),
    ]
    pooled = _pool(rows)
    assert pooled.vocab(0) == ["sprint"]
    assert pooled.stats["blank_rows"] == 1
    assert pooled.stats["multiword_rows"] == 1
    # Annotators sorted by name: ann2 (index 1) marked the multiword, normalised.
    assert pooled.multiword.tolist() == [[-1, 0, -1]]
    assert pooled.multiword_forms == ["run off"]


def test_no_rows_at_all() -> None:
    pooled = _pool([])
    assert pooled.n_items == 0
    assert pooled.forms == []
    assert pooled.stats["rows"] == 0


_cell = st.text(alphabet="aAb ;", max_size=5)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2),
                          st.lists(_cell, max_size=3)), max_size=12))
def test_substitute_sets_match_cell_by_cell_normalisation(
        answers: list[tuple[int, int, list[str]]]) -> None:
    rows = [ResponseRow("w.n", str(item), f"a{annotator}", tuple(cells), line=number)
            for number, (item, annotator, cells) in enumerate(answers, start=1)]
    pooled = _pool(rows)
    expected: dict[tuple[str, str], frozenset[str]] = {}
    for row in rows:
        key = (row.id, row.annotator)
        if key in expected:
            continue  # a duplicate row: the first counts
        forms = {normalise_response(part) for cell in row.substitutes for part in cell.split(";")}
        expected[key] = frozenset(forms - {""})
    for item, (_, instance_id) in enumerate(pooled.keys):
        for position, name in enumerate(pooled.annotators):
            got = pooled.substitute_sets(item)[position]
            assert got == expected.get((instance_id, name), frozenset())


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.integers(0, 4), max_size=5), max_size=8))
def test_unique_max_by_item_ranges(per_item: list[list[int]]) -> None:
    values = np.array([value for item in per_item for value in item], dtype=np.int64)
    entry_item = np.repeat(np.arange(len(per_item)), [len(item) for item in per_item])
    entry_local = np.concatenate([np.arange(len(item)) for item in per_item] + [[]]).astype(
        np.int64)
    offsets = np.cumsum([0] + [len(item) for item in per_item])
    expected = [next((k for k, v in enumerate(item) if v == max(item)), -1)
                if item and max(item) > 0 and item.count(max(item)) == 1 else -1
                for item in per_item]
    assert unique_max(values, entry_item, entry_local, len(per_item), offsets).tolist() == \
        expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3),
                          st.lists(st.sampled_from("abcd"), max_size=3)), max_size=20))
def test_pairwise_scores_match_pair_by_pair_sets(
        answers: list[tuple[int, int, list[str]]]) -> None:
    rows = [ResponseRow("w.n", str(item), f"a{annotator}", tuple(cells), line=number)
            for number, (item, annotator, cells) in enumerate(answers, start=1)]
    pooled = _pool(rows)
    result = pairwise_agreement(pooled)
    scores: dict[tuple[int, int], list[float]] = {}
    per_item = [0.0] * pooled.n_items
    for item in range(pooled.n_items):
        sets = pooled.substitute_sets(item)
        for first in range(len(sets)):
            for second in range(first + 1, len(sets)):
                a, b = sets[first], sets[second]
                if a and b:
                    score = len(a & b) / len(a | b)
                    scores.setdefault((first, second), []).append(score)
                    per_item[item] += score
    assert result.item_score_sum.tolist() == pytest.approx(per_item)
    for (first, second), values in scores.items():
        assert result.pair_count[first, second] == result.pair_count[second, first] == \
            len(values)
        assert result.pair_score_sum[second, first] == pytest.approx(sum(values))
    assert result.pairs == sum(len(values) for values in scores.values())
    # Items are scored in blocks; blocks of two items give the same figures.
    with mock.patch.object(pairwise, "_CHUNK_ITEMS", 2):
        blocked = pairwise_agreement(pooled)
    assert blocked.item_score_sum.tolist() == result.item_score_sum.tolist()
    assert blocked.pair_count.tolist() == result.pair_count.tolist()
    assert blocked.pair_score_sum.ravel().tolist() == \
        pytest.approx(result.pair_score_sum.ravel().tolist())


def test_columns_and_rows_pool_alike() -> None:
    rows = [
        ResponseRow("w.n", "1", "ann1", ("up", "down", "across", "over"), line=3),
        ResponseRow("w.n", "1", "ann2", ("Up",), multiword="w off", line=4),
        ResponseRow("w.n", "2", "ann1", (), nil=True, line=5),
    ]
    from_rows = _pool(rows)
    from_columns = pool_responses([ResponseSource("r.tsv", ResponseColumns.from_rows(rows))])
    assert from_columns.forms == from_rows.forms == ["up", "down", "across", "over"]
    assert from_columns.masks.tolist() == from_rows.masks.tolist()
    assert from_columns.stats == from_rows.stats
    assert from_columns.stats["more_than_three"] == 1
    assert [str(d) for d in from_columns.diagnostics] == [str(d) for d in from_rows.diagnostics]
    assert ResponseColumns.from_rows(rows).rows() == rows
