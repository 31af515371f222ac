"""The Linux bundle's one program, app/lexsub-studio, which both launchers start: ``lexsub``
exports LEXSUB_BUNDLE_PROGRAM=lexsub (packaging/launcher.sh) for the command line, otherwise
it is the app. One program instead of two keeps one copy of the Python modules in the bundle.

The command line must start as fast as the wheel's: the spec leaves out PyInstaller's PySide6
start-up hook, which would load QtCore on every start, so Qt is prepared here, for the app only.
"""

import os
import sys


def _prepare_qt() -> None:
    """What PyInstaller's PySide6 start-up hook does on Linux: Qt's plugin folder and the
    embedded qt.conf that makes the bundled Qt relocatable."""
    from _pyi_rth_utils import qt  # PyInstaller's run-time helpers, inside every frozen build

    qt.ensure_single_qt_bindings_package("PySide6")
    qt_folder = os.path.join(sys._MEIPASS, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt_folder, "plugins")
    os.environ["QML2_IMPORT_PATH"] = os.path.join(qt_folder, "qml")
    qt.create_embedded_qt_conf("PySide6", qt_folder)


if os.environ.pop("LEXSUB_BUNDLE_PROGRAM", "") == "lexsub":
    from lexsub_studio.cli.main import run_program

    run_program()
else:
    _prepare_qt()
    from lexsub_studio.gui.app import main

    sys.exit(main())
