"""The By PoS, By target and By annotator tabs of Gold & Agreement: the figures per group, each
table one tab."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QTabWidget

from lexsub_studio.gui.gold.models import FrameModel
from lexsub_studio.gui.gold.tables import frame_table, translated_columns
from lexsub_studio.gui.gold.views import ANNOTATOR_COLUMNS, GROUP_FIGURES, Views


class Breakdowns(QObject):
    """Adds its three tables to ``tabs``."""

    def __init__(self, tabs: QTabWidget) -> None:
        super().__init__(tabs)
        self.pos_model = FrameModel(translated_columns(
            [("pos", "PoS"), *GROUP_FIGURES]), self)
        self.pos_table = frame_table(tabs, "goldByPosTable",
                                     self.tr("Agreement by part of speech"), self.pos_model)
        tabs.addTab(self.pos_table, self.tr("By PoS"))
        self.lexelt_model = FrameModel(translated_columns(
            [("lexelt", "Target"), *GROUP_FIGURES]), self)
        self.lexelt_table = frame_table(tabs, "goldByLexeltTable", self.tr("Agreement by target"),
                                        self.lexelt_model)
        tabs.addTab(self.lexelt_table, self.tr("By target"))
        self.annotator_model = FrameModel(translated_columns(ANNOTATOR_COLUMNS), self)
        self.annotator_table = frame_table(
            tabs, "goldByAnnotatorTable", self.tr("Agreement by annotator"),
            self.annotator_model,
            self.tr("Each annotator against the others; the Pairs tab lists the items a pair "
                    "disagrees on"))
        tabs.addTab(self.annotator_table, self.tr("By annotator"))

    def show_views(self, views: Views | None) -> None:
        if views is None:
            for model in (self.pos_model, self.lexelt_model, self.annotator_model):
                model.set_frame(None)
            return
        self.pos_model.set_table(views.by_pos)
        self.lexelt_model.set_table(views.by_lexelt)
        self.annotator_model.set_table(views.by_annotator)
