"""The agreement report says what it rests on (which files, when, which version of LexSub
Studio, whether curation decisions changed the figures), draws the agreement chart inline, and
every file an export writes is named: by the GUI's message, the page itself and the CLI."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from test_gui_gold_workspace import add_and_wait, exported, write_variants

from lexsub_studio import __version__
from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.agreement.report_about import ReportAbout
from lexsub_studio.core.agreement.report_html import report_html
from lexsub_studio.core.gold.assembly import build_gold_from_files
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.workspace import GoldWorkspace

DEMO_RESPONSES = sorted((Path(__file__).resolve().parent.parent / "data" / "demo"
                         / "responses").glob("*.tsv"))


def test_the_page_says_which_files_when_which_version_and_draws_the_chart() -> None:
    assembly, _ = build_gold_from_files(DEMO_RESPONSES)
    about = ReportAbout(tuple(map(str, DEMO_RESPONSES)), merges=2, rewritten=5,
                        written_at=datetime(2026, 3, 1, 9, 30, tzinfo=UTC),
                        companions=("/tmp/agreement.csv",))
    page = report_html(compute_agreement(assembly.pooled), about=about)
    assert "About this report" in page
    assert all(str(path) in page for path in DEMO_RESPONSES)
    assert "Written 2026-03-01 09:30:00 UTC by LexSub Studio " + __version__ in page
    assert "Curation decisions changed the figures: 2 accepted merge(s) rewrote 5 answer(s)" \
        in page
    assert "Written with this page: agreement.csv." in page
    assert re.search(r"<figure class=\"chart\">\s*<svg", page)
    # The same report gives the same page (no random ids, no date inside the chart).
    assert report_html(compute_agreement(assembly.pooled), about=about) == page


def test_curation_sentence_says_whether_decisions_changed_anything() -> None:
    def sentence(merges: int, rewritten: int) -> str:
        return ReportAbout(("a.tsv",), merges, rewritten).curation_sentence()

    assert sentence(0, 0).startswith("No curation decision was applied")
    assert sentence(3, 0).startswith("3 accepted merge(s) applied, none of which rewrote")
    assert sentence(1, 4).startswith("Curation decisions changed the figures")


def test_anonymised_pages_withhold_the_files_names() -> None:
    about = ReportAbout(("/data/ann.tsv", "/data/bob.tsv"), 0, 0, anonymised=True)
    assert about.file_lines() == ["2 responses file(s); their names are withheld, as the "
                                  "annotators' are (the report is anonymised)"]


def test_lexsub_agree_html_says_what_it_rests_on_and_names_the_file_it_wrote(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "agreement.html"
    assert main(["agree", *map(str, DEMO_RESPONSES), "--format", "html", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    page = out.read_text(encoding="utf-8")
    assert all(str(path) in page for path in DEMO_RESPONSES)
    assert f"by LexSub Studio {__version__}" in page
    assert "No curation decision was applied" in page
    assert "<svg" in page
    # A merge map is a curation decision: the page says the figures changed.
    first = DEMO_RESPONSES[0].read_text(encoding="utf-8").splitlines()
    answer = next(line.split("\t")[3] for line in first[2:] if line.split("\t")[3])
    merge_map = tmp_path / "merges.tsv"
    merge_map.write_text(f"{answer}\tsomething else entirely\n", encoding="utf-8")
    assert main(["agree", *map(str, DEMO_RESPONSES), "--map", str(merge_map), "--format",
                 "html", "-o", str(out)]) == 0
    assert "Curation decisions changed the figures: 1 accepted merge(s)" in out.read_text(
        encoding="utf-8")


@pytest.mark.slow
@pytest.mark.gui
def test_the_gui_export_names_both_files_and_the_page_its_csv_and_curation(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    workspace = GoldWorkspace(AppState())
    qtbot.addWidget(workspace)
    workspace.show()
    paths = write_variants(tmp_path)
    add_and_wait(qtbot, workspace, paths)
    workspace.merges.merge_table.selectRow(0)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.merges.accept_button.click()
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(out / "agreement.html"), ""))
    messages: list[str] = []
    workspace.exports.status_message.connect(messages.append)
    written = exported(qtbot, workspace.exports.export_report)
    assert written == [str(out / "agreement.csv"), str(out / "agreement.html")]
    assert any(str(out / "agreement.csv") in text and str(out / "agreement.html") in text
               for text in messages), messages
    page = (out / "agreement.html").read_text(encoding="utf-8")
    assert all(str(path) in page for path in paths)
    assert "Written with this page: agreement.csv." in page
    # color -> colour rewrote bob's answer.
    assert "Curation decisions changed the figures: 1 accepted merge(s) rewrote 1 answer(s)" \
        in page
    assert "<svg" in page
