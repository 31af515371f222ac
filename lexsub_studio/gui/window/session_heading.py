"""What the window's title and the status bar's annotator label say about the open work: the
corpus or judgement task, whose answers they are, and where they are saved."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from lexsub_studio.gui.app_state import AppState


@dataclass(frozen=True, slots=True)
class SessionHeading:
    window_title: str
    annotator: str
    #: The annotator label's tool tip; None leaves it as it is (nothing open).
    store_tip: str | None


def session_heading(state: AppState) -> SessionHeading:
    translate = QCoreApplication.translate
    judging = state.judging
    if judging is not None:
        work = judging.work
        return SessionHeading(
            translate("MainWindow", "{title} — {annotator} judging — LexSub Studio").format(
                title=judging.task.title, annotator=work.annotator),
            translate("MainWindow", "Annotator: {name}").format(name=work.annotator),
            translate("MainWindow", "Judgements are saved as you give them in {path}").format(
                path=work.store.path) if work.store is not None else "")
    session = state.session
    if session is None:
        return SessionHeading(translate("MainWindow", "LexSub Studio"), "", None)
    source, answers = session.source, session.work
    return SessionHeading(
        translate("MainWindow", "{title} — {annotator} — LexSub Studio").format(
            title=source.title, annotator=answers.annotator),
        translate("MainWindow", "Annotator: {name}").format(name=answers.annotator),
        translate("MainWindow", "Answers are saved as you work in {path}").format(
            path=answers.store.path) if answers.store is not None else "")
