"""Scratch folders whose paths no reference program can take for one of its options.

The original SemEval-2007 scorer looks for its ``-t`` and ``-v`` options by matching each
argument against ``/-(t|v)/``: a gold file under ``/tmp/lexsub-targets-x1`` reads to it as an
option, and it prints only its usage line. So the benchmarks name their scratch folders with
underscores (the random part tempfile adds never holds a hyphen), and refuse to start when the
temporary folder's own path would already be mistaken.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

#: What the original scorer takes for an option anywhere in an argument.
OPTION_LOOKALIKE = re.compile(r"-(t|v)")


def checked_temporary_root() -> Path:
    """The temporary folder; SystemExit with the reason when its path looks like an option."""
    root = Path(tempfile.gettempdir())
    if OPTION_LOOKALIKE.search(str(root)):
        raise SystemExit(
            f"the temporary folder {root} holds '-t' or '-v', which the original scorer takes "
            "for its options; set TMPDIR to a folder whose path does not")
    return root


def scratch_folder(stem: str) -> tempfile.TemporaryDirectory[str]:
    """A temporary folder named ``<stem>_<random>`` (hyphens in ``stem`` become underscores)."""
    prefix = stem.replace("-", "_").rstrip("_") + "_"
    return tempfile.TemporaryDirectory(prefix=prefix, dir=checked_temporary_root())


def make_scratch_folder(stem: str) -> Path:
    """Like scratch_folder, for a folder the caller removes itself."""
    prefix = stem.replace("-", "_").rstrip("_") + "_"
    return Path(tempfile.mkdtemp(prefix=prefix, dir=checked_temporary_root()))
