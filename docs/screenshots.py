"""Render the screenshots of the README and the docs into docs/img/ (offscreen, no display).

    python docs/screenshots.py

Uses a scratch LEXSUB_STUDIO_HOME, so the user's settings and stores are not touched, and the
bundled demo corpus, so the pictures show what a new user sees.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent / "img"
SIZE = (1280, 800)


def main() -> int:
    os.environ["LEXSUB_STUDIO_HOME"] = tempfile.mkdtemp(prefix="lexsub-shots-")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtWidgets import QApplication, QWidget

    from lexsub_studio.gui import dialogs, settings
    from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace
    from lexsub_studio.gui.app import create_application
    from lexsub_studio.gui.main_window import MainWindow
    from lexsub_studio.paths import demo_corpus

    app = create_application([sys.argv[0]])
    store = settings.app_settings()
    store.setValue(settings.ANNOTATOR_NAME, "amira")
    store.sync()
    dialogs.show_problems = lambda *args: None
    OUT.mkdir(parents=True, exist_ok=True)

    def settle() -> None:
        for _ in range(5):
            app.processEvents()
            time.sleep(0.02)

    def save(widget: QWidget, name: str) -> None:
        settle()
        path = OUT / f"{name}.png"
        widget.grab().save(str(path))
        print(f"wrote {path}")

    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    save(window, "start")

    opened: list[bool] = []
    window.session_opened.connect(lambda: opened.append(True))
    window.open_failed.connect(lambda text: (print("cannot open the demo:", text),
                                             sys.exit(1)))
    window.open_path(str(demo_corpus()))
    while not opened:
        app.processEvents()
        time.sleep(0.01)
    workspace = window.workspaces["annotate"]
    assert isinstance(workspace, AnnotateWorkspace)
    work = workspace.work
    assert work is not None
    # A few answers given, so the list shows statuses and the status bar shows progress.
    for index, substitutes in ((0, ["clever", "intelligent"]), (1, ["vivid", "strong"]),
                               (2, ["hopeful", "promising"])):
        workspace.show_instance(index)
        for edit, text in zip(workspace.form.sub_edits, substitutes, strict=False):
            edit.setText(text)
        workspace.commit_form()
    workspace.show_instance(3)
    workspace.form.sub_edits[0].setText("sunny")
    workspace.form.sub_edits[1].setText("clearer")  # an inflected form: a lemma is offered
    workspace.form.update_checks()
    save(window, "annotate")

    dialog = dialogs.build_summary_dialog(window, work.progress(), False)
    dialog.show()
    save(dialog, "summary")
    dialog.close()
    shortcuts = dialogs.build_shortcuts_dialog(window, window.all_actions())
    shortcuts.show()
    save(shortcuts, "shortcuts")
    shortcuts.close()
    window.close()
    QApplication.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
