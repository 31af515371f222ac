"""Exit codes shared by every ``lexsub`` command, and the guard that turns errors into messages."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    #: A command's arguments: argparse's Namespace, or score's PlainArguments.
    Arguments = TypeVar("Arguments")

OK = 0
#: The input was read but has errors (``validate``), or a requested figure is undefined.
FAILED = 1
#: Bad command-line usage, or a file that cannot be read at all.
USAGE = 2
#: An internal error: a fault in lexsub itself, never in the input. A short report on stderr,
#: the traceback in a log file (core/runtime/internal_errors.py).
INTERNAL = 3
#: Interrupted by the user (Ctrl+C).
INTERRUPTED = 130


def run_guarded(run: Callable[[Arguments], int], args: Arguments) -> int:
    """Run a command; report unreadable input as one clear line on stderr, never a traceback."""
    try:
        return run(args)
    except BrokenPipeError:  # e.g. `lexsub score ... | head`: cli.main quiets standard output
        raise
    except OSError as error:
        print(f"lexsub: {_os_error_text(error)}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        print("lexsub: interrupted", file=sys.stderr)
        return INTERRUPTED
    except Exception as error:  # InputError is not an OSError: the order changes nothing
        if not _is_input_error(error):
            return internal_error(error)
        print(f"lexsub: {error.diagnostic}", file=sys.stderr)  # type: ignore[attr-defined]
        return USAGE


def _os_error_text(error: OSError) -> str:
    """``FILE: reason``, and what to do where the reason alone does not say it. Output files
    carry their name (core/io/atomic.py); a write error without one is standard output's."""
    import errno

    where = f"{error.filename}: " if error.filename else ""
    reason = error.strerror or str(error)
    if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        where = where or "standard output: "
        return (f"{where}error: cannot write: {reason} (the disk is full, or a file-size "
                "limit such as ulimit -f is passed); no file was replaced: free some space "
                "or write elsewhere")
    if error.errno == errno.EEXIST:
        return (f"{where}error: {reason}: the output exists and is not replaced here; "
                "choose another name, or remove it first")
    if error.errno == errno.ELOOP:
        return (f"{where}error: {reason}: a symbolic link here points, through other "
                "links, back to itself; fix or remove the link, or choose another path")
    return f"{where}{reason}"


def internal_error(error: BaseException) -> int:
    """Report a fault of lexsub itself in a few lines (the traceback goes to a log file)."""
    if isinstance(error, MemoryError):
        # Not a fault as such, but nothing the input's reader could say more about.
        print("lexsub: error: the command ran out of memory. Inputs are read within the limits "
              "of docs/formats.md; a smaller input or option (--samples, --bootstrap) may fit",
              file=sys.stderr)
        return INTERNAL
    try:
        from lexsub_studio.core.runtime.internal_errors import report_internal_error

        explanation = report_internal_error(error, " ".join(sys.argv)).explanation("lexsub")
    except Exception:  # the report itself failed: still no traceback
        explanation = "(a fault in lexsub, not in your files); no report could be written."
    print(f"lexsub: internal error {explanation}", file=sys.stderr)
    return INTERNAL


def _is_input_error(error: BaseException) -> bool:
    diagnostics = sys.modules.get("lexsub_studio.core.model.diagnostics")
    return diagnostics is not None and isinstance(error, diagnostics.InputError)
