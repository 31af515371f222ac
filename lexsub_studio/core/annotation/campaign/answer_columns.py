"""A campaign's live answers read from the server straight into columns.

The organiser's monitor reads every live answer at each refresh: 100,000 answers are 1.2
million cells. Fetched as rows, each cell became a Python object and each answer a
ResponseRow before pooling turned them back into columns, which was most of a refresh's time.
Here one ``COPY (SELECT ...) TO STDOUT`` brings the answers as PostgreSQL's text format (one
line an answer, cells cut by tabs; a tab, line break or backslash inside a value is written
as a backslash escape, so none is ever raw), and the bytes are cut and coded by the responses
reader's own byte-level coding (core/io/formats/byte_cells.py): a string is made once per
distinct value, and the result is the ResponseColumns that pooling reads from a responses
file, substitutes already coded.

The rows come in corpus order (the instance's position) and, within an instance, by annotator
name in code point order, sorted here rather than by the server: the order is then the same
whatever the database's collation, and the server does not spill a sort to disk. Substitutes
are packed to the left as ResponseRow packs them (an empty cell never comes before a filled
one), so that ``ResponseColumns.rows()`` gives exactly the rows the server holds.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np

from lexsub_studio.core.io.formats.byte_cells import FileCells, tab_separated_cells
from lexsub_studio.core.model.data import CodedColumn, ResponseColumns

if TYPE_CHECKING:
    import psycopg

#: The cells of a line, in this order. Position and the flags are the server's text for an
#: integer and a boolean (``t``/``f``); seconds is ``\\N`` when unknown.
ANSWER_CELLS = ("position", "annotator", "lexelt", "id", "sub1", "sub2", "sub3", "multiword",
                "nil", "proper_name", "comment", "seconds")

#: Every live (not deleted) answer of a campaign; the answers of members whose answers are
#: excluded (revoked without --keep-answers) only when the second parameter is true.
ANSWERS_COPY = """COPY (
    SELECT i.position, a.annotator, a.lexelt, a.id, a.sub1, a.sub2, a.sub3, a.multiword,
           a.nil, a.proper_name, a.comment, a.seconds
      FROM lexsub.answers AS a
      JOIN lexsub.instances AS i USING (campaign, lexelt, id)
      JOIN lexsub.members AS m USING (campaign, annotator)
     WHERE a.campaign = %s AND NOT a.deleted AND (%s OR NOT m.answers_excluded)
) TO STDOUT"""

_NULL = "\\N"
#: COPY's text format writes these characters of a value as a backslash and a letter.
_ESCAPED = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_ESCAPE = re.compile(r"\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|(.))", re.DOTALL)


#: What would change the columns (or the agreement read from them) since a former read: the
#: answers' and the members' row versions. Any write of a row, by the app or by hand in SQL,
#: makes a new row version with the writing transaction's id (``xmin``), which no committed
#: version seen before carries; a deleted row takes its count away. So the counts and the sums
#: of the transaction ids change whenever a row does. One scan of each table, no sort: a few
#: per cent of reading the answers themselves.
ANSWERS_FINGERPRINT = """
SELECT (SELECT count(*) FROM lexsub.answers WHERE campaign = %(campaign)s),
       (SELECT coalesce(sum(xmin::text::bigint), 0) FROM lexsub.answers
         WHERE campaign = %(campaign)s),
       (SELECT count(*) FROM lexsub.members WHERE campaign = %(campaign)s),
       (SELECT coalesce(sum(xmin::text::bigint), 0) FROM lexsub.members
         WHERE campaign = %(campaign)s),
       (SELECT count(*) FROM lexsub.instances WHERE campaign = %(campaign)s)"""


def answers_fingerprint(db: psycopg.Connection[Any], campaign: str) -> tuple[int, ...]:
    """ANSWERS_FINGERPRINT's figures now (psycopg errors reach the caller)."""
    row = db.execute(ANSWERS_FINGERPRINT, {"campaign": campaign}).fetchone()
    assert row is not None  # a SELECT of counts gives one row
    return tuple(int(value) for value in row)


