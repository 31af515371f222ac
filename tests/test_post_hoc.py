"""Post-hoc scoring: the share of a system's answers judged acceptable by majority, the tie
rule, unjudged answers counted apart, oot's first ten, and ``lexsub score --judgements`` in
every output format."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.model.judgements import JudgementRow, tally_judgement_files
from lexsub_studio.core.scoring.report.post_hoc import post_hoc_score

HEADER = "# lexsub-judgements 1\nlexelt\tid\tannotator\tcandidate\tlabel\tseconds\n"
#: candidate -> the labels of ann, bob, cy, dan (None: not judged by that annotator).
LABELS = {
    "clever": ("acceptable", "acceptable", "not-acceptable", None),   # 2 of 3: acceptable
    "smart": ("acceptable", "not-acceptable", None, None),            # 1 of 2: a tie, not
    "keen": ("acceptable", "unsure", None, None),                     # unsure is not acceptable
    "shiny": ("not-acceptable", "not-acceptable", "acceptable", None),
    "able": ("acceptable", "acceptable", "unsure", "not-acceptable"),  # 2 of 4: a tie
}


def _votes():
    files = []
    for index, annotator in enumerate(("ann", "bob", "cy", "dan")):
        files.append((annotator, [JudgementRow("bright.a", "1", annotator, word, labels[index])
                                  for word, labels in LABELS.items() if labels[index]]))
    return tally_judgement_files(files)


def test_majority_ties_and_unjudged_answers() -> None:
    answers = [SystemAnswer("bright.a", "1", ["Clever", "smart", "keen", "shiny", "able",
                                              "witty", "clever"])]
    result = post_hoc_score(answers, _votes(), "best")
    # clever counts once; witty nobody judged.
    assert (result.items, result.answers, result.judged, result.unjudged,
            result.acceptable) == (1, 6, 5, 1, 1)
    assert result.share == pytest.approx(1 / 5)
    assert result.unjudged_examples == ["bright.a 1: witty"]


def test_oot_takes_the_first_ten_answers() -> None:
    answers = [SystemAnswer("bright.a", "1", [f"w{n}" for n in range(10)] + ["clever"])]
    result = post_hoc_score(answers, _votes(), "oot")
    assert (result.answers, result.judged, result.acceptable) == (10, 0, 0)
    assert result.share is None
    assert post_hoc_score(answers, _votes(), "best").acceptable == 1


def _files(tmp_path: Path) -> tuple[str, str, list[str]]:
    gold = tmp_path / "gold"
    gold.write_text("bright.a 1 :: clever 3;smart 1;\n", encoding="utf-8")
    system = tmp_path / "sys.best"
    system.write_text("bright.a 1 :: clever;witty\n", encoding="utf-8")
    paths = []
    for index, annotator in enumerate(("ann", "bob", "cy", "dan")):
        path = tmp_path / f"{annotator}.tsv"
        path.write_text(HEADER + "".join(
            f"bright.a\t1\t{annotator}\t{word}\t{labels[index]}\t\n"
            for word, labels in LABELS.items() if labels[index]), encoding="utf-8")
        paths.append(str(path))
    return str(system), str(gold), paths


def test_lexsub_score_prints_the_post_hoc_figures_beside_the_clean_ones(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    system, gold, paths = _files(tmp_path)
    assert main(["score", system, gold, "--judgements", *paths]) == 0
    captured = capsys.readouterr()
    assert "best precision" in captured.out
    assert "post-hoc best acceptable  1.000          1            1" in captured.out
    assert "post-hoc best judged      0.500          1            2" in captured.out
    assert "  bright.a 1: witty" in captured.out
    assert "1 of the system's 2 answers were judged by nobody" in captured.err


@pytest.mark.parametrize("fmt", ["json", "csv", "markdown", "latex"])
def test_every_format_carries_the_post_hoc_figures(tmp_path: Path, fmt: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    system, gold, paths = _files(tmp_path)
    assert main(["score", system, gold, "--judgements", *paths, "--format", fmt]) == 0
    out = capsys.readouterr().out
    if fmt == "json":
        data = json.loads(out)
        assert data["figures"]["best.precision"]["value"] is not None
        assert data["post_hoc"]["share"] == 1.0 and data["post_hoc"]["unjudged"] == 1
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(out.split("\n\n")[-1])))
        assert rows[1][:5] == ["all", "all", "post_hoc.best", "post-hoc best acceptable", "1.0"]
    else:
        assert "post-hoc best acceptable" in out


def test_a_weighted_or_mw_file_is_refused(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    _, gold, paths = _files(tmp_path)
    weighted = tmp_path / "sys.weighted"
    weighted.write_text("bright.a 1 clever/0.5 witty/0.5\n", encoding="utf-8")
    assert main(["score", str(weighted), gold, "--judgements", *paths]) == 2
    assert "--judgements scores best or oot answers" in capsys.readouterr().err
