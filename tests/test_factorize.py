"""Factorisation without pandas for small inputs: the same codes, uniques and first appearances
as pandas gives, and a 10,000-item pooling whose gold and agreement figures do not change with
the path taken (pandas, as before, or numpy's sort)."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexsub_studio.core.agreement.export import report_to_dict
from lexsub_studio.core.agreement.pool import ResponseSource
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.gold.assembly import build_gold
from lexsub_studio.core.io.formats.gold import format_gold_line
from lexsub_studio.core.model import factorize as factorize_module
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.factorize import (
    factorize,
    factorize_texts,
    first_appearances,
    repeated_positions,
)

integers = st.lists(st.integers(min_value=0, max_value=2**40), max_size=300)


@given(integers)
def test_codes_and_uniques_are_pandas_own(values: list[int]) -> None:
    array = np.array(values, dtype=np.int64)
    codes, uniques = factorize(array)
    expected_codes, expected_uniques = pd.factorize(array)
    assert codes.tolist() == expected_codes.tolist()
    assert uniques.tolist() == expected_uniques.tolist()
    assert codes.dtype == np.int64


@given(st.lists(st.integers(min_value=-3, max_value=3), max_size=400))
def test_many_repeats_and_negative_values_are_coded_as_pandas_codes_them(values: list[int]
                                                                          ) -> None:
    # Few distinct values, each many times: every group's first position must be found
    # whatever order the sort leaves equal values in.
    array = np.array(values, dtype=np.int64)
    codes, uniques = factorize(array)
    expected_codes, expected_uniques = pd.factorize(array)
    assert codes.tolist() == expected_codes.tolist()
    assert uniques.tolist() == expected_uniques.tolist()


@pytest.mark.slow
@given(integers)
def test_first_appearances_and_repeats(values: list[int]) -> None:
    array = np.array(values, dtype=np.int64)
    duplicated = pd.Index(array).duplicated(keep="first")
    assert first_appearances(array).tolist() == np.flatnonzero(~duplicated).tolist()
    assert repeated_positions(array).tolist() == np.flatnonzero(duplicated).tolist()


@pytest.mark.slow
@given(st.lists(st.sampled_from(["run.v", "bright.a", "", "Run.v", "über.n"]), max_size=50))
def test_texts_in_order_of_first_appearance(texts: list[str]) -> None:
    codes, uniques = factorize_texts(texts)
    expected_codes, expected_uniques = pd.factorize(np.array(texts, dtype=object))
    assert codes.tolist() == expected_codes.tolist()
    assert uniques.tolist() == expected_uniques.tolist()


def test_long_inputs_take_the_hash_and_agree_with_the_sort(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    values = np.random.default_rng(3).integers(0, 5000, 20_000)
    sorted_path = factorize(values), first_appearances(values)
    monkeypatch.setattr(factorize_module, "HASH_FROM", 0)
    hashed = factorize(values), first_appearances(values)
    assert sorted_path[0][0].tolist() == hashed[0][0].tolist()
    assert sorted_path[0][1].tolist() == hashed[0][1].tolist()
    assert sorted_path[1].tolist() == hashed[1].tolist()


def _ten_thousand_items() -> list[ResponseSource]:
    """Three annotators on 10,000 items over 40 lexelts, with shared and personal words, case
    and spacing variants, NIL and proper names, multiwords, blanks and a repeated row."""
    rng = random.Random(1207)
    words = [f"w{number}" for number in range(600)]
    sources = []
    for annotator in ("ann", "bo", "cy"):
        rows = []
        for item in range(10_000):
            lexelt, instance = f"lemma{item % 40}.{'nvar'[item % 4]}", str(item)
            roll = rng.random()
            if roll < 0.03:
                rows.append(ResponseRow(lexelt, instance, annotator, nil=True))
                continue
            if roll < 0.05:
                rows.append(ResponseRow(lexelt, instance, annotator, proper_name=True))
                continue
            if roll < 0.07:
                rows.append(ResponseRow(lexelt, instance, annotator))
                continue
            pool = words[(item * 7) % 550:(item * 7) % 550 + 12]
            subs = rng.sample(pool, rng.randint(1, 3))
            if rng.random() < 0.1:
                subs[0] = "  " + subs[0].upper() + " "
            multiword = f"{subs[0].strip().lower()} up" if rng.random() < 0.05 else ""
            rows.append(ResponseRow(lexelt, instance, annotator, substitutes=tuple(subs),
                                    multiword=multiword))
        rows.append(rows[17])  # a repeated row: reported, the first kept
        sources.append(ResponseSource(f"{annotator}.tsv", rows))
    return sources


def _outcome() -> tuple[list[str], list[str], dict]:
    sources = _ten_thousand_items()
    assembly = build_gold(sources)
    report = compute_agreement(assembly.pooled, bootstrap=0)
    return ([format_gold_line(item) for item in assembly.gold],
            [format_gold_line(item) for item in assembly.multiword_gold],
            report_to_dict(report))


def _same_figures(left: object, right: object) -> bool:
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_same_figures(left[k], right[k])
                                                   for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_same_figures, left, right))
    if isinstance(left, float) and isinstance(right, float):
        return (math.isnan(left) and math.isnan(right)) or abs(left - right) <= 1e-12
    return left == right


@pytest.mark.slow
def test_a_ten_thousand_item_run_is_the_same_on_either_path(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    gold, multiword, figures = _outcome()
    assert len(gold) > 9000 and multiword and figures["annotator_names"] == ["ann", "bo", "cy"]
    monkeypatch.setattr(factorize_module, "HASH_FROM", 0)  # pandas throughout, as before
    hashed_gold, hashed_multiword, hashed_figures = _outcome()
    assert gold == hashed_gold
    assert multiword == hashed_multiword
    assert _same_figures(figures, hashed_figures)


def test_lexsub_gold_does_not_import_pandas(tmp_path) -> None:
    responses = tmp_path / "ann.tsv"
    responses.write_text("# lexsub-responses 1\n"
                         "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name"
                         "\tcomment\tseconds\n"
                         "run.v\t1\tann\tsprint\tdash\t\t\t0\t0\t\t\n", encoding="utf-8")
    probe = ("import sys\nfrom lexsub_studio.cli.main import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('pandas' in sys.modules, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, "gold", str(responses), "-o",
                           str(tmp_path / "gold")], capture_output=True, text=True, timeout=120)
    assert (tmp_path / "gold").read_text(encoding="utf-8").startswith("run.v 1 :: ")
    assert done.stderr.strip().splitlines()[-1] == "False"
