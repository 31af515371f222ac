"""JSON records (core/present/tables.records, json_table), expected values by hand."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from lexsub_studio.core.present.tables import json_table, records


def test_records_hold_python_values_and_none_for_undefined() -> None:
    frame = pd.DataFrame({"pos": ["n", "v"], "items": np.array([4, 2], dtype=np.int64),
                          "agreement": [0.1 + 0.2, np.nan]})
    rows = records(frame)
    assert rows == [{"pos": "n", "items": 4, "agreement": 0.30000000000000004},
                    {"pos": "v", "items": 2, "agreement": None}]
    assert type(rows[0]["items"]) is int


def test_json_keeps_every_digit() -> None:
    frame = pd.DataFrame({"value": [1 / 3]})
    text = json_table(frame)
    assert '"value": 0.3333333333333333' in text
    assert json.loads(text) == [{"value": 1 / 3}]


def test_documents_keep_letters_and_end_in_a_newline() -> None:
    from lexsub_studio.core.present.text import json_text

    assert json_text({"system": "système"}) == '{\n  "system": "système"\n}\n'
