"""``lexsub packages make`` and ``lexsub packages check`` on the demo corpus and small files."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.package import read_package
from lexsub_studio.core.io.formats.responses import RESPONSES_COLUMNS, RESPONSES_MAGIC

NAMES = "amira,bruno,chen,dara,emil"


def _make(demo_dir: Path, out: Path, *extra: str) -> int:
    return main(["packages", "make", str(demo_dir / "demo.xml"), "--annotators", NAMES,
                 "--per-instance", "3", "--seed", "7", "-o", str(out), *extra])


def _members(path: Path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("corpus.xml")


def test_make_writes_balanced_packages(demo_dir: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert _make(demo_dir, tmp_path / "a") == 0
    out = capsys.readouterr().out
    # The demo corpus has 55 instances: 55 x 3 = 165 slots over 5 annotators = 33 each.
    assert "5 package(s) written" in out and "55 instance(s), 3 annotator(s) each" in out
    loads = {}
    for path in sorted((tmp_path / "a").glob("*.lexsubpkg")):
        package = read_package(path).package
        loads[package.annotator] = len(package.corpus)
    assert loads == dict.fromkeys(NAMES.split(","), 33)
    # Same seed, same packages (the manifest's creation time aside).
    assert _make(demo_dir, tmp_path / "b") == 0
    assert "other package" not in capsys.readouterr().err
    for path in (tmp_path / "a").glob("*.lexsubpkg"):
        assert _members(path) == _members(tmp_path / "b" / path.name)


def test_check_reports_missing_and_exits_1(demo_dir: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert _make(demo_dir, tmp_path / "p") == 0
    capsys.readouterr()
    responses = sorted((demo_dir / "responses").glob("*.tsv"))
    # The demo responses answer all 55 instances: each annotator's 33 are answered, the other
    # 22 rows are unexpected; nothing is missing.
    assert main(["packages", "check", str(tmp_path / "p"), *map(str, responses)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == ["amira", "33", "33", "0", "22", "100%"]
    assert "275 row(s) from 5 file(s): 0 missing, 110 unexpected" in out
    # Only amira's file, cut to its first 10 rows: amira answered those of her 33 that are
    # among them; everybody else is missing everything.
    given = {(lx.item, i.id) for lx in read_package(tmp_path / "p" / "amira.lexsubpkg")
             .package.corpus.lexelts for i in lx.instances}
    lines = (demo_dir / "responses" / "amira.tsv").read_text(encoding="utf-8").splitlines()
    kept = lines[:12]
    answered = sum(1 for line in kept[2:] if tuple(line.split("\t")[:2]) in given)
    cut = tmp_path / "amira.tsv"
    cut.write_text("\n".join(kept) + "\n", encoding="utf-8")
    assert main(["packages", "check", str(tmp_path / "p"), str(cut)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[1].split() == [
        "amira", "33", str(answered), str(33 - answered), str(10 - answered),
        f"{100 * answered / 33:.0f}%"]
    assert out.splitlines()[2].split() == ["bruno", "33", "0", "33", "0", "0%"]


def test_training_from_a_gold_file(demo_dir: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "train.gold"
    gold.write_text("bright.a 1 :: clever 4;intelligent 2;\nfair.a 7 :: just 3;\n",
                    encoding="utf-8")
    assert _make(demo_dir, tmp_path / "p", "--training", str(gold)) == 0
    out = capsys.readouterr().out
    # 55 - 2 training = 53 instances x 3 = 159 slots over 5: 32, 32, 32, 32, 31.
    assert "53 instance(s)" in out and "2 training item(s)" in out
    loads = []
    for path in (tmp_path / "p").glob("*.lexsubpkg"):
        package = read_package(path).package
        loads.append(len(package.corpus))
        assert package.references[("bright.a", "1")].substitutes == ("clever", "intelligent")
    assert sorted(loads) == [31, 32, 32, 32, 32]
    # The responses hand in no training rows; bright.a 1 is nobody's to answer now.
    rows = [RESPONSES_MAGIC, "\t".join(RESPONSES_COLUMNS),
            "bright.a\t1\tamira\tclever\t\t\t\t0\t0\t\t"]
    responses = tmp_path / "r.tsv"
    responses.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert main(["packages", "check", str(tmp_path / "p"), str(responses)]) == 1
    out = capsys.readouterr().out
    assert "amira: 1 row(s) for training items (not counted)" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--annotators", "a,a", "--per-instance", "1"], "given twice"),
    (["--annotators", "2", "--per-instance", "3"], "between 1 and the number"),
])
def test_make_usage_errors(demo_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                           argv: list[str], message: str) -> None:
    code = main(["packages", "make", str(demo_dir / "demo.xml"), *argv, "--seed", "1",
                 "-o", str(tmp_path / "o")])
    assert code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_check_without_packages_is_a_clear_error(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    responses = tmp_path / "r.tsv"
    responses.write_text(f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n",
                         encoding="utf-8")
    assert main(["packages", "check", str(tmp_path), str(responses)]) == 2
    assert "no annotator package" in capsys.readouterr().err


def test_make_warns_about_other_packages_in_the_folder(demo_dir: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p"
    out.mkdir()
    (out / "zoe.lexsubpkg").write_bytes(b"")
    assert _make(demo_dir, out) == 0
    assert "also holds 1 other package(s) (zoe.lexsubpkg)" in capsys.readouterr().err


def test_make_with_a_campaign_names_it_in_every_package(demo_dir: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    url = "postgresql://organiser:pw-9q@db.example.org/camps?sslmode=require"
    assert _make(demo_dir, tmp_path / "a", "--campaign", url, "--campaign-name", "part1") == 0
    packages = sorted((tmp_path / "a").glob("*.lexsubpkg"))
    assert len(packages) == len(NAMES.split(","))
    for path in packages:
        campaign = read_package(path).package.campaign
        assert campaign is not None
        assert (campaign.url, campaign.name) == (
            "postgresql://db.example.org/camps?sslmode=require", "part1")
        with zipfile.ZipFile(path) as archive:
            assert b"pw-9q" not in archive.read("manifest.json")
    assert "pw-9q" not in capsys.readouterr().out
    assert _make(demo_dir, tmp_path / "b", "--campaign", url) == 2
    assert "--campaign URL and --campaign-name NAME go together" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_check_refuses_a_fifo_named_like_a_package_at_once(demo_dir: Path,
                                                             tmp_path: Path) -> None:
    folder = tmp_path / "packages"
    assert main(["packages", "make", str(demo_dir / "demo.xml"), "--annotators", "a,b",
                 "--per-instance", "1", "--seed", "1", "-o", str(folder)]) == 0
    os.mkfifo(folder / "zz.lexsubpkg")
    # In a child process with a time limit: opening the FIFO for reading used to wait forever
    # for a writer, which would hang the suite instead of failing it.
    done = subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", "packages", "check",
                           str(folder), str(demo_dir / "responses" / "amira.tsv")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "zz.lexsubpkg" in done.stderr and "not a regular file" in done.stderr
