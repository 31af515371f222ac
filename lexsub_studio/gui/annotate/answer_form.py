"""The answer fields: three substitutes, multiword, NIL, proper name, comment, and their checks."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QStringListModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QWidget,
)

from lexsub_studio.core.annotation.work import MAX_SUBSTITUTES, Check, check_answer, normalise
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.languages import ENGLISH, Language
from lexsub_studio.gui.contrast import readable_name
from lexsub_studio.gui.widgets import named

#: The gentle checks' colour (amber), made readable on the palette in use.
CHECK_COLOUR = "#92400e"
CHECK_MIN_WIDTH = 150
SUB_FIELDS = tuple(f"sub{n}" for n in range(1, MAX_SUBSTITUTES + 1))


def field_label(field: str) -> str:
    """A field's name inside a sentence ("Remark on substitute 2")."""
    if field in SUB_FIELDS:
        return QCoreApplication.translate("AnswerForm", "substitute {number}").format(
            number=field.removeprefix("sub"))
    if field == "multiword":
        return QCoreApplication.translate("AnswerForm", "multiword")
    return QCoreApplication.translate("AnswerForm", "NIL and proper name")


class AnswerLineEdit(QLineEdit):
    """A line edit that lets Ctrl+Z / Ctrl+Shift+Z through to the answer undo stack once its
    own typing history is empty, so one key undoes typing first and committed answers after.

    Enter is handled here, before the completer: with the completion pop-up open, QCompleter
    would first let the field save (moving to the next instance) and then write the word
    highlighted in the pop-up into the field again, now the next instance's. Here Enter closes
    the pop-up, keeps the text as it stands (a word chosen with the arrow keys is already in
    it) and emits ``enter_pressed`` once.
    """

    enter_pressed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier):
            completer = self.completer()
            popup = completer.popup() if completer is not None else None
            if popup is not None and popup.isVisible():
                popup.hide()
            event.accept()
            self.enter_pressed.emit()
            return
        super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if event.matches(QKeySequence.StandardKey.Undo) and not self.isUndoAvailable():
                event.ignore()
                return False
            if event.matches(QKeySequence.StandardKey.Redo) and not self.isRedoAvailable():
                event.ignore()
                return False
        return super().event(event)


