"""What killed runs left in a folder: a set of outputs half-renamed, temporary files.

A set of outputs (output_set.py) writes a journal of its renames before it starts them; a run
killed during the renames leaves that journal, and the next write into the folder, or the next
command that names a file there (output_paths.check_outputs), completes the renames it lists:
every file it names was complete on disk before the journal was written, so rolling forward is
always right. Then the temporary files of killed runs are removed. A file counts as a leftover
only when its name has this program's pattern, the process named in it is gone, and it is older
than this process. docs/formats.md ("Writing outputs") states the rules.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from pathlib import Path

from lexsub_studio.core.io.durable import commit, fsync_directory

#: When this process started, near enough: files of this program older than this, made by a
#: process that is gone, are leftovers of a killed run.
PROCESS_START = time.time()
TEMPORARY_NAME = re.compile(r"^\..+\.lexsub-(?P<pid>\d+)-[A-Za-z0-9_]+\.tmp$")
JOURNAL_NAME = re.compile(r"^\.lexsub-(?P<pid>\d+)-[0-9a-f]+\.journal$")
JOURNAL_FORMAT = "lexsub-output-set"
JOURNAL_VERSION = 1


def _process_running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # no harmless way to ask: treat as running, never remove its files
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # e.g. another user's process
    return True


def is_leftover(path: Path, pid: int) -> bool:
    """True for a file of this program made by a process that is gone, before this one began."""
    try:
        modified = path.lstat().st_mtime
    except OSError:
        return False
    return modified < PROCESS_START and not _process_running(pid)


#: Folders already tidied by this process. Once is enough: only files older than this process
#: are leftovers, and none can appear later. (A round of 20,000 packages lists its folder once.)
_tidied: set[str] = set()


def tidy_directory(folder: Path) -> None:
    """Finish the output sets a killed run left half-renamed in ``folder``, then remove the
    temporary files killed runs left there. Errors are ignored: tidying must never stop a
    write (a read-only folder is reported by the write itself)."""
    key = os.path.realpath(folder)
    if key in _tidied:
        return
    _tidied.add(key)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = JOURNAL_NAME.match(name)
        if match and is_leftover(folder / name, int(match["pid"])):
            complete_interrupted_set(folder / name)
    for name in names:
        match = TEMPORARY_NAME.match(name)
        if match and is_leftover(folder / name, int(match["pid"])):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def _read_journal(journal: Path) -> tuple[list[tuple[str, str]], list[Path]] | None:
    try:
        record = json.loads(journal.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("format") != JOURNAL_FORMAT:
        return None
    renames = record.get("renames")
    copies = record.get("journals")
    if not isinstance(renames, list) or not isinstance(copies, list):
        return None
    pairs = [(str(pair[0]), str(pair[1])) for pair in renames
             if isinstance(pair, list) and len(pair) == 2]
    return pairs, [Path(str(copy)) for copy in copies]


def complete_journal(journal: Path) -> None:
    """Do the renames a journal lists that are not done yet, then remove its copies."""
    content = _read_journal(journal)
    if content is None:
        # Not one of ours, or damaged: its temporary files, if any, are removed as leftovers.
        with contextlib.suppress(OSError):
            journal.unlink()
        return
    renames, copies = content
    for temporary, target in renames:
        if os.path.lexists(temporary):
            commit(temporary, Path(target))
    remove_journals([*copies, journal])


def remove_journals(journals: list[Path]) -> None:
    """Remove a set's journals once its renames are done, each removal flushed."""
    for journal in dict.fromkeys(journals):
        with contextlib.suppress(OSError):
            journal.unlink()
            fsync_directory(journal.parent)


def complete_interrupted_set(journal: Path) -> None:
    """Complete the set a killed run left half-renamed (``tidy_directory`` calls this for
    leftover journals). Errors are ignored: the journal stays for a later run."""
    with contextlib.suppress(OSError):
        complete_journal(journal)
