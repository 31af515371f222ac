"""``lexsub score``: score a system file against a gold file.

Without report options this is the official SemEval-2007 LEXSUB scorer, byte for byte
(``lexsub score SYSTEM GOLD [-t best|oot|mw] [-v] [--scorer final|trial]`` prints what
``perl score.pl SYSTEM GOLD [-t best|oot|mw] [-v]`` prints). The clean mode and the later measures
(``--clean``, ``--metrics`` ...) are added by cli/score_report.py and take over when asked for.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from lexsub_studio.cli import exitcodes
from lexsub_studio.cli.held_output import HeldOutput
from lexsub_studio.core.io.formats.limits import LimitedReader, read_limited
from lexsub_studio.core.scoring.official.release import RELEASES
from lexsub_studio.core.scoring.official.scorer import (
    EXIT_GOLD_UNUSABLE,
    EXIT_UNDEFINED,
    EXIT_WRONG_KIND,
    TASKS,
    run_official,
)

if TYPE_CHECKING:
    import argparse
    from types import ModuleType
    from typing import BinaryIO

DESCRIPTION = f"""\
Score a system file against a gold file.

By default this is the official SemEval-2007 LEXSUB scorer: the same lines, byte for byte,
as `perl score.pl SYSTEM GOLD [-t best|oot|mw] [-v]`, every quirk included. --scorer picks the
release: final (April 2007, percentages; every published result) or trial (January 2007,
fractions). docs/official-scorer.md lists what is reproduced.

exit codes (official path):
  0    scored
  {EXIT_GOLD_UNUSABLE}    the gold has no usable line (no item with two or more responses; mw: no
       multiword mode); the official lines are printed first, as the original prints them
  2    usage error, or a file that cannot be read (missing, a directory, no permission,
       over 1 GiB, a line over 8 MiB: /dev/zero ends at once); pipes and <(...) are read once
  3    internal error: a fault in lexsub, not in the files (a short report; details in a log)
  {EXIT_WRONG_KIND}    the system file is of the other kind (more of its lines are oot lines given
       to -t best, or best lines given to -t oot): the hint naming the right -t comes first on
       stderr, then the official lines, every 'Error in SYSTEM on line N' included
  {EXIT_UNDEFINED}  a figure's denominator is zero: the lines computed so far are printed, then
       the reason on stderr (the original dies here, and Perl's die exits with 255)
"""


def _report_module() -> ModuleType | None:
    """cli/score_report.py (clean mode and further measures), when it is installed."""
    try:
        from lexsub_studio.cli import score_report
    except ModuleNotFoundError as error:
        if error.name != "lexsub_studio.cli.score_report":
            raise
        return None
    return score_report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("system", metavar="SYSTEM", help="the system's answers")
    parser.add_argument("gold", metavar="GOLD", help="the gold standard")
    parser.add_argument("-t", dest="task", default="best", metavar="best|oot|mw",
                        help="what to score: best answers (default), out-of-ten answers, or "
                             "multiwords")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print the scoring of every item, as the official scorer does")
    parser.add_argument("--scorer", choices=RELEASES, default="final",
                        help="the official release to reproduce (default: final)")
    parser.add_argument("--signature", action="store_true",
                        help="official output: also print the run's reproducibility signature "
                             "on standard error, after the official lines (reports always "
                             "carry it; docs/reproduction.md)")
    report = _report_module()
    if report is not None:
        report.add_report_arguments(parser)


def _open(path: str, role: str) -> BinaryIO:
    """The file opened for reading, or an InputError saying in one sentence why it cannot be."""
    try:
        return open(path, "rb")
    except FileNotFoundError:
        reason = "it does not exist"
    except IsADirectoryError:
        reason = "it is a directory"
    except PermissionError:
        reason = "permission denied"
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
    # Imported here: a readable file, the usual case, needs none of diagnostics' machinery.
    from lexsub_studio.core.model.diagnostics import InputError

    raise InputError.at(path, "unreadable", f"cannot read the {role} file: {reason}.")


def run(args: argparse.Namespace) -> int:
    report = _report_module()
    if report is not None and report.wants_report(args):
        return int(report.run_report(args))
    return run_plain(args)


def run_plain(args: argparse.Namespace) -> int:
    """The official scorer's output for ``args.system`` and ``args.gold``."""
    if args.task not in TASKS:
        print(f"lexsub score: -t must be one of {', '.join(TASKS)} for the official scorer, "
              f"not {args.task!r}.", file=sys.stderr)
        return exitcodes.USAGE
    # The official lines are held until the whole system file is read: only then is it known
    # whether the file is of another kind, and the hint naming the right -t comes first.
    held = HeldOutput()
    # Both files are opened first, so that an unreadable one is reported before anything else,
    # and read by the call, the gold first: it frees the gold's bytes once they are read, then
    # reads the system file a few megabytes at a time (bytes passed from here would stay alive
    # for the whole run; a million-item gold and oot file together are some 160 MB). Both are
    # read once, so a pipe or <(...) works, and within the limits of core/io/formats/limits.py.
    with _open(args.system, "system") as system, _open(args.gold, "gold") as gold:
        result = run_official(LimitedReader(system, args.system, sniff="nul"),
                              lambda: read_limited(gold, args.gold, sniff="nul"),
                              task=args.task,
                              release=args.scorer, verbose=args.verbose,
                              system_name=args.system, gold_name=args.gold,
                              collect_items=False, stream=held)
    if result.kind_hint:
        print(f"lexsub score: {result.kind_hint}", file=sys.stderr, flush=True)
    held.release(sys.stdout.buffer)
    for message in result.stderr.splitlines():
        if message != result.kind_hint:
            print(f"lexsub score: {message}", file=sys.stderr)
    if getattr(args, "signature", False):
        from lexsub_studio.core.present.signature import score_signature, signature_line

        sys.stderr.write(signature_line(
            score_signature(kind=args.task, mode="official", release=args.scorer),
            prefix="lexsub score: "))
    return result.exit_code
