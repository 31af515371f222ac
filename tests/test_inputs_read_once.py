"""Every input is read exactly once (docs/formats.md "Pipes and process substitutions"): a pipe
or a FIFO given to a command whose steps open it twice (kind detection, then the reader) gives
the same result as the file itself, and a FIFO is never opened a second time (which would wait
for a writer that never comes)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"
#: Long enough for a command on the demo data; a command waiting on a FIFO fails here.
TIMEOUT_SECONDS = 120


def _lexsub(args: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", *args],
                          capture_output=True, text=True, timeout=TIMEOUT_SECONDS,
                          **options)  # type: ignore[call-overload]


def _through_pipes(args: list[str], piped: dict[str, Path]) -> subprocess.CompletedProcess[str]:
    """Run ``args`` with each key of ``piped`` replaced by /dev/fd/N of a pipe that carries
    the file's bytes (as ``<(cat FILE)`` does)."""
    descriptors: list[int] = []
    writers: list[threading.Thread] = []
    replaced = list(args)
    for placeholder, source in piped.items():
        read_end, write_end = os.pipe()
        descriptors.append(read_end)
        writers.append(threading.Thread(target=_write_and_close,
                                        args=(write_end, source.read_bytes()), daemon=True))
        replaced = [f"/dev/fd/{read_end}" if arg == placeholder else arg for arg in replaced]
    for writer in writers:
        writer.start()
    try:
        return _lexsub(replaced, pass_fds=descriptors)
    finally:
        for descriptor in descriptors:
            os.close(descriptor)


def _write_and_close(descriptor: int, data: bytes) -> None:
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
    except BrokenPipeError:
        pass


@pytest.mark.slow
@pytest.mark.parametrize(("args", "piped"), [
    (["stats", "CORPUS"], {"CORPUS": DEMO / "demo.xml"}),
    (["stats", str(DEMO / "demo.xml"), "RESPONSES", str(DEMO / "responses" / "bruno.tsv")],
     {"RESPONSES": DEMO / "responses" / "amira.tsv"}),
    (["stats", str(DEMO / "demo.xml"), "GOLD"], {"GOLD": DEMO / "gold"}),
    (["agree", "RESPONSES", str(DEMO / "responses" / "bruno.tsv"), "--no-alpha"],
     {"RESPONSES": DEMO / "responses" / "amira.tsv"}),
], ids=["stats-corpus", "stats-responses", "stats-gold", "agree-responses"])
def test_a_piped_input_gives_what_the_file_gives(args: list[str],
                                                 piped: dict[str, Path]) -> None:
    from_files = _lexsub([str(piped.get(arg, arg)) for arg in args])
    from_pipes = _through_pipes(args, piped)
    assert from_files.returncode == 0, from_files.stderr
    assert from_pipes.returncode == 0, from_pipes.stderr
    assert from_pipes.stdout == from_files.stdout


@pytest.mark.parametrize("command", ["convert", "baseline-corpus", "baseline-gold"])
def test_convert_and_baseline_read_a_piped_input(command: str, tmp_path: Path) -> None:
    corpus, gold = DEMO / "demo.xml", DEMO / "gold"
    if command == "convert":
        args, piped = ["convert", "--to", "coinco", "CORPUS", str(tmp_path / "out.xml")], {
            "CORPUS": corpus}
    elif command == "baseline-corpus":
        args, piped = ["baseline", "frequency", "-o", str(tmp_path / "bl"), "CORPUS",
                       str(gold)], {"CORPUS": corpus}
    else:
        args, piped = ["baseline", "frequency", "-o", str(tmp_path / "bl"), str(corpus),
                       "GOLD"], {"GOLD": gold}
    result = _through_pipes(args, piped)
    assert result.returncode == 0, result.stderr
    if command == "convert":
        assert "<document" in (tmp_path / "out.xml").read_text(encoding="utf-8")
    else:
        assert "54 of 55 item(s) answered" in result.stdout


@pytest.mark.slow
def test_a_fifo_is_opened_once_and_read_like_the_file(tmp_path: Path) -> None:
    """A named FIFO, written once by another thread: detection and the reader share its
    bytes; a second opening would wait for ever (the timeout fails the test)."""
    fifo = tmp_path / "corpus.fifo"
    os.mkfifo(fifo)
    data = (DEMO / "demo.xml").read_bytes()

    def write_once() -> None:
        with open(fifo, "wb") as stream:
            stream.write(data)

    writer = threading.Thread(target=write_once, daemon=True)
    writer.start()
    result = _lexsub(["stats", str(fifo), "--format", "csv"])
    writer.join(timeout=TIMEOUT_SECONDS)
    assert result.returncode == 0, result.stderr
    assert result.stdout == _lexsub(["stats", str(DEMO / "demo.xml"), "--format", "csv"]).stdout
