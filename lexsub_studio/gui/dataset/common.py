"""What the Dataset workspace's panels share: where their files go by default, and how a failed
job reads."""

from __future__ import annotations

import os
from pathlib import Path

from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.gui import dialogs

ERROR_STYLE = "color: #b91c1c;"


def error_message(error: object) -> str:
    """A person's reading of a failed job: file and line for bad input, the core's own
    sentence for a missing WordNet or gold, never a traceback."""
    if isinstance(error, (InputError, OSError)):
        return dialogs.error_text(error).replace("\n\n", ": ")
    if isinstance(error, ValueError) or type(error).__name__ == "WordNetUnavailable":
        return str(error)
    return f"{type(error).__name__}: {error}"


def writable_directory(corpus_path: Path) -> Path:
    """Where baselines and exports go by default: beside the corpus, unless that is the bundled
    data or a read-only place, then the home directory."""
    from lexsub_studio.paths import data_dir

    directory = corpus_path.resolve().parent
    if directory.is_relative_to(data_dir().resolve()) or not os.access(directory, os.W_OK):
        return Path.home()
    return directory
