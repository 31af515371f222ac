"""A responses cell that no campaign server can store (NUL, a lone surrogate) is an error at its
line and column, in the reader and so in ``lexsub validate``."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    parse_responses_text,
    read_responses_bytes,
)

_HEAD = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"
_GOOD = "bright.a\t1\tamira\tvivid\t\t\t\t0\t0\tfine\t12\n"


def _row(comment: str, id_: str = "2") -> str:
    return f"bright.a\t{id_}\tamira\tsunny\t\t\t\t0\t0\t{comment}\t3\n"


def test_a_nul_in_a_comment_is_an_error_at_its_column() -> None:
    text = _HEAD + _GOOD + _row("odd \x00 byte") + _row("also fine", "3")
    result = read_responses_bytes(text.encode(), "amira.tsv")
    errors = [d for d in result.diagnostics if d.severity.name.lower() == "error"]
    assert [(d.code, d.line) for d in errors] == [("unstorable-character", 4)]
    comment_start = len("bright.a\t2\tamira\tsunny\t\t\t\t0\t0\t") + 1
    assert errors[0].column == comment_start + len("odd ")
    assert "comment: holds a NUL character" in errors[0].message
    assert [row.id for row in result.rows] == ["1", "3"]


def test_a_lone_surrogate_in_a_text_made_in_memory_is_an_error() -> None:
    result = parse_responses_text(_HEAD + _row("half \ud800 pair"), "memory")
    assert [(d.code, d.line) for d in result.diagnostics] == [("unstorable-character", 3)]
    assert "U+D800" in result.diagnostics.items[0].message
    assert result.rows == []


def test_validate_does_not_call_a_nul_clean(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "amira.tsv"
    path.write_bytes((_HEAD + _GOOD + _row("odd \x00 byte")).encode())
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:4:" in out and "NUL" in out
