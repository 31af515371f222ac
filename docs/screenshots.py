"""Render the screenshots of the README and the docs into docs/img/ (offscreen, no display).

    python docs/screenshots.py [FOLDER]     (or `make screenshots`; FOLDER defaults to docs/img)

Uses a scratch LEXSUB_STUDIO_HOME, so the user's settings and stores are not touched, and opens
the demo lesson as File › Open the demo lesson does (the corpus in Annotate, the responses in Gold
& Agreement, the gold and the systems in Scoring), so the pictures show what a new user sees.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent / "img"
SIZE = (1280, 800)


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    out = Path(arguments[0]) if arguments else OUT
    os.environ["LEXSUB_STUDIO_HOME"] = tempfile.mkdtemp(prefix="lexsub-shots-")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtWidgets import QApplication, QWidget

    from lexsub_studio.gui import dialogs, settings
    from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace
    from lexsub_studio.gui.app import create_application
    from lexsub_studio.gui.main_window import MainWindow
    from lexsub_studio.paths import demo_corpus

    app = create_application([sys.argv[0]])
    store = settings.app_settings()
    store.setValue(settings.ANNOTATOR_NAME, "amira")
    store.sync()
    dialogs.show_problems = lambda *args: None
    out.mkdir(parents=True, exist_ok=True)

    def settle() -> None:
        for _ in range(5):
            app.processEvents()
            time.sleep(0.02)

    def save(widget: QWidget, name: str) -> None:
        settle()
        path = out / f"{name}.png"
        widget.grab().save(str(path))
        print(f"wrote {path}")

    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    save(window, "start")

    from collections.abc import Callable

    from lexsub_studio.gui.gold.workspace import GoldWorkspace
    from lexsub_studio.gui.scoring.workspace import ScoringWorkspace
    from lexsub_studio.paths import demo_lesson

    def wait_until(done: Callable[[], bool]) -> None:
        while not done():
            app.processEvents()
            time.sleep(0.01)

    # The demo lesson, as File › Open the demo lesson opens it: every workspace is shown below
    # with what the lesson loaded into it.
    opened: list[bool] = []
    window.session_opened.connect(lambda: opened.append(True))
    window.open_failed.connect(lambda text: (print("cannot open the demo:", text),
                                             sys.exit(1)))
    lesson = demo_lesson()
    window.open_demo()
    gold = window.workspaces["gold"]
    scoring = window.workspaces["scoring"]
    assert isinstance(gold, GoldWorkspace) and isinstance(scoring, ScoringWorkspace)
    lesson_systems = {str(path) for path in lesson.systems}
    wait_until(lambda: bool(opened) and gold.analysis is not None
               and gold.analysis.request.corpus is not None
               and scoring.gold is not None and scoring.gold.path == str(lesson.gold)
               and scoring.task is None and scoring.check_task is None
               and {str(system.path) for system in scoring.systems} == lesson_systems)
    workspace = window.workspaces["annotate"]
    assert isinstance(workspace, AnnotateWorkspace)
    work = workspace.work
    assert work is not None
    # A few answers given, so the list shows statuses and the status bar shows progress.
    for index, substitutes in ((0, ["clever", "intelligent"]), (1, ["vivid", "strong"]),
                               (2, ["hopeful", "promising"])):
        workspace.show_instance(index)
        for edit, text in zip(workspace.editor.form.sub_edits, substitutes, strict=False):
            edit.setText(text)
        workspace.commit_form()
    workspace.show_instance(3)
    workspace.editor.form.sub_edits[0].setText("sunny")
    workspace.editor.form.sub_edits[1].setText("clearer")  # an inflected form: a lemma is offered
    workspace.editor.form.update_checks()
    save(window, "annotate")

    dialog = dialogs.build_summary_dialog(window, work.progress(), False)
    dialog.show()
    save(dialog, "summary")
    dialog.close()
    shortcuts = dialogs.build_shortcuts_dialog(window, window.all_actions())
    shortcuts.show()
    save(shortcuts, "shortcuts")
    shortcuts.close()

    # Gold & Agreement: the lesson's five annotators pooled; the summary, then one pair's items.
    window.show_workspace("gold")
    guidelines_shown = window.guidelines_dock.isVisible()
    window.guidelines_dock.hide()  # the organiser's screen: more room for the tables
    save(window, "gold")
    gold.pairs.open_cell(gold.pairs.pair_model.index(0, 3))
    save(window, "gold-items")
    window.guidelines_dock.setVisible(guidelines_shown)

    # Dataset: the demo's statistics with its gold, multiword gold and responses, and a
    # frequency baseline written to the scratch home; then the new-task wizard on the bundled
    # CoNLL sample (targets ticked, then the preview).
    from lexsub_studio.gui.dataset.jobs import GOLD, MULTIWORD_GOLD, RESPONSES
    from lexsub_studio.gui.dataset.workspace import DatasetWorkspace
    from lexsub_studio.paths import data_dir

    dataset = window.workspaces["dataset"]
    assert isinstance(dataset, DatasetWorkspace)
    window.show_workspace("dataset")
    demo = demo_corpus().parent
    dataset.add_file(GOLD, demo / "gold")
    dataset.add_file(MULTIWORD_GOLD, demo / "gold.mw")
    for path in sorted((demo / "responses").glob("*.tsv")):
        dataset.add_file(RESPONSES, path)
    stats_task = dataset.refresh_stats()
    assert stats_task is not None
    wait_until(lambda: stats_task.is_finished)
    dataset.baselines.prefix_edit.setText(
        str(Path(os.environ["LEXSUB_STUDIO_HOME"]) / "demo-frequency"))
    baseline_task = dataset.generate()
    assert baseline_task is not None
    wait_until(lambda: baseline_task.is_finished)
    save(window, "dataset")
    wizard = dataset.show_new_task_wizard()
    wizard.files_page.add_paths([str(p) for p in sorted((data_dir() / "conll").glob("*.conll"))])
    wait_until(wizard.files_page.isComplete)
    wizard.next()
    wizard.targets_page.model.set_checked(["run.v", "bright.a"], True)
    save(wizard, "new-task-targets")
    wizard.next()
    wizard.sampling_page.per_target_spin.setValue(4)
    wizard.sampling_page.seed_spin.setValue(7)
    wizard.next()
    wait_until(wizard.preview_page.isComplete)
    save(wizard, "new-task-preview")
    wizard.reject()

    # Scoring: the lesson's gold, multiword gold and systems, and the frequency baseline written
    # above. The league table of the best task in percentages with a figure explained, the item
    # view of bright.a 1 with every system, the top-n plot, and the significance matrix of
    # every pair.
    window.show_workspace("scoring")
    guidelines_shown = window.guidelines_dock.isVisible()
    window.guidelines_dock.hide()  # the tables need the width
    baseline = Path(os.environ["LEXSUB_STUDIO_HOME"]) / "demo-frequency.best"
    if baseline.exists():
        scoring.add_systems([str(baseline)])
        wait_until(lambda: scoring.task is None and scoring.check_task is None
                   and str(baseline) in {str(system.path) for system in scoring.systems})
    league_page = scoring.league_page
    league_page.group_combo.setCurrentIndex(league_page.group_combo.findData("best"))
    league_page.unit_combo.setCurrentIndex(league_page.unit_combo.findData("percent"))
    league = league_page.model
    recall = league.table.keys.index("best.recall")
    names = [row[league.table.header.index("system")] for row in league.table.rows]
    league_page.view.setCurrentIndex(league.index(names.index("alpha.best"), recall))
    save(window, "scoring")
    scoring.tabs.setCurrentWidget(scoring.items_page)
    assert scoring.items_page.select_item("bright.a", "1")
    save(window, "scoring-items")
    scoring.tabs.setCurrentWidget(scoring.plots_page)
    plot_combo = scoring.plots_page.plot_combo
    plot_combo.setCurrentIndex(plot_combo.findData("topn"))
    save(window, "scoring-plots")
    significance = scoring.significance_page
    scoring.tabs.setCurrentWidget(significance)
    significance.compare_combo.setCurrentIndex(significance.compare_combo.findData("matrix"))
    significance_task = significance.run()
    assert significance_task is not None
    wait_until(lambda: significance_task.is_finished)
    settle()
    significance.matrix.setCurrentIndex(significance.matrix_model.index(0, 1))
    save(window, "scoring-significance")
    window.guidelines_dock.setVisible(guidelines_shown)

    # Annotate in judgement mode: a task whose candidates are the demo gold's substitutes
    # (with a distractor each), a few labels given and one substitute added.
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.io.formats.judgement_task import (
        JudgementTask,
        TaskCandidate,
        TaskItem,
        write_task,
    )
    from lexsub_studio.core.model.judgements import ACCEPTABLE, NOT_ACCEPTABLE, UNSURE

    corpus = read_corpus_bytes(demo_corpus().read_bytes(), str(demo_corpus())).corpus
    items = [TaskItem(gold_item.lexelt, gold_item.id,
                      [TaskCandidate(text, ["gold"]) for text, _ in gold_item.entries]
                      + [TaskCandidate("loud", ["wordnet"])])
             for gold_item in read_gold(demo / "gold").items]
    task_path = Path(os.environ["LEXSUB_STUDIO_HOME"]) / "demo-judging.json"
    write_task(JudgementTask(corpus, items, 7, {}, None, [], "demo-judging", ""), task_path)
    opened.clear()
    window.open_path(str(task_path))
    wait_until(lambda: bool(opened))
    window.show_workspace("annotate")
    judging = workspace.judging
    for labels in ((ACCEPTABLE, ACCEPTABLE, NOT_ACCEPTABLE, ACCEPTABLE, UNSURE, ACCEPTABLE,
                    NOT_ACCEPTABLE), (ACCEPTABLE, ACCEPTABLE, UNSURE)):
        for label in labels:
            judging.label_focused(label)
        if len(labels) == 3:
            break
        judging.next_unfinished()
    judging.add_edit.setText("luminous")
    judging.add_substitute()
    judging.candidate_view.setFocus()
    judging.focus_candidate(judging.work.candidates(judging.current)[3])
    save(window, "annotate-judging")
    window.close()
    QApplication.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
