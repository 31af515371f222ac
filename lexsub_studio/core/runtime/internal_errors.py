"""An unexpected error (a fault in this program, not in the user's files): a short report for
the person, and the full one in a log file for whoever fixes it.

The command line prints the short report and exits with status 3; the GUI shows it in its
error dialog. Neither shows a traceback or a raw exception text such as ``KeyError: 0``: the
person can do nothing with them, and they read as if the input were at fault.

The log is meant to be sent to someone, so it holds no password: ``redact_secrets`` replaces
the password of every URL (``postgresql://user:PASSWORD@host``) and every ``password=...``
(a libpq connection string, a URL's query, ``PGPASSWORD=...``) in the command line and the
traceback by ``***``; and the file is made with mode 0600 (only its user can read it).
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio import __version__
from lexsub_studio.core.runtime.settings_paths import studio_home

#: Where the logs go, under the studio home (docs/annotation.md lists its folders).
LOG_FOLDER = "logs"
#: ``scheme://user:PASSWORD@``: the password of a URL.
_URL_PASSWORD = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@]*):[^\s@]*@")
#: ``password=VALUE`` (``PGPASSWORD=``, ``passwd=`` alike), quoted or not.
_KEYWORD_PASSWORD = re.compile(
    r"(?P<head>\b(?:pg)?pass(?:word|wd)\s*=\s*)(?:'(?:[^'\\]|\\.)*'|\"[^\"]*\"|[^\s&'\",;)]+)",
    re.IGNORECASE)
#: ``"password": "VALUE"``: a password in JSON or in a mapping's repr.
_QUOTED_PASSWORD = re.compile(
    r"(?P<head>([\"'])(?:pg)?pass(?:word|wd)\2\s*:\s*)(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")",
    re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class InternalErrorReport:
    """What went wrong, in words a person can act on, and where the details were written."""

    #: The program's own place where it stopped (``cli/compare.py:112 in run``), or "".
    where: str
    #: The log file with the full traceback, or None when none could be written.
    log: Path | None

    def explanation(self, program: str = "LexSub Studio") -> str:
        """What follows "internal error": whose fault, where it stopped, where the details are."""
        stopped = f" It stopped in {self.where}." if self.where else ""
        if self.log is not None:
            details = (f" The details are in {self.log}; please send that file with a "
                       "report of what you did.")
        else:
            details = (" No log file could be written (the studio home and the temporary "
                       "folder both refused it).")
        return (f"(a fault in {program}, not in your files, which it did not change)."
                f"{stopped}{details}")


def report_internal_error(error: BaseException, command: str = "") -> InternalErrorReport:
    """Write the full report of ``error`` to a log file and describe it in a sentence."""
    return InternalErrorReport(_where(error), _write_log(error, command))


def _where(error: BaseException) -> str:
    """The innermost frame of this package's own code: where a developer starts looking."""
    package = Path(__file__).resolve().parents[2]
    found = ""
    for frame in traceback.extract_tb(error.__traceback__):
        path = Path(frame.filename)
        try:
            relative = path.resolve().relative_to(package)
        except (OSError, ValueError):
            continue
        found = f"{relative.as_posix()}:{frame.lineno} in {frame.name}"
    return found


def redact_secrets(text: str) -> str:
    """``text`` with the password of every URL and every ``password=...`` replaced by ``***``."""
    text = _URL_PASSWORD.sub(r"\g<head>:***@", text)
    text = _QUOTED_PASSWORD.sub(r'\g<head>"***"', text)
    return _KEYWORD_PASSWORD.sub(r"\g<head>***", text)


def _write_log(error: BaseException, command: str) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"internal-error-{stamp}-{os.getpid()}.log"
    text = redact_secrets("".join([
        f"LexSub Studio {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n",
        f"command: {command}\n" if command else "",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n\n",
        *traceback.format_exception(error),
    ]))
    for folder in (studio_home() / LOG_FOLDER, Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            # O_EXCL: never over an existing file (a link planted in a shared temporary
            # folder); 0600 from birth: only this user reads it.
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_NOFOLLOW", 0), 0o600)
            # backslashreplace: a file name that is not UTF-8 (surrogate escapes) in the
            # command or the traceback still lets the whole report be written.
            with os.fdopen(handle, "w", encoding="utf-8", errors="backslashreplace") as log:
                if hasattr(os, "fchmod"):
                    os.fchmod(log.fileno(), 0o600)  # whatever the umask left
                log.write(text)
            return path
        except OSError:
            continue
    return None
