"""Clean scoring gives the figures and per-item rows it gave before its data layout was made
faster: four scorings of a 10,000-item set (scoring_regression_data.py), compared with the
fixture the earlier code wrote, every number to 1e-12 and every other column exactly."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
import scoring_regression_data as data

FIXTURE = Path(__file__).parent / "data" / "scoring_regression_10k.json.gz"


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as stream:
        expected = json.load(stream)
    return expected, data.scorings(data.write_files(tmp_path_factory.mktemp("regression")))


def _same_numbers(found: list[Any], expected: list[Any]) -> bool:
    return len(found) == len(expected) and all(
        (a is None and b is None) or (a is not None and b is not None and abs(a - b) <= 1e-12)
        for a, b in zip(found, expected, strict=True))


@pytest.mark.parametrize("scoring", [f"{kind}:{','.join(kept)}" for kind, kept in data.SCORINGS])
def test_every_figure_and_row_is_as_before(scored: tuple[dict[str, Any], dict[str, Any]],
                                           scoring: str) -> None:
    expected, found = scored[0][scoring], scored[1][scoring]
    assert found["counts"] == expected["counts"]
    assert found["ignored"] == expected["ignored"]
    assert found["figures"].keys() == expected["figures"].keys()
    for key, figure in expected["figures"].items():
        assert _same_numbers(found["figures"][key], figure), key
    assert list(found["columns"]) == list(expected["columns"])
    for name, column in expected["columns"].items():
        if isinstance(column, str):
            assert found["columns"][name] == column, name
        else:
            assert _same_numbers(found["columns"][name], column), name
