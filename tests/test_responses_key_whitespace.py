"""A responses row whose id holds white space (a space, U+0085, U+00A0, U+2028 ...) or whose
lexelt or id holds a '::' token cannot become a gold line that reads back the same (the id is
one space-separated token there): the reader refuses the row at its line and column, so that
``validate`` never calls such a file clean and ``gold`` and ``agree`` never fault on it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    parse_responses_text,
    read_responses_bytes,
)

_HEAD = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"
_ROW_START = "bright.a\t"
_ID_COLUMN = len(_ROW_START) + 1

WHITE_SPACES = [" ", "\u0085", "\u00a0", "\u2028", "\u3000"]


def _rows(id_: str, lexelt: str = "bright.a", annotator: str = "amira") -> str:
    return (f"bright.a\t1\t{annotator}\tvivid\t\t\t\t0\t0\t\t12\n"
            f"{lexelt}\t{id_}\t{annotator}\tsunny\t\t\t\t0\t0\t\t3\n"
            f"bright.a\t3\t{annotator}\tclever\t\t\t\t0\t0\t\t4\n")


@pytest.mark.parametrize("space", WHITE_SPACES, ids=lambda c: f"U+{ord(c):04X}")
def test_an_id_holding_white_space_is_an_error_at_its_column(space: str) -> None:
    result = read_responses_bytes((_HEAD + _rows(f"2{space}b")).encode(), "amira.tsv")
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.line, d.column) for d in errors] == [("bad-key", 4, _ID_COLUMN + 1)]
    assert errors[0].message.startswith("id: holds ")
    assert [row.id for row in result.rows] == ["1", "3"]


def test_the_careful_reader_says_the_same_as_the_quick_one() -> None:
    """A blank line sends the file to the line reader; the row is refused there too."""
    result = parse_responses_text(_HEAD + "\n" + _rows(" 2\u00a0b "), "amira.tsv")
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.line, d.column) for d in errors] == [("bad-key", 5, _ID_COLUMN + 2)]


@pytest.mark.parametrize(("lexelt", "id_", "field"), [
    ("bright.a", "::2", "id"), ("bright ::a", "2", "lexelt")])
def test_a_colon_token_in_a_key_is_an_error(lexelt: str, id_: str, field: str) -> None:
    result = parse_responses_text(_HEAD + _rows(id_, lexelt), "amira.tsv")
    assert [(d.code, d.line) for d in result.diagnostics] == [("bad-key", 4)]
    assert result.diagnostics.items[0].message.startswith(f"{field}: ")


def test_a_lexelt_holding_spaces_is_still_read() -> None:
    """Gold lines read a lexelt with spaces (``e commerce.n 1 :: ...``): it stays accepted."""
    result = parse_responses_text(_HEAD + _rows("2", "e commerce.n"), "amira.tsv")
    assert not result.diagnostics.items
    assert "e commerce.n" in {row.lexelt for row in result.rows}


def _lexsub(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("space", WHITE_SPACES[:4], ids=lambda c: f"U+{ord(c):04X}")
def test_validate_gold_and_agree_agree_on_such_a_file(space: str, tmp_path: Path) -> None:
    mine, other = tmp_path / "amira.tsv", tmp_path / "bruno.tsv"
    mine.write_text(_HEAD + _rows(f"2{space}b"), encoding="utf-8")
    other.write_text(_HEAD + _rows(f"2{space}b", annotator="bruno").replace(
        f"2{space}b", "2"), encoding="utf-8")
    where = f"{mine}:4:{_ID_COLUMN + 1}: error: id: holds"
    checked = _lexsub(["validate", str(mine)])
    assert checked.returncode == 1 and where in checked.stdout, checked.stdout
    # gold exits 1 on an input error; agree only when agreement is undefined (its --help).
    for command, status in ((["gold", str(mine), str(other), "-o", str(tmp_path / "gold")], 1),
                            (["agree", str(mine), str(other), "--no-alpha"], 0)):
        run = _lexsub(command)
        assert run.returncode == status, run.stderr
        assert where in run.stderr
        assert "internal error" not in run.stderr and "Traceback" not in run.stderr


def test_an_empty_id_beside_a_key_with_white_space_is_a_missing_field_not_a_fault() -> None:
    # Both on the quick path's check of the keys at once: the empty id has no key problem of
    # its own to find (it is reported as missing).
    text = _HEAD + _rows("2 b") + "bright.a\t\tamira\t\t\t\t\t0\t0\t\t\n"
    result = read_responses_bytes(text.encode(), "amira.tsv")
    codes = sorted((d.code, d.line) for d in result.diagnostics if d.severity.name == "ERROR")
    assert codes == [("bad-key", 4), ("missing-field", 6)]
    assert [row.id for row in result.rows] == ["1", "3"]
