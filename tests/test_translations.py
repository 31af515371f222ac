"""A translator's path end to end: pyside6-lupdate finds the gui's texts, pyside6-lrelease turns
a translated .ts into a .qm, and the app shows that language when the locale asks for it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from lexsub_studio.gui.start_screen import StartScreen
from lexsub_studio.gui.translations import install_translations

BIN = Path(sys.executable).parent
GUI_DIR = Path(__file__).resolve().parent.parent / "lexsub_studio" / "gui"


def _tool(name: str) -> Path:
    tool = BIN / name
    if not tool.is_file():
        pytest.skip(f"{name} is not installed beside this Python")
    return tool


@pytest.fixture()
def installed(qapp: QApplication) -> Iterator[list[QTranslator]]:
    """The translators a test installs, taken out again so that other tests see English."""
    translators: list[QTranslator] = []
    yield translators
    for translator in translators:
        qapp.removeTranslator(translator)


def _write_catalogue(directory: Path, locale: str, messages: dict[tuple[str, str], str]) -> Path:
    """A translated .ts, compiled to ``lexsub_studio_<locale>.qm`` as a translator would."""
    root = ElementTree.Element("TS", version="2.1", language=locale)
    for context_name in sorted({context for context, _ in messages}):
        context = ElementTree.SubElement(root, "context")
        ElementTree.SubElement(context, "name").text = context_name
        for (owner, source), translation in messages.items():
            if owner == context_name:
                message = ElementTree.SubElement(context, "message")
                ElementTree.SubElement(message, "source").text = source
                ElementTree.SubElement(message, "translation").text = translation
    ts_file = directory / f"lexsub_studio_{locale}.ts"
    ElementTree.ElementTree(root).write(ts_file, encoding="utf-8", xml_declaration=True)
    qm_file = directory / f"lexsub_studio_{locale}.qm"
    subprocess.run([str(_tool("pyside6-lrelease")), str(ts_file), "-qm", str(qm_file)],
                   check=True, capture_output=True)
    return qm_file


def test_the_screen_speaks_the_language_of_the_locale(
        qapp: QApplication, tmp_path: Path, installed: list[QTranslator]) -> None:
    _write_catalogue(tmp_path, "fr", {
        ("StartScreen", "Try the demo corpus"): "Essayer le corpus de démonstration",
        ("StartScreen", "Go to {title}"): "Aller à {title}",
    })
    # The user's locale is Canadian French: the plain French catalogue serves it.
    installed.extend(install_translations(qapp, QLocale("fr_CA"), tmp_path))
    assert installed
    screen = StartScreen()
    assert screen.demo_button.text() == "Essayer le corpus de démonstration"
    # A placeholder survives translation and is filled in afterwards.
    assert QCoreApplication.translate("StartScreen", "Go to {title}").format(
        title="Scoring") == "Aller à Scoring"
    # Texts the catalogue lacks stay in English rather than disappear.
    assert screen.open_button.text() == "Open a corpus or annotator package…"


def test_without_a_catalogue_for_the_locale_the_interface_stays_english(
        qapp: QApplication, tmp_path: Path, installed: list[QTranslator]) -> None:
    _write_catalogue(tmp_path, "fr", {("StartScreen", "Try the demo corpus"): "Essayer"})
    installed.extend(install_translations(qapp, QLocale("de_DE"), tmp_path))
    assert installed == []
    assert StartScreen().demo_button.text() == "Try the demo corpus"


def test_lupdate_collects_the_gui_texts_into_a_template(tmp_path: Path) -> None:
    template = tmp_path / "lexsub_studio.ts"
    subprocess.run([str(_tool("pyside6-lupdate")), "-extensions", "py", str(GUI_DIR),
                    "-ts", str(template)], check=True, capture_output=True)
    found = {(context.findtext("name"), message.findtext("source"))
             for context in ElementTree.parse(template).getroot().iter("context")
             for message in context.iter("message")}
    # A class's self.tr() and a module's QCoreApplication.translate() alike.
    assert ("StartScreen", "Try the demo corpus") in found
    assert ("StoreDialogs", "Answers not saved") in found
    assert ("Dialogs", "Keyboard shortcuts") in found
