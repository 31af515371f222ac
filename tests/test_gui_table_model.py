"""gui/table_model.py: the one column-spec table model every table of the GUI is built on."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor

from lexsub_studio.gui.table_model import Column, ColumnTableModel
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, SORT_ROLE

pytestmark = pytest.mark.gui

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
