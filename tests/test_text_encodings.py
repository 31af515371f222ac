"""Every line-based format refuses NUL characters and UTF-16 text, with file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.core.io.formats.gold import read_gold_bytes
from lexsub_studio.core.io.formats.system import read_system_bytes
from lexsub_studio.core.io.validate import validate_file
from lexsub_studio.core.model.diagnostics import InputError


@pytest.mark.parametrize("name, data, where", [
    ("gold", b"bright.a 1 :: clever 2;sm\x00art 1;\n", (1, 26)),
    ("best", b"bright.a 1 :: clever\nbright.a 2 :: sm\x00art\n", (2, 17)),
    ("oot", b"bright.a 1 ::: clever;\xc3\xa9\x00\n", (1, 24)),
])
def test_a_nul_character_is_refused_where_it_stands(tmp_path: Path, name: str, data: bytes,
                                                    where: tuple[int, int]) -> None:
    path = tmp_path / f"file.{name}"
    path.write_bytes(data)
    report = validate_file(path)
    assert report.unreadable is not None
    assert (report.unreadable.line, report.unreadable.column) == where
    assert "NUL character" in report.unreadable.message
    reader = read_gold_bytes if name == "gold" else read_system_bytes
    arguments = (data, str(path)) if name == "gold" else (data, name, str(path))
    with pytest.raises(InputError, match="NUL character"):
        reader(*arguments)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-16"])
@pytest.mark.parametrize("text", ["bright.a 1 :: clever\nbright.a 2 :: smart\n",
                                  "bright.a 1 clever 0.5 smart 0.2\nbright.a 2 bright 1\n"])
def test_utf16_text_is_named_as_such_not_read_as_another_kind(tmp_path: Path, encoding: str,
                                                              text: str) -> None:
    path = tmp_path / "system.best"
    path.write_bytes(text.encode(encoding))
    report = validate_file(path)
    assert report.kind is None
    assert report.unreadable is not None
    assert "UTF-16" in report.unreadable.message
    assert "save it as UTF-8" in report.unreadable.message
    assert "--kind" not in report.unreadable.message
    # Given a kind, the reader says the same instead of reading it with warnings.
    given = validate_file(path, "best")
    assert given.unreadable is not None and "UTF-16" in given.unreadable.message


def test_a_compressed_swords_file_is_not_taken_for_utf16(tmp_path: Path) -> None:
    import gzip

    path = tmp_path / "tiny.json.gz"
    path.write_bytes(gzip.compress(b"{}", mtime=0))
    report = validate_file(path)
    assert report.unreadable is None or "UTF-16" not in report.unreadable.message
