"""lexsub demo PATH: the bundled demo copied into a folder of the user's, never over their files
unless asked, and the commands it suggests work on the copy."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.paths import demo_dir

DEMO = demo_dir()
EXPECTED = {"demo.xml", "gold", "gold.mw", "responses/amira.tsv", "responses/bruno.tsv",
            "responses/chen.tsv", "responses/dara.tsv", "responses/emil.tsv",
            "systems/alpha.best", "systems/alpha.mw", "systems/alpha.oot", "systems/beta.best",
            "systems/gamma.weighted"}


def _files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in folder.rglob("*") if path.is_file()}


def test_demo_copies_every_demo_file_and_says_what_to_try(tmp_path: Path, capsys) -> None:
    target = tmp_path / "new folder" / "demo"
    assert main(["demo", str(target)]) == 0
    copied = _files(target)
    assert set(copied) == EXPECTED
    assert copied == {name: (DEMO / name).read_bytes() for name in EXPECTED}
    out = capsys.readouterr().out
    assert f"wrote {target / 'systems' / 'alpha.best'}" in out
    assert f"13 files of the demo in {target}" in out
    assert f"  lexsub score {shlex.quote(str(target / 'systems/alpha.best'))} " in out


def test_the_suggested_score_command_runs_on_the_copy(tmp_path: Path, capsys) -> None:
    assert main(["demo", str(tmp_path / "d")]) == 0
    suggested = [line.strip() for line in capsys.readouterr().out.splitlines()
                 if line.startswith("  lexsub score ") and line.endswith(" -v")]
    arguments = shlex.split(suggested[0])[1:]
    assert main(arguments) == 0
    assert "precision = 35.98, recall = 35.98" in capsys.readouterr().out


def test_demo_refuses_to_replace_files_and_writes_nothing(tmp_path: Path, capsys) -> None:
    (tmp_path / "systems").mkdir()
    mine = tmp_path / "systems" / "alpha.best"
    mine.write_text("my own answers\n")
    assert main(["demo", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert "1 of the demo's 13 files are there already" in error
    assert str(mine) in error and "--force" in error
    assert mine.read_text() == "my own answers\n"
    assert _files(tmp_path) == {"systems/alpha.best": b"my own answers\n"}


def test_demo_with_force_replaces_them(tmp_path: Path, capsys) -> None:
    (tmp_path / "gold").write_text("old\n")
    assert main(["demo", str(tmp_path), "--force"]) == 0
    assert (tmp_path / "gold").read_bytes() == (DEMO / "gold").read_bytes()
    assert "(1 replaced)" in capsys.readouterr().out


def test_demo_refuses_a_file_as_the_folder(tmp_path: Path, capsys) -> None:
    (tmp_path / "f").write_text("x")
    assert main(["demo", str(tmp_path / "f")]) == 2
    assert "not a folder" in capsys.readouterr().err


@pytest.mark.parametrize("force", [False, True])
def test_demo_never_copies_onto_the_installed_demo(force: bool, capsys) -> None:
    before = _files(DEMO)
    assert main(["demo", str(DEMO), *(["--force"] if force else [])]) == 2
    assert capsys.readouterr().err.startswith("lexsub")
    assert _files(DEMO) == before
