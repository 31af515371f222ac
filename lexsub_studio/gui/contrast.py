"""Text colours that stay readable on the palette in use, light or dark.

The app marks things with colour (the part of speech, the gentle checks, answers not in the
gold). A fixed dark red reads well on white and at about 2:1 on a dark system palette; here
each such colour keeps its hue and is lightened or darkened just enough to reach WCAG AA
(a contrast ratio of 4.5:1) against the background it is drawn on.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

#: WCAG 2 AA for normal text.
AA_CONTRAST = 4.5


def _channel(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black .. 1 white)."""
    return (0.2126 * _channel(colour.redF()) + 0.7152 * _channel(colour.greenF())
            + 0.0722 * _channel(colour.blueF()))


def contrast_ratio(first: QColor, second: QColor) -> float:
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def base_colour() -> QColor:
    """The background of text views and lists in the application's palette."""
    return QApplication.palette().color(QPalette.ColorRole.Base)


def window_colour() -> QColor:
    """The background of labels and panels in the application's palette."""
    return QApplication.palette().color(QPalette.ColorRole.Window)


def readable(colour: QColor | str, background: QColor | None = None,
             minimum: float = AA_CONTRAST) -> QColor:
    """``colour`` with its hue kept, made lighter (on a dark background) or darker (on a light
    one) until it reaches ``minimum`` contrast with ``background`` (default: the palette's
    window colour)."""
    wanted = QColor(colour)
    behind = window_colour() if background is None else background
    # Painting asks for the same few colours again and again (every row of a list).
    key = (wanted.rgba(), behind.rgba(), minimum)
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = _adjusted(wanted, behind, minimum)
    return QColor(cached)


_CACHE: dict[tuple[int, int, float], QColor] = {}


def _adjusted(wanted: QColor, behind: QColor, minimum: float) -> QColor:
    if contrast_ratio(wanted, behind) >= minimum:
        return wanted
    towards_light = relative_luminance(behind) < 0.5
    # PySide6's stubs type getHslF as object; it gives the four components.
    hsl: tuple[float, float, float, float] = wanted.getHslF()  # type: ignore[assignment]
    hue, saturation, lightness, alpha = hsl
    low, high = (lightness, 1.0) if towards_light else (0.0, lightness)
    best = QColor.fromHslF(hue, saturation, 1.0 if towards_light else 0.0, alpha)
    # Bisect the lightness: the least change that reaches the contrast.
    for _ in range(24):
        middle = (low + high) / 2
        # Judged as written out (#rrggbb), so rounding cannot take it below the minimum.
        candidate = QColor(QColor.fromHslF(hue, saturation, middle, alpha).name())
        if contrast_ratio(candidate, behind) >= minimum:
            best = candidate
            if towards_light:
                high = middle
            else:
                low = middle
        elif towards_light:
            low = middle
        else:
            high = middle
    return best


def readable_name(colour: QColor | str, background: QColor | None = None) -> str:
    """``readable`` as "#rrggbb", for style sheets and HTML."""
    return readable(colour, background).name()
