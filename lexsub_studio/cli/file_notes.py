"""The notes ``lexsub score`` and ``lexsub compare`` print on standard error about the files
they read.

A large file can carry the same note on thousands of lines (18,938 lines of more than ten
answers in the 100k-item oot file of the benchmarks): printed one by one they bury the rest,
and formatting them took some 3 % of a `lexsub score` run. So of the notes of one kind (code)
on one file the first few are printed, then one line says how many more there are and which
command lists every one. Nothing is dropped without being counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from lexsub_studio.core.model.diagnostics import Diagnostic

#: How many notes of one kind on one file are printed in full.
SHOWN_OF_A_KIND = 3


def file_notes(command: str, diagnostics: Iterable[Diagnostic],
               shown: int = SHOWN_OF_A_KIND) -> str:
    """The lines ``command`` prints for ``diagnostics``, in their order: each in full up to
    ``shown`` of a kind on a file, then, after all of them, a line per kind counting the rest."""
    counts: dict[tuple[str | None, str], int] = {}
    first_of_kind: dict[tuple[str | None, str], Diagnostic] = {}
    lines = []
    for diagnostic in diagnostics:
        kind = (diagnostic.path, diagnostic.code)
        seen = counts.get(kind, 0) + 1
        counts[kind] = seen
        if seen == 1:
            first_of_kind[kind] = diagnostic
        if seen <= shown:
            lines.append(f"{command}: {diagnostic}\n")
    for kind, count in counts.items():
        if count > shown:
            first = first_of_kind[kind]
            path = first.path or "<input>"
            lines.append(f"{command}: {path}: {first.severity.value}: {count - shown:,} more "
                         f"'{first.code}' note(s) like the {shown} above ({count:,} in all); "
                         f"`lexsub validate {path}` lists every one\n")
    return "".join(lines)
