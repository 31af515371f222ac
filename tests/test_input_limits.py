"""Pipes, FIFOs and devices as inputs: each read once, and no input read without end
(core/io/formats/limits.py)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.cli import held_output
from lexsub_studio.cli.held_output import HeldOutput
from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats import limits
from lexsub_studio.core.io.formats.system import read_system
from lexsub_studio.core.io.validate import validate_file
from lexsub_studio.core.model.diagnostics import InputError

POSIX = pytest.mark.skipif(os.name != "posix", reason="pipes, FIFOs and /dev need POSIX")

LEXELTS = ("bright.a", "run.v", "match.n", "quickly.r")


def gold_text(items: int) -> str:
    return "\n" + "".join(f"{LEXELTS[n % 4]} {n} :: word{n} 3;other{n} 2;third{n} 1;\n"
                          for n in range(items))


def best_text(items: int) -> str:
    # Every third item answered with the mode, every third with another gold word, the rest
    # wrong: a recall neither 0 nor 1, which a reader that misses the start would change.
    answers = ("word{n}", "third{n};none", "nothing")
    return "".join(f"{LEXELTS[n % 4]} {n} :: {answers[n % 3].format(n=n)}\n"
                   for n in range(items))


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    # Large enough (some 60 KB) that a detector reading a buffer's worth of a pipe would take
    # part of it, not all of it.
    system = tmp_path / "BL.out"
    gold = tmp_path / "gold"
    system.write_text(best_text(3000), encoding="utf-8")
    gold.write_text(gold_text(3000), encoding="utf-8")
    return system, gold


def lexsub_process(script: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``lexsub`` run by bash (for process substitution), with its memory capped so that a
    regression fails here instead of exhausting the machine."""
    command = script.replace("lexsub ", f"{sys.executable} -m lexsub_studio ")
    return subprocess.run(["bash", "-c", f"ulimit -v 4194304; {command}"], capture_output=True,
                          text=True, timeout=timeout, check=False)


@contextlib.contextmanager
def fifo_with(tmp_path: Path, data: bytes, name: str = "fifo") -> Iterator[Path]:
    """A FIFO that a thread fills with ``data`` once a reader opens it."""
    path = tmp_path / name
    os.mkfifo(path)

    def feed() -> None:
        try:
            with open(path, "wb") as writer:
                writer.write(data)
        except BrokenPipeError:
            pass  # the reader stopped early (a limit), as it may

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    try:
        yield path
    finally:
        if thread.is_alive():  # nobody read it: open it once so that the writer can finish
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        thread.join(5)


def clean_json(capsys: pytest.CaptureFixture[str], system: str | Path, gold: str | Path,
               *options: str) -> dict:
    assert main(["score", str(system), str(gold), "--clean", "--format", "json", *options]) == 0
    return json.loads(capsys.readouterr().out)


def figures(report: dict) -> dict:
    return {key: value for key, value in report.items() if key not in ("system", "gold")}


# --- pipes and FIFOs: read once ----------------------------------------------------------------

@POSIX
def test_clean_score_of_a_process_substitution_equals_the_file(files) -> None:
    system, gold = files
    piped = lexsub_process(f"lexsub score <(cat {system}) {gold} --clean --format json")
    plain = lexsub_process(f"lexsub score {system} {gold} --clean --format json")
    assert piped.returncode == plain.returncode == 0, piped.stderr
    assert figures(json.loads(piped.stdout)) == figures(json.loads(plain.stdout))
    assert json.loads(plain.stdout)["figures"]["best.recall"]["numerator"] > 0


@POSIX
def test_official_score_of_two_process_substitutions_equals_the_files(files) -> None:
    system, gold = files
    piped = lexsub_process(f"lexsub score <(cat {system}) <(cat {gold}) -v")
    plain = lexsub_process(f"lexsub score {system} {gold} -v")
    assert piped.returncode == plain.returncode == 0, piped.stderr
    assert piped.stdout == plain.stdout


