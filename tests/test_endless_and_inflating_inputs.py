"""Endless and inflating inputs end early, in little memory (docs/formats.md "Limits" and
"Annotator package"): a stream whose start is not text (``/dev/urandom``) is refused at its
first block instead of being read to the 1 GiB limit, and a package member that inflates
beyond its limit is refused from its declared size, or within one block of the limit.

Each command runs in a child process with a timeout (a regression fails instead of hanging),
which reports its own peak memory."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lexsub_studio.core.annotation.package_archive import MAX_CORPUS_BYTES

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"
TIMEOUT_SECONDS = 60
#: Generous: the commands below peak at 20-40 MB refusing, some 240 MB reading a package whose
#: corpus is just within its limit; reading /dev/urandom to the old 1 GiB limit took 1 GB.
PEAK_BYTES = 400 << 20

#: The peak is read from /proc (VmHWM, this process's own memory since it started): the
#: ru_maxrss of getrusage keeps, across exec, the peak of the test process that forked it.
_CHILD = """\
import sys
from lexsub_studio.cli.main import main
code = main(sys.argv[2:])
with open("/proc/self/status") as status:
    peak = next(line for line in status if line.startswith("VmHWM:")).split()[1]
with open(sys.argv[1], "w") as report:
    report.write(str(int(peak) * 1024))
sys.exit(code)
"""


def _measured(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    """The run of ``lexsub ARGS`` and its peak resident memory in bytes."""
    report = tmp_path / "peak"
    result = subprocess.run([sys.executable, "-c", _CHILD, str(report), *args],
                            capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    return result, int(report.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["validate", "/dev/urandom"],
    ["gold", "/dev/urandom", "-o", "GOLD"],
    ["stats", "/dev/urandom"],
    ["score", "/dev/urandom", str(DEMO / "gold")],
    ["score", "--clean", "/dev/urandom", str(DEMO / "gold")],
    ["score", str(DEMO / "systems" / "alpha.best"), "/dev/urandom"],
], ids=["validate", "gold", "stats", "score", "score-clean", "score-gold"])
def test_random_bytes_are_refused_at_their_first_block(args: list[str], tmp_path: Path) -> None:
    args = [str(tmp_path / "gold") if arg == "GOLD" else arg for arg in args]
    result, peak = _measured(args, tmp_path)
    assert result.returncode == 2, result.stderr
    said = result.stdout + result.stderr
    assert "/dev/urandom:" in said and "nothing more of this stream was read" in said, said
    assert peak < PEAK_BYTES


@pytest.mark.slow
def test_a_piped_text_file_is_still_read_whole(tmp_path: Path) -> None:
    """The look at a stream's start refuses nothing that is text: a gold through a FIFO."""
    import os
    import threading

    fifo = tmp_path / "gold.fifo"
    os.mkfifo(fifo)
    data = (DEMO / "gold").read_bytes()

    def write() -> None:
        with open(fifo, "wb") as stream:
            stream.write(data)

    threading.Thread(target=write, daemon=True).start()
    result, _ = _measured(["validate", str(fifo)], tmp_path)
    assert result.returncode == 0, result.stdout
    assert "items                  55" in result.stdout


def _package(folder: Path, corpus_bytes: int) -> Path:
    """A package whose corpus is the demo's with blanks before ``</corpus>`` up to
    ``corpus_bytes``: a few hundred KB of ZIP that inflate a thousandfold."""
    made = subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", "packages", "make",
                           str(DEMO / "demo.xml"), "--annotators", "amira", "--per-instance",
                           "1", "--seed", "1", "-o", str(folder)],
                          capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert made.returncode == 0, made.stderr
    package = folder / "amira.lexsubpkg"
    with zipfile.ZipFile(package) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    corpus = members["corpus.xml"]
    end = corpus.rindex(b"</corpus>")
    members["corpus.xml"] = (corpus[:end] + b" " * (corpus_bytes - len(corpus))
                             + corpus[end:])
    with zipfile.ZipFile(package, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, member in members.items():
            archive.writestr(name, member)
    return package


@pytest.mark.slow
def test_a_package_whose_corpus_inflates_to_250_mib_is_refused_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "round"
    package = _package(folder, 250 << 20)
    assert package.stat().st_size < 1 << 20
    result, peak = _measured(["packages", "check", str(folder),
                              str(DEMO / "responses" / "amira.tsv")], tmp_path)
    assert result.returncode == 2, result.stderr
    assert f"{package}!corpus.xml" in result.stderr
    assert "more than the 64 MiB a package's corpus.xml may hold" in result.stderr
    assert peak < PEAK_BYTES


@pytest.mark.slow
def test_a_corpus_just_within_the_limit_is_read_in_bounded_memory(tmp_path: Path) -> None:
    folder = tmp_path / "round"
    _package(folder, MAX_CORPUS_BYTES - 64)
    result, peak = _measured(["packages", "check", str(folder),
                              str(DEMO / "responses" / "amira.tsv")], tmp_path)
    assert result.returncode == 0, result.stderr
    assert peak < PEAK_BYTES


def test_the_official_scorer_still_reads_a_piped_latin1_gold(tmp_path: Path) -> None:
    """The official scorer reads any 8-bit bytes, as the Perl scorer did: only a NUL byte at a
    stream's start stops it, so a Latin-1 gold gives through a pipe what the file gives."""
    import os
    import threading

    gold = (DEMO / "gold").read_bytes().replace(b"clever", b"cl\xe9ver")
    (tmp_path / "gold").write_bytes(gold)
    read_end, write_end = os.pipe()

    def write() -> None:
        with os.fdopen(write_end, "wb") as stream:
            stream.write(gold)

    threading.Thread(target=write, daemon=True).start()
    system = str(DEMO / "systems" / "alpha.best")
    try:
        piped = subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", "score", system,
                                f"/dev/fd/{read_end}"], capture_output=True,
                               timeout=TIMEOUT_SECONDS, pass_fds=[read_end])
    finally:
        os.close(read_end)
    from_file = subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", "score",
                                system, str(tmp_path / "gold")], capture_output=True,
                               timeout=TIMEOUT_SECONDS)
    assert piped.returncode == from_file.returncode == 0, piped.stderr
    assert piped.stdout == from_file.stdout
