"""The sentence, in large type, with the target marked."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from lexsub_studio.core.model import Instance
from lexsub_studio.gui.widgets import named

_SPACES = re.compile(r"\s+")
TARGET_STYLE = ("background-color:#fde68a; color:#111827; font-weight:600; "
                "border-bottom:2px solid #b45309; padding:0 2px;")


def sentence_html(instance: Instance) -> str:
    """The context as HTML, whitespace folded for reading, the head wrapped in a marked span."""
    left = html.escape(_SPACES.sub(" ", instance.left).lstrip())
    head = html.escape(_SPACES.sub(" ", instance.head))
    right = html.escape(_SPACES.sub(" ", instance.right).rstrip())
    return f'{left}<span style="{TARGET_STYLE}">{head}</span>{right}'


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
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.6)
        self.setFont(font)
        self.setMargin(12)
        self.setStyleSheet("QLabel#sentenceView { background: palette(base); "
                           "border: 1px solid palette(mid); border-radius: 6px; }")

    def show_instance(self, instance: Instance | None) -> None:
        if instance is None:
            self.setText("")
            self.setAccessibleDescription("")
            return
        self.setText(f'<div style="line-height:150%">{sentence_html(instance)}</div>')
        # Screen readers get the plain sentence and the target spelled out.
        self.setAccessibleDescription(
            f"{instance.display_context()} — target: {instance.head}")
