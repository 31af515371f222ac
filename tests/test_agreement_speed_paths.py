"""The fast paths of pooling: raw substitute cells coded once per distinct string, multiword
rows found by a truthiness scan. They must give exactly what cell-by-cell normalisation gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.model import ResponseRow
from lexsub_studio.core.normalise import normalise_response


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
