"""The package type-checks: mypy, configured in pyproject.toml ([tool.mypy]), finds no error in
lexsub_studio/ (docs/architecture.md, "Types"). Its cache (.mypy_cache) makes a run after a
small change take seconds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_package() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found")
