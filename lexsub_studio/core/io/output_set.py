"""Several outputs that belong together appear together, or not at all.

A gold and its multiword gold, a report and its items, a baseline's three files, a round of
annotator packages: a reader must never find the new gold beside the old multiword gold. So:

1. every file of the set is written to its temporary file (core/io/atomic.py) and flushed to disk;
   a failure or a kill here leaves every target as it was (the temporary files are removed
   then, or by the next run);
2. a journal listing the renames still to do, ``.lexsub-PID-HEX.journal``, is written
   (itself atomically) into every folder the set writes to, and flushed;
3. the temporary files are renamed over their targets in order, each folder flushed;
4. the journals are removed.

A kill during step 3 leaves a journal behind; the next run of lexsub (any command that writes
into, or reads from, that folder; the GUI's next export there) completes the renames it lists
(core/io/leftovers.py): every file it names is complete on disk since step 1, so rolling
forward is always right, and the set ends up entirely new. Outputs that are streams (standard
output, a FIFO, a device) cannot be renamed: they are written, in the set's order, after every
temporary file is complete and before the renames.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

from lexsub_studio.core.io.atomic import open_stream, stage_bytes
from lexsub_studio.core.io.durable import commit, fsync_directory
from lexsub_studio.core.io.leftovers import (
    JOURNAL_FORMAT,
    JOURNAL_VERSION,
    complete_journal,
    remove_journals,
)
from lexsub_studio.core.io.output_paths import (
    OutputRefused,
    OutputTarget,
    refuse_unwritable,
    resolve_output,
)


class OutputSet:
    """Files staged one by one (``add``), renamed over their targets together (``commit``).

    Each file is on disk in its temporary file as soon as it is added, so a large set (a round
    of packages) is never held in memory whole. Used as a context manager, the set is committed
    when the block ends normally and discarded (every temporary file removed, every target as
    it was) when it raises.
    """

    def __init__(self) -> None:
        self._staged: list[tuple[str, OutputTarget]] = []
        self._streams: list[tuple[OutputTarget, bytes]] = []
        self._targets: list[OutputTarget] = []
        self._replaced: dict[Path, OutputTarget] = {}

    @property
    def targets(self) -> list[OutputTarget]:
        return list(self._targets)

    def add(self, path: str | Path, data: str | bytes, encoding: str = "utf-8") -> OutputTarget:
        """Stage one file of the set (text is written as given: LF stays LF)."""
        target = resolve_output(path)
        refuse_unwritable(target)
        earlier = self._replaced.get(target.path) if target.kind.replaced else None
        if earlier is not None:
            raise OutputRefused.at(target.given, "same-output",
                                   f"{earlier.given} and {target.given} are the same file; "
                                   "give each output its own path")
        payload = data.encode(encoding) if isinstance(data, str) else data
        if target.kind.replaced:
            self._staged.append((stage_bytes(target, payload), target))
            self._replaced[target.path] = target
        else:
            self._streams.append((target, payload))
        self._targets.append(target)
        return target

    def discard(self) -> None:
        """Remove every staged file; no target is touched."""
        for temporary, _ in self._staged:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        self._staged.clear()
        self._streams.clear()

    def commit(self) -> None:
        """Write the streams, then rename every staged file over its target (module docstring)."""
        journals: list[Path] = []
        try:
            for target, payload in self._streams:
                with open_stream(target, "wb", None, None) as handle:
                    handle.write(payload)
            if len(self._staged) > 1:
                journals = _write_journals(self._staged)
        except BaseException:
            self.discard()
            raise
        try:
            # Each folder is flushed once after all its renames, not once per file: a round of
            # 20,000 packages in one folder would otherwise wait for 20,000 flushes. The
            # journals, already on disk, cover a crash before the flushes.
            for temporary, target in self._staged:
                commit(temporary, target.path, flush=False)
            for folder in dict.fromkeys(target.path.parent for _, target in self._staged):
                fsync_directory(folder)
        except BaseException:
            # Whatever stopped the renames (an error, Ctrl+C), finish them now if possible: the
            # journal lets the next run do it otherwise.
            if journals:
                with contextlib.suppress(Exception):
                    complete_journal(journals[0])
            raise
        remove_journals(journals)
        self._staged.clear()
        self._streams.clear()

    def __enter__(self) -> OutputSet:
        return self

    def __exit__(self, error_type: type[BaseException] | None, *_: object) -> None:
        if error_type is None:
            self.commit()
        else:
            self.discard()


def write_output_set(contents: Sequence[tuple[str | Path, str | bytes]],
                     encoding: str = "utf-8") -> list[OutputTarget]:
    """Write every (path, text or bytes) so that the files appear together or not at all.

    Two entries naming the same file raise OutputRefused before anything is written. Returns
    the resolved targets, in order.
    """
    with OutputSet() as output_set:
        for path, data in contents:
            output_set.add(path, data, encoding)
    return output_set.targets


def _write_journals(staged: list[tuple[str, OutputTarget]]) -> list[Path]:
    """One journal of the renames in every folder of the set, each complete on disk."""
    folders = list(dict.fromkeys(target.path.parent for _, target in staged))
    # os.urandom is what secrets.token_hex reads; importing secrets (hmac, hashlib) cost every
    # command that writes a file some 4 ms.
    name = f".lexsub-{os.getpid()}-{os.urandom(4).hex()}.journal"
    journals = [folder / name for folder in folders]
    record = {
        "format": JOURNAL_FORMAT,
        "version": JOURNAL_VERSION,
        "renames": [[temporary, str(target.path)] for temporary, target in staged],
        "journals": [str(journal) for journal in journals],
    }
    # ASCII, escapes and all: a file name that is not UTF-8 holds surrogate escapes, which
    # UTF-8 cannot encode; as JSON escapes they read back as the same name.
    data = (json.dumps(record, indent=1) + "\n").encode("ascii")
    written: list[Path] = []
    try:
        for journal in journals:
            commit(stage_bytes(resolve_output(journal), data), journal)
            written.append(journal)
    except BaseException:
        for journal in written:
            with contextlib.suppress(OSError):
                journal.unlink()
        raise
    return journals
