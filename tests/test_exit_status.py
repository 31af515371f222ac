"""The exit-status policy of every lexsub command (README, docs/formats.md "Exit status"):
0 success; 1 the input has errors or a figure is undefined; 2 usage error or unreadable input;
3 an internal error, reported in a few lines with the details in a log file; never a traceback.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from lexsub_studio.cli import exitcodes
from lexsub_studio.cli import validate as validate_command
from lexsub_studio.cli.main import COMMANDS, main
from lexsub_studio.core.io.validate import validate_file
from lexsub_studio.core.scoring.official.scorer import EXIT_UNDEFINED, run_official

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"


def _explode(*args: object, **kwargs: object) -> None:
    raise KeyError(0)


def test_an_internal_error_exits_3_with_a_short_report_and_a_log(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        _isolated_user_dirs: Path) -> None:
    # Deep inside: the function the validate command calls for each file.
    monkeypatch.setattr(validate_command, "validate_file", _explode)
    assert main(["validate", str(DEMO / "gold")]) == exitcodes.INTERNAL == 3
    err = capsys.readouterr().err
    assert err.startswith("lexsub: internal error (a fault in lexsub, not in your files")
    assert "Traceback" not in err and "KeyError" not in err
    assert "It stopped in cli/validate.py:" in err
    [log] = (_isolated_user_dirs / "logs").iterdir()
    assert str(log) in err
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "KeyError: 0" in text


def test_an_internal_error_log_holds_no_password_and_only_its_user_reads_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        _isolated_user_dirs: Path) -> None:
    import stat
    import sys

    from lexsub_studio.cli import campaign as campaign_command

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError(
            "cannot reach postgresql://organiser:S3cret-url@db.example.org:5432/campaigns and "
            "host=db port=5432 password='S3cret kv' user=x; "
            "postgresql://db/c?sslmode=verify-full&password=S3cret-query; "
            "CampaignLink(role='r', password='S3cret-repr'); {\"password\": \"S3cret-json\"}")

    monkeypatch.setattr(campaign_command, "run_status", explode)
    argv = ["lexsub", "campaign", "status",
            "postgresql://organiser:S3cret-argv@db.example.org/campaigns", "--campaign", "c"]
    monkeypatch.setattr(sys, "argv", argv)
    monkeypatch.setenv("PGPASSWORD", "S3cret-env")
    assert main(argv[1:]) == 3
    err = capsys.readouterr().err
    [log] = (_isolated_user_dirs / "logs").iterdir()
    assert str(log) in err and "S3cret" not in err
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    text = log.read_text(encoding="utf-8")
    assert "S3cret" not in text
    assert "postgresql://organiser:***@db.example.org/campaigns" in text
    assert "postgresql://organiser:***@db.example.org:5432/campaigns" in text
    assert "password=***" in text and '"password": "***"' in text
    assert "RuntimeError" in text and "host=db port=5432" in text


def test_the_official_scoring_path_reports_an_internal_error_the_same_way(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_studio.cli import score

    monkeypatch.setattr(score, "run_official", _explode)
    code = main(["score", str(DEMO / "systems" / "alpha.best"), str(DEMO / "gold")])
    assert code == 3
    err = capsys.readouterr().err
    assert "internal error" in err and "Traceback" not in err


def test_without_a_writable_home_the_log_goes_to_the_temporary_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "home-is-a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(blocked))
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    monkeypatch.setattr(validate_command, "validate_file", _explode)
    assert main(["validate", str(DEMO / "gold")]) == 3
    [log] = temporary.iterdir()
    assert str(log) in capsys.readouterr().err


def test_running_out_of_memory_is_said_in_words(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    def exhaust(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(validate_command, "validate_file", exhaust)
    assert main(["validate", str(DEMO / "gold")]) == 3
    err = capsys.readouterr().err
    assert "ran out of memory" in err and "Traceback" not in err


def test_input_errors_still_exit_1_and_unreadable_input_2(tmp_path: Path) -> None:
    damaged = tmp_path / "gold"
    damaged.write_text("a.n 1 :: go 3;up 99999999999;\n", encoding="utf-8")
    assert any(d.severity.value == "error" for d in validate_file(str(damaged)).diagnostics)
    assert main(["validate", str(damaged)]) == 1  # ... which is exit 1
    assert main(["validate", str(tmp_path / "missing")]) == 2


def test_a_gold_without_a_usable_line_is_an_input_error_not_an_internal_one(
        tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text("a.n 1 :: go 1;\n", encoding="utf-8")
    system = tmp_path / "s.best"
    system.write_text("a.n 1 :: go\n", encoding="utf-8")
    assert main(["score", str(system), str(gold)]) == exitcodes.FAILED


@pytest.mark.parametrize("arguments", [
    ["compare", "S1", "S2", "G", "--seed", "-1"],
    ["compare", "S1", "S2", "G", "--samples", "99999999999999999"],
    ["compare", "S1", "S2", "G", "--samples", "0"],
    ["compare", "S1", "S2", "G", "--seed", "9" * 5000],
    ["agree", "R", "--seed", "-1", "--bootstrap", "10"],
    ["agree", "R", "--bootstrap", "99999999999999"],
    ["baseline", "random", "G", "--seed", "-3", "-o", "P"],
    ["make-task", "C", "--seed", "-1", "-o", "X"],
    ["make-task", "C", "--min-count", "0"],
    ["packages", "make", "C", "--seed", "-1", "--annotators", "3", "--per-instance", "2",
     "-o", "D"],
    ["gold", "R", "--max-messages", "-1", "-o", "G"],
])
def test_bad_numeric_options_are_usage_errors_naming_the_option(
        arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(arguments) == 2
    err = capsys.readouterr().err
    option = next(a for a in arguments if a.startswith("--"))  # the bad one comes first
    assert f"{option} must be at least" in err
    assert "Traceback" not in err and len(err) < 2000


def test_the_overview_lists_the_commands_and_the_exit_statuses(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # each summary on its line, unwrapped
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    for status in ("0 success", "1 the input has errors", "2 usage error", "3 internal error"):
        assert status in text
    words = " ".join(text.split())
    for name, (_, summary) in COMMANDS.items():
        assert f"{name} {summary}" in words


def test_a_gold_item_whose_counts_add_up_to_zero_is_blamed_on_the_gold() -> None:
    result = run_official(b"a.n 1 :: go\na.n 2 :: xx\n",
                          b"a.n 1 :: go 2;xx 1;\na.n 2 :: xx 0;yy 0;",
                          system_name="run.best", gold_name="damaged.gold")
    assert result.exit_code == EXIT_UNDEFINED
    assert result.stderr.startswith("damaged.gold: the counts of gold item 2 add up to 0")
    assert "line 2 of run.best" in result.stderr


@pytest.mark.parametrize("task, system, gold, undefined", [
    ("best", b"a.n 1 :: go\n", b"a.n 1 :: go 2;up 2;", "no attempted item has a mode in G"),
    ("mw", b"a.n 1 :: take place\n", b"a.n 1 :: take place 1;", "no item of G has a multiword"),
])
def test_figures_undefined_because_of_the_gold_name_the_gold(task: str, system: bytes,
                                                             gold: bytes, undefined: str) -> None:
    result = run_official(system, gold, task=task, system_name="S", gold_name="G")
    assert undefined in result.stderr or "G has no usable" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("options", [["-v"], ["--clean", "-v"],
                                     ["--metrics", "all", "--by", "lexelt", "--format", "csv"]])
def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path: Path,
                                                          options: list[str]) -> None:
    """`lexsub ... | head`: no traceback and no error line when the pipe closes early (the
    output is made larger than a pipe holds, so the writer meets the closed pipe)."""
    import subprocess
    import sys

    gold = tmp_path / "gold"
    system = tmp_path / "run.best"
    gold.write_text("".join(f"w{n}.n {n} :: alpha 3;beta 2;gamma 1;\n" for n in range(6000)),
                    encoding="utf-8")
    system.write_text("".join(f"w{n}.n {n} :: beta;delta\n" for n in range(6000)),
                      encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "lexsub_studio.cli.main", "score", str(system), str(gold),
         *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()
    error = process.stderr.read().decode()
    assert process.wait(timeout=120) == 0
    assert "Traceback" not in error and "Broken pipe" not in error, error


def test_the_overview_to_a_closed_pipe_ends_quietly() -> None:
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "lexsub_studio.cli.main", "--help"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the overview is written: the write meets a closed pipe
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert "Traceback" not in error and "Broken pipe" not in error, error


def test_an_internal_error_log_is_whole_when_a_file_name_is_not_utf8(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        _isolated_user_dirs: Path) -> None:
    """A name that is not UTF-8 reaches Python with surrogate escapes ('\\udce9'); the log
    that names the command still holds the whole report."""
    monkeypatch.setattr(validate_command, "validate_file", _explode)
    monkeypatch.setattr("sys.argv", ["lexsub", "validate", "r\udce9.txt"])
    assert main(["validate", "r\udce9.txt"]) == exitcodes.INTERNAL
    [log] = (_isolated_user_dirs / "logs").iterdir()
    assert str(log) in capsys.readouterr().err
    text = log.read_text(encoding="utf-8")
    assert "r\\udce9.txt" in text and "KeyError: 0" in text
