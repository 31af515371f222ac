"""Every user-visible string in lexsub_studio/gui goes through Qt's translation.

A translator makes a language from what ``pyside6-lupdate`` extracts (docs/translating.md), and
it extracts only the texts of ``self.tr("...")``, ``QCoreApplication.translate("Context", "...")``
and ``QT_TRANSLATE_NOOP("Context", "...")`` whose arguments are written out. These tests read
every module under lexsub_studio/gui with ``ast`` and name each place (file:line and the text)
where a literal string reaches the user without that: the text arguments of widgets, actions,
message boxes, dialogs, tab and header labels, accessible names and descriptions, and of the
project's own helpers that hand a parameter to one of those (found by following the helpers'
parameters, so a new helper is checked without being listed here).

A string without letters ("—", "%", "{count}", "<br>") has nothing to translate and passes.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

Function = ast.FunctionDef | ast.AsyncFunctionDef
GUI_DIR = Path(__file__).resolve().parent.parent / "lexsub_studio" / "gui"

#: Widgets and items whose constructor takes the text they show; every string argument counts.
TEXT_CONSTRUCTORS = frozenset({
    "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QToolButton",
    "QCommandLinkButton", "QMenu", "QDockWidget", "QTableWidgetItem", "QListWidgetItem",
    "QTreeWidgetItem", "QStandardItem", "QProgressDialog", "QMessageBox", "QWidgetAction",
})
#: Methods whose every string argument is shown to the user (or read out by a screen reader).
TEXT_METHODS = frozenset({
    "setText", "setWindowTitle", "setToolTip", "setStatusTip", "setWhatsThis",
    "setPlaceholderText", "setTitle", "setSubTitle", "showMessage", "setTabText",
    "setTabToolTip", "setTabWhatsThis", "setItemText", "setItemToolTip",
    "setHorizontalHeaderLabels", "setVerticalHeaderLabels", "setHeaderLabels", "setHeaderLabel",
    "setAccessibleName", "setAccessibleDescription", "setLabelText", "setFormat",
    "setSpecialValueText", "setPrefix", "setSuffix", "setInformativeText", "setDetailedText",
    "setButtonText", "setCancelButtonText", "setOkButtonText", "setPlainText", "setHtml",
    "setMarkdown", "appendPlainText", "appendHtml", "addAction", "addMenu", "addSection",
    "addRow", "addButton", "addTab", "insertTab", "addItems", "insertItems", "setNameFilter",
    "setNameFilters", "setWindowIconText", "insertText", "insertHtml", "insertPlainText",
})
#: The project's signals whose text the window shows (the status bar, a notice, a message box):
#: ``self.status_message.emit("…")`` is shown as surely as ``showMessage("…")``.
TEXT_SIGNALS = frozenset({"status_message", "message", "notice", "open_failed",
                          "analysis_failed", "progress"})
#: Methods whose text is one argument among data: ``combo.addItem("Shown", "data")``.
TEXT_ARGUMENT_OF = {"addItem": 0, "insertItem": 1}
#: Static dialogs: every string argument is a title, a label or a choice, except those listed
#: (a file dialog's starting directory or file name is the user's, not a sentence).
STATIC_DIALOGS = {"QMessageBox": frozenset({0}), "QInputDialog": frozenset({0}),
                  "QFileDialog": frozenset({0, 2}), "QColorDialog": frozenset({0}),
                  "QFontDialog": frozenset({0})}
UNTRANSLATED_KEYWORDS = frozenset({"parent", "dir", "directory", "options", "selectedFilter"})
#: The project's own classes whose fields are shown: a table column's header and its tool tip,
#: a workspace's title and description (by position and by keyword).
TEXT_FIELDS = {"Column": frozenset({0, "header", "header_tooltip"}),
               "WorkspaceSpec": frozenset({1, "title", 3, "description"})}
#: Calls that pyside6-lupdate reads: the text is their last literal argument.
TRANSLATING_CALLS = frozenset({"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP",
                               "QT_TRANSLATE_NOOP3"})
#: Calls that only mark a text for lupdate; it is translated where it is shown.
MARKING_CALLS = frozenset({"QT_TR_NOOP", "QT_TRANSLATE_NOOP", "QT_TRANSLATE_NOOP3"})
CONTEXT_TAKING_CALLS = frozenset({"translate", "QT_TRANSLATE_NOOP", "QT_TRANSLATE_NOOP3"})
#: Calls whose result shows their first argument's words: html.escape(text), str(text).
TEXT_PRESERVING_FUNCTIONS = frozenset({"escape", "str"})
#: Methods whose result shows the words of the string they are called on.
TEXT_PRESERVING_METHODS = frozenset({"capitalize", "upper", "lower", "strip", "rstrip",
                                     "lstrip", "title", "replace", "removesuffix"})
#: A line holding this comment keeps its literal as written, for a reason given after it
#: (an HTML attribute, a name the user must type exactly).
UNTRANSLATED_MARK = "# untranslated:"

_MARKUP = re.compile(r"<[^>]*>|&#?\w+;|\{[^{}]*\}|%\(\w+\)\w|%[-+ #0-9.]*[a-zA-Z]|%\d")
_LETTER = re.compile(r"[^\W\d_]")


def has_words(text: str) -> bool:
    """True if the text holds something to translate: letters outside markup and placeholders."""
    return bool(_LETTER.search(_MARKUP.sub("", text)))


@dataclass(frozen=True)
class Untranslated:
    path: str
    line: int
    text: str
    why: str
    node: ast.AST | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r} ({self.why})"


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _receiver_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id
    return ""


def _is_translating(call: ast.Call) -> bool:
    name = _called_name(call)
    if name not in TRANSLATING_CALLS:
        return False
    # painter.translate(point) moves a painter: only a call with a written-out text is Qt's.
    return name != "translate" or len(call.args) >= 2


def _string_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _source_text(node: ast.expr) -> str:
    if isinstance(node, ast.Constant):
        return str(node.value)
    return ast.unparse(node)


def _parameters(function: Function) -> list[str]:
    names = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if names and names[0] in ("self", "cls"):
        names = names[1:]
    return names


class _Scope:
    """What a name stands for where it is used: the function's parameters, the literals
    assigned to its local names and to the module's names, and the loops that bind names to
    the elements of a literal sequence (``for label, key in CHOICES``)."""

    def __init__(self, module: ast.Module, function: Function | None,
                 owner: str | None = None) -> None:
        self.parameters = _parameters(function) if function else []
        #: What each ``self.name`` is given anywhere in the class (for a method).
        self.attribute_values = _attribute_values(module, owner) if owner else {}
        self.local_values, self.local_loops = _bindings(function.body) if function else ({}, {})
        self.module_values, self.module_loops = _bindings(module.body)
        # Names imported from another gui module stand for what that module assigns them.
        for name, values in getattr(module, "imported_values", {}).items():
            self.module_values.setdefault(name, values)

    def values_of(self, name: str) -> list[ast.expr]:
        if name in self.parameters:
            return []
        if name in self.local_values or name in self.local_loops:
            values = list(self.local_values.get(name, []))
            loops = self.local_loops.get(name, [])
        else:
            values = list(self.module_values.get(name, []))
            loops = self.module_loops.get(name, [])
        for iterable, path in loops:
            for element in self.elements(iterable):
                values.extend(_pick(element, path))
        return values

    def loop_parameters(self, name: str) -> list[tuple[str, tuple[int, ...]]]:
        """The parameters a loop binds ``name`` to an element of, with the element's part."""
        found = []
        for iterable, path in self.local_loops.get(name, []):
            if isinstance(iterable, ast.Name) and iterable.id in self.parameters:
                found.append((iterable.id, path))
            elif isinstance(iterable, ast.Call) and _called_name(iterable) == "enumerate" \
                    and iterable.args and isinstance(iterable.args[0], ast.Name) \
                    and iterable.args[0].id in self.parameters and path[:1] == (1,):
                found.append((iterable.args[0].id, path[1:]))
        return found

    def elements(self, iterable: ast.expr | _OneOf, depth: int = 0) -> list[ast.expr | list]:
        """What a loop over ``iterable`` binds, element by element; a pair of expressions for
        ``dict.items()``, ``enumerate()`` and ``zip()``."""
        if depth > 3:
            return []
        if isinstance(iterable, _OneOf):
            return self._candidates(iterable.value, depth)
        if isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
            return [e for element in iterable.elts
                    for e in (self.elements(element.value, depth + 1)
                              if isinstance(element, ast.Starred) else [element])]
        if isinstance(iterable, ast.Dict):
            return [key for key in iterable.keys if key is not None]
        if isinstance(iterable, ast.Name) and iterable.id not in self.parameters:
            bound = self.local_values.get(iterable.id) or self.module_values.get(iterable.id, [])
            return [e for value in bound for e in self.elements(value, depth + 1)]
        if isinstance(iterable, ast.Call):
            name = _called_name(iterable)
            if name in ("items", "values") and isinstance(iterable.func, ast.Attribute):
                dictionaries = self._dictionaries(iterable.func.value)
                if name == "values":
                    return [v for d in dictionaries for v in d.values]
                return [[k, v] for d in dictionaries for k, v in zip(d.keys, d.values, strict=True)
                        if k is not None]
            if name == "enumerate" and iterable.args:
                return [[ast.Constant(0), e] for e in self.elements(iterable.args[0], depth + 1)]
            if name == "zip":
                columns = [self.elements(a, depth + 1) for a in iterable.args]
                return [list(row) for row in zip(*columns, strict=False)]
        return []

    def _candidates(self, value: ast.expr, depth: int) -> list[ast.expr | list]:
        """The literal tuples a value may be: itself, or an element of what it indexes."""
        if isinstance(value, (ast.Tuple, ast.List)):
            return [value]
        if isinstance(value, ast.Subscript):
            container = value.value
            if isinstance(container, ast.Name):
                bound = (self.local_values.get(container.id)
                         or self.module_values.get(container.id, []))
                return [e for c in bound
                        for e in (c.values if isinstance(c, ast.Dict) else self.elements(c))]
        if isinstance(value, ast.Name) and value.id not in self.parameters and depth < 3:
            bound = self.local_values.get(value.id) or self.module_values.get(value.id, [])
            return [c for b in bound for c in self._candidates(b, depth + 1)]
        return []

    def _dictionaries(self, node: ast.expr) -> list[ast.Dict]:
        if isinstance(node, ast.Dict):
            return [node]
        if isinstance(node, ast.Name):
            bound = self.local_values.get(node.id) or self.module_values.get(node.id, [])
            return [value for value in bound if isinstance(value, ast.Dict)]
        return []


