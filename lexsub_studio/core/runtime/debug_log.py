"""The package's debug traces, and where they go when someone asks for them.

Modules that trace what they do in the background (the GUI's background tasks, a campaign's sync
rounds, the retried saves of unsaved answers) log to ``logger(__name__)``: the ``logging``
hierarchy under ``lexsub_studio``, at DEBUG. The package logger holds a NullHandler, so nothing
is printed unless asked for:

* ``lexsub --debug COMMAND ...`` or ``LEXSUB_DEBUG=1``: every trace on standard error;
* ``LEXSUB_DEBUG=file``: appended to ``debug.log`` in the log folder (settings_paths.log_dir),
  whose path is said once on standard error; the way to trace the GUI started from a desktop.

The NullHandler is installed by the first module that logs, not by ``lexsub_studio/__init__.py``:
the official scorer's start-up imports no ``logging`` at all.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import TextIO

PACKAGE_LOGGER = "lexsub_studio"
DEBUG_VARIABLE = "LEXSUB_DEBUG"
LOG_FILE_NAME = "debug.log"
TRACE_FORMAT = "%(asctime)s %(threadName)s %(name)s: %(message)s"
#: What LEXSUB_DEBUG may say: to standard error, or to the log file.
_TO_STDERR = frozenset({"1", "yes", "true", "on", "stderr"})
_TO_FILE = "file"


def _package_logger() -> logging.Logger:
    package = logging.getLogger(PACKAGE_LOGGER)
    if not any(isinstance(handler, logging.NullHandler) for handler in package.handlers):
        package.addHandler(logging.NullHandler())
    return package


def logger(name: str) -> logging.Logger:
    """The logger of module ``name`` (a child of the package logger, which gets its
    NullHandler here)."""
    _package_logger()
    return logging.getLogger(name)


def requested_target(flag: bool = False) -> str | None:
    """"stderr", "file" or None (no traces): ``flag`` is the command line's ``--debug``."""
    value = os.environ.get(DEBUG_VARIABLE, "").strip().lower()
    if value == _TO_FILE:
        return "file"
    if flag or value in _TO_STDERR:
        return "stderr"
    return None


def enable(target: str, stream: TextIO | None = None) -> Path | None:
    """Send the package's traces to standard error (``target`` "stderr") or to the log file
    ("file"; its path is returned). Enabling again replaces the earlier destination."""
    package = _package_logger()
    for earlier in [h for h in package.handlers if getattr(h, "_lexsub_debug", False)]:
        package.removeHandler(earlier)
        earlier.close()
    path: Path | None = None
    handler: logging.Handler
    if target == "file":
        from lexsub_studio.core.runtime.settings_paths import log_dir

        path = log_dir() / LOG_FILE_NAME
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(path, encoding="utf-8")
        except OSError as error:
            print(f"lexsub: cannot write the debug log {path} ({error.strerror or error}); "
                  "debug traces go to standard error", file=stream or sys.stderr)
            path = None
            handler = logging.StreamHandler(stream or sys.stderr)
    else:
        handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter(TRACE_FORMAT))
    handler._lexsub_debug = True  # type: ignore[union-attr]  # our mark on the handler
    package.addHandler(handler)
    package.setLevel(logging.DEBUG)
    return path


def configure(flag: bool = False, stream: TextIO | None = None) -> Path | None:
    """Enable the traces if ``--debug`` (``flag``) or LEXSUB_DEBUG asks for them; says where a
    log file is on ``stream`` (standard error)."""
    target = requested_target(flag)
    if target is None:
        return None
    path = enable(target, stream)
    if path is not None:
        print(f"lexsub: debug traces go to {path}", file=stream or sys.stderr)
    return path
