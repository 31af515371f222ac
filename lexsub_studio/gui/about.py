"""Help > About: the version, what it runs on, where it keeps things, the libraries' licences."""

from __future__ import annotations

import html
import platform
import sys

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio import __version__
from lexsub_studio.core.runtime.licences import LibraryLicence, library_licences
from lexsub_studio.core.runtime.settings_paths import studio_home
from lexsub_studio.gui import settings
from lexsub_studio.gui.widgets import named


def about_facts() -> list[tuple[str, str]]:
    """(label, value) rows of the About dialog's first tab (also what a bug report needs)."""
    home = studio_home()
    frozen = getattr(sys, "frozen", False)
    translate = QCoreApplication.translate
    version = (translate("About", "{version} (standalone build)").format(version=__version__)
               if frozen else __version__)
    return [
        (translate("About", "Version"), version),
        ("Qt", f"{qVersion()} (PySide6 {PySide6.__version__})"),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        (translate("About", "System"), platform.platform(terse=True)),
        (translate("About", "Answers (stores)"), str(home / "stores")),
        (translate("About", "Backups and rescue files"), f"{home / 'backups'}, {home / 'rescue'}"),
        (translate("About", "Settings"), str(settings.settings_file())),
    ]


def _facts_html(facts: list[tuple[str, str]]) -> str:
    rows = "".join(f"<tr><td><b>{html.escape(label)}</b></td><td>{html.escape(value)}</td></tr>"
                   for label, value in facts)
    return (QCoreApplication.translate("About", "<h3>LexSub Studio {version}</h3><p>Annotate, "
                                                "pool, measure agreement on and score lexical "
                                                "substitution data (SemEval-2007 English Lexical "
                                                "Substitution and its successors). MIT "
                                                "licence.</p><p>Your answers are saved as you "
                                                "work, in a store on this computer; <i>File › "
                                                "Hand in / export responses</i> writes the file "
                                                "you hand in.</p><table cellspacing='6'>{rows}"
                                                "</table>").format(
                version=html.escape(__version__), rows=rows))


def _library_label(library: LibraryLicence) -> str:
    # Components the bundle copies besides Python packages carry no version.
    return f"{library.name} {library.version}".strip()


def licence_text(library: LibraryLicence) -> str:
    licence = library.licence or QCoreApplication.translate("About", "licence not declared")
    heading = f"{_library_label(library)}: {licence}"
    body = library.text or QCoreApplication.translate(
        "About", "The package declares its licence by name only and ships no text of it.")
    return f"{heading}\n\n{body}"


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "aboutDialog", self.tr("About LexSub Studio"))
        self.setWindowTitle(self.tr("About LexSub Studio"))
        self.facts = about_facts()
        tabs = named(QTabWidget(self), "aboutTabs", self.tr("About"))
        self.facts_label = named(QLabel(_facts_html(self.facts), self), "aboutFacts",
                                 self.tr("Version and locations"))
        self.facts_label.setWordWrap(True)
        self.facts_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        tabs.addTab(self.facts_label, self.tr("LexSub Studio"))

        self.libraries = library_licences()
        self.library_list = named(QListWidget(self), "aboutLibraries", self.tr("Bundled libraries"),
                                  self.tr("The libraries LexSub Studio runs on; select one for its "
                                          "licence"))
        for library in self.libraries:
            item = QListWidgetItem(_library_label(library))
            item.setToolTip(library.licence)
            self.library_list.addItem(item)
        self.licence_view = named(QPlainTextEdit(self), "aboutLicenceText", self.tr("Licence text"))
        self.licence_view.setReadOnly(True)
        self.library_list.currentRowChanged.connect(self._show_licence)
        splitter = QSplitter(self)
        splitter.addWidget(self.library_list)
        splitter.addWidget(self.licence_view)
        splitter.setSizes([220, 560])
        tabs.addTab(splitter, self.tr("Licences"))
        if self.libraries:
            self.library_list.setCurrentRow(0)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("aboutButtons")
        named(buttons.button(QDialogButtonBox.StandardButton.Close), "aboutCloseButton",
              self.tr("Close"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(buttons)
        self.resize(820, 560)

    def _show_licence(self, row: int) -> None:
        if 0 <= row < len(self.libraries):
            self.licence_view.setPlainText(licence_text(self.libraries[row]))