def _attribute_values(module: ast.Module, owner: str) -> dict[str, list[ast.expr]]:
    values: dict[str, list[ast.expr]] = {}
    for node in module.body:
        if isinstance(node, ast.ClassDef) and node.name == owner:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Assign):
                    for target in inner.targets:
                        if isinstance(target, ast.Attribute) \
                                and isinstance(target.value, ast.Name) \
                                and target.value.id == "self":
                            values.setdefault(target.attr, []).append(inner.value)
    return values


def _pick(element: ast.expr | list, path: tuple[int, ...]) -> list[ast.expr]:
    """The part of a loop's element that a target at ``path`` (indexes into tuples) binds."""
    for index in path:
        if isinstance(element, (ast.Tuple, ast.List)):
            element = element.elts
        if not isinstance(element, list) or index >= len(element):
            return []
        element = element[index]
    return [element] if isinstance(element, ast.expr) else []


def _target_paths(target: ast.expr, path: tuple[int, ...] = ()) -> Iterator[tuple[str, tuple]]:
    if isinstance(target, ast.Name):
        yield target.id, path
    elif isinstance(target, (ast.Tuple, ast.List)):
        for index, element in enumerate(target.elts):
            yield from _target_paths(element, (*path, index))


@dataclass(frozen=True)
class _OneOf:
    """An assignment unpacking one value, as if it were a loop over the values it may be."""

    value: ast.expr


