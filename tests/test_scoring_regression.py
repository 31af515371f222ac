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


def test_readers_keep_one_string_per_repeated_word() -> None:
    """A large file repeats a few thousand words: each is held once, not once per line."""
    from lexsub_studio.core.io.formats.gold import parse_gold_text
    from lexsub_studio.core.io.formats.system import parse_system_text

    first_word, second_word = "".join(["bri", "ght"]), "".join(["bri", "ght"])
    assert first_word is not second_word  # built apart, as a reader builds them
    system = parse_system_text(f"light.a 1 ::: {first_word};clear\n"
                               f"light.a 2 ::: dim;{second_word}\n", "oot").answers
    assert system[0].answers[0] is system[1].answers[1]
    assert system[0].lexelt is system[1].lexelt
    gold = parse_gold_text(f"light.a 1 :: {first_word} 2;clear 1;\n"
                           f"light.a 2 :: dim 3;{second_word} 1;\n").items
    assert gold[0].entries[0][0] is gold[1].entries[1][0]
