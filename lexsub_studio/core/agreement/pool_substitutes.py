"""Pooling's substitutes: every row's cells normalised into entries (a form per substitute
given), the flags checked against them, the merge map applied (what each answer a merge changed
had written), a substitute given twice in a row counted once, and the multiword column."""

from __future__ import annotations

from itertools import chain

import numpy as np

from lexsub_studio.core.agreement.pool_rows import PoolRows
from lexsub_studio.core.model.diagnostics import Severity
from lexsub_studio.core.model.first_seen import FirstSeenCodes
from lexsub_studio.core.model.response_form import MergeMap, NormaliseOptions, normalise_response
from lexsub_studio.core.model.rules import MAX_SUBSTITUTES, PROPER_NAME_ENTRY


def substitute_entries(rows: PoolRows, counted: np.ndarray, options: NormaliseOptions,
                       ) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """Normalised substitutes of the counted rows: (forms, entry row, entry form id) and,
    for every row, whether it has a non-empty cell (for the flag check)."""
    n = rows.n_rows
    # Cells row by row, in the order of the row's substitute positions, so that an item's
    # substitutes are numbered in order of first appearance. Three cells a row: their
    # columns are 32-bit, half the memory of the widest step of the pooling.
    cell_row = np.concatenate([np.zeros(0, dtype=np.int32)] + [
        np.repeat(np.arange(start, start + len(columns), dtype=np.int32),
                  len(columns.substitutes))
        for columns, start in zip(rows.columns, rows.source_start.tolist(), strict=False)])
    # Each distinct raw string gets a code (and is normalised once below, however many
    # annotators wrote it): a file the reader coded needs a lookup per distinct string,
    # other rows one dict lookup per cell (a C-level map, no object array).
    code_of_cell: FirstSeenCodes[str] = FirstSeenCodes()
    parts = [np.zeros(0, dtype=np.int32)]
    for columns in rows.columns:
        codes = columns.substitute_codes
        if codes is not None and columns.substitute_vocabulary is not None:
            vocabulary = columns.substitute_vocabulary
            to_global = np.fromiter(map(code_of_cell.__getitem__, vocabulary),
                                    dtype=np.int32, count=len(vocabulary))
            parts.append(to_global[codes].ravel())
        else:
            cells = (columns.substitutes[0] if len(columns.substitutes) == 1
                     else chain.from_iterable(zip(*columns.substitutes, strict=True)))
            parts.append(np.fromiter(map(code_of_cell.__getitem__, cells), dtype=np.int32,
                                     count=len(columns) * len(columns.substitutes)))
    cell_codes = np.concatenate(parts)
    del parts
    distinct_cells = list(code_of_cell)
    # Flat lists rather than a tuple per distinct cell: fewer container objects for the
    # garbage collector to visit while a million rows are alive.
    form_index: FirstSeenCodes[str] = FirstSeenCodes()
    form_ids: list[int] = []
    forms_per_cell: list[int] = []
    for cell in distinct_cells:
        forms = _normalise_cell(cell, options)
        form_ids.extend(map(form_index.__getitem__, forms))
        forms_per_cell.append(len(forms))
    per_cell = np.array(forms_per_cell, dtype=np.int64)
    offsets = np.zeros(len(distinct_cells) + 1, dtype=np.int64)
    np.cumsum(per_cell, out=offsets[1:])
    flat_forms = np.array(form_ids, dtype=np.int64)
    split = np.array([";" in cell for cell in distinct_cells], dtype=bool)
    filled = (per_cell > 0)[cell_codes] if len(cell_row) else np.zeros(0, dtype=bool)
    # Marked, not counted: a count would widen the three million cell rows to 64 bits.
    has_filled_cell = np.zeros(n, dtype=bool)
    has_filled_cell[cell_row[filled]] = True

    # Empty cells (a row with fewer than three substitutes) have no form and go here.
    keep = counted[cell_row] & filled
    cell_row, cell_codes = cell_row[keep], cell_codes[keep]
    form_list = list(form_index)
    for position in np.flatnonzero(split[cell_codes]).tolist():
        row, code = int(cell_row[position]), int(cell_codes[position])
        rows.stats["split_cells"] += 1
        split_forms = [form_list[form]
                       for form in flat_forms[offsets[code]:offsets[code + 1]].tolist()]
        rows.report(Severity.WARNING, "semicolon-in-substitute",
                    f"substitute '{distinct_cells[code].strip()}' contains ';' (the gold "
                    f"separator); counted as {len(split_forms)} substitute(s): "
                    + ", ".join(split_forms), row)
    if (per_cell == 1)[cell_codes].all():
        # The usual case: every cell is one substitute, so entries are the cells.
        # (Looked up per distinct cell first: no offset per cell to hold.)
        first_form = np.zeros(len(per_cell), dtype=np.int64)
        first_form[per_cell > 0] = flat_forms[offsets[:-1][per_cell > 0]]
        entry_row, entry_form = cell_row, first_form[cell_codes]
    else:
        repeat = per_cell[cell_codes]
        entry_row = np.repeat(cell_row, repeat)
        within = (np.arange(int(repeat.sum()), dtype=np.int64)
                  - np.repeat(np.cumsum(repeat) - repeat, repeat))
        entry_form = flat_forms[np.repeat(offsets[cell_codes], repeat) + within]
    per_row = np.bincount(entry_row, minlength=n)
    for row in np.flatnonzero(per_row > MAX_SUBSTITUTES).tolist():
        rows.stats["more_than_three"] += 1
        rows.report(Severity.WARNING, "more-than-three-substitutes",
                    f"{per_row[row]} substitutes (the protocol allows {MAX_SUBSTITUTES}); "
                    "all are counted", row)
    return form_list, entry_row, entry_form, has_filled_cell