Loops = dict[str, list[tuple[ast.expr | _OneOf, tuple[int, ...]]]]


def _bindings(body: list[ast.stmt]) -> tuple[dict[str, list[ast.expr]], Loops]:
    """The values assigned to each name in a body, and the loops binding each name, leaving
    out the functions and classes defined inside it (their names are their own)."""
    values: dict[str, list[ast.expr]] = {}
    loops: Loops = {}
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(node.value)
                elif isinstance(target, (ast.Tuple, ast.List)):
                    # title, tip = HEADERS[key]: one element of what the value may be.
                    for name, path in _target_paths(target):
                        loops.setdefault(name, []).append((_OneOf(node.value), path))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and node.value is not None:
            values.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            for name, path in _target_paths(node.target):
                loops.setdefault(name, []).append((node.iter, path))
        stack.extend(ast.iter_child_nodes(node))
    return values, loops


class _TextWalk:
    """The literal words inside an expression shown to the user, and the parameters it
    passes on unchanged (which make the enclosing function a helper that shows text)."""

    def __init__(self, scope: _Scope, path: str, project: _Project) -> None:
        self.scope = scope
        self.path = path
        self.project = project
        self.found: list[Untranslated] = []
        self.passed_parameters: set[str] = set()
        #: Parameters whose elements' parts are shown: (parameter, path into each element).
        self.element_parameters: set[tuple[str, tuple[int, ...]]] = set()
        self._followed: set[str] = set()

    def visit_elements(self, node: ast.expr, path: tuple[int, ...]) -> None:
        """Visit the part at ``path`` of each element of a sequence shown element by element."""
        if isinstance(node, ast.Name) and node.id in self.scope.parameters:
            self.element_parameters.add((node.id, path))
            return
        for element in self.scope.elements(node):
            for part in _pick(element, path):
                self.visit(part)

    def visit(self, node: ast.expr | None) -> None:
        if node is None:
            return
        if _string_literal(node):
            assert isinstance(node, ast.Constant)
            if has_words(node.value):
                self._report(node, node.value, "a literal shown without tr()")
        elif isinstance(node, ast.JoinedStr):
            words = "".join(part.value for part in node.values if _string_literal(part))
            if has_words(words):
                self._report(node, ast.unparse(node),
                             "an f-string: tr() the whole sentence, then .format() it")
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    self.visit(part.value)
        elif isinstance(node, ast.BinOp):
            self.visit(node.left)
            self.visit(node.right)
        elif isinstance(node, ast.IfExp):
            self.visit(node.body)
            self.visit(node.orelse)
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                self.visit(value)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for element in node.elts:
                self.visit(element)
        elif isinstance(node, ast.Dict):
            for value in node.values:
                self.visit(value)
        elif isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            self.visit(node.elt)
        elif isinstance(node, (ast.Subscript, ast.Starred)):
            self.visit(node.value)
        elif isinstance(node, ast.Name):
            self._visit_name(node)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "self" and f"self.{node.attr}" not in self._followed:
            self._followed.add(f"self.{node.attr}")
            for value in self.scope.attribute_values.get(node.attr, []):
                self.visit(value)
        elif isinstance(node, ast.Call):
            self._visit_call(node)

    def _visit_name(self, node: ast.Name) -> None:
        if node.id in self.scope.parameters:
            self.passed_parameters.add(node.id)
            return
        if node.id in self._followed:
            return
        self._followed.add(node.id)
        self.element_parameters.update(self.scope.loop_parameters(node.id))
        for value in self.scope.values_of(node.id):
            self.visit(value)

    def _visit_call(self, node: ast.Call) -> None:
        if _is_translating(node):
            if _called_name(node) in MARKING_CALLS and node.args:
                # Marked for lupdate where it is written, but shown as the English source.
                self._report(node, _source_text(node.args[-1]),
                             "marked with QT_TRANSLATE_NOOP but shown without translate()")
            return  # its own arguments are checked wherever it stands (translate_call_problems)
        name = _called_name(node)
        if name == "format" and isinstance(node.func, ast.Attribute):
            self.visit(node.func.value)
            for argument in (*node.args, *(k.value for k in node.keywords)):
                self.visit(argument)
        elif name == "join" and isinstance(node.func, ast.Attribute):
            self.visit(node.func.value)
            for argument in node.args:
                self.visit(argument)
        elif name in TEXT_PRESERVING_FUNCTIONS and node.args:
            self.visit(node.args[0])
        elif name in TEXT_PRESERVING_METHODS and isinstance(node.func, ast.Attribute):
            self.visit(node.func.value)
        else:
            # A project function whose result is shown: the texts it returns are shown too.
            self.found.extend(self.project.returned_texts(self.path, node))

    def _report(self, node: ast.expr, text: str, why: str) -> None:
        self.found.append(Untranslated(self.project.path_of(node, self.path), node.lineno, text,
                                       why, node))


