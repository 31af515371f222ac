"""Exit codes shared by every ``lexsub`` command, and the guard that turns errors into messages."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from lexsub_studio.core.diagnostics import InputError

OK = 0
#: The input was read but has errors (``validate``), or a requested figure is undefined.
FAILED = 1
#: Bad command-line usage, or a file that cannot be read at all.
USAGE = 2
#: Interrupted by the user (Ctrl+C).
INTERRUPTED = 130


def run_guarded(run: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a command; report unreadable input as one clear line on stderr, never a traceback."""
    try:
        return run(args)
    except InputError as error:
        print(f"lexsub: {error.diagnostic}", file=sys.stderr)
        return USAGE
    except BrokenPipeError:  # e.g. `lexsub score ... | head`
        return OK
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"lexsub: {where}{error.strerror or error}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        print("lexsub: interrupted", file=sys.stderr)
        return INTERRUPTED
