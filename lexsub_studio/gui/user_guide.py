"""Help > User guide: the documentation of docs/, shipped with the app, read offline.

The chapters are the Markdown files of docs/ (installed as lexsub_studio.docs), rendered by
Qt's own Markdown support with their screenshots; links between chapters open the chapter
linked to, and no link ever reaches for the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QUrl
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.gui.widgets import named
from lexsub_studio.paths import docs_dir

#: The chapter of the demo and its exercises (Help › Demo lesson opens the guide there).
DEMO_CHAPTER = "demo.md"


@dataclass(frozen=True, slots=True)
class Chapter:
    audience: str
    title: str
    file: str


#: The guide's chapters by reader, in reading order. Reference chapters come last.
CHAPTERS: tuple[Chapter, ...] = (
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Annotators"),
            QT_TRANSLATE_NOOP("UserGuide", "Annotating a corpus"), "annotation.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Organisers"),
            QT_TRANSLATE_NOOP("UserGuide", "Gold and agreement, the offline team"),
            "gold-agreement-workspace.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Organisers"),
            QT_TRANSLATE_NOOP("UserGuide", "Scoring systems"), "scoring-workspace.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Organisers"),
            QT_TRANSLATE_NOOP("UserGuide", "Datasets, baselines and new tasks"),
            "dataset-workspace.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Organisers"),
            QT_TRANSLATE_NOOP("UserGuide", "New tasks from CoNLL files"), "new-tasks.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Instructors"),
            QT_TRANSLATE_NOOP("UserGuide", "The demo and exercises"), DEMO_CHAPTER),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Instructors"),
            QT_TRANSLATE_NOOP("UserGuide", "Agreement, defined"), "agreement.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Instructors"),
            QT_TRANSLATE_NOOP("UserGuide", "Every measure"), "metrics.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Reference"),
            QT_TRANSLATE_NOOP("UserGuide", "File formats"), "formats.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Reference"),
            QT_TRANSLATE_NOOP("UserGuide", "How numbers and tables are written"), "reports.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Reference"),
            QT_TRANSLATE_NOOP("UserGuide", "The official scorer"), "official-scorer.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Reference"),
            QT_TRANSLATE_NOOP("UserGuide", "Names for automation"), "automation.md"),
)


class UserGuide(QDialog):
    """The chapter list on the left, the chapter on the right."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        named(self, "userGuideDialog", self.tr("User guide"))
        self.setWindowTitle(self.tr("LexSub Studio user guide"))
        self.folder = folder or docs_dir()
        self.chapter_list = named(QListWidget(self), "userGuideChapters", self.tr("Chapters"),
                                  self.tr("The guide's chapters, for annotators, organisers and "
                                          "instructors"))
        self.text = named(QTextBrowser(self), "userGuideText", self.tr("Chapter text"))
        self.text.setOpenLinks(False)
        self.text.setSearchPaths([str(self.folder)])
        self.text.anchorClicked.connect(self.follow_link)
        self.chapters: list[Chapter] = []
        audience = ""
        for chapter in CHAPTERS:
            if not (self.folder / chapter.file).is_file():
                continue
            if chapter.audience != audience:
                audience = chapter.audience
                heading = QListWidgetItem(self.tr(audience))
                heading.setFlags(Qt.ItemFlag.NoItemFlags)
                font = heading.font()
                font.setBold(True)
                heading.setFont(font)
                self.chapter_list.addItem(heading)
            item = QListWidgetItem("  " + self.tr(chapter.title))
            item.setData(Qt.ItemDataRole.UserRole, chapter.file)
            self.chapter_list.addItem(item)
            self.chapters.append(chapter)
        self.chapter_list.currentItemChanged.connect(self._chapter_chosen)

        splitter = QSplitter(self)
        splitter.addWidget(self.chapter_list)
        splitter.addWidget(self.text)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 760])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.setObjectName("userGuideButtons")
        named(buttons.button(QDialogButtonBox.StandardButton.Close), "userGuideCloseButton",
              self.tr("Close"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        row = QHBoxLayout()
        row.addWidget(buttons)
        layout.addLayout(row)
        self.resize(1000, 720)
        if self.chapters:
            self.open_chapter(self.chapters[0].file)
        else:
            self.text.setPlainText(self.tr("The user guide is not installed: {folder} has none of "
                                           "its chapters.").format(folder=self.folder))

    def open_chapter(self, file: str, anchor: str = "") -> bool:
        """Show the chapter ``file`` (a name in docs/); False when it is not one."""
        path = self.folder / file
        if not path.is_file() or path.suffix != ".md":
            return False
        try:
            markdown = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.text.setPlainText(self.tr("{path} cannot be read: {error}").format(
                                       path=path, error=error))
            return False
        self.text.setMarkdown(markdown)
        if anchor:
            self.text.scrollToAnchor(anchor)
        for row in range(self.chapter_list.count()):
            item = self.chapter_list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == file:
                self.chapter_list.blockSignals(True)
                self.chapter_list.setCurrentItem(item)
                self.chapter_list.blockSignals(False)
        self.setWindowTitle(self.tr("LexSub Studio user guide: {current_title}").format(
                                current_title=self.current_title()))
        return True

    def current_title(self) -> str:
        item = self.chapter_list.currentItem()
        return item.text().strip() if item is not None else ""

    def follow_link(self, url: QUrl) -> None:
        """A link to another chapter opens it; anything else (a web address) is only named in
        the text's tool tip, since the guide works offline."""
        chapter_link = url.scheme() in ("", "file") and url.path().endswith(".md")
        if chapter_link and self.open_chapter(Path(url.path()).name, url.fragment()):
            return
        if url.scheme() == "" and url.fragment():
            self.text.scrollToAnchor(url.fragment())
            return
        self.text.setToolTip(self.tr("Not opened (the guide works offline): {url}").format(
                                 url=url.toString()))

    def _chapter_chosen(self, item: QListWidgetItem | None) -> None:
        file = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if isinstance(file, str):
            self.open_chapter(file)
