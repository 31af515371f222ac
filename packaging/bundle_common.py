"""What every platform's PyInstaller spec shares: the data, the modules and what to leave out.

Imported by lexsub-studio.spec (Linux), lexsub-studio-windows.spec and
lexsub-studio-macos.spec, which PyInstaller runs with this folder as the spec's folder.
"""

from __future__ import annotations

from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files, collect_submodules, copy_metadata

ROOT = Path(__file__).resolve().parent.parent
NAME = "lexsub-studio"

# Qt modules the app never imports. PySide6's hooks already collect only what is imported, but
# matplotlib's and pandas' optional imports would otherwise pull some of these in; listing them
# keeps the bundle to QtCore, QtGui, QtWidgets, QtSvg (the SVG icon) and their plugins.
QT_EXCLUDED = [
    f"PySide6.{module}" for module in (
        "QtWebEngineCore", "QtWebEngineWidgets", "QtWebEngineQuick", "QtWebChannel",
        "QtWebSockets", "Qt3DCore", "Qt3DRender", "Qt3DInput", "Qt3DLogic", "Qt3DAnimation",
        "Qt3DExtras", "QtQuick", "QtQuick3D", "QtQuickWidgets", "QtQuickControls2", "QtQml",
        "QtMultimedia", "QtMultimediaWidgets", "QtCharts", "QtDataVisualization", "QtGraphs",
        "QtBluetooth", "QtNfc", "QtPositioning", "QtLocation", "QtSensors", "QtSerialPort",
        "QtSql", "QtTest", "QtDesigner", "QtHelp", "QtOpenGL", "QtOpenGLWidgets", "QtPdf",
        "QtPdfWidgets", "QtRemoteObjects", "QtScxml", "QtStateMachine", "QtTextToSpeech",
        "QtUiTools", "QtNetworkAuth", "QtHttpServer", "QtSpatialAudio", "QtXml",
        "QtConcurrent", "QtDBus", "QtPrintSupport", "QtNetwork",
    )
]
# Other bindings and toolkits matplotlib or pandas may offer to import; the app uses none.
OTHER_EXCLUDED = ["tkinter", "PyQt5", "PyQt6", "PySide2", "IPython", "jupyter_client",
                  "notebook", "pytest", "hypothesis", "sphinx", "scipy", "sqlalchemy",
                  "pyarrow", "openpyxl", "xlsxwriter", "tables", "numexpr", "bottleneck"]


def data_files() -> list[tuple[str, str]]:
    """(source, folder inside the bundle): the package data exactly where an installed wheel
    has it, so lexsub_studio.paths finds it by the same import lookup."""
    pairs: list[tuple[str, str]] = []
    for folder in ("resources", "data"):
        pairs += _tree(ROOT / folder, f"lexsub_studio/{folder}")
    docs = ROOT / "docs"
    pairs += [(str(path), "lexsub_studio/docs") for path in sorted(docs.glob("*.md"))]
    pairs += [(str(path), "lexsub_studio/docs/img") for path in sorted(docs.glob("img/*.png"))]
    # LexSub Studio's own licence, which its editable install's metadata may lack.
    pairs.append((str(ROOT / "LICENSE"), "lexsub_studio"))
    # The folders' __init__.py make them packages, which importlib.resources looks up.
    pairs.append((str(docs / "__init__.py"), "lexsub_studio/docs"))
    # lemminflect's lemma and inflection tables: read at run time, never fetched.
    pairs += collect_data_files("lemminflect")
    # simplemma's dictionaries (one compressed file a language), for corpora in other languages.
    pairs += collect_data_files("simplemma")
    # Every library's metadata, licence files included: Help > About lists them from there
    # (core/runtime/licences.py), as it does in an installed wheel.
    from lexsub_studio.core.runtime.licences import runtime_distributions

    for distribution in runtime_distributions():
        pairs += copy_metadata(distribution.metadata["Name"])
    return pairs


def _tree(folder: Path, target: str) -> list[tuple[str, str]]:
    """Every file under ``folder`` (compiled caches left out) with its folder in the bundle."""
    return [(str(path), str(Path(target) / path.parent.relative_to(folder)))
            for path in sorted(folder.rglob("*"))
            if path.is_file() and "__pycache__" not in path.parts]


def hidden_imports() -> list[str]:
    """Modules imported by name at run time (cli/main.py imports a command's module only when
    it runs; workspaces are imported from their registry)."""
    return (collect_submodules("lexsub_studio.cli") + collect_submodules("lexsub_studio.core")
            + collect_submodules("lexsub_studio.gui")
            + ["PySide6.QtSvg", "matplotlib.backends.backend_qtagg",
               "matplotlib.backends.backend_agg"])


def excluded_modules() -> list[str]:
    return QT_EXCLUDED + OTHER_EXCLUDED
