"""Making a task from CoNLL sentences: frequencies, seeded sampling, the corpus, the command."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.cli.main import main
from lexsub_studio.core.dataset.conll import parse_conll_text, read_conll_files
from lexsub_studio.core.dataset.make_task import (
    build_corpus,
    lemma_pos_frequencies,
    make_instance,
    parse_targets,
    sample_instances,
)
from lexsub_studio.core.io.formats.corpus_xml import corpus_to_xml, read_corpus, read_corpus_bytes

CONLL_DIR = Path(__file__).resolve().parent.parent / "data" / "conll"
SAMPLE_FILES = sorted(CONLL_DIR.glob("*.conll"))

SMALL = (
    "#s1\n1\tDogs\tdog\tNNS\n2\trun\trun\tVBP\n3\tfast\tfast\tRB\n4\t.\t.\t.\n\n"
    "#s2\n1\tThe\tthe\tDT\n2\tdog\tdog\tNN\n3\tsaw\tsee\tVBD\n4\tthe\tthe\tDT\n"
    "5\tdog\tdog\tNN\n\n"
    "#s3\n1\tRun\trun\tVB\n2\t!\t!\t.\n\n"
)


@pytest.fixture(scope="module")
def sample_sentences():
    return read_conll_files(SAMPLE_FILES).sentences


def small_sentences():
    return parse_conll_text(SMALL, "small.conll").sentences


def test_frequencies_count_tokens_and_sentences() -> None:
    rows = lemma_pos_frequencies(small_sentences())
    # dog.n: s1 "Dogs", s2 "dog" twice -> 3 tokens in 2 sentences; run.v: s1, s3 -> 2 in 2;
    # see.v 1 in 1; fast.r 1 in 1. Ties (1 token) by lexelt: fast.r before see.v.
    assert [(r.lexelt, r.tokens, r.sentences) for r in rows] == [
        ("dog.n", 3, 2), ("run.v", 2, 2), ("fast.r", 1, 1), ("see.v", 1, 1)]
    assert (rows[0].lemma, rows[0].pos) == ("dog", "n")


def test_parse_targets_splits_commas_and_drops_repeats() -> None:
    assert parse_targets(["run.v, dog.n", "dog.n", "fast.R"]) == ["run.v", "dog.n", "fast.r"]
    with pytest.raises(ValueError, match=r"not LEMMA\.POS"):
        parse_targets(["dog"])
    with pytest.raises(ValueError, match=r"not LEMMA\.POS"):
        parse_targets(["dog.x"])


def test_all_sentences_when_no_number_is_given_one_instance_per_sentence() -> None:
    sample = sample_instances(small_sentences(), ["dog.n", "run.v"])
    dogs = sample.instances["dog.n"]
    assert (dogs[0].sentence.id, dogs[0].token.form) == ("s1", "Dogs")
    # s2 holds dog twice: it is one candidate sentence, one of its two tokens is chosen.
    assert [i.sentence.id for i in dogs] == ["s1", "s2"]
    assert dogs[1].token.id in (2, 5)
    assert sample.candidates == {"dog.n": 2, "run.v": 2}
    assert sample.repeated_in_sentence == {"dog.n": 1, "run.v": 0}
    assert len(sample) == 4


def test_sampling_is_seeded_stable_and_in_file_order(sample_sentences) -> None:
    first = sample_instances(sample_sentences, ["run.v", "field.n"], per_target=3, seed=5)
    again = sample_instances(sample_sentences, ["run.v", "field.n"], per_target=3, seed=5)
    keys = [(i.sentence.id, i.token.id) for i in first.instances["run.v"]]
    assert keys == [(i.sentence.id, i.token.id) for i in again.instances["run.v"]]
    assert len(keys) == 3
    assert keys == sorted(keys, key=lambda key: [s.id for s in sample_sentences].index(key[0]))
    # Every seed from 0 to 9 gives 3 of the 9 run.v sentences; they are not all the same.
    samples = {tuple(i.sentence.id for i in sample_instances(
        sample_sentences, ["run.v"], per_target=3, seed=seed).instances["run.v"])
        for seed in range(10)}
    assert len(samples) > 1


def test_other_targets_do_not_change_a_targets_sample(sample_sentences) -> None:
    alone = sample_instances(sample_sentences, ["clear.a"], per_target=2, seed=1)
    together = sample_instances(sample_sentences, ["run.v", "clear.a", "bright.a"],
                                per_target=2, seed=1)
    assert ([i.sentence.id for i in alone.instances["clear.a"]]
            == [i.sentence.id for i in together.instances["clear.a"]])


def test_missing_and_scarce_targets_are_reported(sample_sentences) -> None:
    sample = sample_instances(sample_sentences, ["charge.v", "zebra.n"], per_target=5)
    assert [(d.severity.value, d.code) for d in sample.diagnostics] == [
        ("warning", "few-sentences"), ("error", "target-not-found")]
    assert len(sample.instances["charge.v"]) == 3
    assert sample.instances["zebra.n"] == []
    with pytest.raises(ValueError):
        sample_instances(sample_sentences, ["run.v"], per_target=0)


@settings(max_examples=40, deadline=None)
@given(per_target=st.integers(min_value=1, max_value=12), seed=st.integers(0, 10**9))
def test_sample_is_a_subset_of_the_right_size(per_target: int, seed: int) -> None:
    sentences = read_conll_files(SAMPLE_FILES).sentences
    sample = sample_instances(sentences, ["bright.a", "quickly.r"], per_target=per_target,
                              seed=seed)
    for target, candidates in (("bright.a", 8), ("quickly.r", 5)):
        chosen = sample.instances[target]
        assert len(chosen) == min(per_target, candidates)
        assert len({i.sentence.id for i in chosen}) == len(chosen)
        assert all(i.token.lexelt == target for i in chosen)


def test_make_instance_head_is_exactly_the_token() -> None:
    sentence = small_sentences()[1]
    instance = make_instance("9", sentence, sentence.tokens[4])
    # "The dog saw the dog": the second dog starts after "The dog saw the " = 16 characters.
    assert instance.context == "The dog saw the dog"
    assert (instance.head_start, instance.head_end) == (16, 19)
    assert instance.head == "dog"
    assert instance.attributes == {"sentence": "s2", "token": "5", "source": "small.conll"}


def test_corpus_ids_are_numeric_unique_and_read_back_cleanly(sample_sentences) -> None:
    targets = ["run.v", "bright.a", "field.n", "charge.n"]
    sample = sample_instances(sample_sentences, targets, per_target=3, seed=2)
    corpus = build_corpus(sample, first_id=100)
    assert [lexelt.item for lexelt in corpus.lexelts] == targets
    ids = [instance.id for _, instance in corpus.instances()]
    assert ids == [str(n) for n in range(100, 112)]
    result = read_corpus_bytes(corpus_to_xml(corpus).encode("utf-8"), "made.xml")
    assert list(result.diagnostics) == []
    by_sentence = {s.id: s for s in sample_sentences}
    for (_, written), (_, read) in zip(corpus.instances(), result.corpus.instances(),
                                       strict=True):
        assert (read.id, read.context, read.head) == (written.id, written.context, written.head)
        assert read.attributes == written.attributes
        source = by_sentence[read.attributes["sentence"]]
        assert read.context == " ".join(t.form for t in source.tokens)
        assert read.head == source.tokens[int(read.attributes["token"]) - 1].form


def test_build_corpus_leaves_out_targets_without_instances(sample_sentences) -> None:
    sample = sample_instances(sample_sentences, ["zebra.n", "charge.v"])
    corpus = build_corpus(sample)
    assert [lexelt.item for lexelt in corpus.lexelts] == ["charge.v"]
    assert len(corpus) == 3


def test_cli_writes_a_corpus_that_reads_back(tmp_path: Path, capsys) -> None:
    output = tmp_path / "task.xml"
    code = main(["make-task", *map(str, SAMPLE_FILES), "--targets", "run.v,clear.a",
                 "--targets", "quickly.r", "--per-target", "2", "--seed", "3", "-o", str(output)])
    assert code == 0
    result = read_corpus(output)
    assert list(result.diagnostics) == []
    assert [(lexelt.item, len(lexelt.instances)) for lexelt in result.corpus.lexelts] == [
        ("run.v", 2), ("clear.a", 2), ("quickly.r", 2)]
    assert "corpus: 6 instance(s) in 3 lexelt(s)" in capsys.readouterr().out
    # Same seed, same bytes.
    again = tmp_path / "again.xml"
    main(["make-task", *map(str, SAMPLE_FILES), "--targets", "run.v,clear.a", "--targets",
          "quickly.r", "--per-target", "2", "--seed", "3", "-o", str(again)])
    assert again.read_bytes() == output.read_bytes()


def test_cli_without_targets_prints_the_frequency_table(capsys) -> None:
    assert main(["make-task", *map(str, SAMPLE_FILES), "--min-count", "8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["lemma.pos", "tokens", "sentences"]
    assert [line.split() for line in lines[1:]] == [
        ["be.v", "10", "9"], ["run.v", "9", "9"], ["bright.a", "8", "8"], ["field.n", "8", "8"]]


def test_cli_reports_bad_input_with_lines_and_exits_1(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.conll"
    path.write_text("#1\n1\tA\ta\tDT\n2\tdog\tdog\n\n#2\n1\tdog\tdog\tNN\n", encoding="utf-8")
    code = main(["make-task", str(path), "--targets", "dog.n", "-o", str(tmp_path / "o.xml")])
    assert code == 1
    err = capsys.readouterr().err
    assert f"{path}:3:1: error: 3 tab-separated column(s)" in err
    # Line 6, "1\tdog\tdog\tNN", has 1 + 1 + 3 + 1 + 3 + 1 + 2 = 12 characters: column 13.
    assert f"{path}:6:13: error: the file does not end with a blank line" in err
    assert "no target occurs" in err
    assert not (tmp_path / "o.xml").exists()


def test_cli_usage_errors(tmp_path: Path, capsys) -> None:
    sample = str(SAMPLE_FILES[0])
    assert main(["make-task", sample, "--targets", "run"]) == 2
    assert main(["make-task", sample, "--targets", "run.v", "-o", str(tmp_path / "x.xml"),
                 "--per-target", "0"]) == 2
    assert main(["make-task", sample, "--targets", "run.v"]) == 2
    spaces = tmp_path / "spaces.conll"
    spaces.write_text("1 The the DT\n\n", encoding="utf-8")
    assert main(["make-task", str(spaces)]) == 2
    assert "not a tab-separated CoNLL file" in capsys.readouterr().err
