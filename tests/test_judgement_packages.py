"""Annotator packages carrying a judgement task: each package holds the candidates of its own
instances and its annotator's shuffle seed; a package naming a task it lacks is refused."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.package import JUDGEMENT_TASK_MEMBER, read_package
from lexsub_studio.core.io.formats.judgement_task import candidate_order, derive_seed
from lexsub_studio.core.model.diagnostics import InputError

NAMES = "amira,bruno,chen"


def _task(demo_dir: Path, tmp_path: Path) -> Path:
    task = tmp_path / "task.json"
    assert main(["judge", "make", str(demo_dir / "demo.xml"), "-o", str(task), "--gold",
                 str(demo_dir / "gold"), "--seed", "9"]) == 0
    return task


def _packages(demo_dir: Path, out: Path, *extra: str) -> int:
    return main(["packages", "make", str(demo_dir / "demo.xml"), "--annotators", NAMES,
                 "--per-instance", "2", "--seed", "7", "-o", str(out), *extra])


def test_each_package_carries_its_part_of_the_task(demo_dir: Path, tmp_path: Path) -> None:
    task_path = _task(demo_dir, tmp_path)
    full = {(item["lexelt"], item["id"]): item["candidates"]
            for item in json.loads(task_path.read_text(encoding="utf-8"))["items"]}
    assert _packages(demo_dir, tmp_path / "out", "--judgement-task", str(task_path)) == 0
    judged: dict[tuple[str, str], int] = {}
    for path in sorted((tmp_path / "out").glob("*.lexsubpkg")):
        package = read_package(path).package
        task = package.judgement_task
        assert task is not None
        keys = [(lexelt.item, instance.id) for lexelt, instance in package.corpus.instances()]
        assert [item.key for item in task.items] == keys
        assert task.annotators == {package.annotator: derive_seed(9, package.annotator)}
        for item in task.items:
            assert [{"text": c.text, "sources": c.sources} for c in item.candidates] == \
                full[item.key]
            judged[item.key] = judged.get(item.key, 0) + 1
        item = task.items[0]
        texts = [c.text for c in item.candidates]
        assert sorted(candidate_order(texts, task.annotator_seed(package.annotator),
                                      item.lexelt, item.id)) == sorted(texts)
    assert set(judged.values()) == {2} and len(judged) == 55


def test_a_task_package_is_another_store_than_a_free_production_one(demo_dir: Path,
                                                                   tmp_path: Path) -> None:
    task_path = _task(demo_dir, tmp_path)
    assert _packages(demo_dir, tmp_path / "plain") == 0
    assert _packages(demo_dir, tmp_path / "judge", "--judgement-task", str(task_path)) == 0
    name = "amira.lexsubpkg"
    plain = read_package(tmp_path / "plain" / name)
    judge = read_package(tmp_path / "judge" / name)
    assert plain.package.judgement_task is None
    assert plain.digest != judge.digest


def test_a_manifest_naming_a_missing_task_is_refused(demo_dir: Path, tmp_path: Path) -> None:
    task_path = _task(demo_dir, tmp_path)
    assert _packages(demo_dir, tmp_path / "out", "--judgement-task", str(task_path)) == 0
    source = tmp_path / "out" / "amira.lexsubpkg"
    damaged = tmp_path / "damaged.lexsubpkg"
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(damaged, "w") as copy:
        for member in original.namelist():
            if member != JUDGEMENT_TASK_MEMBER:
                copy.writestr(member, original.read(member))
    with pytest.raises(InputError, match=r"names the judgement task judgements\.json"):
        read_package(damaged)


def test_a_task_of_another_corpus_is_refused(demo_dir: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "small.xml"
    corpus.write_text('<corpus lang="english"><lexelt item="odd.a"><instance id="1"><context>'
                      'An <head>odd</head> one .</context></instance></lexelt></corpus>',
                      encoding="utf-8")
    task = tmp_path / "task.json"
    assert main(["judge", "make", str(corpus), "-o", str(task), "--candidates",
                 str(_candidates(tmp_path))]) == 0
    assert _packages(demo_dir, tmp_path / "out", "--judgement-task", str(task)) == 2
    assert "lacks 55 instance(s) of the corpus" in capsys.readouterr().err


def _candidates(tmp_path: Path) -> Path:
    path = tmp_path / "cands"
    path.write_text("odd.a::strange;weird\n", encoding="utf-8")
    return path