def check_flags(rows: PoolRows, used: np.ndarray, nil: np.ndarray, proper_name: np.ndarray,
                has_filled_cell: np.ndarray) -> None:
    with_substitutes = used & (nil | proper_name) & has_filled_cell
    rows.stats["flagged_with_substitutes"] = int(with_substitutes.sum())
    both = used & nil & proper_name
    rows.stats["both_flags"] = int(both.sum())
    for row in np.flatnonzero(with_substitutes).tolist():
        if not rows.reader_checked(row):
            flag = "proper name" if proper_name[row] else "NIL"
            rows.report(Severity.WARNING, "flagged-with-substitutes",
                        f"row flagged {flag} also has substitutes; the substitutes are not "
                        "counted", row)
    for row in np.flatnonzero(both).tolist():
        if not rows.reader_checked(row):
            rows.report(Severity.WARNING, "nil-and-proper-name",
                        "row flagged both NIL and proper name; counted as proper name", row)


def apply_merge_map(rows: PoolRows, merge_map: MergeMap | None, forms: list[str],
                    entry_row: np.ndarray, entry_form: np.ndarray, keys: list[tuple[str, str]],
                    item_of_row: np.ndarray) -> np.ndarray:
    if merge_map is not None:
        form_index = {form: index for index, form in enumerate(forms)}

        def form_id(text: str) -> int:
            index = form_index.get(text)
            if index is None:
                index = form_index[text] = len(forms)
                forms.append(text)
            return index

        everywhere = np.array([form_id(merge_map.everywhere.get(form, form))
                               for form in list(forms)], dtype=np.int64)
        original = entry_form
        entry_form = everywhere[entry_form] if len(entry_form) else entry_form
        if merge_map.per_item:
            targeted = {item for item, key in enumerate(keys) if key in merge_map.per_item}
            entry_item = item_of_row[entry_row]
            for entry in np.flatnonzero(np.isin(entry_item, list(targeted))).tolist():
                key = keys[int(entry_item[entry])]
                entry_form[entry] = form_id(merge_map.apply(forms[original[entry]], key))
        rows.stats["merged_by_map"] = int((entry_form != original).sum())
    pn = next((index for index, form in enumerate(forms) if form == PROPER_NAME_ENTRY), None)
    if pn is not None:
        for row in np.unique(entry_row[entry_form == pn]).tolist():
            rows.stats["substitute_pn"] += 1
            rows.report(Severity.WARNING, "substitute-pn",
                        "substitute 'pn' is written like the proper-name entry of the gold "
                        "and will be indistinguishable from it", row)
    return entry_form


