"""The rows of one pooling run: every source's rows numbered as one, where each comes from (file
and line), the messages about them and the counts (``stats``) that pooling reports."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

import numpy as np

from lexsub_studio.core.model.data import CodedColumn, ResponseColumns
from lexsub_studio.core.model.diagnostics import Diagnostic, Diagnostics, Severity

if TYPE_CHECKING:
    from lexsub_studio.core.agreement.pool import ResponseSource

STAT_KEYS = (
    "rows", "rows_used", "blank_rows", "nil_rows", "proper_name_rows", "multiword_rows",
    "duplicate_rows", "not_in_corpus_rows", "flagged_with_substitutes", "both_flags",
    "split_cells", "more_than_three", "repeated_in_row", "merged_by_map", "merged_in_row",
    "substitute_pn",
    "annotators_in_several_files", "missing_answers", "corpus_items_without_responses",
)


class PoolRows:
    """Row ``r`` of the run is a row of ``sources[source_of_row[r]]``, at
    ``r - source_start[that source]`` in its columns."""

    def __init__(self, sources: Sequence[ResponseSource]) -> None:
        self.sources = sources
        self.diagnostics = Diagnostics(None)
        self.stats = dict.fromkeys(STAT_KEYS, 0)
        # Columns throughout: a million rows are never a million Python objects here.
        self.columns = [source.columns for source in sources]
        sizes = [len(columns) for columns in self.columns]
        self.n_rows = sum(sizes)
        self.source_of_row = np.repeat(np.arange(len(sources), dtype=np.int64), sizes)
        self.source_start = np.concatenate([[0], np.cumsum(sizes, dtype=np.int64)])

    def report(self, severity: Severity, code: str, message: str, row: int | None = None,
               path: str | None = None) -> None:
        line = None
        if row is not None:
            path = self.sources[int(self.source_of_row[row])].path
            line = self.line(row)
        self.diagnostics.items.append(Diagnostic(severity, code, message, path, line))

    def locate(self, row: int) -> tuple[ResponseColumns, int]:
        """The columns a pooled row comes from, and its index there."""
        source = int(self.source_of_row[row])
        return self.columns[source], row - int(self.source_start[source])

    def line(self, row: int) -> int | None:
        columns, index = self.locate(row)
        return columns.line[index] if columns.line else None

    def where(self, row: int) -> str:
        path = self.sources[int(self.source_of_row[row])].path
        return f"{path}:{self.line(row)}"

    def reader_checked(self, row: int) -> bool:
        return self.sources[int(self.source_of_row[row])].reader_checked

    def filled_cells(self, columns: list[Sequence[str]]) -> tuple[list[int], list[str]]:
        """The pooled rows whose cell in ``columns`` (one a source) is not empty, and their
        texts. A coded column is looked at through its distinct values; in a list, compress
        finds the filled cells in C."""
        rows: list[int] = []
        texts: list[str] = []
        for column, start in zip(columns, self.source_start.tolist(), strict=False):
            if isinstance(column, CodedColumn):
                filled_value = np.array([bool(value) for value in column.values], dtype=bool)
                codes = np.asarray(column.codes)
                filled = np.flatnonzero(filled_value[codes]) if len(filled_value) else codes[:0]
                texts.extend(map(column.values.__getitem__, codes[filled].tolist()))
                rows.extend((filled + start).tolist())
            else:
                indices = list(compress(range(len(column)), column))
                rows.extend(start + index for index in indices)
                texts.extend(column[index] for index in indices)
        return rows, texts
