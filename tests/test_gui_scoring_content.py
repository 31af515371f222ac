"""The Scoring workspace's jobs and content: cache, per-item score matrix (core), item view."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from lexsub_studio.core.model.data import Corpus, GoldItem, Instance, Lexelt
from lexsub_studio.core.scoring.compare import item_matrix, system_files
from lexsub_studio.gui.scoring import item_view

GOLD = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\ntake.v 3 :: grab 1;\n"


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, str]:
    paths = {"gold": GOLD, "a.best": "bright.a 1 :: clever;red\nbright.a 2 :: bold\n",
             "b.best": "bright.a 1 :: smart\n",
             "c.oot": "bright.a 1 ::: smart;clever\nbright.a 2 ::: vivid;bold\n"}
    for name, text in paths.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return {name: str(tmp_path / name) for name in paths}


def _score(files: dict[str, str], names: list[str], cache: dict | None = None) -> list:
    gold, diagnostics = system_files.read_gold_source(files["gold"])
    assert diagnostics == []
    return system_files.score_systems([files[n] for n in names], gold, {}, {} if cache is None
                                 else cache)


def test_scores_are_cached_until_the_file_changes(files: dict[str, str]) -> None:
    cache: dict = {}
    first = _score(files, ["a.best"], cache)[0]
    again = _score(files, ["a.best"], cache)[0]
    assert again.report is first.report  # from the cache, not scored again
    stat = os.stat(files["a.best"])
    os.utime(files["a.best"], ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    changed = _score(files, ["a.best"], cache)[0]
    assert changed.report is not first.report and len(cache) == 2


def test_a_gold_from_items_is_the_same_gold_as_its_file(files: dict[str, str]) -> None:
    from lexsub_studio.core.io.formats.gold import parse_gold_text

    read, _ = system_files.read_gold_source(files["gold"])
    made = system_files.gold_from_items(parse_gold_text(GOLD).items, "assembled")
    assert made.data == read.data
    assert made.identity[1] == read.identity[1]


def test_item_scores_matrix(files: dict[str, str]) -> None:
    systems = _score(files, ["a.best", "b.best", "c.oot"])
    matrix = item_matrix.item_scores(systems, "best.recall")
    # T is items 1 and 2 (take.v 3 has a single response).
    assert matrix.keys == [("bright.a", "1"), ("bright.a", "2")]
    # a: item 1 clever 3 / 4 over 2 answers = 0.375; item 2 bold 2 / 4 = 0.5.
    # b: item 1 smart 1 / 4 = 0.25; item 2 unanswered = 0. c (oot) has no best recall: NaN.
    assert matrix.scores[:, 0].tolist() == pytest.approx([0.375, 0.5])
    assert matrix.scores[:, 1].tolist() == pytest.approx([0.25, 0.0])
    assert np.isnan(matrix.scores[:, 2]).all()
    assert matrix.spread.tolist() == pytest.approx([0.125, 0.5])
    assert matrix.all_fail.tolist() == [False, False]


def test_item_html_colours_the_answers(files: dict[str, str]) -> None:
    systems = _score(files, ["a.best", "c.oot"])
    gold = {("bright.a", "1"): GoldItem("bright.a", "1", [("clever", 3), ("smart", 1)])}
    corpus = Corpus([Lexelt("bright.a", [Instance("1", "The brightest pupils .", 4, 13)])])
    items = item_matrix.item_scores(systems, "best.recall")
    rows = item_matrix.item_rows(systems, items, items.keys.index(("bright.a", "1")))
    assert rows[0] is not None and rows[0]["best_answers"] == ("clever", "red")
    page = item_view.item_html(systems, rows, gold, corpus, "bright.a", "1", "best.recall")
    assert f'background:{item_view.MODE_BACKGROUND}' in page  # clever is the mode
    assert "clever (3, mode)" in page and "smart (1)" in page
    assert "text-decoration:line-through\">red</span>" in page
    assert ">brightest</span> pupils" in page
    assert "<td align=right>0.375</td>" in page
    assert "<td align=right>—</td>" in page  # the oot file has no best recall
    no_corpus = item_view.item_html(systems, rows, gold, None, "bright.a", "1", "best.recall")
    assert "open the corpus in this workspace" in no_corpus


def test_display_names_tell_files_of_one_name_apart() -> None:
    names = system_files.display_names(["/a/run1/out.best", "/a/run2/out.best", "/b/x.oot"])
    assert names == {"/a/run1/out.best": "run1/out.best", "/a/run2/out.best": "run2/out.best",
                     "/b/x.oot": "x.oot"}


def test_an_mw_file_is_scored_against_the_multiword_gold_beside_the_gold(demo_dir: Path) -> None:
    pair = system_files.read_gold_pair(str(demo_dir / "gold"), look_beside=True)
    assert pair.multiword is not None and pair.multiword.label == "gold.mw"
    scored = system_files.score_systems([str(demo_dir / "systems" / "alpha.mw")], pair.gold, {}, {},
                                   mw_gold=pair.multiword)[0]
    assert scored.kind == "mw" and scored.kind_reason.endswith("scored against gold.mw")
    # `lexsub score alpha.mw gold.mw -t mw`: detection 4 / 6 and 4 / 5, identification 3 / 6
    # and 3 / 5.
    figures = {key: figure.value for key, figure in scored.report.figures.items()}
    assert figures == pytest.approx({
        "mw.detection_precision": 4 / 6, "mw.detection_recall": 4 / 5,
        "mw.identification_precision": 3 / 6, "mw.identification_recall": 3 / 5})
    assert scored.official["mw.identification_recall"] == pytest.approx(0.6)
