"""The Scoring workspace: any number of system outputs against one gold.

The workspace holds the gold, the corpus and the systems, scores them off the GUI thread
(tasks.run_in_background, cached per system file, kind and gold) and hands the result to its
tabs: league table (league_page), items (items_page), plots (plots_page), significance
(significance_page) and warnings. Every number comes from lexsub_studio.core.
"""

from __future__ import annotations

import functools
import html
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.scoring.conventions import CONVENTIONS
from lexsub_studio.core.scoring.export import (
    LEAGUE_COLUMNS,
    SystemScores,
    breakdown_table,
)
from lexsub_studio.core.scoring.item_matrix import ItemScores, item_scores
from lexsub_studio.core.scoring.system_files import (
    DroppedFiles,
    GoldPair,
    GoldSource,
    MissingMultiwordGold,
    gold_from_items,
    read_gold_pair,
    read_multiword_gold_source,
    score_systems,
    sort_dropped_files,
    system_notes,
    with_prepared_items,
)
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.scoring.items_page import ItemsPage
from lexsub_studio.gui.scoring.league_page import LeaguePage
from lexsub_studio.gui.scoring.plots_page import PLOTS, PlotsPage
from lexsub_studio.gui.scoring.significance_page import SignificancePage
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import TakesDroppedFiles, named
from lexsub_studio.gui.workspace import Workspace

SYSTEM_FILTER = "System outputs (*.best *.oot *.mw *.weighted *.txt *);;All files (*)"
GOLD_FILTER = "Gold files (*gold* *.txt *);;All files (*)"
MULTIWORD_GOLD_FILTER = "Multiword gold (mwgold* *.mwgold *.mw);;All files (*)"
TABLE_FILTER = "CSV (*.csv);;LaTeX (*.tex);;Markdown (*.md);;HTML (*.html)"
#: Measures of per-item scores (items, plots, significance). A precision figure has the same
#: per-item scores as its recall (only the denominator differs), so it is not listed twice.
MEASURES = [key for key, _ in LEAGUE_COLUMNS if not key.endswith("precision")] + [
    "coverage.optimal_f"]
#: Measures of a breakdown: every figure, precision included (it differs per group).
BREAKDOWN_MEASURES = [key for key, _ in LEAGUE_COLUMNS] + ["coverage.optimal_f"]