def lexsub_args(*args: str | Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``lexsub`` as a process: a reader that waits for a second writer on a FIFO, as one that
    opens it twice does, fails by the timeout instead of hanging the tests."""
    return subprocess.run([sys.executable, "-m", "lexsub_studio", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, check=False)


@POSIX
def test_clean_score_of_a_fifo(files, tmp_path: Path) -> None:
    system, gold = files
    plain = lexsub_args("score", system, gold, "--clean", "--format", "json")
    with fifo_with(tmp_path, system.read_bytes()) as fifo:
        piped = lexsub_args("score", fifo, gold, "--clean", "--format", "json")
    assert piped.returncode == plain.returncode == 0, piped.stderr
    assert figures(json.loads(piped.stdout)) == figures(json.loads(plain.stdout))


@POSIX
def test_clean_score_of_an_os_pipe(files, capsys: pytest.CaptureFixture[str]) -> None:
    system, gold = files
    expected = figures(clean_json(capsys, system, gold))
    read_end, write_end = os.pipe()
    child = subprocess.Popen(
        [sys.executable, "-m", "lexsub_studio", "score", f"/dev/fd/{read_end}", str(gold),
         "--clean", "--format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=(read_end,))
    os.close(read_end)
    writer = threading.Thread(target=_write_and_close, args=(write_end, system.read_bytes()),
                              daemon=True)
    writer.start()
    try:
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
        writer.join(5)
    assert child.returncode == 0, err
    assert figures(json.loads(out)) == expected


def _write_and_close(descriptor: int, data: bytes) -> None:
    with open(descriptor, "wb") as writer:
        writer.write(data)


@POSIX
def test_validate_reads_a_fifo_once(files, tmp_path: Path) -> None:
    system, _ = files
    with fifo_with(tmp_path, system.read_bytes()) as fifo:
        run = lexsub_args("validate", "--format", "json", fifo)
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)["files"][0]
    assert report["kind"] == "best"
    assert report["summary"]["items"] == 3000


@pytest.mark.slow
@POSIX
def test_score_explain_reads_pipes_once(files, tmp_path: Path) -> None:
    system, gold = files
    plain = lexsub_args("score", system, gold, "--explain")
    expected = plain.stdout.replace(str(system), "SYSTEM").replace(str(gold), "GOLD")
    with fifo_with(tmp_path, system.read_bytes(), "s") as system_fifo, \
            fifo_with(tmp_path, gold.read_bytes(), "g") as gold_fifo:
        piped = lexsub_args("score", system_fifo, gold_fifo, "--explain")
    assert piped.returncode == plain.returncode == 0, piped.stderr
    out = piped.stdout.replace(str(system_fifo), "SYSTEM").replace(str(gold_fifo), "GOLD")
    assert out == expected


# --- endless and oversized inputs --------------------------------------------------------------

LONG_LINE = "line is longer than 8 MiB, the longest line this program reads"
RESPONSES = ("# lexsub-responses 1\n"
             "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name\tcomment\tseconds\n"
             "bright.a\t1\tann\tclever\t\t\t\t0\t0\t\t\n")


@POSIX
@pytest.mark.parametrize("command", [
    "lexsub score /dev/zero {gold} --clean",
    "lexsub score /dev/zero {gold}",
    "lexsub score /dev/zero {gold} -t oot -v",
    "lexsub score {system} /dev/zero",
    "lexsub score {system} /dev/zero --metrics all",
    "lexsub validate /dev/zero",
    "lexsub validate --kind corpus /dev/zero",
    "lexsub stats /dev/zero",
    "lexsub gold --map /dev/zero {responses} -o {out}",
])
def test_dev_zero_ends_with_one_message(files, tmp_path: Path, command: str) -> None:
    system, gold = files
    responses = tmp_path / "ann.tsv"
    responses.write_text(RESPONSES, encoding="utf-8")
    run = lexsub_process(command.format(system=system, gold=gold, responses=responses,
                                        out=tmp_path / "out"), timeout=60)
    assert run.returncode == 2
    # The official scorer's files are looked at first for binary data (a NUL byte):
    # docs/formats.md "Limits"; everything else meets the line limit.
    official = command.startswith("lexsub score") and not {"--clean", "--metrics"} & set(
        command.split())
    expected = "it holds a NUL byte, which no text file holds" if official else LONG_LINE
    assert expected in (run.stderr + run.stdout)
    assert "/dev/zero:1:" in (run.stderr + run.stdout)
    assert "Traceback" not in run.stderr


@POSIX
def test_an_endless_stream_of_short_lines_stops_at_the_file_limit(files, monkeypatch,
                                                                   capsys) -> None:
    _, gold = files
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100_000)
    # `yes`-like: the same short line without end, through a FIFO.
    read_end, write_end = os.pipe()

    def endless() -> None:
        line = b"bright.a 1 :: word1\n" * 4096
        try:
            with open(write_end, "wb") as writer:
                while True:
                    writer.write(line)
        except (BrokenPipeError, OSError):
            pass

    writer = threading.Thread(target=endless, daemon=True)
    writer.start()
    try:
        for options in (["--clean"], []):
            code = main(["score", f"/dev/fd/{read_end}", str(gold), *options])
            assert code == 2
            assert ("the file is larger than 100000 bytes, the most this program reads"
                    in capsys.readouterr().err)
    finally:
        os.close(read_end)
        writer.join(5)


def test_a_regular_file_over_the_limit_is_refused_before_it_is_read(files, monkeypatch) -> None:
    system, _ = files
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", system.stat().st_size - 1)
    with pytest.raises(InputError) as caught:
        read_system(system, "best")
    assert caught.value.diagnostic.code == "file-too-large"
    assert caught.value.diagnostic.path == str(system)


def test_a_long_line_in_a_regular_file_is_named_by_its_number(tmp_path: Path,
                                                              monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_LINE_BYTES", 64)
    path = tmp_path / "S"
    path.write_text("a.n 1 :: go\n" * 5 + "a.n 6 :: " + "x" * 100 + "\na.n 7 :: go\n")
    with pytest.raises(InputError) as caught:
        read_system(path, "best")
    diagnostic = caught.value.diagnostic
    assert (diagnostic.code, diagnostic.line) == ("line-too-long", 6)
    assert str(diagnostic).startswith(f"{path}:6: error: this line is longer than 64 bytes")


def test_a_corpus_on_one_long_line_is_not_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_LINE_BYTES", 64)
    path = tmp_path / "one-line.xml"
    path.write_text("<corpus lang='english'>" + " " * 200 + "</corpus>", encoding="utf-8")
    report = validate_file(path)
    assert report.kind == "corpus"
    assert report.unreadable is None or report.unreadable.code != "line-too-long"


# --- the limits themselves ---------------------------------------------------------------------

def naive_long_line(data: bytes, limit: int) -> bool:
    return any(len(line) > limit for line in data.split(b"\n"))


@settings(max_examples=300, deadline=None)
@given(data=st.lists(st.sampled_from([b"a", b"bb", b"\n", b"ccccccc"]), max_size=60).map(b"".join),
       limit=st.integers(1, 12), block=st.integers(1, 20))
def test_limited_reader_finds_exactly_the_long_lines(data: bytes, limit: int, block: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(limits, "MAX_LINE_BYTES", limit)
        reader = limits.LimitedReader(io.BytesIO(data), "x")
        try:
            while reader.read(block):
                pass
            refused = False
        except InputError as error:
            refused = True
            assert error.diagnostic.code == "line-too-long"
    assert refused == naive_long_line(data, limit)
    assert (limits.first_long_line(data, limit) is not None) == naive_long_line(data, limit)


def test_the_long_line_offset_points_at_its_start(monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_LINE_BYTES", 4)
    reader = limits.LimitedReader(io.BytesIO(b"ab\ncd\nefghij\n"), "x")
    with pytest.raises(InputError) as caught:
        while reader.read(3):
            pass
    assert "the line that starts at byte 6 is longer than 4 bytes" in str(caught.value.diagnostic)


def test_limits_are_described_in_binary_units() -> None:
    assert limits.describe_size(limits.MAX_FILE_BYTES) == "1 GiB"
    assert limits.describe_size(limits.MAX_LINE_BYTES) == "8 MiB"
    assert limits.describe_size(1000) == "1000 bytes"


# --- held official output ----------------------------------------------------------------------

@pytest.mark.parametrize("limit", [None, 1, 10, 1 << 20])
def test_held_output_releases_everything_in_order(limit: int | None) -> None:
    held = HeldOutput(limit)
    parts = [bytes([65 + n % 26]) * (n + 1) for n in range(50)]
    for part in parts:
        held.write(part)
    held.flush()
    released = io.BytesIO()
    held.release(released)
    assert released.getvalue() == b"".join(parts)


def test_official_verbose_lines_beyond_the_memory_hold_are_unchanged(
        files, monkeypatch, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    system, gold = files
    assert main(["score", str(system), str(gold), "-v"]) == 0
    in_memory = capsysbinary.readouterr().out
    monkeypatch.setattr(held_output, "HOLD_IN_MEMORY_BYTES", 1000)
    spill_files = []
    make_spill_file = tempfile.TemporaryFile
    monkeypatch.setattr(tempfile, "TemporaryFile",
                        lambda: spill_files.append(1) or make_spill_file())
    assert main(["score", str(system), str(gold), "-v"]) == 0
    spilled = capsysbinary.readouterr().out
    assert spill_files == [1]
    assert len(in_memory) > 100_000
    assert spilled == in_memory
