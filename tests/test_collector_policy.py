"""The garbage collector is the entry points' to set (core/runtime/collector.py): library
functions, which run on the GUI's worker threads and in tests, never switch it off or on."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lexsub_studio.core.runtime.collector import (
    YOUNG_THRESHOLD,
    paused_for_the_run,
    settle_for_a_long_run,
)

CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<corpus lang="english">
<lexelt item="bright.a">
<instance id="1"><context>A <head>bright</head> child.</context></instance>
<instance id="2"><context>A <head>bright</head> light.</context></instance>
</lexelt>
</corpus>
"""
GOLD = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: shining 2;vivid 2;\n"
BEST = "bright.a 1 :: clever\nbright.a 2 :: vivid\n"
RESPONSES_ROWS = [("bright.a", "1", "clever"), ("bright.a", "2", "shining")]


@pytest.fixture
def collector_switches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every call that would switch the collector off or on, or change how often it runs."""
    calls: list[str] = []
    for name in ("disable", "enable", "freeze", "unfreeze", "set_threshold"):
        real = getattr(gc, name)

        def record(*args: object, _name: str = name, _real: Callable = real) -> object:
            calls.append(_name)
            return _real(*args)

        monkeypatch.setattr(gc, name, record)
    yield calls


def test_reading_pooling_and_scoring_leave_the_collector_alone(
        tmp_path: Path, collector_switches: list[str]) -> None:
    from lexsub_studio.core.agreement.pool import pool_responses
    from lexsub_studio.core.gold.assembly import as_sources, assemble_gold
    from lexsub_studio.core.io.formats.corpus_reader import read_corpus_bytes
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.io.formats.system import read_system
    from lexsub_studio.core.model.data import ResponseRow
    from lexsub_studio.core.scoring.compare.system_scores import prepare_gold, score_system_file
    from lexsub_studio.core.scoring.official.scorer import run_official
    from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    (tmp_path / "best").write_text(BEST, encoding="utf-8")
    corpus = read_corpus_bytes(CORPUS.encode("utf-8"), "corpus.xml").corpus
    gold = read_gold(tmp_path / "gold").items
    system = read_system(tmp_path / "best", "best").answers
    rows = [ResponseRow(lexelt=lexelt, id=instance, annotator=annotator, substitutes=(answer,))
            for annotator in ("ann", "bob") for lexelt, instance, answer in RESPONSES_ROWS]
    assemble_gold(pool_responses(as_sources(rows), corpus=corpus))
    report = score(system, gold, ScoreOptions(kind="best"))
    score_system_file(tmp_path / "best", prepare_gold(gold), GOLD.encode("utf-8"))
    official = run_official(BEST.encode("utf-8"), GOLD.encode("utf-8"), task="best")
    assert report.figures["best.recall"].value is not None and official.exit_code == 0
    assert collector_switches == []


def test_a_command_runs_with_the_collector_paused_and_gets_it_back(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from lexsub_studio.cli import validate
    from lexsub_studio.cli.main import main

    seen: list[bool] = []
    monkeypatch.setattr(validate, "run", lambda args: seen.append(gc.isenabled()) or 0)
    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    assert gc.isenabled()
    assert main(["validate", str(tmp_path / "gold")]) == 0
    assert seen == [False]
    assert gc.isenabled()


def test_the_pause_for_a_run_restores_the_collector_as_it_found_it() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError), paused_for_the_run():
        assert not gc.isenabled()
        raise ValueError("a command failed")
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_for_the_run():
            pass
        assert not gc.isenabled()  # a caller that had paused it keeps it paused
    finally:
        gc.enable()


@pytest.mark.slow
def test_a_long_run_freezes_what_is_alive_and_collects_the_young_less_often() -> None:
    threshold = gc.get_threshold()
    try:
        settle_for_a_long_run()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *threshold[1:])
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
