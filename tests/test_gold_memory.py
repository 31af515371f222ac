"""The memory a large collection's gold takes: the responses reader keeps no text of a clean
file beside its bytes, and the gold file is made a block of lines at a time, the same text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lexsub_studio.core.gold import table
from lexsub_studio.core.gold.assembly import build_gold
from lexsub_studio.core.io.formats.gold import format_gold_line
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    ResponsesReadResult,
    parse_responses_text,
    read_responses,
    read_responses_bytes,
)
from lexsub_studio.core.model.data import ResponseRow


def _clean_file(path: Path, rows: int) -> None:
    """A responses file the coded reader takes (distinct ids, three distinct substitutes)."""
    chooser = random.Random(35)
    words = [f"word{index}" for index in range(400)]
    lines = [RESPONSES_MAGIC, "\t".join(RESPONSES_COLUMNS)]
    for number in range(rows):
        substitutes = chooser.sample(words, 3)
        lines.append("\t".join([f"lemma{number // 100}.n", str(number + 1), "anna",
                                *substitutes, "", "0", "0", "", "12.5"]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_reading_a_clean_file_codes_it_from_its_bytes(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # 40,000 rows: enough cells for the whole-array coding of large files. Coded from the
    # decoded text, a file held its bytes, the text and a second encoding of it at once (some
    # 12 times the file at the peak, against some 9 coded from the bytes). What is tested is
    # the way, not a ratio of peaks: that moves with the process's state from run to run.
    from lexsub_studio.core.io.formats import responses

    path = tmp_path / "anna.tsv"
    _clean_file(path, 40_000)

    def from_text(*_: object) -> None:
        raise AssertionError("a clean file was coded from its decoded text")

    monkeypatch.setattr(responses, "_read_coded", from_text)
    result = read_responses(path)
    assert len(result.columns) == 40_000 and not result.diagnostics.items


def _gold_rows(items: int) -> list[ResponseRow]:
    chooser = random.Random(7)
    rows = []
    for number in range(items):
        for annotator in ("anna", "ben"):
            if number % 5 == 0:
                rows.append(ResponseRow("w.n", str(number), annotator, nil=True))
            else:
                rows.append(ResponseRow("w.n", str(number), annotator,
                                        tuple(chooser.sample(["up", "down", "top", "pn x"], 2))))
    return rows


@pytest.mark.parametrize("block", [1, 2, 3, 7, 1000])
def test_gold_text_made_in_blocks_is_the_lines_of_the_gold(
        monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    assembly = build_gold(_gold_rows(23))
    monkeypatch.setattr(table, "_LINES_AT_ONCE", block)
    expected = "".join(f"{format_gold_line(item)}\n" for item in assembly.gold)
    assert assembly.gold_table.file_text() == expected
    assert expected.count("\n") == 18  # the all-NIL items have no line


def _outcome(result: ResponsesReadResult) -> tuple[object, ...]:
    return (result.columns.rows(), [str(item) for item in result.diagnostics.items],
            dict(result.stats), result.version)


_HEAD = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"
_ROW = "\t".join(["w.n", "1", "anna", "up", "down", "", "", "0", "0", "", "3"])


@pytest.mark.parametrize("text", [
    _HEAD + _ROW + "\n",                                   # clean: coded from the bytes
    _HEAD + _ROW,                                          # no final line break
    "\ufeff" + _HEAD + _ROW + "\n",                        # a byte order mark
    _HEAD + _ROW + "\n" + _ROW.replace("down", "up") + "\n",  # odd rows: the line reader
    _HEAD + _ROW.replace("anna", "anna\r") + "\r\n",       # carriage returns
    _HEAD,                                                 # the header alone
])
def test_a_file_read_from_its_bytes_reads_as_its_text(text: str) -> None:
    assert (_outcome(read_responses_bytes(text.encode(), "r"))
            == _outcome(parse_responses_text(text, "r")))
