"""The interface's language: the translation of the system's locale, when one is installed.

Translations are ``resources/translations/lexsub_studio_<locale>.qm`` files (docs/translating.md
tells how to make one). Qt's own translation (``qtbase_<locale>.qm``, shipped with PySide6) is
loaded beside it, so the standard buttons (Close, Yes, No, Cancel) speak the same language.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from lexsub_studio.paths import resources_dir

#: The file name's stem before ``_<locale>.qm``.
CATALOGUE = "lexsub_studio"


def translations_dir() -> Path:
    return resources_dir() / "translations"


def install_translations(app: QCoreApplication, locale: QLocale | None = None,
                         directory: Path | None = None) -> list[QTranslator]:
    """Install the translations for ``locale`` (the system's by default) found in
    ``directory`` (the bundled translations by default); return those installed, which the
    caller keeps alive. None found: the interface stays in English, its source language."""
    locale = locale or QLocale.system()
    directory = directory or translations_dir()
    ours = QTranslator(app)
    # Tries lexsub_studio_de_AT.qm, then lexsub_studio_de.qm, for each of the user's preferred
    # languages in turn.
    if not ours.load(locale, CATALOGUE, "_", str(directory)):
        return []
    installed = [ours] if app.installTranslator(ours) else []
    # Qt's own texts only beside ours: German buttons under English sentences would be worse.
    qt_texts = QTranslator(app)
    if qt_texts.load(locale, "qtbase", "_",
                     QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)) \
            and app.installTranslator(qt_texts):
        installed.append(qt_texts)
    return installed
