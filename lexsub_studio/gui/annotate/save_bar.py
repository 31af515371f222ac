"""The bar that says, at once and in plain words, that answers are not saved, and why.

Non-modal on purpose: the annotator may go on working (the answers stay in memory and are
retried); a dialog at every key press would only be clicked away.
"""

from __future__ import annotations

import html
from pathlib import Path

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

    def show_state(self, work: AnnotationWork | None,
                   lost_store_rescue: Path | None = None) -> None:
        """``lost_store_rescue``: where every answer went when the store was found lost."""
        count = 0 if work is None else work.unsaved_count
        self.setVisible(count > 0)
        if not count or work is None:
            self.message.clear()
            return
        problem = problem_sentence(work.save_problem) if work.save_problem is not None else ""
        if work.store is not None and work.store.lost:
            self.retry_button.setEnabled(False)
            where = (self.tr("Every answer of this session so far is in the rescue file "
                             "{path}.").format(path=lost_store_rescue)
                     if lost_store_rescue is not None else "")
            self.message.setText(
                self.tr("<b>{answers} not saved.</b> {problem} {where}<br>Answers you give "
                        "now stay on screen and go to a rescue file when you close. Close and "
                        "open the corpus again to go on in a new store: the rescue files are "
                        "offered back.").format(answers=plural(count, "answer"),
                                                problem=html.escape(problem),
                                                where=html.escape(where)))
            return
        self.retry_button.setEnabled(True)
        self.message.setText(
            self.tr("<b>{answers} not saved yet.</b> {problem}<br>They stay on screen and are "
                    "tried again every few seconds; closing asks first and offers a rescue "
                    "file.").format(answers=plural(count, "answer"), problem=html.escape(problem)))