class ScoringWorkspace(TakesDroppedFiles, Workspace):
    #: Scoring finished and the views show the new systems (tests wait for it).
    scored = Signal()

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "scoringWorkspace", "Scoring workspace")
        self.gold: GoldSource | None = None
        self.gold_by_key: dict[tuple[str, str], GoldItem] = {}
        #: What mw system files are scored against: a file, or the multiword gold assembled in
        #: Gold and Agreement (made when an mw file first needs it); None: mw files wait.
        self.mw_gold: GoldSource | Callable[[], GoldSource] | None = None
        #: The user chose the multiword gold: opening another gold does not replace it.
        self.mw_gold_chosen = False
        self.corpus: Corpus | None = None
        self.system_paths: list[str] = []
        self.kinds: dict[str, str | None] = {}
        self.systems: list[SystemScores] = []
        self.failures: dict[str, str] = {}
        self.cache: dict[tuple[Any, ...], SystemScores] = {}
        self.task: Task | None = None
        self._scoring_paths: list[str] = []
        #: The gold prepared for scoring, shared by every system and every rescoring while the
        #: gold stays: [(gold, its items prepared)] (filled by the first scoring job).
        self._prepared_gold: list[Any] = [None]
        #: How long the GUI thread took to show the last scoring result (the benchmark reads it).
        self.last_show_seconds = 0.0
        self._build()
        state.gold_changed.connect(self._gold_from_state)
        if state.current_gold:
            self._gold_from_state(state.current_gold)

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        bar = controls.toolbar(self, "scoringToolBar", "Scoring commands")
        bar.addWidget(controls.button(self, "Open gold…", "openGoldButton", self.choose_gold,
                                      "Open the gold file the systems are scored against"))
        self.assembled_button = controls.button(
            self, "Use assembled gold", "useAssembledGoldButton", self.use_assembled_gold,
            "Score against the gold assembled in the Gold and Agreement workspace")
        self.assembled_button.setEnabled(False)
        bar.addWidget(self.assembled_button)
        self.gold_label = named(QLabel("No gold", self), "goldLabel", "Gold")
        bar.addWidget(self.gold_label)
        bar.addWidget(controls.button(
            self, "Multiword gold…", "openMultiwordGoldButton", self.choose_multiword_gold,
            "Open the multiword gold that mw system files are scored against"))
        self.mw_gold_label = named(QLabel("No multiword gold", self), "multiwordGoldLabel",
                                   "Multiword gold")
        bar.addWidget(self.mw_gold_label)
        bar.addWidget(controls.button(self, "Add systems…", "addSystemsButton",
                                      self.choose_systems,
                                      "Add system output files (best, oot, mw, weighted)"))
        bar.addWidget(controls.button(self, "Remove system", "removeSystemButton",
                                      self.remove_system,
                                      "Remove the system selected in the league table"))
        bar.addWidget(controls.button(self, "Open corpus…", "openCorpusButton",
                                      self.choose_corpus,
                                      "Open the corpus whose sentences the item view shows"))
        bar.addSeparator()
        self.convention_combo = controls.combo(
            self, "conventionCombo", "Evaluation convention",
            [(name, name) for name in CONVENTIONS])
        self.convention_combo.setToolTip(
            "Whose rules the figures follow: "
            + "; ".join(f"{name}: {profile.title}" for name, profile in CONVENTIONS.items())
            + " (docs/metrics.md, Conventions)")
        self.convention_combo.currentIndexChanged.connect(lambda _index: self.rescore())
        bar.addWidget(QLabel("Convention:", self))
        bar.addWidget(self.convention_combo)
        bar.addSeparator()
        bar.addWidget(controls.button(self, "Export table…", "exportTableButton",
                                      self.export_table,
                                      "Export the table shown as CSV, LaTeX, Markdown or HTML"))
        bar.addWidget(controls.button(self, "Export report…", "exportReportButton",
                                      self.export_report,
                                      "One self-contained HTML report with tables and plots"))
        layout.addWidget(bar)
        self.tabs = named(QTabWidget(self), "scoringTabs", "Scoring views")
        self.tabs.setCornerWidget(self._build_busy(), Qt.Corner.TopRightCorner)
        self.league_page = LeaguePage(BREAKDOWN_MEASURES, self)
        self.items_page = ItemsPage(MEASURES, self.current_corpus, self)
        self.plots_page = PlotsPage(MEASURES, self)
        self.significance_page = SignificancePage(MEASURES, self)
        self.warnings_browser = named(QTextBrowser(self), "warningsView", "System warnings",
                                      "Each file's problems and their effect on the score")
        for page, title in ((self.league_page, "League table"), (self.items_page, "Items"),
                            (self.plots_page, "Plots"),
                            (self.significance_page, "Significance"),
                            (self.warnings_browser, "Warnings")):
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
        self.progress = named(QProgressBar(busy), "scoringProgress", "Scoring progress")
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.progress.setVisible(False)
        layout.addWidget(self.progress)
        self.cancel_button = controls.button(busy, "Cancel", "cancelScoringButton", self.cancel,
                                             "Stop scoring")
        self.cancel_button.setVisible(False)
        layout.addWidget(self.cancel_button)
        return busy

    def _show_message(self, text: str) -> None:
        self.status_message.emit(text)

    # -- gold and corpus -------------------------------------------------------------------------

    def choose_gold(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a gold file", "", GOLD_FILTER)
        if path:
            self.open_gold(path)

    def open_gold(self, path: str) -> Task:
        """Read a gold in the background and, unless the user chose a multiword gold, look for
        the one that belongs to it (docs/formats.md, "Multiword gold beside a gold")."""
        look_beside = not self.mw_gold_chosen
        task = run_in_background(
            lambda token, report: read_gold_pair(path, look_beside))
        task.result.connect(self._gold_read)
        task.error.connect(self._gold_failed)
        return task

    def _gold_read(self, pair: GoldPair) -> None:
        self._show_gold_problems("Problems in the gold", pair.gold, pair.diagnostics)
        if pair.multiword is not None and not self.mw_gold_chosen:
            self._show_gold_problems("Problems in the multiword gold", pair.multiword,
                                     pair.multiword_diagnostics)
            self._set_multiword_gold(pair.multiword, pair.found_reason, chosen=False)
        elif not self.mw_gold_chosen:
            self.mw_gold = None
            self.mw_gold_label.setText("No multiword gold")
            self.mw_gold_label.setToolTip(pair.found_reason)
        self.set_gold(pair.gold)

    def _show_gold_problems(self, title: str, source: GoldSource,
                            diagnostics: list[Any]) -> None:
        if diagnostics:
            from lexsub_studio.core.model.diagnostics import Diagnostics

            dialogs.show_problems(self, title, Diagnostics(source.path, diagnostics))

    def _gold_failed(self, error: BaseException) -> None:
        dialogs.show_error(self, "Cannot open the gold", error)

    def _gold_from_state(self, items: object) -> None:
        """A gold assembled in Gold and Agreement is followed unless a gold file was opened
        here; then the button offers it, and the file stays until the user switches."""
        available = isinstance(items, list) and bool(items)
        self.assembled_button.setEnabled(available)
        if available and (self.gold is None or self.gold.path is None):
            self.use_assembled_gold()

    def use_assembled_gold(self) -> None:
        items = self.state.current_gold
        if items:
            multiword = self.state.current_multiword_gold
            if multiword is not None and not self.mw_gold_chosen:
                label = "multiword gold from Gold and Agreement"
                # Made once, by the first scoring job that needs it.
                self.mw_gold = functools.cache(
                    lambda: gold_from_items(multiword(), label))
                self.mw_gold_label.setText(f"Multiword gold: {label}")
                self.mw_gold_label.setToolTip("assembled with the gold")
            self.set_gold(gold_from_items(items, "gold from Gold and Agreement"))

    def choose_multiword_gold(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open the multiword gold", "",
                                              MULTIWORD_GOLD_FILTER)
        if path:
            self.open_multiword_gold(path)

    def open_multiword_gold(self, path: str) -> Task:
        """The user's choice: kept until another is chosen, whatever gold is opened next (from
        now on, so that a gold opened while this one is read does not bring its own)."""
        self.mw_gold_chosen = True
        task = run_in_background(
            lambda token, report: read_multiword_gold_source(path))
        task.result.connect(self._multiword_gold_read)
        task.error.connect(self._multiword_gold_failed)
        return task

    def _multiword_gold_read(self, outcome: tuple[GoldSource, list[Any], str]) -> None:
        source, diagnostics, note = outcome
        self._show_gold_problems("Problems in the multiword gold", source, diagnostics)
        self._set_multiword_gold(source, note or "chosen", chosen=True)
        if note:
            self.status_message.emit(f"{source.label}: {note}")
        self.rescore()

    def _multiword_gold_failed(self, error: BaseException) -> None:
        self.mw_gold_chosen = self.mw_gold is not None and self.mw_gold_chosen
        dialogs.show_error(self, "Cannot open the multiword gold", error)

    def _set_multiword_gold(self, source: GoldSource, reason: str,
                            chosen: bool) -> None:
        self.mw_gold = source
        self.mw_gold_chosen = chosen
        self.mw_gold_label.setText(f"Multiword gold: {source.label} ({len(source.items)} items)")
        self.mw_gold_label.setToolTip(f"{source.path or source.label}: {reason}")

    def set_gold(self, gold: GoldSource) -> None:
        self.gold = gold
        self.gold_by_key = {}
        for item in gold.items:
            self.gold_by_key.setdefault(item.key, item)
        self.gold_label.setText(f"Gold: {gold.label} ({len(gold.items)} items)")
        self.rescore()

    # -- dropped files ---------------------------------------------------------------------------

    def take_dropped_files(self, paths: list[str]) -> object:
        return self.open_dropped(paths)

    def open_dropped(self, paths: list[str]) -> Task:
        """Each dropped file goes where its kind belongs: a gold, a multiword gold, system
        outputs or the corpus (kinds detected in the background)."""
        task = run_in_background(lambda token, report: sort_dropped_files(paths))
        task.result.connect(self._dropped_sorted)
        task.error.connect(lambda error: dialogs.show_error(self, "Cannot open the files", error))
        return task

    def _dropped_sorted(self, sorted_files: DroppedFiles) -> None:
        if sorted_files.multiword_gold is not None:
            self.open_multiword_gold(sorted_files.multiword_gold)
        if sorted_files.gold is not None:
            self.open_gold(sorted_files.gold)
        if sorted_files.corpus is not None:
            self.open_corpus(sorted_files.corpus)
        if sorted_files.systems:
            self.add_systems(sorted_files.systems)
        if sorted_files.ignored:
            self.status_message.emit("Not opened here: " + "; ".join(sorted_files.ignored))

    def choose_corpus(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open the corpus", "",
                                              "Lexelt XML corpus (*.xml);;All files (*)")
        if path:
            self.open_corpus(path)

    def open_corpus(self, path: str) -> Task:
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus

        task = run_in_background(lambda token, report: read_corpus(path).corpus)
        task.result.connect(self._corpus_read)
        task.error.connect(self._corpus_failed)
        return task

    def _corpus_read(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.items_page.show_current_item()

    def _corpus_failed(self, error: BaseException) -> None:
        dialogs.show_error(self, "Cannot open the corpus", error)

    def current_corpus(self) -> Corpus | None:
        """The corpus opened here, else the one open in the application."""
        if self.corpus is not None:
            return self.corpus
        source = self.state.source
        return None if source is None else source.corpus

    # -- systems and scoring ---------------------------------------------------------------------

    def choose_systems(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Add system outputs", "", SYSTEM_FILTER)
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

    def rescore(self) -> Task | None:
        """Score every system against the gold in the background (cached ones are instant)."""
        self.cancel()
        if self.gold is None or not self.system_paths:
            self._show_systems([], {})
            return None
        gold, paths, kinds, cache = (self.gold, list(self.system_paths), dict(self.kinds),
                                     self.cache)
        mw_gold = self.mw_gold
        measure = self.items_page.measure.currentData()
        prepared = self._prepared_gold
        convention = str(self.convention_combo.currentData())

        def job(token: Any, report: Any) -> tuple[list[Any], ItemScores]:
            results = score_systems(
                paths, with_prepared_items(gold, prepared, report),
                                            kinds, cache, report, lambda: token.cancelled,
                                            mw_gold, convention)
            report("Collecting the per-item scores…")
            scored = [result for result in results if isinstance(result, SystemScores)]
            return results, item_scores(scored, measure)

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
        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        self.task = None
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)

    def _task_finished(self) -> None:
        if self.task is None or self.task.is_finished:
            self.task = None
            self.progress.setVisible(False)
            self.cancel_button.setVisible(False)

    def _scoring_failed(self, error: BaseException) -> None:
        dialogs.show_error(self, "Scoring failed", error)

    def _scored(self, outcome: tuple[list[Any], ItemScores]) -> None:
        results, items = outcome
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
        self.status_message.emit(f"Scored {len(systems)} system(s)"
                                 + (f"; {len(failures)} could not be read" if failures else ""))
        self.scored.emit()

    def _show_systems(self, systems: list[SystemScores], failures: dict[str, str],
                      items: ItemScores | None = None) -> None:
        started = time.perf_counter()
        self.systems = systems
        self.failures = failures
        self.league_page.set_systems(systems)
        self.items_page.set_systems(systems, self.gold_by_key, items)
        self.plots_page.set_systems(systems)
        self.significance_page.set_systems(systems)
        self.refresh_warnings()
        self.last_show_seconds = time.perf_counter() - started

    # -- warnings --------------------------------------------------------------------------------

    def warning_lines(self) -> dict[str, list[str]]:
        """Each system's kind, file problems and warnings, as lines of text (core)."""
        return system_notes(self.systems, self.failures)

    def refresh_warnings(self) -> None:
        parts = []
        for name, lines in self.warning_lines().items():
            parts.append(f"<h3>{html.escape(name)}</h3><ul>")
            parts += [f"<li>{html.escape(line)}</li>" for line in lines]
            parts.append("</ul>")
        self.warnings_browser.setHtml("".join(parts) or "No systems scored yet.")

    # -- export ----------------------------------------------------------------------------------

    def export_table(self) -> Path | None:
        """Write the league or breakdown table shown, in the format its suffix names."""
        from lexsub_studio.core.scoring.export import write_table

        path, _ = QFileDialog.getSaveFileName(self, "Export the table", "league.csv",
                                              TABLE_FILTER)
        if not path:
            return None
        try:
            written = write_table(self.league_page.current_table(), path)
        except (OSError, ValueError) as error:
            dialogs.show_error(self, "Cannot export the table", error)
            return None
        self.status_message.emit(f"Table written to {written}")
        return written

    def export_report(self) -> Path | None:
        """One self-contained HTML page: a league table per task (clean and official), the
        per-PoS breakdown, the plots and every system's warnings."""
        from lexsub_studio.core.scoring.export import write_html_report

        path, _ = QFileDialog.getSaveFileName(self, "Export the HTML report", "scoring.html",
                                              "HTML (*.html)")
        if not path:
            return None
        from lexsub_studio.core.scoring.league import MEASURE_GROUPS, paper_table

        measure = self.plots_page.plot_measure.currentData()
        # One results table per task and view, as a paper prints them, in the unit shown.
        unit = self.league_page.unit
        tables = [table for view in ("clean", "official") for group in MEASURE_GROUPS
                  for table in [paper_table(self.systems, view, group.key, unit)] if table.rows]
        tables.append(breakdown_table(self.systems, "pos", measure))
        figures = [(title, self.plots_page.figure(key, measure)) for key, title in PLOTS]
        gold = self.gold.label if self.gold else "no gold"
        try:
            written = write_html_report(path, f"Scoring against {gold}", tables, figures,
                                        notes={f"Warnings: {name}": lines
                                               for name, lines in self.warning_lines().items()})
        except OSError as error:
            dialogs.show_error(self, "Cannot export the report", error)
            return None
        self.status_message.emit(f"Report written to {written}")
        return written

    # -- layout ----------------------------------------------------------------------------------

    def save_layout(self) -> QByteArray | None:
        return self.items_page.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.items_page.splitter.restoreState(layout)

