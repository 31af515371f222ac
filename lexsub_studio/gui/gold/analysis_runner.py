"""Runs the Gold & Agreement analysis in the background: one computation at a time, a newer
request cancelling the older, a burst of requests gathered into one.

The runner keeps what is worth keeping between computations: the responses (or judgements)
files already read (a file is read again only when it changed) and the gold without merges (to
mark the lines merges change). The workspace says what to compute (``request``: an
AnalysisRequest for responses files, a JudgementRequest for judgements files) and shows what
comes back (``done`` or ``judgements_done``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from lexsub_studio.core.agreement.pool import ResponseSource
from lexsub_studio.core.gold.analysis import Analysis, AnalysisRequest, analyse
from lexsub_studio.core.gold.judgement_analysis import (
    JudgementAnalysis,
    JudgementRequest,
    analyse_judgements,
)
from lexsub_studio.core.io.formats.judgements import JudgementsReadResult
from lexsub_studio.gui.gold.judgement_views import JudgementViews, prepare_judgement_views
from lexsub_studio.gui.gold.views import Views, prepare_views
from lexsub_studio.gui.tasks import Task, run_in_background

#: A burst of merge decisions (or a drop of many files) starts one computation, not many.
RECOMPUTE_DELAY_MS = 150


class AnalysisRunner(QObject):
    #: a computation started.
    started = Signal()
    progress = Signal(str)
    #: (Analysis, Views) of a computation that finished.
    done = Signal(object, object)
    #: (JudgementAnalysis, JudgementViews) of a computation of judgements that finished.
    judgements_done = Signal(object, object)
    failed = Signal(object)
    #: no computation is running any more (finished, failed or cancelled).
    stopped = Signal()
    #: asked to compute with no responses file: there is nothing to show.
    emptied = Signal()

    def __init__(self, request: Callable[[bool], AnalysisRequest | JudgementRequest],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._request = request
        self._task: Task | None = None
        self._pending_suggest = True
        self._sources: dict[str, ResponseSource] = {}
        self._judgement_files: dict[str, JudgementsReadResult] = {}
        self._unmerged: dict[tuple[str, str], list] | None = None
        self._timer = QTimer(self, singleShot=True, interval=RECOMPUTE_DELAY_MS)
        self._timer.timeout.connect(self.start)

    def is_idle(self) -> bool:
        return self._task is None and not self._timer.isActive()

    def schedule(self, suggest: bool = False) -> None:
        """Compute soon; ``suggest``: propose merges anew (the inputs changed)."""
        self._pending_suggest = self._pending_suggest or suggest
        self._timer.start()

    def forget_sources(self, paths: list[str]) -> None:
        """These files changed or went: read them again next time."""
        for path in paths:
            self._sources.pop(path, None)
            self._judgement_files.pop(path, None)

    def request(self) -> AnalysisRequest | JudgementRequest:
        return self._request(self._pending_suggest)

    def start(self) -> Task | None:
        """Start now (None when there is nothing to compute: no file)."""
        self._timer.stop()
        self.cancel(quiet=True)
        request = self.request()
        self._pending_suggest = False
        if not request.paths:
            self.emptied.emit()
            return None
        preparing = self.tr("preparing the tables")
        if isinstance(request, JudgementRequest):
            read = dict(self._judgement_files)

            def judgement_job(token, report) -> tuple[JudgementAnalysis, JudgementViews]:
                analysis = analyse_judgements(request, read, report, lambda: token.cancelled)
                report(preparing)
                return analysis, prepare_judgement_views(analysis)

            task = run_in_background(judgement_job)
            task.result.connect(self._judgements_finished_with)
        else:
            known = dict(self._sources)
            unmerged = self._unmerged

            def job(token, report) -> tuple[Analysis, Views]:
                analysis = analyse(request, known, report, lambda: token.cancelled)
                report(preparing)
                return analysis, prepare_views(analysis, unmerged)

            task = run_in_background(job)
            task.result.connect(self._finished_with)
        self._task = task
        # Bound methods, not lambdas: Qt drops them when the runner goes, so a job still
        # running then never reaches a deleted widget.
        task.progress.connect(self.progress)
        task.error.connect(self.failed)
        task.finished.connect(self._task_finished)
        self.started.emit()
        return task

    def cancel(self, quiet: bool = False, analysis: Analysis | None = None) -> bool:
        """Cancel the running computation; True if one was running. Unless ``quiet``, what
        it was asked and did not compute (merge proposals) is asked again next time."""
        running = self._task is not None and not self._task.is_finished
        if running:
            assert self._task is not None
            self._task.cancel()
            if not quiet:
                self._pending_suggest = self._pending_suggest or (
                    analysis is None or analysis.suggestions is None)
        self._task = None
        self.stopped.emit()
        return running

    def _finished_with(self, outcome: tuple[Analysis, Views]) -> None:
        analysis, views = outcome
        self._sources.update(analysis.sources)
        if analysis.suggestions is not None:
            self._unmerged = {item.key: item.entries for item in analysis.unmerged_gold or []}
        self.done.emit(analysis, views)

    def _judgements_finished_with(
            self, outcome: tuple[JudgementAnalysis, JudgementViews]) -> None:
        analysis, views = outcome
        self._judgement_files.update(analysis.files)
        self.judgements_done.emit(analysis, views)

    def _task_finished(self) -> None:
        if self._task is not None and self._task.is_finished:
            self._task = None
            self.stopped.emit()
