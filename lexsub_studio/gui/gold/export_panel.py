"""The Export box of Gold & Agreement: the gold, the multiword gold, the gold with provenance,
the merge mapping, the agreement report (CSV and HTML) and the chart; for judgements files, the
gold of acceptable votes, the SWORDS JSON (every label) and the agreement report of the labels.

Each export asks where on the GUI thread, takes a snapshot of what it writes (the analysis is
never changed once made; the decisions are copied), and builds and writes the file with
``run_in_background``: a 100,000-item report takes longer than the window may freeze. The
progress shows below the buttons; *Cancel* stops an export before anything is written (files
are written atomically, so a cancelled or failed export leaves the earlier file as it was).
``export_finished`` carries the paths written ([] when nothing was).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.anonymise import anonymise_report
from lexsub_studio.core.gold.adjudication import (
    Adjudication,
    adjudicated_gold_texts,
    apply_gold_decisions,
    provenance_csv,
)
from lexsub_studio.core.gold.analysis import Analysis
from lexsub_studio.core.gold.judgement_analysis import JudgementAnalysis
from lexsub_studio.core.gold.merge_map_text import format_accepted_merges
from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.gold.chart import save_chart
from lexsub_studio.gui.plot_palette import printed_palette
from lexsub_studio.gui.tasks import CancelToken, Task, run_in_background
from lexsub_studio.gui.widgets import named

#: A job writes its files and returns their paths ([] when cancelled before writing).
WriteJob = Callable[[CancelToken, Callable[[str], None]], list[str]]


def _write_unless_cancelled(token: CancelToken, outputs: list[tuple[str, str]]) -> list[str]:
    """Write every (path, text) together, or nothing once cancelled."""
    if token.cancelled:
        return []
    if len(outputs) == 1:
        atomic_write_text(*outputs[0])
    else:
        from lexsub_studio.core.io.output_set import write_output_set

        # The files appear together or not at all.
        write_output_set(outputs)
    return [path for path, _ in outputs]


class ExportPanel(QGroupBox):
    """``analysis``, ``adjudication`` and ``accepted`` give what is exported when asked."""

    #: the paths an export wrote; [] when it failed, was cancelled or wrote nothing.
    export_finished = Signal(list)
    status_message = Signal(str)

    def __init__(self, analysis: Callable[[], Analysis | None],
                 adjudication: Callable[[], Adjudication],
                 accepted: Callable[[], list[MergeSuggestion]],
                 parent: QWidget | None = None, *,
                 near_files: Callable[[], Sequence[str | Path | None]] = lambda: (),
                 judgements: Callable[[], JudgementAnalysis | None] = lambda: None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Export"))
        self._analysis = analysis
        #: The analysis of judgements files, when the workspace pools those instead.
        self._judgements = judgements
        #: The user's files (responses, corpus) the save dialogs open beside.
        self._near_files = near_files
        self._adjudication = adjudication
        self._accepted = accepted
        self._task: Task | None = None
        #: what the running export says when it is done (from the paths) or when it fails.
        self._outcome_texts: tuple[Callable[[list[str]], str], str] = (lambda _paths: "", "")
        layout = QVBoxLayout(self)
        self.anonymise_check = named(QCheckBox(self.tr("Anonymise annotator names"), self),
                                     "goldAnonymiseCheck", self.tr("Anonymise annotator names"),
                                     self.tr("Write A1, A2 … instead of names in the report"))
        layout.addWidget(self.anonymise_check)
        self.export_buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
                ("gold", self.tr("Gold…"), self.export_gold),
                ("mwgold", self.tr("Multiword gold…"), self.export_multiword_gold),
                ("provenance", self.tr("Gold with provenance (CSV)…"), self.export_provenance),
                ("mapping", self.tr("Merge mapping…"), self.export_mapping),
                ("report", self.tr("Agreement report (CSV, HTML)…"), self.export_report),
                ("chart", self.tr("Chart (PNG, SVG, PDF)…"), self.export_chart),
                ("swords", self.tr("SWORDS JSON…"), self.export_swords)):
            button = named(QPushButton(text, self), f"goldExport_{key}",
                           self.tr("Export {what}").format(what=text))
            button.clicked.connect(slot)
            layout.addWidget(button)
            self.export_buttons[key] = button
        progress = QHBoxLayout()
        self.progress_bar = named(QProgressBar(self), "goldExportProgress",
                                  self.tr("Writing the export"))
        self.progress_bar.setRange(0, 0)
        self.cancel_button = named(QPushButton(self.tr("Cancel"), self),
                                   "goldExportCancelButton", self.tr("Cancel the export"),
                                   self.tr("Stop the export before it writes anything"))
        self.cancel_button.clicked.connect(self.cancel_export)
        progress.addWidget(self.progress_bar, 1)
        progress.addWidget(self.cancel_button)
        layout.addLayout(progress)
        self.progress_label = named(QLabel(self), "goldExportStatus", self.tr("Export status"))
        self.progress_label.setWordWrap(True)
        layout.addWidget(self.progress_label)
        self._set_busy(False)

    def set_available(self, available: bool,
                      judgements: JudgementAnalysis | None = None) -> None:
        """``available``: a free-production analysis; ``judgements``: one of judgements (the
        gold, the report and the SWORDS JSON are exported from it)."""
        for key, button in self.export_buttons.items():
            button.setEnabled(available and key != "swords")
        if judgements is not None:
            for key in ("gold", "report"):
                self.export_buttons[key].setEnabled(True)
            has_benchmark = judgements.pooled.benchmark is not None
            self.export_buttons["swords"].setEnabled(has_benchmark)
        self.export_buttons["swords"].setToolTip(
            self.tr("Every judgement as a SWORDS benchmark (needs the corpus: check against "
                    "one, or open it in Annotate)") if judgements is not None
            and judgements.pooled.benchmark is None else
            self.tr("Every judgement as a SWORDS benchmark (judgements files only)"))

    # -- the exports -----------------------------------------------------------------------------

    def export_gold(self) -> Task | None:
        """The adjudicated gold, byte for byte what ``lexsub gold --adjudication`` writes; of
        judgements, the gold ``lexsub judge pool`` writes."""
        if self._judgements() is not None:
            return self._export_judgement_gold()
        return self._export_gold_file(0, self.tr("Export the gold"), "gold",
                                      self.tr("Cannot write the gold"),
                                      self.tr("Gold: {lines} line(s) written to {path}"))

    def export_multiword_gold(self) -> Task | None:
        return self._export_gold_file(1, self.tr("Export the multiword gold"), "gold.mw",
                                      self.tr("Cannot write the multiword gold"),
                                      self.tr("Multiword gold: {lines} line(s) written to "
                                              "{path}"))

    def _export_gold_file(self, which: int, title: str, name: str, failure: str,
                          done: str) -> Task | None:
        analysis = self._analysis()
        if analysis is None:
            return None
        path = self._save_path(title, name, self.tr("Gold files (*.gold *.txt);;All files (*)"))
        if not path:
            return None
        adjudication = self._decisions()
        lines: list[int] = []
        step = self.tr("building the gold")

        def job(token: CancelToken, report: Callable[[str], None]) -> list[str]:
            report(step)
            text = adjudicated_gold_texts(analysis.assembly, adjudication)[which]
            lines.append(text.count("\n"))
            return _write_unless_cancelled(token, [(path, text)])

        return self._start(job, failure,
                           lambda written: done.format(lines=lines[0], path=written[0]))

    def _export_judgement_gold(self) -> Task | None:
        judged = self._judgements()
        if judged is None:
            return None
        path = self._save_path(self.tr("Export the gold of acceptable votes"), "judged.gold",
                               self.tr("Gold files (*.gold *.txt);;All files (*)"))
        if not path:
            return None
        gold = list(judged.pooled.gold)

        def job(token: CancelToken, _report: Callable[[str], None]) -> list[str]:
            from lexsub_studio.core.io.formats.gold import format_gold_line

            text = "".join(format_gold_line(item) + "\n" for item in gold)
            return _write_unless_cancelled(token, [(path, text)])

        return self._start(job, self.tr("Cannot write the gold"),
                           lambda written: self.tr("Gold: {lines} line(s) written to {path}")
                           .format(lines=len(gold), path=written[0]))

    def export_swords(self) -> Task | None:
        """Every judgement as SWORDS JSON, what ``lexsub judge pool`` writes beside the gold."""
        judged = self._judgements()
        if judged is None or judged.pooled.benchmark is None:
            return None
        path = self._save_path(self.tr("Export the SWORDS JSON"), "judged.swords.json",
                               self.tr("SWORDS JSON (*.json *.json.gz);;All files (*)"))
        if not path:
            return None
        benchmark = judged.pooled.benchmark
        step = self.tr("building the SWORDS JSON")

        def job(token: CancelToken, report: Callable[[str], None]) -> list[str]:
            from lexsub_studio.core.io.atomic import atomic_write_bytes
            from lexsub_studio.core.io.formats.swords import encode_json, swords_to_json

            report(step)
            data = encode_json(swords_to_json(benchmark), path.endswith(".gz"))
            if token.cancelled:
                return []
            atomic_write_bytes(path, data)
            return [path]

        return self._start(job, self.tr("Cannot write the SWORDS JSON"),
                           lambda written: self.tr("SWORDS JSON ({count} substitute(s)) "
                                                   "written to {path}").format(
                               count=len(benchmark.substitutes), path=written[0]))

    def export_provenance(self) -> Task | None:
        """The adjudicated gold as a CSV with the annotators who gave each entry."""
        analysis = self._analysis()
        if analysis is None:
            return None
        path = self._save_path(self.tr("Export the gold with provenance"),
                               "gold-provenance.csv", self.tr("CSV (*.csv);;All files (*)"))
        if not path:
            return None
        adjudication = self._decisions()
        step = self.tr("building the gold with provenance")

        def job(token: CancelToken, report: Callable[[str], None]) -> list[str]:
            report(step)
            gold = apply_gold_decisions(analysis.assembly.gold, adjudication)
            text = provenance_csv(analysis.pooled, gold, adjudication)
            return _write_unless_cancelled(token, [(path, text)])

        return self._start(job, self.tr("Cannot write the provenance"),
                           lambda written: self.tr("Gold with provenance written to {path}")
                           .format(path=written[0]))

    def export_mapping(self) -> Task | None:
        accepted = list(self._accepted())
        path = self._save_path(self.tr("Export the merge mapping"), "merges.tsv",
                               self.tr("Merge map (*.tsv *.txt);;All files (*)"))
        if not path:
            return None

        def job(token: CancelToken, _report: Callable[[str], None]) -> list[str]:
            return _write_unless_cancelled(token, [(path, format_accepted_merges(accepted))])

        return self._start(job, self.tr("Cannot write the mapping"),
                           lambda written: self.tr("{count} accepted merge(s) written to "
                                                   "{path}").format(count=len(accepted),
                                                                    path=written[0]))

    def export_report(self) -> Task | None:
        """Write NAME.csv (the figures) and NAME.html (everything) together."""
        if self._judgements() is not None:
            return self._export_judgement_report()
        analysis = self._analysis()
        if analysis is None:
            return None
        path = self._save_path(self.tr("Export the agreement report"), "agreement",
                               self.tr("Report (*.html *.csv);;All files (*)"))
        if not path:
            return None
        base = Path(path)
        if base.suffix.lower() in (".html", ".htm", ".csv"):
            base = base.with_suffix("")
        anonymise = self.anonymise_check.isChecked()
        csv_path, html_path = f"{base}.csv", f"{base}.html"
        figures_step, page_step = self.tr("the figures (CSV)"), self.tr("the report page (HTML)")

        def job(token: CancelToken, report: Callable[[str], None]) -> list[str]:
            from lexsub_studio.core.agreement.export import format_report_csv
            from lexsub_studio.core.agreement.report_about import report_about
            from lexsub_studio.core.agreement.report_html import report_html

            figures = anonymise_report(analysis.report) if anonymise else analysis.report
            report(figures_step)
            csv_text = format_report_csv(figures)
            if token.cancelled:
                return []
            report(page_step)
            request = analysis.request
            about = report_about(request.paths, len(request.merge_map) if request.merge_map
                                 else 0, analysis.pooled.stats, companions=[csv_path],
                                 anonymised=anonymise)
            return _write_unless_cancelled(token, [(csv_path, csv_text),
                                                   (html_path, report_html(figures,
                                                                           about=about))])

        return self._start(job, self.tr("Cannot write the report"),
                           lambda written: self.tr("Agreement report written to {csv} and "
                                                   "{html}").format(csv=written[0],
                                                                    html=written[1]))

    def _export_judgement_report(self) -> Task | None:
        """What ``lexsub agree JUDGEMENTS --format csv`` and ``--format html`` write."""
        judged = self._judgements()
        if judged is None:
            return None
        path = self._save_path(self.tr("Export the agreement report"), "agreement",
                               self.tr("Report (*.html *.csv);;All files (*)"))
        if not path:
            return None
        base = Path(path)
        if base.suffix.lower() in (".html", ".htm", ".csv"):
            base = base.with_suffix("")
        csv_path, html_path = f"{base}.csv", f"{base}.html"
        anonymise = self.anonymise_check.isChecked()
        report = judged.report

        def job(token: CancelToken, _progress: Callable[[str], None]) -> list[str]:
            from lexsub_studio.core.agreement.judgement_export import (
                judgement_report_csv,
                judgement_report_html,
            )
            from lexsub_studio.core.agreement.judgements import anonymise_judgement_report

            figures = anonymise_judgement_report(report) if anonymise else report
            return _write_unless_cancelled(token, [(csv_path, judgement_report_csv(figures)),
                                                   (html_path, judgement_report_html(figures))])

        return self._start(job, self.tr("Cannot write the report"),
                           lambda written: self.tr("Agreement report written to {csv} and "
                                                   "{html}").format(csv=written[0],
                                                                    html=written[1]))

    def export_chart(self) -> Task | None:
        analysis = self._analysis()
        path = self._save_path(self.tr("Export the chart"), "agreement.png",
                               self.tr("PNG image (*.png);;SVG image (*.svg);;PDF document "
                                       "(*.pdf)"))
        if not path:
            return None
        report = analysis.report if analysis is not None else None
        palette = printed_palette()
        step = self.tr("drawing the chart")

        def job(token: CancelToken, progress: Callable[[str], None]) -> list[str]:
            if token.cancelled:
                return []
            progress(step)
            save_chart(report, path, palette)
            return [path]

        return self._start(job, self.tr("Cannot write the chart"),
                           lambda written: self.tr("Chart written to {path}").format(
                               path=written[0]))

    # -- running an export -----------------------------------------------------------------------

    def _save_path(self, title: str, name: str, file_filter: str) -> str | None:
        store = settings.app_settings()
        analysis = self._analysis()
        analysed = analysis.request.paths if analysis is not None else ()
        folder = settings.start_directory(store, [*self._near_files(), *analysed])
        path, _ = QFileDialog.getSaveFileName(self, title, str(folder / name), file_filter)
        if path:
            settings.remember_directory(store, path)
        return path or None

    def _decisions(self) -> Adjudication:
        """A copy: the organiser may take a decision while the export is written."""
        return Adjudication(list(self._adjudication().decisions))

    def _start(self, job: WriteJob, failure: str,
               done: Callable[[list[str]], str]) -> Task:
        self.cancel_export()
        task = run_in_background(job)
        self._task = task
        self._set_busy(True)
        self.progress_label.setText(self.tr("Writing…"))
        self._outcome_texts = (done, failure)
        # Bound methods, not lambdas: Qt drops them when the panel goes, so an export still
        # running then never reaches a deleted widget.
        task.progress.connect(self._on_progress)
        task.result.connect(self._export_done)
        task.error.connect(self._export_failed)
        task.finished.connect(self._task_finished)
        return task

    def _export_done(self, written: object) -> None:
        done, _failure = self._outcome_texts
        paths = list(written) if isinstance(written, list) else []
        self.progress_label.setText(done(paths) if paths else "")
        if paths:
            self.status_message.emit(done(paths))
        self.export_finished.emit(paths)

    def _export_failed(self, error: object) -> None:
        _done, failure = self._outcome_texts
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        self.progress_label.setText(failure)
        dialogs.show_error(self, failure, exception)
        self.export_finished.emit([])

    def cancel_export(self) -> None:
        task = self._task
        if task is not None and not task.is_finished:
            task.cancel()
            self.progress_label.setText(self.tr("Export cancelled; nothing was written."))
            self.export_finished.emit([])
        self._task = None
        self._set_busy(False)

    def _on_progress(self, text: str) -> None:
        self.progress_label.setText(self.tr("Writing: {step}").format(step=text))

    def _task_finished(self) -> None:
        if self._task is not None and self._task.is_finished:
            self._task = None
            self._set_busy(False)

    def _set_busy(self, busy: bool) -> None:
        self.progress_bar.setVisible(busy)
        self.cancel_button.setVisible(busy)