def written_answers(forms: list[str], entry_row: np.ndarray, written_form: np.ndarray,
                    entry_form: np.ndarray, cell_of_row: np.ndarray,
                    n_annotators: int) -> dict[tuple[int, int], tuple[tuple[str, str], ...]]:
    """Per answer a merge changed, each substitute as written and as counted."""
    if entry_form is written_form:
        return {}
    changed_rows = np.unique(entry_row[entry_form != written_form])
    if not len(changed_rows):
        return {}
    by_row: dict[int, list[tuple[str, str]]] = {}
    for entry in np.flatnonzero(np.isin(entry_row, changed_rows)).tolist():
        by_row.setdefault(int(entry_row[entry]), []).append(
            (forms[written_form[entry]], forms[entry_form[entry]]))
    width = max(n_annotators, 1)
    return {divmod(int(cell_of_row[row]), width): tuple(pairs)
            for row, pairs in by_row.items()}


def _repeats_in_row(entry_row: np.ndarray, entry_form: np.ndarray) -> np.ndarray:
    """Entries whose form an earlier entry of the same row already has."""
    # A row's entries are adjacent and few: compare each entry with the ones just before
    # it in the same row (vectorised, one pass per position) instead of hashing them all.
    widest = int(np.bincount(entry_row).max(initial=0)) if len(entry_row) else 0
    repeated_mask = np.zeros(len(entry_row), dtype=bool)
    for shift in range(1, widest):
        same = ((entry_row[shift:] == entry_row[:-shift])
                & (entry_form[shift:] == entry_form[:-shift]))
        repeated_mask[shift:] |= same
    return repeated_mask


def deduplicate_in_row(rows: PoolRows, forms: list[str], entry_row: np.ndarray,
                       entry_form: np.ndarray, written_form: np.ndarray,
                       ) -> tuple[np.ndarray, np.ndarray]:
    """Each substitute once per row. A repetition the annotator wrote is an input problem;
    one a merge made (``luminous`` merged into ``light`` on a row that gave both) is the
    organiser's decision at work: counted in ``merged_in_row``, not reported."""
    repeated_mask = _repeats_in_row(entry_row, entry_form)
    if entry_form is not written_form and repeated_mask.any():
        by_merge = repeated_mask & ~_repeats_in_row(entry_row, written_form)
        rows.stats["merged_in_row"] = int(by_merge.sum())
        reported = repeated_mask & ~by_merge
    else:
        reported = repeated_mask
    repeated = np.flatnonzero(reported)
    for entry in repeated.tolist():
        rows.stats["repeated_in_row"] += 1
        rows.report(Severity.INFO, "repeated-substitute",
                    f"'{forms[entry_form[entry]]}' given twice in one row (after "
                    "normalisation); counted once", int(entry_row[entry]))
    if repeated_mask.any():
        return entry_row[~repeated_mask], entry_form[~repeated_mask]
    return entry_row, entry_form


def multiwords(rows: PoolRows, options: NormaliseOptions, merge_map: MergeMap | None,
               used: np.ndarray, keys: list[tuple[str, str]],
               item_of_row: np.ndarray) -> tuple[list[str], np.ndarray]:
    n = rows.n_rows
    # Most rows have no multiword: only the filled ones are looked at.
    filled, texts = rows.filled_cells([columns.multiword for columns in rows.columns])
    form_index: dict[str, int] = {}
    normalised: dict[str, int] = {}
    # Four-byte indices, as the pooled table keeps them: a million rows or more.
    multiword = np.full(n, -1, dtype=np.int32)
    for row, text in zip(filled, texts, strict=True):
        index = normalised.get(text)
        if index is None:
            form = normalise_response(text, options)
            index = normalised[text] = (form_index.setdefault(form, len(form_index))
                                        if form else -1)
        multiword[row] = index
    multiword = np.where(used, multiword, -1)
    forms = list(form_index)
    if merge_map is not None:
        for row in np.flatnonzero(multiword >= 0).tolist():
            original = forms[multiword[row]]
            mapped = merge_map.apply(original, keys[int(item_of_row[row])])
            if mapped != original:
                index = form_index.get(mapped)
                if index is None:
                    index = form_index[mapped] = len(forms)
                    forms.append(mapped)
                multiword[row] = index
    return forms, multiword


def _normalise_cell(cell: str, options: NormaliseOptions) -> tuple[str, ...]:
    if ";" not in cell:
        form = normalise_response(cell, options)
        return (form,) if form else ()
    forms = (normalise_response(part, options) for part in cell.split(";"))
    return tuple(dict.fromkeys(form for form in forms if form))
