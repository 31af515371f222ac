"""The sentence, in large type, with the target marked."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QWidget

from lexsub_studio.core.model.data import Instance
from lexsub_studio.gui.sentence_html import sentence_html
from lexsub_studio.gui.widgets import named

#: The sentence is read closely: larger than the rest of the window.
SENTENCE_SCALE = 1.6


#: The sentence on the text background of the palette in use, framed.
SENTENCE_STYLE = ("QLabel#sentenceView { background: palette(base); color: palette(text); "
                  "border: 1px solid palette(mid); border-radius: 6px; }")


class SentenceView(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "sentenceView", self.tr("Sentence"),
              self.tr("The sentence to annotate; the target word is highlighted"))
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._scale_font()
        self.setMargin(12)
        self.setStyleSheet(SENTENCE_STYLE)

    def follow_palette(self) -> None:
        """A theme changed: a style sheet reads palette(base) once, when it is set; set again,
        it takes the new palette's (the same string again would be ignored)."""
        self.setStyleSheet("")
        self.setStyleSheet(SENTENCE_STYLE)

    def _scale_font(self) -> None:
        """Larger than the application's font; called again when that changes (Ctrl+=)."""
        font = QFont(QApplication.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * SENTENCE_SCALE)
        self.setFont(font)

    rescale_font = _scale_font

    def show_instance(self, instance: Instance | None, search: str = "") -> None:
        if instance is None:
            self.setText("")
            self.setAccessibleDescription("")
            return
        self.setText(f'<div style="line-height:150%">{sentence_html(instance, search)}</div>')
        # Screen readers get the plain sentence and the target spelled out.
        self.setAccessibleDescription(
            self.tr("{sentence} — target: {target}").format(
                sentence=instance.display_context(), target=instance.head))
