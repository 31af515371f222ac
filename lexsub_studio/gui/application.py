"""The QApplication with the studio's names and icon: made by the entry point (app.py) and by the
self-test (self_test.py), which app.py starts; apart from both so neither imports the other."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from lexsub_studio import __version__
from lexsub_studio.gui.translations import install_translations
from lexsub_studio.paths import resources_dir

APP_ID = "io.github.lexsub_studio.LexSubStudio"


def create_application(argv: Sequence[str]) -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(list(argv))
        # Before any widget exists: every text is translated when it is made.
        install_translations(app)
    app.setApplicationName("LexSub Studio")
    app.setOrganizationName("LexSub Studio")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    icon = resources_dir() / "icons" / "lexsub-studio.svg"
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    return app
