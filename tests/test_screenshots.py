"""`make screenshots` renders every picture the README and the docs show, from the real app."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _pictures_shown() -> set[str]:
    texts = [(ROOT / "README.md").read_text(encoding="utf-8")]
    texts += [path.read_text(encoding="utf-8") for path in sorted((ROOT / "docs").glob("*.md"))]
    return {name for text in texts for name in re.findall(r"img/([\w-]+\.png)", text)}


@pytest.mark.gui
@pytest.mark.slow
def test_the_screenshot_script_renders_every_picture_the_docs_show(tmp_path: Path) -> None:
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "screenshots.py"),
                             str(tmp_path)], capture_output=True, text=True, env=environment,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    rendered = {path.name for path in tmp_path.glob("*.png")}
    shown = _pictures_shown()
    assert shown and shown <= rendered, sorted(shown - rendered)
    for name in shown:
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG")
