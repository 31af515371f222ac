"""The window's theme: the platform's own (System), or Light or Dark on every platform.

Light and Dark use Qt's Fusion style with a palette set here, so they look the same on Windows,
macOS and a Linux box with no desktop theme at all (where the platform's palette may be anything,
or nothing). System puts back the style and palette the platform gave the application before any
change. Widgets coloured by hand follow on QEvent.ApplicationPaletteChange (gui/contrast.py keeps
their colours readable on either palette).
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

SYSTEM, LIGHT, DARK = "system", "light", "dark"
THEMES = (SYSTEM, LIGHT, DARK)
#: The style Light and Dark use: Qt's own, drawn the same on every platform.
FUSION = "Fusion"

Role = QPalette.ColorRole
Group = QPalette.ColorGroup

#: Every palette role a widget paints with, for each theme. Text on its background reaches WCAG
#: AA (4.5:1) in both, links and placeholders included.
_COLOURS: dict[str, dict[QPalette.ColorRole, str]] = {
    LIGHT: {
        Role.Window: "#f3f4f6", Role.WindowText: "#111827", Role.Base: "#ffffff",
        Role.AlternateBase: "#f3f4f6", Role.Text: "#111827", Role.Button: "#e5e7eb",
        Role.ButtonText: "#111827", Role.BrightText: "#ffffff", Role.Highlight: "#2563eb",
        Role.HighlightedText: "#ffffff", Role.ToolTipBase: "#ffffff", Role.ToolTipText: "#111827",
        Role.Link: "#1d4ed8", Role.LinkVisited: "#6d28d9", Role.PlaceholderText: "#4b5563",
        Role.Light: "#ffffff", Role.Midlight: "#f3f4f6", Role.Mid: "#9ca3af",
        Role.Dark: "#6b7280", Role.Shadow: "#374151",
    },
    DARK: {
        Role.Window: "#202124", Role.WindowText: "#e8eaed", Role.Base: "#2b2c30",
        Role.AlternateBase: "#323338", Role.Text: "#e8eaed", Role.Button: "#3c3d41",
        Role.ButtonText: "#e8eaed", Role.BrightText: "#ffffff", Role.Highlight: "#3b82f6",
        Role.HighlightedText: "#ffffff", Role.ToolTipBase: "#303134", Role.ToolTipText: "#e8eaed",
        Role.Link: "#8ab4f8", Role.LinkVisited: "#c58af9", Role.PlaceholderText: "#9aa0a6",
        Role.Light: "#4b4d52", Role.Midlight: "#3c3e42", Role.Mid: "#5f6368",
        Role.Dark: "#101113", Role.Shadow: "#000000",
    },
}
#: Disabled text: dimmer, still distinguishable from the background.
_DISABLED = {LIGHT: "#6b7280", DARK: "#80868b"}

#: What the platform gave the application, kept at the first change to put it back.
_platform: tuple[str, QPalette] | None = None
#: The theme in use: System until Light or Dark is applied.
_applied = SYSTEM


def palette_of(theme: str) -> QPalette:
    """The palette of Light or Dark."""
    if theme not in _COLOURS:
        raise ValueError(f"no palette for the theme '{theme}'; expected light or dark")
    palette = QPalette()
    for role, colour in _COLOURS[theme].items():
        palette.setColor(role, QColor(colour))
    for role in (Role.WindowText, Role.Text, Role.ButtonText, Role.PlaceholderText):
        palette.setColor(Group.Disabled, role, QColor(_DISABLED[theme]))
    palette.setColor(Group.Disabled, Role.Highlight, QColor(_COLOURS[theme][Role.Mid]))
    return palette


def read_theme(value: object) -> str:
    """A theme name from the settings: one of THEMES, else System (an old or hand-edited file)."""
    text = str(value).lower() if value is not None else SYSTEM
    return text if text in THEMES else SYSTEM


def apply_theme(theme: str) -> str:
    """Give the application the theme's style and palette; returns the theme applied."""
    global _platform, _applied
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme = read_theme(theme)
    if theme == SYSTEM and _applied == SYSTEM:
        # Nothing of the platform's was changed here: nothing to put back (and a palette set
        # by someone else, an accessibility tool say, stays).
        return theme
    if _platform is None:
        _platform = (app.style().name(), QPalette(app.palette()))
    _applied = theme
    if theme == SYSTEM:
        style, palette = _platform
        if app.style().name().lower() != style.lower():
            app.setStyle(style)
        app.setPalette(palette)
    else:
        if app.style().name().lower() != FUSION.lower():
            # Setting a style puts back the palette it prefers: the palette is set after.
            app.setStyle(FUSION)
        app.setPalette(palette_of(theme))
    return theme


def current_theme() -> str:
    """The theme applied last (System at start)."""
    return _applied


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the palette's window is dark (its text then light)."""
    palette = palette or QApplication.palette()
    return palette.color(Role.Window).lightness() < palette.color(Role.WindowText).lightness()
