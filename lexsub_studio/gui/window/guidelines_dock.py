"""The guidelines beside the work: a dock showing the package's guidelines, a file the annotator
chose or the default ones, open in Annotate and closed elsewhere unless the annotator decided
otherwise on that page (remembered per page)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMainWindow

from lexsub_studio.core.annotation.judging import JudgingTask
from lexsub_studio.core.annotation.package import AnnotationSource
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.guidelines import GuidelinesPane, read_guidelines_file

GUIDELINES_WIDTH = 360
#: The page whose guidelines are open by default.
ANNOTATE_PAGE = "annotate"


class GuidelinesDock(QDockWidget):
    def __init__(self, window: QMainWindow, store: QSettings,
                 tell: Callable[[str], None]) -> None:
        super().__init__(QCoreApplication.translate("GuidelinesDock", "Guidelines"), window)
        self.setObjectName("guidelinesDock")
        self._store = store
        self._tell = tell
        self.pane = GuidelinesPane(self)
        self.setWidget(self.pane)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        window.resizeDocks([self], [GUIDELINES_WIDTH], Qt.Orientation.Horizontal)
        self.action = self.toggleViewAction()
        self.action.setObjectName("actionGuidelines")
        self.action.setText(self.tr("&Guidelines"))
        self.action.setShortcut(QKeySequence("F2"))
        #: The page (workspace key, or the start screen's) whose visibility the dock shows.
        self._page = ""
        self.action.toggled.connect(self._remember_visibility)

    def load(self, source: AnnotationSource | JudgingTask | None,
             judging: bool | None = None) -> None:
        """The package's own guidelines, else the file chosen, else the default ones (those of
        judgement mode while a judgement task is open: ``judging``; None keeps the mode)."""
        if judging is not None:
            self.pane.judging = judging
        if source is not None and source.guidelines:
            self.pane.show_text(source.guidelines, source.guidelines_format, "package")
            return
        custom = str(self._store.value(settings.GUIDELINES_FILE, "") or "")
        if custom:
            try:
                text, text_format = read_guidelines_file(custom)
            except InputError as error:
                self._tell(self.tr("Guidelines file unreadable, showing the default: "
                                   "{reason}").format(reason=error))
            else:
                self.pane.show_text(text, text_format, custom)
                return
        self.pane.show_default()

    def choose_file(self, source: AnnotationSource | JudgingTask | None) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Guidelines file"), str(Path.home()),
                                              self.tr("Guidelines (*.md *.markdown *.html "
                                                      "*.htm *.txt);;All files (*)"))
        if not path:
            return
        try:
            read_guidelines_file(path)
        except InputError as error:
            dialogs.show_error(self, self.tr("Cannot read the guidelines"), error)
            return
        self._store.setValue(settings.GUIDELINES_FILE, path)
        self.load(source)
        self.show()

    def use_default(self, source: AnnotationSource | JudgingTask | None) -> None:
        self._store.remove(settings.GUIDELINES_FILE)
        self.load(source)

    def show_for(self, page: str) -> None:
        """The guidelines belong to Annotate: shown there, hidden on the start screen and in
        the organiser's workspaces, unless the annotator opened (or closed) them on that page
        before; each page's choice is remembered."""
        self._page = page
        wanted = settings.read_bool(self._store, settings.guidelines_visible_key(page),
                                    page == ANNOTATE_PAGE)
        self.setVisible(wanted)

    def _remember_visibility(self, visible: bool) -> None:
        if self._page:
            self._store.setValue(settings.guidelines_visible_key(self._page), visible)
