"""The Scoring workspace: any number of system outputs against one gold.

The workspace holds the systems and scores them off the GUI thread (tasks.run_in_background,
cached per system file, kind and gold); what they are scored against is gold_sources.py's; the
results go to its tabs: league table (league_page), items (items_page), plots (plots_page),
significance (significance_page), post hoc (post_hoc_page: the systems' answers against
annotators' judgements files, computed in the background after each scoring) and warnings
(warnings_page); exports.py writes what is shown. Every number comes from lexsub_studio.core.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QProgressBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.scoring.compare.item_matrix import ItemScores, item_scores
from lexsub_studio.core.scoring.compare.league import LEAGUE_COLUMNS
from lexsub_studio.core.scoring.compare.system_files import (
    DroppedFiles,
    GoldSource,
    MissingMultiwordGold,
    check_systems,
    score_systems,
    sort_dropped_files,
    system_notes,
    with_prepared_items,
)
from lexsub_studio.core.scoring.compare.system_scores import OfficialCheck, SystemScores
from lexsub_studio.core.scoring.conventions.profiles import CONVENTIONS, get_convention
from lexsub_studio.core.scoring.report.post_hoc import (
    KINDS as POST_HOC_KINDS,
)
from lexsub_studio.core.scoring.report.post_hoc import (
    PostHocResult,
    not_scored_note,
    post_hoc_of_file,
    read_judgement_votes,
)
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring import controls, exports
from lexsub_studio.gui.scoring.gold_sources import GoldSources
from lexsub_studio.gui.scoring.items_page import ItemsPage
from lexsub_studio.gui.scoring.league_page import LeaguePage
from lexsub_studio.gui.scoring.plots_page import PLOTS, PlotsPage
from lexsub_studio.gui.scoring.post_hoc_page import PostHocPage
from lexsub_studio.gui.scoring.rename import RenameSystemCommand
from lexsub_studio.gui.scoring.significance_page import SignificancePage
from lexsub_studio.gui.scoring.warnings_page import WarningsPage
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import TakesDroppedFiles, named
from lexsub_studio.gui.workspace import Workspace
from lexsub_studio.paths import DemoLesson

SYSTEM_FILTER = "System outputs (*.best *.oot *.mw *.weighted *.txt *);;All files (*)"
#: Measures of per-item scores (items, plots, significance). A precision figure has the same
#: per-item scores as its recall (only the denominator differs), so it is not listed twice.
MEASURES = [key for key, _ in LEAGUE_COLUMNS if not key.endswith("precision")] + [
    "coverage.optimal_f"]
#: Measures of a breakdown: every figure, precision included (it differs per group).
BREAKDOWN_MEASURES = [key for key, _ in LEAGUE_COLUMNS] + ["coverage.optimal_f"]


class ScoringWorkspace(TakesDroppedFiles, Workspace):
    #: Scoring finished and the views show the new systems' clean figures (tests wait for
    #: it); a system scored anew is still ``checking`` then.
    scored = Signal()
    #: The official cross-check of the systems shown is in: their official figures and
    #: warnings are shown (after ``scored``; not emitted when every system came from the cache).
    official_checked = Signal()
    #: The Post hoc tab shows the systems scored against the judgements files (or emptied).
    post_hoc_ready = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "scoringWorkspace", self.tr("Scoring workspace"))
        #: The gold, the multiword gold and the corpus (with their buttons and labels).
        self.sources = GoldSources(state, self)
        self.system_paths: list[str] = []
        #: The names the user gave systems (path -> name), shown instead of their files' names.
        self.chosen_names: dict[str, str] = {}
        self.kinds: dict[str, str | None] = {}
        self.systems: list[SystemScores] = []
        self.failures: dict[str, str] = {}
        self.cache: dict[tuple[Any, ...], SystemScores] = {}
        self.task: Task | None = None
        #: The official run and warnings of the systems just scored, after their clean figures.
        self.check_task: Task | None = None
        self._checks: list[OfficialCheck] = []
        self._scoring_paths: list[str] = []
        #: Annotators' judgements files the systems are scored against post hoc.
        self.judgement_paths: list[str] = []
        self.post_hoc_task: Task | None = None
        #: The gold prepared for scoring, shared by every system and every rescoring while the
        #: gold stays: [(gold, its items prepared)] (filled by the first scoring job).
        self._prepared_gold: list[Any] = [None]
        #: How long the GUI thread took to show the last scoring result (the benchmark reads it).
        self.last_show_seconds = 0.0
        self._build()
        self.sources.changed.connect(self.rescore)
        self.sources.corpus_changed.connect(self.items_page.show_current_item)
        self.sources.message.connect(self._show_message)
        self.sources.follow_state()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        # Two rows, what is scored against and what is scored: in one row at 1024 pixels the
        # tool bar's overflow menu swallowed Add systems… once a gold's name was shown.
        gold_bar = controls.toolbar(self, "scoringToolBar", self.tr("Scoring commands"))
        for widget in self.sources.gold_widgets():
            gold_bar.addWidget(widget)
        layout.addWidget(gold_bar)
        bar = controls.toolbar(self, "scoringSystemsToolBar", self.tr("Systems and exports"))
        bar.addWidget(controls.button(
            self, self.tr("Add systems…"), "addSystemsButton", self.choose_systems,
            self.tr("Add system output files (best, oot, mw, weighted)")))
        bar.addWidget(controls.button(
            self, self.tr("Remove system"), "removeSystemButton", self.remove_system,
            self.tr("Remove the system selected in the league table")))
        bar.addWidget(self.sources.corpus_button)
        bar.addSeparator()
        self.convention_combo = controls.combo(
            self, "conventionCombo", self.tr("Evaluation convention"),
            [(name, name) for name in CONVENTIONS])
        self.convention_combo.setToolTip(self.tr(
            "Whose rules the figures follow: {conventions} (docs/metrics.md, Conventions)").format(
            conventions="; ".join(f"{name}: {profile.title}"
                                  for name, profile in CONVENTIONS.items())))
        self.convention_combo.currentIndexChanged.connect(lambda _index: self.rescore())
        bar.addWidget(QLabel(self.tr("Convention:"), self))
        bar.addWidget(self.convention_combo)
        self.lemmatise_check = named(QCheckBox(self.tr("Lemmatise answers"), self),
                                     "lemmatiseCheck", self.tr("Lemmatise answers"))
        self.lemmatise_check.setToolTip(self.tr(
            "GAP matches each answer as its lemma under the item's PoS (answered -> answer), "
            "as SWORDS' evaluation does; none of the conventions' scripts does it "
            "(docs/metrics.md, Lemmatised comparison)"))
        self.lemmatise_check.toggled.connect(lambda _checked: self.rescore())
        bar.addWidget(self.lemmatise_check)
        bar.addSeparator()
        bar.addWidget(controls.button(
            self, self.tr("Export table…"), "exportTableButton", self.export_table,
            self.tr("Export the table shown as CSV, LaTeX, Markdown or HTML")))
        bar.addWidget(controls.button(
            self, self.tr("Export report…"), "exportReportButton", self.export_report,
            self.tr("One self-contained HTML report with tables and plots")))
        layout.addWidget(bar)
        self.tabs = named(QTabWidget(self), "scoringTabs", self.tr("Scoring views"))
        self.tabs.setCornerWidget(self._build_busy(), Qt.Corner.TopRightCorner)
        self.league_page = LeaguePage(BREAKDOWN_MEASURES, self)
        self.items_page = ItemsPage(MEASURES, self.sources.current_corpus, self)
        self.plots_page = PlotsPage(MEASURES, self)
        self.significance_page = SignificancePage(MEASURES, self)
        self.post_hoc_page = PostHocPage(self)
        self.league_page.rename_requested.connect(self.ask_rename)
        self.post_hoc_page.judgements_chosen.connect(self.add_judgements)
        self.post_hoc_page.clear_requested.connect(self.clear_judgements)
        self.league_page.unit_combo.currentIndexChanged.connect(
            lambda _index: self.refresh_post_hoc())
        self.warnings_browser = WarningsPage(self)
        for page, title in ((self.league_page, self.tr("League table")),
                            (self.items_page, self.tr("Items")),
                            (self.plots_page, self.tr("Plots")),
                            (self.significance_page, self.tr("Significance")),
                            (self.post_hoc_page, self.tr("Post hoc")),
                            (self.warnings_browser, self.tr("Warnings"))):
            self.tabs.addTab(page, title)
        layout.addWidget(self.tabs, 1)
        self.setAcceptDrops(True)
        self.plots_page.message.connect(self._show_message)
        self.significance_page.message.connect(self._show_message)

    def _build_busy(self) -> QWidget:
        """Progress and Cancel beside the tabs, shown only while systems are scored."""
        busy = QWidget(self)
        layout = QHBoxLayout(busy)
        layout.setContentsMargins(0, 0, 0, 0)
        self.progress = named(QProgressBar(busy), "scoringProgress",
                              self.tr("Scoring progress"))
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.progress.setVisible(False)
        layout.addWidget(self.progress)
        self.cancel_button = controls.button(busy, self.tr("Cancel"), "cancelScoringButton",
                                             self.cancel, self.tr("Stop scoring"))
        self.cancel_button.setVisible(False)
        layout.addWidget(self.cancel_button)
        return busy

    def follow_palette(self) -> None:
        """A theme changed: the plot is drawn again in the new palette's colours."""
        self.plots_page.refresh()

    def _show_message(self, text: str) -> None:
        self.status_message.emit(text)

    # -- what is scored against (gold_sources.py) ------------------------------------------------

    @property
    def gold(self) -> GoldSource | None:
        return self.sources.gold

    @property
    def mw_gold_chosen(self) -> bool:
        return self.sources.mw_gold_chosen

    @property
    def gold_label(self) -> QLabel:
        return self.sources.gold_label

    @property
    def mw_gold_label(self) -> QLabel:
        return self.sources.mw_gold_label

    @property
    def assembled_button(self) -> QWidget:
        return self.sources.assembled_button

    def open_gold(self, path: str) -> Task:
        return self.sources.open_gold(path)

    def open_multiword_gold(self, path: str) -> Task:
        return self.sources.open_multiword_gold(path)

    def open_corpus(self, path: str) -> Task:
        return self.sources.open_corpus(path)

    # -- the demo lesson -------------------------------------------------------------------------

    def open_lesson(self, lesson: DemoLesson) -> list[Task]:
        """The demo's gold, its multiword gold and its systems in place of what is open here
        (judgements files for post-hoc scoring included; the corpus is the application's: the
        demo's). Returns the readings of the golds; the systems are scored when the gold is in."""
        self.cancel()
        self.system_paths, self.kinds, self.failures = [], {}, {}
        self.judgement_paths = []
        self.sources.clear()
        # The multiword gold first: chosen, it stays whatever gold is read next.
        reading = [self.sources.open_multiword_gold(str(lesson.multiword_gold)),
                   self.sources.open_gold(str(lesson.gold))]
        self.add_systems([str(path) for path in lesson.systems])
        return reading

    # -- dropped files ---------------------------------------------------------------------------

    def take_dropped_files(self, paths: list[str]) -> object:
        return self.open_dropped(paths)

    def open_dropped(self, paths: list[str]) -> Task:
        """Each dropped file goes where its kind belongs: a gold, a multiword gold, system
        outputs or the corpus (kinds detected in the background)."""
        task = run_in_background(lambda token, report: sort_dropped_files(paths))
        task.result.connect(self._dropped_sorted)
        task.error.connect(lambda error: dialogs.show_error(
            self, self.tr("Cannot open the files"), error))
        return task

    def _dropped_sorted(self, sorted_files: DroppedFiles) -> None:
        if sorted_files.multiword_gold is not None:
            self.sources.open_multiword_gold(sorted_files.multiword_gold)
        if sorted_files.gold is not None:
            self.sources.open_gold(sorted_files.gold)
        if sorted_files.corpus is not None:
            self.sources.open_corpus(sorted_files.corpus)
        if sorted_files.systems:
            self.add_systems(sorted_files.systems)
        if sorted_files.judgements:
            self.add_judgements(sorted_files.judgements)
        if sorted_files.ignored:
            self.status_message.emit(self.tr("Not opened here: {files}").format(
                files="; ".join(sorted_files.ignored)))

    # -- systems and scoring ---------------------------------------------------------------------

    def choose_systems(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Add system outputs"),
                                                self.sources.open_folder(self.system_paths),
                                                self.tr(SYSTEM_FILTER))
        if paths:
            self.add_systems(paths)

    def add_systems(self, paths: list[str], kind: str | None = None) -> Task | None:
        for path in paths:
            if path not in self.system_paths:
                self.system_paths.append(path)
            self.kinds[path] = kind
        return self.rescore()

    def remove_system(self) -> None:
        system = self.league_page.selected_system()
        if system is not None and system.path in self.system_paths:
            self.system_paths.remove(str(system.path))
            self.rescore()

    # -- names -----------------------------------------------------------------------------------

    def ask_rename(self, path: str) -> None:
        """Ask for the name the system of ``path`` is shown under (empty: its file's name)."""
        system = next((s for s in self.systems if s.path == path), None)
        if system is None:
            return
        name, accepted = QInputDialog.getText(
            self, self.tr("Rename system"),
            self.tr("Name of {file} in every table, plot and export (empty: the file's "
                    "name):").format(file=Path(path).name),
            text=system.name)
        if accepted:
            self.rename_system(path, name)

    def rename_system(self, path: str, name: str) -> bool:
        """Show the system of ``path`` as ``name`` (blank: its file's name again), an undoable
        step; False, and said in the status bar, when another system has that name."""
        name = " ".join(name.split())
        shown = next((s.name for s in self.systems if s.path == path), Path(path).name)
        if name and any(s.name == name and s.path != path for s in self.systems):
            self.status_message.emit(self.tr(
                "Another system is named '{name}': choose another name.").format(name=name))
            return False
        old = self.chosen_names.get(path)
        new = name or None
        if new == old or (new is not None and new == shown and old is None):
            return True
        self.state.undo_stack.push(
            RenameSystemCommand(self._set_chosen_name, path, shown, old, new))
        return True

    def _set_chosen_name(self, path: str, name: str | None) -> None:
        if name is None:
            self.chosen_names.pop(path, None)
        else:
            self.chosen_names[path] = name
        # A system already scored comes from the cache: shown under its new name at once.
        self.rescore()

    def rescore(self) -> Task | None:
        """Score every system against the gold in the background (cached ones are instant)."""
        self.cancel()
        gold = self.sources.gold
        if gold is None or not self.system_paths:
            self._show_systems([], {})
            return None
        paths, kinds, cache = list(self.system_paths), dict(self.kinds), self.cache
        mw_gold = self.sources.mw_gold
        measure = self.items_page.measure.currentData()
        prepared = self._prepared_gold
        convention = get_convention(str(self.convention_combo.currentData()))
        lemmatise = self.lemmatise_check.isChecked()
        chosen_names = dict(self.chosen_names)
        collecting = self.tr("Collecting the per-item scores…")

        def job(token: Any, report: Any) -> tuple[list[Any], ItemScores, list[OfficialCheck]]:
            # The clean figures first; the official run and the warnings once they are shown.
            checks: list[OfficialCheck] = []
            results = score_systems(paths, with_prepared_items(gold, prepared, report), kinds,
                                    cache, report, lambda: token.cancelled, mw_gold, convention,
                                    checks, lemmatise, chosen_names)
            report(collecting)
            scored = [result for result in results if isinstance(result, SystemScores)]
            return results, item_scores(scored, measure), checks

        task = run_in_background(job)
        self.task = task
        self._scoring_paths = paths
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        # Bound methods, not lambdas: Qt drops the connections if the workspace is destroyed
        # while a task still runs (quitting during scoring).
        task.progress.connect(self._show_message)
        task.result.connect(self._scored)
        task.error.connect(self._scoring_failed)
        task.finished.connect(self._task_finished)
        return task

    def cancel(self) -> None:
        for task in (self.task, self.check_task):
            if task is not None and not task.is_finished:
                task.cancel()
        self.task = self.check_task = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)

    def _task_finished(self) -> None:
        if self.task is not None and self.task.is_finished:
            self.task = None
        if self.check_task is not None and self.check_task.is_finished:
            self.check_task = None
        if self.task is None and self.check_task is None:
            self.progress.setVisible(False)
            self.cancel_button.setVisible(False)

    def _scoring_failed(self, error: BaseException) -> None:
        dialogs.show_error(self, self.tr("Scoring failed"), error)

    def _scored(self, outcome: tuple[list[Any], ItemScores, list[OfficialCheck]]) -> None:
        results, items, checks = outcome
        paths = self._scoring_paths
        systems: list[SystemScores] = []
        failures: dict[str, str] = {}
        for path, result in zip(paths, results, strict=False):
            if isinstance(result, SystemScores):
                systems.append(result)
            else:
                failures[path] = dialogs.error_text(result)
                # Listed under Warnings, and not tried again at the next rescoring, except an
                # mw file waiting for its multiword gold.
                if not isinstance(result, MissingMultiwordGold):
                    self.system_paths.remove(path)
        failures = {**{p: t for p, t in self.failures.items() if p not in paths}, **failures}
        self._show_systems(systems, failures, items)
        scored = self.tr("Scored {count} system(s)").format(count=len(systems))
        if failures:
            scored += self.tr("; {count} could not be read").format(count=len(failures))
        if checks:
            scored += self.tr("; official figures and warnings of {count} to come…").format(
                count=len(checks))
        self.status_message.emit(scored)
        self.scored.emit()
        if checks:
            self._check_officially(checks)

    def _check_officially(self, checks: list[OfficialCheck]) -> None:
        """The official run and the warnings of the systems just shown, in the background."""
        cache = self.cache
        task = run_in_background(lambda token, report: check_systems(
            checks, cache, report, lambda: token.cancelled))
        self.check_task = task
        self._checks = checks
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        task.progress.connect(self._show_message)
        task.result.connect(self._checked)
        task.error.connect(self._scoring_failed)
        task.finished.connect(self._task_finished)

    def _checked(self, results: list[SystemScores | Exception]) -> None:
        """Each checked system takes the place of its clean-only scores; one whose check
        failed keeps its clean figures, and the failure is shown."""
        finished: dict[str | None, SystemScores] = {}
        errors: list[Exception] = []
        for check, result in zip(self._checks, results, strict=False):
            if isinstance(result, SystemScores):
                finished[result.path] = result
            else:
                errors.append(result)
                finished[check.scored.path] = replace(check.scored, checking=False)
        self.systems = [finished.get(system.path, system) if system.checking else system
                        for system in self.systems]
        self.league_page.set_systems(self.systems)
        self.refresh_warnings()
        text = self.tr("Official figures and warnings in for {count} system(s)").format(
            count=len(finished) - len(errors))
        if errors:
            text += self.tr("; {count} could not be checked").format(count=len(errors))
        self.status_message.emit(text)
        self.official_checked.emit()
        if errors:
            dialogs.show_error(self, self.tr("The official check failed"), errors[0])

    def _show_systems(self, systems: list[SystemScores], failures: dict[str, str],
                      items: ItemScores | None = None) -> None:
        started = time.perf_counter()
        self.systems = systems
        self.failures = failures
        self.league_page.set_systems(systems)
        self.items_page.set_systems(systems, self.sources.gold_by_key, items)
        self.plots_page.set_systems(systems)
        self.significance_page.set_systems(systems)
        self.refresh_warnings()
        self.last_show_seconds = time.perf_counter() - started
        self.refresh_post_hoc()

    # -- post-hoc scoring ------------------------------------------------------------------------

    def add_judgements(self, paths: list[str]) -> Task | None:
        """Score every best and oot system against these judgements files too (with those
        added before); returns the running computation."""
        for path in paths:
            if path not in self.judgement_paths:
                self.judgement_paths.append(path)
        self.tabs.setCurrentWidget(self.post_hoc_page)
        return self.refresh_post_hoc()

    def clear_judgements(self) -> None:
        self.judgement_paths = []
        self.refresh_post_hoc()

    def refresh_post_hoc(self) -> Task | None:
        """The post-hoc figures of the systems shown, in the background (None: nothing to
        compute, the tab is emptied)."""
        if self.post_hoc_task is not None and not self.post_hoc_task.is_finished:
            self.post_hoc_task.cancel()
        self.post_hoc_task = None
        paths = list(self.judgement_paths)
        unit = self.league_page.unit
        if not paths:
            self.post_hoc_page.show_results([], [], [], unit)
            self.post_hoc_ready.emit()
            return None
        systems = [(system.name, system.kind, system.path) for system in self.systems]

        reading = self.tr("Reading the judgements files…")

        def job(token: Any, report: Any) -> tuple[list[Any], list[Any]]:
            report(reading)
            votes, problems = read_judgement_votes(paths)
            rows: list[tuple[str, str, PostHocResult | str | Exception]] = []
            for name, kind, path in systems:
                if token.cancelled:
                    break
                if kind not in POST_HOC_KINDS or path is None:
                    rows.append((name, kind, not_scored_note(kind)))
                    continue
                try:
                    rows.append((name, kind, post_hoc_of_file(path, kind, votes, paths)))
                except Exception as error:  # one file's problem is shown in its row
                    rows.append((name, kind, error))
            return rows, problems

        task = run_in_background(job)
        self.post_hoc_task = task
        task.progress.connect(self._show_message)
        task.result.connect(self._post_hoc_done)
        task.error.connect(self._post_hoc_failed)
        return task

    def _post_hoc_done(self, outcome: tuple[list[Any], list[Any]]) -> None:
        rows, problems = outcome
        rows = [(name, kind, dialogs.error_text(result) if isinstance(result, Exception)
                 else result) for name, kind, result in rows]
        self.post_hoc_page.show_results(list(self.judgement_paths), rows, problems,
                                        self.league_page.unit)
        self.post_hoc_ready.emit()

    def _post_hoc_failed(self, error: BaseException) -> None:
        self.post_hoc_page.show_results([], [], [], self.league_page.unit)
        dialogs.show_error(self, self.tr("Cannot score post hoc"), error)
        self.post_hoc_ready.emit()

    # -- warnings --------------------------------------------------------------------------------

    def warning_lines(self) -> dict[str, list[str]]:
        """Each system's kind, file problems and warnings, as lines of text (core)."""
        return system_notes(self.systems, self.failures)

    def refresh_warnings(self) -> None:
        self.warnings_browser.show_notes(self.warning_lines())

    # -- export ----------------------------------------------------------------------------------

    def export_table(self) -> Path | None:
        """Write the league or breakdown table shown, in the format its suffix names."""
        written = exports.export_table(self, self.league_page.current_table())
        if written is not None:
            self.status_message.emit(self.tr("Table written to {path}").format(path=written))
        return written

    def export_report(self) -> Path | None:
        """One self-contained HTML page: a league table per task (clean and official), the
        per-PoS breakdown, the plots and every system's warnings."""
        measure = self.plots_page.plot_measure.currentData()
        figures = [(title, self.plots_page.figure(key, measure)) for key, title in PLOTS]
        gold = self.sources.gold
        written = exports.export_report(self, self.systems, gold.label if gold else None,
                                        self.league_page.unit, measure, figures,
                                        self.warning_lines())
        if written is not None:
            self.status_message.emit(self.tr("Report written to {path}").format(path=written))
        return written

    # -- layout ----------------------------------------------------------------------------------

    def save_layout(self) -> QByteArray | None:
        return self.items_page.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.items_page.splitter.restoreState(layout)

