"""`lexsub` as a program ends without the interpreter's teardown only when nothing waits for it:
its output complete and its exit status the command's, its exit handlers run once, and another
thread still honoured. A command that multiplies no matrices starts numpy with one BLAS
thread."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _responses(path: Path) -> None:
    rows = "".join(f"sing.v\t{number}\tann\tchant\tcroon\t\t\t0\t0\t\t5\n"
                   for number in range(1, 2001))
    path.write_text("# lexsub-responses 1\n"
                    "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name"
                    "\tcomment\tseconds\n" + rows, encoding="utf-8")


@pytest.mark.slow
def test_the_gold_written_to_a_pipe_is_complete_and_the_status_kept(tmp_path: Path) -> None:
    _responses(tmp_path / "ann.tsv")
    done = subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", "gold",
                           str(tmp_path / "ann.tsv"), "-o", "-"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert len(lines) == 2000
    assert lines[-1] == "sing.v 2000 :: chant 1;croon 1;"
    assert "responses: 2000 row(s)" in done.stderr
    missing = subprocess.run([sys.executable, "-m", "lexsub_studio", "gold",
                              str(tmp_path / "absent.tsv"), "-o", str(tmp_path / "gold")],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2
    assert "absent.tsv" in missing.stderr


@pytest.mark.slow
def test_an_exit_handler_still_runs(tmp_path: Path) -> None:
    _responses(tmp_path / "ann.tsv")
    probe = ("import atexit, sys\n"
             "atexit.register(print, 'the handler ran')\n"
             "from lexsub_studio.cli.main import run_program\n"
             "run_program()\n")
    done = subprocess.run([sys.executable, "-c", probe, "gold", str(tmp_path / "ann.tsv"),
                           "-o", str(tmp_path / "gold")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "the handler ran"
    assert done.stdout.count("the handler ran") == 1
    assert (tmp_path / "gold").read_text(encoding="utf-8").count("\n") == 2000


def test_a_run_that_imported_logging_ends_without_the_teardown(tmp_path: Path) -> None:
    _responses(tmp_path / "ann.tsv")
    # logging registers an exit handler when imported (pandas imports it): the handler runs,
    # then the process ends without freeing its objects one by one (no __del__ runs then).
    probe = ("import logging, sys\n"
             "class Noisy:\n"
             "    def __del__(self):\n"
             "        print('torn down')\n"
             "sys.modules['noisy'] = Noisy()\n"
             "logging.getLogger('lexsub').addHandler(logging.StreamHandler(sys.stdout))\n"
             "logging.getLogger('lexsub').warning('logged')\n"
             "from lexsub_studio.cli.main import run_program\n"
             "run_program()\n")
    done = subprocess.run([sys.executable, "-c", probe, "gold", str(tmp_path / "ann.tsv"),
                           "-o", str(tmp_path / "gold")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "logged"
    assert "torn down" not in done.stdout
    assert (tmp_path / "gold").read_text(encoding="utf-8").count("\n") == 2000


def test_teardown_is_skipped_only_when_nothing_waits_for_it() -> None:
    probe = ("import atexit, threading\n"
             "from lexsub_studio.cli.main import _nothing_waits_for_teardown as free\n"
             "print(free())\n"
             "release = threading.Event()\n"
             "worker = threading.Thread(target=release.wait)\n"
             "worker.start()\n"
             "print(free())\n"
             "release.set()\n"
             "worker.join()\n"
             "atexit.register(print, 'end')\n"
             "print(free())\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.splitlines() == ["True", "False", "True", "end"]


def test_a_profiled_run_still_writes_its_profile(tmp_path: Path) -> None:
    _responses(tmp_path / "ann.tsv")
    profile = tmp_path / "run.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m",
                           "lexsub_studio.cli.main", "gold", str(tmp_path / "ann.tsv"), "-o",
                           str(tmp_path / "gold")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert profile.stat().st_size > 0


def test_gold_starts_numpy_with_one_blas_thread_unless_the_environment_chooses() -> None:
    probe = ("import os, sys\n"
             "from lexsub_studio.cli import main\n"
             "main._choose_blas_threads(sys.argv[1])\n"
             "print(os.environ.get('OPENBLAS_NUM_THREADS'))\n")
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")}

    def chosen(command: str, **extra: str) -> str:
        done = subprocess.run([sys.executable, "-c", probe, command], capture_output=True,
                              text=True, timeout=120, env={**environment, **extra})
        return done.stdout.strip()

    assert chosen("gold") == "1"
    assert chosen("agree") == "None"  # alpha and kappa multiply matrices
    assert chosen("gold", OMP_NUM_THREADS="2") == "None"
    assert chosen("gold", OPENBLAS_NUM_THREADS="4") == "4"
