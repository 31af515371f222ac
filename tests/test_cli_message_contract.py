"""The exit-status and message contract at the edges: a closed standard output, output names
that are not UTF-8, a full disk or a file-size limit, an output symlink loop, packages check and
make, libxml's own limits, and bidirectional controls in names printed to a terminal. Each runs
``lexsub`` as a program (with a timeout), as a user meets it."""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"
SYSTEM, GOLD = DEMO / "systems" / "alpha.best", DEMO / "gold"
TIMEOUT_SECONDS = 120


def _lexsub(args: list[str | bytes | Path], **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", *args],
                          capture_output=True, text=True, errors="surrogateescape",
                          timeout=TIMEOUT_SECONDS,
                          **options)  # type: ignore[call-overload]


def test_a_closed_standard_output_is_one_line_and_a_failure() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "lexsub_studio.cli.main", "score", str(SYSTEM), str(GOLD)],
        stderr=subprocess.PIPE, text=True, timeout=TIMEOUT_SECONDS,
        preexec_fn=lambda: os.close(1))
    assert process.returncode == 2
    lines = process.stderr.splitlines()
    assert len(lines) == 1 and "standard output is closed" in lines[0], process.stderr


@pytest.mark.slow
def test_output_names_that_are_not_utf8_are_written(tmp_path: Path) -> None:
    report = os.fsencode(tmp_path) + b"/r\xe9.txt"
    items = os.fsencode(tmp_path) + b"/i\xe9.csv"
    result = _lexsub(["score", str(SYSTEM), str(GOLD), b"--items", items, b"-o", report])
    assert result.returncode == 0, result.stderr
    assert os.path.getsize(report) > 0 and os.path.getsize(items) > 0
    gold = os.fsencode(tmp_path) + b"/g\xe9"
    # A locale whose standard output is strict UTF-8 (a UTF-8 locale other than C.UTF-8):
    # the summary naming the file is still printed, the name as the bytes it was.
    strict = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    result = _lexsub(["gold", str(DEMO / "responses" / "amira.tsv"), b"-o", gold], env=strict)
    assert result.returncode == 0, result.stderr
    assert os.path.getsize(gold) > 0
    assert "written to " in result.stdout and "g\udce9" in result.stdout


@pytest.mark.slow
def test_a_full_disk_or_a_size_limit_names_the_output(tmp_path: Path) -> None:
    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    output = tmp_path / "gold"
    result = _lexsub(["gold", *sorted((DEMO / "responses").glob("*.tsv")), "-o", output],
                     preexec_fn=small_files)
    assert result.returncode == 2
    assert f"{output}: error: cannot write: File too large" in result.stderr, result.stderr
    assert not output.exists()
    full = _lexsub(["score", "--clean", str(SYSTEM), str(GOLD), "-o", "/dev/full"])
    assert full.returncode == 2
    assert "/dev/full: error: cannot write: No space left on device" in full.stderr


def test_an_output_symlink_loop_is_refused_and_stays_a_link(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop.name)
    result = _lexsub(["score", "--clean", str(SYSTEM), str(GOLD), "-o", loop])
    assert result.returncode == 2
    assert "symbolic link that leads, through links, back to itself" in result.stderr
    assert loop.is_symlink() and os.readlink(loop) == loop.name


def test_packages_make_into_a_file_says_what_to_do(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine\n", encoding="utf-8")
    result = _lexsub(["packages", "make", DEMO / "demo.xml", "--annotators", "2",
                      "--per-instance", "1", "--seed", "1", "-o", taken])
    assert result.returncode == 2
    assert "exists and is not a folder" in result.stderr and "give a folder" in result.stderr
    assert taken.read_text(encoding="utf-8") == "mine\n"


def test_packages_check_with_a_package_naming_no_annotator_fails(tmp_path: Path) -> None:
    folder = tmp_path / "packages"
    made = _lexsub(["packages", "make", DEMO / "demo.xml", "--annotators", "amira,bruno",
                    "--per-instance", "1", "--seed", "1", "-o", folder])
    assert made.returncode == 0, made.stderr
    package = folder / "bruno.lexsubpkg"
    with zipfile.ZipFile(package) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    members["manifest.json"] = members["manifest.json"].replace(b'"bruno"', b'""')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    package.write_bytes(buffer.getvalue())
    # amira answered everything she was given: only the nameless package is wrong.
    checked = _lexsub(["packages", "check", folder, DEMO / "responses" / "amira.tsv"])
    assert "names no annotator" in checked.stderr
    assert checked.returncode == 1, checked.stdout


def test_libxml_limits_are_said_in_our_words(tmp_path: Path) -> None:
    corpus = tmp_path / "deep.xml"
    corpus.write_bytes(b"<corpus>" + b"<a>" * 300 + b"</a>" * 300 + b"</corpus>")
    result = _lexsub(["validate", corpus])
    assert result.returncode == 2  # unreadable as XML
    assert "nested more than 256 deep" in result.stdout
    assert "XML_PARSE_HUGE" not in result.stdout + result.stderr


@pytest.mark.slow
def test_bidi_controls_in_names_are_escaped_on_a_terminal_only(tmp_path: Path) -> None:
    import pty

    responses = tmp_path / "rlo.tsv"
    responses.write_text((DEMO / "responses" / "amira.tsv").read_text(encoding="utf-8")
                         .replace("\tamira\t", "\tami\u202era\t"), encoding="utf-8")
    args = ["agree", str(responses), str(DEMO / "responses" / "bruno.tsv"), "--no-alpha",
            "--by", "annotator"]
    main, terminal = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-m", "lexsub_studio.cli.main", *args],
                                   stdout=terminal, stderr=terminal)
        os.close(terminal)
        shown = b""
        while True:
            try:
                block = os.read(main, 65536)
            except OSError:  # the terminal's other end is closed: the command ended
                break
            if not block:
                break
            shown += block
        assert process.wait(timeout=TIMEOUT_SECONDS) == 0
    finally:
        os.close(main)
    text = shown.decode("utf-8")
    assert "ami<U+202E>ra" in text and "\u202e" not in text
    piped = _lexsub(args)
    assert "ami\u202era" in piped.stdout  # data, not a terminal: unchanged
