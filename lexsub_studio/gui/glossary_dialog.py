"""Help › Glossary: a searchable list of terms, one line each under its section, and the
selected term's definition in a pane beside it, so that a small screen still shows a score of
terms at once (a table with the definitions in its rows showed one and a half)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.gui.widgets import named

Sections = list[tuple[str, list[tuple[str, str]]]]
#: Where a term item keeps its definition and its section.
DEFINITION_ROLE = Qt.ItemDataRole.UserRole
SECTION_ROLE = Qt.ItemDataRole.UserRole + 1
#: The dialog's size where the screen allows it.
PREFERRED_WIDTH, PREFERRED_HEIGHT = 820, 560


class GlossaryDialog(QDialog):
    """Interface: ``filter(text)``; ``term_items()`` the terms shown; ``show_term(label)``."""

    def __init__(self, parent: QWidget | None, sections: Sections) -> None:
        super().__init__(parent)
        named(self, "glossaryDialog", self.tr("Glossary"))
        self.setWindowTitle(self.tr("Glossary"))
        self.search = named(QLineEdit(self), "glossarySearch", self.tr("Find a term"),
                            self.tr("Shows the terms whose name or definition holds the text"))
        self.search.setPlaceholderText(self.tr("Find a term or a word of its definition"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filter)
        self.terms = named(QTreeWidget(self), "glossaryList", self.tr("Terms"),
                           self.tr("Every term, by section; select one to read its "
                                   "definition"))
        self.terms.setHeaderHidden(True)
        self.terms.setUniformRowHeights(True)
        self.terms.setRootIsDecorated(False)
        self.terms.currentItemChanged.connect(lambda current, _previous: self._show(current))
        self.definition = named(QTextBrowser(self), "glossaryDefinition",
                                self.tr("Definition of the selected term"))
        self.definition.setOpenLinks(False)
        for section, terms in sections:
            heading = QTreeWidgetItem(self.terms, [section])
            font = heading.font(0)
            font.setBold(True)
            heading.setFont(0, font)
            heading.setFlags(Qt.ItemFlag.ItemIsEnabled)
            for label, meaning in terms:
                item = QTreeWidgetItem(heading, [label])
                item.setData(0, DEFINITION_ROLE, meaning)
                item.setData(0, SECTION_ROLE, section)
                item.setToolTip(0, meaning)
        self.terms.expandAll()
        self.count_label = named(QLabel(self), "glossaryCount", self.tr("Terms shown"))
        split = named(QSplitter(Qt.Orientation.Horizontal, self), "glossarySplitter",
                      self.tr("Terms and definition"))
        split.addWidget(self.terms)
        split.addWidget(self.definition)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("glossaryButtons")
        named(buttons.button(QDialogButtonBox.StandardButton.Close), "glossaryCloseButton",
              self.tr("Close"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(split, 1)
        layout.addWidget(self.count_label)
        layout.addWidget(buttons)
        self._fit_size(parent)
        self.filter("")
        first = self.term_items()
        if first:
            self.terms.setCurrentItem(first[0])

    def _fit_size(self, parent: QWidget | None) -> None:
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(PREFERRED_WIDTH, screen.width() - 40),
                    min(PREFERRED_HEIGHT, screen.height() - 80))

    def _all_terms(self) -> list[QTreeWidgetItem]:
        return [item for heading in self._headings() for item in self._children(heading)]

    def _headings(self) -> list[QTreeWidgetItem]:
        # An index below topLevelItemCount always has its item (the stubs allow None).
        return [self.terms.topLevelItem(s)  # type: ignore[misc]
                for s in range(self.terms.topLevelItemCount())]

    @staticmethod
    def _children(heading: QTreeWidgetItem) -> list[QTreeWidgetItem]:
        return [heading.child(t) for t in range(heading.childCount())]  # type: ignore[misc]

    def term_items(self) -> list[QTreeWidgetItem]:
        """The terms the filter lets through, in order."""
        return [item for item in self._all_terms() if not item.isHidden()]

    def filter(self, text: str) -> None:
        """Show the terms whose label or definition holds ``text`` (any case)."""
        wanted = text.strip().casefold()
        for heading in self._headings():
            shown = 0
            for item in self._children(heading):
                match = (not wanted or wanted in item.text(0).casefold()
                         or wanted in str(item.data(0, DEFINITION_ROLE)).casefold())
                item.setHidden(not match)
                shown += match
            heading.setHidden(shown == 0)
        visible = self.term_items()
        total = len(self._all_terms())
        self.count_label.setText(self.tr("{shown} of {total} terms").format(
            shown=len(visible), total=total))
        current = self.terms.currentItem()
        if visible and (current is None or current.isHidden()):
            self.terms.setCurrentItem(visible[0])
        elif not visible:
            self.definition.setPlainText(self.tr("No term holds “{text}”.").format(text=text))

    def show_term(self, label: str) -> str:
        """Select the term called ``label``; its definition (empty when there is none)."""
        for item in self._all_terms():
            if item.text(0) == label:
                self.terms.setCurrentItem(item)
                return str(item.data(0, DEFINITION_ROLE))
        return ""

    def _show(self, item: QTreeWidgetItem | None) -> None:
        if item is None or item.data(0, DEFINITION_ROLE) is None:
            return
        self.definition.setHtml(
            f"<h3>{html.escape(item.text(0))}</h3>"
            f"<p>{html.escape(str(item.data(0, DEFINITION_ROLE)))}</p>"
            f"<p><i>{html.escape(str(item.data(0, SECTION_ROLE)))}</i></p>")
