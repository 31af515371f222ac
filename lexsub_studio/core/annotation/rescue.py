"""Rescue files: answers the store could not take, written out so closing loses nothing.

A rescue file is an ordinary responses file (docs/formats.md), so it can also be imported by
hand. It goes to ``<home>/rescue/<corpus stem>-<digest>/<annotator>-<YYYYMMDD-HHMMSS>.tsv``
(local time, which is what the annotator reads); when even that folder cannot be written, to
the annotator's home folder. The next time the same corpus is opened, the files of its folder
are offered back; once restored, a file moves into ``restored/`` beside it.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from lexsub_studio.core.io.formats.responses_writer import write_responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.runtime.settings_paths import beside_store, rescue_dir

RESTORED_FOLDER = "restored"


def rescue_folder(store: Path) -> Path:
    return beside_store(rescue_dir(), store).parent


def write_rescue_file(rows: Sequence[ResponseRow], store: Path,
                      when: datetime | None = None) -> Path:
    """Write ``rows`` as a responses file named with the time; raises OSError if nowhere works."""
    return write_rescue(lambda path: write_responses(rows, path), store, when)


def write_rescue(write: Callable[[Path], None], store: Path,
                 when: datetime | None = None) -> Path:
    """Where ``write`` put the rescue file of ``store`` (named with the time): its rescue
    folder, else the home folder; raises OSError if nowhere works."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    name = f"{store.stem}-{stamp}.tsv"
    preferred = rescue_folder(store) / name
    try:
        preferred.parent.mkdir(parents=True, exist_ok=True)
        write(preferred)
        return preferred
    except OSError:
        # The data folder may be on the very disk that failed: the home folder is the fallback.
        fallback = Path.home() / f"lexsub-rescue-{store.parent.name}-{name}"
        write(fallback)
        return fallback


def rescue_files_for(store: Path) -> list[Path]:
    """This store's rescue files not restored yet, oldest first."""
    folder = rescue_folder(store)
    if not folder.is_dir():
        return []
    pattern = re.compile(rf"{re.escape(store.stem)}-\d{{8}}-\d{{6}}\.tsv")
    return sorted(path for path in folder.iterdir()
                  if path.is_file() and pattern.fullmatch(path.name))


def mark_restored(path: Path) -> Path:
    """Move a rescue file whose answers are back in the store into ``restored/``."""
    target = path.parent / RESTORED_FOLDER / path.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(path, target)
    return target
