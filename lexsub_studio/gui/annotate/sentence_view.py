"""The sentence, in large type, with the target marked, in the corpus language's direction.

Qt guesses a paragraph's direction from its first letter that has one; a right-to-left
corpus's sentence that starts with a Latin name would then run left to right, so a right-to-left
corpus language (core/model/languages.py) sets it instead; other corpora keep Qt's guess. Any
script shows as long as some installed font has it: Qt falls back from the application font
letter by letter.
"""

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
    #: The sentence's ``dir`` attribute: forced for a right-to-left corpus, else Qt's guess.
    _direction_attribute = ""

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

    def set_right_to_left(self, right_to_left: bool) -> None:
        """Lay the sentence out right to left (Arabic, Hebrew, Persian) or left to right; the
        next ``show_instance`` follows."""
        self._direction_attribute = ' dir="rtl"' if right_to_left else ""  # untranslated: HTML
        self.setLayoutDirection(Qt.LayoutDirection.RightToLeft if right_to_left
                                else Qt.LayoutDirection.LeftToRight)

    def show_instance(self, instance: Instance | None, search: str = "") -> None:
        if instance is None:
            self.setText("")
            self.setAccessibleDescription("")
            return
        self.setText(f'<div{self._direction_attribute} style="line-height:150%">'
                     f"{sentence_html(instance, search)}</div>")
        # Screen readers get the plain sentence and the target spelled out.
        self.setAccessibleDescription(
            self.tr("{sentence} — target: {target}").format(
                sentence=instance.display_context(), target=instance.head))
