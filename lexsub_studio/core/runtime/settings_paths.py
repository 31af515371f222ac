"""Where LexSub Studio keeps its settings and the annotators' stores.

Decided once, here: everything lives under one *studio home* directory.

* ``LEXSUB_STUDIO_HOME`` set: that directory (tests, portable installs, a USB stick).
* Otherwise the platform's per-user data directory as platformdirs gives it:
  ``$XDG_DATA_HOME/lexsub-studio`` on Linux (``~/.local/share/lexsub-studio`` when the variable
  is unset, empty or a relative path, as the XDG specification says),
  ``~/Library/Application Support/LexSub Studio`` on macOS, ``%APPDATA%\\LexSub Studio`` on
  Windows. These are the folders earlier versions wrote by hand, so an existing user's settings
  and stores are found where they are; nothing is moved.

The debug log (core/runtime/debug_log.py) goes to ``log_dir()``: ``logs/`` of the studio home when
``LEXSUB_STUDIO_HOME`` is set, else the platform's per-user log directory.

Inside it, ``settings.ini`` holds the GUI settings, ``stores/`` one SQLite store per
(corpus, annotator), ``backups/`` the stores' rolling backups, ``rescue/`` the answers written out
when a store could not take them, ``damaged/`` the damaged stores set aside, and ``logs/`` the
reports of internal errors (core/runtime/internal_errors.py). A store is
keyed by the corpus *content* (a hash of its bytes), not its path, so moving or renaming the
corpus file keeps the annotator's work; the corpus file itself is never written to.
See docs/annotation.md.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path
from typing import Any

from lexsub_studio.core.model.diagnostics import InputError

HOME_VARIABLE = "LEXSUB_STUDIO_HOME"
APP_DIR_NAME = "lexsub-studio"
_HASH_CHUNK = 1 << 20


def _platform_dirs() -> Any:
    import platformdirs

    # The folder's name is the one earlier versions used on each platform (see the module doc).
    name = "LexSub Studio" if sys.platform in ("win32", "darwin") else APP_DIR_NAME
    return platformdirs.PlatformDirs(name, appauthor=False, roaming=True)


def studio_home() -> Path:
    """The directory holding settings and stores (created on demand by the callers that write)."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    return Path(_platform_dirs().user_data_dir)


def log_dir() -> Path:
    """Where the debug log is written: beside the settings under an overridden home (a portable
    install keeps everything in one folder), else the platform's per-user log directory."""
    if os.environ.get(HOME_VARIABLE):
        return studio_home() / "logs"
    return Path(_platform_dirs().user_log_dir)


def check_studio_home() -> Path:
    """The studio home, or InputError naming it when it cannot be a folder (it is a file)."""
    home = studio_home()
    blocked = next((p for p in (home, *home.parents) if p.exists() and not p.is_dir()), None)
    if blocked is not None:
        source = (f"{HOME_VARIABLE} points at it" if os.environ.get(HOME_VARIABLE)
                  else "it is the folder for settings and answers")
        raise InputError.at(
            home, "home-not-a-folder",
            f"LexSub Studio keeps its settings and your answers in this folder, but {blocked} is "
            f"a file, not a folder ({source}); set {HOME_VARIABLE} to a folder, or move the "
            "file away")
    return home


def settings_file() -> Path:
    """The INI file behind the GUI's QSettings (window geometry, recent files, preferences)."""
    return studio_home() / "settings.ini"


def stores_dir() -> Path:
    return studio_home() / "stores"


def backups_dir() -> Path:
    return studio_home() / "backups"


def rescue_dir() -> Path:
    return studio_home() / "rescue"


def damaged_dir() -> Path:
    return studio_home() / "damaged"


def beside_store(root: Path, store: Path) -> Path:
    """``root/<corpus stem>-<digest>/<annotator>``: where a store's backups or rescue files go."""
    return root / store.parent.name / store.stem


def content_digest(path: str | Path) -> str:
    """A short SHA-256 digest of a file's bytes: the identity of a corpus for its stores."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(_HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()[:16]


def slug(text: str) -> str:
    """A file-name-safe form of a corpus stem or an annotator name (never empty)."""
    cleaned = re.sub(r"[^\w.-]+", "_", text.strip(), flags=re.UNICODE).strip("._")
    return cleaned[:60] or "unnamed"


def store_path(corpus_stem: str, corpus_digest: str, annotator: str) -> Path:
    """``<home>/stores/<corpus stem>-<digest>/<annotator>.sqlite3``.

    The annotator's name is slugged for the file name; the exact name is kept inside the store.
    Two names that slug alike ("Ann Lee" and "Ann_Lee") would share a file, so the store checks
    the exact name when it opens (see AnnotationStore.claim_annotator).
    """
    return stores_dir() / f"{slug(corpus_stem)}-{corpus_digest}" / f"{slug(annotator)}.sqlite3"
