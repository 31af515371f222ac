"""Agreement of judgements: the worked example of docs/agreement.md computed by hand, the three
ways unsure counts, properties, the bootstrap and ``lexsub agree`` on judgements files."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.judgements import judgement_agreement
from lexsub_studio.core.model.judgements import LABELS, JudgementRow, tally_judgement_files

#: docs/agreement.md, "Agreement of judgements": three annotators, two items, four candidates.
WORKED = [("A", "1", "clever", "acceptable"), ("B", "1", "clever", "acceptable"),
          ("C", "1", "clever", "acceptable"),
          ("A", "1", "smart", "acceptable"), ("B", "1", "smart", "not-acceptable"),
          ("C", "1", "smart", "unsure"),
          ("A", "1", "shiny", "not-acceptable"), ("B", "1", "shiny", "not-acceptable"),
          ("C", "1", "shiny", "not-acceptable"),
          ("A", "2", "vivid", "acceptable"), ("B", "2", "vivid", "acceptable")]
HEADER = "# lexsub-judgements 1\nlexelt\tid\tannotator\tcandidate\tlabel\tseconds\n"


def _votes(judged=WORKED):
    files: dict[str, list[JudgementRow]] = {}
    for annotator, item_id, candidate, label in judged:
        files.setdefault(annotator, []).append(
            JudgementRow("bright.a", item_id, annotator, candidate, label))
    return tally_judgement_files(files.items())


def _exact(value: float | None, fraction: Fraction) -> None:
    assert value == pytest.approx(float(fraction), abs=1e-12)


def test_the_worked_example_unsure_as_a_category() -> None:
    report = judgement_agreement(_votes())
    _exact(report.figures["alpha"], Fraction(19, 34))
    _exact(report.figures["fleiss_kappa"], Fraction(151, 272))
    _exact(report.figures["pairwise_agreement"], Fraction(7, 10))
    assert report.counts == {"items": 2, "units": 4, "units_with_two_labels": 4, "labels": 11,
                             "annotators": 3, "pairs": 10}
    pairs = {(row["first"], row["second"]): (row["units"], row["agreement"])
             for row in report.per_pair}
    assert pairs == {("A", "B"): (4, 0.75), ("A", "C"): (3, pytest.approx(2 / 3)),
                     ("B", "C"): (3, pytest.approx(2 / 3))}
    by_annotator = {row["annotator"]: (row["pairs"], row["pairwise_agreement"])
                    for row in report.per_annotator}
    assert by_annotator == {"A": (7, pytest.approx(5 / 7)), "B": (7, pytest.approx(5 / 7)),
                            "C": (6, pytest.approx(4 / 6))}


def test_the_worked_example_unsure_as_missing_and_as_not_acceptable() -> None:
    missing = judgement_agreement(_votes(), unsure="missing")
    _exact(missing.figures["alpha"], Fraction(5, 8))
    _exact(missing.figures["pairwise_agreement"], Fraction(7, 8))
    assert missing.categories == ("acceptable", "not-acceptable")
    merged = judgement_agreement(_votes(), unsure="not-acceptable")
    _exact(merged.figures["alpha"], Fraction(2, 3))
    _exact(merged.figures["pairwise_agreement"], Fraction(8, 10))


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unsure"):
        judgement_agreement(_votes(), unsure="half")


judgement_sets = st.lists(
    st.tuples(st.sampled_from(["A", "B", "C", "D"]), st.sampled_from(["1", "2", "3"]),
              st.sampled_from(["w1", "w2", "w3"]), st.sampled_from(LABELS)),
    min_size=2, max_size=40)


@settings(deadline=None, max_examples=60)
@given(judgement_sets)
def test_alpha_kappa_and_agreement_ignore_the_order_and_names_of_annotators(judged) -> None:
    # One label per annotator and candidate (a repeat counts once, the first), then any order.
    judged = list({(a, i, c): (a, i, c, label) for a, i, c, label in reversed(judged)}.values())
    first = judgement_agreement(_votes(judged))
    renamed = [({"A": "zed", "B": "amy", "C": "kim", "D": "bo"}[a], i, c, label)
               for a, i, c, label in reversed(judged)]
    second = judgement_agreement(_votes(renamed))
    for name in ("alpha", "fleiss_kappa", "pairwise_agreement"):
        if first.figures[name] is None:
            assert second.figures[name] is None
        else:
            assert second.figures[name] == pytest.approx(first.figures[name], abs=1e-9)


@settings(deadline=None, max_examples=60)
@given(st.lists(st.tuples(st.sampled_from(["1", "2", "3"]), st.sampled_from(["w1", "w2"]),
                          st.sampled_from(LABELS)), min_size=1, max_size=12),
       st.integers(min_value=2, max_value=4))
def test_perfect_agreement_gives_one(units, annotators: int) -> None:
    labels = {(item_id, candidate): label for item_id, candidate, label in units}
    judged = [(name, item_id, candidate, label) for (item_id, candidate), label in labels.items()
              for name in "ABCD"[:annotators]]
    report = judgement_agreement(_votes(judged))
    assert report.figures["pairwise_agreement"] == 1.0
    if len(set(labels.values())) > 1:
        assert report.figures["alpha"] == pytest.approx(1.0)
        assert report.figures["fleiss_kappa"] == pytest.approx(1.0)
    else:  # one label everywhere: no disagreement can be expected, alpha is undefined
        assert report.figures["alpha"] is None


@settings(deadline=None, max_examples=40)
@given(judgement_sets)
def test_figures_stay_in_their_range(judged) -> None:
    report = judgement_agreement(_votes(judged))
    value = report.figures["pairwise_agreement"]
    assert value is None or 0.0 <= value <= 1.0
    alpha = report.figures["alpha"]
    assert alpha is None or alpha <= 1.0 + 1e-12


def test_the_bootstrap_draws_items_and_a_seed_repeats_it() -> None:
    first = judgement_agreement(_votes(), bootstrap=300, seed=4)
    again = judgement_agreement(_votes(), bootstrap=300, seed=4)
    assert first.intervals == again.intervals
    interval = first.intervals["pairwise_agreement"]
    assert interval.replicates == 300
    # Two items: a replicate holds item 1 twice (6/9), item 2 twice (1/1) or both (7/10).
    assert 6 / 9 - 1e-12 <= interval.low <= interval.high <= 1.0
    assert "pair\tA\tB" in first.intervals and "annotator\tC" in first.intervals


def _write(tmp_path: Path) -> list[str]:
    paths = []
    for annotator in "ABC":
        path = tmp_path / f"{annotator}.tsv"
        path.write_text(HEADER + "".join(
            f"bright.a\t{item_id}\t{a}\t{candidate}\t{label}\t\n"
            for a, item_id, candidate, label in WORKED if a == annotator), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_lexsub_agree_detects_judgements_files(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    paths = _write(tmp_path)
    assert main(["agree", *paths]) == 0
    out = capsys.readouterr().out
    assert "Krippendorff's alpha (nominal)  0.5588" in out
    assert "pairwise percent agreement      0.7000" in out
    assert main(["agree", *paths, "--format", "json", "--unsure", "missing"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "judgements" and data["unsure"] == "missing"
    assert data["pairwise_agreement"] == 0.875
    assert main(["agree", *paths, "--format", "csv", "--bootstrap", "50", "--seed", "1"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out.split("\n\n")[0])))
    assert rows[0] == ["figure", "value", "95% interval"]
    assert main(["agree", *paths, "--format", "html", "--anonymise"]) == 0
    page = capsys.readouterr().out
    assert "<td>A1 / A2</td>" in page and "Fleiss" in page


def test_lexsub_agree_refuses_a_mix_and_responses_options(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    paths = _write(tmp_path)
    responses = tmp_path / "r.tsv"
    responses.write_text(
        "# lexsub-responses 1\n"
        "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name\tcomment\tseconds\n",
        encoding="utf-8")
    assert main(["agree", paths[0], str(responses)]) == 2
    assert "mix judgements and responses" in capsys.readouterr().err
    assert main(["agree", *paths, "--by", "pos"]) == 2
    assert main(["agree", str(responses), "--unsure", "missing"]) == 2
