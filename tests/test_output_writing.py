"""Writing outputs: modes, symlinks, streams, sets that appear together, leftovers of a kill."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
import tomllib
from pathlib import Path

import pytest

from lexsub_studio.core.io import atomic, durable, leftovers, output_set
from lexsub_studio.core.io.atomic import atomic_write_bytes, atomic_write_text
from lexsub_studio.core.io.leftovers import tidy_directory
from lexsub_studio.core.io.output_paths import (
    OutputKind,
    OutputRefused,
    check_outputs,
    resolve_output,
)
from lexsub_studio.core.io.output_set import OutputSet, write_output_set

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes, FIFOs and signals")


@pytest.fixture()
def umask():
    """Set the umask for one test; the old one is put back."""
    previous = os.umask(0o022)
    yield lambda mask: os.umask(mask)
    os.umask(previous)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _dead_pid() -> int:
    """The pid of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _leftover(folder: Path, name: str, pid: int) -> Path:
    """A file as a killed run of pid would have left it: older than this process."""
    path = folder / name
    path.write_text("half", encoding="utf-8")
    past = leftovers.PROCESS_START - 3600
    os.utime(path, (past, past))
    return path


# -- modes and the folder -------------------------------------------------------------------


@posix_only
@pytest.mark.parametrize("mask, expected", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path, umask, mask: int,
                                                  expected: int) -> None:
    umask(mask)
    atomic_write_text(tmp_path / "gold", "a.n 1 :: b 2;\n")
    atomic_write_bytes(tmp_path / "chart.png", b"\x89PNG")
    assert _mode(tmp_path / "gold") == expected
    assert _mode(tmp_path / "chart.png") == expected


@posix_only
def test_an_overwritten_file_keeps_its_mode(tmp_path: Path, umask) -> None:
    umask(0o077)
    target = tmp_path / "report.html"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert _mode(target) == 0o640


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only the superuser can give a file to another user")
def test_the_superuser_keeps_the_owner_of_a_file_written_over(tmp_path: Path) -> None:
    target = tmp_path / "shared.gold"
    target.write_text("old", encoding="utf-8")
    os.chown(target, 4321, 4322)
    atomic_write_text(target, "new")
    assert (target.stat().st_uid, target.stat().st_gid) == (4321, 4322)


