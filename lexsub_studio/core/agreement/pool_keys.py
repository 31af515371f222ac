"""Pooling's rows sorted into items and annotators: each row's item (its lexelt and id, checked
against the corpus and put in its order when there is one) and annotator, the files each
annotator's rows come from, and the rows that answer an item a second time."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lexsub_studio.core.agreement.pool_rows import PoolRows
from lexsub_studio.core.model.data import CodedColumn, Corpus
from lexsub_studio.core.model.diagnostics import Severity
from lexsub_studio.core.model.factorize import (
    factorize,
    factorize_texts,
    first_appearances,
    repeated_positions,
)


def annotator_codes(rows: PoolRows) -> tuple[np.ndarray, list[str]]:
    """Annotator code per row, names in order of first appearance. A file usually holds
    one annotator, which a set per file finds faster than factorising every row."""
    names: dict[str, int] = {}
    parts = []
    for columns in rows.columns:
        column = columns.annotator
        if isinstance(column, CodedColumn):
            codes, values = _column_codes(column)
            to_global = np.array([names.setdefault(name, len(names)) for name in values],
                                 dtype=np.int64)
            parts.append(to_global[codes])
        # Comparing with the first name is cheaper than hashing every (fresh) string.
        elif column and column.count(column[0]) == len(column):
            code = names.setdefault(column[0], len(names))
            parts.append(np.full(len(column), code, dtype=np.int64))
        else:
            parts.append(np.fromiter((names.setdefault(name, len(names)) for name in column),
                                     dtype=np.int64, count=len(column)))
    codes = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    return codes, list(names)


def key_codes(rows: PoolRows) -> tuple[np.ndarray, list[tuple[str, str]]]:
    """Per row the index of its (lexelt, id) among all keys, in order of first appearance.
    Annotators' files usually list the same items in the same order: a file whose lexelt
    and id columns equal an earlier file's reuses its codes instead of hashing again."""
    key_index: dict[tuple[str, str], int] = {}
    parts = []
    previous: tuple[Sequence[str], Sequence[str], np.ndarray] | None = None
    for columns in rows.columns:
        lexelts, ids = columns.lexelt, columns.id
        if (previous is not None and _same_column(previous[0], lexelts)
                and _same_column(previous[1], ids)):
            parts.append(previous[2])
            continue
        if not lexelts:
            parts.append(np.zeros(0, dtype=np.int64))
            continue
        lexelt_codes, lexelt_names = _column_codes(lexelts)
        id_codes, id_names = _column_codes(ids)
        width = len(id_names)
        local_codes, local_keys = factorize(lexelt_codes * width + id_codes)
        local_pairs = zip(lexelt_names[local_keys // width].tolist(),
                          id_names[local_keys % width].tolist(), strict=True)
        if not key_index:
            key_index = dict(zip(local_pairs, range(len(local_keys)), strict=True))
            to_global = np.arange(len(local_keys), dtype=np.int64)
        else:
            to_global = np.fromiter((key_index.setdefault(pair, len(key_index))
                                     for pair in local_pairs), dtype=np.int64,
                                    count=len(local_keys))
        codes = to_global[local_codes]
        parts.append(codes)
        previous = (lexelts, ids, codes)
    codes = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    return codes, list(key_index)


def check_corpus(rows: PoolRows, corpus: Corpus | None, key_codes: np.ndarray,
                 keys: list[tuple[str, str]]) -> np.ndarray:
    """Per key: in the corpus (always True without one). Rows of unknown keys are errors."""
    if corpus is None:
        return np.ones(len(keys), dtype=bool)
    known = {(lexelt.item, instance.id) for lexelt, instance in corpus.instances()}
    lexelt_of_id: dict[str, str] = {}
    for lexelt, instance in corpus.instances():
        lexelt_of_id.setdefault(instance.id, lexelt.item)
    valid_keys = np.array([key in known for key in keys], dtype=bool)
    if valid_keys.all():
        return valid_keys
    invalid_rows = np.flatnonzero(~valid_keys[key_codes])
    for row in invalid_rows.tolist():
        columns, index = rows.locate(row)
        row_lexelt, instance_id = columns.lexelt[index], columns.id[index]
        elsewhere = lexelt_of_id.get(instance_id)
        hint = (f" (the corpus has id {instance_id} under {elsewhere})"
                if elsewhere is not None else "")
        rows.report(Severity.ERROR, "id-not-in-corpus",
                    f"{row_lexelt} {instance_id} is not in the corpus{hint}; row ignored", row)
    rows.stats["not_in_corpus_rows"] = len(invalid_rows)
    return valid_keys


def corpus_order(rows: PoolRows, corpus: Corpus | None, keys: list[tuple[str, str]],
                 item_of_row: np.ndarray, valid: np.ndarray) -> list[tuple[str, str]]:
    if corpus is None:
        return keys
    corpus_position: dict[tuple[str, str], int] = {}
    for lexelt, instance in corpus.instances():
        corpus_position.setdefault((lexelt.item, instance.id), len(corpus_position))
    by_corpus = sorted(range(len(keys)), key=lambda item: corpus_position[keys[item]])
    new_position = np.empty(len(keys), dtype=np.int64)
    new_position[np.array(by_corpus, dtype=np.int64)] = np.arange(len(keys))
    item_of_row[valid] = new_position[item_of_row[valid]]
    rows.stats["corpus_items_without_responses"] = len(corpus_position) - len(keys)
    if rows.stats["corpus_items_without_responses"]:
        rows.report(Severity.INFO, "corpus-items-without-responses",
                    f"{rows.stats['corpus_items_without_responses']} corpus instance(s) "
                    "have no response row at all", path=corpus.path)
    return [keys[item] for item in by_corpus]


def annotator_files(rows: PoolRows, annotator_of_row: np.ndarray,
                    annotators: list[str]) -> dict[str, list[str]]:
    n_sources = max(len(rows.sources), 1)
    combined = annotator_of_row * n_sources + rows.source_of_row
    first = first_appearances(combined)
    files: dict[str, list[str]] = {}
    for row in first.tolist():
        code = int(combined[row])
        name = annotators[code // n_sources]
        path = rows.sources[code % n_sources].path
        seen = files.setdefault(name, [])
        if path in seen:
            continue
        if seen:
            rows.stats["annotators_in_several_files"] += 1
            rows.report(Severity.WARNING, "annotator-in-several-files",
                        f"annotator '{name}' also has rows in {seen[0]}; the files are "
                        "pooled as one annotator", row)
        seen.append(path)
    return files


def check_duplicates(rows: PoolRows, cell_of_row: np.ndarray, valid: np.ndarray,
                     annotators: list[str], annotator_of_row: np.ndarray,
                     keys: list[tuple[str, str]], item_of_row: np.ndarray) -> np.ndarray:
    keep = np.ones(len(cell_of_row), dtype=bool)
    codes = np.where(valid, cell_of_row, -1 - np.arange(len(cell_of_row)))
    duplicates, first = _repeats(codes)
    for row, earlier in zip(duplicates.tolist(), first.tolist(), strict=True):
        keep[row] = False
        lexelt, instance_id = keys[int(item_of_row[row])]
        rows.report(Severity.ERROR, "duplicate-response",
                    f"annotator '{annotators[int(annotator_of_row[row])]}' already answered "
                    f"{lexelt} {instance_id} at {rows.where(earlier)}; the first row "
                    "counts, this one is ignored", row)
    rows.stats["duplicate_rows"] = len(duplicates)
    return keep


def _column_codes(column: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """A column as (codes, uniques), uniques in order of first appearance (an object array),
    as core/model/factorize.py's ``factorize_texts`` gives them; a coded column's codes are
    renumbered rather than its strings hashed again."""
    if isinstance(column, CodedColumn):
        codes, used = factorize(np.asarray(column.codes, dtype=np.int64))
        uniques = np.empty(len(used), dtype=object)
        uniques[:] = [column.values[code] for code in used.tolist()]
        return codes, uniques
    return factorize_texts(column)


def _same_column(first: Sequence[str], second: Sequence[str]) -> bool:
    """Whether two columns hold the same texts row by row (coded ones compared by codes)."""
    if isinstance(first, CodedColumn) and isinstance(second, CodedColumn):
        return (len(first) == len(second) and first.values == second.values
                and bool(np.array_equal(first.codes, second.codes)))
    return first == second


def _repeats(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The positions whose code appeared earlier, and for each of them the position of that
    first appearance (hashing, not sorting: repeats are rare and the arrays are long)."""
    repeated = repeated_positions(codes)
    if not len(repeated):
        return repeated, repeated
    wanted = set(codes[repeated].tolist())
    first: dict[int, int] = {}
    for position in np.flatnonzero(np.isin(codes, list(wanted))).tolist():
        first.setdefault(int(codes[position]), position)
    return repeated, np.array([first[int(codes[p])] for p in repeated.tolist()], dtype=np.int64)
