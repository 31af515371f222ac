"""``lexsub validate`` writes a summary's means as every statistic is written: 3 decimals
(core/present/numbers.py), counts plainly."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main


def test_a_gold_files_mean_has_three_decimals(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold"
    # Substitutes per item: 2, 1 and 1, a mean of 4 / 3.
    gold.write_text("bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: shiny 2;\n"
                    "run.v 3 :: sprint 2;\n", encoding="utf-8")
    assert main(["validate", str(gold)]) == 0
    out = capsys.readouterr().out
    assert "mean 1.333, min 1, max 2" in out