@posix_only
def test_the_folder_is_flushed_after_the_rename(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file"
        events.append(f"fsync {kind}")
        real_fsync(descriptor)

    def replace(source, target) -> None:
        events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    monkeypatch.setattr(atomic.os, "replace", replace)
    atomic_write_text(tmp_path / "gold", "x\n")
    assert events == ["fsync file", "rename", "fsync folder"]


def test_numpy_2_is_declared_for_bitwise_count() -> None:
    """np.bitwise_count exists from numpy 2.0: an install with numpy 1.x fails at run time."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    uses = [path for path in (ROOT / "lexsub_studio").rglob("*.py")
            if "bitwise_count" in path.read_text(encoding="utf-8")]
    assert uses, "nothing uses np.bitwise_count any more: this test can go"
    requirements = [r.replace(" ", "") for r in project["project"]["dependencies"]]
    numpy = [r for r in requirements if r.startswith("numpy")]
    assert numpy and numpy[0].startswith("numpy>=2"), requirements


# -- where an output goes -------------------------------------------------------------------


@posix_only
def test_a_symlink_is_followed_and_kept(tmp_path: Path, umask) -> None:
    umask(0o022)
    real = tmp_path / "data" / "gold"
    real.parent.mkdir()
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o604)
    link = tmp_path / "gold-link"
    link.symlink_to(real)
    atomic_write_text(link, "new\n")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new\n"
    assert _mode(real) == 0o604
    assert sorted(p.name for p in real.parent.iterdir()) == ["gold"]


@posix_only
def test_a_fifo_is_written_as_a_stream_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    atomic_write_text(fifo, "a.n 1 :: b 2;\n")
    reader.join(timeout=10)
    assert received == [b"a.n 1 :: b 2;\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@posix_only
def test_a_character_device_is_written_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")

    def no_temporary(*args, **kwargs):
        raise AssertionError("a temporary file was made beside /dev/null")

    # Guarded so that even a broken writer never replaces the system's /dev/null.
    monkeypatch.setattr(atomic.tempfile, "mkstemp", no_temporary)
    before = os.stat("/dev/null")
    assert resolve_output("/dev/null").kind is OutputKind.CHAR_DEVICE
    atomic_write_text("/dev/null", "anything\n")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_dev, after.st_ino) == (before.st_dev, before.st_ino)


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_standard_output_is_written_as_a_stream(name: str,
                                                capfd: pytest.CaptureFixture[str]) -> None:
    atomic_write_text(name, "a.n 1 :: b 2;\n")
    assert capfd.readouterr().out == "a.n 1 :: b 2;\n"
    assert not Path("-").exists()


def test_a_folder_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(OutputRefused, match="this output is a directory"):
        atomic_write_text(tmp_path, "x")
    assert list(tmp_path.iterdir()) == []


# -- outputs against inputs -----------------------------------------------------------------


def test_an_output_that_is_an_input_is_refused(tmp_path: Path) -> None:
    mine = tmp_path / "mine.tsv"
    mine.write_text("x", encoding="utf-8")
    with pytest.raises(OutputRefused, match=r"the output -o is the input file .*mine\.tsv"):
        check_outputs([mine], [("-o", mine)])


@posix_only
@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_a_link_to_an_input_is_refused(tmp_path: Path, link: str) -> None:
    mine = tmp_path / "mine.tsv"
    mine.write_text("x", encoding="utf-8")
    other_name = tmp_path / "elsewhere.tsv"
    if link == "symlink":
        other_name.symlink_to(mine)
    else:
        os.link(mine, other_name)
    with pytest.raises(OutputRefused, match="through a link or another name"):
        check_outputs([mine], [("-o", other_name)])


def test_two_outputs_on_one_path_are_refused_even_before_either_exists(tmp_path: Path) -> None:
    gold = tmp_path / "G"
    with pytest.raises(OutputRefused, match=r"the outputs -o .* and --mw .* are the same file"):
        check_outputs([], [("-o", gold), ("--mw", tmp_path / "." / "G")])
    with pytest.raises(OutputRefused, match="are the same file"):
        write_output_set([(gold, "a"), (tmp_path / "sub" / ".." / "G", "b")])
    assert not gold.exists()


def test_distinct_outputs_and_devices_pass(tmp_path: Path) -> None:
    source = tmp_path / "in"
    source.write_text("x", encoding="utf-8")
    targets = check_outputs([source, None], [("-o", tmp_path / "a"), ("--items", None),
                                             ("--mw", tmp_path / "b"), ("--log", "-")])
    assert [t.kind for t in targets] == [OutputKind.MISSING, OutputKind.MISSING,
                                         OutputKind.STDOUT]


# -- sets -----------------------------------------------------------------------------------


def test_a_set_that_fails_while_written_changes_nothing(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    write_output_set([(tmp_path / "gold", "old gold"), (tmp_path / "gold.mw", "old mw")])
    calls = {"n": 0}
    real_stage = output_set.stage_bytes

    def failing_stage(target, data):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        return real_stage(target, data)

    monkeypatch.setattr(output_set, "stage_bytes", failing_stage)
    with pytest.raises(OSError, match="No space"):
        write_output_set([(tmp_path / "gold", "new gold"), (tmp_path / "gold.mw", "new mw")])
    assert (tmp_path / "gold").read_text() == "old gold"
    assert (tmp_path / "gold.mw").read_text() == "old mw"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold", "gold.mw"]


def test_an_error_between_renames_still_completes_the_set(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    write_output_set([(tmp_path / "a.best", "old"), (tmp_path / "a.oot", "old")])
    calls = {"n": 0}
    real_commit = output_set.commit

    def interrupted(temporary, target, **options):
        calls["n"] += 1
        if calls["n"] == 2:  # the first rename after the journal's own
            raise KeyboardInterrupt
        real_commit(temporary, target, **options)

    monkeypatch.setattr(output_set, "commit", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_output_set([(tmp_path / "a.best", "new"), (tmp_path / "a.oot", "new")])
    assert (tmp_path / "a.best").read_text() == "new"
    assert (tmp_path / "a.oot").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.best", "a.oot"]


def test_output_set_as_a_block_discards_on_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError), OutputSet() as packages:
        packages.add(tmp_path / "ann.lexsubpkg", b"zip")
        raise ValueError("a package could not be made")
    assert list(tmp_path.iterdir()) == []


KILLED_WRITER = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from lexsub_studio.core.io import output_set

    folder, other, stage = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    output_set.write_output_set([(folder / "gold", "old gold\\n"), (other / "gold.mw", "old mw\\n"),
                                 (folder / "gold.items", "old items\\n")])
    real_commit, real_stage = output_set.commit, output_set.stage_bytes
    seen = {"commit": 0, "stage": 0}

    def die_on(kind, count, real):
        def wrapper(*args, **keywords):
            seen[kind] += 1
            if seen[kind] == count:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args, **keywords)
        return wrapper

    if stage == "between-renames":  # journal copies are two commits, then the renames
        output_set.commit = die_on("commit", 4, real_commit)
    else:
        output_set.stage_bytes = die_on("stage", 3, real_stage)
    output_set.write_output_set([(folder / "gold", "new gold\\n"), (other / "gold.mw", "new mw\\n"),
                                 (folder / "gold.items", "new items\\n")])
""")

