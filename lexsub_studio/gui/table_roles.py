"""What the table models of every workspace answer besides the text: the same roles, so that
views, filters and tests read any of them alike."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

#: The raw value of a cell, used for sorting (numbers as numbers, not as their text).
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
#: The source row's key: an item index, a figure's key, or the item's row in the scores.
KEY_ROLE = Qt.ItemDataRole.UserRole + 2
#: The alignment of a number's cell, as the TextAlignmentRole wants it.
ALIGN_NUMBER = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

Index = QModelIndex | QPersistentModelIndex
