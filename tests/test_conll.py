"""The tab-separated CoNLL reader: sentences, ids, PTB mapping, and every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.core.dataset.conll import (
    parse_conll_text,
    ptb_to_pos,
    read_conll,
    read_conll_files,
)
from lexsub_studio.core.model.diagnostics import InputError

CONLL_DIR = Path(__file__).resolve().parent.parent / "data" / "conll"

GOOD = (
    "#20300001\n"
    "1\tMs.\tMs.\tNNP\t-\t+\n"
    "2\tLund\tLund\tNNP\t-\t-\n"
    "3\tsings\tsing\tVBZ\t+\t+\n"
    "4\t.\t.\t.\t-\t-\n"
    "\n"
    "# sent_id = 20300002\n"
    "# text = Bright days .\n"
    "1\tBright\tbright\tJJ\n"
    "2\tdays\tday\tNNS\n"
    "3\t.\t.\t.\n"
    "\n"
)


def codes(result) -> list[str]:
    return [d.code for d in result.diagnostics]


def test_good_file_gives_sentences_ids_and_tokens() -> None:
    result = parse_conll_text(GOOD, "good.conll")
    assert codes(result) == []
    first, second = result.sentences
    assert (first.id, first.source, first.line) == ("20300001", "good.conll", 2)
    assert [t.form for t in first.tokens] == ["Ms.", "Lund", "sings", "."]
    assert first.tokens[2].lexelt == "sing.v"
    assert first.text() == "Ms. Lund sings ."
    # The CoNLL-U style id line names the sentence; the '# text' line is a counted comment.
    assert second.id == "20300002"
    assert [t.lexelt for t in second.tokens] == ["bright.a", "day.n", None]
    assert result.stats == {"lines": 12, "sentences": 2, "tokens": 7, "skipped_sentences": 0,
                            "comment_lines": 1, "blank_lines": 2}


@pytest.mark.parametrize(("tag", "pos"), [
    ("NN", "n"), ("NNS", "n"), ("NNP", "n"), ("NNPS", "n"),
    ("VB", "v"), ("VBD", "v"), ("VBG", "v"), ("VBN", "v"), ("VBP", "v"), ("VBZ", "v"),
    ("JJ", "a"), ("JJR", "a"), ("JJS", "a"), ("RB", "r"), ("RBR", "r"), ("RBS", "r"),
    ("WRB", None), ("RP", None), ("DT", None), ("IN", None), (".", None), ("", None),
])
def test_ptb_tags_map_as_the_spec_says(tag: str, pos: str | None) -> None:
    assert ptb_to_pos(tag) == pos


def test_bom_and_crlf_are_accepted() -> None:
    text = "\ufeff" + GOOD.replace("\n", "\r\n")
    result = parse_conll_text(text)
    assert codes(result) == []
    assert [s.id for s in result.sentences] == ["20300001", "20300002"]


def test_sentence_without_id_line_is_named_by_file_and_line() -> None:
    result = parse_conll_text("1\tRun\trun\tVB\n\n\n1\tGo\tgo\tVB\n\n", "x/plain.conll")
    assert [(s.id, s.generated_id) for s in result.sentences] == [
        ("plain.conll:1", True), ("plain.conll:4", True)]


def test_missing_final_blank_line_is_an_error_and_the_sentence_is_skipped() -> None:
    text = "#1\n1\tA\ta\tDT\n\n#2\n1\tB\tb\tNN\n2\tC\tc\tNN"
    result = parse_conll_text(text, "cut.conll")
    assert [s.id for s in result.sentences] == ["1"]
    [error] = result.diagnostics.errors
    # The last line is line 6, "2\tC\tc\tNN": 2, tab, C, tab, c, tab, N, N = 8 characters;
    # column 9 is just past its end.
    assert (error.code, error.line, error.column) == ("missing-final-blank-line", 6, 9)
    assert result.stats["skipped_sentences"] == 1


def test_too_few_columns_is_reported_with_line_and_skips_the_sentence() -> None:
    text = "#1\n1\tA\ta\tDT\n2\tB\tb\n\n#2\n1\tC\tc\tNN\n\n"
    result = parse_conll_text(text, "f.conll")
    [error] = result.diagnostics.errors
    assert (error.code, error.line, error.column) == ("wrong-column-count", 3, 1)
    assert "3 tab-separated column(s)" in error.message
    assert [s.id for s in result.sentences] == ["2"]
    assert result.stats["skipped_sentences"] == 1


def test_column_count_must_stay_the_same_within_a_sentence() -> None:
    text = "1\tA\ta\tDT\t-\n2\tB\tb\tNN\n\n"
    [error] = parse_conll_text(text).diagnostics.errors
    assert error.code == "wrong-column-count"
    assert error.line == 2
    assert "first token line (line 1) has 5" in error.message


def test_non_integer_token_id_is_an_error() -> None:
    text = "1\tA\ta\tDT\n2.1\tB\tb\tNN\n\n"
    result = parse_conll_text(text)
    [error] = result.diagnostics.errors
    assert (error.code, error.line, error.column) == ("bad-token-id", 2, 1)
    assert result.sentences == []


def test_token_ids_must_count_from_one() -> None:
    text = "1\tA\ta\tDT\n3\tB\tb\tNN\n\n"
    [error] = parse_conll_text(text).diagnostics.errors
    assert error.code == "token-id-sequence"
    assert "token id 3 where 2 was expected" in error.message


def test_a_line_with_spaces_instead_of_tabs_gets_a_hint() -> None:
    text = "1\tA\ta\tDT\n2 B b NN\n\n"
    [error] = parse_conll_text(text).diagnostics.errors
    assert error.code == "wrong-column-count"
    assert "seems to use spaces" in error.message


def test_a_file_without_any_tab_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        parse_conll_text("#1\n1 The the DT\n2 cat cat NN\n\n", "spaces.conll")
    diagnostic = caught.value.diagnostic
    assert (diagnostic.code, diagnostic.path, diagnostic.line) == (
        "not-tab-separated", "spaces.conll", 2)


def test_hash_line_among_tokens_skips_the_sentence() -> None:
    text = "1\tA\ta\tDT\n#oops\n2\tB\tb\tNN\n\n1\tC\tc\tNN\n\n"
    result = parse_conll_text(text)
    [error] = result.diagnostics.errors
    assert (error.code, error.line) == ("hash-line-in-sentence", 2)
    assert [t.form for s in result.sentences for t in s.tokens] == ["C"]


def test_empty_form_and_unwritable_characters_are_errors() -> None:
    result = parse_conll_text("1\t\tx\tNN\n\n1\tA\u0001\ta\tNN\n\n")
    assert [(d.code, d.line, d.column) for d in result.diagnostics.errors] == [
        ("empty-form", 1, 3), ("bad-character", 3, 3)]
    assert result.sentences == []


def test_second_id_line_and_dangling_id_are_warned() -> None:
    result = parse_conll_text("#1\n#2\n1\tA\ta\tDT\n\n#3\n\n")
    assert [(d.code, d.line) for d in result.diagnostics] == [
        ("several-sentence-ids", 2), ("id-without-sentence", 5)]
    assert [s.id for s in result.sentences] == ["1"]


def test_not_utf8_is_refused_with_position(tmp_path: Path) -> None:
    path = tmp_path / "latin1.conll"
    path.write_bytes(b"1\tcaf\xe9\tcafe\tNN\n\n")
    with pytest.raises(InputError) as caught:
        read_conll(path)
    assert (caught.value.diagnostic.line, caught.value.diagnostic.column) == (1, 6)


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        read_conll(tmp_path / "absent.conll")
    assert caught.value.diagnostic.code == "unreadable"


def test_the_bundled_sample_reads_cleanly() -> None:
    result = read_conll_files(sorted(CONLL_DIR.glob("*.conll")))
    assert list(result.diagnostics) == []
    assert result.stats["sentences"] == 40
    assert len({s.id for s in result.sentences}) == 40
    # Sentences whose number is a multiple of 3 carry two extra columns, which are ignored.
    assert result.sentences[2].text() == "Our team ran quickly across the muddy field ."


def test_sentence_id_repeated_across_files_is_warned(tmp_path: Path) -> None:
    for name in ("a.conll", "b.conll"):
        (tmp_path / name).write_text("#7\n1\tA\ta\tDT\n\n", encoding="utf-8")
    progress: list[tuple[int, int]] = []
    result = read_conll_files([tmp_path / "a.conll", tmp_path / "b.conll"],
                              progress=lambda done, total: progress.append((done, total)))
    [warning] = result.diagnostics.warnings
    assert warning.code == "repeated-sentence-id"
    assert warning.path == str(tmp_path / "b.conll")
    assert progress == [(0, 2), (1, 2), (2, 2)]
    assert [s.source for s in result.sentences] == ["a.conll", "b.conll"]


def test_a_file_without_sentences_is_warned() -> None:
    result = parse_conll_text("\n# just a comment\n\n", "empty.conll")
    assert [(d.severity.value, d.code) for d in result.diagnostics] == [
        ("warning", "no-sentences")]
    assert result.stats["comment_lines"] == 1
