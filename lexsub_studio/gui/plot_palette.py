"""Plots on screen in the colours of the palette in use (a dark system palette gets dark plots
with light text). Exported files keep matplotlib's light colours: they go into papers."""

from __future__ import annotations

from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from lexsub_studio.gui.contrast import readable_name


def printed_palette() -> QPalette:
    """Black on white, for files."""
    palette = QPalette(QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#000000"))
    return palette


def follow_palette(figure: Figure, palette: QPalette | None = None) -> Figure:
    """Recolour ``figure``'s background, axes, ticks, labels, titles and legends."""
    palette = palette or QApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.WindowText).name()
    figure.patch.set_facecolor(window.name())
    suptitle = getattr(figure, "_suptitle", None)
    if suptitle is not None:
        suptitle.set_color(text)
    for axes in figure.axes:
        axes.set_facecolor(base.name())
        for spine in axes.spines.values():
            spine.set_color(text)
        axes.tick_params(colors=text, which="both")
        axes.xaxis.label.set_color(text)
        axes.yaxis.label.set_color(text)
        axes.title.set_color(text)
        for note in axes.texts:
            # Placeholders and notes are drawn grey: keep them grey, but readable.
            note.set_color(readable_name(to_hex(note.get_color()), base))
        legend = axes.get_legend()
        if legend is not None:
            legend.get_frame().set_facecolor(base.name())
            legend.get_frame().set_edgecolor(text)
            for entry in legend.get_texts():
                entry.set_color(text)
    return figure
