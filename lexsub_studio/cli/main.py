"""``lexsub``: the command line, a thin layer over lexsub_studio.core.

One argparse parser with a sub-parser per command. Each command lives in its own module exposing
``add_arguments(parser)`` and ``run(args) -> int``; the sub-parsers of the other commands are
listed by name and summary only, so a command imports nothing but its own module, and
``lexsub score`` starts without loading pandas or anything else it does not need.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from lexsub_studio import __version__
from lexsub_studio.cli import exitcodes
from lexsub_studio.core.runtime.collector import paused_for_the_run

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import NoReturn

#: name -> (module, one-line summary). The order is the order of ``lexsub --help``.
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("lexsub_studio.cli.validate",
                 "check corpus, gold, system and responses files and summarise them"),
    "score": ("lexsub_studio.cli.score",
              "score a system file against a gold file (official-compatible, clean, all measures)"),
    "gold": ("lexsub_studio.cli.gold",
             "pool annotators' responses into a gold and a multiword gold file"),
    "agree": ("lexsub_studio.cli.agree",
              "inter-annotator agreement: pairwise, mode, multiword, alpha, kappa, intervals"),
    "judge": ("lexsub_studio.cli.judge",
              "judgement tasks of candidate substitutes, and pooling annotators' judgements"),
    "make-task": ("lexsub_studio.cli.make_task",
                  "make a lexelt XML corpus from tokenised CoNLL files (choose, sample targets)"),
    "convert": ("lexsub_studio.cli.convert",
                "convert between lexsub files and CoInCo, SWORDS and lexical-simplification TSV"),
    "stats": ("lexsub_studio.cli.stats",
              "dataset statistics per PoS and lexelt: instances, gold, T, modes, multiwords"),
    "compare": ("lexsub_studio.cli.compare",
                "significance of the difference between two systems (bootstrap, randomisation)"),
    "baseline": ("lexsub_studio.cli.baseline",
                 "write baseline best, oot and weighted answers (frequency, random, WordNet)"),
    "packages": ("lexsub_studio.cli.packages",
                 "make annotator packages from a corpus; check the responses that come back"),
    "campaign": ("lexsub_studio.cli.campaign",
                 "a team campaign on a PostgreSQL server: init, assign, status, export, "
                 "join, sync, submit"),
    "demo": ("lexsub_studio.cli.demo",
             "copy the bundled demo dataset (corpus, responses, gold, systems) into a folder"),
}


USAGE = "lexsub COMMAND [options]   (lexsub COMMAND --help for a command's options)"
DESCRIPTION = "LexSub Studio on the command line: every figure the GUI shows, printed."
EXIT_CODES = """\
exit codes: 0 success; 1 the input has errors (as each command's help says) or a
            figure is undefined; 2 usage error or unreadable input; 3 internal error
            (a fault in lexsub, not in the input: a short report, details in a log file);
            score also uses 4 (a system file of the other kind) and 255 (where the
            official scorer dies); 130 interrupted."""


def _terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``: $COLUMNS, else the terminal's width, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


_formatter_class: type[argparse.HelpFormatter] | None = None


def _help_formatter() -> type[argparse.HelpFormatter]:
    """argparse's formatter, with the terminal width found without shutil. argparse makes a
    formatter for every argument it adds, and the shutil import it does for the width (with
    the compression modules shutil loads) costs ``lexsub score`` more start-up time than
    scoring a small file. (Made on first use, as argparse itself is imported then.)"""
    global _formatter_class
    if _formatter_class is None:
        import argparse

        class HelpFormatter(argparse.RawDescriptionHelpFormatter):
            def __init__(self, prog: str, indent_increment: int = 2,
                         max_help_position: int = 24, width: int | None = None) -> None:
                super().__init__(prog, indent_increment, max_help_position,
                                 _terminal_columns() - 2 if width is None else width)

        _formatter_class = HelpFormatter
    return _formatter_class


def build_lexsub_parser(command: str | None = None
                        ) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser | None]:
    """``lexsub``'s parser, and the sub-parser of ``command`` (None when no command is named).

    Only ``command``'s module is imported, and only its sub-parser gets its options; the
    others are listed by name and summary (``lexsub --help``) and never parse anything here.
    """
    import argparse
    import importlib

    formatter = _help_formatter()
    parser = argparse.ArgumentParser(prog="lexsub", usage=USAGE, description=DESCRIPTION,
                                     epilog=EXIT_CODES, formatter_class=formatter)
    parser.add_argument("--version", action="version", version=f"lexsub {__version__}")
    parser.add_argument("--debug", action="store_true",
                        help="print debug traces (background work, campaign sync, retries) on "
                             "standard error; before the command: lexsub --debug COMMAND ... "
                             "(LEXSUB_DEBUG=1 does the same, LEXSUB_DEBUG=file writes them to "
                             "debug.log in the log folder)")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    chosen = None
    for name, (module_name, summary) in COMMANDS.items():
        if name != command:
            commands.add_parser(name, prog=f"lexsub {name}", help=summary,
                                description=summary, formatter_class=formatter)
            continue
        module = importlib.import_module(module_name)
        chosen = commands.add_parser(name, prog=f"lexsub {name}", help=summary,
                                     description=getattr(module, "DESCRIPTION", summary),
                                     formatter_class=formatter)
        module.add_arguments(chosen)
        chosen.set_defaults(_run=module.run)
    return parser, chosen


def build_parser(name: str) -> argparse.ArgumentParser:
    """The sub-parser of command ``name`` (``lexsub NAME``), its options added."""
    chosen = build_lexsub_parser(name)[1]
    if chosen is None:
        raise KeyError(f"no command {name!r}")
    return chosen


def _run_exit_handlers() -> None:
    """What the interpreter does first when it exits: every ``atexit`` handler, last registered
    first (each run once: ``atexit`` forgets them as they run)."""
    import atexit

    atexit._run_exitfuncs()


def _end_process(code: int) -> NoReturn:
    """End the process with ``code`` once its output is flushed, without the interpreter's
    teardown.

    The teardown frees the objects left one by one and runs a last garbage collection: about
    6 ms, as long as scoring a 10,000-item multiword file. Called once the exit handlers have
    run (``run_program``), so nothing is lost by skipping it.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):  # a closed pipe or stream, or None
            continue
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    # The process's collector policy (core/runtime/collector.py): one command, then the end.
    with paused_for_the_run():
        return _main_guarded(argv)


