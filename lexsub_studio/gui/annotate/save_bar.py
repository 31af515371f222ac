"""The bar that says, at once and in plain words, that answers are not saved, and why.

Non-modal on purpose: the annotator may go on working (the answers stay in memory and are
retried); a dialog at every key press would only be clicked away.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from lexsub_studio.core.annotation.work import AnnotationWork
from lexsub_studio.gui.store_dialogs import plural, problem_sentence
from lexsub_studio.gui.widgets import named


class UnsavedBar(QFrame):
    retry_requested = Signal()
    rescue_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "unsavedBar", self.tr("Answers not saved"))
        self.setStyleSheet("QFrame#unsavedBar { background:#fef3c7; color:#78350f; "
                           "border:1px solid #f59e0b; border-radius:6px; }")
        self.message = named(QLabel(self), "unsavedMessage", self.tr("Why answers are not saved"))
        self.message.setWordWrap(True)
        self.retry_button = named(QPushButton(self.tr("Try again now"), self), "retrySaveButton",
                                  self.tr("Try saving again now"))
        self.rescue_button = named(QPushButton(self.tr("Write a rescue file"), self),
                                   "rescueFileButton",
                                   self.tr("Write the unsaved answers to a rescue file"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.retry_button)
        layout.addWidget(self.rescue_button)
        self.retry_button.clicked.connect(self.retry_requested)
        self.rescue_button.clicked.connect(self.rescue_requested)
        self.setVisible(False)

    def show_state(self, work: AnnotationWork | None) -> None:
        count = 0 if work is None else work.unsaved_count
        self.setVisible(count > 0)
        if not count or work is None:
            self.message.clear()
            return
        problem = problem_sentence(work.save_problem) if work.save_problem is not None else ""
        self.message.setText(
            self.tr("<b>{answers} not saved yet.</b> {problem}<br>They stay on screen and are "
                    "tried again every few seconds; closing asks first and offers a rescue "
                    "file.").format(answers=plural(count, "answer"), problem=html.escape(problem)))
