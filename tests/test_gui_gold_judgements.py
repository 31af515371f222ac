"""Gold & Agreement opens judgements files: the pooled counts, the gold published to Scoring,
the agreement figures (with intervals, per annotator and per pair, unsure switchable) equal to
what ``lexsub agree`` prints, the gold and the SWORDS JSON equal to ``lexsub judge pool``'s, and
a mix of judgements and responses refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from judgement_files import DEMO_CORPUS, write_demo_judgements
from PySide6.QtWidgets import QFileDialog

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.judgements import FIGURES
from lexsub_studio.core.gold.analysis import DEFAULT_REPLICATES, DEFAULT_SEED
from lexsub_studio.core.io.drop_routing import route_dropped_files
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = pytest.mark.gui


@pytest.fixture
def workspace(qtbot, monkeypatch: pytest.MonkeyPatch) -> GoldWorkspace:
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    widget = GoldWorkspace(AppState())
    qtbot.addWidget(widget)
    widget.resize(1200, 760)
    widget.show()
    return widget


def _open(qtbot, workspace: GoldWorkspace, paths: list[Path]) -> None:
    with qtbot.waitSignal(workspace.analysis_ready, timeout=30000):
        workspace.add_files([str(path) for path in paths])


def _cli_report(paths: list[Path], capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    capsys.readouterr()
    main(["agree", *map(str, paths), "--format", "json", "--bootstrap",
          str(DEFAULT_REPLICATES), "--seed", str(DEFAULT_SEED), *extra])
    return json.loads(capsys.readouterr().out)


def _shown(workspace: GoldWorkspace) -> dict[str, dict[str, object]]:
    """Every figure the Judgements tab shows, read from its table models."""
    panel = workspace.judgements
    figures = {panel.figures_model.key(row): {
        column: panel.figures_model.value(row, column) for column in ("value", "low", "high")}
        for row in range(panel.figures_model.rowCount())}
    annotators = {panel.annotators_model.key(row): {
        column: panel.annotators_model.value(row, column)
        for column in ("judgements", "acceptable", "not-acceptable", "unsure", "pairs",
                       "pairwise_agreement", "low", "high")}
        for row in range(panel.annotators_model.rowCount())}
    pairs = {panel.pairs_model.key(row): {
        column: panel.pairs_model.value(row, column) for column in ("units", "agreement",
                                                                    "low", "high")}
        for row in range(panel.pairs_model.rowCount())}
    return {"figures": figures, "annotators": annotators, "pairs": pairs}


def _expected(cli: dict) -> dict[str, dict[str, object]]:
    figures = {name: {"value": cli[name], "low": cli["intervals"][name]["low"],
                      "high": cli["intervals"][name]["high"]} for name in FIGURES}
    annotators = {row["annotator"]: {
        "judgements": row["judgements"], "acceptable": row["acceptable"],
        "not-acceptable": row["not-acceptable"], "unsure": row["unsure"],
        "pairs": row["pairs"], "pairwise_agreement": row["pairwise_agreement"],
        "low": row["interval"]["low"], "high": row["interval"]["high"]}
        for row in cli["per_annotator"]}
    pairs = {(row["first"], row["second"]): {
        "units": row["units"], "agreement": row["agreement"],
        "low": row["interval"]["low"], "high": row["interval"]["high"]}
        for row in cli["per_pair"]}
    return {"figures": figures, "annotators": annotators, "pairs": pairs}


def test_three_judgements_files_show_the_figures_lexsub_agree_prints(
        qtbot, workspace: GoldWorkspace, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    paths = write_demo_judgements(tmp_path)
    _open(qtbot, workspace, paths)
    assert workspace.tabs.currentWidget() is workspace.judgements
    assert not workspace.tabs.isTabVisible(workspace.tabs.indexOf(workspace.summary))
    shown = _shown(workspace)
    assert shown == _expected(_cli_report(paths, capsys))
    assert len(shown["annotators"]) == 3 and len(shown["pairs"]) == 3
    # The pooled summary: every label counted by kind.
    counts = workspace.judgements.counts_label.text()
    stats = workspace.judgement_analysis.pooled.stats
    assert stats["labels"] == stats["acceptable"] + stats["not_acceptable"] + stats["unsure"]
    assert f"<b>{stats['labels']}</b> label(s): {stats['acceptable']} acceptable" in counts
    # Each figure is explained.
    table = workspace.judgements.figures_table
    table.setCurrentIndex(workspace.judgements.figures_model.index(2, 0))
    explanation = workspace.judgements.figure_explanation.text()
    assert explanation.startswith("Pairwise percent agreement = ")
    assert "Unsure counts as a category of its own." in explanation
    tip = workspace.judgements.figures_model.index(0, 0).data(3)  # ToolTipRole
    assert "observed over expected disagreement" in tip

    # unsure switched: the figures follow, as lexsub agree --unsure missing prints them.
    combo = workspace.judgements.unsure_combo
    with qtbot.waitSignal(workspace.analysis_ready, timeout=30000):
        combo.setCurrentIndex(combo.findData("missing"))
    assert workspace.judgement_analysis.request.unsure == "missing"
    assert _shown(workspace) == _expected(_cli_report(paths, capsys, "--unsure", "missing"))


def test_the_gold_is_published_and_exported_as_lexsub_judge_pool_writes_it(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    paths = write_demo_judgements(tmp_path)
    with qtbot.waitSignal(workspace.sources.corpus_changed, timeout=20000):
        workspace.set_corpus_file(str(DEMO_CORPUS))
    _open(qtbot, workspace, paths)
    prefix = tmp_path / "cli"
    assert main(["judge", "pool", *map(str, paths), "--corpus", str(DEMO_CORPUS),
                 "-o", str(prefix)]) == 0
    cli_gold = Path(f"{prefix}.gold").read_text(encoding="utf-8")
    published = workspace.state.current_gold
    assert published and [f"{item.lexelt} {item.id}" for item in published] == [
        " ".join(line.split(" ")[:2]) for line in cli_gold.splitlines()]

    exports = workspace.exports
    assert exports.export_buttons["swords"].isEnabled()
    assert not exports.export_buttons["mwgold"].isEnabled()
    for key, name in (("gold", "gui.gold"), ("swords", "gui.swords.json")):
        target = tmp_path / name
        monkeypatch.setattr(QFileDialog, "getSaveFileName",
                            lambda *a, target=target, **k: (str(target), ""))
        with qtbot.waitSignal(exports.export_finished, timeout=20000) as blocker:
            exports.export_buttons[key].click()
        assert blocker.args[0] == [str(target)]
    assert (tmp_path / "gui.gold").read_text(encoding="utf-8") == cli_gold
    assert (tmp_path / "gui.swords.json").read_bytes() == \
        Path(f"{prefix}.swords.json").read_bytes()


def test_without_a_corpus_the_swords_export_waits_for_one(qtbot, workspace: GoldWorkspace,
                                                          tmp_path: Path) -> None:
    _open(qtbot, workspace, write_demo_judgements(tmp_path))
    assert workspace.exports.export_buttons["gold"].isEnabled()
    assert not workspace.exports.export_buttons["swords"].isEnabled()
    assert "needs the corpus" in workspace.exports.export_buttons["swords"].toolTip()


def test_judgements_and_responses_are_not_pooled_together(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: errors.append(dialogs.error_text(error)))
    paths = write_demo_judgements(tmp_path)
    _open(qtbot, workspace, paths)
    responses = sorted((DEMO_CORPUS.parent / "responses").glob("*.tsv"))[:1]
    assert responses
    assert workspace.add_files([str(responses[0])]) == 0
    assert workspace.sources.paths() == [str(path.resolve()) for path in paths]
    assert len(errors) == 1
    assert "judgements files and responses files cannot be pooled together" in errors[0]
    assert responses[0].name in errors[0]


def test_judgements_dropped_on_the_window_open_in_gold_and_agreement(qtbot,
                                                                     tmp_path: Path) -> None:
    from tests.gui_support import make_window

    paths = write_demo_judgements(tmp_path)
    assert route_dropped_files([str(path) for path in paths]).files == {
        "gold": [str(path) for path in paths]}
    window = make_window(qtbot)
    gold = window.workspaces["gold"]
    assert isinstance(gold, GoldWorkspace)
    with qtbot.waitSignal(gold.analysis_ready, timeout=30000):
        window.open_dropped([str(path) for path in paths])
    assert gold.judgement_analysis is not None
    assert gold.sources.paths() == [str(path.resolve()) for path in paths]
    window.close()


def test_the_agreement_report_is_what_lexsub_agree_writes(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    paths = write_demo_judgements(tmp_path)
    _open(qtbot, workspace, paths)
    workspace.exports.anonymise_check.setChecked(True)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "report.html"), ""))
    with qtbot.waitSignal(workspace.exports.export_finished, timeout=20000) as blocker:
        workspace.export_report_action.trigger()
    assert blocker.args[0] == [str(tmp_path / "report.csv"), str(tmp_path / "report.html")]
    for fmt in ("csv", "html"):
        capsys.readouterr()
        main(["agree", *map(str, paths), "--format", fmt, "--anonymise", "--bootstrap",
              str(DEFAULT_REPLICATES), "--seed", str(DEFAULT_SEED)])
        assert (tmp_path / f"report.{fmt}").read_text(encoding="utf-8") == \
            capsys.readouterr().out


def test_help_glossary_lists_the_figures_of_judgements(qtbot,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QDialog, QTreeWidget

    from lexsub_studio.core.agreement.judgement_glossary import judgement_glossary_rows
    from tests.gui_support import make_window

    window = make_window(qtbot)
    shown: list[QDialog] = []
    monkeypatch.setattr(QDialog, "exec", lambda dialog: shown.append(dialog) or 0)
    window.findChild(type(window.window_actions.glossary_action), "actionGlossary").trigger()
    terms = shown[0].findChild(QTreeWidget, "glossaryList")
    sections = {terms.topLevelItem(index).text(0): terms.topLevelItem(index)
                for index in range(terms.topLevelItemCount())}
    heading = sections["Agreement of judgements"]
    listed = {heading.child(index).text(0) for index in range(heading.childCount())}
    for _key, label, meaning in judgement_glossary_rows():
        assert label in listed
        shown[0].terms.setCurrentItem(next(heading.child(index)
                                           for index in range(heading.childCount())
                                           if heading.child(index).text(0) == label))
        assert meaning in shown[0].definition.toPlainText()
    window.close()


def test_a_computation_of_judgements_can_be_cancelled(qtbot, workspace: GoldWorkspace,
                                                      tmp_path: Path) -> None:
    workspace.sources.replicates_spin.setValue(100000)
    workspace.add_files([str(path) for path in write_demo_judgements(tmp_path)])
    task = workspace.start_analysis()
    assert task is not None and workspace.sources.cancel_button.isVisibleTo(workspace)
    workspace.sources.cancel_button.click()
    qtbot.waitUntil(lambda: task.is_finished, timeout=20000)
    assert workspace.judgement_analysis is None
    assert workspace.sources.progress_label.text() == "Cancelled."
    assert not workspace.sources.cancel_button.isVisibleTo(workspace)
