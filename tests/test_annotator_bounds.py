"""How many annotators a package set or a campaign takes, by number or by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.plan import MAX_ANNOTATORS, parse_annotators


def test_the_bound_holds_for_numbers_and_for_lists_of_names() -> None:
    assert len(parse_annotators(str(MAX_ANNOTATORS))) == MAX_ANNOTATORS
    with pytest.raises(ValueError, match=f"at most {MAX_ANNOTATORS:,}"):
        parse_annotators(str(MAX_ANNOTATORS + 1))
    names = ",".join(f"person{number}" for number in range(MAX_ANNOTATORS + 1))
    with pytest.raises(ValueError, match=f"at most {MAX_ANNOTATORS:,} annotators"):
        parse_annotators(names)
    assert len(parse_annotators(names.rsplit(",", 1)[0])) == MAX_ANNOTATORS


@pytest.mark.parametrize("command", [
    ["packages", "make", "CORPUS", "-o", "OUT", "--per-instance", "2", "--seed", "1"],
    ["campaign", "assign", "postgresql://nobody@127.0.0.1:1/none", "--campaign", "c",
     "--per-instance", "2", "--seed", "1"],
])
def test_a_hundred_thousand_annotators_are_refused_before_any_work(
        command: list[str], demo_dir: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(demo_dir / "demo.xml") if part == "CORPUS" else
            str(tmp_path / "out") if part == "OUT" else part for part in command]
    assert main([*argv, "--annotators", "100000"]) == 2
    assert f"at most {MAX_ANNOTATORS:,}" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
