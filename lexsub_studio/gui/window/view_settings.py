"""The View menu's remembered choices: text size, theme, part of speech shown, completion from
earlier answers. Each is applied at once and kept in the settings for the next start."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Signal

from lexsub_studio.gui import font_size, settings, theme
from lexsub_studio.gui.app_state import AppState


class ViewSettings(QObject):
    #: The theme applied (View › Theme ticks it).
    theme_applied = Signal(str)
    #: A sentence for the status bar.
    message = Signal(str)

    def __init__(self, parent: QObject, store: QSettings, state: AppState) -> None:
        """Apply the saved text size and theme: made before the window's widgets, so that
        every one is built in the theme's style and colours."""
        super().__init__(parent)
        self._store = store
        self._state = state
        self.system_point_size = font_size.system_point_size()
        self._apply_saved_font_size()
        self.theme = theme.apply_theme(theme.read_theme(store.value(settings.THEME)))
        state.set_show_pos(settings.read_bool(store, settings.SHOW_POS, False))
        state.set_complete_from_answers(
            settings.read_bool(store, settings.COMPLETE_FROM_ANSWERS, False))

    def _apply_saved_font_size(self) -> None:
        saved = self._store.value(settings.FONT_POINT_SIZE)
        try:
            size = float(str(saved)) if saved else self.system_point_size
        except ValueError:
            self._store.remove(settings.FONT_POINT_SIZE)
            size = self.system_point_size
        font_size.apply_point_size(size)

    def change_font_size(self, step: float) -> None:
        size = font_size.apply_point_size(font_size.current_point_size() + step)
        self._store.setValue(settings.FONT_POINT_SIZE, size)
        self.message.emit(self.tr("Text size {size:g} pt (Ctrl+0: the system's {system:g} "
                                  "pt).").format(size=size, system=self.system_point_size))

    def reset_font_size(self) -> None:
        font_size.apply_point_size(self.system_point_size)
        self._store.remove(settings.FONT_POINT_SIZE)
        self.message.emit(self.tr("Text size back to the system's {system:g} pt.").format(
            system=self.system_point_size))

    def set_theme(self, name: str) -> None:
        """View › Theme: System, Light or Dark, applied at once and remembered."""
        self.theme = theme.apply_theme(name)
        self._store.setValue(settings.THEME, self.theme)
        self.theme_applied.emit(self.theme)

    def set_show_pos(self, show: bool) -> None:
        self._store.setValue(settings.SHOW_POS, show)
        self._state.set_show_pos(show)

    def set_complete_from_answers(self, on: bool) -> None:
        self._store.setValue(settings.COMPLETE_FROM_ANSWERS, on)
        self._state.set_complete_from_answers(on)
