"""Reading and writing lexelt XML corpora: the quirks of real files, stats, round trips."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.corpus_quality import (
    count_c1_controls,
    count_double_encoded,
    count_replacement_characters,
    raw_may_be_damaged,
)
from lexsub_studio.core.io.formats.corpus_xml import (
    SUMMARY_KEYS,
    CorpusReadResult,
    corpus_stats,
    corpus_to_xml,
    read_corpus,
    read_corpus_bytes,
    write_corpus,
)
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt

# A file shaped like the SemEval-2007 distribution: DOCTYPE naming an absent DTD, no XML
# declaration, tokenised text, character references, an inflected head, a corrected PoS,
# and no final newline. The sentences are the project's own.
SEMEVAL_LIKE = (
    '<!DOCTYPE corpus SYSTEM "lexsub.dtd">\n'
    '<corpus lang="english">\n'
    '<lexelt item="bright.a">\n'
    '<instance id="1">\n'
    "<context>The lamp by the door burned <head>brighter</head> than the moon .</context>\n"
    "</instance>\n"
    '<instance id="2">\n'
    "<context>She&#8217;s a <head>bright</head> pupil , &quot;quick&quot; and "
    "&apos;keen&apos; .</context>\n"
    "</instance>\n"
    "</lexelt>\n"
    '<lexelt item="stand.n.v">\n'
    '<instance id="3">\n'
    "<context>They <head>stand</head> in the rain waiting for the bus .</context>\n"
    "</instance>\n"
    "</lexelt>\n"
    "</corpus>"
)


def _read(text: str | bytes, path: str = "test.xml") -> CorpusReadResult:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return read_corpus_bytes(data, path)


def _content(corpus: Corpus) -> tuple:
    """What a round trip must keep (file paths and line numbers naturally differ)."""
    return (
        corpus.lang,
        corpus.doctype,
        [(lexelt.item, [(i.id, i.context, i.head_start, i.head_end, i.attributes)
                        for i in lexelt.instances]) for lexelt in corpus.lexelts],
    )


def _codes(result: CorpusReadResult) -> list[str]:
    return [d.code for d in result.diagnostics]


# -- the SemEval-2007 file shape ---------------------------------------------------------


def test_semeval_like_file_reads_every_instance_with_exact_text_and_spans() -> None:
    result = _read(SEMEVAL_LIKE)
    corpus = result.corpus
    assert list(result.diagnostics) == []
    assert corpus.lang == "english"
    assert corpus.doctype == '<!DOCTYPE corpus SYSTEM "lexsub.dtd">'
    assert [lexelt.item for lexelt in corpus.lexelts] == ["bright.a", "stand.n.v"]
    assert [lexelt.line for lexelt in corpus.lexelts] == [3, 11]

    first, second = corpus.lexelts[0].instances
    # "The lamp by the door burned " is 28 characters, "brighter" 8 more.
    assert first.context == "The lamp by the door burned brighter than the moon ."
    assert (first.head_start, first.head_end) == (28, 36)
    assert first.head == "brighter"
    assert (first.id, first.line) == ("1", 4)

    # &#8217; &quot; &apos; are resolved; "She’s a " is 8 characters.
    assert second.context == "She’s a bright pupil , \"quick\" and 'keen' ."
    assert (second.head_start, second.head_end) == (8, 14)
    assert second.line == 7


def test_semeval_like_file_stats() -> None:
    stats = _read(SEMEVAL_LIKE).stats
    assert set(SUMMARY_KEYS) <= set(stats)
    assert stats["lexelts"] == 2
    assert stats["instances"] == 3
    # bright.a has 2 instances (adjective); stand.n.v is a verb, tagged noun.
    assert (stats["pos_a"], stats["pos_v"], stats["pos_n"], stats["pos_r"]) == (2, 1, 0, 0)
    assert stats["pos_corrected"] == 1
    # Only "brighter" differs from its lemma ("bright", "stand" do not).
    assert stats["inflected_heads"] == 1
    assert stats["repaired_references"] == 0
    assert stats["skipped_instances"] == 0
    assert (stats["replacement_chars"], stats["c1_controls"], stats["double_encoded"]) == (0, 0, 0)


def test_corrected_pos_lexelts_keep_both_letters() -> None:
    result = _read(
        '<corpus lang="english"><lexelt item="wild.a.n"><instance id="160"><context>back to '
        "the <head>wild</head> .</context></instance></lexelt></corpus>")
    name = result.corpus.lexelts[0].name
    assert (name.lemma, name.pos, name.original_pos, name.pos_corrected) == ("wild", "n", "a",
                                                                             True)
    assert result.stats["pos_n"] == 1
    assert result.stats["pos_corrected"] == 1


def test_head_case_alone_does_not_make_an_inflected_head() -> None:
    result = _read(
        '<corpus><lexelt item="bright.a">'
        '<instance id="1"><context><head>Bright</head> colours .</context></instance>'
        '<instance id="2"><context>The <head>brightest</head> star .</context></instance>'
        "</lexelt></corpus>")
    assert result.stats["inflected_heads"] == 1


def test_spaced_references_are_repaired_with_a_warning_naming_their_lines() -> None:
    text = (
        "<corpus>\n"  # line 1
        '<lexelt item="cafe.n">\n'  # line 2
        '<instance id="1"><context>a caf&#233 ; <head>cafe</head></context></instance>\n'
        '<instance id="2"><context>x</context></instance>\n'  # line 4: no head, skipped
        '<instance id="3"><context>&#x2019  ;<head>cafe</head> &#233\t;</context></instance>\n'
        "</lexelt></corpus>"
    )
    result = _read(text)
    one, three = result.corpus.lexelts[0].instances
    assert one.context == "a café cafe"
    assert (one.head_start, one.head_end) == (7, 11)
    assert three.context == "’cafe é"
    warnings = [d for d in result.diagnostics if d.code == "repaired-reference"]
    assert [(d.line, d.column) for d in warnings] == [(3, 32), (5, 27)]
    # Line 3: '<instance id="1">' is 17 characters, '<context>' 9, 'a caf' 5: the reference
    # starts at column 17 + 9 + 5 + 1 = 32. Line 5: 17 + 9 + 1 = 27.
    assert "line 3" in warnings[0].message and "'&#233 ;'" in warnings[0].message
    assert "2 malformed" in warnings[1].message
    assert result.stats["repaired_references"] == 3


def test_repair_keeps_the_columns_of_later_errors_on_the_same_line() -> None:
    # The blanks become leading zeros (&#233  ; -> &#00233;), so nothing shifts: the bare
    # '&' after it is still reported where it is in the file.
    from lexsub_studio.core.model.diagnostics import InputError

    text = ('<corpus>\n<lexelt item="a.n"><instance id="1"><context>caf&#233  ; & '
            "<head>c</head></context></instance></lexelt></corpus>")
    with pytest.raises(InputError) as raised:
        _read(text)
    # Line 2: '<lexelt item="a.n">' 19 + '<instance id="1">' 17 + '<context>' 9 = 45 characters,
    # 'caf&#233  ; ' 12 more (columns 46..57), '&' at column 58; the parser reports the
    # column after it, 59.
    assert (raised.value.diagnostic.line, raised.value.diagnostic.column) == (2, 59)


def test_damaged_text_is_kept_and_counted() -> None:
    context = "a \ufffd b \x85 c Ã© d â€™ e â\x80\x99 <head>f</head>"
    result = _read(f'<corpus><lexelt item="f.n"><instance id="1"><context>{context}'
                   "</context></instance></lexelt></corpus>")
    instance = result.corpus.lexelts[0].instances[0]
    assert instance.context == context.replace("<head>", "").replace("</head>", "")
    # One U+FFFD. C1 controls: \x85, and \x80 \x99 of the Latin-1 reading of ’: 3.
    # Double-encoded: 'Ã©' (é), 'â€™' (’, read as Windows-1252), 'â\x80\x99' (’, as Latin-1): 3.
    assert result.stats["replacement_chars"] == 1
    assert result.stats["c1_controls"] == 3
    assert result.stats["double_encoded"] == 3
    infos = {d.code: d for d in result.diagnostics}
    assert set(infos) == {"replacement-chars", "c1-controls", "double-encoded"}
    assert all(d.severity.value == "info" for d in infos.values())
    assert "first in instance 1 of f.n" in infos["c1-controls"].message


def test_damaged_text_written_as_character_references_is_counted_too() -> None:
    result = _read('<corpus><lexelt item="f.n"><instance id="1"><context>&#65533; &#150; '
                   "<head>f</head></context></instance></lexelt></corpus>")
    assert result.stats["replacement_chars"] == 1
    assert result.stats["c1_controls"] == 1


@pytest.mark.parametrize(("text", "expected"), [
    ("Ã©tÃ©", 2),  # "été" read as Latin-1
    ("â€œquotedâ€\x9d", 2),  # “ and ” read as Windows-1252 (” ends in 0x9D, kept as C1)
    ("naïve café façade Ä", 0),  # real accented text: no continuation character follows
    ("Ã then space", 0),
    ("â€ cut short", 0),  # a three-byte lead with only one continuation
    ("Â«", 1),  # '«' in mojibake; a documented false positive if meant literally
    ("plain ascii", 0),
])
def test_double_encoding_heuristic(text: str, expected: int) -> None:
    assert count_double_encoded(text) == expected


def test_c1_count_is_characters_in_u0080_to_u009f() -> None:
    assert count_c1_controls("\x7f\x80\x9f\xa0") == 2


_DAMAGE_PRONE = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(["Ã", "©", "â", "€", "™", "\x80", "\x99", "\x9d", "\ufffd", "é",
                                   "Â", "ô", "Å", "’", "œ", "ˆ", "a", " "]),
                  st.characters(min_codepoint=0x80, max_codepoint=0x2200)),
        st.booleans(),
    ),
    max_size=8,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(_DAMAGE_PRONE)
def test_raw_pre_check_never_misses_damage(pieces: list[tuple[str, bool]]) -> None:
    # Each character is written literally or as a character reference, as a file might.
    text = "".join(char for char, _ in pieces)
    raw = "".join(f"&#{ord(char)};" if as_reference else char
                  for char, as_reference in pieces).encode("utf-8")
    damage = (count_replacement_characters(text) + count_c1_controls(text)
              + count_double_encoded(text))
    if damage:
        assert raw_may_be_damaged(raw)


def test_raw_pre_check_passes_clean_text_with_accents_and_quotes() -> None:
    assert not raw_may_be_damaged("naïve café &#8217; ’ — Zürich".encode())
    # A reference into U+0080..U+00FF may build damage with its neighbours: the check is
    # conservative there, and the per-context scan decides.
    assert raw_may_be_damaged(b"caf&#233;")


# -- other datasets and languages --------------------------------------------------------


GERMAN = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    "<!DOCTYPE corpus SYSTEM 'lexsub.dtd'>\n"
    '<corpus lang="de">\n'
    '  <lexelt item="Erleichterung.N">\n'
    '    <instance id="Erleichterung_1">\n'
    "      <context>\n"
    "        Zu ihrer großen <head>Erleichterung</head> kam der Zug\n"
    "        pünktlich an .\n"
    "      </context>\n"
    "    </instance>\n"
    "  </lexelt>\n"
    "</corpus>\n"
)


def test_other_datasets_declaration_single_quoted_doctype_string_ids_wrapped_text() -> None:
    result = _read(GERMAN)
    assert list(result.diagnostics) == []
    corpus = result.corpus
    assert corpus.lang == "de"
    assert corpus.doctype == "<!DOCTYPE corpus SYSTEM 'lexsub.dtd'>"
    instance = corpus.lexelts[0].instances[0]
    assert instance.id == "Erleichterung_1"
    left = "\n        Zu ihrer großen "
    assert instance.context == (left + "Erleichterung kam der Zug\n        pünktlich an .\n"
                                "      ")
    assert (instance.head_start, instance.head_end) == (len(left), len(left) + 13)
    assert instance.head == "Erleichterung"
    assert instance.display_context() == "Zu ihrer großen Erleichterung kam der Zug pünktlich an ."
    # Upper-case N (CoInCo style) is a noun.
    assert result.stats["pos_n"] == 1
    assert result.stats["inflected_heads"] == 0


def test_utf8_byte_order_mark_is_accepted() -> None:
    result = _read(b"\xef\xbb\xbf" + SEMEVAL_LIKE.encode())
    assert len(result.corpus) == 3


def test_declared_non_utf8_encoding_on_utf8_bytes_is_read_as_utf8_with_a_warning() -> None:
    text = ('<?xml version="1.0" encoding="ISO-8859-1"?>\n<corpus><lexelt item="caf\u00e9.n">'
            "<instance id=\"1\"><context><head>caf\u00e9</head></context></instance></lexelt>"
            "</corpus>")
    result = _read(text)
    assert result.corpus.lexelts[0].item == "café.n"
    assert _codes(result) == ["declared-encoding"]


def test_extra_instance_attributes_are_kept() -> None:
    result = _read('<corpus><lexelt item="run.v"><instance id="7" docsrc="wsj_0012" '
                   'sentence="#2200012"><context><head>ran</head></context></instance>'
                   "</lexelt></corpus>")
    instance = result.corpus.lexelts[0].instances[0]
    assert instance.attributes == {"docsrc": "wsj_0012", "sentence": "#2200012"}
    assert result.corpus.lang is None


def test_markup_that_is_not_data_is_ignored_and_reported() -> None:
    text = (
        "<corpus>\n"  # 1
        "<!-- made by hand -->\n"  # 2
        '<lexelt item="run.v" source="x">\n'  # 3
        '<instance id="1">\n'  # 4
        "<answer senseid=\"run%2:38:00\"/>\n"  # 5
        "<context>they <b>ran</b> to the <head>ran</head> <?pi x?>.</context>\n"  # 6
        "stray words\n"  # 7
        "</instance>\n"
        "</lexelt>\n"
        "</corpus>")
    result = _read(text)
    instance = result.corpus.lexelts[0].instances[0]
    assert instance.context == "they ran to the ran ."
    assert (instance.head_start, instance.head_end) == (16, 19)
    by_code = {d.code: d for d in result.diagnostics}
    assert by_code["ignored-attributes"].line == 3
    assert "source" in by_code["ignored-attributes"].message
    assert by_code["ignored-element"].severity.value == "warning"
    assert by_code["ignored-text"].line == 6  # the tail of <context> starts on its line
    assert by_code["ignored-comment"].severity.value == "info"
    assert "ignored 2 comment(s)" in by_code["ignored-comment"].message
    stats = result.stats
    # <answer> in the instance and <b> in the context.
    assert (stats["ignored_elements"], stats["ignored_text"], stats["ignored_comments"]) == (2, 1,
                                                                                              2)


def test_empty_and_repeated_lexelts_are_reported_and_kept() -> None:
    result = _read('<corpus>\n<lexelt item="a.n">\n</lexelt>\n<lexelt item="b.n"><instance '
                   'id="1"><context><head>b</head></context></instance></lexelt>\n'
                   '<lexelt item="b.n"><instance id="2"><context><head>b</head></context>'
                   "</instance></lexelt></corpus>")
    assert [lexelt.item for lexelt in result.corpus.lexelts] == ["a.n", "b.n", "b.n"]
    assert [(d.code, d.line) for d in result.diagnostics] == [("empty-lexelt", 2),
                                                             ("repeated-lexelt", 5)]


def test_read_corpus_from_a_file_sets_the_path_and_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "trial.xml"
    data = SEMEVAL_LIKE.replace("&#8217;", "&#8217 ;").encode("utf-8")
    path.write_bytes(data)
    before = path.stat()
    result = read_corpus(path)
    assert result.corpus.path == str(path)
    assert result.diagnostics.path == str(path)
    assert result.stats["repaired_references"] == 1
    assert path.read_bytes() == data
    assert path.stat().st_mtime_ns == before.st_mtime_ns


# -- stats on a hand-built corpus ---------------------------------------------------------


def test_corpus_stats_counts_instances_per_pos_and_unknown_pos() -> None:
    corpus = Corpus(lexelts=[
        Lexelt("run.v", [Instance("1", "ran", 0, 3), Instance("2", "run", 0, 3)]),
        Lexelt("fast.r", [Instance("3", "fast", 0, 4)]),
        Lexelt("odd.q", [Instance("4", "odd", 0, 3)]),
        Lexelt("light.n.a", [Instance("5", "lighter", 0, 7)]),
    ])
    stats = corpus_stats(corpus)
    assert stats == {
        "lexelts": 4, "instances": 5, "pos_n": 0, "pos_v": 2, "pos_a": 1, "pos_r": 1,
        "pos_unknown": 1, "pos_corrected": 1,
        "inflected_heads": 2,  # "ran" under run.v, "lighter" under light.n.a
        "replacement_chars": 0, "c1_controls": 0, "double_encoded": 0,
    }


# -- writing --------------------------------------------------------------------------------


def test_writer_output_is_exact() -> None:
    corpus = Corpus(lang="english", doctype='<!DOCTYPE corpus SYSTEM "lexsub.dtd">', lexelts=[
        Lexelt("bright.a", [Instance("1", 'a <b> & "c"\r', 2, 5, {"src": "x\ty\n"})]),
    ])
    assert corpus_to_xml(corpus) == (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<!DOCTYPE corpus SYSTEM "lexsub.dtd">\n'
        '<corpus lang="english">\n'
        '  <lexelt item="bright.a">\n'
        '    <instance id="1" src="x&#9;y&#10;">\n'
        '      <context>a <head>&lt;b&gt;</head> &amp; "c"&#13;</context>\n'
        "    </instance>\n"
        "  </lexelt>\n"
        "</corpus>\n"
    )


def test_writer_omits_a_missing_lang_and_doctype() -> None:
    xml = corpus_to_xml(Corpus(lang=None, lexelts=[]))
    assert xml == '<?xml version="1.0" encoding="utf-8"?>\n<corpus>\n</corpus>\n'


@pytest.mark.parametrize(("instance", "message"), [
    (Instance("1", "a\x01b", 0, 1), "U+0001"),
    (Instance("1", "ab", 1, 3), "head span 1..3"),
    (Instance("1", "ab", 0, 1, {"bad name": "x"}), "attribute name"),
])
def test_writer_refuses_what_xml_cannot_hold(instance: Instance, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        corpus_to_xml(Corpus(lexelts=[Lexelt("a.n", [instance])]))


def test_write_corpus_is_atomic_and_keeps_the_old_file_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "out.xml"
    good = _read(SEMEVAL_LIKE).corpus
    write_corpus(good, path)
    written = path.read_text(encoding="utf-8")
    bad = Corpus(lexelts=[Lexelt("a.n", [Instance("1", "a\x00", 0, 1)])])
    with pytest.raises(ValueError):
        write_corpus(bad, path)
    assert path.read_text(encoding="utf-8") == written
    assert [p.name for p in tmp_path.iterdir()] == ["out.xml"]


# -- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [SEMEVAL_LIKE, GERMAN], ids=["semeval", "german"])
def test_round_trip_of_fixture_files(text: str, tmp_path: Path) -> None:
    original = _read(text).corpus
    path = tmp_path / "copy.xml"
    write_corpus(original, path)
    again = read_corpus(path)
    assert list(again.diagnostics) == []
    assert _content(again.corpus) == _content(original)
    # Writing the re-read corpus gives the same bytes: the writer's output is a fixed point.
    assert corpus_to_xml(again.corpus) == path.read_text(encoding="utf-8")


def test_round_trip_keeps_extra_attributes_and_repaired_text(tmp_path: Path) -> None:
    original = _read('<corpus lang="english"><lexelt item="a.n"><instance id="1" '
                     'sentence="#20001"><context>caf&#233 ; <head>a</head></context>'
                     "</instance></lexelt></corpus>").corpus
    again = _read(corpus_to_xml(original)).corpus
    assert _content(again) == _content(original)
    assert again.lexelts[0].instances[0].attributes == {"sentence": "#20001"}
    assert again.lexelts[0].instances[0].context == "café a"


# Text XML 1.0 can carry; weighted towards the characters a writer must escape or preserve.
_AWKWARD = st.lists(
    st.one_of(
        st.sampled_from([*"<>&\"' \t\n\r;#", "\u00a0", "é", "’", "\ufffd", "\x85", "Ã©",
                         "&amp;", "]]>", "&#233;", "  \n   "]),
        st.characters(codec="utf-8", exclude_categories=("Cs",),
                      exclude_characters="\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e"
                                         "\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a"
                                         "\x1b\x1c\x1d\x1e\x1f\ufffe\uffff"),
    ),
    max_size=20,
).map("".join)
_HEAD = _AWKWARD.filter(lambda text: text.strip() != "")
_ATTRIBUTE_NAME = st.text(alphabet=string.ascii_lowercase, min_size=1, max_size=6).filter(
    lambda name: name != "id")


@st.composite
def _corpora(draw: st.DrawFn) -> Corpus:
    lexelts = []
    next_id = 0
    for index in range(draw(st.integers(1, 3))):
        item = draw(st.sampled_from(["bright.a", "stand.n.v", "e commerce.J", "x&y<z\".n"]))
        instances = []
        for _ in range(draw(st.integers(1, 3))):
            left, head, right = draw(_AWKWARD), draw(_HEAD), draw(_AWKWARD)
            attributes = draw(st.dictionaries(_ATTRIBUTE_NAME, _AWKWARD, max_size=2))
            instance_id = draw(st.sampled_from(["", "id-", "Ärger_", " "])) + str(next_id)
            next_id += 1
            instances.append(Instance(instance_id, left + head + right, len(left),
                                      len(left) + len(head), attributes))
        lexelts.append(Lexelt(f"{item}" if index == 0 else f"{index}{item}", instances))
    lang = draw(st.one_of(st.none(), st.sampled_from(["english", "de", "it"])))
    doctype = draw(st.sampled_from([None, '<!DOCTYPE corpus SYSTEM "lexsub.dtd">',
                                    "<!DOCTYPE corpus SYSTEM 'lexsub.dtd'>"]))
    return Corpus(lexelts=lexelts, lang=lang, doctype=doctype)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(_corpora())
def test_round_trip_of_generated_corpora(corpus: Corpus) -> None:
    result = _read(corpus_to_xml(corpus))
    assert not result.diagnostics.has_errors, [str(d) for d in result.diagnostics]
    assert _content(result.corpus) == _content(corpus)


def test_doctype_internal_subset_is_dropped_with_a_note() -> None:
    result = _read('<?xml version="1.0"?>\n<!DOCTYPE corpus [<!ELEMENT corpus ANY>]>\n'
                   "<corpus/>")
    assert result.corpus.doctype == "<!DOCTYPE corpus>"
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("doctype-subset", 2, 1)]
    assert "<!ELEMENT" not in corpus_to_xml(result.corpus)


def test_doctype_text_inside_a_comment_is_not_taken_for_the_doctype() -> None:
    result = _read("<corpus><!-- <!DOCTYPE corpus SYSTEM 'x.dtd'> --></corpus>")
    assert result.corpus.doctype is None
