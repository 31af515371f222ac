"""`lexsub` parses its command line with one argparse parser, a sub-parser per command, and
imports no command module but the one that runs (cli/main.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lexsub_studio.cli.main import COMMANDS, build_lexsub_parser, main


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_its_own_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: lexsub {name} [-h]")


def test_the_commands_are_sub_parsers_of_one_parser() -> None:
    parser, chosen = build_lexsub_parser("stats")
    assert chosen is not None and chosen.prog == "lexsub stats"
    args = parser.parse_args(["stats", "corpus.xml"])
    assert args.command == "stats" and args._run.__module__ == "lexsub_studio.cli.stats"


@pytest.mark.slow
def test_a_command_imports_no_other_command_module() -> None:
    code = ("import sys, io\n"
            "from lexsub_studio.cli.main import main\n"
            "sys.stdout = io.StringIO()\n"
            "code = main(['validate', '--help'])\n"
            "print(code, *sorted(sys.modules), file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    code, *loaded = result.stderr.split()
    commands = {module for module, _ in COMMANDS.values()}
    assert code == "0"
    assert commands.intersection(loaded) == {"lexsub_studio.cli.validate"}


def test_an_unknown_command_is_a_usage_error_that_names_the_commands(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scroe", "run.best", "gold"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'scroe'" in err and "'score'" in err


def test_without_a_command_the_overview_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "commands:" in capsys.readouterr().out