class _Project:
    """The functions of all the modules, to follow a shown call into what it returns."""

    def __init__(self, modules: dict[str, ast.Module]) -> None:
        self.modules = modules
        self.definitions: dict[tuple[str, str, bool], list[Function]] = {}
        self.by_name: dict[str, list[tuple[str, Function]]] = {}
        for path, module in modules.items():
            for function, owner in _functions(module):
                if function is not None:
                    key = (path, function.name, owner is not None)
                    self.definitions.setdefault(key, []).append(function)
                    self.by_name.setdefault(function.name, []).append((path, function))
        self._returned: dict[int, list[Untranslated]] = {}
        #: The module of each literal, for a text reached through an import.
        self._literal_paths = {id(node): path for path, module in modules.items()
                               for node in ast.walk(module)
                               if isinstance(node, (ast.Constant, ast.JoinedStr, ast.Call))}

    def path_of(self, node: ast.AST, default: str) -> str:
        return self._literal_paths.get(id(node), default)

    def returned_texts(self, path: str, call: ast.Call) -> list[Untranslated]:
        name = _called_name(call)
        local = self.definitions.get((path, name, isinstance(call.func, ast.Attribute)))
        targets = [(path, f) for f in local] if local else self.by_name.get(name, [])
        found: list[Untranslated] = []
        for target_path, function in targets:
            if id(function) not in self._returned:
                self._returned[id(function)] = []  # a recursive helper ends here
                walk = _TextWalk(_Scope(self.modules[target_path], function), target_path, self)
                for value in _own_returns(function):
                    walk.visit(value)
                self._returned[id(function)] = walk.found
            found.extend(self._returned[id(function)])
        return found


