"""``lexsub score`` on the official path: files, exit codes, messages, and a lean start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main

GOLD = b"\na.n 1 :: go 2;run 1;\nb.v 2 :: up 3;down 1;"  # the real shape: blank first line
BEST = b"b.v 2 :: up\na.n 1 :: run;go \n"


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    system = tmp_path / "S"
    gold = tmp_path / "G"
    system.write_bytes(BEST)
    gold.write_bytes(GOLD)
    return system, gold


def test_scores_and_prints_the_official_lines(files, capsysbinary) -> None:
    system, gold = files
    assert main(["score", str(system), str(gold), "-v"]) == 0
    # item 2: 'up' 3/4, one guess; item 1: 'run' 1/3 + 'go ' 0 over two guesses = 1/6.
    # precision = (0.75 + 1/6) / 2 = 0.4583 -> 45.83; mode: item 2 hit, item 1 'run' wrong.
    assert capsysbinary.readouterr().out == (
        b"b.v Item 2 mode 'up' : system 'up'  correct\n"
        b"b.v Item 2 credit 0.75 guesses 1 human responses 4: score is 0.75\n"
        b"a.n Item 1 mode 'go' : system 'run' wrong\n"
        b"a.n Item 1 credit 0.333333333333333 guesses 2 human responses 3: "
        b"score is 0.333333333333333\n"
        b"Total = 2, attempted = 2\n"
        b"precision = 45.83, recall = 45.83\n"
        b"Total with mode 2 attempted 2\n"
        b"Mode precision = 50.00, Mode recall = 50.00\n")


def test_trial_release_prints_fractions(files, capsysbinary) -> None:
    system, gold = files
    assert main(["score", str(system), str(gold), "--scorer", "trial"]) == 0
    assert b"precision = 0.458, recall = 0.458\n" in capsysbinary.readouterr().out


@pytest.mark.parametrize("which", ["system", "gold"])
def test_missing_file_is_one_sentence_and_exit_2(files, capsys, which: str) -> None:
    system, gold = files
    paths = [str(system), str(gold)]
    paths[0 if which == "system" else 1] = "/nonexistent/file"
    assert main(["score", *paths]) == 2
    err = capsys.readouterr().err
    assert err == f"lexsub: /nonexistent/file: error: cannot read the {which} file: it does " \
                  "not exist.\n"


def test_directory_is_refused_with_exit_2(files, tmp_path, capsys) -> None:
    assert main(["score", str(tmp_path), str(files[1])]) == 2
    assert "cannot read the system file: it is a directory." in capsys.readouterr().err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="permissions do not stop the superuser")
def test_unreadable_file_is_refused_with_exit_2(files, capsys) -> None:
    system, gold = files
    gold.chmod(0)
    try:
        assert main(["score", str(system), str(gold)]) == 2
    finally:
        gold.chmod(0o644)
    assert "cannot read the gold file: permission denied." in capsys.readouterr().err


def test_wrong_kind_prints_the_errors_then_exits_4(files, tmp_path, capsysbinary) -> None:
    oot = tmp_path / "O"
    oot.write_bytes(b"a.n 1 ::: go;run\nb.v 2 ::: up\n")
    assert main(["score", str(oot), str(files[1])]) == 4
    captured = capsysbinary.readouterr()
    assert captured.out == f"Error in {oot} on line 1\nError in {oot} on line 2\n".encode()
    assert b"is an oot file, not a best file" in captured.err
    assert b"score it with -t oot" in captured.err


def test_gold_without_usable_line_exits_1(files, tmp_path, capsys) -> None:
    gold = tmp_path / "empty-gold"
    gold.write_bytes(b"\nnothing to see\n")
    assert main(["score", str(files[0]), str(gold)]) == 1  # the input has errors
    assert "has no usable gold line" in capsys.readouterr().err


def test_zero_denominator_exits_255_after_the_lines_so_far(files, tmp_path, capsysbinary) -> None:
    system = tmp_path / "blank"
    system.write_bytes(b"a.n 1 :: \n")
    assert main(["score", str(system), str(files[1]), "--scorer", "trial", "-v"]) == 255
    captured = capsysbinary.readouterr()
    assert captured.out == (b"a.n Item 1 mode 'go' : system '' wrong\n"
                            b"a.n Item 1 credit  guesses 0 human responses 3: score is \n")
    assert captured.err.startswith(b"lexsub score: precision is undefined")


@pytest.mark.parametrize("arguments", [["score"], ["score", "only-one"],
                                        ["score", "S", "G", "--scorer", "beta"]])
def test_usage_errors_exit_2_with_usage(arguments, capsys) -> None:
    assert main(arguments) == 2
    assert "usage: lexsub score" in capsys.readouterr().err


def test_unknown_task_exits_2(files, capsys) -> None:
    assert main(["score", str(files[0]), str(files[1]), "-t", "all"]) == 2
    assert "-t must be one of best, oot, mw" in capsys.readouterr().err


def test_official_path_loads_nothing_heavy(files) -> None:
    """The official path must start fast: no pandas, lxml, Qt or matplotlib in sys.modules."""
    system, gold = files
    code = (
        "import sys, io\n"
        "from lexsub_studio.cli.main import main\n"
        "sys.stdout = io.TextIOWrapper(io.BytesIO())\n"
        f"code = main(['score', {str(system)!r}, {str(gold)!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in\n"
        "               ('pandas', 'numpy', 'lxml', 'PySide6', 'matplotlib', 'lemminflect'))\n"
        "print(code, heavy, file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stderr.strip() == "0 []"


def test_the_plain_official_run_is_read_by_the_one_parser(files, monkeypatch,
                                                         capsys) -> None:
    # One reader of `lexsub score`'s arguments: the plain official run takes argparse's way too.
    from lexsub_studio.cli import main as cli_main

    built: list[str | None] = []
    build = cli_main.build_lexsub_parser

    def recording(command: str | None = None):  # type: ignore[no-untyped-def]
        built.append(command)
        return build(command)

    monkeypatch.setattr(cli_main, "build_lexsub_parser", recording)
    system, gold = files
    assert main(["score", str(system), str(gold), "-t", "best"]) == 0
    assert built == ["score"]
    assert capsys.readouterr().out.startswith("Total = ")


def test_official_run_compiles_only_the_patterns_of_its_task(files) -> None:
    system, gold = files
    code = (
        "import sys, io\n"
        "from lexsub_studio.cli.main import main\n"
        "sys.stdout = io.TextIOWrapper(io.BytesIO())\n"
        f"code = main(['score', {str(system)!r}, {str(gold)!r}, '-t', 'mw'])\n"
        "from lexsub_studio.core.scoring.official import scorer as official\n"
        "from lexsub_studio.core.scoring.official import release as official_release\n"
        "compiled = sorted(name for name in ('BEST_SCAN', 'OOT_SCAN', 'MW_SCAN')\n"
        "                  if getattr(official, name)._compiled is not None)\n"
        "def built(name):\n"
        "    try:\n"
        "        object.__getattribute__(official_release.FINAL, name)\n"
        "    except AttributeError:\n"
        "        return False\n"
        "    return True\n"
        "print(code, compiled,\n"
        "      built('fields'), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    # Read as a multiword gold, both lines are items with a mode ("go", "up"): the per-field
    # pattern reads them; the best and oot patterns are never compiled.
    assert result.stderr.strip().splitlines()[-1] == "0 ['MW_SCAN'] True"


def test_the_program_prints_everything_and_exits_with_the_code(tmp_path: Path) -> None:
    # Run as a user runs it: the program ends the process itself once its output is
    # flushed. Item 1: "go" earns 2/2 from one guess; mode "go" hit. All figures are 100%.
    (tmp_path / "S").write_bytes(b"a.n 1 :: go\n")
    (tmp_path / "G").write_bytes(b"a.n 1 :: go 2;\n")
    result = subprocess.run([sys.executable, "-m", "lexsub_studio", "score", "S", "G"],
                            cwd=tmp_path, capture_output=True)
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout == (b"Total = 1, attempted = 1\n"
                             b"precision = 100.00, recall = 100.00\n"
                             b"Total with mode 1 attempted 1\n"
                             b"Mode precision = 100.00, Mode recall = 100.00\n")
    # A gold without a usable line: the original dies before printing; the reason, exit 1.
    (tmp_path / "G").write_bytes(b"a.n 1 :: go 1;\n")
    result = subprocess.run([sys.executable, "-m", "lexsub_studio", "score", "S", "G"],
                            cwd=tmp_path, capture_output=True)
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr.startswith(b"lexsub score: G has no usable gold line")
    assert result.stderr.endswith(b".\n")
