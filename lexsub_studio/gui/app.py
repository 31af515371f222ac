"""``lexsub-studio [FILE]``: start the GUI, opening FILE (a corpus or package) if given."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from lexsub_studio import __version__
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime import debug_log
from lexsub_studio.core.runtime.collector import settle_for_a_long_run
from lexsub_studio.core.runtime.settings_paths import check_studio_home
from lexsub_studio.gui.application import create_application
from lexsub_studio.gui.main_window import MainWindow
from lexsub_studio.gui.window.after_first_paint import AfterFirstPaint


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lexsub-studio",
        description="Annotate a lexelt XML corpus or an annotator package. With no file, a "
                    "start screen offers the demo lesson and recent files.")
    opened = parser.add_mutually_exclusive_group()
    opened.add_argument("file", nargs="?", help="a corpus (.xml) or annotator package "
                                                "(.lexsubpkg) to open")
    opened.add_argument("--demo", action="store_true",
                        help="open the demo lesson: its corpus in Annotate, its five annotators' "
                             "responses in Gold & Agreement, its gold and systems in Scoring "
                             "(docs/demo.md)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--self-test", action="store_true",
                        help="check this installation without a screen: open the demo, annotate "
                             "two instances into a temporary store, pool, measure agreement, "
                             "score, plot, and compare every figure with docs/demo.md; one line "
                             "per check, exit code 1 on any difference")
    parser.add_argument("--debug", action="store_true",
                        help="print debug traces (background tasks, campaign sync, retried "
                             "saves) on standard error; LEXSUB_DEBUG=file writes them to "
                             "debug.log in the log folder instead")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = build_parser().parse_args(arguments)
    if options.debug or os.environ.get(debug_log.DEBUG_VARIABLE):
        debug_log.configure(options.debug)
    if options.self_test:
        from lexsub_studio.gui.self_test import run_self_test

        return run_self_test()
    app = create_application([sys.argv[0], *arguments])
    try:
        check_studio_home()
    except InputError as error:
        # Nothing could be saved there: say so rather than start and lose the annotator's work.
        QMessageBox.critical(None, QCoreApplication.translate("App", "LexSub Studio cannot start"),
                             f"{error.diagnostic.path}\n\n{error.diagnostic.message}")
        return 2
    window = MainWindow()
    window.show()
    if options.demo:
        AfterFirstPaint(window, window.open_demo)
    elif options.file:
        AfterFirstPaint(window, lambda: window.open_path(options.file))
    # The process's collector policy (core/runtime/collector.py), once the window is built.
    settle_for_a_long_run()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