class AnswerForm(QWidget):
    """Emits ``submitted`` when Enter is pressed in a field, ``edited`` on any change."""

    submitted = Signal()
    edited = Signal()
    #: The corpus language: its lemmatiser gives the checks' lemma hints (set_language).
    _language: Language = ENGLISH

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lexelt = ""
        self._head = ""
        self._loading = False
        self._completion_model = QStringListModel(self)

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setColumnStretch(1, 3)
        grid.setColumnStretch(2, 2)

        self.sub_edits: list[AnswerLineEdit] = []
        self.check_labels: dict[str, QLabel] = {}
        self.accept_buttons: dict[str, QToolButton] = {}
        for number, field in enumerate(SUB_FIELDS, start=1):
            edit = named(AnswerLineEdit(self), f"substituteEdit{number}",
                         self.tr("Substitute {number}").format(number=number),
                         self.tr("A word or phrase that could replace the target here, as a lemma"))
            edit.setPlaceholderText(self.tr("substitute") if number > 1
                                    else self.tr("type a substitute"))
            self.sub_edits.append(edit)
            self._add_row(grid, number - 1, self.tr("Substitute &{number}").format(number=number),
                          edit, field)

        self.multiword_edit = named(AnswerLineEdit(self), "multiwordEdit", self.tr("Multiword"),
                                    self.tr("The multiword the target is part of, as a lemma (e.g. "
                                            "take place)"))
        self.multiword_edit.setPlaceholderText(self.tr("only if the target is part of a multiword"))
        self._add_row(grid, MAX_SUBSTITUTES, self.tr("&Multiword"), self.multiword_edit,
                      "multiword")

        flags = QWidget(self)
        flags_layout = QHBoxLayout(flags)
        flags_layout.setContentsMargins(0, 0, 0, 0)
        self.nil_box = named(QCheckBox(self.tr("NIL  (Alt+N)"), flags), "nilCheck", self.tr("NIL"),
                             self.tr("No substitute comes to mind for this target"))
        self.proper_box = named(QCheckBox(self.tr("Proper name  (Alt+P)"), flags),
                                "properNameCheck", self.tr("Proper name"),
                                self.tr("The target is part of a proper name"))
        flags_layout.addWidget(self.nil_box)
        flags_layout.addWidget(self.proper_box)
        flags_layout.addStretch(1)
        row = MAX_SUBSTITUTES + 1
        grid.addWidget(flags, row, 1)
        self._add_check_widgets(grid, row, "nil")

        self.comment_edit = named(AnswerLineEdit(self), "commentEdit", self.tr("Comment"),
                                  self.tr("Anything the organiser should know about this instance"))
        self.comment_edit.setPlaceholderText(self.tr("optional"))
        comment_label = QLabel(self.tr("&Comment"), self)
        comment_label.setBuddy(self.comment_edit)
        grid.addWidget(comment_label, row + 1, 0)
        grid.addWidget(self.comment_edit, row + 1, 1, 1, 3)

        for edit in self.line_edits():
            edit.enter_pressed.connect(self.submitted)
            edit.textEdited.connect(self._changed)
        self.nil_box.toggled.connect(self._changed)
        self.proper_box.toggled.connect(self._changed)
        # Enter on a check box saves too, as it does in the text fields.
        self.nil_box.installEventFilter(self)
        self.proper_box.installEventFilter(self)
        for edit in [*self.sub_edits, self.multiword_edit]:
            completer = QCompleter(self._completion_model, edit)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
            edit.setCompleter(completer)
            # A word clicked in the pop-up: QCompleter puts it in the field (the annotator's
            # choice); the checks follow it.
            completer.activated.connect(self._changed)
        # Each field is followed by its suggestion's button, shown only when there is one.
        chain: list[QWidget] = []
        for field, edit in zip((*SUB_FIELDS, "multiword"), (*self.sub_edits, self.multiword_edit),
                               strict=True):
            chain += [edit, self.accept_buttons[field]]
        chain += [self.nil_box, self.proper_box, self.comment_edit]
        for before, after in itertools.pairwise(chain):
            self.setTabOrder(before, after)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() == Qt.KeyboardModifier.NoModifier):
            if isinstance(watched, QToolButton):
                # Enter on a suggestion takes it; the next Enter, back in the field, saves.
                watched.click()
            else:
                self.submitted.emit()
            return True
        return super().eventFilter(watched, event)

    def _add_row(self, grid: QGridLayout, row: int, text: str, edit: QLineEdit,
                 field: str) -> None:
        label = QLabel(text, self)
        label.setBuddy(edit)
        grid.addWidget(label, row, 0)
        grid.addWidget(edit, row, 1)
        self._add_check_widgets(grid, row, field)

    def _add_check_widgets(self, grid: QGridLayout, row: int, field: str) -> None:
        label = field_label(field)
        check = named(QLabel(self), f"check_{field}",
                      self.tr("Remark on {label}").format(label=label))
        check.setWordWrap(True)
        # Wide enough to read a remark in a few lines when the editor is narrow (1024 x 640
        # with the guidelines open); the field gives way, it needs little to show a word.
        check.setMinimumWidth(CHECK_MIN_WIDTH)
        check.setStyleSheet(f"color: {readable_name(CHECK_COLOUR)};")
        button = named(QToolButton(self), f"acceptSuggestion_{field}",
                       self.tr("Use the suggested form for {label}").format(label=label),
                       self.tr("Put the suggested lemma in the field (Enter or Space here; "
                               "Alt+L from the field)"))
        button.setVisible(False)
        # Reached with Tab right after its field (a hidden button is skipped).
        button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        button.installEventFilter(self)
        button.clicked.connect(lambda _=False, f=field: self.accept_suggestion(f))
        grid.addWidget(check, row, 2)
        grid.addWidget(button, row, 3)
        self.check_labels[field] = check
        self.accept_buttons[field] = button

    def follow_palette(self) -> None:
        """A light or dark palette: the remarks keep their amber and stay readable."""
        for check in self.check_labels.values():
            check.setStyleSheet(f"color: {readable_name(CHECK_COLOUR)};")

    # -- content ---------------------------------------------------------------------------------

    def line_edits(self) -> list[AnswerLineEdit]:
        return [*self.sub_edits, self.multiword_edit, self.comment_edit]

    def load(self, row: ResponseRow | None, lexelt: str, head: str,
             suggestions: list[str]) -> None:
        """Show a stored answer (or blank fields) for the target ``head`` of ``lexelt``."""
        self._loading = True
        self._lexelt, self._head = lexelt, head
        substitutes = list(row.substitutes) if row is not None else []
        for number, edit in enumerate(self.sub_edits):
            edit.setText(substitutes[number] if number < len(substitutes) else "")
        self.multiword_edit.setText(row.multiword if row is not None else "")
        self.comment_edit.setText(row.comment if row is not None else "")
        self.nil_box.setChecked(bool(row and row.nil))
        self.proper_box.setChecked(bool(row and row.proper_name))
        self._completion_model.setStringList(suggestions)
        self._loading = False
        self.update_checks()

    def set_language(self, language: Language) -> None:
        """Check answers in the corpus ``language`` and type them in its direction."""
        self._language = language
        direction = (Qt.LayoutDirection.RightToLeft if language.right_to_left
                     else Qt.LayoutDirection.LeftToRight)
        for edit in self.line_edits():
            edit.setLayoutDirection(direction)
        self.update_checks()

    def set_suggestions(self, suggestions: list[str]) -> None:
        """The words the completer offers (none: no pop-up at all)."""
        self._completion_model.setStringList(suggestions)

    def values(self) -> tuple[list[str], str, bool, bool, str]:
        return ([edit.text() for edit in self.sub_edits], self.multiword_edit.text(),
                self.nil_box.isChecked(), self.proper_box.isChecked(), self.comment_edit.text())

    def differs_from(self, row: ResponseRow | None) -> bool:
        """True when the fields say something other than the stored answer ``row``."""
        subs, multiword, nil, proper, comment = self.values()
        typed = (tuple(t for t in (normalise(s) for s in subs) if t), normalise(multiword),
                 nil, proper, normalise(comment))
        stored = ((), "", False, False, "") if row is None else (
            row.substitutes, row.multiword, row.nil, row.proper_name, row.comment)
        return typed != stored

    def checks(self) -> list[Check]:
        subs, multiword, nil, proper, _ = self.values()
        return check_answer(subs, multiword, nil, proper, self._lexelt, self._head,
                            self._language)

    def update_checks(self) -> list[Check]:
        checks = self.checks() if self._lexelt else []
        by_field: dict[str, list[Check]] = {}
        for check in checks:
            by_field.setdefault(check.field, []).append(check)
        for field, label in self.check_labels.items():
            remarks = by_field.get(field, [])
            label.setText(" ".join(check.message for check in remarks))
            suggestion = next((c.suggestion for c in remarks if c.suggestion), None)
            button = self.accept_buttons[field]
            button.setVisible(suggestion is not None)
            if suggestion is not None:
                button.setText(self.tr("Use “{suggestion}”").format(suggestion=suggestion))
                button.setProperty("suggestion", suggestion)
        return checks

    def accept_suggestion(self, field: str) -> None:
        suggestion = self.accept_buttons[field].property("suggestion")
        if not suggestion:
            return
        edit = (self.multiword_edit if field == "multiword"
                else self.sub_edits[SUB_FIELDS.index(field)])
        edit.setText(str(suggestion))
        edit.setFocus()
        self._changed()

    def accept_suggestion_here(self) -> bool:
        """Alt+L: take the suggestion of the field with the focus (or of its button), else the
        first one shown; False when none is shown."""
        fields = [*SUB_FIELDS, "multiword"]
        edits = [*self.sub_edits, self.multiword_edit]
        focused = next((field for field, edit in zip(fields, edits, strict=True)
                        if edit.hasFocus() or self.accept_buttons[field].hasFocus()), None)
        offered = [field for field in fields if self.accept_buttons[field].property("suggestion")
                   and not self.accept_buttons[field].isHidden()]
        if not offered:
            return False
        self.accept_suggestion(focused if focused in offered else offered[0])
        return True

    def focus_first(self) -> None:
        self.sub_edits[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self.sub_edits[0].selectAll()

    def _changed(self, *_: object) -> None:
        if not self._loading:
            self.update_checks()
            self.edited.emit()
