"""Aligned text tables (core/present/text.py, tables.text_table), expected text by hand."""

from __future__ import annotations

import pandas as pd
import pytest

from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.tables import text_lines, text_table
from lexsub_studio.core.present.text import aligned, aligned_lines


def test_labels_left_numbers_right_undefined_spelled_out() -> None:
    frame = pd.DataFrame({"system": ["lex-a", "b"], "items": [12, 3],
                          "best R": [0.25, None]})
    assert text_table(frame) == (
        "system  items     best R\n"
        "lex-a      12      0.250\n"
        "b           3  undefined\n")


def test_agreement_columns_take_their_own_decimals() -> None:
    frame = pd.DataFrame({"pos": ["n"], "pairwise": [0.5]})
    assert text_lines(frame, decimals=numbers.AGREEMENT_DECIMALS) == [
        "pos  pairwise", "n      0.5000"]


def test_a_column_formatter_and_an_explicit_alignment() -> None:
    frame = pd.DataFrame({"annotator": ["ann", "bo"], "done": [0.5, None]})
    formats = {"done": lambda value: "-" if value is None else f"{value:.0%}"}
    assert text_lines(frame, align="ll", formats=formats) == [
        "annotator  done", "ann        50%", "bo         -"]


def test_string_cells_without_pandas_and_no_trailing_blanks() -> None:
    assert aligned_lines(["a", "bb"], [["ccc", ""]], "ll") == ["a    bb", "ccc"]
    assert aligned(["name", "n"], [["x", "10"]]) == "name   n\nx     10\n"


def test_alignments_must_match_the_columns() -> None:
    with pytest.raises(ValueError, match="1 alignments for 2 columns"):
        aligned_lines(["a", "b"], [], "l")
