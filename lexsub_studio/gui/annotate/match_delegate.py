"""Draws the instance list's Found column with the matched words marked, cut to the column's
width so that the first matched word stays in view (the list is narrow)."""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFont,
    QFontMetricsF,
    QPainter,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from lexsub_studio.core.annotation.instance_search import MatchSnippet, fit_snippet
from lexsub_studio.gui.annotate.instance_model import MATCH_SPANS_ROLE

#: Dark text on amber: readable (WCAG AA) whatever the palette, like the target's mark.
MATCH_STYLE = "background-color:#fde68a; color:#111827; font-weight:600;"
#: The text document's margin on each side, in pixels.
DOCUMENT_MARGIN = 2


def marked_html(text: str, spans: list[tuple[int, int]], style: str = MATCH_STYLE) -> str:
    """``text`` as HTML with each span wrapped in a marked <span>."""
    parts: list[str] = []
    position = 0
    for start, end in spans:
        parts.append(html.escape(text[position:start]))
        parts.append(f'<span style="{style}">{html.escape(text[start:end])}</span>')
        position = end
    parts.append(html.escape(text[position:]))
    return "".join(parts)


class MatchDelegate(QStyledItemDelegate):
    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        spans = index.data(MATCH_SPANS_ROLE) or []
        if not spans:
            super().paint(painter, option, index)
            return
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        # Measured in the marked words' weight, the widest the text can be drawn.
        bold = QFont(item.font)
        bold.setWeight(QFont.Weight.DemiBold)
        metrics = QFontMetricsF(bold)
        fitted = fit_snippet(MatchSnippet(item.text, tuple(spans)),
                             item.rect.width() - 2 * DOCUMENT_MARGIN - 1,
                             metrics.horizontalAdvance)
        item.text = ""
        style = item.widget.style() if item.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, item, painter, item.widget)
        document = QTextDocument()
        document.setDefaultFont(item.font)
        document.setDocumentMargin(DOCUMENT_MARGIN)
        document.setHtml(marked_html(fitted.text, list(fitted.spans)))
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(item.state & QStyle.StateFlag.State_Selected)
        role = (QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        context.palette.setColor(QPalette.ColorRole.Text, item.palette.color(role))
        painter.save()
        painter.translate(item.rect.topLeft())
        painter.setClipRect(item.rect.translated(-item.rect.topLeft()))
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        return super().sizeHint(option, index)
