"""``lexsub judge pool``: a gold of acceptable votes and a SWORDS file that keeps every label."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.gold.judgement_pool import pool_judgements
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.swords import read_swords
from lexsub_studio.core.model.judgements import JudgementRow, tally_judgement_files

CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<corpus lang="english">
<lexelt item="bright.a">
<instance id="1"><context>The <head>brightest</head> pupils got more work .</context></instance>
<instance id="2"><context>A <head>bright</head> yellow door .</context></instance>
</lexelt>
</corpus>
"""
HEADER = "# lexsub-judgements 1\nlexelt\tid\tannotator\tcandidate\tlabel\tseconds\n"


def _rows(annotator: str, *judged: tuple[str, str, str]) -> list[JudgementRow]:
    return [JudgementRow("bright.a", item_id, annotator, candidate, label)
            for item_id, candidate, label in judged]


def _votes():
    return tally_judgement_files([
        ("ann", _rows("ann", ("1", "clever", "acceptable"), ("1", "smart", "acceptable"),
                      ("1", "shiny", "not-acceptable"), ("2", "vivid", "unsure"))),
        ("bob", _rows("bob", ("1", "Clever", "acceptable"), ("1", "smart", "unsure"),
                      ("1", "shiny", "not-acceptable"), ("2", "vivid", "not-acceptable"))),
        ("cy", _rows("cy", ("1", "clever", "acceptable"), ("1", "smart", "not-acceptable"),
                     ("1", "shiny", "unsure"))),
    ])


def test_the_gold_counts_acceptable_votes_and_leaves_out_the_rest() -> None:
    pooled = pool_judgements(_votes())
    assert [(item.lexelt, item.id, item.entries) for item in pooled.gold] == [
        ("bright.a", "1", [("clever", 3), ("smart", 1)])]
    assert pooled.stats["candidates_without_acceptable"] == 2  # shiny, vivid
    assert pooled.stats["items_without_acceptable"] == 1       # item 2 gets no line
    assert (pooled.stats["acceptable"], pooled.stats["not_acceptable"],
            pooled.stats["unsure"]) == (4, 4, 3)


def test_the_swords_benchmark_keeps_every_label_and_rater() -> None:
    corpus = read_corpus_bytes(CORPUS.encode(), "c.xml").corpus
    pooled = pool_judgements(_votes(), corpus)
    benchmark = pooled.benchmark
    assert benchmark is not None
    assert len(benchmark.targets) == 2
    by_word = {s.substitute: (s.labels, s.raters) for s in benchmark.substitutes.values()}
    assert by_word == {
        "clever": (["TRUE", "TRUE", "TRUE"], ["ann", "bob", "cy"]),
        "smart": (["TRUE", "UNSURE", "FALSE"], ["ann", "bob", "cy"]),
        "shiny": (["FALSE", "FALSE", "UNSURE"], ["ann", "bob", "cy"]),
        "vivid": (["UNSURE", "FALSE"], ["ann", "bob"]),
    }


def test_a_second_judgement_of_one_annotator_counts_once_and_is_reported() -> None:
    votes = tally_judgement_files([
        ("a.tsv", _rows("ann", ("1", "clever", "acceptable"))),
        ("b.tsv", [JudgementRow("bright.a", "1", "ann", "clever", "not-acceptable", line=3)]),
    ])
    assert votes.get(("bright.a", "1"), "clever").labels == {"ann": "acceptable"}
    assert votes.repeated == ["b.tsv:3: annotator 'ann' judged 'clever' of bright.a 1 already; "
                              "the first judgement counts"]


def test_lexsub_judge_pool_writes_both_files(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "c.xml"
    corpus.write_text(CORPUS, encoding="utf-8")
    paths = []
    for name, labels in (("ann", ("acceptable", "not-acceptable", "unsure")),
                         ("bob", ("acceptable", "acceptable", "not-acceptable"))):
        path = tmp_path / f"{name}.tsv"
        path.write_text(HEADER + "".join(
            f"bright.a\t1\t{name}\t{word}\t{label}\t2\n"
            for word, label in zip(("clever", "smart", "shiny"), labels, strict=True)),
            encoding="utf-8")
        paths.append(str(path))
    prefix = tmp_path / "pooled"
    assert main(["judge", "pool", *paths, "--corpus", str(corpus), "-o", str(prefix)]) == 0
    gold = read_gold(f"{prefix}.gold")
    assert [item.entries for item in gold.items] == [[("clever", 2), ("smart", 1)]]
    benchmark = read_swords(f"{prefix}.swords.json").benchmark
    labels = sorted(label for s in benchmark.substitutes.values() for label in s.labels or [])
    assert labels == ["FALSE", "FALSE", "TRUE", "TRUE", "TRUE", "UNSURE"]
    assert "(1 candidates with no acceptable vote left out" in capsys.readouterr().err


def test_lexsub_judge_pool_needs_the_corpus(tmp_path: Path) -> None:
    assert main(["judge", "pool", str(tmp_path / "a.tsv"), "-o", str(tmp_path / "p")]) == 2


def test_a_bad_row_is_reported_and_the_rest_pooled(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "c.xml"
    corpus.write_text(CORPUS, encoding="utf-8")
    path = tmp_path / "ann.tsv"
    path.write_text(HEADER + "bright.a\t1\tann\tclever\tacceptable\t\n"
                             "bright.a\t1\tann\tsmart\tok\t\n", encoding="utf-8")
    prefix = tmp_path / "pooled"
    assert main(["judge", "pool", str(path), "--corpus", str(corpus), "-o", str(prefix)]) == 1
    assert f"{path}:4:22: error: label" in capsys.readouterr().err
    assert Path(f"{prefix}.gold").read_text(encoding="utf-8") == "bright.a 1 :: clever 1;\n"


def test_the_swords_raters_alpha_is_the_judgements_alpha_with_unsure_missing() -> None:
    from lexsub_studio.core.agreement.judgements import judgement_agreement
    from lexsub_studio.core.agreement.swords_raters import rater_agreement

    corpus = read_corpus_bytes(CORPUS.encode(), "c.xml").corpus
    votes = tally_judgement_files([
        ("ann", _rows("ann", ("1", "clever", "acceptable"), ("1", "smart", "acceptable"),
                      ("1", "shiny", "not-acceptable"), ("2", "vivid", "acceptable"),
                      ("2", "dull", "not-acceptable"))),
        ("bob", _rows("bob", ("1", "clever", "acceptable"), ("1", "smart", "not-acceptable"),
                      ("1", "shiny", "not-acceptable"), ("2", "vivid", "unsure"),
                      ("2", "dull", "not-acceptable"))),
        ("cy", _rows("cy", ("1", "clever", "not-acceptable"), ("1", "smart", "acceptable"),
                     ("2", "vivid", "acceptable"), ("2", "dull", "acceptable"))),
    ])
    benchmark = pool_judgements(votes, corpus).benchmark
    assert benchmark is not None
    expected = judgement_agreement(votes, unsure="missing").figures["alpha"]
    assert expected is not None
    assert rater_agreement(benchmark).alpha == pytest.approx(expected, abs=1e-12)
