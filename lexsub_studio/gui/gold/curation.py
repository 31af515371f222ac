"""The curation view of Gold & Agreement: one item at a time, every answer beside the gold, and
the organiser's decisions (merge, correct a spelling, drop, add, exclude) as undoable steps.

The panel owns the ``Adjudication`` (core) and saves it to its file after every step, off the GUI
thread and in order (``curation_file.py``); the adjudication file and a merge map are read off
the GUI thread too, under a busy row. The item shown and the proposals are widgets of their own
(``curation_item.py``, ``curation_proposals.py``). It never computes: the workspace gives it each
analysis (``set_analysis``) and listens to ``adjudication_changed`` (True when a merge changed,
which needs pooling again; False when only the gold changed). Every change goes through
``DecisionCommand`` on the application's undo stack, which calls ``apply_decision`` /
``take_back`` and nothing else.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QStringListModel, Qt, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.gold.adjudication import (
    ADD,
    DEFAULT_FILE_NAME,
    DROP,
    EXCLUDE,
    INCLUDE,
    MERGE,
    Adjudication,
    Decision,
    apply_gold_decisions,
    now_text,
)
from lexsub_studio.core.gold.analysis import Analysis
from lexsub_studio.core.gold.curation_rules import (
    SCOPE_EVERYWHERE,
    SCOPE_ITEM,
    SCOPE_OCCURS,
    merge_items,
    merge_map_decisions,
    typed_form,
)
from lexsub_studio.core.gold.merge_map_text import format_merge_map, merge_map_lines
from lexsub_studio.core.gold.merge_proposals import MergeProposal
from lexsub_studio.core.gold.normalise import MergeMap, read_merge_map
from lexsub_studio.core.model.data import GoldItem, Instance
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.busy import BusyIndicator
from lexsub_studio.gui.gold.adjudication_saver import AdjudicationSaver
from lexsub_studio.gui.gold.curation_file import AdjudicationFile
from lexsub_studio.gui.gold.curation_item import CurationItemView
from lexsub_studio.gui.gold.curation_proposals import CurationProposalsView
from lexsub_studio.gui.gold.item_text import sentence_html
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

Key = tuple[str, str]

#: The scopes a merge made by hand can have, in the scope box's order (the first is the default).
SCOPES = (
    (SCOPE_OCCURS, QT_TRANSLATE_NOOP("Curation", "Items where it occurs")),
    (SCOPE_ITEM, QT_TRANSLATE_NOOP("Curation", "This item only")),
    (SCOPE_EVERYWHERE, QT_TRANSLATE_NOOP("Curation", "Everywhere")),
)
#: Who signs decisions when the organiser has not given a name (never the computer's account
#: name: it is often shared, or says nothing to the team reading the adjudication file).
UNNAMED_ORGANISER = "organiser"  # untranslated: a signature in the file, alike in every language


def chosen_name() -> str:
    """The name decisions are signed with: the one last typed as the organiser's, else the
    annotator name the app already knows, else ``organiser``."""
    store = settings.app_settings()
    for key in (settings.ORGANISER_NAME, settings.ANNOTATOR_NAME):
        name = " ".join(str(store.value(key, "") or "").split())
        if name:
            return name
    return UNNAMED_ORGANISER


class DecisionCommand(QUndoCommand):
    """One adjudication decision: redo takes it, undo takes it back."""

    def __init__(self, panel: CurationPanel, decision: Decision) -> None:
        super().__init__(decision.describe())
        self._panel = panel
        self._decision = decision
        # The undo stack is the application's (annotation shares it): a step left from
        # decisions since closed or replaced by another file does nothing, rather than the
        # stack being cleared under the annotator.
        self._adjudication = panel.adjudication

    def redo(self) -> None:
        if self._panel.adjudication is self._adjudication:
            self._panel.apply_decision(self._decision)

    def undo(self) -> None:
        if self._panel.adjudication is self._adjudication:
            self._panel.take_back(self._decision)


class CurationPanel(QWidget):
    """Interface: ``set_analysis``, ``set_instances``, ``open_file``; the actions ``merge``,
    ``correct_spelling``, ``drop``, ``add``, ``set_excluded``, ``accept_proposal``,
    ``import_merge_map``, ``export_merge_map``; ``gold()`` the adjudicated gold."""

    #: the decisions changed; True when a merge did (the responses must be pooled again).
    adjudication_changed = Signal(bool)
    status_message = Signal(str)
    #: (count, path): the merges of a merge map were taken as decisions.
    merges_imported = Signal(int, str)

    def __init__(self, undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "curationPanel", self.tr("Curation of the gold"))
        self.undo_stack = undo_stack
        self.adjudication = Adjudication()
        self.busy = BusyIndicator("curationRead", self.tr("reading the file"), self)
        self.file = AdjudicationFile(self, self.busy)
        self.file.loaded.connect(self._file_loaded)
        self.file.reading.connect(self._show_reading)
        self.file.path_changed.connect(self._show_decisions)
        self.file.status_message.connect(self.status_message)
        self.analysis: Analysis | None = None
        self.instances: dict[Key, Instance] = {}
        self.current: Key | None = None
        self.who = chosen_name()
        self._keys: list[Key] = []
        self._item_of_key: dict[Key, int] = {}
        self._gold_by_key: dict[Key, GoldItem] = {}
        self._build()

    # -- construction ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.item_model = QStringListModel(self)
        self.item_list = named(QListView(self), "curationItemList", self.tr("Items to curate"),
                               self.tr("Every item; select one to curate it"))
        self.item_list.setModel(self.item_model)
        self.item_list.setUniformItemSizes(True)
        self.item_list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.item_list.selectionModel().currentChanged.connect(
            lambda current, _previous: self.show_item(self._key_at(current.row())))

        self.item_view = CurationItemView(self)
        # The item's widgets, by the names the panel has always given them.
        self.sentence_label = self.item_view.sentence_label
        self.answers_table = self.item_view.answers_table
        self.gold_table = self.item_view.gold_table
        self.excluded_check = named(QCheckBox(self.tr("E&xclude this item from the gold"), self),
                                    "curationExcludeCheck", self.tr("Exclude this item"),
                                    self.tr("Leave the item out of the gold and the multiword "
                                            "gold"))
        self.excluded_check.clicked.connect(self.set_excluded)
        self.scope_box = named(QComboBox(self), "curationScopeBox", self.tr("Scope of a merge"),
                               self.tr("Which items a merge made here applies to"))
        for key, text in SCOPES:
            self.scope_box.addItem(QCoreApplication.translate("Curation", text), key)
        buttons = QHBoxLayout()
        self.merge_button = named(QPushButton(self.tr("&Merge into…"), self), "curationMergeButton",
                                  self.tr("Merge the selected entry into another form"))
        self.correct_button = named(QPushButton(self.tr("Correct s&pelling…"), self),
                                    "curationCorrectButton",
                                    self.tr("Correct the spelling of the selected entry on this "
                                            "item"))
        self.drop_button = named(QPushButton(self.tr("&Drop"), self), "curationDropButton",
                                 self.tr("Drop the selected entry from this item's gold"))
        self.add_button = named(QPushButton(self.tr("A&dd…"), self), "curationAddButton",
                                self.tr("Add a substitute to this item's gold"))
        self.merge_button.clicked.connect(self._ask_merge)
        self.correct_button.clicked.connect(self._ask_correction)
        self.drop_button.clicked.connect(self._drop_selected)
        self.add_button.clicked.connect(self._ask_add)
        for button in (self.merge_button, self.correct_button, self.drop_button,
                       self.add_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        # The scope on a row of its own keeps the panel narrow enough for a small window.
        scope_row = QHBoxLayout()
        scope_label = QLabel(self.tr("Merge &scope:"), self)
        scope_label.setBuddy(self.scope_box)
        scope_row.addWidget(scope_label)
        scope_row.addWidget(self.scope_box)
        scope_row.addStretch(1)

        self.proposals_view = CurationProposalsView(self._sentence_html, self)
        self.proposals_view.accept_requested.connect(self.accept_proposal)
        self.proposal_table = self.proposals_view.proposal_table
        self.proposal_label = self.proposals_view.proposal_label
        self.accept_proposal_button = self.proposals_view.accept_proposal_button
        self.decisions_list = named(QListWidget(self), "curationDecisionsList",
                                    self.tr("Decisions taken"),
                                    self.tr("Every decision, who took it and when"))
        self.decision_count_label = named(QLabel(self), "curationDecisionCount",
                                          self.tr("How many decisions, and what the merges "
                                                  "did to the answers"))
        self.decision_count_label.setWordWrap(True)
        self.signature_edit = named(QLineEdit(self.who, self), "curationSignatureEdit",
                                    self.tr("Decisions signed as"),
                                    self.tr("The name written beside every decision from now "
                                            "on (remembered)"))
        self.signature_edit.editingFinished.connect(
            lambda: self.set_signature(self.signature_edit.text()))
        self.file_label = named(QLabel(self), "curationFileLabel", self.tr("Adjudication file"))
        self.file_label.setWordWrap(True)
        self.import_button = named(QPushButton(self.tr("Import merge map…"), self),
                                   "curationImportMapButton", self.tr("Import a merge map"))
        self.export_button = named(QPushButton(self.tr("Export merge map…"), self),
                                   "curationExportMapButton", self.tr("Export the merges as a map"))
        self.save_as_button = named(QPushButton(self.tr("Save decisions as…"), self),
                                    "curationSaveAsButton",
                                    self.tr("Save the decisions in another adjudication file"),
                                    self.tr("Keep the decisions in a file of your choice from now "
                                            "on"))
        self.import_button.clicked.connect(self._ask_import)
        self.export_button.clicked.connect(self._ask_export)
        self.save_as_button.clicked.connect(self._ask_save_as)

        detail = QWidget(self)
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        detail_layout.addWidget(self.item_view, 1)
        detail_layout.addLayout(buttons)
        detail_layout.addLayout(scope_row)
        detail_layout.addWidget(self.excluded_check)
        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.proposals_view, 2)
        side_layout.addWidget(QLabel(self.tr("<b>Decisions</b> (Edit › Undo takes one "
                                             "back)"), side))
        side_layout.addWidget(self.decision_count_label)
        side_layout.addWidget(self.decisions_list, 1)
        signature_row = QHBoxLayout()
        signature_label = QLabel(self.tr("Si&gned as:"), side)
        signature_label.setBuddy(self.signature_edit)
        signature_row.addWidget(signature_label)
        signature_row.addWidget(self.signature_edit, 1)
        side_layout.addLayout(signature_row)
        side_layout.addWidget(self.file_label)
        maps = QHBoxLayout()
        maps.addWidget(self.import_button)
        maps.addWidget(self.export_button)
        side_layout.addLayout(maps)
        side_layout.addWidget(self.save_as_button, 0, Qt.AlignmentFlag.AlignLeft)
        # The item and the proposals share one place as two tabs: side by side they needed a
        # window over 1,100 px wide.
        self.panes = named(QTabWidget(self), "curationPanes",
                           self.tr("Item or proposals and decisions"))
        self.panes.addTab(detail, self.tr("&Item"))
        self.panes.addTab(side, self.tr("&Proposals and decisions"))
        split = named(QSplitter(Qt.Orientation.Horizontal, self), "curationSplitter",
                      self.tr("Items, item and proposals"))
        split.addWidget(self.item_list)
        split.addWidget(self.panes)
        split.setSizes([180, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(self.busy)
        layout.addWidget(split)
        self._show_decisions()

    # -- inputs from the workspace ---------------------------------------------------------------

    def set_instances(self, instances: dict[Key, Instance]) -> None:
        self.instances = instances
        self.show_item(self.current)

    def set_analysis(self, analysis: Analysis | None) -> None:
        self.analysis = analysis
        keys = list(analysis.pooled.keys) if analysis is not None else []
        self._keys = keys
        self._item_of_key = {key: index for index, key in enumerate(keys)}
        self._gold_by_key = ({item.key: item for item in analysis.assembly.gold}
                             if analysis is not None else {})
        self.item_model.setStringList([f"{lexelt} {instance_id}" for lexelt, instance_id in keys])
        if analysis is None:
            self.proposals_view.show_proposals([])
        elif analysis.proposals is not None:
            self.proposals_view.show_proposals(list(analysis.proposals))
        else:  # a computation without proposals keeps the ones shown
            self.proposals_view.show_proposals(self.proposals_view.proposals())
        if self.current not in keys:
            self.current = keys[0] if keys else None
        self._select_in_list(self.current)
        self.show_item(self.current)
        self.decision_count_label.setText(self.decision_count_text())

    @property
    def path(self) -> Path | None:
        """The adjudication file, saved after every step (None: not saved yet)."""
        return self.file.path

    @property
    def saver(self) -> AdjudicationSaver:
        return self.file.saver

    def open_file(self, path: str | Path) -> Task:
        """Keep the decisions in this file from now on; it is read first, off the GUI thread,
        if it exists (the decisions are restored, not undoable). Until it is read no decision
        can be taken; if it cannot be read, a message says why and the decisions and file
        from before stay."""
        held = self.adjudication
        # A new log at once: a step left on the undo stack from the old one does nothing.
        self.adjudication = Adjudication()
        return self.file.open_file(Path(path), held)

    def is_reading(self) -> bool:
        """The adjudication file is being read: no decision can be taken yet."""
        return self.file.is_reading()

    def _show_reading(self, reading: bool) -> None:
        self.panes.setEnabled(not reading)
        self._show_decisions()

    def _file_loaded(self, adjudication: Adjudication, merges_changed: bool) -> None:
        self.adjudication = adjudication
        self._after_change(merges_changed, save=False)

    def close_file(self) -> None:
        """Forget the decisions and their file (every responses file was removed)."""
        self.file.forget()
        self.adjudication = Adjudication()
        self._after_change(True, save=False)

    def flush_pending(self) -> None:
        """Return once every decision taken is written to the adjudication file."""
        self.file.flush()

    def save_as(self, path: str | Path) -> bool:
        """Write the decisions to this file and keep them there from now on."""
        saved = self.file.save_as(self.adjudication, path)
        self._show_decisions()
        return saved

    # -- the decisions ---------------------------------------------------------------------------

    def set_signature(self, name: str) -> None:
        """Sign the decisions taken from now on with ``name`` (remembered for next time);
        blank: ``organiser``. Decisions already taken keep their signature."""
        name = " ".join(name.split())
        settings.app_settings().setValue(settings.ORGANISER_NAME, name)
        self.who = name or UNNAMED_ORGANISER
        if self.signature_edit.text() != self.who:
            self.signature_edit.setText(self.who)

    def push(self, decision: Decision) -> None:
        self.undo_stack.push(DecisionCommand(self, decision))

    def apply_decision(self, decision: Decision) -> None:
        self.adjudication.add(decision)
        self._after_change(decision.kind == MERGE)

    def take_back(self, decision: Decision) -> None:
        self.adjudication.remove(decision)
        self._after_change(decision.kind == MERGE)

    def _decision(self, kind: str, items: tuple[Key, ...] | None, form: str = "",
                  into: str = "", reason: str = "by hand") -> Decision:
        return Decision(kind, items, form, into, reason, self.who, now_text())

    def merge(self, form: str, into: str, scope: str | None = None) -> Decision | None:
        """Merge ``form`` into ``into``; scope as the scope box says unless given."""
        into = typed_form(into)
        if not into or into == form:
            return None
        items = merge_items(scope or self.scope_box.currentData(), form, self.current,
                            self.analysis.pooled if self.analysis is not None else None)
        if items == ():
            return None
        decision = self._decision(MERGE, items, form, into)
        self._push_checked(decision)
        return decision

    def correct_spelling(self, form: str, corrected: str) -> Decision | None:
        """A spelling correction is a merge on this item only."""
        corrected = typed_form(corrected)
        if not self.current or not corrected or corrected == form:
            return None
        decision = self._decision(MERGE, (self.current,), form, corrected,
                                  "spelling correction")
        self._push_checked(decision)
        return decision

    def drop(self, form: str) -> Decision | None:
        if not self.current:
            return None
        decision = self._decision(DROP, (self.current,), form)
        self._push_checked(decision)
        return decision

    def add(self, form: str) -> Decision | None:
        form = typed_form(form)
        if not self.current or not form:
            return None
        decision = self._decision(ADD, (self.current,), form)
        self._push_checked(decision)
        return decision

    def set_excluded(self, excluded: bool) -> None:
        if not self.current or (self.current in self.adjudication.excluded()) == excluded:
            return
        self.push(self._decision(EXCLUDE if excluded else INCLUDE, (self.current,)))

    def accept_proposal(self, row: int) -> Decision | None:
        proposals = self.proposals_view.proposals()
        if not 0 <= row < len(proposals):
            return None
        proposal = proposals[row]
        decision = self._decision(MERGE, proposal.items, proposal.variant, proposal.canonical,
                                  proposal.reason)
        self._push_checked(decision)
        return decision

    def import_merge_map(self, path: str | Path) -> Task:
        """Each line of a merge map (the file ``lexsub gold --map`` reads) becomes one undoable
        merge (``merges_imported`` says how many); the file is read off the GUI thread.
        Problems in the file are shown, with their lines."""
        task = run_in_background(lambda _token, _report: read_merge_map(path))
        self.import_button.setEnabled(False)
        task.result.connect(lambda read: self._merge_map_read(str(path), *read))
        task.error.connect(lambda error: dialogs.show_error(
            self, self.tr("Cannot read the merge map"), error))
        task.finished.connect(lambda: self.import_button.setEnabled(True))
        self.busy.watch(task, self.tr("Reading the merge map {path}…").format(path=path))
        return task

    def _merge_map_read(self, path: str, merge_map: MergeMap, diagnostics: Diagnostics) -> None:
        if len(diagnostics):
            dialogs.show_problems(self, self.tr("Problems in the merge map"), diagnostics)
        decisions = merge_map_decisions(merge_map, self.who, now_text())
        if decisions:
            self.undo_stack.beginMacro(f"import {len(decisions)} merge(s) from "
                                       f"{Path(path).name}")
            for decision in decisions:
                self.push(decision)
            self.undo_stack.endMacro()
        self.merges_imported.emit(len(decisions), path)
        self.status_message.emit(self.tr("{count} merge(s) imported from {path}").format(
                                     count=len(decisions), path=path))

    def export_merge_map(self, path: str | Path) -> int:
        """The merges decided so far as a merge map; returns the number of lines."""
        from lexsub_studio.core.io.atomic import atomic_write_text

        merge_map = self.adjudication.merge_map()
        atomic_write_text(path, format_merge_map(merge_map))
        return len(merge_map_lines(merge_map))

    def _push_checked(self, decision: Decision) -> None:
        from lexsub_studio.core.gold.adjudication import check_decision

        try:
            check_decision(decision)
        except ValueError as error:
            dialogs.show_error(self, self.tr("Cannot take this decision"), error)
            return
        self.push(decision)

    def _after_change(self, merges_changed: bool, save: bool = True) -> None:
        if save:
            self.file.save(self.adjudication)
        self._show_decisions()
        self.show_item(self.current)
        self.adjudication_changed.emit(merges_changed)

    # -- the adjudicated gold --------------------------------------------------------------------

    def gold(self) -> list[GoldItem]:
        if self.analysis is None:
            return []
        return apply_gold_decisions(self.analysis.assembly.gold, self.adjudication)

    # -- showing ---------------------------------------------------------------------------------

    def _key_at(self, row: int) -> Key | None:
        return self._keys[row] if 0 <= row < len(self._keys) else None

    def _select_in_list(self, key: Key | None) -> None:
        if key in self._item_of_key:
            self.item_list.setCurrentIndex(self.item_model.index(self._item_of_key[key]))

    def select_item(self, key: Key) -> None:
        self._select_in_list(key)
        self.show_item(key)

    def show_item(self, key: Key | None) -> None:
        self.current = key
        analysis = self.analysis
        if analysis is None or key is None or key not in self._item_of_key:
            self.item_view.clear()
            return
        pooled_line = self._gold_by_key.get(key)
        gold = {g.key: g for g in apply_gold_decisions(
            [pooled_line] if pooled_line is not None else [], self.adjudication)}
        self.item_view.show_item(key, analysis.pooled, self._item_of_key[key],
                                 self._sentence_html(key), gold.get(key))
        excluded = key in self.adjudication.excluded()
        self.excluded_check.setChecked(excluded)

    def _sentence_html(self, key: Key) -> str:
        return sentence_html(self.instances.get(key))

    def gold_entries(self) -> list[tuple[str, int]]:
        """The current item's gold entries as shown."""
        return self.item_view.gold_entries()

    def proposals(self) -> list[MergeProposal]:
        return self.proposals_view.proposals()

    def _show_decisions(self) -> None:
        self.decisions_list.clear()
        for decision in self.adjudication.decisions:
            when = decision.when or self.tr("no time")
            self.decisions_list.addItem(f"{decision.describe()} — {decision.who or '?'}, {when}")
        self.decision_count_label.setText(self.decision_count_text())
        self.file_label.setText(
            self.tr("Reading {path}…").format(path=self.path) if self.file.is_reading() else
            self.tr("Saved in {path}").format(path=self.path) if self.path else
            self.tr("Not saved: add responses files to keep the decisions beside them, or use "
                    "“Save decisions as…”."))

    def decision_count_text(self) -> str:
        """The decisions, counted apart from the input problems, with what the merges did to
        the answers (as the last pooling counted them)."""
        count = len(self.adjudication)
        if not count:
            return self.tr("No decision yet.")
        text = self.tr("{count_decisions} decision(s).").format(count_decisions=count)
        stats = self.analysis.pooled.stats if self.analysis is not None else {}
        merged = stats.get("merged_by_map", 0)
        if merged:
            text += " " + self.tr("Merges count {merged} substitute(s) as another form").format(
                merged=merged)
            once = stats.get("merged_in_row", 0)
            text += (self.tr(", {once} of them once where the annotator also gave that form "
                             "(not an input problem).").format(once=once) if once else ".")
        return text

    # -- dialogs ---------------------------------------------------------------------------------

    def _selected_entry(self) -> str | None:
        return self.item_view.selected_entry()

    def _ask_merge(self) -> None:
        form = self._selected_entry()
        if form is None:
            return
        others = [entry for entry, _ in self.gold_entries() if entry != form]
        into, ok = QInputDialog.getItem(self, self.tr("Merge"),
                self.tr("Merge '{form}' into:").format(form=form), others, 0, True)
        if ok:
            self.merge(form, into)

    def _ask_correction(self) -> None:
        form = self._selected_entry()
        if form is None:
            return
        corrected, ok = QInputDialog.getText(self, self.tr("Correct the spelling"),
                                             self.tr("Correct '{form}' on this item to:").format(
                                                 form=form), text=form)
        if ok:
            self.correct_spelling(form, corrected)

    def _drop_selected(self) -> None:
        form = self._selected_entry()
        if form is not None:
            self.drop(form)

    def _ask_add(self) -> None:
        form, ok = QInputDialog.getText(self, self.tr("Add a "
                                                      "substitute"), self.tr("Substitute to add:"))
        if ok:
            self.add(form)

    def _ask_save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the "
                                                            "decisions"), DEFAULT_FILE_NAME,
                                              self.tr("Adjudication (*.json);;All files (*)"))
        if path:
            self.save_as(path)

    def _ask_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import a merge map"), "",
                                              self.tr("Merge map (*.tsv *.txt);;All files (*)"))
        if path:
            self.import_merge_map(path)

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the merge map"), "merges.tsv",
                                              self.tr("Merge map (*.tsv *.txt);;All files (*)"))
        if path:
            try:
                count = self.export_merge_map(path)
            except OSError as error:
                dialogs.show_error(self, self.tr("Cannot write the merge map"), error)
                return
            self.status_message.emit(self.tr("{count} merge(s) written to {path}").format(
                                         count=count, path=path))
