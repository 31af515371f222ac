"""The figures of judgements explained: each label has its definition (the docs' too), "explain
this number" divides what it says, and an anonymised report is what ``lexsub agree
--anonymise`` computes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_agreement_judgements import WORKED, _votes, _write

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.judgement_export import judgement_report_dict
from lexsub_studio.core.agreement.judgement_glossary import (
    explain_judgement_figure,
    judgement_glossary_rows,
)
from lexsub_studio.core.agreement.judgements import (
    FIGURES,
    anonymise_judgement_report,
    judgement_agreement,
)
from lexsub_studio.core.agreement.terms import JUDGEMENT_TERMS, judgement_definition
from lexsub_studio.core.model.judgements import tally_judgement_files

DOCS = Path(__file__).resolve().parents[1] / "docs" / "agreement.md"


@pytest.mark.parametrize("key", sorted(JUDGEMENT_TERMS))
def test_every_judgement_term_is_in_the_docs(key: str) -> None:
    term = JUDGEMENT_TERMS[key]
    assert judgement_definition(key) == term.definition and term.definition.endswith(".")
    assert f"| {term.label} (`{key}`) | {term.definition} |" in DOCS.read_text(encoding="utf-8")


def test_the_glossary_rows_are_the_three_figures() -> None:
    assert [key for key, _, _ in judgement_glossary_rows()] == list(FIGURES)


def test_explain_divides_what_it_says_on_the_worked_example() -> None:
    report = judgement_agreement(_votes())
    assert explain_judgement_figure(report, "pairwise_agreement") == (
        "Pairwise percent agreement = 0.7000: 7 pairs of annotators gave a candidate the same "
        "label, of 10 pairs who labelled the same candidate. Unsure counts as a category of its "
        "own.")
    alpha = explain_judgement_figure(report, "alpha")
    assert alpha.startswith("Krippendorff's alpha (nominal) = 0.5588, from 4 candidate(s) with "
                            "two labels or more, of 4 candidates and 11 labels; categories: "
                            "acceptable, not-acceptable, unsure.")
    missing = judgement_agreement(_votes(), unsure="missing")
    assert explain_judgement_figure(missing, "pairwise_agreement").startswith(
        "Pairwise percent agreement = 0.8750: 7 pairs of annotators gave a candidate the same "
        "label, of 8 pairs")
    assert "a missing value" in explain_judgement_figure(missing, "fleiss_kappa")


def test_an_undefined_figure_says_why() -> None:
    lonely = tally_judgement_files([("a", [row for row in _votes_rows() if row.annotator == "A"])])
    report = judgement_agreement(lonely)
    assert "is undefined: no two annotators labelled the same candidate" in \
        explain_judgement_figure(report, "pairwise_agreement")


def _votes_rows():
    from lexsub_studio.core.model.judgements import JudgementRow

    return [JudgementRow("bright.a", item, annotator, candidate, label)
            for annotator, item, candidate, label in WORKED]


def test_the_anonymised_report_is_what_lexsub_agree_anonymise_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _write(tmp_path)
    capsys.readouterr()
    assert main(["agree", *paths, "--format", "json", "--anonymise", "--bootstrap", "30",
                 "--seed", "4"]) == 0
    expected = json.loads(capsys.readouterr().out)
    report = judgement_agreement(_votes(), bootstrap=30, seed=4)
    assert judgement_report_dict(anonymise_judgement_report(report)) == expected