def _own_returns(function: Function) -> Iterator[ast.expr]:
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value
        stack.extend(ast.iter_child_nodes(node))


class _Helpers:
    """The project's functions and methods that show a parameter, by where they are defined:
    a call to ``_table(...)`` or ``self._table(...)`` means the one of its own module if there
    is one (several modules have a ``_table`` of their own), else any of that name."""

    def __init__(self) -> None:
        self.by_module: dict[tuple[str, str, bool], set[int | str | tuple]] = {}
        self.by_name: dict[str, set[int | str | tuple]] = {}

    def add(self, path: str, name: str, is_method: bool, positions: set[int | str | tuple]) -> bool:
        """Record the positions; True if any was new."""
        known = self.by_module.setdefault((path, name, is_method), set())
        anywhere = self.by_name.setdefault(name, set())
        new = not positions <= known
        known.update(positions)
        anywhere.update(positions)
        return new

    def shown_positions(self, path: str, call: ast.Call) -> set[int | str | tuple]:
        name = _called_name(call)
        is_method = isinstance(call.func, ast.Attribute)
        local = self.by_module.get((path, name, is_method))
        if local is not None:
            return local
        return self.by_name.get(name, set())


Shown = Iterator[tuple[ast.expr, tuple[int, ...] | None]]


def _shown_arguments(call: ast.Call, helpers: _Helpers, path: str) -> Shown:
    """The arguments of a call that the user sees as text, each with None, or the part of each
    of its elements that is shown (a helper looping over ``(label, key)`` pairs)."""
    for argument in _shown_whole(call, helpers, path):
        yield argument, None
    shown = helpers.shown_positions(path, call)
    for position in shown:
        if isinstance(position, tuple):
            _, where, element_path = position
            if isinstance(where, int) and where < len(call.args):
                yield call.args[where], element_path
            yield from ((k.value, element_path) for k in call.keywords if k.arg == where)