def run_program() -> NoReturn:
    """``lexsub`` as a program (the ``lexsub`` script, ``python -m lexsub_studio`` or
    ``lexsub_studio.cli.main``): the command, then the end of the process.

    When nothing waits for the interpreter's teardown (no other thread, no profiler), the exit
    handlers run and the process ends there, its output flushed: the teardown would only free
    every object one by one, after a collection of everything the paused collector left young,
    some 15 ms of a 10,000-item ``lexsub gold`` (a quarter of its work after the imports) and
    50-70 ms of a 10 x 100k one (where pandas has imported logging, whose exit handler would
    otherwise have kept the teardown). ``main`` stays for callers in the same process.
    """
    _choose_blas_threads(sys.argv[1] if len(sys.argv) > 1 else None)
    if sys.stdout is None:  # started with standard output closed (`lexsub ... >&-`)
        _refuse_closed_output()
    _keep_file_names_printable()
    if _any_terminal():
        from lexsub_studio.cli.terminal_text import escape_on_terminals

        escape_on_terminals()
    with paused_for_the_run():
        code = _main_guarded(None)
        if _nothing_waits_for_teardown():
            _run_exit_handlers()
            _end_process(code)
    sys.exit(code)


def _refuse_closed_output() -> NoReturn:
    """Nothing runs without a standard output: what a command prints would be lost, and the
    first file it opened would take descriptor 1 and receive it. One line, exit status 2."""
    if sys.stderr is not None:
        sys.stderr.write("lexsub: error: standard output is closed (>&-), so the command's "
                         "output would be lost; nothing was done. Give it somewhere to go "
                         "(> FILE, or > /dev/null to discard it)\n")
        sys.stderr.flush()
    os._exit(exitcodes.USAGE)


