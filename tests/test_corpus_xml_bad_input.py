"""Broken and hostile corpus files: one clear message with file, line and column, never a
traceback, never an entity expanded or a DTD read."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from lxml import etree

from lexsub_studio.core.io.formats.corpus_reader import make_safe_parser
from lexsub_studio.core.io.formats.corpus_xml import (
    CorpusReadResult,
    read_corpus,
    read_corpus_bytes,
)
from lexsub_studio.core.model.diagnostics import Diagnostic, InputError, Severity


def _read(text: str | bytes, path: str = "bad.xml") -> CorpusReadResult:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return read_corpus_bytes(data, path)


def _input_error(text: str | bytes, path: str = "bad.xml") -> Diagnostic:
    with pytest.raises(InputError) as raised:
        _read(text, path)
    diagnostic = raised.value.diagnostic
    assert str(raised.value) == str(diagnostic)
    return diagnostic


def _errors(result: CorpusReadResult) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in result.diagnostics if d.severity is Severity.ERROR]


# -- files that cannot be parsed -------------------------------------------------------------


def test_mismatched_tag_names_file_line_and_column() -> None:
    diagnostic = _input_error(
        '<corpus lang="english">\n<lexelt item="a.n">\n<instance id="1">\n'
        "<context>x <head>a</context>\n</instance></lexelt></corpus>", "trial.xml")
    # Line 4: '<context>' is columns 1-9, 'x ' 10-11, '<head>' 12-17, 'a' 18, '</context>'
    # 19-28: the parser stops right after the end tag that does not match, column 29.
    assert (diagnostic.path, diagnostic.line, diagnostic.column) == ("trial.xml", 4, 29)
    assert diagnostic.code == "xml-syntax"
    assert "tag mismatch: head line 4 and context" in diagnostic.message
    assert str(diagnostic).startswith("trial.xml:4:29: error: malformed XML")


def test_bare_ampersand_is_explained() -> None:
    diagnostic = _input_error('<corpus>\n<lexelt item="a.n"><instance id="1"><context>salt & '
                              "<head>pepper</head></context></instance></lexelt></corpus>")
    # Line 2: 19 + 17 + 9 = 45 characters of tags, 'salt ' 46-50, '&' 51; reported at 52.
    assert (diagnostic.line, diagnostic.column) == (2, 52)
    assert "literal ampersand must be written &amp;" in diagnostic.message


def test_bare_less_than_is_explained() -> None:
    diagnostic = _input_error('<corpus>\n<lexelt item="a.n"><instance id="1"><context>a < b '
                              "<head>c</head></context></instance></lexelt></corpus>")
    # 45 characters of tags, 'a ' 46-47, '<' 48; reported at 49.
    assert (diagnostic.line, diagnostic.column) == (2, 49)
    assert "written &lt;" in diagnostic.message


def test_control_character_forbidden_by_xml() -> None:
    diagnostic = _input_error('<corpus>\n<lexelt item="a.n"><instance id="1"><context>a \x0c '
                              "<head>c</head></context></instance></lexelt></corpus>")
    # 45 characters of tags, 'a ' 46-47, the form feed at 48.
    assert (diagnostic.line, diagnostic.column) == (2, 48)
    assert "does not allow" in diagnostic.message


def test_truncated_file() -> None:
    diagnostic = _input_error('<corpus lang="english">\n<lexelt item="a.n">\n<instance id="1">\n'
                              "<context>x <head>a</head></context>\n</instance>\n")
    assert (diagnostic.line, diagnostic.column) == (6, 1)
    assert "cut short" in diagnostic.message


def test_empty_file() -> None:
    diagnostic = _input_error(b"")
    assert (diagnostic.line, diagnostic.column) == (1, 1)
    assert "empty" in diagnostic.message


def test_wrong_root_element() -> None:
    diagnostic = _input_error('<?xml version="1.0"?>\n<corpora/>')
    assert (diagnostic.code, diagnostic.line) == ("not-a-corpus", 2)
    assert "<corpora>" in diagnostic.message


# -- encodings -------------------------------------------------------------------------------------


def test_non_utf8_byte_gives_line_and_column_of_the_first_bad_byte() -> None:
    data = ('<corpus>\n<lexelt item="cafe.n">\n<instance id="1"><context>naïve '.encode()
            + b"caf\xe9 <head>cafe</head> caf\xe9</context></instance></lexelt></corpus>")
    diagnostic = _input_error(data)
    # Line 3: '<instance id="1">' 17 + '<context>' 9 = 26, 'naïve ' 27-32 (ï is one character
    # though two bytes), 'caf' 33-35: the Latin-1 é is column 36.
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("not-utf8", 3, 36)
    assert "0xE9" in diagnostic.message
    assert "UTF-8" in diagnostic.message


def test_non_utf8_file_with_a_latin1_declaration_gets_a_conversion_hint() -> None:
    diagnostic = _input_error(b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<corpus>\xe9'
                              b"</corpus>")
    assert (diagnostic.line, diagnostic.column) == (2, 9)
    assert "iconv -f ISO-8859-1 -t UTF-8" in diagnostic.message


def test_utf16_file_is_named_as_such() -> None:
    diagnostic = _input_error('<corpus lang="english"/>'.encode("utf-16"))
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("not-utf8", 1, 1)
    assert "UTF-16" in diagnostic.message


# -- instance and lexelt problems: diagnostics, and what is skipped is counted ---------------


def test_duplicate_id_within_a_lexelt_is_an_error_and_the_later_one_is_skipped() -> None:
    result = _read(
        '<corpus>\n<lexelt item="bright.a">\n'  # lines 1-2
        '<instance id="5"><context>a <head>bright</head> day</context></instance>\n'  # 3
        '<instance id="5"><context>a <head>brighter</head> one</context></instance>\n'  # 4
        "</lexelt></corpus>")
    instances = result.corpus.lexelts[0].instances
    assert [(i.id, i.head) for i in instances] == [("5", "bright")]
    assert _errors(result) == [("duplicate-id", 4)]
    assert "first at line 3" in result.diagnostics.errors[0].message
    assert result.stats["skipped_instances"] == 1
    assert result.stats["instances"] == 1


def test_duplicate_id_across_lexelts_is_a_warning_and_both_are_kept() -> None:
    result = _read(
        '<corpus>\n<lexelt item="bright.a">\n'
        '<instance id="5"><context>a <head>bright</head> day</context></instance>\n'
        '</lexelt>\n<lexelt item="dark.a">\n'
        '<instance id="5"><context>a <head>dark</head> night</context></instance>\n'
        "</lexelt></corpus>")
    assert len(result.corpus) == 2
    assert not result.diagnostics.has_errors
    warning = result.diagnostics.warnings[0]
    assert (warning.code, warning.line) == ("duplicate-id-across-lexelts", 6)
    assert "bright.a (line 3)" in warning.message
    assert result.stats["duplicate_ids_across_lexelts"] == 1


@pytest.mark.slow
def test_lines_beyond_65535_are_reported_exactly() -> None:
    # 25,000 instances of three lines each after two header lines: instance n (from 1) starts
    # on line 2 + 3 (n - 1) + 1 = 3n; the repeated id 7 is instance 25,001, line 75,003.
    # (libxml2 alone is one line late for many elements past line 65,535.)
    body = "".join(f'<instance id="{n}">\n<context><head>a</head></context>\n</instance>\n'
                   for n in range(1, 25_001))
    text = ('<corpus>\n<lexelt item="a.n">\n' + body
            + '<instance id="7"><context><head>a</head></context></instance>\n</lexelt></corpus>')
    result = _read(text)
    assert _errors(result) == [("duplicate-id", 75_003)]
    assert "first at line 21" in result.diagnostics.errors[0].message
    assert result.corpus.lexelts[0].instances[-1].line == 3 * 25_000
    assert result.corpus.lexelts[0].instances[21_844].line == 3 * 21_845  # line 65,535


HEAD_PROBLEMS = (
    "<corpus>\n"  # 1
    '<lexelt item="run.v">\n'  # 2
    '<instance id="1"><context>no head here</context></instance>\n'  # 3
    '<instance id="2">\n<context><head>ran</head> and <head>ran</head></context>\n'  # 4-5
    "</instance>\n"  # 6
    '<instance id="3"><context>an <head> </head> head</context></instance>\n'  # 7
    '<instance id="4"></instance>\n'  # 8
    '<instance><context><head>run</head></context></instance>\n'  # 9
    '<instance id="6"><context><head>run</head></context><context>x</context></instance>\n'
    '<instance id="7"><context>fine, they <head>run</head> .</context></instance>\n'  # 11
    "</lexelt>\n"
    '<lexelt><instance id="8"><context><head>x</head></context></instance></lexelt>\n'  # 13
    "</corpus>"
)


def test_instances_without_exactly_one_head_or_context_or_an_id_are_skipped() -> None:
    result = _read(HEAD_PROBLEMS)
    assert _errors(result) == [
        ("missing-head", 3),
        ("several-heads", 5),
        ("empty-head", 7),
        ("missing-context", 8),
        ("missing-id", 9),
        ("several-contexts", 10),
        ("missing-item", 13),
    ]
    messages = [d.message for d in result.diagnostics.errors]
    assert "instance 1 of lexelt run.v has 0 <head> elements" in messages[0]
    assert "has 2 <head> elements (lines 5, 5)" in messages[1]
    assert all("skipped" in message for message in messages)
    assert [i.id for i in result.corpus.lexelts[0].instances] == ["7"]
    assert [lexelt.item for lexelt in result.corpus.lexelts] == ["run.v"]
    # Six instances of run.v and the one of the lexelt without an item.
    assert result.stats["skipped_instances"] == 7
    assert result.stats["skipped_lexelts"] == 1


def test_unknown_pos_letter_is_an_error_but_the_lexelt_is_kept() -> None:
    result = _read('<corpus>\n<lexelt item="run.x"><instance id="1"><context><head>run</head>'
                   '</context></instance></lexelt>\n<lexelt item="walk"><instance id="2">'
                   "<context><head>walk</head></context></instance></lexelt></corpus>")
    assert _errors(result) == [("unknown-pos", 2), ("unknown-pos", 3)]
    first, second = (d.message for d in result.diagnostics.errors)
    assert "unknown PoS 'x'" in first
    assert "no PoS" in second
    assert len(result.corpus) == 2
    assert result.stats["pos_unknown"] == 2


# -- entities: never expanded, never fetched ---------------------------------------------------


def _secret_file(tmp_path: Path) -> Path:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-7f3a", encoding="utf-8")
    return secret


def test_external_entity_pointing_at_a_local_file_is_not_expanded(tmp_path: Path) -> None:
    secret = _secret_file(tmp_path)
    payload = (f'<?xml version="1.0"?>\n<!DOCTYPE corpus [\n'
               f'<!ENTITY xxe SYSTEM "{secret.as_uri()}">\n]>\n'
               '<corpus><lexelt item="a.n"><instance id="1"><context>&xxe; '
               "<head>a</head></context></instance></lexelt></corpus>")
    diagnostic = _input_error(payload)
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("entity-declaration", 3, 1)
    assert "TOP-SECRET" not in diagnostic.message
    # The parser alone, without the reader's refusal, does not read the file either.
    root = etree.fromstring(payload.encode(), make_safe_parser())
    assert "TOP-SECRET" not in etree.tostring(root, encoding="unicode")
    assert root.find(".//context")[0].text == "&xxe;"


def test_external_entity_in_an_attribute_is_not_expanded(tmp_path: Path) -> None:
    secret = _secret_file(tmp_path)
    diagnostic = _input_error(
        f'<!DOCTYPE corpus [<!ENTITY xxe SYSTEM "{secret.as_uri()}">]>\n'
        '<corpus><lexelt item="&xxe;"/></corpus>')
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("entity-declaration", 1, 19)
    assert "TOP-SECRET" not in diagnostic.message


def test_external_parameter_entity_is_refused_before_any_parsing(tmp_path: Path) -> None:
    # libxml2 reads an external parameter entity from disk even with DTD loading off, so the
    # reader refuses entity declarations before the parser runs.
    secret = _secret_file(tmp_path)
    dtd = tmp_path / "parameter.dtd"
    dtd.write_text(f'<!ENTITY leak SYSTEM "{secret.as_uri()}">', encoding="utf-8")
    diagnostic = _input_error(
        '<?xml version="1.0"?>\n'
        f'<!DOCTYPE corpus [\n  <!ENTITY % p SYSTEM "{dtd.as_uri()}"> %p;\n]>\n'
        '<corpus><lexelt item="a.n"><instance id="1"><context>&leak; <head>a</head>'
        "</context></instance></lexelt></corpus>")
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("entity-declaration", 3, 3)
    assert "TOP-SECRET" not in diagnostic.message


def test_entity_declaration_hidden_in_a_comment_is_refused_too() -> None:
    diagnostic = _input_error('<corpus>\n<!-- <!ENTITY x "y"> -->\n</corpus>')
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("entity-declaration", 2, 6)


def test_external_dtd_is_never_read(tmp_path: Path) -> None:
    secret = _secret_file(tmp_path)
    dtd = tmp_path / "evil.dtd"
    dtd.write_text(f'<!ENTITY xxe SYSTEM "{secret.as_uri()}">', encoding="utf-8")
    result = _read(f'<!DOCTYPE corpus SYSTEM "{dtd.as_uri()}">\n<corpus><lexelt item="a.n">'
                   '<instance id="1"><context>&xxe; <head>a</head></context></instance>'
                   "</lexelt></corpus>")
    instance = result.corpus.lexelts[0].instances[0]
    # Without the DTD the entity is undefined: kept as literal text and reported.
    assert instance.context == "&xxe; a"
    assert (instance.head_start, instance.head_end) == (6, 7)
    assert _errors(result) == [("unexpanded-entity", 2)]
    assert result.stats["unexpanded_entities"] == 1


def test_undefined_entity_under_the_semeval_doctype_is_kept_literally_and_reported() -> None:
    result = _read('<!DOCTYPE corpus SYSTEM "lexsub.dtd">\n<corpus><lexelt item="cafe.n">'
                   '<instance id="1"><context>caf&eacute; <head>cafe</head></context>'
                   "</instance></lexelt></corpus>")
    assert result.corpus.lexelts[0].instances[0].context == "caf&eacute; cafe"
    assert "&eacute;" in result.diagnostics.errors[0].message


def test_internal_entity_is_refused_even_in_an_attribute() -> None:
    diagnostic = _input_error('<!DOCTYPE corpus [<!ENTITY e "expanded">]>\n'
                              '<corpus><lexelt item="&e;.n"/></corpus>')
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("entity-declaration", 1, 19)


def _billion_laughs(reference: str) -> bytes:
    declarations = ['<!ENTITY lol0 "lol">']
    for level in range(1, 10):
        declarations.append(f'<!ENTITY lol{level} "{f"&lol{level - 1};" * 10}">')
    return (f'<?xml version="1.0"?>\n<!DOCTYPE corpus [{"".join(declarations)}]>\n'
            f"{reference}").encode()


@pytest.mark.parametrize("body", [
    '<corpus><lexelt item="a.n"><instance id="1"><context>&lol9; <head>a</head></context>'
    "</instance></lexelt></corpus>",
    '<corpus><lexelt item="&lol9;"/></corpus>',
], ids=["in-text", "in-attribute"])
def test_billion_laughs_neither_expands_nor_hangs(body: str) -> None:
    data = _billion_laughs(body)
    started = time.monotonic()
    with pytest.raises(InputError) as raised:
        read_corpus_bytes(data, "bomb.xml")
    assert time.monotonic() - started < 5
    diagnostic = raised.value.diagnostic
    assert diagnostic.code in {"entity-declaration", "xml-syntax"}
    # Either way the message points at the first declaration: line 2, after '<!DOCTYPE corpus ['.
    assert (diagnostic.line, diagnostic.column) == (2, 19)
    assert "lollol" not in str(raised.value)
    # The parser alone refuses or keeps the reference unexpanded; either way no 10^9 "lol".
    started = time.monotonic()
    try:
        root = etree.fromstring(data, make_safe_parser())
    except etree.XMLSyntaxError as error:
        assert "amplification" in str(error)
    else:
        assert len(etree.tostring(root)) < 10_000
    assert time.monotonic() - started < 5


# -- files on disk ------------------------------------------------------------------------------


def test_missing_file_and_directory_are_unreadable(tmp_path: Path) -> None:
    for path in (tmp_path / "absent.xml", tmp_path):
        with pytest.raises(InputError) as raised:
            read_corpus(path)
        assert raised.value.diagnostic.code == "unreadable"
        assert raised.value.diagnostic.path == str(path)


def test_reading_a_broken_file_leaves_it_untouched(tmp_path: Path) -> None:
    path = tmp_path / "broken.xml"
    data = b'<corpus><lexelt item="a.n"><instance id="1"><context>caf&#233 ; & </context>'
    path.write_bytes(data)
    stamp = path.stat().st_mtime_ns
    with pytest.raises(InputError) as raised:
        read_corpus(path)
    assert raised.value.diagnostic.path == str(path)
    assert path.read_bytes() == data
    assert path.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir()] == ["broken.xml"]
