"""Agreement figures explained: every label has its definition (the docs' too), "explain this
number" divides what it says it divides, notes appear where a value needs care, and the
breakdowns do what their names say."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.glossary import explain_figure, explain_item, figure_notes
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import FIGURES, compute_agreement
from lexsub_studio.core.agreement.report_html import report_html
from lexsub_studio.core.agreement.terms import COLUMN_TERMS, FIGURE_TERMS, definition, label
from lexsub_studio.core.model.data import ResponseRow

DOCS = Path(__file__).resolve().parents[1] / "docs" / "agreement.md"


def _row(name: str, item: str, *subs: str, multiword: str = "") -> ResponseRow:
    return ResponseRow("bright.a", item, name, tuple(subs), multiword=multiword)


def _small_report():
    rows = [
        _row("ann", "1", "clever", "smart"), _row("bob", "1", "clever", "smart"),
        _row("ann", "2", "vivid"), _row("bob", "2", "vivid", "bold"),
        _row("ann", "3", "shiny"), _row("bob", "3", "glossy"),
    ]
    return compute_agreement(pool_responses([ResponseSource("r.tsv", rows)]))


@pytest.mark.parametrize("key", FIGURES)
def test_every_figure_has_a_label_and_a_definition_the_docs_share(key: str) -> None:
    term = FIGURE_TERMS[key]
    assert term.label != key and label(key) == term.label
    assert definition(key) == term.definition and term.definition.endswith(".")
    assert f"| {term.label} (`{key}`) | {term.definition} |" in DOCS.read_text(encoding="utf-8")


@pytest.mark.parametrize("key", sorted(COLUMN_TERMS))
def test_every_column_label_is_in_the_docs(key: str) -> None:
    term = COLUMN_TERMS[key]
    assert f"| {term.label} (`{key}`) | {term.definition} |" in DOCS.read_text(encoding="utf-8")


def test_explain_divides_what_it_says() -> None:
    report = _small_report()
    # Pair scores: item 1 equal sets 1, item 2 {vivid}/{vivid, bold} 1/2, item 3 disjoint 0.
    assert report.figures["pairwise_agreement"] == pytest.approx(0.5)
    assert explain_figure(report, "pairwise_agreement") == (
        "Pairwise agreement = 0.5000: the sum of 3 pair scores, 1.5, divided by 3 annotator "
        "pairs.")
    # Mode: only item 2 has one (vivid 2, bold 1); both answers contain it.
    assert explain_figure(report, "mode_agreement") == (
        "Mode agreement = 1.0000: 2 answers containing the mode / 2 answers checked against "
        "the mode.")
    assert "undefined" in explain_figure(report, "mw_string_agreement")
    assert explain_item(report, 1) == (
        "bright.a 2: 3 substitute(s) pooled; 1 pair score(s) summing to 0.5, mean 0.5000; "
        "mode 'vivid', in 2 of 2 answer(s).")


def test_a_negative_kappa_beside_high_identification_gets_a_note() -> None:
    # 20 items where neither marks a multiword, 2 where one of the two does: identification
    # agreement 20/22, kappa (20/22 - P_e) / (1 - P_e) with p = 2/44, just below 0.
    rows = []
    for item in range(22):
        marked = "take off" if item < 2 else ""
        rows += [_row("ann", str(item), "a", "b", multiword=marked), _row("bob", str(item), "a")]
    report = compute_agreement(pool_responses([ResponseSource("r.tsv", rows)]))
    p = 2 / 44
    chance = p * p + (1 - p) * (1 - p)
    assert report.figures["fleiss_kappa_mw"] == pytest.approx((20 / 22 - chance) / (1 - chance))
    assert report.figures["fleiss_kappa_mw"] < 0
    notes = figure_notes(report)
    assert any("below 0" in note and "most pairs agree that there is no multiword" in note
               for note in notes)
    assert not figure_notes(_small_report()) or all("below 0" not in note
                                                    for note in figure_notes(_small_report()))


def test_few_items_with_a_mode_get_a_note() -> None:
    notes = figure_notes(_small_report())
    assert any("Only 1 item(s) have a mode" in note for note in notes)


def test_the_table_and_the_page_speak_in_labels(demo_dir: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(path) for path in sorted((demo_dir / "responses").glob("*.tsv"))]
    assert main(["agree", *files]) == 0
    plain = capsys.readouterr().out
    assert "Krippendorff's alpha (MASI)" in plain and "alpha_masi" not in plain
    assert main(["agree", *files, "--by", "annotator"]) == 0
    by_annotator = capsys.readouterr().out
    assert by_annotator != plain
    assert "Each annotator against the others" in by_annotator
    assert "Each annotator against the others" not in plain
    assert "Mode agreement (leave one out)" in by_annotator.split("against the others")[1]
    page = report_html(compute_agreement(pool_responses(
        [ResponseSource("r.tsv", [_row("ann", "1", "a"), _row("bob", "1", "a", "b")])])))
    assert f'title="{FIGURE_TERMS["alpha_masi"].definition.replace(chr(39), "&#x27;")}"' in page
    assert "<h2>Glossary</h2>" in page
