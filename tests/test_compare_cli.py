"""``lexsub compare``: the significance tests on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main

GOLD = ("bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\n"
        "take.v 3 :: grab 2;seize 1;\n")


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_identical_systems_have_p_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = _write(tmp_path, "gold", GOLD)
    one = _write(tmp_path, "one.best", "bright.a 1 :: clever\nbright.a 2 :: bold\n")
    two = _write(tmp_path, "two.best", "bright.a 1 :: clever\nbright.a 2 :: bold\n")
    assert main(["compare", one, two, gold, "--samples", "200", "--format", "json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["measure"] == "best.recall"
    assert result["items"] == 3
    # best recall: (3/4 + 2/4 + 0) / 3 = 0.41667 for both.
    assert result["figure1"] == pytest.approx(1.25 / 3)
    assert [test["p_value"] for test in result["tests"]] == [1.0, 1.0]


def test_a_seed_makes_the_output_reproducible(demo_dir: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", str(demo_dir / "systems" / "alpha.best"),
            str(demo_dir / "systems" / "beta.best"), str(demo_dir / "gold"),
            "--samples", "500", "--seed", "3"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    # alpha beats beta on the demo (CLI score: 0.360 against 0.112); no shuffle reaches it.
    assert "p = (0 + 1) / (500 + 1)" in first
    assert "SYS1 best.recall = 0.360 (19.431 / 54)" in first
    # The tests' means read as the figures above them (core/present/numbers.py).
    assert "mean A 0.360, mean B 0.112, difference +0.247 over 54 items" in first


def test_kinds_are_detected_per_file_and_measures_checked(
        demo_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    systems = demo_dir / "systems"
    assert main(["compare", str(systems / "alpha.oot"), str(systems / "gamma.weighted"),
                 str(demo_dir / "gold"), "--measure", "ranking.gap", "--samples", "100",
                 "--method", "randomisation", "--format", "json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["kinds"] == ["oot", "weighted"]
    assert [test["method"] for test in result["tests"]] == ["randomisation"]
    assert main(["compare", str(systems / "alpha.best"), str(systems / "beta.best"),
                 str(demo_dir / "gold"), "--measure", "ranking.gap"]) == 2
    assert "ranking.gap is not scored" in capsys.readouterr().err


def test_bad_arguments_are_usage_errors(tmp_path: Path, demo_dir: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    gold = str(demo_dir / "gold")
    assert main(["compare", gold, gold, gold]) == 2  # a gold file is not a system file
    assert "not a system output file" in capsys.readouterr().err
    best = str(demo_dir / "systems" / "alpha.best")
    assert main(["compare", best, best, gold, "--samples", "0"]) == 2
    assert "--samples must be at least 1" in capsys.readouterr().err


def test_league_table_and_warnings_on_the_command_line(
        demo_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    systems = demo_dir / "systems"
    assert main(["compare", str(systems / "alpha.best"), str(systems / "beta.best"),
                 str(demo_dir / "gold"), "--samples", "100", "--league", "official",
                 "--warnings"]) == 0
    out = capsys.readouterr().out
    # The official figures `lexsub score` prints for alpha.best: precision 35.98, mode 75.00.
    assert f"| {systems / 'alpha.best'} | best | 0.360 | 0.360 | 0.750 | 0.750 |" in out
    assert "Hyphen and space variants: 1 answer." in out
    assert "line 1: 'quick witted' for gold 'quick-witted'" in out
    assert main(["compare", str(systems / "alpha.best"), str(systems / "beta.best"),
                 str(demo_dir / "gold"), "--samples", "100", "--league", "clean",
                 "--format", "json"]) == 0
    league = json.loads(capsys.readouterr().out)["league"]
    assert league[1]["best R"] == pytest.approx(6.0666666666666655 / 54)
    assert league[0]["best (Jabbari)"] == pytest.approx(47.958333 / 54, abs=1e-6)


def test_the_verdict_is_a_plain_sentence_with_the_p_value_as_people_write_it(
        demo_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", str(demo_dir / "systems" / "alpha.best"),
            str(demo_dir / "systems" / "beta.best"), str(demo_dir / "gold"), "--samples", "2000"]
    assert main(args) == 0
    # No sample of 2000 reaches alpha's lead: p = 1 / 2001, written as a bound.
    assert "  verdict at the 0.05 level: SYS1 is better than SYS2 (p < 0.001)\n" in \
        capsys.readouterr().out
    assert main([*args, "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["verdict"] == "system1 is better than system2 (p < 0.001)"
    assert [test["p_written"] for test in printed["tests"]] == ["p < 0.001", "p < 0.001"]


@pytest.mark.slow
def test_systems_and_gold_given_as_pipes_compare_as_files(demo_dir: Path) -> None:
    """Each input is read once: detecting a pipe's kind must not eat the start of it."""
    import shutil
    import subprocess
    import sys

    if shutil.which("bash") is None:
        pytest.skip("bash is needed for process substitution")
    command = [sys.executable, "-m", "lexsub_studio.cli.main", "compare", "--format", "json"]
    files = [demo_dir / "systems" / "alpha.oot", demo_dir / "systems" / "gamma.weighted",
             demo_dir / "gold"]
    direct = subprocess.run([*command, *map(str, files)], capture_output=True, text=True,
                            timeout=120)
    piped = subprocess.run(
        ["bash", "-c", " ".join([*command, *(f"<(cat {path})" for path in files)])],
        capture_output=True, text=True, timeout=120)
    assert direct.returncode == piped.returncode == 0, piped.stderr
    first, second = json.loads(direct.stdout), json.loads(piped.stdout)
    for key in ("kinds", "measure", "items", "figure1", "figure2"):
        assert first[key] == second[key], key


def test_json_keeps_a_systems_letters_as_every_command_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = _write(tmp_path, "gold", GOLD)
    one = _write(tmp_path, "système.best", "bright.a 1 :: clever\n")
    two = _write(tmp_path, "two.best", "bright.a 1 :: bold\n")
    assert main(["compare", one, two, gold, "--samples", "20", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert "système.best" in out and "\\u00e8" not in out
    assert json.loads(out)["system1"] == one
