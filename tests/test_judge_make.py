"""``lexsub judge make``: candidates from each source with their provenance, the cap, the
per-annotator shuffle and the task file read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordnet_fixture import write_wordnet_fixture

from lexsub_studio.cli.main import main
from lexsub_studio.core.dataset.baselines.wordnet import WordNet
from lexsub_studio.core.dataset.judgement_task import CandidateSources, make_judgement_task
from lexsub_studio.core.io.formats.corpus_xml import read_corpus
from lexsub_studio.core.io.formats.judgement_task import (
    candidate_order,
    derive_seed,
    format_task,
    read_task,
    task_from_json,
)
from lexsub_studio.core.io.formats.swords import from_corpus_and_gold, write_swords
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import InputError

CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<corpus lang="english">
<lexelt item="stroll.v">
<instance id="1"><context>They <head>strolled</head> along the river .</context></instance>
<instance id="2"><context>We <head>stroll</head> home after dinner .</context></instance>
</lexelt>
<lexelt item="swiftly.r">
<instance id="3"><context>She answered <head>swiftly</head> .</context></instance>
</lexelt>
</corpus>
"""


@pytest.fixture()
def corpus_path(tmp_path: Path) -> Path:
    path = tmp_path / "corpus.xml"
    path.write_text(CORPUS, encoding="utf-8")
    return path


