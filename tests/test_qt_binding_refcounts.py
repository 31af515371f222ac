"""The installed Qt binding must survive a long session of void calls and signal emissions.

PySide6 6.12.0 on Python 3.11 drops a reference to None on every void C++ call and to True on
every emission from Python, so a few minutes of annotation abort the interpreter
("Fatal Python error: bool_dealloc"). pyproject.toml excludes that release; this test fails if
such a binding is ever installed again.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import os
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication, QLineEdit
    app = QApplication([])
    edit = QLineEdit()
    edit.textChanged.connect(lambda text: None)
    for number in range(100_000):
        edit.setText(str(number % 2))   # a void call that also emits a signal
        edit.textChanged.emit("x")      # an emission from Python
    print("survived", flush=True)
""")


@pytest.mark.slow
def test_many_void_calls_and_emissions_do_not_abort() -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-500:]
    assert result.stdout.strip() == "survived"
