"""Every command's outputs: never over an input or each other, streamed to -, written as sets."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "data" / "demo"

CONLL = ("#s1\n1\tThe\tthe\tDT\n2\tdog\tdog\tNN\n3\tbarked\tbark\tVBD\n\n"
         "#s2\n1\tA\ta\tDT\n2\tdog\tdog\tNN\n3\tslept\tsleep\tVBD\n\n")


@pytest.fixture()
def work(tmp_path: Path) -> Path:
    """A copy of the demo files: a command that wrongly writes over an input harms only this."""
    shutil.copytree(DEMO, tmp_path / "demo")
    (tmp_path / "sentences.conll").write_text(CONLL, encoding="utf-8")
    return tmp_path


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _responses(work: Path) -> list[str]:
    return [str(p) for p in sorted((work / "demo" / "responses").glob("*.tsv"))]


def _refused(argv: list[str], work: Path, capsys: pytest.CaptureFixture[str],
             phrase: str) -> str:
    """Run argv; it must exit 2 with ``phrase`` on stderr and change no file under work."""
    before = _snapshot(work)
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert phrase in err
    assert "Traceback" not in err
    assert _snapshot(work) == before
    return err


# -- never over an input -----------------------------------------------------------------------


def test_gold_refuses_to_write_over_a_responses_file(work: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    mine, other = _responses(work)[:2]
    err = _refused(["gold", mine, other, "-o", mine], work, capsys,
                   "would destroy that input")
    assert err.startswith(f"lexsub: {mine}: error: the output -o is the input file {mine}")


def test_the_refusal_comes_before_anything_is_read(work: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    mine = _responses(work)[0]
    missing = str(work / "not-there.tsv")
    err = _refused(["gold", mine, missing, "-o", mine], work, capsys, "would destroy that input")
    assert "not-there" not in err  # the unreadable input was never opened


def test_gold_refuses_its_merge_map_and_two_outputs_on_one_path(
        work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    merge_map = work / "merges.tsv"
    merge_map.write_text("glad\thappy\n", encoding="utf-8")
    _refused(["gold", *_responses(work), "--map", str(merge_map), "-o", str(merge_map)], work,
             capsys, "the output -o is the input file")
    target = str(work / "G")
    _refused(["gold", *_responses(work), "-o", target, "--mw", target], work, capsys,
             "are the same file")
    assert not Path(target).exists()


@pytest.mark.skipif(os.name != "posix", reason="symlinks and hard links")
def test_links_to_an_input_are_refused(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = _responses(work)[0]
    (work / "soft").symlink_to(mine)
    os.link(mine, work / "hard")
    for alias in ("soft", "hard"):
        _refused(["gold", *_responses(work), "-o", str(work / alias)], work, capsys,
                 "through a link or another name")


def test_score_agree_stats_make_task_refuse_their_inputs(
        work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    system, gold, corpus = (str(work / "demo" / "systems" / "alpha.best"),
                            str(work / "demo" / "gold"), str(work / "demo" / "demo.xml"))
    _refused(["score", system, gold, "--clean", "-o", system], work, capsys,
             "the output -o is the input file")
    _refused(["score", system, gold, "--clean", "--items", gold], work, capsys,
             "the output --items is the input file")
    _refused(["score", system, gold, "--clean", "-o", str(work / "r"), "--items",
              str(work / "r")], work, capsys, "are the same file")
    responses = _responses(work)
    _refused(["agree", *responses, "-o", responses[-1]], work, capsys,
             "the output -o is the input file")
    _refused(["stats", corpus, gold, "-o", corpus], work, capsys,
             "the output -o is the input file")
    conll = str(work / "sentences.conll")
    _refused(["make-task", conll, "--targets", "dog.n", "-o", conll], work, capsys,
             "the output -o is the input file")


def test_a_baseline_prefix_that_lands_on_the_gold_is_refused(
        work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = work / "round.best"
    shutil.copy(work / "demo" / "gold", gold)
    _refused(["baseline", "frequency", str(gold), "-o", str(work / "round")], work, capsys,
             "the output -o ")


def test_packages_are_never_written_over_an_input(work: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = work / "round"
    out.mkdir()
    guidelines = out / "amira.lexsubpkg"  # kept, oddly, under the name of amira's package
    guidelines.write_text("# Guidelines\n", encoding="utf-8")
    _refused(["packages", "make", str(work / "demo" / "demo.xml"), "--annotators", "amira,bruno",
              "--per-instance", "1", "--seed", "1", "--guidelines", str(guidelines),
              "-o", str(out)], work, capsys, "the output -o")


# -- where -o points ---------------------------------------------------------------------------


def _lexsub(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexsub_studio.cli.main", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
@pytest.mark.parametrize("target", ["-", "/dev/stdout"])
def test_dash_and_dev_stdout_stream_the_output(work: Path, target: str) -> None:
    gold = work / "demo" / "gold"
    written = _lexsub("gold", *_responses(work), "-o", target)
    assert written.returncode == 0, written.stderr
    assert written.stdout.startswith("bright.a 1 :: ")
    assert "line(s) written" in written.stderr  # the summary does not mix with the gold
    report = _lexsub("score", str(work / "demo" / "systems" / "alpha.best"), str(gold),
                     "--clean", "--format", "json", "-o", target)
    assert report.returncode == 0, report.stderr
    assert report.stdout.lstrip().startswith("{")
    assert not (ROOT / "-").exists()


def test_gold_and_multiword_gold_are_written_as_one_set(work: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    from lexsub_studio.core.io import output_set

    gold, mw = work / "G", work / "G.mw"
    assert main(["gold", *_responses(work), "-o", str(gold), "--mw", str(mw)]) == 0
    before = (gold.read_bytes(), mw.read_bytes())
    real_stage = output_set.stage_bytes

    def full_disk_on_second(target, data):
        if target.path.name == "G.mw":
            raise OSError(28, "No space left on device", str(target.path))
        return real_stage(target, data)

    monkeypatch.setattr(output_set, "stage_bytes", full_disk_on_second)
    capsys.readouterr()
    assert main(["gold", *_responses(work)[:3], "-o", str(gold), "--mw", str(mw)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert (gold.read_bytes(), mw.read_bytes()) == before  # the new gold did not land alone
