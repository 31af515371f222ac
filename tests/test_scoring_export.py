"""League tables, breakdowns, their CSV / LaTeX / Markdown / HTML export, and the plots."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.present import plots
from lexsub_studio.core.scoring.compare.league import breakdown_table, league_table
from lexsub_studio.core.scoring.compare.significance import item_scores_from_reports
from lexsub_studio.core.scoring.compare.system_scores import SystemScores, official_figures
from lexsub_studio.core.scoring.official.scorer import run_official
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score
from lexsub_studio.core.scoring.report.tables import (
    html_report,
    to_csv,
    to_latex,
    to_markdown,
    write_table,
)

GOLD = ("bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\n"
        "take.v 3 :: grab 2;seize 1;\n")
A_BEST = "bright.a 1 :: clever\nbright.a 2 :: bold;red\ntake.v 3 :: grab\n"
B_BEST = "bright.a 1 :: smart\ntake.v 3 :: hold\n"
A_OOT = "bright.a 1 ::: clever;smart\nbright.a 2 ::: vivid\ntake.v 3 ::: hold;grab\n"


def _system(name: str, text: str, kind: str) -> SystemScores:
    gold = parse_gold_text(GOLD).items
    answers = parse_system_text(text, kind).answers
    report = score(answers, gold, ScoreOptions(kind=kind, families=("official", "jabbari",
                                                                      "ranking")),
                   system_name=name)
    run = run_official(text.encode(), GOLD.encode(), task=kind)
    return SystemScores(name, kind, report, official_figures(run))


@pytest.fixture()
def systems() -> list[SystemScores]:
    return [_system("A", A_BEST, "best"), _system("B", B_BEST, "best"),
            _system("C", A_OOT, "oot")]


def test_league_table_clean_and_official(systems: list[SystemScores]) -> None:
    clean = league_table(systems, "clean")
    assert clean.header[:4] == ["system", "kind", "best P", "best R"]
    row_a = dict(zip(clean.keys, clean.rows[0], strict=True))
    # A: item 1 clever 3/4 = 0.75; item 2 bold 2/4 = 0.5 over 2 answers = 0.25; item 3
    # grab 2/3 = 0.667. Sum 1.6667 over 3 attempted = 0.5556.
    assert row_a["best.precision"] == pytest.approx((0.75 + 0.25 + 2 / 3) / 3)
    # B answered 2 of 3 items: smart 1/4 = 0.25, hold 0: P = 0.25 / 2, R = 0.25 / 3.
    row_b = dict(zip(clean.keys, clean.rows[1], strict=True))
    assert row_b["best.precision"] == pytest.approx(0.125)
    assert row_b["best.recall"] == pytest.approx(0.25 / 3)
    assert row_b["oot.recall"] is None  # a best file has no oot figures
    # C (oot): 1 + 0.5 + 2/3 over 3 items.
    row_c = dict(zip(clean.keys, clean.rows[2], strict=True))
    assert row_c["oot.recall"] == pytest.approx((1 + 0.5 + 2 / 3) / 3)
    assert "ranking.gap" in clean.keys
    official = league_table(systems, "official")
    assert set(official.keys) - {None} == {
        "best.precision", "best.recall", "best.mode_precision", "best.mode_recall",
        "oot.precision", "oot.recall", "oot.mode_precision", "oot.mode_recall"}
    official_b = dict(zip(official.keys, official.rows[1], strict=True))
    assert official_b["best.precision"] == pytest.approx(0.125)


def test_breakdown_per_pos(systems: list[SystemScores]) -> None:
    table = breakdown_table(systems, "pos", "best.recall")
    assert table.header == ["PoS", "A", "B"]
    # Adjectives (items 1, 2): A (0.75 + 0.25) / 2 = 0.5, B 0.25 / 2; verbs: A 2/3, B 0.
    assert table.rows[0][0] == "a" and table.rows[0][1:] == pytest.approx([0.5, 0.125])
    assert table.rows[1][0] == "v" and table.rows[1][1:] == pytest.approx([2 / 3, 0.0])


def test_csv_latex_markdown(systems: list[SystemScores]) -> None:
    table = league_table(systems[:2], "clean")
    parsed = list(csv.reader(io.StringIO(to_csv(table))))
    assert parsed[0][:3] == ["system", "kind", "best P"]
    assert float(parsed[2][2]) == pytest.approx(0.125)
    latex = to_latex(table)
    assert "\\begin{tabular}{llrrrrrr}" in latex and "\\toprule" in latex
    # A's precision 0.556 beats B's 0.125: bold.
    assert "\\textbf{0.556}" in latex and "0.125 &" in latex
    markdown = to_markdown(table)
    assert "| system | kind | best P |" in markdown
    assert "|---|---|---:|" in markdown
    assert "| B | best | 0.125 |" in markdown


def test_latex_escapes_names() -> None:
    from lexsub_studio.core.scoring.report.tables import Table

    table = Table("t", ["system", "x"], [["my_sys&co", 0.5]], [None, "k"])
    assert "my\\_sys\\&co & 0.500" in to_latex(table)


def test_write_table_by_suffix(tmp_path: Path, systems: list[SystemScores]) -> None:
    table = league_table(systems, "clean")
    written = write_table(table, tmp_path / "league.md")
    assert written.read_text(encoding="utf-8").startswith("**League table (clean)**")
    with pytest.raises(ValueError, match="suffix"):
        write_table(table, tmp_path / "league.xyz")


def test_html_report_is_self_contained(systems: list[SystemScores]) -> None:
    reports = {s.name: s.report for s in systems if s.report is not None}
    figure = plots.top_n_f_figure(plots.top_n_from_reports(reports))
    page = html_report("Demo", [league_table(systems)], [("Top-n F", figure)],
                       notes={"Warnings of A": ["Case variants: 1 answers."]})
    assert page.startswith("<!DOCTYPE html>")
    assert 'src="data:image/png;base64,' in page
    assert "http" not in page.replace("http://www.w3.org", "")  # nothing fetched
    assert "<li>Case variants: 1 answers.</li>" in page
    svg_page = html_report("Demo", [], [("Top-n F", figure)], image_format="svg")
    assert "<svg" in svg_page and "<?xml" not in svg_page


def test_plot_helpers_take_numbers_from_the_reports(systems: list[SystemScores]) -> None:
    reports = {s.name: s.report for s in systems if s.report is not None}
    curves = plots.top_n_from_reports(reports)
    assert list(curves) == ["C"]  # only the oot system has top-n F
    assert len(curves["C"]) == 10
    per_pos = plots.pos_from_reports(reports, "best.recall")
    assert per_pos["A"]["a"] == pytest.approx(0.5)
    scores = item_scores_from_reports(reports, "best.recall")
    assert scores["A"].tolist() == pytest.approx([0.75, 0.25, 2 / 3])
    # Bins of 0.1: 0.25 in [0.2, 0.3), 0.667 in [0.6, 0.7), 0.75 in [0.7, 0.8); 1.0 in the last.
    assert plots.item_histogram([0.75, 0.25, 2 / 3, 1.0]) == [0, 0, 1, 0, 0, 0, 1, 1, 0, 1]


@pytest.mark.parametrize("suffix", plots.EXPORT_FORMATS)
def test_plots_save_as_png_svg_pdf(tmp_path: Path, systems: list[SystemScores],
                                   suffix: str) -> None:
    reports = {s.name: s.report for s in systems if s.report is not None}
    figure = plots.pos_bars_figure(plots.pos_from_reports(reports, "best.recall"), "best R")
    path = plots.save_figure(figure, tmp_path / f"plot.{suffix}")
    head = path.read_bytes()[:8]
    assert {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[suffix] in head
    with pytest.raises(ValueError, match="cannot export"):
        plots.save_figure(figure, tmp_path / "plot.gif")


def test_empty_plots_say_why() -> None:
    figure = plots.top_n_f_figure({})
    texts = [t.get_text() for axes in figure.axes for t in axes.texts]
    assert texts == ["Top-n coverage F needs an oot or weighted system."]
    distribution = plots.distribution_figure({"A": [0.1, 0.95]}, "best R")
    assert distribution.axes[0].get_title() == "Distribution of per-item best R"


def test_group_values_agree_with_the_reports_own_groups(systems: list[SystemScores]) -> None:
    from lexsub_studio.core.scoring.compare.league import group_values

    for system in systems:
        report = system.report
        assert report is not None
        for by in ("pos", "lexelt"):
            for key in report.figures:
                expected = {group: figures[key].value
                            for group, figures in report.group_figures(by).items()}
                assert group_values(report, by, key) == pytest.approx(expected)