def _shown_whole(call: ast.Call, helpers: _Helpers, path: str) -> Iterator[ast.expr]:
    name = _called_name(call)
    receiver = _receiver_name(call)
    if receiver in STATIC_DIALOGS:
        skipped = STATIC_DIALOGS[receiver]
        yield from (a for i, a in enumerate(call.args) if i not in skipped)
        yield from (k.value for k in call.keywords if k.arg not in UNTRANSLATED_KEYWORDS)
    elif name in TEXT_CONSTRUCTORS or name in TEXT_METHODS:
        yield from call.args
        yield from (k.value for k in call.keywords
                    if k.arg in ("text", "title", "labelText", "cancelButtonText"))
    elif name == "emit" and isinstance(call.func, ast.Attribute) \
            and isinstance(call.func.value, ast.Attribute) \
            and call.func.value.attr in TEXT_SIGNALS:
        yield from call.args
    elif name in TEXT_FIELDS:
        shown_fields = TEXT_FIELDS[name]
        yield from (a for i, a in enumerate(call.args) if i in shown_fields)
        yield from (k.value for k in call.keywords if k.arg in shown_fields)
    elif name in TEXT_ARGUMENT_OF:
        position = TEXT_ARGUMENT_OF[name]
        if len(call.args) > position:
            yield call.args[position]
    else:
        shown = helpers.shown_positions(path, call)
        yield from (a for i, a in enumerate(call.args) if i in shown)
        yield from (k.value for k in call.keywords if k.arg in shown)


def _functions(module: ast.Module) -> Iterator[tuple[Function | None, str | None]]:
    """Each function with the class it is a method of; first None, the module and class
    level."""
    yield None, None
    for node in ast.walk(module):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield child, node.name if isinstance(node, ast.ClassDef) else None


def _own_calls(module: ast.Module,
               function: Function | None) -> Iterator[ast.Call]:
    """The calls written in a function's own body (not in the functions it defines); with
    None, the calls at module and class level."""
    roots: list[ast.AST] = list(function.body) if function else list(module.body)
    stack = roots
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(node, ast.Call):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _header_returns(function: Function | None) -> Iterator[ast.expr]:
    if function is None or function.name != "headerData":
        return
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _scan(path: str, module: ast.Module, helpers: _Helpers,
          project: _Project) -> tuple[list[Untranslated], bool]:
    """The untranslated texts of one module; True if it showed a helper not known before."""
    found: list[Untranslated] = []
    new_helper = False
    for function, owner in _functions(module):
        scope = _Scope(module, function, owner)
        walk = _TextWalk(scope, path, project)
        for call in _own_calls(module, function):
            for argument, element_path in _shown_arguments(call, helpers, path):
                if element_path is None:
                    walk.visit(argument)
                else:
                    walk.visit_elements(argument, element_path)
        for value in _header_returns(function):
            walk.visit(value)
        found.extend(walk.found)
        if function is not None and (walk.passed_parameters or walk.element_parameters):
            positions: set[int | str | tuple] = set()
            for index, parameter in enumerate(scope.parameters):
                if parameter in walk.passed_parameters:
                    positions.update({index, parameter})
                for shown, element_path in walk.element_parameters:
                    if shown == parameter:
                        positions.update({("each", index, element_path),
                                          ("each", parameter, element_path)})
            new_helper |= helpers.add(path, function.name, owner is not None, positions)
            if function.name == "__init__" and owner is not None:
                # Making an instance calls it: FrameModel(columns) is FrameModel.__init__.
                new_helper |= helpers.add(path, owner, False, positions)
    return found, new_helper


def translate_call_problems(path: str, module: ast.Module) -> list[Untranslated]:
    """tr() and translate() calls that pyside6-lupdate cannot read: the text (and the
    context) must be written out, not built (an f-string, a concatenation, a variable's
    f-string)."""
    found = []
    for node in ast.walk(module):
        if not isinstance(node, ast.Call) or not _is_translating(node):
            continue
        name = _called_name(node)
        if name == "tr" and not (isinstance(node.func, ast.Attribute)
                                 and isinstance(node.func.value, ast.Name)
                                 and node.func.value.id == "self"):
            # lupdate files it under the class it is written in (or none), while Qt looks it
            # up under the class of the object it is called on: the translation is never found.
            found.append(Untranslated(path, node.lineno, ast.unparse(node.func),
                                      "tr() of another object: use self.tr() in that class, "
                                      "or QCoreApplication.translate(\"Context\", …)"))
        if name in CONTEXT_TAKING_CALLS:
            context, text = node.args[0], node.args[1] if len(node.args) > 1 else None
            if not _string_literal(context):
                found.append(Untranslated(path, node.lineno, _source_text(context),
                                          "the context must be a literal for pyside6-lupdate"))
        else:
            text = node.args[0] if node.args else None
        if text is None or _string_literal(text):
            continue
        if isinstance(text, (ast.JoinedStr, ast.BinOp, ast.Call)):
            found.append(Untranslated(path, node.lineno, _source_text(text),
                                      "the text must be one literal for pyside6-lupdate"))
    return found


