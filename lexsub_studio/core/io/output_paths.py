"""Where an output really goes, and the guard that keeps a command from writing over its inputs.

``resolve_output`` classifies what a path names (a regular file, nothing yet, standard output,
a character device, a FIFO, a directory) after following symlinks. ``check_outputs`` compares a
command's outputs with its inputs and with each other, by device and inode (so a hard link or a
symlink to an input is caught too) and, for outputs that do not exist yet, by resolved path; it
raises OutputRefused (an InputError) before anything is read, so a refused command leaves every
file as it was.
docs/formats.md ("Writing outputs") states the rules.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from lexsub_studio.core.io.leftovers import tidy_directory
from lexsub_studio.core.model.diagnostics import InputError

#: Names that mean this process's standard output: written to the open stream, never reopened
#: (reopening /dev/stdout would truncate a file the shell opened for appending).
STDOUT_NAMES = frozenset({"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})
STDERR_NAMES = frozenset({"/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"})
#: Paths under these folders are handles onto something else (a terminal, a pipe, an open file):
#: they are opened and written as they are, never replaced by a renamed temporary file.
SPECIAL_FOLDERS = ("/dev/", "/proc/")


class OutputRefused(InputError, OSError):
    """An output lexsub will not write (an input, another output, a directory ...). An OSError
    too, so that every caller that reports a failed write reports this one, in its words."""


class OutputKind(StrEnum):
    REGULAR = "regular file"
    MISSING = "new file"
    STDOUT = "standard output"
    STDERR = "standard error"
    CHAR_DEVICE = "character device"
    FIFO = "FIFO"
    SPECIAL = "special path"
    DIRECTORY = "directory"
    UNSUPPORTED = "block device or socket"
    LINK_LOOP = "symbolic link loop"

    @property
    def streamed(self) -> bool:
        """Written as a stream, in place: no temporary file, no rename."""
        return self in (OutputKind.STDOUT, OutputKind.STDERR, OutputKind.CHAR_DEVICE,
                        OutputKind.FIFO, OutputKind.SPECIAL)

    @property
    def replaced(self) -> bool:
        """Written to a temporary file beside the target, then renamed over it."""
        return self in (OutputKind.REGULAR, OutputKind.MISSING)


@dataclass(frozen=True, slots=True)
class OutputTarget:
    """An output path as given, where it leads and what is there now."""

    given: str
    #: The file to write: symlinks followed for a regular or new file; the path as given for a
    #: stream (a /dev/fd/N or a FIFO is opened by the name the user gave).
    path: Path
    kind: OutputKind
    #: (st_dev, st_ino) of what exists there now, None for a new file.
    identity: tuple[int, int] | None = None
    #: The permission bits of the file written over (kept by the new file), None for a new one.
    mode: int | None = None
    uid: int | None = None
    gid: int | None = None


def resolve_output(path: str | Path) -> OutputTarget:
    """What writing ``path`` would write to. Never raises: a directory or a socket is reported
    by its kind, and ``refuse_unwritable`` turns that into a message."""
    given = os.fspath(path)
    if given in STDOUT_NAMES:
        return OutputTarget(given, Path(given), OutputKind.STDOUT)
    if given in STDERR_NAMES:
        return OutputTarget(given, Path(given), OutputKind.STDERR)
    try:
        info = os.stat(given)  # follows symlinks
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except OSError as error:
        if error.errno == errno.ELOOP:  # the link leads nowhere: writing would replace it
            return OutputTarget(given, Path(given), OutputKind.LINK_LOOP)
        info = None  # unreadable folder on the way: the write reports it with its reason
    special = os.path.abspath(given).startswith(SPECIAL_FOLDERS)
    if info is None:
        if special:
            return OutputTarget(given, Path(given), OutputKind.SPECIAL)
        return OutputTarget(given, Path(os.path.realpath(given)), OutputKind.MISSING)
    identity = (info.st_dev, info.st_ino)
    file_mode = info.st_mode
    if stat.S_ISDIR(file_mode):
        return OutputTarget(given, Path(given), OutputKind.DIRECTORY, identity)
    if stat.S_ISCHR(file_mode):
        return OutputTarget(given, Path(given), OutputKind.CHAR_DEVICE, identity)
    if stat.S_ISFIFO(file_mode):
        return OutputTarget(given, Path(given), OutputKind.FIFO, identity)
    if stat.S_ISREG(file_mode):
        if special:  # e.g. /dev/fd/3 opened by the shell on a file: write through it
            return OutputTarget(given, Path(given), OutputKind.SPECIAL, identity)
        return OutputTarget(given, Path(os.path.realpath(given)), OutputKind.REGULAR, identity,
                            stat.S_IMODE(file_mode), info.st_uid, info.st_gid)
    return OutputTarget(given, Path(given), OutputKind.UNSUPPORTED, identity)


def refuse_unwritable(target: OutputTarget) -> None:
    """OutputRefused for an output that cannot be a file: a directory, a block device, a socket."""
    if target.kind is OutputKind.DIRECTORY:
        raise OutputRefused.at(target.given, "output-is-directory",
                            "this output is a directory; give the path of a file to write")
    if target.kind is OutputKind.LINK_LOOP:
        raise OutputRefused.at(target.given, "output-link-loop",
                               "this output is a symbolic link that leads, through links, back "
                               "to itself (a loop), so there is no file to write; the link is "
                               "left as it is: fix or remove it, or give another path")
    if target.kind is OutputKind.UNSUPPORTED:
        raise OutputRefused.at(target.given, "output-unsupported",
                            "this output is a block device or a socket, which lexsub does not "
                            "write to; give a regular file, a FIFO, a terminal or -")


def _input_identity(path: str | Path) -> tuple[tuple[int, int] | None, Path]:
    """(st_dev, st_ino) of an input, None when it cannot be stat'ed; and its resolved path."""
    text = os.fspath(path)
    try:
        info = os.stat(text)
        identity: tuple[int, int] | None = (info.st_dev, info.st_ino)
        if not stat.S_ISREG(info.st_mode):
            identity = None  # reading /dev/stdin while writing /dev/stdout destroys nothing
    except OSError:
        identity = None
    return identity, Path(os.path.realpath(text))


