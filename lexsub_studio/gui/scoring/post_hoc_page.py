"""The Post hoc tab of Scoring: the judgements files added, and each system's answers judged
after the fact (core/scoring/report/post_hoc.py): the share judged acceptable by majority, the
judged share and the unjudged count, beside the league table's official and clean figures. The
workspace computes; this page asks for files and shows the result."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QModelIndex, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from lexsub_studio.core.model.diagnostics import Diagnostic
from lexsub_studio.core.scoring.report.post_hoc import (
    POST_HOC_DEFINITIONS,
    PostHocResult,
    post_hoc_table,
)
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.scoring.models import TableModel
from lexsub_studio.gui.widgets import named

JUDGEMENTS_FILTER = "Judgements files (*.tsv *.txt);;All files (*)"
#: The headers of core's post-hoc table (POST_HOC_COLUMNS), marked for translation.
HEADERS = (QT_TRANSLATE_NOOP("PostHocPage", "system"), QT_TRANSLATE_NOOP("PostHocPage", "kind"),
           QT_TRANSLATE_NOOP("PostHocPage", "post-hoc acceptable"),
           QT_TRANSLATE_NOOP("PostHocPage", "acceptable"),
           QT_TRANSLATE_NOOP("PostHocPage", "judged"),
           QT_TRANSLATE_NOOP("PostHocPage", "judged share"),
           QT_TRANSLATE_NOOP("PostHocPage", "answers"),
           QT_TRANSLATE_NOOP("PostHocPage", "unjudged"), QT_TRANSLATE_NOOP("PostHocPage", "note"))
#: Input problems of the judgements files named on the page before the rest are counted.
SHOWN_PROBLEMS = 5


class PostHocPage(QWidget):
    #: judgements files chosen in the dialog.
    judgements_chosen = Signal(list)
    #: the judgements files are to be taken away.
    clear_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: list[tuple[str, str, PostHocResult | str]] = []
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(controls.button(
            self, self.tr("Add judgements…"), "postHocAddButton", self.choose_judgements,
            self.tr("Add annotators' judgements files (# lexsub-judgements 1) to score each "
                    "best or oot system's answers post hoc")))
        row.addWidget(controls.button(
            self, self.tr("Clear judgements"), "postHocClearButton", self.clear_requested.emit,
            self.tr("Take the judgements files away")))
        row.addStretch(1)
        layout.addLayout(row)
        self.files_label = named(QLabel(self), "postHocFilesLabel", self.tr("Judgements files"))
        self.files_label.setWordWrap(True)
        layout.addWidget(self.files_label)
        self.model = TableModel(self)
        self.view = controls.table_view(self, "postHocTable",
                                        self.tr("Post-hoc figures of each system"))
        self.view.setModel(self.model)
        # The note (why a system has no figure) takes the room left.
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.selectionModel().currentRowChanged.connect(self._explain)
        layout.addWidget(self.view, 1)
        self.explanation = named(QLabel(self), "postHocExplanation",
                                 self.tr("The selected system's post-hoc figures"))
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.explanation)
        self.show_results([], [], [], "fraction")

    def choose_judgements(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Add judgements files"), "",
                                                self.tr(JUDGEMENTS_FILTER))
        if paths:
            self.judgements_chosen.emit(paths)

    def show_results(self, paths: list[str], results: list[tuple[str, str, PostHocResult | str]],
                     problems: list[Diagnostic], unit: str) -> None:
        """The files, the table (``results``: name, kind, result or why none) and the files'
        problems."""
        self.results = list(results)
        if not paths:
            self.files_label.setText(self.tr(
                "Add the annotators' judgements files (or drop them here) to see, for each best "
                "or oot system, the share of its answers judged acceptable by a majority of "
                "the annotators who judged them."))
        else:
            text = self.tr("Judgements: {files}.").format(
                files=", ".join(Path(path).name for path in paths))
            if problems:
                shown = "; ".join(str(problem) for problem in problems[:SHOWN_PROBLEMS])
                more = len(problems) - SHOWN_PROBLEMS
                text += " " + self.tr("{count} input problem(s): {shown}").format(
                    count=len(problems), shown=shown)
                if more > 0:
                    text += " " + self.tr("(and {more} more)").format(more=more)
            self.files_label.setText(text)
        table = post_hoc_table(self.results)
        tips = {column: POST_HOC_DEFINITIONS[header]
                for column, header in enumerate(table.header) if header in POST_HOC_DEFINITIONS}
        table.header = [QCoreApplication.translate("PostHocPage", header)
                        for header in table.header]
        self.model.set_table(table, unit, header_tips=tips)
        self.view.resizeColumnsToContents()
        self._explain(self.view.currentIndex())

    def _explain(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        if not current.isValid() or not 0 <= current.row() < len(self.model.table.rows):
            self.explanation.setText(self.tr(
                "An answer is acceptable when more than half of the annotators who judged it "
                "said acceptable (a tie is not; unsure is a judgement that is not acceptable). "
                "Select a system to see its unjudged answers."))
            return
        name = str(self.model.table.rows[current.row()][0])
        result = next((found for shown, _kind, found in self.results if shown == name), None)
        if not isinstance(result, PostHocResult):
            self.explanation.setText(str(result or ""))
            return
        text = self.tr("{name}: {acceptable} of {judged} judged answers acceptable; {judged} of "
                       "{answers} answers judged ({items} items).").format(
            name=name, acceptable=result.acceptable, judged=result.judged,
            answers=result.answers, items=result.items)
        if result.unjudged:
            text += " " + self.tr("Unjudged ({count}): {examples}").format(
                count=result.unjudged, examples="; ".join(result.unjudged_examples)
                + (" …" if result.unjudged > len(result.unjudged_examples) else ""))
        self.explanation.setText(text)
