"""The Significance tab: two systems, one measure, a paired bootstrap and approximate
randomisation on their per-item scores (lexsub_studio.core.significance), in the background."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QTextBrowser, QVBoxLayout, QWidget

from lexsub_studio.core.scoring_export import SystemScores
from lexsub_studio.core.significance import DEFAULT_SAMPLES, DEFAULT_SEED
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.scoring import controls
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
        self.system_a = controls.combo(self, "systemACombo", "System A", [])
        self.system_b = controls.combo(self, "systemBCombo", "System B", [])
        self.measure = controls.measure_combo(self, "significanceMeasureCombo",
                                              "Significance measure", measures)
        self.method_combo = controls.combo(self, "methodCombo", "Test",
                                           [("both tests", "both"),
                                            ("paired bootstrap", "bootstrap"),
                                            ("approximate randomisation", "randomisation")])
        self.samples_spin = named(QSpinBox(self), "samplesSpin", "Samples")
        self.samples_spin.setRange(100, 1_000_000)
        self.samples_spin.setSingleStep(1000)
        self.samples_spin.setValue(DEFAULT_SAMPLES)
        self.seed_spin = named(QSpinBox(self), "seedSpin", "Seed")
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(DEFAULT_SEED)
        rows = [QHBoxLayout() for _ in range(3)]
        for row, label, widget in (
                (0, "A:", self.system_a), (0, "B:", self.system_b),
                (1, "Measure:", self.measure), (1, "Test:", self.method_combo),
                (2, "Samples:", self.samples_spin), (2, "Seed:", self.seed_spin)):
            rows[row].addWidget(QLabel(label, self))
            rows[row].addWidget(widget)
        rows[2].addWidget(controls.button(
            self, "Run test", "runSignificanceButton", self.run,
            "Test whether the two systems differ on per-item scores"))
        for row in rows:
            row.addStretch(1)
            layout.addLayout(row)
        self.result = named(QTextBrowser(self), "significanceResult", "Significance result")
        layout.addWidget(self.result, 1)

    def set_systems(self, systems: Sequence[SystemScores]) -> None:
        self.systems = list(systems)
        names = [system.name for system in systems]
        controls.set_choices(self.system_a, names)
        controls.set_choices(self.system_b, names)
        if len(names) > 1 and self.system_b.currentIndex() == self.system_a.currentIndex():
            self.system_b.setCurrentIndex(1 if self.system_a.currentIndex() == 0 else 0)

    def run(self) -> Task | None:
        from lexsub_studio.core.significance import paired_scores, run_test

        first, second = self.system_a.currentIndex(), self.system_b.currentIndex()
        if not (0 <= first < len(self.systems) and 0 <= second < len(self.systems)):
            self.result.setPlainText("Add two systems to compare them.")
            return None
        a, b = self.systems[first], self.systems[second]
        report_a, report_b = a.report, b.report
        if report_a is None or report_b is None:
            return None
        measure = self.measure.currentData()
        method = self.method_combo.currentData()
        samples, seed = self.samples_spin.value(), self.seed_spin.value()
        methods = ("bootstrap", "randomisation") if method == "both" else (method,)

        def job(token: Any, report: Any) -> str:
            def progress(done: int, total: int) -> bool:
                report(f"Significance: {done} of {total} samples")
                return not token.cancelled

            try:
                paired = paired_scores(report_a, report_b, measure)
            except KeyError as error:
                return str(error.args[0])
            lines = [f"A = {a.name}, B = {b.name}, measure {measure}, {len(paired)} items "
                     f"(unanswered items score 0)."]
            lines += [run_test(name, paired.a, paired.b, samples=samples, seed=seed,
                               progress=progress).describe() for name in methods]
            return "\n".join(lines)

        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        task = run_in_background(job)
        self.task = task
        self.result.setPlainText("Running…")
        task.progress.connect(self._progress)
        task.result.connect(self._finished)
        task.error.connect(self._failed)
        return task

    def _progress(self, text: str) -> None:
        self.message.emit(text)

    def _finished(self, text: str) -> None:
        self.result.setPlainText(text)
        self.done.emit(text)

    def _failed(self, error: BaseException) -> None:
        self.result.setPlainText(dialogs.error_text(error))
