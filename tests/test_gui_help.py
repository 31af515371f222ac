"""Help > User guide (docs/ rendered offline) and Help > About (versions, places, licences)."""

from __future__ import annotations

import platform
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl, qVersion
from PySide6.QtGui import QTextDocument

from lexsub_studio.core.runtime.licences import library_licences, runtime_distributions
from lexsub_studio.gui.about import AboutDialog
from lexsub_studio.gui.user_guide import CHAPTERS, UserGuide
from lexsub_studio.paths import docs_dir
from tests.gui_support import make_window

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parent.parent


def _help_actions(window) -> list[str]:
    help_menu = next(action.menu() for action in window.menuBar().actions()
                     if action.text() == "&Help")
    return [action.objectName() for action in help_menu.actions()]


def test_help_menu_offers_the_user_guide_and_about(qtbot) -> None:
    window = make_window(qtbot)
    assert {"actionUserGuide", "actionAbout", "actionGlossary"} <= set(_help_actions(window))


def test_every_chapter_of_the_guide_is_installed_with_the_package() -> None:
    for chapter in CHAPTERS:
        assert (docs_dir() / chapter.file).is_file(), chapter.file
    assert {chapter.audience for chapter in CHAPTERS} >= {"Annotators", "Organisers",
                                                          "Instructors"}


def test_the_user_guide_renders_the_annotators_chapter_with_its_screenshot(qtbot) -> None:
    window = make_window(qtbot)
    guide = window.show_user_guide()
    assert isinstance(guide, UserGuide) and guide.isVisible()
    text = guide.text.toPlainText()
    assert "Annotating with LexSub Studio" in text
    assert "](" not in text.split("\n", 3)[0]  # Markdown rendered, not shown as source
    # The screenshot is found next to the chapter, offline: the image resource loads.
    image = guide.text.document().resource(QTextDocument.ResourceType.ImageResource,
                                           QUrl("img/annotate.png"))
    assert image is not None and not image.isNull()
    assert window.show_user_guide() is guide  # one guide window, raised again


def test_a_link_to_another_chapter_opens_it_and_a_web_link_does_not(qtbot) -> None:
    guide = UserGuide()
    qtbot.addWidget(guide)
    guide.follow_link(QUrl("formats.md#annotator-package"))
    assert guide.current_title() == "File formats"
    guide.follow_link(QUrl("https://example.org/"))
    assert guide.current_title() == "File formats"
    assert "offline" in guide.text.toolTip()


def test_choosing_a_chapter_in_the_list_shows_it(qtbot) -> None:
    guide = UserGuide()
    qtbot.addWidget(guide)
    rows = [guide.chapter_list.item(row) for row in range(guide.chapter_list.count())]
    demo = next(item for item in rows if item.data(Qt.ItemDataRole.UserRole) == "demo.md")
    guide.chapter_list.setCurrentItem(demo)
    assert "The demo dataset" in guide.text.toPlainText()


def test_a_guide_without_its_chapters_says_so(qtbot, tmp_path: Path) -> None:
    guide = UserGuide(folder=tmp_path)
    qtbot.addWidget(guide)
    assert guide.text.toPlainText().startswith("The user guide is not installed")


def test_about_shows_versions_places_and_licences(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot)
    about = window.show_about()
    assert isinstance(about, AboutDialog)
    facts = dict(about.facts)
    assert qVersion() in facts["Qt"] and platform.python_version() in facts["Python"]
    home = Path(facts["Answers (stores)"]).parent
    assert facts["Settings"] == str(home / "settings.ini")
    label = about.facts_label.text()
    assert str(home / "stores") in label
    names = [about.library_list.item(row).text() for row in range(about.library_list.count())]
    assert any(name.startswith("PySide6") for name in names)
    assert any(name.startswith("pandas ") for name in names)
    pandas_row = next(row for row, name in enumerate(names) if name.startswith("pandas "))
    about.library_list.setCurrentRow(pandas_row)
    assert "BSD" in about.licence_view.toPlainText()


def test_licences_follow_the_run_time_requirements_only() -> None:
    names = {d.metadata["Name"].lower().replace("_", "-") for d in runtime_distributions()}
    assert {"lexsub-studio", "pandas", "numpy", "lxml", "matplotlib", "lemminflect"} <= names
    # The test extra is not shipped with the app.
    assert not {"pytest", "hypothesis", "ruff", "build"} & names
    libraries = library_licences()
    assert libraries[0].name == "lexsub-studio"
    numpy = next(library for library in libraries if library.name == "numpy")
    assert numpy.text  # the licence's words, not only its name
    # Qt for Python names the LGPL without shipping its text: the copy in resources/ is shown.
    qt = next(library for library in libraries if library.name.startswith("PySide6"))
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in qt.text
    assert [library.name for library in libraries if not library.text] == []


def test_the_guide_and_about_widgets_are_named_and_documented(qtbot) -> None:
    from tests.test_gui_automation import _documented_names, _interactive_widgets

    guide, about = UserGuide(), AboutDialog()
    for dialog in (guide, about):
        qtbot.addWidget(dialog)
    widgets = [widget for root in (guide, about) for widget in _interactive_widgets(root)]
    assert widgets
    assert [w for w in widgets if not w.objectName() or not w.accessibleName()] == []
    names = {w.objectName() for w in widgets} | {guide.objectName(), about.objectName()}
    assert sorted(names - _documented_names()) == []


def _fake_bundle(root: Path) -> Path:
    """A standalone bundle's layout: the program in app/, LICENSES/ beside it."""
    (root / "app").mkdir(parents=True)
    licences = root / "LICENSES"
    licences.mkdir()
    (licences / "OpenSSL.txt").write_text("OpenSSL: Apache-2.0\n\nApache License text\n",
                                          encoding="utf-8")
    (licences / "NumPy.txt").write_text("NumPy: BSD-3-Clause\n", encoding="utf-8")
    (licences / "INDEX.tsv").write_text(
        "# file\tcomponent\tlicence\ttext source\n"
        "OpenSSL.txt\tOpenSSL\tApache-2.0\tdebian:libssl3\n"
        "NumPy.txt\tNumPy\tBSD-3-Clause\tmetadata:numpy\n"
        "Gone.txt\tGone\tMIT\tdebian:gone\n", encoding="utf-8")
    return root / "app" / "lexsub-studio"


def test_about_lists_what_the_bundle_copies_besides_python_packages(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(_fake_bundle(tmp_path)))
    libraries = library_licences()
    bundled = {library.name: library for library in libraries}
    assert "Apache License text" in bundled["OpenSSL"].text
    assert bundled["OpenSSL"].licence == "Apache-2.0"
    # A Python package's row is already listed from its metadata: not twice.
    assert "NumPy" not in bundled and "numpy" in bundled
    # A text the index names but the folder lost is shown as missing (the self-test fails).
    assert bundled["Gone"].text == ""
    about = AboutDialog()
    qtbot.addWidget(about)
    names = [about.library_list.item(row).text() for row in range(about.library_list.count())]
    assert "OpenSSL" in names
    about.library_list.setCurrentRow(names.index("OpenSSL"))
    assert about.licence_view.toPlainText().startswith("OpenSSL: Apache-2.0")