def _make(tmp_path: Path, corpus_path: Path, *options: str) -> dict:
    out = tmp_path / "task.json"
    assert main(["judge", "make", str(corpus_path), "-o", str(out), "--seed", "5",
                 *options]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def _candidates(task: dict) -> dict[str, list[tuple[str, list[str]]]]:
    return {f"{item['lexelt']} {item['id']}": [(c["text"], c["sources"])
                                               for c in item["candidates"]]
            for item in task["items"]}


def test_wordnet_gives_the_baselines_candidates(tmp_path: Path, corpus_path: Path) -> None:
    directory = write_wordnet_fixture(tmp_path / "wn")
    task = _make(tmp_path, corpus_path, "--wordnet", str(directory))
    expected_stroll = [(word, ["wordnet"]) for word in WordNet(directory).candidates("stroll",
                                                                                     "v")]
    assert _candidates(task)["stroll.v 1"] == expected_stroll
    assert _candidates(task)["swiftly.r 3"] == [("quickly", ["wordnet"]),
                                               ("rapidly", ["wordnet"])]
    assert task["inputs"] == [{"source": "wordnet", "file": str(directory.resolve())}]


def test_gold_and_responses_are_pooled_with_provenance(tmp_path: Path,
                                                      corpus_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text("stroll.v 1 :: walk 2;saunter 1;pn 1;\n", encoding="utf-8")
    responses = tmp_path / "ann.tsv"
    responses.write_text(
        "# lexsub-responses 1\n"
        "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name\tcomment\tseconds\n"
        "stroll.v\t1\tann\tamble\tWalk\t\t\t0\t0\t\t\n"
        "stroll.v\t2\tann\twander\t\t\t\t0\t0\t\t\n"
        "swiftly.r\t3\tann\t\t\t\t\t1\t0\t\t\n", encoding="utf-8")
    task = _make(tmp_path, corpus_path, "--gold", str(gold), "--responses", str(responses))
    found = _candidates(task)
    assert found["stroll.v 1"] == [("walk", ["gold", "responses"]), ("saunter", ["gold"]),
                                   ("amble", ["responses"])]
    assert found["stroll.v 2"] == [("wander", ["responses"])]
    assert found["swiftly.r 3"] == []  # NIL gives nothing; 'pn' is never a candidate


def test_systems_give_their_answers_and_only_new_leaves_out_the_gold(tmp_path: Path,
                                                                    corpus_path: Path) -> None:
    best = tmp_path / "alpha.best"
    best.write_text("stroll.v 1 :: walk;ramble\nswiftly.r 3 :: fast\n", encoding="utf-8")
    oot = tmp_path / "beta.oot"
    oot.write_text("stroll.v 1 ::: Ramble;hike;stroll\n", encoding="utf-8")
    gold = tmp_path / "gold"
    gold.write_text("stroll.v 1 :: walk 2;\n", encoding="utf-8")
    task = _make(tmp_path, corpus_path, "--system", str(best), "--system", str(oot))
    assert _candidates(task)["stroll.v 1"] == [
        ("walk", ["system:alpha"]), ("ramble", ["system:alpha", "system:beta"]),
        ("hike", ["system:beta"])]  # the target's own lemma is never a candidate
    task = _make(tmp_path, corpus_path, "--system", str(best), "--only-new", str(gold))
    assert _candidates(task)["stroll.v 1"] == [("ramble", ["system:alpha"])]
    assert _candidates(task)["swiftly.r 3"] == [("fast", ["system:alpha"])]


def test_a_candidates_file_gives_every_instance_of_its_lexelt(tmp_path: Path,
                                                             corpus_path: Path) -> None:
    candidates = tmp_path / "lst.gold.candidates"
    candidates.write_text("stroll.v::walk;amble;saunter\nswiftly.r::quickly::fast\n",
                          encoding="utf-8")
    task = _make(tmp_path, corpus_path, "--candidates", str(candidates))
    found = _candidates(task)
    assert [text for text, _ in found["stroll.v 1"]] == ["walk", "amble", "saunter"]
    assert found["stroll.v 2"] == found["stroll.v 1"]
    assert found["swiftly.r 3"] == [("quickly", ["candidates-file"]),
                                    ("fast", ["candidates-file"])]


def test_a_candidates_line_without_separator_is_an_error_with_its_place(
        tmp_path: Path, corpus_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    candidates = tmp_path / "cands"
    candidates.write_text("stroll.v::walk\nswiftly.r quickly\n", encoding="utf-8")
    assert main(["judge", "make", str(corpus_path), "-o", str(tmp_path / "t.json"),
                 "--candidates", str(candidates)]) == 1
    assert f"{candidates}:2:18: error: a candidates line" in capsys.readouterr().err


def test_a_swords_benchmark_gives_its_substitutes_by_context_and_offset(
        tmp_path: Path, corpus_path: Path) -> None:
    corpus = read_corpus(corpus_path).corpus
    benchmark = from_corpus_and_gold(corpus, [GoldItem("stroll.v", "2", [("wander", 2),
                                                                         ("walk", 1)])])
    path = tmp_path / "bench.json"
    write_swords(benchmark, path)
    task = _make(tmp_path, corpus_path, "--swords", str(path))
    assert _candidates(task)["stroll.v 2"] == [("wander", ["swords"]), ("walk", ["swords"])]
    assert _candidates(task)["stroll.v 1"] == []


def test_the_cap_keeps_what_most_sources_give_and_lists_the_rest(tmp_path: Path,
                                                                corpus_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text("stroll.v 1 :: amble 2;hike 1;\n", encoding="utf-8")
    directory = write_wordnet_fixture(tmp_path / "wn")
    task = _make(tmp_path, corpus_path, "--gold", str(gold), "--wordnet", str(directory),
                 "--max-candidates", "2")
    item = task["items"][0]
    assert [c["text"] for c in item["candidates"]] == ["amble", "hike"]
    assert [c["text"] for c in item["cut"]] == ["saunter", "walk"]
    assert item["candidates"][0]["sources"] == ["gold", "wordnet"]
    assert task["max_candidates"] == 2


def test_each_annotator_has_a_recorded_seed_and_their_own_order(tmp_path: Path,
                                                                corpus_path: Path) -> None:
    candidates = tmp_path / "cands"
    candidates.write_text("stroll.v::" + ";".join(f"w{n}" for n in range(12)) + "\n",
                          encoding="utf-8")
    out = tmp_path / "task.json"
    assert main(["judge", "make", str(corpus_path), "-o", str(out), "--seed", "11",
                 "--candidates", str(candidates), "--annotators", "ann,bob"]) == 0
    task = read_task(out).task
    assert task.annotators == {"ann": derive_seed(11, "ann"), "bob": derive_seed(11, "bob")}
    texts = [c.text for c in task.item("stroll.v", "1").candidates]
    ann = candidate_order(texts, task.annotator_seed("ann"), "stroll.v", "1")
    bob = candidate_order(texts, task.annotator_seed("bob"), "stroll.v", "1")
    assert sorted(ann) == sorted(texts) and ann != texts and ann != bob
    assert ann == candidate_order(texts, task.annotator_seed("ann"), "stroll.v", "1")
    # Another instance of the same annotator is shuffled otherwise.
    assert ann != candidate_order(texts, task.annotator_seed("ann"), "stroll.v", "2")
    # A name the task does not list gets the seed --annotators would have given it.
    assert task.annotator_seed("cy") == derive_seed(11, "cy")


def test_the_task_file_reads_back_and_refuses_what_it_cannot_use(tmp_path: Path,
                                                               corpus_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text("stroll.v 1 :: walk 2;\n", encoding="utf-8")
    corpus = read_corpus(corpus_path).corpus
    from lexsub_studio.core.io.formats.gold import read_gold

    made = make_judgement_task(corpus, CandidateSources(golds=[("gold", read_gold(gold).items)]),
                               seed=3, annotators=["ann"])
    value = json.loads(format_task(made.task))
    back = task_from_json(value).task
    assert format_task(back) == format_task(made.task)
    value["version"] = 2
    with pytest.raises(InputError, match="newer version"):
        task_from_json(value)
    value["version"] = 1
    value["items"][0]["candidates"] = "walk"
    with pytest.raises(InputError, match='"candidates" must be a list'):
        task_from_json(value)


def test_make_needs_a_source(tmp_path: Path, corpus_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "make", str(corpus_path), "-o", str(tmp_path / "t.json")]) == 2
    assert "at least one source" in capsys.readouterr().err


def test_a_damaged_task_file_is_one_message_with_its_place(tmp_path: Path) -> None:
    from lexsub_studio.core.io.validate import validate_file

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "lexsub-judgement-task",\n "version": 1,,}', encoding="utf-8")
    report = validate_file(broken)
    assert report.kind == "judgement-task"
    assert report.unreadable is not None
    assert (report.unreadable.code, report.unreadable.line, report.unreadable.column) == (
        "json-syntax", 2, 15)
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "lexsub-judgement-task", "version": 1, "seed": '
                    + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(InputError, match='"seed" must be a whole number'):
        read_task(huge)
    value = json.loads(format_task(make_judgement_task(
        read_corpus_bytes_of(CORPUS), CandidateSources(), seed=1).task))
    value["version"] = True
    with pytest.raises(InputError, match="got true"):
        task_from_json(value)


def read_corpus_bytes_of(text: str):
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes

    return read_corpus_bytes(text.encode("utf-8"), "c.xml").corpus
