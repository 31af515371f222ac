"""SWORDS in and out without loss: a benchmark converted to SWORDS again keeps every target,
context, substitute, label list, id and flag; SWORDS' own result layout is read, with each
malformed target placed in the file. All data here is made up for these tests."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats import swords
from lexsub_studio.core.io.formats.benchmarks import read_dataset, write_dataset
from lexsub_studio.core.io.formats.detect import detect_path
from lexsub_studio.core.model.diagnostics import InputError


def benchmark_document(lemmatized: bool) -> dict:
    """A SWORDS-shaped benchmark with what the published files hold and a converter may lose:
    substitutes with only FALSE or UNSURE labels, unlabelled ones, ``extra`` keys, a target in
    lower case where its context has a capital, ids that are not hashes."""
    first = "Bright ideas came late. The bright pupil answered."
    second = "She ran the shop for years."
    return {
        "contexts": {"c:ONE/1": {"context": first, "extra": {"source": "made up", "n": 1}},
                     "context 2 ü": {"context": second}},
        "targets": {
            "t:lower": {"context_id": "c:ONE/1", "target": "bright", "offset": 0,
                        "pos": "ADJ", "extra": None},
            "t:2": {"context_id": "c:ONE/1", "target": "bright", "offset": 28, "pos": "ADJ"},
            "t:ran": {"context_id": "context 2 ü", "target": "ran", "offset": 4,
                      "pos": None},
        },
        "substitutes": {
            "s:1": {"target_id": "t:lower", "substitute": "clever"},
            "s:2": {"target_id": "t:lower", "substitute": "shiny",
                    "extra": {"from": "thesaurus"}},
            "s:3": {"target_id": "t:lower", "substitute": "luminous"},
            "s:4": {"target_id": "t:2", "substitute": "smart"},
            "s:5": {"target_id": "t:2", "substitute": "sunny"},
            "s:6": {"target_id": "t:ran", "substitute": "managed"},
        },
        "substitute_labels": {
            "s:1": ["TRUE", "TRUE", "FALSE", "UNSURE"],
            "s:2": ["FALSE", "FALSE", "FALSE"],
            "s:3": ["UNSURE", "UNSURE"],
            "s:4": ["TRUE_IMPLICIT", "TRUE", "FALSE_IMPLICIT"],
            "s:6": ["TRUE", "FALSE", "TRUE"],
        },
        "substitutes_lemmatized": lemmatized,
        "extra": {"version": "test"},
    }


@pytest.mark.parametrize("lemmatized", [True, False])
@pytest.mark.parametrize("name", ["back.json", "back.json.gz"])
def test_convert_swords_to_swords_gives_the_same_json(tmp_path: Path, capsys, lemmatized: bool,
                                                      name: str) -> None:
    document = benchmark_document(lemmatized)
    source = tmp_path / "bench.json.gz"
    source.write_bytes(gzip.compress(json.dumps(document).encode()))
    assert main(["convert", str(source), str(tmp_path / name), "--to", "swords"]) == 0, (
        capsys.readouterr().err)
    value, _ = swords.load_json(tmp_path / name)
    assert value == document


def test_convert_to_the_classic_corpus_and_gold_counts_positive_labels(tmp_path: Path,
                                                                     capsys) -> None:
    source = tmp_path / "bench.json"
    source.write_text(json.dumps(benchmark_document(True)))
    assert main(["convert", str(source), str(tmp_path / "c.xml"), "--to", "lexsub"]) == 0, (
        capsys.readouterr().err)
    # The frequency is the number of positive labels (TRUE and TRUE_IMPLICIT); substitutes
    # with none (shiny, luminous, sunny) cannot be in a classic gold.
    assert (tmp_path / "c.gold").read_text() == ("bright.a t:lower :: clever 2;\n"
                                                 "bright.a t:2 :: smart 2;\n"
                                                 "ran.x t:ran :: managed 2;\n")


def test_reader_keeps_extra_keys_null_pos_and_a_target_in_other_case() -> None:
    read = swords.swords_from_json(benchmark_document(False), "b.json")
    assert not read.diagnostics.items
    benchmark = read.benchmark
    assert benchmark.targets["t:lower"].fields == {"extra": None}
    assert benchmark.targets["t:ran"].pos is None
    assert benchmark.context_fields["c:ONE/1"] == {"extra": {"source": "made up", "n": 1}}
    assert benchmark.substitutes["s:2"].fields == {"extra": {"from": "thesaurus"}}
    assert benchmark.substitutes["s:5"].labels is None
    assert benchmark.fields == {"extra": {"version": "test"}}


@pytest.mark.parametrize(("flag", "code"), [("yes", "bad-lemmatized-flag"),
                                            (None, "bad-lemmatized-flag")])
def test_a_lemmatized_flag_that_is_not_a_boolean_is_an_error(flag, code: str) -> None:
    document = benchmark_document(True)
    document["substitutes_lemmatized"] = flag
    read = swords.swords_from_json(document, "b.json")
    assert [d.code for d in read.diagnostics] == [code]
    assert read.benchmark.substitutes_lemmatized is False


# --- SWORDS' result layout ---------------------------------------------------------------------

def test_swords_result_layout_is_read_and_written_back(tmp_path: Path, capsys) -> None:
    result = {"substitutes_lemmatized": True,
              "substitutes": {"t:lower": [["clever", 0.9], ["shiny", -1]],
                              "t:2": []}}
    path = tmp_path / "r.lsr.json"
    path.write_text(json.dumps(result))
    assert detect_path(path).kind == "swords-result"
    read, diagnostics = swords.read_swords_result(path)
    assert not diagnostics.items
    assert read.substitutes_lemmatized is True
    assert read.ranked == {"t:lower": [("clever", 0.9), ("shiny", -1.0)], "t:2": []}
    assert main(["convert", str(path), str(tmp_path / "again.json"), "--to",
                 "swords-result"]) == 0, capsys.readouterr().err
    assert json.loads((tmp_path / "again.json").read_text()) == result


def test_malformed_result_targets_are_errors_at_their_place(tmp_path: Path) -> None:
    text = ('{"substitutes_lemmatized": false,\n'
            ' "substitutes": {\n'
            '  "t:good": [["clever", 1.0]],\n'
            '  "t:bad":  [["clever", 1.0], ["shiny", "high"]],\n'
            '    "t:flat": ["clever", 1.0],\n'
            '  "t:none": null}}\n')
    path = tmp_path / "r.json"
    path.write_text(text)
    read, diagnostics = swords.read_swords_result(path)
    assert list(read.ranked) == ["t:good"]
    found = [(d.line, d.column, d.message) for d in diagnostics]
    assert found[0][:2] == (4, 3) and "pair 2 ('shiny')" in found[0][2]
    assert "not a finite number but the string \"high\"" in found[0][2]
    assert found[1][:2] == (5, 5) and "pair 1 is not [substitute, score]" in found[1][2]
    assert found[2][:2] == (6, 3) and "found null" in found[2][2]
    assert all(str(path) in str(d) for d in diagnostics)


def test_result_whose_substitutes_is_not_an_object_is_refused_in_a_sentence(
        tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{"substitutes_lemmatized": true, "substitutes": [["a", 1]]}')
    with pytest.raises(InputError) as raised:
        swords.read_swords_result(path)
    assert "'substitutes' must be an object of target ids" in str(raised.value)


_ids = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1,
               max_size=8)
_words = st.text("abcXYZ é", min_size=1, max_size=6).filter(lambda word: word.strip() == word)
_extras = st.none() | st.dictionaries(st.sampled_from(["extra", "note"]),
                                      st.none() | st.integers() | st.text(max_size=4),
                                      max_size=2)


@st.composite
def swords_documents(draw: st.DrawFn) -> dict:
    document: dict = {"contexts": {}, "targets": {}, "substitutes": {},
                      "substitute_labels": {},
                      "substitutes_lemmatized": draw(st.booleans())}
    context_ids = draw(st.lists(_ids, min_size=1, max_size=3, unique=True))
    for context_id in context_ids:
        before, word, after = draw(_words), draw(_words), draw(_words)
        context = {"context": f"{before} {word} {after}"}
        if (extra := draw(_extras)) is not None:
            context.update(extra)
        document["contexts"][context_id] = context
        target_id = draw(_ids.filter(lambda name: name not in document["targets"]))
        document["targets"][target_id] = {
            "context_id": context_id, "offset": len(before) + 1,
            "target": draw(st.sampled_from([word, word.lower(), word.upper()])),
            "pos": draw(st.none() | st.sampled_from(["NOUN", "VERB", "ADJ", "ADV", "PROPN"]))}
        for substitute in draw(st.lists(_words, max_size=4)):
            substitute_id = draw(_ids.filter(lambda name: name not in document["substitutes"]))
            document["substitutes"][substitute_id] = {"target_id": target_id,
                                                      "substitute": substitute}
            labels = draw(st.none() | st.lists(st.sampled_from(swords.LABELS), max_size=6))
            if labels is not None:
                document["substitute_labels"][substitute_id] = labels
    return document


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(swords_documents(), st.booleans())
def test_any_swords_file_converts_to_the_same_json(tmp_path_factory, document: dict,
                                                   gzipped: bool) -> None:
    folder = tmp_path_factory.mktemp("round")
    source = folder / "in.json"
    source.write_text(json.dumps(document))
    dataset = read_dataset(source, "swords")
    assert not [d for d in dataset.diagnostics if d.severity.value != "info"]
    out = folder / ("out.json.gz" if gzipped else "out.json")
    write_dataset(dataset, "swords", out)
    assert swords.load_json(out)[0] == document


def test_a_benchmark_given_as_a_result_is_refused_in_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "bench.json"
    path.write_text(json.dumps(benchmark_document(True)))
    with pytest.raises(InputError) as raised:
        swords.read_swords_result(path)
    assert "this is a SWORDS benchmark, not a result" in str(raised.value)