def untranslated_in(sources: dict[str, str]) -> list[Untranslated]:
    """Every untranslated user-visible text in the given modules (path -> source). Helpers
    that pass a parameter on to a shown text are found first, across all the modules, so a
    literal given to one of them is caught wherever the call is."""
    modules = {path: ast.parse(source, filename=path) for path, source in sources.items()}
    _link_imports(modules)
    helpers = _Helpers()
    project = _Project(modules)
    new_helper = True
    while new_helper:
        found: list[Untranslated] = []
        new_helper = False
        for path, module in modules.items():
            module_found, module_new_helper = _scan(path, module, helpers, project)
            found.extend(module_found)
            new_helper |= module_new_helper
    for path, module in modules.items():
        found.extend(translate_call_problems(path, module))
    lines = {path: source.splitlines() for path, source in sources.items()}
    found = [u for u in found if UNTRANSLATED_MARK not in lines[u.path][u.line - 1]]
    return sorted(set(found), key=lambda u: (u.path, u.line, u.text))


def _link_imports(modules: dict[str, ast.Module]) -> None:
    """Give each module the values of the names it imports from the other modules."""
    assigned = {path: _bindings(module.body)[0] for path, module in modules.items()}
    for module in modules.values():
        imported: dict[str, list[ast.expr]] = {}
        for statement in module.body:
            if isinstance(statement, ast.ImportFrom) and statement.module:
                source = statement.module.replace(".", "/") + ".py"
                values = next((v for path, v in assigned.items() if path.endswith(source)), {})
                for alias in statement.names:
                    if alias.name in values:
                        imported[alias.asname or alias.name] = values[alias.name]
        module.imported_values = imported  # type: ignore[attr-defined]


def gui_sources() -> dict[str, str]:
    root = GUI_DIR.parent.parent
    return {str(path.relative_to(root)): path.read_text(encoding="utf-8")
            for path in sorted(GUI_DIR.rglob("*.py"))}




@functools.cache
def _untranslated_by_module() -> dict[str, list[Untranslated]]:
    by_module: dict[str, list[Untranslated]] = {}
    for untranslated in untranslated_in(gui_sources()):
        by_module.setdefault(untranslated.path, []).append(untranslated)
    return by_module


@pytest.mark.slow
@pytest.mark.parametrize("module", sorted(gui_sources()))
def test_every_user_visible_string_in_the_gui_is_translatable(module: str) -> None:
    untranslated = _untranslated_by_module().get(module, [])
    assert not untranslated, (
        f"{len(untranslated)} user-visible text(s) bypass Qt's translation "
        "(see docs/translating.md):\n" + "\n".join(map(str, untranslated)))


def _texts(source: str) -> list[str]:
    return [u.text for u in untranslated_in({"module.py": source})]


@pytest.mark.parametrize("line", [
    'label = QLabel("Corpus", self)',
    'button.setToolTip("Save the answers")',
    'self.statusBar().showMessage(f"Saved {count} answers")',
    'QMessageBox.warning(self, "Cannot save", str(error))',
    'QFileDialog.getOpenFileName(self, caption, "", "Corpora (*.xml)")',
    'tabs.addTab(page, "Items")',
    'combo.addItem("Official scorer", "official")',
    'table.setHorizontalHeaderLabels(["Target", "Answered"])',
    'widget.setAccessibleName("Search box" if searching else "Instances")',
    'label.setText("Answered: " + str(done))',
    'label.setText("{} of {}".format(done, total) + " answered")',
    'label.setText(self.tr(f"Saved {count}"))',
    'label.setText(QCoreApplication.translate(CONTEXT, "Saved"))',
    'label.setText(parent.tr("Saved"))',
    'label.setText(QT_TRANSLATE_NOOP("Dialogs", "Saved"))',
    'self.status_message.emit(f"Decisions saved in {path}")',
    'self.status_message.emit(self.saved_text)',
])
def test_the_check_finds_a_text_that_bypasses_translation(line: str) -> None:
    source = ("class Page(QWidget):\n"
              "    def keep(self, path):\n"
              '        self.saved_text = f"Saved in {path}"\n'
              "    def build(self, page, error, done, total, count, searching):\n"
              f"        {line}\n")
    assert _texts(source)