def check_outputs(inputs: Iterable[str | Path | None],
                  outputs: Iterable[tuple[str, str | Path | None]]) -> list[OutputTarget]:
    """Refuse, with one clear sentence, any output that is one of the inputs or another output.

    ``outputs`` are (how the command names it, path) pairs, e.g. ("-o", "gold"); None entries
    (an option not given) are skipped in both lists. Returns the resolved outputs, in order.
    Also completes an interrupted set of outputs, and removes this program's stale temporary
    files, beside every file named (core/io/leftovers.py), so that no command
    reads or writes a half-replaced set.
    """
    input_paths = [os.fspath(path) for path in inputs if path is not None]
    named = [(label, os.fspath(path)) for label, path in outputs if path is not None]
    folders = {os.path.dirname(os.path.abspath(path)) for path in input_paths}
    folders |= {os.path.dirname(os.path.abspath(path)) for _, path in named
                if os.fspath(path) not in STDOUT_NAMES | STDERR_NAMES}
    for folder in sorted(folders):
        if not folder.startswith(SPECIAL_FOLDERS):
            tidy_directory(Path(folder))
    # Looked up by key, not compared pairwise: a round of 20,000 packages is checked at once.
    inputs_by_identity: dict[tuple[int, int], str] = {}
    inputs_by_path: dict[Path, str] = {}
    for input_path in input_paths:
        identity, real = _input_identity(input_path)
        if identity is not None:
            inputs_by_identity.setdefault(identity, input_path)
        inputs_by_path.setdefault(real, input_path)
    outputs_by_key: dict[object, tuple[str, OutputTarget]] = {}
    resolved: list[OutputTarget] = []
    for label, path in named:
        target = resolve_output(path)
        refuse_unwritable(target)
        if target.kind.replaced:
            input_path = (inputs_by_identity.get(target.identity) if target.identity is not None
                          else inputs_by_path.get(target.path))
            if input_path is not None:
                how = "" if os.path.abspath(input_path) == os.path.abspath(path) else (
                    " (through a link or another name)")
                raise OutputRefused.at(
                    path, "output-is-input",
                    f"the output {label} is the input file {input_path}{how}; writing it would "
                    "destroy that input. Nothing was read or written: choose another output "
                    "path")
            key = target.identity if target.identity is not None else target.path
            if key in outputs_by_key:
                other_label, other = outputs_by_key[key]
                raise OutputRefused.at(
                    path, "same-output",
                    f"the outputs {other_label} ({other.given}) and {label} ({path}) are the "
                    "same file; one would overwrite the other. Nothing was read or written: "
                    "give each output its own path")
            outputs_by_key[key] = (label, target)
        resolved.append(target)
    return resolved
