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
                  "pyarrow", "openpyxl", "xlsxwriter", "tables", "numexpr", "bottleneck",
                  # optional imports of nltk and pandas (web requests, YAML, cryptography)
                  # that no code path of the app reaches: 17 MB the bundle does not need.
                  "cryptography", "yaml", "requests", "urllib3", "charset_normalizer",
                  # Pillow's AVIF codec (5 MB): matplotlib writes PNG, the app reads no image.
                  "PIL.AvifImagePlugin", "PIL._avif",
                  # the interactive prompt's line editing (GNU readline, GPL) and curses.
                  "readline", "curses", "_curses"]


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


#: PyInstaller's start-up hooks the Linux app leaves out, each of which would import packages
#: before the app's own code: nltk's only points nltk at a data folder the bundle does not ship
#: (the WordNet baseline finds WordNet where nltk itself looks), pkg_resources' and
#: setuptools' load setuptools, which nothing uses; inspect's (which imports zipfile, bz2 and
#: lzma) lets inspect read the source of frozen code, which nothing asks for, and matplotlib's
#: (tempfile, random, shutil) gives matplotlib a new configuration folder on every start, for
#: one-file builds that unpack into a new folder each time: this bundle stays where it is, and
#: matplotlib keeps its font cache where an installed one does. (The command line runs on
#: CPython's own interpreter, packaging/bundle_linux.py, where no such hook runs at all.)
DROPPED_RUNTIME_HOOKS = frozenset({"pyi_rth_nltk", "pyi_rth_pkgres", "pyi_rth_setuptools",
                                   "pyi_rth_inspect", "pyi_rth_mplconfig"})


def kept_runtime_hooks(scripts: list) -> list:
    """An Analysis's scripts without the start-up hooks of DROPPED_RUNTIME_HOOKS."""
    return [entry for entry in scripts if entry[0] not in DROPPED_RUNTIME_HOOKS]


#: The system libraries the Linux bundle copies from the build machine: the ones the Python
#: runtime and its standard library link (ctypes, ssl and hashlib, sqlite3, lzma, bz2, zlib,
#: uuid), which a minimal system may lack or hold at another version. Everything else found
#: in the system's library folders (the C++ runtime, X11, xcb, xkbcommon, fontconfig,
#: freetype, GLib, D-Bus, GTK's cairo and pango, krb5 ...) is left to the target system: a
#: desktop has it, and the build machine's copies would ask for its newer C library.
HOST_LIBRARIES_SHIPPED = frozenset({
    "libffi.so.8", "libssl.so.3", "libcrypto.so.3", "libsqlite3.so.0", "liblzma.so.5",
    "libbz2.so.1.0", "libz.so.1", "libuuid.so.1",
})
SYSTEM_LIBRARY_FOLDERS = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/local/lib/")
#: Qt plugins and libraries a desktop app has no use for: the GTK theme (it needs GTK, which
#: pulls in cairo, pango and GLib's whole stack), the embedded platforms (EGLFS, linuxfb, VNC,
#: Vulkan display) and the libraries only they load, touch and tablet input, networking.
UNUSED_QT_PLUGINS = (
    "platformthemes/libqgtk3.so", "platforms/libqeglfs.so", "platforms/libqlinuxfb.so",
    "platforms/libqminimalegl.so", "platforms/libqvkkhrdisplay.so", "platforms/libqvnc.so",
    "egldeviceintegrations/", "generic/", "tls/", "networkinformation/", "sqldrivers/",
    "printsupport/", "position/", "multimedia/",
)
UNUSED_QT_LIBRARIES = ("libQt6EglFSDeviceIntegration.so", "libQt6EglFsKmsSupport.so",
                       "libQt6Network.so")


def linux_binaries_to_ship(binaries: list) -> list:
    """An Analysis's binaries (name in the bundle, source, kind) without the system libraries
    the target provides and the Qt plugins the app does not use (nor the links to them)."""
    kept, dropped = [], set()
    for entry in binaries:
        name, source = entry[0], str(entry[1])
        from_system = source.startswith(SYSTEM_LIBRARY_FOLDERS)
        if ((from_system and Path(name).name not in HOST_LIBRARIES_SHIPPED)
                or any(f"/Qt/plugins/{plugin}" in f"/{name}" for plugin in UNUSED_QT_PLUGINS)
                or ("/Qt/lib/" in f"/{name}"
                    and Path(name).name.startswith(UNUSED_QT_LIBRARIES))):
            dropped.add(name)
        else:
            kept.append(entry)
    # A link PyInstaller made beside the programs to a library left out would point nowhere.
    return [entry for entry in kept if not (entry[2] == "SYMLINK" and entry[1] in dropped)]
