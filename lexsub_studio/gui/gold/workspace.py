"""The Gold & Agreement workspace: pool annotators' files, measure agreement, adjudicate, export.

The workspace composes panels with one job each and wires their signals: the inputs
(``SourcesPanel``) and the exports (``ExportPanel``) on the left; the Summary, Pairs, By PoS /
By target / By annotator, Items, Adjudication (``MergesPanel``), Curation and Team tabs on the
right. Every computation (reading, pooling, gold, agreement with bootstrap intervals, merge
proposals) runs in one background job (``AnalysisRunner``) that a newer request cancels; the
panels only show its result. The assembled gold is published on ``AppState.current_gold`` for
Scoring.

Judgements files (``# lexsub-judgements 1``) are pooled the same way into a ``JudgementAnalysis``
shown on the Judgements tab, which takes the place of the free-production tabs while the list
holds judgements; its gold (acceptable votes as frequencies) is published and exported alike.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.gold.adjudication import DEFAULT_FILE_NAME, beside, exclude_items
from lexsub_studio.core.gold.analysis import Analysis, AnalysisRequest, request_language
from lexsub_studio.core.gold.judgement_analysis import JudgementAnalysis, JudgementRequest
from lexsub_studio.core.gold.merge_map_text import merge_map_from
from lexsub_studio.core.gold.normalise import MergeMap
from lexsub_studio.core.model.data import Corpus, Instance
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.runtime.extras import CAMPAIGN, MissingExtra, require
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.analysis_runner import AnalysisRunner
from lexsub_studio.gui.gold.breakdowns import Breakdowns
from lexsub_studio.gui.gold.campaign_monitor import CampaignMonitor
from lexsub_studio.gui.gold.curation import CurationPanel
from lexsub_studio.gui.gold.export_panel import ExportPanel
from lexsub_studio.gui.gold.items_panel import ItemsPanel
from lexsub_studio.gui.gold.judgement_views import JudgementViews
from lexsub_studio.gui.gold.judgements_panel import JudgementsPanel
from lexsub_studio.gui.gold.merges_panel import MergesPanel
from lexsub_studio.gui.gold.pairs_panel import PairsPanel
from lexsub_studio.gui.gold.sources_panel import SourcesPanel
from lexsub_studio.gui.gold.summary_panel import SummaryPanel
from lexsub_studio.gui.gold.team import TeamPanel
from lexsub_studio.gui.gold.views import Views
from lexsub_studio.gui.tasks import Task
from lexsub_studio.gui.widgets import named
from lexsub_studio.gui.workspace import Workspace
from lexsub_studio.paths import DemoLesson


def _scrolled(parent: QWidget, name: str, accessible: str, widget: QWidget) -> QScrollArea:
    """A page that scrolls rather than widening (or heightening) the window."""
    scroll = named(QScrollArea(parent), name, accessible)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(widget)
    return scroll


class GoldWorkspace(Workspace):
    #: A computation finished and every view shows its result (tests and automation wait).
    analysis_ready = Signal()
    #: A computation failed; the message shown.
    analysis_failed = Signal(str)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "goldWorkspace", self.tr("Gold and agreement workspace"))
        self.setAcceptDrops(True)
        self.analysis: Analysis | None = None
        self._views: Views | None = None
        #: The analysis of judgements files (None while the list holds responses files).
        self.judgement_analysis: JudgementAnalysis | None = None
        self._instances: dict[tuple[str, str], Instance] = {}
        #: The open corpus changed while the workspace was off screen (see _on_session_changed).
        self._instances_stale = False
        self.runner = AnalysisRunner(self._request, self)

        self._build_inputs()
        self._build_tabs()
        splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "goldSplitter",
                         self.tr("Gold and agreement panels"))
        # Scrollable, so that the inputs never force a tall minimum window height.
        inputs = _scrolled(self, "goldInputsScroll", self.tr("Inputs and exports"),
                           self.input_panel)
        inputs.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # It does not scroll sideways: never narrower than the panel beside its vertical scroll
        # bar, or the bar covers the right edge of every button (the splitter keeps this width).
        inputs.setMinimumWidth(self.input_panel.minimumSizeHint().width()
                               + inputs.verticalScrollBar().sizeHint().width())
        splitter.addWidget(inputs)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 4)
        splitter.setSizes([300, 900])
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)
        self._build_actions()
        self._wire()
        state.session_changed.connect(self._on_session_changed)
        self._refresh_instances()
        self._show_analysis()

    def follow_palette(self) -> None:
        """A theme changed: the chart takes the new palette's colours."""
        self.summary.chart.follow_palette()

    # -- composition -----------------------------------------------------------------------------

    def _build_inputs(self) -> None:
        self.input_panel = QWidget(self)
        layout = QVBoxLayout(self.input_panel)
        layout.setContentsMargins(0, 0, 0, 0)
        self.sources = SourcesPanel(self.input_panel)
        self.exports = ExportPanel(lambda: self.analysis, lambda: self.curation.adjudication,
                                   lambda: self.merges.accepted(), self.input_panel,
                                   near_files=self._export_neighbours,
                                   judgements=lambda: self.judgement_analysis)
        layout.addWidget(self.sources, 1)
        layout.addWidget(self.exports)

    def _build_tabs(self) -> None:
        self.tabs = named(QTabWidget(self), "goldTabs", self.tr("Gold and agreement views"))
        self.summary = SummaryPanel(self.tabs)
        self.tabs.addTab(self.summary, self.tr("Summary"))
        self.pairs = PairsPanel(self.tabs)
        self.tabs.addTab(self.pairs, self.tr("Pairs"))
        self.breakdowns = Breakdowns(self.tabs)
        self.items = ItemsPanel(self.pairs.pair_model, self._current_instances, self.tabs)
        self.tabs.addTab(self.items, self.tr("Items"))
        self.merges = MergesPanel(self.state.undo_stack, self.tabs)
        self.tabs.addTab(self.merges, self.tr("Adjudication"))
        self.curation = CurationPanel(self.state.undo_stack, self.tabs)
        # Scrollable, like the team page, so that the curation panes never widen the window.
        self.curation_scroll = _scrolled(self.tabs, "curationScroll", self.tr("Curation page"),
                                         self.curation)
        self.tabs.addTab(self.curation_scroll, self.tr("Curation"))
        self.team_panel = TeamPanel(self._open_corpus, self.sources.paths, self.tabs)
        self.team_scroll = _scrolled(self.tabs, "teamScroll", self.tr("Team packages page"),
                                     self.team_panel)
        self.tabs.addTab(self.team_scroll, self.tr("Team"))
        self.judgements = JudgementsPanel(self.tabs)
        # First: with judgements files it is the tab shown, the free-production ones hidden.
        self.tabs.insertTab(0, self.judgements, self.tr("Judgements"))
        #: The tabs of free production, hidden while the list holds judgements files.
        self._responses_tabs = [page for index in range(self.tabs.count())
                                if (page := self.tabs.widget(index)) is not None
                                and page not in (self.judgements, self.team_scroll)]
        self._show_kind(judgements=False)

    def _build_actions(self) -> None:
        def action(text: str, name: str, slot: object, shortcut: str | None = None) -> QAction:
            act = QAction(text, self)
            act.setObjectName(name)
            if shortcut:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        self.add_action = action(self.tr("Add responses or judgements files…"),
                                 "actionGoldAddFiles",
                                 self.sources.choose_files, "Ctrl+Shift+O")
        self.export_gold_action = action(self.tr("Export gold…"), "actionGoldExportGold",
                                         self.exports.export_gold)
        self.export_mw_action = action(self.tr("Export multiword gold…"),
                                       "actionGoldExportMwGold",
                                       self.exports.export_multiword_gold)
        self.export_mapping_action = action(self.tr("Export merge mapping…"),
                                            "actionGoldExportMapping",
                                            self.exports.export_mapping)
        self.export_report_action = action(self.tr("Export agreement report…"),
                                           "actionGoldExportReport", self.exports.export_report,
                                           "Ctrl+Shift+E")
        self.campaign_monitor: CampaignMonitor | None = None

    def _wire(self) -> None:
        sources = self.sources
        sources.inputs_changed.connect(self.schedule_analysis)
        sources.files_added.connect(self._files_added)
        sources.all_files_removed.connect(self.curation.close_file)
        sources.sources_stale.connect(self.runner.forget_sources)
        sources.corpus_changed.connect(self._refresh_instances)
        sources.cancel_requested.connect(self.cancel_analysis)
        sources.failed.connect(self._failed)
        sources.status_message.connect(self.status_message)
        self.exports.status_message.connect(self.status_message)
        self.summary.problems_requested.connect(self.show_problems)
        self.judgements.problems_requested.connect(self.show_problems)
        self.judgements.unsure_changed.connect(lambda _policy: self.schedule_analysis())
        self.pairs.pair_opened.connect(self._open_pair)
        self.pairs.threshold_changed.connect(self.items.set_threshold)
        # The curation view follows, so that the item found on the Items tab is one tab away.
        self.items.item_shown.connect(self.curation.select_item)
        self.merges.merges_changed.connect(self._merges_changed)
        self.curation.adjudication_changed.connect(self._adjudication_changed)
        self.curation.status_message.connect(self.status_message)
        self.runner.started.connect(self._computation_started)
        self.runner.progress.connect(self._on_progress)
        self.runner.done.connect(self._analysis_done)
        self.runner.judgements_done.connect(self._judgements_done)
        self.runner.failed.connect(self._analysis_failed)
        self.runner.emptied.connect(self._clear_analysis)
        self.runner.stopped.connect(lambda: self.sources.set_busy(False))

    def menu_actions(self) -> dict[str, list[QAction]]:
        # The menu's title, translated where the window makes the menu.
        gold_menu = QT_TRANSLATE_NOOP("WorkspaceMenus", "Gold")
        return {gold_menu: [self.add_action, self.export_gold_action, self.export_mw_action,
                            self.export_mapping_action, self.export_report_action]}

    def show_team(self) -> None:
        """The Team page: packages made and checked (Organiser › Annotator packages)."""
        self.tabs.setCurrentWidget(self.team_scroll)

    def campaign_requested(self) -> CampaignMonitor | None:
        """Organiser › Campaign…: the campaign window, or a message naming the extra to install
        when the PostgreSQL driver is not installed (a window that could never connect)."""
        try:
            require(CAMPAIGN)
        except MissingExtra as error:
            dialogs.show_error(self, self.tr("Campaigns"), error)
            return None
        return self.open_campaign_monitor()

    def open_campaign_monitor(self) -> CampaignMonitor:
        """The campaign window (one per workspace, Organiser › Campaign): live progress and
        agreement."""
        if self.campaign_monitor is None:
            self.campaign_monitor = CampaignMonitor(self)
            self.campaign_monitor.answers.gold = self
        self.campaign_monitor.show()
        self.campaign_monitor.raise_()
        return self.campaign_monitor

    def save_layout(self) -> QByteArray | None:
        return self.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.splitter.restoreState(layout)

    # -- inputs (the sources panel does the work) ------------------------------------------------

    def open_dropped(self, paths: list[str]) -> int:
        # Responses dropped anywhere on the window (core/io/drop_routing.py) come here.
        return self.add_files(paths)

    def add_files(self, paths: list[str]) -> int:
        """Add files not listed yet; returns how many were added (a computation follows)."""
        return self.sources.add_files(paths)

    def open_lesson(self, lesson: DemoLesson) -> int:
        """The demo's five annotators in place of the files listed, their ids checked against
        the demo corpus (so the gold follows its order, as ``lexsub gold --corpus`` does);
        the decisions of its curation are kept in the lesson's own folder, never beside the
        installed responses. Returns how many files were added (a computation follows)."""
        self.sources.remove_all()
        lesson.own_folder.mkdir(parents=True, exist_ok=True)
        self.curation.open_file(lesson.own_folder / DEFAULT_FILE_NAME)
        self.set_corpus_file(str(lesson.corpus))
        return self.add_files([str(path) for path in lesson.responses])

    def watch_folder(self, folder: str | None) -> int:
        return self.sources.watch_folder(folder)

    def set_corpus_file(self, path: str | None) -> Task | None:
        return self.sources.set_corpus_file(path)

    def _files_added(self, _paths: list[str]) -> None:
        if self.curation.path is None and not self.sources.holds_judgements():
            # The decisions live beside the responses: reopening the files restores them.
            location = beside(self.sources.paths())
            if location is not None:
                self.curation.open_file(location)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.sources.files_list.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.sources.files_list.dropEvent(event)

    def _export_neighbours(self) -> list[str | None]:
        """The files an export's dialog opens beside: the responses, then the corpus."""
        source = self.state.source
        return [*self.sources.paths(), self.sources.chosen_corpus_path,
                str(source.path) if source is not None else None]

    def _open_corpus(self) -> Corpus | None:
        if self.sources.chosen_corpus is not None:
            return self.sources.chosen_corpus
        source = self.state.source
        return source.corpus if source is not None else None

    def _on_session_changed(self) -> None:
        # Off screen in the main window, the table of every instance waits until the workspace
        # is shown: opening a 100,000-instance corpus in Annotate must not build it.
        if self.parentWidget() is not None and not self.isVisible():
            self._instances_stale = True
            return
        self._refresh_instances()

    def showEvent(self, event: QShowEvent) -> None:
        if self._instances_stale:
            self._refresh_instances()
        super().showEvent(event)

    def _current_instances(self) -> dict[tuple[str, str], Instance]:
        if self._instances_stale:  # asked for while off screen
            self._refresh_instances()
        return self._instances

    def _refresh_instances(self) -> None:
        self._instances_stale = False
        corpus = self._open_corpus()
        self._instances = ({(lexelt.item, instance.id): instance
                            for lexelt, instance in corpus.instances()} if corpus else {})
        self.curation.set_instances(self._instances)
        self.sources.show_corpus(corpus is not None)

    # -- computing -------------------------------------------------------------------------------

    def schedule_analysis(self, suggest: bool = False) -> None:
        self.runner.schedule(suggest)

    def _request(self, suggest: bool) -> AnalysisRequest | JudgementRequest:
        if self.sources.holds_judgements():
            # The gold follows the corpus, and the SWORDS file takes its sentences from it.
            return JudgementRequest(
                paths=tuple(self.sources.paths()), corpus=self._open_corpus(),
                unsure=self.judgements.unsure(), bootstrap=self.sources.replicates_spin.value(),
                seed=self.sources.seed_spin.value())
        return AnalysisRequest(
            paths=tuple(self.sources.paths()), corpus=self.sources.chosen_corpus,
            options=self.sources.options(), merge_map=self._merge_map(),
            bootstrap=self.sources.replicates_spin.value(), seed=self.sources.seed_spin.value(),
            suggest=suggest, lang=self._corpus_lang())

    def _corpus_lang(self) -> str | None:
        """The responses' language: the chosen corpus's, else the one open in Annotate's."""
        corpus = self._open_corpus()
        return corpus.lang if corpus is not None else None

    def request(self) -> AnalysisRequest | JudgementRequest:
        return self.runner.request()

    def start_analysis(self) -> Task | None:
        """Compute now (None when there is no file: the views are emptied)."""
        return self.runner.start()

    def _clear_analysis(self) -> None:
        self.analysis = None
        self.judgement_analysis = None
        self.judgements.show_analysis(None, None, 0)
        self._show_kind(judgements=False)
        self.merges.clear()
        self._show_analysis()
        self.curation.set_analysis(None)

    def cancel_analysis(self) -> None:
        if self.runner.cancel(analysis=self.analysis):
            self.sources.set_status(self.tr("Cancelled."))

    def _computation_started(self) -> None:
        self.sources.set_busy(True)
        self.sources.set_status(self.tr("Computing…"))

    def _on_progress(self, text: str) -> None:
        self.sources.set_status(self.tr("Computing: {step}").format(step=text))

    def _analysis_failed(self, error: object) -> None:
        self._failed(self.tr("Cannot compute the agreement"), error)

    def _failed(self, title: str, error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        text = dialogs.error_text(exception)
        self.sources.set_status(f"{title}: {text}")
        self.analysis_failed.emit(text)
        dialogs.show_error(self, title, exception)

    def _analysis_done(self, analysis: Analysis, views: Views) -> None:
        self.analysis, self._views = analysis, views
        self.judgement_analysis = None
        self.judgements.show_analysis(None, None, 0)
        self._show_kind(judgements=False)
        if analysis.suggestions is not None:
            self._say_if_no_lemmatiser(analysis)
            self.merges.take_proposals(analysis.suggestions)
            if self._merge_map() != analysis.request.merge_map:
                # An accepted merge is no longer proposed (its file was removed): compute again.
                self.schedule_analysis()
        self._show_analysis()
        self.curation.set_analysis(analysis)
        self._publish_gold()
        self.analysis_ready.emit()

    def _say_if_no_lemmatiser(self, analysis: Analysis) -> None:
        """Once, when proposals are made: a language without a dictionary gets none of
        inflections or typos (core/model/languages.py)."""
        language = request_language(analysis.request)
        if language.lemmatiser is None:
            self.status_message.emit(self.tr(
                "No lemma or typo proposals for {language}: no lemmatiser for this corpus "
                "language.").format(language=language.label))

    def _judgements_done(self, analysis: JudgementAnalysis, views: JudgementViews) -> None:
        if self.analysis is not None:
            self.analysis, self._views = None, None
            self.merges.clear()
            self.curation.set_analysis(None)
        self.judgement_analysis = analysis
        self._show_kind(judgements=True)
        self._show_analysis()
        self.judgements.show_analysis(analysis, views, len(self.input_problems()))
        self._publish_gold()
        self.analysis_ready.emit()

    # -- showing ---------------------------------------------------------------------------------

    def _show_kind(self, judgements: bool) -> None:
        """The Judgements tab for judgements files, the free-production tabs for responses."""
        shown = self.judgements if judgements else self.summary
        current = self.tabs.currentWidget()
        # The page to show first, so that hiding the current page never lands on Team.
        self.tabs.setTabVisible(self.tabs.indexOf(shown), True)
        if current is not self.team_scroll and current is not shown:
            self.tabs.setCurrentWidget(shown)
        for page in self._responses_tabs:
            self.tabs.setTabVisible(self.tabs.indexOf(page), not judgements)
        self.tabs.setTabVisible(self.tabs.indexOf(self.judgements), judgements)

    def _show_analysis(self) -> None:
        analysis, views = self.analysis, self._views
        has = analysis is not None
        judged = self.judgement_analysis
        self.exports.set_available(has, judged)
        for act in (self.export_mw_action, self.export_mapping_action):
            act.setEnabled(has)
        for act in (self.export_gold_action, self.export_report_action):
            act.setEnabled(has or judged is not None)
        problems = len(self.input_problems())
        if analysis is None:
            views = None
        self.summary.show_analysis(analysis, views, problems)
        self.pairs.show_report(analysis.report if analysis is not None else None)
        self.breakdowns.show_views(views)
        self.items.show_analysis(analysis, views.items if views is not None else None)
        self.merges.show_gold(views)
        self._show_status()

    def _show_status(self) -> None:
        """The files, their input problems and, apart, the organiser's curation decisions:
        what a decision makes of an answer is never an input problem."""
        analysis, judged = self.analysis, self.judgement_analysis
        if analysis is None and judged is None:
            self.sources.set_status("")
            return
        files = len((analysis or judged).request.paths)  # type: ignore[union-attr]
        problems = len(self.input_problems())
        status = (self.tr("Computed from {files} file(s); {problems} input problem(s).").format(
                      files=files, problems=problems) if problems else
                  self.tr("Computed from {files} file(s).").format(files=files))
        decisions = len(self.curation.adjudication) if analysis is not None else 0
        if decisions:
            status += " " + self.tr("{decisions} curation decision(s).").format(
                decisions=decisions)
        self.sources.set_status(status)

    def input_problems(self) -> Diagnostics:
        problems = Diagnostics(None)
        if self.analysis is not None:
            problems.extend(self.analysis.read_diagnostics)
            problems.extend(self.analysis.pooled.diagnostics)
        if self.judgement_analysis is not None:
            problems.extend(self.judgement_analysis.read_diagnostics)
        return problems

    def show_problems(self) -> None:
        title = (self.tr("Problems in the judgements files") if self.judgement_analysis
                 is not None else self.tr("Problems in the responses files"))
        dialogs.show_problems(self, title, self.input_problems())

    def _open_pair(self, first: int, second: int) -> None:
        """List the items the pair of this heatmap cell disagrees on (Items tab)."""
        if self.analysis is None:
            return
        self.items.show_pair(first, second, self.pairs.threshold())
        self.tabs.setCurrentWidget(self.items)

    def show_item(self, item: int | None) -> None:
        """The sentence and every annotator's (normalised) answer to one item."""
        self.items.show_item(item)

    # -- adjudication ----------------------------------------------------------------------------

    def _merges_changed(self) -> None:
        if self.analysis is not None:
            self.schedule_analysis()

    def _merge_map(self) -> MergeMap:
        """The accepted proposals of the Adjudication tab, then the curation view's merges."""
        return self.curation.adjudication.merge_map(merge_map_from(self.merges.accepted()))

    def _adjudication_changed(self, merges_changed: bool) -> None:
        if self.analysis is None:
            if merges_changed and self.runner.cancel(analysis=None):
                # The decisions were read while the first computation ran without their
                # merges: it is replaced at once (proposals still asked for), not shown first.
                self.runner.start()
            return
        self._show_status()
        if merges_changed:
            self.schedule_analysis()
        else:
            self._publish_gold()

    def _publish_gold(self) -> None:
        """Scoring gets the adjudicated gold (of judgements: the acceptable votes)."""
        judged = self.judgement_analysis
        if judged is not None:
            self.state.current_gold = list(judged.pooled.gold)
            self.state.current_multiword_gold = None
            self.state.gold_changed.emit(self.state.current_gold)
            return
        analysis = self.analysis
        if analysis is None:
            return
        gold = self.curation.gold()
        adjudication = self.curation.adjudication
        self.state.current_gold = gold
        self.state.current_multiword_gold = lambda: exclude_items(
            analysis.assembly.multiword_gold, adjudication)
        self.state.gold_changed.emit(gold)

    def flush_pending(self) -> None:
        """The curation decisions taken are all written to the adjudication file."""
        self.curation.flush_pending()