NEXT_RUN = ("import sys; from lexsub_studio.core.io.atomic import atomic_write_text; "
            "atomic_write_text(sys.argv[1], 'x')")


@pytest.mark.slow
@posix_only
@pytest.mark.parametrize("stage", ["between-renames", "while-staging"])
def test_a_kill_leaves_a_set_that_the_next_run_makes_whole(tmp_path: Path, stage: str) -> None:
    folder, other = tmp_path / "out", tmp_path / "mw"
    folder.mkdir()
    other.mkdir()
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(folder), str(other), stage],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    texts = [(folder / "gold").read_text(), (other / "gold.mw").read_text(),
             (folder / "gold.items").read_text()]
    leftovers = [p.name for d in (folder, other) for p in d.iterdir() if p.name.startswith(".")]
    assert leftovers, "the kill left nothing to tidy: the test did not kill where it meant to"
    if stage == "between-renames":
        assert texts == ["new gold\n", "old mw\n", "old items\n"]  # the mix a kill leaves
    else:
        assert texts == ["old gold\n", "old mw\n", "old items\n"]
    time.sleep(0.05)  # the next run starts after the kill, as a real one does
    # The next run writes into one of the folders: it completes (or drops) the set everywhere.
    subprocess.run([sys.executable, "-c", NEXT_RUN, str(folder / "unrelated")], cwd=ROOT,
                   check=True, timeout=120)
    expected = "new" if stage == "between-renames" else "old"
    assert [(folder / "gold").read_text(), (other / "gold.mw").read_text(),
            (folder / "gold.items").read_text()] == [f"{expected} gold\n", f"{expected} mw\n",
                                                      f"{expected} items\n"]
    assert sorted(p.name for p in folder.iterdir()) == ["gold", "gold.items", "unrelated"]
    if stage == "between-renames":
        assert sorted(p.name for p in other.iterdir()) == ["gold.mw"]


# -- leftovers ------------------------------------------------------------------------------


def test_leftover_temporary_files_of_this_program_are_removed(tmp_path: Path) -> None:
    dead = _dead_pid()
    stale = _leftover(tmp_path, f".gold.lexsub-{dead}-k2j4h1x0.tmp", dead)
    mine = _leftover(tmp_path, f".gold.lexsub-{os.getpid()}-a1b2c3d4.tmp", os.getpid())
    foreign = _leftover(tmp_path, ".gold.q8w7e6r5.tmp", dead)  # not named as ours: kept
    young = tmp_path / f".gold.lexsub-{dead}-zz99yy88.tmp"  # newer than this process: kept
    young.write_text("?", encoding="utf-8")
    atomic_write_text(tmp_path / "gold", "a.n 1 :: b 2;\n")
    assert not stale.exists()
    assert mine.exists() and foreign.exists() and young.exists()


def test_a_damaged_leftover_journal_is_dropped(tmp_path: Path) -> None:
    dead = _dead_pid()
    journal = _leftover(tmp_path, f".lexsub-{dead}-0a1b2c3d.journal", dead)
    tidy_directory(tmp_path)
    assert not journal.exists()


def test_a_set_flushes_each_folder_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flushed: list[Path] = []
    real_flush = durable.fsync_directory

    def counting(folder):
        flushed.append(Path(folder))
        real_flush(folder)

    monkeypatch.setattr(durable, "fsync_directory", counting)
    monkeypatch.setattr(output_set, "fsync_directory", counting)
    write_output_set([(tmp_path / f"p{number}.lexsubpkg", b"zip") for number in range(50)])
    # The journal's own rename and removal, and one flush after the fifty renames.
    assert flushed.count(tmp_path) <= 3
