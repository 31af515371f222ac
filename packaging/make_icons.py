"""Render the app icon's PNG sizes from its SVG source (run after changing the SVG).

    python packaging/make_icons.py

Writes packaging/icons/<N>x<N>/io.github.lexsub_studio.LexSubStudio.png for the sizes desktops
ask for, and packaging/icons/scalable/ with the SVG itself, laid out as the freedesktop icon
theme has them (copy packaging/icons/* into share/icons/hicolor/). Uses Qt's SVG renderer, so it
needs nothing beyond the app's own dependencies and no display.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "resources" / "icons" / "lexsub-studio.svg"
ICONS = ROOT / "packaging" / "icons"
ICON_NAME = "io.github.lexsub_studio.LexSubStudio"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        print(f"{SOURCE}: not an SVG Qt can render", file=sys.stderr)
        return 1
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = ICONS / f"{size}x{size}" / f"{ICON_NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            print(f"{target}: could not be written", file=sys.stderr)
            return 1
        print(f"wrote {target.relative_to(ROOT)}")
    scalable = ICONS / "scalable" / f"{ICON_NAME}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCE, scalable)
    print(f"wrote {scalable.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
