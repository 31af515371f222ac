"""What the Scoring workspace scores against, and the corpus its item view shows.

The gold is a file or the gold assembled in Gold and Agreement (followed until a file is
opened); mw system files need a multiword gold, found beside the gold, chosen by the user or
assembled with the gold; the corpus is one opened here or the application's. Each is read in
the background (core.scoring.compare.system_files); the workspace scores again when ``changed``
fires.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QLabel, QPushButton, QWidget

from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.scoring.compare.system_files import (
    GoldPair,
    GoldSource,
    gold_from_items,
    read_gold_pair,
    read_multiword_gold_source,
)
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named


class GoldSources(QObject):
    """The gold, the multiword gold and the corpus of the Scoring workspace, with the buttons
    and labels that show and choose them (placed in the workspace's tool bar)."""

    #: The gold or the multiword gold changed: the systems are to be scored again.
    changed = Signal()
    #: A corpus was opened here: the item view shows its sentences.
    corpus_changed = Signal()
    #: A short message for the status bar.
    message = Signal(str)

    def __init__(self, state: AppState, window: QWidget) -> None:
        super().__init__(window)
        self.state = state
        #: The parent of dialogs and widgets.
        self.window = window
        self.gold: GoldSource | None = None
        self.gold_by_key: dict[tuple[str, str], GoldItem] = {}
        #: What mw system files are scored against: a file, or the multiword gold assembled in
        #: Gold and Agreement (made when an mw file first needs it); None: mw files wait.
        self.mw_gold: GoldSource | Callable[[], GoldSource] | None = None
        #: The user chose the multiword gold: opening another gold does not replace it.
        self.mw_gold_chosen = False
        self.corpus: Corpus | None = None
        self.open_gold_button = controls.button(
            window, self.tr("Open gold…"), "openGoldButton", self.choose_gold,
            self.tr("Open the gold file the systems are scored against"))
        self.assembled_button = controls.button(
            window, self.tr("Use assembled gold"), "useAssembledGoldButton",
            self.use_assembled_gold,
            self.tr("Score against the gold assembled in the Gold and Agreement workspace"))
        self.assembled_button.setEnabled(False)
        self.gold_label = named(QLabel(self.tr("No gold"), window), "goldLabel",
                                self.tr("Gold"))
        self.multiword_button = controls.button(
            window, self.tr("Multiword gold…"), "openMultiwordGoldButton",
            self.choose_multiword_gold,
            self.tr("Open the multiword gold that mw system files are scored against"))
        self.mw_gold_label = named(QLabel(self.tr("No multiword gold"), window),
                                   "multiwordGoldLabel", self.tr("Multiword gold"))
        self.corpus_button = controls.button(
            window, self.tr("Open corpus…"), "openCorpusButton", self.choose_corpus,
            self.tr("Open the corpus whose sentences the item view shows"))

    def gold_widgets(self) -> list[QPushButton | QLabel]:
        """The gold's and the multiword gold's controls, in tool bar order."""
        return [self.open_gold_button, self.assembled_button, self.gold_label,
                self.multiword_button, self.mw_gold_label]

    def follow_state(self) -> None:
        """Follow the gold assembled in Gold and Agreement, from now on (call it once the
        workspace listens to ``changed``)."""
        self.state.gold_changed.connect(self._gold_from_state)
        if self.state.current_gold:
            self._gold_from_state(self.state.current_gold)

    def held_paths(self) -> list[str]:
        """The files of the gold and the multiword gold opened here."""
        return [str(source.path) for source in (self.gold, self.mw_gold)
                if isinstance(source, GoldSource) and source.path is not None]

    def open_folder(self, near: list[str] | None = None) -> str:
        """Where a dialog choosing files opens: beside ``near`` or the golds opened here (the
        demo's while the demo lesson is open), else the folder last used."""
        return str(settings.open_directory(settings.app_settings(),
                                           [*(near or []), *self.held_paths()]))

    def clear(self) -> None:
        """Forget the gold, the multiword gold and the corpus opened here (without scoring
        again: what is opened next says so)."""
        self.gold, self.gold_by_key, self.corpus = None, {}, None
        self.mw_gold, self.mw_gold_chosen = None, False
        self.gold_label.setText(self.tr("No gold"))
        self.mw_gold_label.setText(self.tr("No multiword gold"))
        self.mw_gold_label.setToolTip("")
        self.corpus_changed.emit()

    # -- the gold --------------------------------------------------------------------------------

    def choose_gold(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Open a gold file"), self.open_folder(),
            self.tr("Gold files (*gold* *.txt *);;All files (*)"))
        if path:
            self.open_gold(path)

    def open_gold(self, path: str) -> Task:
        """Read a gold in the background and, unless the user chose a multiword gold, look for
        the one that belongs to it (docs/formats.md, "Multiword gold beside a gold")."""
        look_beside = not self.mw_gold_chosen
        task = run_in_background(lambda token, report: read_gold_pair(path, look_beside))
        task.result.connect(self._gold_read)
        task.error.connect(self._gold_failed)
        return task

    def _gold_read(self, pair: GoldPair) -> None:
        self._show_gold_problems(self.tr("Problems in the gold"), pair.gold, pair.diagnostics)
        if pair.multiword is not None and not self.mw_gold_chosen:
            self._show_gold_problems(self.tr("Problems in the multiword gold"), pair.multiword,
                                     pair.multiword_diagnostics)
            self._set_multiword_gold(pair.multiword, pair.found_reason, chosen=False)
        elif not self.mw_gold_chosen:
            self.mw_gold = None
            self.mw_gold_label.setText(self.tr("No multiword gold"))
            self.mw_gold_label.setToolTip(pair.found_reason)
        self.set_gold(pair.gold)

    def _show_gold_problems(self, title: str, source: GoldSource,
                            diagnostics: list[Any]) -> None:
        if diagnostics:
            from lexsub_studio.core.model.diagnostics import Diagnostics

            dialogs.show_problems(self.window, title, Diagnostics(source.path, diagnostics))

    def _gold_failed(self, error: BaseException) -> None:
        dialogs.show_error(self.window, self.tr("Cannot open the gold"), error)

    def _gold_from_state(self, items: object) -> None:
        """A gold assembled in Gold and Agreement is followed unless a gold file was opened
        here; then the button offers it, and the file stays until the user switches."""
        available = isinstance(items, list) and bool(items)
        self.assembled_button.setEnabled(available)
        if available and (self.gold is None or self.gold.path is None):
            self.use_assembled_gold()

    def use_assembled_gold(self) -> None:
        items = self.state.current_gold
        if items:
            multiword = self.state.current_multiword_gold
            if multiword is not None and not self.mw_gold_chosen:
                label = self.tr("multiword gold from Gold and Agreement")
                # Made once, by the first scoring job that needs it.
                self.mw_gold = functools.cache(lambda: gold_from_items(multiword(), label))
                self.mw_gold_label.setText(self.tr("Multiword gold: {label}").format(
                    label=label))
                self.mw_gold_label.setToolTip(self.tr("assembled with the gold"))
            self.set_gold(gold_from_items(items, self.tr("gold from Gold and Agreement")))

    def set_gold(self, gold: GoldSource) -> None:
        self.gold = gold
        self.gold_by_key = {}
        for item in gold.items:
            self.gold_by_key.setdefault(item.key, item)
        self.gold_label.setText(self.tr("Gold: {label} ({count} items)").format(
            label=gold.label, count=len(gold.items)))
        self.changed.emit()

    # -- the multiword gold ----------------------------------------------------------------------

    def choose_multiword_gold(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Open the multiword gold"), self.open_folder(),
            self.tr("Multiword gold (mwgold* *.mwgold *.mw);;All files (*)"))
        if path:
            self.open_multiword_gold(path)

    def open_multiword_gold(self, path: str) -> Task:
        """The user's choice: kept until another is chosen, whatever gold is opened next (from
        now on, so that a gold opened while this one is read does not bring its own)."""
        self.mw_gold_chosen = True
        task = run_in_background(lambda token, report: read_multiword_gold_source(path))
        task.result.connect(self._multiword_gold_read)
        task.error.connect(self._multiword_gold_failed)
        return task

    def _multiword_gold_read(self, outcome: tuple[GoldSource, list[Any], str]) -> None:
        source, diagnostics, note = outcome
        self._show_gold_problems(self.tr("Problems in the multiword gold"), source,
                                 diagnostics)
        self._set_multiword_gold(source, note or self.tr("chosen"), chosen=True)
        if note:
            self.message.emit(f"{source.label}: {note}")
        self.changed.emit()

    def _multiword_gold_failed(self, error: BaseException) -> None:
        self.mw_gold_chosen = self.mw_gold is not None and self.mw_gold_chosen
        dialogs.show_error(self.window, self.tr("Cannot open the multiword gold"), error)

    def _set_multiword_gold(self, source: GoldSource, reason: str, chosen: bool) -> None:
        self.mw_gold = source
        self.mw_gold_chosen = chosen
        self.mw_gold_label.setText(self.tr("Multiword gold: {label} ({count} items)").format(
            label=source.label, count=len(source.items)))
        self.mw_gold_label.setToolTip(f"{source.path or source.label}: {reason}")

    # -- the corpus ------------------------------------------------------------------------------

    def choose_corpus(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Open the corpus"), self.open_folder(),
            self.tr("Lexelt XML corpus (*.xml);;All files (*)"))
        if path:
            self.open_corpus(path)

    def open_corpus(self, path: str) -> Task:
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus

        task = run_in_background(lambda token, report: read_corpus(path).corpus)
        task.result.connect(self._corpus_read)
        task.error.connect(self._corpus_failed)
        return task

    def _corpus_read(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.corpus_changed.emit()

    def _corpus_failed(self, error: BaseException) -> None:
        dialogs.show_error(self.window, self.tr("Cannot open the corpus"), error)

    def current_corpus(self) -> Corpus | None:
        """The corpus opened here, else the one open in the application."""
        if self.corpus is not None:
            return self.corpus
        source = self.state.source
        return None if source is None else source.corpus