def unescape_copy_text(text: str) -> str:
    """A value as COPY's text format wrote it, escapes undone (PostgreSQL's COPY docs: ``\\b``
    ``\\f`` ``\\n`` ``\\r`` ``\\t`` ``\\v``, octal and hex digits; any other character after a
    backslash stands for itself)."""
    if "\\" not in text:
        return text

    def undo(match: re.Match[str]) -> str:
        octal, hexadecimal, other = match.groups()
        if octal is not None:
            return chr(int(octal, 8))
        if hexadecimal is not None:
            return chr(int(hexadecimal, 16))
        return _ESCAPED.get(other, other)

    return _ESCAPE.sub(undo, text)


def read_answer_columns(db: psycopg.Connection[Any], campaign: str,
                        include_excluded: bool = False) -> ResponseColumns:
    """The campaign's live answers as columns (psycopg errors reach the caller). The lines are
    cut and decoded as UTF-8: a session in another client encoding is switched to UTF-8 (the
    values psycopg gives afterwards are the same strings)."""
    if db.info.encoding != "utf-8":
        db.execute("SET client_encoding = 'UTF8'")
    with db.cursor() as cursor, cursor.copy(ANSWERS_COPY, (campaign, include_excluded)) as copy:
        data = b"".join(copy)
    return answer_columns_from_copy(data)


def answer_columns_from_copy(data: bytes) -> ResponseColumns:
    """The lines of ANSWERS_COPY's output as ResponseColumns, sorted by position, then
    annotator."""
    if not data:
        return ResponseColumns(substitutes=[[], [], []])
    cut = tab_separated_cells(data, 0, len(ANSWER_CELLS))
    if cut is None:
        raise ValueError("the server's answers are not in COPY's text format "
                         f"({len(ANSWER_CELLS)} tab-separated cells a line)")
    cells = FileCells(data, *cut)
    column = {name: number for number, name in enumerate(ANSWER_CELLS)}

    def coded(name: str) -> tuple[np.ndarray, list[str]]:
        found = cells.code([column[name]])
        return found.codes, found.values

    position_codes, positions = coded("position")
    annotator_codes, written_names = coded("annotator")
    annotators = [unescape_copy_text(name) for name in written_names]
    position = np.array([int(value) for value in positions], dtype=np.int64)[position_codes]
    name_rank = {name: rank for rank, name in enumerate(sorted(annotators))}
    rank = np.array([name_rank[name] for name in annotators], dtype=np.int64)[annotator_codes]
    order = np.lexsort((rank, position))
    count = len(order)

    def text_column(name: str) -> CodedColumn:
        codes, values = coded(name)
        return CodedColumn(codes[order], [unescape_copy_text(value) for value in values])

    def flag_column(name: str) -> CodedColumn:
        codes, values = coded(name)
        return CodedColumn(codes[order], [value == "t" for value in values])

    substitutes = cells.code([column["sub1"], column["sub2"], column["sub3"]])
    vocabulary = [unescape_copy_text(value) for value in substitutes.values]
    substitute_codes = substitutes.codes.reshape(count, 3)[order]
    if "" in vocabulary:
        # Filled cells first, in their order: what ResponseRow's substitutes tuple keeps.
        empty = substitute_codes == vocabulary.index("")
        substitute_codes = np.take_along_axis(
            substitute_codes, np.argsort(empty, axis=1, kind="stable"), axis=1)
    seconds_codes, seconds = coded("seconds")
    return ResponseColumns(
        lexelt=text_column("lexelt"), id=text_column("id"),
        annotator=CodedColumn(annotator_codes[order], annotators),
        substitutes=[CodedColumn(substitute_codes[:, slot], vocabulary) for slot in range(3)],
        multiword=text_column("multiword"), nil=flag_column("nil"),
        proper_name=flag_column("proper_name"), comment=text_column("comment"),
        seconds=CodedColumn(seconds_codes[order],
                            [None if value == _NULL else float(value) for value in seconds]),
        line=[None] * count,
        substitute_codes=substitute_codes, substitute_vocabulary=vocabulary)
