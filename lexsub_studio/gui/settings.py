"""The GUI's settings: one INI file under the studio home (see core.settings_paths)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from lexsub_studio.core.runtime.settings_paths import settings_file
from lexsub_studio.gui.settings_writer import OffThreadSettings
from lexsub_studio.paths import is_bundled

MAX_RECENT = 10

ANNOTATOR_NAME = "annotator/name"
#: The name curation decisions are signed with (Gold & Agreement › Curation).
ORGANISER_NAME = "organiser/name"
SHOW_POS = "view/show_pos"
COMPLETE_FROM_ANSWERS = "annotate/complete_from_own_answers"
ANSWERS_IN_LIST = "annotate/answers_in_list"
FONT_POINT_SIZE = "view/font_point_size"
THEME = "view/theme"
GUIDELINES_FILE = "guidelines/file"
GUIDELINES_VISIBLE = "guidelines/visible"
RECENT_FILES = "files/recent"
LAST_DIRECTORY = "files/last_directory"
WINDOW_GEOMETRY = "window/geometry"
WINDOW_STATE = "window/state"


def app_settings() -> QSettings:
    """Settings stored in ``<studio home>/settings.ini`` (so LEXSUB_STUDIO_HOME isolates them)."""
    path = settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    return OffThreadSettings(str(path))


def workspace_state_key(workspace_key: str) -> str:
    """Where a workspace keeps its own layout (splitter sizes and the like)."""
    return f"workspaces/{workspace_key}/layout"


def guidelines_visible_key(page: str) -> str:
    """Whether the guidelines pane is open on a page (a workspace key, or "start")."""
    return f"guidelines/visible_{page}"


def read_bool(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    if isinstance(value, str):
        return value.lower() in ("1", "true", "yes")
    return bool(value)


def recent_files(settings: QSettings) -> list[str]:
    value: Any = settings.value(RECENT_FILES, [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in value or [] if v]


def remember_recent(settings: QSettings, path: str | Path) -> list[str]:
    entry = str(Path(path).resolve())
    files = [entry] + [f for f in recent_files(settings) if f != entry]
    settings.setValue(RECENT_FILES, files[:MAX_RECENT])
    return files[:MAX_RECENT]


def forget_recent(settings: QSettings, path: str) -> None:
    settings.setValue(RECENT_FILES, [f for f in recent_files(settings) if f != path])


def start_directory(settings: QSettings, near: Iterable[str | Path | None] = ()) -> Path:
    """Where a save dialog opens: the folder last used, while it still exists; otherwise the
    folder of the first file of ``near`` whose folder exists and may be written to (the user's
    own files, so neither the process's working directory nor a read-only bundle); otherwise
    the home folder. The data installed with the app (the demo) is never proposed, even where
    it may be written to: a file saved there would change the demo for every lesson after."""
    remembered = _remembered_directory(settings)
    if remembered is not None:
        return remembered
    for path in near:
        folder = Path(path).resolve().parent if path else None
        if (folder is not None and folder.is_dir() and os.access(folder, os.W_OK)
                and not is_bundled(folder)):
            return folder
    return Path.home()


def open_directory(settings: QSettings, near: Iterable[str | Path | None] = ()) -> Path:
    """Where a dialog choosing files to read opens: the folder of the first file of ``near``
    whose folder still exists (the files the workspace already holds, so the demo's own folder
    while the demo lesson is open); otherwise the folder last used; otherwise the home folder."""
    for path in near:
        folder = Path(path).resolve().parent if path else None
        if folder is not None and folder.is_dir():
            return folder
    return _remembered_directory(settings) or Path.home()


def _remembered_directory(settings: QSettings) -> Path | None:
    remembered = settings.value(LAST_DIRECTORY, "")
    folder = Path(str(remembered)) if remembered else None
    return folder if folder is not None and folder.is_dir() and not is_bundled(folder) else None


def remember_directory(settings: QSettings, chosen_file: str | Path) -> None:
    """The folder of a file the user just chose is where the next dialog opens."""
    settings.setValue(LAST_DIRECTORY, str(Path(chosen_file).resolve().parent))
