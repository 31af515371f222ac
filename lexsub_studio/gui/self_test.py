"""``lexsub-studio --self-test``: prove that this installation works, without a screen.

Runs offscreen with a temporary studio home (the user's settings and stores are never touched):
opens the bundled demo corpus in the real main window, annotates two instances through the
annotation form, checks that the store kept both answers, then runs the core checks of the demo's
figures against docs/demo.md (core/self_test/demo_figures.py). Prints one line per check; the
exit code is 0 when every check passes and 1 otherwise.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QEvent, QObject

from lexsub_studio.core.self_test.demo_figures import Check

#: How long the window may take to open the demo before the check fails (a slow disk, a cold
#: start of a frozen build).
OPEN_TIMEOUT_SECONDS = 60.0
#: The two answers the self-test gives: (instance index in corpus order, substitutes).
ANSWERS: tuple[tuple[int, tuple[str, ...]], ...] = ((0, ("clever", "smart")), (1, ("vivid",)))


def _wait_until(done: Callable[[], bool], timeout: float) -> bool:
    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return False
        QApplication.processEvents()
        time.sleep(0.005)
    return True


def seconds_since_process_start() -> float | None:
    """How long ago this process started (the launcher's and a frozen build's loading
    included), from /proc on Linux; None elsewhere."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat, \
                open("/proc/uptime", encoding="ascii") as uptime:
            # Fields after the command name, which is in parentheses and may hold spaces.
            fields = stat.read().rsplit(")", 1)[1].split()
            now = float(uptime.read().split()[0])
        return now - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class _FirstPaint(QObject):
    """Notes when the window is first painted: the cold start time the build notes quote."""

    def __init__(self) -> None:
        super().__init__()
        self.after_start: float | None = None
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            self.after_start = seconds_since_process_start()
        return False


def annotation_checks(out: TextIO = sys.stdout) -> list[Check]:
    """Open the demo in the main window, answer two instances, and read them back from the
    store once the session is closed."""
    from lexsub_studio.core.annotation.store import AnnotationStore
    from lexsub_studio.gui import dialogs, settings
    from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace
    from lexsub_studio.gui.main_window import MainWindow
    from lexsub_studio.paths import demo_corpus

    store_settings = settings.app_settings()
    store_settings.setValue(settings.ANNOTATOR_NAME, "self-test")
    store_settings.sync()
    problems: list[str] = []
    # A dialog would wait for a click nobody gives: collect what it would have said instead.
    dialogs.show_problems = lambda *args, **kwargs: problems.append("problems shown")
    window = MainWindow()
    first_paint = _FirstPaint()
    window.installEventFilter(first_paint)
    window.show()
    _wait_until(lambda: first_paint.painted, OPEN_TIMEOUT_SECONDS)
    window.removeEventFilter(first_paint)
    if first_paint.after_start is not None:
        print(f"info first window painted {first_paint.after_start:.2f} s after the process "
              "started", file=out, flush=True)
    opened: list[bool] = []
    failures: list[str] = []
    window.session_opened.connect(lambda: opened.append(True))
    window.open_failed.connect(failures.append)
    window.open_path(str(demo_corpus()))
    _wait_until(lambda: bool(opened or failures), OPEN_TIMEOUT_SECONDS)
    checks = [Check("demo corpus opened in the window", "opened",
                    "opened" if opened else (failures[0] if failures else "timed out"),
                    source="expected")]
    workspace = window.workspaces["annotate"]
    work = workspace.work if isinstance(workspace, AnnotateWorkspace) else None
    if not opened or work is None:
        window.close()
        return checks
    assert isinstance(workspace, AnnotateWorkspace)
    store_path = Path(work.store.path) if work.store is not None else None
    for index, substitutes in ANSWERS:
        workspace.show_instance(index)
        for edit, text in zip(workspace.editor.form.sub_edits, substitutes, strict=False):
            edit.setText(text)
        workspace.commit_form()
    window.flush_workspaces()
    window.close()
    saved = "no store"
    if store_path is not None and store_path.is_file():
        store = AnnotationStore.open(store_path)
        try:
            saved = f"{store.answer_count()} answers"
        finally:
            store.close()
    checks.append(Check("two instances annotated into a temporary store",
                        f"{len(ANSWERS)} answers", saved, source="expected"))
    return checks


def _licence_check() -> Check:
    """Help > About shows every run-time library's licence text: a build that lost a
    library's metadata would show none for it."""
    from lexsub_studio.core.runtime.licences import library_licences

    libraries = library_licences()
    missing = [library.name for library in libraries if not library.text]
    found = ("none missing" if libraries and not missing
             else "no library found" if not libraries else "missing for " + ", ".join(missing))
    return Check(f"licence texts of the {len(libraries)} run-time libraries (Help > About)",
                 "none missing", found, source="expected")


def run_self_test(out: TextIO = sys.stdout) -> int:
    """The whole self-test; returns the exit code. The temporary studio home is removed."""
    home = tempfile.mkdtemp(prefix="lexsub-self-test-")
    try:
        return _run_checks(home, out)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _run_checks(home: str, out: TextIO) -> int:
    os.environ["LEXSUB_STUDIO_HOME"] = home
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ.setdefault("MPLBACKEND", "Agg")

    from lexsub_studio.core.model.diagnostics import InputError
    from lexsub_studio.core.self_test.demo_figures import demo_checks
    from lexsub_studio.gui.application import create_application
    from lexsub_studio.paths import demo_dir, docs_dir

    app = create_application([sys.argv[0], "-platform", "offscreen"])
    started = time.monotonic()
    print(f"LexSub Studio {app.applicationVersion()} self-test (Qt platform "
          f"{app.platformName()}, studio home {home})", file=out)
    checks = annotation_checks(out)
    checks.append(_licence_check())
    for check in checks:
        print(check.line(), file=out, flush=True)
    try:
        documentation = (docs_dir() / "demo.md").read_text(encoding="utf-8")
        figure_checks = demo_checks(demo_dir(), documentation, Path(home) / "self-test-plot.png")
    except InputError as error:
        where = error.diagnostic.path or "the demo"
        figure_checks = [Check("demo figures computed", "computed",
                               f"not computed: {where}: {error.diagnostic.message}",
                               source="expected")]
    except OSError as error:
        figure_checks = [Check("demo figures computed", "computed",
                               f"not computed: {error.filename or ''} {error.strerror}",
                               source="expected")]
    for check in figure_checks:
        print(check.line(), file=out, flush=True)
    checks += figure_checks
    failed = [check for check in checks if not check.passed]
    seconds = time.monotonic() - started
    if failed:
        print(f"self-test FAILED: {len(failed)} of {len(checks)} checks differ ({seconds:.1f} s)",
              file=out)
        return 1
    print(f"self-test passed: {len(checks)} checks ({seconds:.1f} s)", file=out)
    return 0