@pytest.mark.parametrize("line", [
    'label = QLabel(self.tr("Corpus"), self)',
    'self.statusBar().showMessage(self.tr("Saved {count} answers").format(count=count))',
    'QMessageBox.warning(self, QCoreApplication.translate("Dialogs", "Cannot save"), text)',
    'QFileDialog.getSaveFileName(self, self.tr("Save"), "gold.txt", self.tr("Gold (*.txt)"))',
    'label.setText(f"{done} / {total}")',
    'label.setText("—")',
    'label.setText("<br>".join(lines))',
    'widget.setObjectName("searchEdit")',
    'combo.addItem(self.tr("Official scorer"), "official")',
    'logger.warning("not shown to the user")',
])
def test_the_check_passes_a_translated_or_wordless_text(line: str) -> None:
    assert _texts(f"def build(self, label, lines, done, total, count, text):\n    {line}\n") == []


def test_a_literal_reaching_a_widget_through_a_helper_or_a_name_is_found() -> None:
    source = (
        'TITLE = "Export gold"\n'
        "def named(widget, object_name, accessible_name):\n"
        "    widget.setObjectName(object_name)\n"
        "    widget.setAccessibleName(accessible_name)\n"
        "def build(self):\n"
        '    named(QLineEdit(self), "searchEdit", "Search")\n'
        '    prompt = "Your name:"\n'
        "    QInputDialog.getText(self, TITLE, prompt)\n"
    )
    assert sorted(_texts(source)) == ["Export gold", "Search", "Your name:"]


def test_a_literal_reaching_a_widget_through_a_loop_is_found() -> None:
    source = (
        'CHOICES = (("Everywhere", "all"), ("This item only", "item"))\n'
        'LABELS = {"mode": "Mode agreement"}\n'
        "def build(self, combo):\n"
        "    for label, key in CHOICES:\n"
        "        combo.addItem(label, key)\n"
        "    for key, label in LABELS.items():\n"
        "        table_model.Column(label, key)\n"
    )
    assert sorted(_texts(source)) == ["Everywhere", "Mode agreement", "This item only"]


def test_a_helper_showing_part_of_each_element_is_followed() -> None:
    source = (
        "def combo(parent, choices):\n"
        "    box = QComboBox(parent)\n"
        "    for label, data in choices:\n"
        "        box.addItem(label, data)\n"
        "class FrameModel(QAbstractTableModel):\n"
        "    def __init__(self, columns, parent=None):\n"
        "        self.set_columns([Column(header, name) for name, header in columns])\n"
        'HEADERS = {"mode": ("Mode", "how often the mode was chosen")}\n'
        "def build(self):\n"
        '    combo(self, [("Overall", None), ("Per PoS", "pos")])\n'
        '    FrameModel([("pos", "PoS")], self)\n'
        '    title, tip = HEADERS["mode"]\n'
        "    self.setWindowTitle(title)\n"
    )
    assert sorted(_texts(source)) == ["Mode", "Overall", "Per PoS", "PoS"]


def test_a_marked_constant_passes_only_where_it_is_translated() -> None:
    source = (
        'FILTER = QT_TRANSLATE_NOOP("Dialogs", "Corpora (*.xml)")\n'
        "def good(self):\n"
        '    QFileDialog.getOpenFileName(self, "", "", translate("Dialogs", FILTER))\n'
        "def bad(self):\n"
        '    QFileDialog.getOpenFileName(self, "", "", FILTER)\n'
    )
    assert [u.line for u in untranslated_in({"module.py": source})] == [1]


def test_a_header_literal_is_found() -> None:
    source = ("class Model(QAbstractTableModel):\n"
              "    def headerData(self, section, orientation, role):\n"
              '        return ("Target", "Count")[section]\n')
    assert sorted(_texts(source)) == ["Count", "Target"]
