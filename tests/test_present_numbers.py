"""The one number policy (core/present/numbers.py), with expected texts written by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from lexsub_studio.core.present import numbers


@pytest.mark.parametrize(("output", "expected"), [
    ("text", "undefined"), ("gui", "—"), ("markdown", "—"), ("html", "—"), ("latex", "--"),
    ("csv", ""), ("json", ""),
])
def test_undefined_is_written_per_output(output: str, expected: str) -> None:
    assert numbers.score(None, output) == expected
    assert numbers.agreement(float("nan"), output) == expected
    assert numbers.cell(np.float64("nan"), output) == expected


def test_unknown_output_is_refused_in_a_sentence() -> None:
    with pytest.raises(ValueError, match="unknown output 'rtf'"):
        numbers.undefined("rtf")


def test_each_kind_of_number_has_its_decimals_in_every_output() -> None:
    for output in ("text", "gui", "markdown", "html", "latex"):
        assert numbers.score(0.35975, output) == "0.360"
        assert numbers.agreement(0.272727, output) == "0.2727"
        assert numbers.statistic(2.6666, output) == "2.667"
        assert numbers.percent(0.35975, output) == "35.98"


def test_percent_rounds_half_up_as_the_official_scorer_does() -> None:
    # 0.01125 is stored just below itself: Python's "%.2f" of 100 times it gives 1.12.
    assert numbers.percent(0.01125) == "1.13"
    assert numbers.percent(0.5, sign=True) == "50.00%"
    assert numbers.percent(None, "gui", sign=True) == "—"


def test_p_values_are_written_as_papers_write_them() -> None:
    assert numbers.p_value(0.0004) == "p < 0.001"
    assert numbers.p_value(0.0123) == "p = 0.012"
    assert numbers.p_value(0.0496) == "p < 0.05"
    assert numbers.p_value(1.0) == "p = 1.000"


def test_cells_keep_text_and_counts_and_spell_flags() -> None:
    assert numbers.cell("bright.a") == "bright.a"
    assert numbers.cell(np.int64(7)) == "7"
    assert numbers.cell(np.bool_(True)) == "yes"
    assert numbers.cell(False) == "no"
    assert numbers.cell(0.5, "gui", numbers.AGREEMENT_DECIMALS) == "0.5000"
    assert numbers.cell(pd.NA, "markdown") == "—"


def test_machine_fields_keep_every_digit() -> None:
    assert numbers.machine(1 / 3) == "0.3333333333333333"
    assert numbers.machine(np.float64(0.1)) == "0.1"
    assert numbers.machine(None) == ""
    assert numbers.machine(float("nan")) == ""
    assert numbers.machine(12) == "12"


def test_share_is_a_whole_percentage_never_done_too_early() -> None:
    assert numbers.share(3, 4) == "75%"
    assert numbers.share(199, 200) == "99%"
    assert numbers.share(29, 100) == "29%"  # 100 * 29 / 100 is 28.999... in floats
    assert numbers.share(1, 12) == "8%"
    assert numbers.share(0, 0) == "undefined"
    assert numbers.share(0, 0, "gui") == "—"


def test_amounts_behind_a_figure() -> None:
    assert numbers.amount(54.0) == "54"
    assert numbers.amount(19.43125) == "19.431"
    assert numbers.amount(1_000_000) == "1000000"
    assert numbers.amount(2**53 + 1) == "9007199254740993"