def _any_terminal() -> bool:
    """Whether standard output or standard error is a terminal (cli/terminal_text.py)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.isatty():
                return True
        except (AttributeError, OSError, ValueError):
            continue
    return False


def _keep_file_names_printable() -> None:
    """A file name that is not UTF-8 (``-o $'r\\xe9.txt'``) reaches Python as text holding
    surrogate escapes; standard output writes them back as the bytes they were, as standard
    error already does, instead of failing in the message that names the file."""
    stdout = sys.stdout
    if getattr(stdout, "errors", None) == "strict" and hasattr(stdout, "reconfigure"):
        import contextlib

        with contextlib.suppress(OSError, ValueError):
            stdout.reconfigure(errors="surrogateescape")


#: Commands that multiply no matrices: numpy's OpenBLAS, loaded with numpy, need not start a
#: thread per CPU for them. Starting the threads, which then spin a while waiting for work,
#: costs 0.05-0.1 s of CPU on a 2-CPU machine, more on a busy one: a third of a 10,000-item
#: ``lexsub gold``, which never uses them; clean scoring (``lexsub score``) uses none either.
NO_MATRIX_PRODUCTS = frozenset({"gold", "score"})
#: The variables OpenBLAS reads its thread count from, in its order: a user's choice is kept.
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def _choose_blas_threads(command: str | None) -> None:
    """One OpenBLAS thread for a command of ``NO_MATRIX_PRODUCTS`` (the program's own choice,
    made before numpy is imported; the environment's, when it sets one, stands)."""
    if command not in NO_MATRIX_PRODUCTS or "numpy" in sys.modules:
        return
    if any(name in os.environ for name in BLAS_THREAD_VARIABLES):
        return
    os.environ["OPENBLAS_NUM_THREADS"] = "1"


def _nothing_waits_for_teardown() -> bool:
    """Exit handlers that can be run before the end (CPython's), no profiler or tracer
    (``python -m cProfile`` writes its figures after the run returns) and no thread but this
    one: ending the process once the exit handlers (logging's, a temporary folder's finaliser)
    have run then loses nothing the teardown would do."""
    import atexit

    if not hasattr(atexit, "_run_exitfuncs"):  # CPython's; elsewhere, tear down
        return False
    if sys.getprofile() is not None or sys.gettrace() is not None:
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def _main_guarded(argv: Sequence[str] | None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (`lexsub ... | head`): what it did not read is not wanted.
        # Standard output is pointed at /dev/null so the interpreter's last flush stays quiet.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return exitcodes.OK


def _main(argv: Sequence[str] | None) -> int:
    from lexsub_studio.core.io.formats.stream_inputs import streams_read_once

    # A pipe or FIFO is read once, however many times the command's steps open it.
    with streams_read_once():
        return _run_command(argv)


def _run_command(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    debug = bool(args_list) and args_list[0] == "--debug"
    if debug:
        args_list = args_list[1:]
    if debug or os.environ.get("LEXSUB_DEBUG"):
        # Only then: the logging module stays out of the official scorer's start-up.
        from lexsub_studio.core.runtime import debug_log

        debug_log.configure(debug)
    name = args_list[0] if args_list else None
    if name is None or name == "help":
        print(build_lexsub_parser()[0].format_help(), end="")
        return exitcodes.USAGE if name is None else exitcodes.OK
    try:
        parser = build_lexsub_parser(name if name in COMMANDS else None)[0]
    except Exception as error:  # a command module that does not import: a broken install
        return exitcodes.internal_error(error)
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exit_:
        return int(exit_.code or 0) if exit_.code in (0, None) else exitcodes.USAGE
    return exitcodes.run_guarded(args._run, args)


if __name__ == "__main__":  # pragma: no cover
    run_program()
