"""Problems found in input files, with file, line and column, and the error that carries them.

Every reader reports what it repaired, ignored or rejected as a Diagnostic; nothing is dropped
silently. A reader raises InputError only when it cannot go on (a malformed XML file, a file that
is not UTF-8); otherwise it returns its result together with its diagnostics.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in one place of one file.

    ``code`` is a short stable identifier (``duplicate-id``, ``bad-count`` ...) that tests and the
    GUI can rely on; ``message`` is the sentence shown to people.
    """

    severity: Severity
    code: str
    message: str
    path: str | None = None
    line: int | None = None
    column: int | None = None

    def location(self) -> str:
        parts = [self.path or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        return f"{self.location()}: {self.severity.value}: {self.message}"


@dataclass(slots=True)
class Diagnostics:
    """An ordered collection of diagnostics for one file, with helpers to add and count them."""

    path: str | None = None
    items: list[Diagnostic] = field(default_factory=list)

    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        line: int | None = None,
        column: int | None = None,
    ) -> Diagnostic:
        diagnostic = Diagnostic(severity, code, message, self.path, line, column)
        self.items.append(diagnostic)
        return diagnostic

    def error(self, code: str, message: str, line: int | None = None,
              column: int | None = None) -> Diagnostic:
        return self.add(Severity.ERROR, code, message, line, column)

    def warning(self, code: str, message: str, line: int | None = None,
                column: int | None = None) -> Diagnostic:
        return self.add(Severity.WARNING, code, message, line, column)

    def info(self, code: str, message: str, line: int | None = None,
             column: int | None = None) -> Diagnostic:
        return self.add(Severity.INFO, code, message, line, column)

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.WARNING]

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)

    def count_by_code(self) -> Counter[str]:
        return Counter(d.code for d in self.items)


class InputError(Exception):
    """Input that cannot be read at all. Carries the diagnostic that says where and why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic

    @classmethod
    def at(cls, path: str | Path | None, code: str, message: str, line: int | None = None,
           column: int | None = None) -> InputError:
        return cls(Diagnostic(Severity.ERROR, code, message,
                              None if path is None else str(path), line, column))
