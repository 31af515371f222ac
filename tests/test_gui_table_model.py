"""gui/table_model.py: the one column-spec table model every table of the GUI is built on."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.core.scoring.compare.item_matrix import ItemScores
from lexsub_studio.core.scoring.report.tables import Table
from lexsub_studio.gui.gold.models import FrameModel, MergeModel, PairMatrixModel
from lexsub_studio.gui.scoring.models import ItemsModel, SignificanceModel, TableModel
from lexsub_studio.gui.table_model import Column, ColumnTableModel
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, SORT_ROLE

pytestmark = pytest.mark.gui

GUI = Path(__file__).resolve().parents[1] / "lexsub_studio" / "gui"

@dataclass
class Fruit:
    name: str
    count: int | None
    ripe: bool


class FruitModel(ColumnTableModel):
    def __init__(self, fruits: list[Fruit]) -> None:
        super().__init__([
            Column("Fruit", lambda fruit: fruit.name, header_tooltip="what it is",
                   checked=lambda fruit: fruit.ripe, editable=True),
            Column("Count", lambda fruit: fruit.count,
                   display=lambda fruit: "—" if fruit.count is None else str(fruit.count),
                   sort_key=lambda fruit: -1 if fruit.count is None else fruit.count,
                   alignment=ALIGN_NUMBER,
                   tooltip=lambda fruit: None if fruit.count else "none counted",
                   foreground=lambda fruit: QColor("#991b1b") if not fruit.count else None,
                   roles={Qt.ItemDataRole.UserRole + 7: lambda fruit: fruit.count or 0}),
        ])
        self.fruits = fruits
        self.set_row_roles({KEY_ROLE: lambda fruit: fruit.name.upper()})

    def row_count(self) -> int:
        return len(self.fruits)

    def record(self, row: int) -> Fruit:
        return self.fruits[row]


def _model() -> FruitModel:
    return FruitModel([Fruit("fig", 3, True), Fruit("plum", None, False)])


def test_each_role_is_answered_from_the_column() -> None:
    model = _model()
    fig, plum = model.index(0, 1), model.index(1, 1)
    assert (fig.data(), plum.data()) == ("3", "—")
    assert (fig.data(SORT_ROLE), plum.data(SORT_ROLE)) == (3, -1)
    assert fig.data(Qt.ItemDataRole.TextAlignmentRole) == ALIGN_NUMBER
    assert fig.data(Qt.ItemDataRole.ToolTipRole) is None
    assert plum.data(Qt.ItemDataRole.ToolTipRole) == "none counted"
    assert plum.data(Qt.ItemDataRole.ForegroundRole) == QColor("#991b1b")
    assert plum.data(Qt.ItemDataRole.UserRole + 7) == 0
    # The value is the text when no display is given, and the sort key when none is given.
    assert model.index(1, 0).data() == model.index(1, 0).data(SORT_ROLE) == "plum"
    # A role the column does not answer is left to the row roles, then to nobody.
    assert fig.data(KEY_ROLE) == "FIG"
    assert model.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole) is None


def test_headers_ticks_edits_and_indexes_outside_the_table() -> None:
    model = _model()
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(2)] == [
        "Fruit", "Count"]
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == \
        "what it is"
    assert model.headerData(5, Qt.Orientation.Horizontal) is None
    assert model.index(0, 0).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert model.index(1, 0).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert model.index(0, 0).data(Qt.ItemDataRole.EditRole) == "fig"
    flags = model.flags(model.index(0, 0))
    assert flags & Qt.ItemFlag.ItemIsUserCheckable and flags & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, 1)) & Qt.ItemFlag.ItemIsEditable
    assert model.data(QModelIndex()) is None
    assert model.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags


def test_the_column_model_passes_the_model_tester(qtmodeltester) -> None:
    qtmodeltester.check(_model())


def test_the_scoring_and_gold_models_pass_the_model_tester(qtmodeltester) -> None:
    league = TableModel()
    league.set_table(Table("", ["rank", "system", "best R"],
                           [[1, "alpha", 0.5], [2, "beta", None]], [None, None, "best.recall"]),
                     mark_best=True)
    items = ItemsModel()
    items.set_items(ItemScores([("bright.a", "1"), ("bright.a", "2")], ["a", "a"], ["s1", "s2"],
                               np.array([[0.5, np.nan], [0.0, 1.0]])))
    significance = SignificanceModel()
    significance.set_comparisons(["s1", "s2"], [])
    frame = FrameModel([("item", "Item"), ("score", "Score")], key_column="item")
    frame.set_frame(pd.DataFrame({"item": ["a", "b"], "score": [0.25, float("nan")]}))
    pairs = PairMatrixModel()
    pairs.set_matrix(["ann1", "ann2"], np.array([[1.0, 0.4], [0.4, 1.0]]),
                     np.array([[0, 3], [3, 0]]))
    merges = MergeModel()
    merges.set_suggestions([MergeSuggestion("colour", "color", "spelling", 2)])
    for model in (league, items, significance, frame, pairs, merges):
        qtmodeltester.check(model)


def test_the_league_model_marks_the_best_and_explains_a_missing_figure() -> None:
    model = TableModel()
    model.set_table(Table("", ["rank", "system", "best R"],
                          [[1, "alpha", 0.5], [3, "beta", None], [2, "gamma", 0.25]],
                          [None, None, "best.recall"]), unit="percent", mark_best=True)
    best, missing = model.index(0, 2), model.index(1, 2)
    assert (best.data(), missing.data()) == ("50.00", "—")
    assert isinstance(best.data(Qt.ItemDataRole.FontRole), QFont)
    assert model.index(2, 2).data(Qt.ItemDataRole.FontRole) is None
    assert best.data(Qt.ItemDataRole.AccessibleDescriptionRole) == "best in its column"
    assert "undefined" in missing.data(Qt.ItemDataRole.ToolTipRole)
    # Undefined sorts below every figure; the rank column aligns as a number.
    assert missing.data(SORT_ROLE) == -1.0
    assert model.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole) == ALIGN_NUMBER
    assert model.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole) is None
    assert model.index(0, 2).data(KEY_ROLE) == "best.recall"


def _table_models() -> dict[str, list[str]]:
    """Each module of gui/ and the classes in it that derive from Qt's table model itself."""
    found: dict[str, list[str]] = {}
    for path in GUI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(base, ast.Name) and base.id == "QAbstractTableModel"
                    for base in node.bases):
                found.setdefault(str(path.relative_to(GUI)), []).append(node.name)
    return found


def test_every_table_model_of_the_gui_is_a_column_model() -> None:
    assert _table_models() == {"table_model.py": ["ColumnTableModel"]}
