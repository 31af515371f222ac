"""The Annotate workspace's answer panel: the instance's heading and sentence, the answer
fields, a training item's reference answer, the buttons to move on, and the bar that says at
once when answers are not saved."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.package import AnnotationSource
from lexsub_studio.core.annotation.work import AnnotationWork
from lexsub_studio.core.model.data import POS_NAMES, parse_lexelt
from lexsub_studio.core.model.languages import Language
from lexsub_studio.gui.annotate.answer_form import AnswerForm
from lexsub_studio.gui.annotate.save_bar import UnsavedBar
from lexsub_studio.gui.annotate.sentence_view import SentenceView
from lexsub_studio.gui.contrast import readable_name
from lexsub_studio.gui.widgets import named

POS_COLOUR = "#1d4ed8"


class AnswerPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 0, 12, 0)
        layout.setSpacing(10)
        heading = QHBoxLayout()
        self.instance_header = named(QLabel(self), "instanceHeader", self.tr("Current instance"))
        self.scale_header_font()
        self.pos_label = named(QLabel(self), "posLabel", self.tr("Part of speech"))
        heading.addWidget(self.instance_header)
        heading.addWidget(self.pos_label)
        heading.addStretch(1)
        self.sentence_view = SentenceView(self)
        self.form = AnswerForm(self)
        self.training_panel = named(QLabel(self), "trainingPanel",
                                    self.tr("Training reference answer"))
        self.training_panel.setWordWrap(True)
        self.training_panel.setTextFormat(Qt.TextFormat.RichText)
        self.training_panel.setFrameShape(QFrame.Shape.StyledPanel)
        self.training_panel.setStyleSheet(
            "QLabel#trainingPanel { background:#ecfdf5; color:#064e3b; padding:8px; "
            "border:1px solid #6ee7b7; border-radius:6px; }")
        self.training_panel.setVisible(False)

        buttons = QHBoxLayout()
        self.prev_button = named(QPushButton(self.tr("◀ Previous"), self), "previousButton",
                                 self.tr("Previous instance"),
                                 self.tr("Previous instance in the list (PgUp)"))
        self.next_button = named(QPushButton(self.tr("Next ▶"), self), "nextButton",
                                 self.tr("Next instance"),
                                 self.tr("Next instance in the list (PgDn)"))
        self.save_button = named(QPushButton(self.tr("Save and next unfinished  ⏎"), self),
                                 "saveNextButton",
                                 self.tr("Save and go to the next unfinished instance"),
                                 self.tr("Save this answer and go to the next unfinished "
                                         "instance (Enter)"))
        self.save_button.setDefault(False)
        for button in (self.prev_button, self.next_button, self.save_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons.addWidget(self.prev_button)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)

        self.empty_hint = named(QLabel(self.tr("Open a corpus to start annotating."), self),
                                "emptyHint", self.tr("No corpus open"))
        self.unsaved_bar = UnsavedBar(self)
        layout.addWidget(self.unsaved_bar)
        layout.addLayout(heading)
        layout.addWidget(self.sentence_view)
        layout.addSpacing(6)
        layout.addWidget(self.form)
        layout.addWidget(self.training_panel)
        layout.addLayout(buttons)
        layout.addWidget(self.empty_hint)
        layout.addStretch(1)
        self._colour_pos_label()

    def set_has_work(self, has_work: bool) -> None:
        for widget in (self.sentence_view, self.form, self.prev_button, self.next_button,
                       self.save_button):
            widget.setEnabled(has_work)
        self.empty_hint.setVisible(not has_work)

    def set_language(self, language: Language) -> None:
        """The corpus language: the sentence and the fields run in its direction, the checks
        use its lemmatiser."""
        self.sentence_view.set_right_to_left(language.right_to_left)
        self.form.set_language(language)

    def clear(self) -> None:
        """No instance on screen."""
        self.sentence_view.show_instance(None)
        self.instance_header.setText("")
        self.pos_label.setText("")
        self.training_panel.setVisible(False)

    def show_header(self, work: AnnotationWork, index: int, show_pos: bool) -> None:
        """Target lemma, instance id and status; the PoS when it is to be shown."""
        item = work.items[index]
        name = parse_lexelt(item.lexelt)
        training = self.tr("Training · ") if item.training else ""
        self.instance_header.setText(self.tr("{training}{lemma} · instance {id} · {status}").format(
            training=training, lemma=html.escape(name.lemma), id=html.escape(item.instance.id),
            status=work.status(index).value))
        show = show_pos and name.pos is not None
        self.pos_label.setVisible(show)
        self.pos_label.setText(f"({POS_NAMES.get(name.pos or '', '')})" if show else "")

    def show_training_reference(self, work: AnnotationWork | None,
                                source: AnnotationSource | None, index: int | None,
                                revealed: bool) -> None:
        """A training item's reference answer, once the annotator has given theirs."""
        if work is None or source is None or index is None:
            self.training_panel.setVisible(False)
            return
        item = work.items[index]
        visible = item.training and revealed
        if visible:
            reference = source.references.get(item.key)
            if reference is None:
                text = self.tr("<b>Training item.</b> The organiser gave no reference answer "
                               "for it.")
            else:
                answers = ", ".join(html.escape(s) for s in reference.substitutes) or "—"
                text = self.tr("<b>Reference answer:</b> {answers}").format(answers=answers)
                if reference.multiword:
                    text += self.tr("<br><b>Multiword:</b> {multiword}").format(
                        multiword=html.escape(reference.multiword))
                if reference.note:
                    text += f"<br>{html.escape(reference.note)}"
            self.training_panel.setText(text + self.tr("<br><i>Press Enter to go on.</i>"))
        self.training_panel.setVisible(visible)

    def scale_header_font(self) -> None:
        font = QFont(QApplication.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.instance_header.setFont(font)

    def rescale_fonts(self) -> None:
        self.scale_header_font()
        self.sentence_view.rescale_font()

    def _colour_pos_label(self) -> None:
        """A colour readable (WCAG AA) on the palette in use, light or dark."""
        self.pos_label.setStyleSheet(f"color: {readable_name(POS_COLOUR)};")

    def follow_palette(self) -> None:
        self._colour_pos_label()
        self.sentence_view.follow_palette()
        self.form.follow_palette()
