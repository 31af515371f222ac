"""Start-up builds only what the first screen shows: each workspace is built (and its heavy
libraries imported) when first shown, and a hidden Gold & Agreement workspace does not index the
instances of a corpus opened in Annotate until it is shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator, write_small_corpus

from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui

PROBE = """
import sys
from lexsub_studio.gui.app import create_application
from lexsub_studio.gui.main_window import MainWindow
app = create_application([sys.argv[0]])
window = MainWindow()
window.show()
app.processEvents()
print(sorted(name for name in ("pandas", "matplotlib") if name in sys.modules))
"""


def test_the_window_starts_without_pandas_or_matplotlib(tmp_path: Path) -> None:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                       LEXSUB_STUDIO_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=environment, timeout=120, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


OPENING_PROBE = """
import sys, time
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.app import create_application
from lexsub_studio.gui.main_window import MainWindow
app = create_application([sys.argv[0]])
settings.app_settings().setValue(settings.ANNOTATOR_NAME, "tester")
dialogs.show_problems = lambda *args: None
window = MainWindow()
window.show()
opened = []
window.session_opened.connect(lambda: opened.append(1))
window.open_path(sys.argv[1])
while not opened:
    app.processEvents()
    time.sleep(0.001)
app.processEvents()
window.workspaces["annotate"].grab()
print(sorted(name for name in ("numpy", "pandas", "matplotlib") if name in sys.modules))
"""


def test_a_corpus_opens_and_shows_its_first_instance_without_numpy(tmp_path: Path) -> None:
    # numpy (with its BLAS threads) costs some 0.1-0.25 s of the start; the responses reader
    # that needs it is imported when a responses file is read, not with the window.
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                       LEXSUB_STUDIO_HOME=str(tmp_path / "home"))
    corpus = write_small_corpus(tmp_path)
    done = subprocess.run([sys.executable, "-c", OPENING_PROBE, str(corpus)],
                          capture_output=True, text=True, env=environment, timeout=120,
                          check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_workspace_is_built_when_first_shown(qtbot) -> None:
    window = make_window(qtbot)
    # The light ones, whose actions every workspace offers, are built with the window.
    assert list(window.workspaces) == ["annotate", "dataset"]
    assert not window.workspaces.is_built("gold")
    assert "Gold" not in [action.text() for action in window.menuBar().actions()]
    window.show_workspace("gold")
    gold = window.workspaces["gold"]
    assert window.workspaces.is_built("gold") and window.current_workspace() is gold
    titles = [action.text() for action in window.menuBar().actions()]
    # Its own menu sits where it would have been had it been built with the window: after
    # the other workspace menus, before the Organiser and Help menus.
    assert titles.index("Gold") == titles.index("&Organiser") - 1
    assert gold.add_action.isEnabled()
    window.show_workspace("scoring")
    assert not gold.add_action.isEnabled()
    assert list(window.workspaces) == ["annotate", "gold", "scoring", "dataset"]
    window.close()


def test_the_shortcuts_list_holds_workspaces_not_yet_shown(qtbot) -> None:
    window = make_window(qtbot)
    names = {action.objectName() for action in window.all_actions()}
    gold_shortcuts = {action.objectName()
                      for actions in window.workspaces["gold"].menu_actions().values()
                      for action in actions if action.shortcuts()}
    assert gold_shortcuts and gold_shortcuts <= names
    window.close()


def test_hidden_gold_indexes_the_open_corpus_only_when_shown(qtbot, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = make_window(qtbot)
    window.show_workspace("gold")
    gold = window.workspaces["gold"]
    window.show_workspace("annotate")  # the start screen, until the corpus opens
    workspace = open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    assert window.current_workspace() is workspace
    assert gold._instances == {}
    window.show_workspace("gold")
    opened = window.state.source.corpus
    assert set(gold._instances) == {(lexelt.item, instance.id)
                                    for lexelt, instance in opened.instances()}
    assert "Sentences from the open corpus" in gold.sources.corpus_label.text()
    window.close()
