"""A mypy plugin for the type check of `make test` (tests/test_types.py): PySide6's stubs say
QT_TRANSLATE_NOOP and QT_TR_NOOP return ``object``, but each returns the message it is given
(the marks only tell lupdate which strings to translate). The plugin gives each call the type of
its message, so that the marked strings are checked as the ``str`` they are."""

from __future__ import annotations

from collections.abc import Callable

from mypy.plugin import FunctionContext, Plugin
from mypy.types import Type

#: Each translation mark and the position of its message among its arguments.
_MESSAGE_POSITION = {"PySide6.QtCore.QT_TRANSLATE_NOOP": 1, "PySide6.QtCore.QT_TR_NOOP": 0}


def _message_type(position: int) -> Callable[[FunctionContext], Type]:
    def hook(context: FunctionContext) -> Type:
        given = context.arg_types[position] if position < len(context.arg_types) else []
        return given[0] if given else context.default_return_type

    return hook


class TranslationMarks(Plugin):
    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        position = _MESSAGE_POSITION.get(fullname)
        return None if position is None else _message_type(position)


def plugin(_version: str) -> type[Plugin]:
    return TranslationMarks
