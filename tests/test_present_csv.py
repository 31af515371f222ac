"""CSV tables (core/present/tables.csv_table), expected text by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd

from lexsub_studio.core.present.tables import csv_table


def test_every_digit_kept_and_undefined_left_empty() -> None:
    frame = pd.DataFrame({"measure": ["best R", "oot, P"], "value": [1 / 3, np.nan],
                          "items": [3, 0]})
    assert csv_table(frame) == (
        "measure,value,items\n"
        "best R,0.3333333333333333,3\n"
        '"oot, P",,0\n')


def test_a_column_of_none_and_flags() -> None:
    frame = pd.DataFrame({"name": ["x"], "low": [None], "nil": [True]})
    assert csv_table(frame) == "name,low,nil\nx,,True\n"
