"""Corpora in other languages: the corpus ``lang`` chooses the lemmatiser behind the lemma hints,
the form-of-target check and the curation's inflection and typo proposals, and the direction
the text runs; the corpus reader and writer keep ``lang``, and ``lexsub validate`` says what
the language gets. Expected lemmas are written by hand from German, not from the lemmatiser."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.work import check_answer, lemma_suggestion
from lexsub_studio.core.gold.merge_proposals import TYPO, propose_merges
from lexsub_studio.core.gold.normalise import suggest_merges
from lexsub_studio.core.io.formats.corpus_xml import corpus_to_xml, read_corpus_bytes
from lexsub_studio.core.model.languages import ENGLISH, EnglishLemmatiser, language_of

GERMAN = language_of("de")


@pytest.mark.parametrize(("lang", "code", "label", "lemmatiser", "right_to_left"), [
    (None, "en", "English (en)", "english", False),
    ("", "en", "English (en)", "english", False),
    ("english", "en", "English (en)", "english", False),
    ("en-GB", "en", "English (en)", "english", False),
    ("de", "de", "German (de)", "simplemma", False),
    ("German", "de", "German (de)", "simplemma", False),
    ("de_DE", "de", "German (de)", "simplemma", False),
    ("italian", "it", "Italian (it)", "simplemma", False),
    ("ita", "it", "Italian (it)", "simplemma", False),
    ("spanish", "es", "Spanish (es)", "simplemma", False),
    ("pt-BR", "pt", "Portuguese (pt)", "simplemma", False),
    ("he", "he", "Hebrew (he)", "simplemma", True),
    ("arabic", "ar", "Arabic (ar)", "simplemma", True),
    ("fa", "fa", "Persian (fa)", "simplemma", True),
    ("tlh", "tlh", "Klingon (tlh)", None, False),
    ("zz-private", "zz", "zz-private (zz)", None, False),
])
def test_a_lang_value_names_its_language_lemmatiser_and_direction(
        lang: str | None, code: str, label: str, lemmatiser: str | None,
        right_to_left: bool) -> None:
    language = language_of(lang)
    assert language.code == code
    kind = (None if language.lemmatiser is None
            else "english" if isinstance(language.lemmatiser, EnglishLemmatiser)
            else "simplemma")
    assert (language.label, kind, language.right_to_left) == (label, lemmatiser, right_to_left)
    if code == "en":
        assert language is ENGLISH


@pytest.mark.slow
@pytest.mark.parametrize(("lexelt", "head", "typed", "hint"), [
    ("Gebäude.n", "Gebäude", "Häuser", "Haus"),
    ("Gebäude.n", "Gebäude", "häuser", "Haus"),  # the noun's capital comes from the dictionary
    ("Gebäude.n", "Gebäude", "Wohnungen", "Wohnung"),
    ("Gebäude.n", "Gebäude", "Bauten", "Bau"),
    ("Gebäude.n", "Gebäude", "bauten", "Bau"),  # a noun item: the noun, not the verb bauen
    ("Gebäude.n", "Gebäude", "Haus", None),  # a lemma already
    ("Gebäude.n", "Gebäude", "haus", None),  # a lemma in another case: no hint
    ("gehen.v", "ging", "liefen", "laufen"),
    ("gehen.v", "ging", "laufen", None),
    ("gehen.v", "ging", "zu Fuß gehen", None),  # phrases: English word order only
])
def test_a_german_corpus_gets_german_lemma_hints(lexelt: str, head: str, typed: str,
                                                 hint: str | None) -> None:
    checks = check_answer([typed, "", ""], "", False, False, lexelt, head, GERMAN)
    assert [check.suggestion for check in checks if check.code == "inflected"] == (
        [hint] if hint else [])


@pytest.mark.slow
def test_a_german_form_of_the_target_is_named_as_such() -> None:
    checks = check_answer(["gingen", "Häuser", ""], "", False, False, "gehen.v", "ging", GERMAN)
    assert [(check.field, check.code) for check in checks] == [
        ("sub1", "form-of-target"), ("sub2", "inflected")]
    # The English lemmatiser knows neither word: no remark at all.
    assert check_answer(["gingen", "Häuser", ""], "", False, False, "gehen.v", "ging") == []


def test_a_language_without_a_lemmatiser_gets_no_hint_and_english_keeps_its_own() -> None:
    klingon = language_of("tlh")
    assert check_answer(["houses", "", ""], "", False, False, "home.n", "home", klingon) == []
    assert lemma_suggestion("houses", "n", klingon) is None
    assert lemma_suggestion("houses", "n") == "house"
    assert lemma_suggestion("houses", "n", ENGLISH) == "house"


def test_curation_proposes_german_inflections_and_no_typo_without_a_dictionary() -> None:
    occurrences = {("Gebäude.n", "1"): {"häuser": 2, "haus": 1, "bauten": 1},
                   ("gehen.v", "2"): {"liefen": 1, "laufen": 2}}
    german = {(s.variant, s.canonical, s.reason) for s in suggest_merges(occurrences, GERMAN)}
    assert german == {("häuser", "haus", "inflection"), ("bauten", "bau", "inflection"),
                      ("liefen", "laufen", "inflection")}
    assert suggest_merges(occurrences) == []  # English knows none of them
    # Two forms one edit apart: a typo only where a dictionary tells which one is a word.
    typo = {("bright.a", "1"): {"clever": 3, "clevr": 1}}
    assert [p.reason for p in propose_merges(typo)] == [TYPO]
    assert propose_merges(typo, language=language_of("tlh")) == []


@pytest.mark.parametrize("start_tag", ['<corpus lang="de">', "<corpus lang='he'>",
                                       '<corpus lang="pt-BR">\n<!-- a comment -->'])
def test_the_reader_and_writer_keep_lang(start_tag: str) -> None:
    text = (f'<?xml version="1.0" encoding="utf-8"?>\n{start_tag}\n<lexelt item="Haus.n">\n'
            '<instance id="1">\n<context>Die <head>Häuser</head> stehen .</context>\n'
            "</instance>\n</lexelt>\n</corpus>\n")
    lang = start_tag.split("lang=")[1][1:].split(start_tag.split("lang=")[1][0])[0]
    read = read_corpus_bytes(text.encode("utf-8"), "in.xml").corpus
    assert read.lang == lang
    written = corpus_to_xml(read)
    assert f'<corpus lang="{lang}">' in written
    assert read_corpus_bytes(written.encode("utf-8"), "out.xml").corpus.lang == lang


def test_validate_says_what_the_corpus_language_gets(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    lines = {}
    for lang in ("de", "tlh", "he"):
        path = tmp_path / f"{lang}.xml"
        path.write_text(f'<corpus lang="{lang}"><lexelt item="a.n"><instance id="1"><context>'
                        "x <head>a</head> y</context></instance></lexelt></corpus>",
                        encoding="utf-8")
        assert main(["validate", str(path)]) == 0
        output = capsys.readouterr().out
        lines[lang] = next(line.split(None, 2)[2] for line in output.splitlines()
                           if line.strip().startswith("lemma hints"))
    assert lines == {"de": "German (de), simplemma's dictionary",
                     "tlh": "none for Klingon (tlh)",
                     "he": "Hebrew (he), simplemma's dictionary, written right to left"}


def test_gold_suggest_lemmas_follows_the_corpus_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "de.xml"
    corpus.write_text('<corpus lang="de"><lexelt item="Gebäude.n"><instance id="1"><context>'
                      "Die <head>Gebäude</head> stehen .</context></instance></lexelt>"
                      "</corpus>", encoding="utf-8")
    responses = tmp_path / "anna.tsv"
    responses.write_text("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\t"
                         "multiword\tnil\tproper_name\tcomment\tseconds\n"
                         "Gebäude.n\t1\tanna\tHäuser\tBauten\t\t\t0\t0\t\t\n", encoding="utf-8")
    assert main(["gold", str(responses), "--corpus", str(corpus), "--suggest-lemmas"]) == 0
    german = [line.split("\t")[:2] for line in capsys.readouterr().out.splitlines()
              if line and not line.startswith("#")]
    assert main(["gold", str(responses), "--suggest-lemmas"]) == 0
    english = [line for line in capsys.readouterr().out.splitlines()
               if line and not line.startswith("#")]
    assert german == [["bauten", "bau"], ["häuser", "haus"]]
    assert english == []
