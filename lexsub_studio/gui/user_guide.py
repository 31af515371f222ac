"""Help > User guide: the documentation of docs/, shipped with the app, read offline.

The chapters are the Markdown files of docs/ (installed as lexsub_studio.docs), rendered by
Qt's own Markdown support with their screenshots, each shrunk to the text's width (never
enlarged); links between chapters open the chapter linked to, and no link ever reaches for the
network. The search box finds a text in the chapter shown, then in the chapters after it.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QSize, Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QImage,
    QKeySequence,
    QPixmap,
    QResizeEvent,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
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
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Organisers"),
            QT_TRANSLATE_NOOP("UserGuide", "Team campaigns on a server"), "campaign.md"),
    Chapter(QT_TRANSLATE_NOOP("UserGuide", "Organisers"),
            QT_TRANSLATE_NOOP("UserGuide", "Installing and checking the app"), "install.md"),
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


class GuideText(QTextBrowser):
    """The chapter's text; says when its width changes, so that pictures follow it."""

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.resized.emit()


def _image_size(resource: object) -> QSize | None:
    if isinstance(resource, QPixmap | QImage) and not resource.isNull():
        return resource.size()
    return None


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
        self.text = named(GuideText(self), "userGuideText", self.tr("Chapter text"))
        self.text.setOpenLinks(False)
        self.text.setSearchPaths([str(self.folder)])
        self.text.setUndoRedoEnabled(False)  # fitting pictures edits the document
        self.text.anchorClicked.connect(self.follow_link)
        self.text.resized.connect(self.fit_pictures)
        self.search = named(QLineEdit(self), "userGuideSearch", self.tr("Find in the guide"),
                            self.tr("Enter finds the next place, in this chapter and then in "
                                    "the chapters after it"))
        self.search.setPlaceholderText(self.tr("Find in the guide…"))
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.find_next)
        self.find_button = named(QPushButton(self.tr("Find &next"), self), "userGuideFindNext",
                                 self.tr("Find next"))
        self.find_button.clicked.connect(self.find_next)
        self.find_status = named(QLabel(self), "userGuideFindStatus",
                                 self.tr("Where the text was found"))
        # The keys of any reader: Ctrl+F to the box, F3 (the platform's Find next) again.
        find = QAction(self.tr("Find in the guide"), self)
        find.setObjectName("userGuideFindAction")
        find.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Find))
        find.triggered.connect(self.focus_search)
        again = QAction(self.tr("Find next"), self)
        again.setObjectName("userGuideFindNextAction")
        again.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.FindNext))
        again.triggered.connect(self.find_next)
        self.addActions([find, again])
        #: Each chapter's text as shown (no Markdown marks), read when first searched.
        self._plain_texts: dict[str, str] = {}
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
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.find_button)
        search_row.addWidget(self.find_status, 1)
        layout.addLayout(search_row)
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
        self.fit_pictures()
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

    def current_file(self) -> str | None:
        item = self.chapter_list.currentItem()
        file = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return file if isinstance(file, str) else None

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def fit_pictures(self) -> None:
        """Every picture at most as wide as the text (its proportions kept), never wider than
        it was made: a screenshot is readable in a narrow guide without scrolling sideways."""
        document = self.text.document()
        room = self.text.viewport().width() - 2 * document.documentMargin()
        if room <= 0:
            return
        cursor = QTextCursor(document)
        block = document.begin()
        while block.isValid():
            for piece in block:  # type: ignore[attr-defined]  # QTextBlock iterates in PySide6; its stub says not
                fragment = piece.fragment()
                picture = fragment.charFormat()
                if not picture.isImageFormat():
                    continue
                image = picture.toImageFormat()
                size = _image_size(document.resource(QTextDocument.ResourceType.ImageResource,
                                                     QUrl(image.name())))
                if size is None or size.width() <= 0:
                    continue
                width = min(float(size.width()), room)
                if abs(image.width() - width) < 0.5:
                    continue
                image.setWidth(width)
                image.setHeight(size.height() * width / size.width())
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(),
                                   QTextCursor.MoveMode.KeepAnchor)
                cursor.setCharFormat(image)
            block = block.next()

    def find_next(self) -> bool:
        """The next place of the search box's text (case ignored): further on in the chapter
        shown, else in the next chapter that has it, round to this chapter's start."""
        wanted = self.search.text().strip()
        self.find_status.clear()
        if not wanted:
            return False
        if self.text.find(wanted):
            return True
        files = [chapter.file for chapter in self.chapters]
        current = self.current_file()
        start = files.index(current) + 1 if current in files else 0
        for file in files[start:] + files[:start]:
            if wanted.casefold() not in self._plain_text(file).casefold():
                continue
            if self.open_chapter(file) and self.text.find(wanted):
                if file != current:
                    self.find_status.setText(self.tr("Found in {chapter}.").format(
                        chapter=self.current_title()))
                return True
        self.find_status.setText(self.tr("“{text}” is in no chapter.").format(text=wanted))
        return False

    def _plain_text(self, file: str) -> str:
        if file not in self._plain_texts:
            document = QTextDocument()
            # A chapter that cannot be read is searched as empty: opening it says why.
            with contextlib.suppress(OSError, UnicodeDecodeError):
                document.setMarkdown((self.folder / file).read_text(encoding="utf-8"))
            self._plain_texts[file] = document.toPlainText()
        return self._plain_texts[file]

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
