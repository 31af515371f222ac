"""The Significance tab: a paired bootstrap and approximate randomisation on per-item scores
(lexsub_studio.core.scoring.compare.significance), in the background, for two systems, for every
pair of systems (a matrix) or for every system against a chosen baseline. A matrix lists the
systems in rank order (by the measure tested) and each cell is one symbol (≫ > ≈ < ≪, explained
by the legend above it), so ten systems fit a 1024 px screen; the sentence with its p-value is
the cell's tool tip, and the tests' numbers show in the pane below when a cell is selected."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.scoring.compare.league import measure_label
from lexsub_studio.core.scoring.compare.significance import (
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    PairComparison,
)
from lexsub_studio.core.scoring.compare.significance_text import (
    chosen_tests,
    has_measure,
    matrix_cell_lines,
    matrix_note,
    pair_lines,
    rank_order,
    symbol_legend,
)
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.scoring.models import SignificanceModel
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named


class SignificancePage(QWidget):
    #: A test finished; the argument is the text shown.
    done = Signal(str)
    #: Progress for the status bar.
    message = Signal(str)

    def __init__(self, measures: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.systems: list[SystemScores] = []
        self.task: Task | None = None
        layout = QVBoxLayout(self)
        self.compare_combo = controls.combo(self, "compareCombo", self.tr("What to compare"),
                                            [(self.tr("two systems"), "pair"),
                                             (self.tr("every pair of systems"), "matrix"),
                                             (self.tr("each system against a "
                                                      "baseline"), "baseline")])
        self.baseline_combo = controls.combo(self, "baselineCombo", self.tr("Baseline system"), [])
        self.system_a = controls.combo(self, "systemACombo", self.tr("System A"), [])
        self.system_b = controls.combo(self, "systemBCombo", self.tr("System B"), [])
        self.measure = controls.measure_combo(self, "significanceMeasureCombo",
                                              self.tr("Significance measure"), measures)
        self.method_combo = controls.combo(self, "methodCombo", self.tr("Test"),
                                           [(self.tr("both tests"), "both"),
                                            (self.tr("paired bootstrap"), "bootstrap"),
                                            (self.tr("approximate "
                                                     "randomisation"), "randomisation")])
        self.samples_spin = named(QSpinBox(self), "samplesSpin", self.tr("Samples"))
        self.samples_spin.setRange(100, 1_000_000)
        self.samples_spin.setSingleStep(1000)
        self.samples_spin.setValue(DEFAULT_SAMPLES)
        self.seed_spin = named(QSpinBox(self), "seedSpin", self.tr("Seed"))
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(DEFAULT_SEED)
        # Two controls a row at most: the tab must not widen the window.
        rows = [QHBoxLayout() for _ in range(4)]
        for row, label, widget in (
                (0, self.tr("Compare:"), self.compare_combo),
                (0, self.tr("Baseline:"), self.baseline_combo),
                (1, self.tr("A:"), self.system_a), (1, self.tr("B:"), self.system_b),
                (2, self.tr("Measure:"), self.measure), (2, self.tr("Test:"), self.method_combo),
                (3, self.tr("Samples:"), self.samples_spin), (3, self.tr("Seed:"), self.seed_spin)):
            rows[row].addWidget(QLabel(label, self))
            rows[row].addWidget(widget)
        rows[3].addWidget(controls.button(
            self, self.tr("Run test"), "runSignificanceButton", self.run,
            self.tr("Test whether the systems differ on per-item scores")))
        for row in rows:
            row.addStretch(1)
            layout.addLayout(row)
        splitter = named(QSplitter(Qt.Orientation.Vertical, self), "significanceSplitter",
                         self.tr("Significance panels"))
        self.matrix_model = SignificanceModel(self)
        matrix_panel = QWidget(splitter)
        matrix_layout = QVBoxLayout(matrix_panel)
        matrix_layout.setContentsMargins(0, 0, 0, 0)
        self.legend = named(QLabel(self._legend_text(), matrix_panel), "significanceLegend",
                            self.tr("What the symbols in the matrix mean"))
        self.legend.setWordWrap(True)
        self.matrix = controls.table_view(matrix_panel, "significanceMatrix",
                                          self.tr("Significance matrix"))
        self.matrix.setSortingEnabled(False)
        self.matrix.setModel(self.matrix_model)
        # A symbol a cell: every column as narrow as its number or symbol.
        self.matrix.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        matrix_layout.addWidget(self.legend)
        matrix_layout.addWidget(self.matrix, 1)
        self.matrix_panel = matrix_panel
        matrix_panel.setVisible(False)
        splitter.addWidget(matrix_panel)
        self.result = named(QTextBrowser(splitter), "significanceResult",
                            self.tr("Significance result"))
        splitter.addWidget(self.result)
        # The matrix before the detail pane: ten rows want more room than a few lines of text.
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout.addWidget(splitter, 1)
        #: The last matrix run: how it was made (shown with a selected cell).
        self._matrix_note = ""
        self.compare_combo.currentIndexChanged.connect(self._mode_changed)
        self.matrix.selectionModel().currentChanged.connect(self._show_cell)
        self._mode_changed()

    def _legend_text(self) -> str:
        return self.tr("Each cell: the row's system against the column's (columns numbered as "
                       "the rows, systems in rank order). {legend}. Point at a cell for the "
                       "sentence, select it for the tests' numbers.").format(
                           legend=symbol_legend())

    @property
    def mode(self) -> str:
        return str(self.compare_combo.currentData())

    def _mode_changed(self, *_: Any) -> None:
        mode = self.mode
        self.system_a.setEnabled(mode == "pair")
        self.system_b.setEnabled(mode == "pair")
        self.baseline_combo.setEnabled(mode == "baseline")
        self.matrix_panel.setVisible(mode != "pair")

    def set_systems(self, systems: Sequence[SystemScores]) -> None:
        self.systems = list(systems)
        names = [system.name for system in systems]
        controls.set_choices(self.system_a, names)
        controls.set_choices(self.system_b, names)
        controls.set_choices(self.baseline_combo, names)
        if len(names) > 1 and self.system_b.currentIndex() == self.system_a.currentIndex():
            self.system_b.setCurrentIndex(self._partner_of(self.system_a.currentIndex()))

    def _partner_of(self, first: int) -> int:
        """The system first offered beside ``first``: the next one of its kind, whose measures
        it shares (a best file against an oot file has no best recall to compare), else the
        next one."""
        others = [index for index in range(len(self.systems)) if index != first]
        kind = self.systems[first].kind
        return next((index for index in others if self.systems[index].kind == kind), others[0])

    def run(self) -> Task | None:
        """Run the comparison the Compare choice names."""
        if self.mode == "pair":
            return self.run_pair()
        return self.run_matrix()

    def run_pair(self) -> Task | None:
        from lexsub_studio.core.scoring.compare.significance import paired_scores, run_test

        first, second = self.system_a.currentIndex(), self.system_b.currentIndex()
        if not (0 <= first < len(self.systems) and 0 <= second < len(self.systems)):
            self.result.setPlainText(self.tr("Add two systems to compare them."))
            return None
        a, b = self.systems[first], self.systems[second]
        report_a, report_b = a.report, b.report
        if report_a is None or report_b is None:
            return None
        measure = self.measure.currentData()
        method = self.method_combo.currentData()
        samples, seed = self.samples_spin.value(), self.seed_spin.value()
        methods = chosen_tests(method)

        def job(token: Any, report: Any) -> str:
            def progress(done: int, total: int) -> bool:
                report(f"Significance: {done} of {total} samples")
                return not token.cancelled

            try:
                paired = paired_scores(report_a, report_b, measure)
            except KeyError as error:
                return str(error.args[0])
            results = [run_test(name, paired.a, paired.b, samples=samples, seed=seed,
                                progress=progress) for name in methods]
            return "\n".join(pair_lines(a.name, b.name, measure, len(paired), results))

        return self._start(job, self._finished)

    def run_matrix(self) -> Task | None:
        """Every pair of systems, or every system against the baseline, in the background."""
        from lexsub_studio.core.agreement.progress import Cancelled
        from lexsub_studio.core.scoring.compare.significance import compare_systems

        measure = self.measure.currentData()
        # Only systems with the measure take part: a matrix of "not scored" cells says nothing.
        systems = [system for system in self.systems if has_measure(system, measure)]
        # In rank order by the measure tested, as a results table lists them.
        systems = [systems[n] for n in rank_order([_figure(system, measure)
                                                    for system in systems])]
        left_out = [system.name for system in self.systems if system not in systems]
        label = measure_label(measure)
        baseline: int | None = None
        if self.mode == "baseline":
            chosen = self.baseline_combo.currentText()
            names = [system.name for system in systems]
            if chosen not in names:
                self.result.setPlainText(
                    self.tr("The baseline {chosen} has no {label}: choose another baseline or "
                            "measure.").format(chosen=chosen, label=label) if chosen
                    else self.tr("Choose the baseline to compare the systems with."))
                return None
            baseline = names.index(chosen)
        if len(systems) < 2:
            self.result.setPlainText(self.tr("Fewer than two systems have {label}: add systems or "
                                             "choose another measure.").format(label=label))
            return None
        reports = [system.report for system in systems if system.report is not None]
        names = [system.name for system in systems]
        method = self.method_combo.currentData()
        samples, seed = self.samples_spin.value(), self.seed_spin.value()
        methods = chosen_tests(method)
        self._matrix_note = matrix_note(measure, methods, samples, seed, left_out)

        def job(token: Any, report: Any) -> tuple[list[str], list[PairComparison], int | None]:
            def progress(done: int, total: int) -> bool:
                report(f"Significance: {done} of {total} pairs")
                return not token.cancelled

            try:
                compared = compare_systems(reports, measure, methods, baseline=baseline,
                                           samples=samples, seed=seed, progress=progress)
            except Cancelled:
                compared = []
            return names, compared, baseline

        return self._start(job, self._matrix_finished)

    def _start(self, job: Callable[[Any, Any], Any],
               finished: Callable[[Any], None]) -> Task:
        """Run one comparison job in the background, in place of any still running."""
        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        task = run_in_background(job)
        self.task = task
        self.result.setPlainText(self.tr("Running…"))
        task.progress.connect(self._progress)
        task.result.connect(finished)
        task.error.connect(self._failed)
        return task

    def _matrix_finished(self, outcome: tuple[list[str], list[PairComparison], int | None]
                         ) -> None:
        names, compared, baseline = outcome
        self.matrix_model.set_comparisons(names, compared, baseline)
        what = (self.tr("Each cell: the row's system against the column's") if baseline is None else
                self.tr("Each row: the system against the baseline {names}").format(
                    names=names[baseline]))
        text = (self.tr("{what}, systems in rank order by {matrix_note} {legend}. Select a cell "
                        "for the tests' numbers.").format(
                    what=what, matrix_note=self._matrix_note, legend=symbol_legend()))
        self.result.setPlainText(text)
        self.done.emit(text)

    def _show_cell(self, current: QModelIndex, _previous: QModelIndex) -> None:
        comparison = self.matrix_model.comparison(current)
        if comparison is None:
            return
        names = self.matrix_model.names
        first, second = names[comparison.first], names[comparison.second]
        if comparison.p_value is None:
            self.result.setPlainText(self.tr("{first} against {second}: {problem}").format(
                                         first=first, second=second, problem=comparison.problem))
            return
        self.result.setPlainText("\n".join(
            matrix_cell_lines(first, second, self._matrix_note, comparison.results)))

    def _progress(self, text: str) -> None:
        self.message.emit(text)

    def _finished(self, text: str) -> None:
        self.result.setPlainText(text)
        self.done.emit(text)

    def _failed(self, error: BaseException) -> None:
        self.result.setPlainText(dialogs.error_text(error))


def _figure(system: SystemScores, measure: str) -> float | None:
    """The system's overall figure for ``measure`` (None: undefined or not scored)."""
    if system.report is None or measure not in system.report.figures:
        return None
    return system.report.figures[measure].value
