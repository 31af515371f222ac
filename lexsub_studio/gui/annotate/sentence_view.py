"""The sentence, in large type, with the target marked."""

from __future__ import annotations

import html
import itertools
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QWidget

from lexsub_studio.core.annotation.instance_search import matched_word_spans
from lexsub_studio.core.model.data import Instance
from lexsub_studio.gui.widgets import named

_SPACES = re.compile(r"\s+")
#: The sentence is read closely: larger than the rest of the window.
SENTENCE_SCALE = 1.6
TARGET_STYLE = ("background-color:#fde68a; color:#111827; font-weight:600; "
                "border-bottom:2px solid #b45309; padding:0 2px;")


SEARCH_STYLE = ("background-color:#bfdbfe; color:#111827; "
                "border-bottom:2px dotted #1d4ed8;")


def sentence_html(instance: Instance, search: str = "") -> str:
    """The context as HTML, whitespace folded for reading, the head wrapped in a marked span;
    the words holding ``search`` (the instance list's search text) marked too, so the annotator
    sees why the instance was found."""
    left = _SPACES.sub(" ", instance.left).lstrip()
    head = _SPACES.sub(" ", instance.head)
    right = _SPACES.sub(" ", instance.right).rstrip()
    text = left + head + right
    head_start, head_end = len(left), len(left) + len(head)
    found = matched_word_spans(text, search)
    # Cut the text at every boundary of the head and of the found words; style each piece.
    cuts = sorted({0, len(text), head_start, head_end,
                   *(p for span in found for p in span)})
    pieces: list[str] = []
    for start, end in itertools.pairwise(cuts):
        piece = html.escape(text[start:end])
        in_found = any(s <= start and end <= e for s, e in found)
        if in_found:
            piece = f'<span style="{SEARCH_STYLE}">{piece}</span>'
        if head_start <= start and end <= head_end:
            piece = f'<span style="{TARGET_STYLE}">{piece}</span>'
        pieces.append(piece)
    return "".join(pieces)


class SentenceView(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "sentenceView", "Sentence",
              "The sentence to annotate; the target word is highlighted")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._scale_font()
        self.setMargin(12)
        self.setStyleSheet("QLabel#sentenceView { background: palette(base); "
                           "border: 1px solid palette(mid); border-radius: 6px; }")

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
            f"{instance.display_context()} — target: {instance.head}")
