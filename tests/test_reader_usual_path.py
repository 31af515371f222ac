"""The gold reader's usual path gives exactly what reading every line carefully gives, and the
system reader (one path, line by line) says what each line calls for, in line order.

The gold reader finds the usual lines first and reads their entries for the whole file at once
(2.5 times as fast on a 100k gold: the one reader kept with a second path); every other line
is read the careful way, which reports problems. ``usual_path=False`` reads every line the
careful way: the reference. The generated files mix usual lines with every variation the
careful path knows, so that a line the usual path takes wrongly, or a message it says in
another place or order, shows up as a difference.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats import gold, system
from lexsub_studio.core.io.formats.gold import GoldReadResult
from lexsub_studio.core.io.formats.system import SystemReadResult
from lexsub_studio.core.model.data import GoldItem, SystemAnswer

# -- comparing the two paths ----------------------------------------------------------------------


def _gold_outcome(result: GoldReadResult) -> tuple[object, ...]:
    items = [(item.lexelt, item.id, item.entries, item.line) for item in result.items]
    return items, [str(d) for d in result.diagnostics.items], dict(result.stats)


def _system_outcome(result: SystemReadResult) -> tuple[object, ...]:
    answers = [(line.lexelt, line.id, line.answers, line.line) for line in result.answers]
    return answers, [str(d) for d in result.diagnostics.items], dict(result.stats)


def _assert_gold_paths_agree(text: str, multiword: bool = False) -> GoldReadResult:
    usual = gold._parse_gold_text(text, "g", multiword, usual_path=True)
    careful = gold._parse_gold_text(text, "g", multiword, usual_path=False)
    assert _gold_outcome(usual) == _gold_outcome(careful)
    return usual


def _read_system(text: str, kind: str) -> SystemReadResult:
    return system._parse_system_text(text, "s", kind)


# -- the pieces lines are made of -----------------------------------------------------------------

def _mostly(usual: list[str], odd: list[str]) -> st.SearchStrategy[str]:
    """One of ``usual`` three times in four, else one of ``odd``: lines then are often usual but
    for one entry, the place where the two paths part."""
    repeat = max(1, 3 * len(odd) // len(usual))
    return st.sampled_from(usual * repeat + odd)


_LEXELTS = st.sampled_from(["bright.a", "bright.a", "stand.v", "run.V", "e commerce.J",
                            "odd.q", "nopos", "a.n.v", "x:y.n"])
_IDS = st.sampled_from(["1", "2", "12", "007"])
_HEAD_SPACES = _mostly([" "], ["  ", "\t", " \t", "\u00a0"])
_LEADING = _mostly([""], [" ", "\t"])
_ODD_SEPARATORS = [" ::", "::", "  ::  ", "\t:: ", " ::\t", " :::: ", " :: :: ", " ::: :: ",
                   " ::: ::: "]
_GOLD_SEPARATORS = _mostly([" :: "], [" ::: ", *_ODD_SEPARATORS])
_SYSTEM_SEPARATORS = _mostly([" :: ", " ::: "], _ODD_SEPARATORS)
_ENDINGS = _mostly(["\n"], ["\r\n"])
_TRAILING = _mostly([""], [" ", "\t", "\r"])

_SUBSTITUTES = _mostly(
    ["x", "y", "vivid", "a b", "x1", "2", "::x", "a\tb", "x "],
    ["PN", "Pn", "pN", "pn", "Nil", "nil", "NIL", "nIL", "-", "'", "- '", "\u2019", "--",
     "x  ", " x", "\u00a0x", "x\u00a0", "", "\u0663", "x\r"])
_COUNTS = _mostly(
    ["3", "2", "1", "10", "999999999"],
    ["0", "05", "000", "1000000000", "1000000001", "0000000003", "9999999999",
     "12345678901234567890", "", "\u0663", "1.5", "-1", "3 4"])
_BEFORE_COUNT = _mostly([" "], ["  ", "\t", " \t", "", "\u00a0"])
_AFTER_COUNT = _mostly([""], [" ", "\t", "\u00a0"])
_ENTRY_ENDS = _mostly([";"], ["; ", " ;", ";;", "", ";\t"])


@st.composite
def _gold_entry(draw: st.DrawFn) -> str:
    return (draw(_SUBSTITUTES) + draw(_BEFORE_COUNT) + draw(_COUNTS) + draw(_AFTER_COUNT)
            + draw(_ENTRY_ENDS))


_USUAL_GOLD_ENTRY = st.builds(lambda sub, count: f"{sub} {count};",
                              st.sampled_from(["x", "y", "vivid", "a b", "pn", "PN", "-", "x  "]),
                              st.sampled_from(["1", "2", "3", "3", "10", "999999999"]))


@st.composite
def _long_gold_entries(draw: st.DrawFn) -> str:
    """More than 32 entries: the usual path looks for repeats by sorting then."""
    size = draw(st.integers(33, 40))
    entries = [f"w{index} {draw(st.sampled_from(['1', '2', '3']))};" for index in range(size)]
    if draw(st.booleans()):  # one substitute given again somewhere on the line
        again = draw(st.integers(0, size - 1))
        spacing = draw(st.sampled_from([" ", "  "]))
        entries.insert(draw(st.integers(0, size)), f"w{again}{spacing}1;")
    return "".join(entries)


@st.composite
def _usual_but_one_entry(draw: st.DrawFn) -> str:
    """Usual entries and one that may not be: the line is usual or careful by that one."""
    entries = draw(st.lists(_USUAL_GOLD_ENTRY, max_size=5))
    entries.insert(draw(st.integers(0, len(entries))), draw(_gold_entry()))
    return "".join(entries)


_GOLD_REST = st.one_of(
    st.lists(_USUAL_GOLD_ENTRY, max_size=6).map("".join),
    _usual_but_one_entry(),
    st.lists(_gold_entry(), max_size=6).map("".join),
    _long_gold_entries(),
)

_ODD_LINES = st.sampled_from([
    "", "", "  ", "\t", "garbage", ":: x 1;", "bright.a :: x 1;", "bright.a 1 :::: x 1;",
    "a::b.n 1 :: x 1;", "bright.a 1 ::x 1;", "bright.a 1 :: ", "bright.a 1 ::",
])


@st.composite
def _item_line(draw: st.DrawFn, lexelts: st.SearchStrategy[str],
               separators: st.SearchStrategy[str], rest: st.SearchStrategy[str]) -> str:
    return (draw(_LEADING) + draw(lexelts) + draw(_HEAD_SPACES) + draw(_IDS)
            + draw(separators) + draw(rest) + draw(_TRAILING))


@st.composite
def _file(draw: st.DrawFn, separators: st.SearchStrategy[str],
          rest: st.SearchStrategy[str]) -> str:
    # A few lexelts per file: a lexelt's lines often follow each other, and items repeat.
    lexelts = st.sampled_from(draw(st.lists(_LEXELTS, min_size=1, max_size=3)))
    line = _item_line(lexelts, separators, rest)
    lines = draw(st.lists(st.one_of(line, line, line, _ODD_LINES), max_size=10))
    text = "".join(line_text + draw(_ENDINGS) for line_text in lines)
    if lines and draw(st.booleans()):
        text = text.removesuffix("\n").removesuffix("\r")  # no final line ending
    return ("\ufeff" if draw(st.booleans()) else "") + text


_ANSWERS = _mostly(["x", "y", "vivid", "a b", "PN", "Nil", "pn", "-", "'", "::x"],
                   [" x", "x ", "\tx", "", " ", ":::", "x :: y", "\u00a0", "\u00a0x", "x\r"])


@st.composite
def _system_rest(draw: st.DrawFn) -> str:
    answers = draw(st.lists(_ANSWERS, max_size=14))
    return ";".join(answers) + draw(st.sampled_from(["", "", ";", "; ", ";;"]))


_GOLD_FILES = _file(_GOLD_SEPARATORS, _GOLD_REST)
_SYSTEM_FILES = _file(_SYSTEM_SEPARATORS, _system_rest())


# -- generated files ------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_GOLD_FILES)
def test_generated_gold_files_read_alike_on_both_paths(text: str) -> None:
    _assert_gold_paths_agree(text)


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(_GOLD_FILES)
def test_generated_multiword_gold_files_read_alike_on_both_paths(text: str) -> None:
    # Multiword files take no usual path today; this holds whatever reads them quicker later.
    _assert_gold_paths_agree(text, multiword=True)


# -- hand-written files: gold ---------------------------------------------------------------------


def test_usual_gold_lines_are_read_in_one_go() -> None:
    text = "bright.a 1 :: vivid 3;shining 2;\nbright.a 2 :: clever 1;\n"
    result = _assert_gold_paths_agree(text)
    assert result.items == [GoldItem("bright.a", "1", [("vivid", 3), ("shining", 2)], 1),
                            GoldItem("bright.a", "2", [("clever", 1)], 2)]
    assert result.diagnostics.items == []
    assert dict(result.stats) == {"lines": 2, "blank_lines": 0, "ignored_lines": 0, "items": 2,
                                  "entries": 3, "ignored_entries": 0, "merged_entries": 0}


def test_unknown_pos_is_said_on_every_line_of_its_lexelt() -> None:
    text = "odd.q 1 :: x 1;\nodd.q 2 :: y 2;\nbright.a 3 :: z 1;\nodd.q 4 :: w  1;\n"
    result = _assert_gold_paths_agree(text)
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("unknown-pos", 1), ("unknown-pos", 2), ("unknown-pos", 4)]


def test_noted_flag_on_a_usual_line_has_its_line_and_column() -> None:
    text = "bright.a 1 :: x 3;\nbright.a 2 :: vivid 3;PN 2;\n"
    result = _assert_gold_paths_agree(text)
    [note] = result.diagnostics.items
    # "bright.a 2 :: vivid 3;PN 2;": "PN" starts at the 23rd character.
    assert (note.code, note.line, note.column) == ("flag-in-other-case", 2, 23)
    # The flag is noted, not removed: scoring decides.
    assert result.items[1].entries == [("vivid", 3), ("PN", 2)]


def test_noted_entries_on_lines_after_an_empty_usual_line() -> None:
    text = "bright.a 1 :: \nbright.a 2 :: - 1;\nbright.a 3 :: x 1;' 1;\n"
    result = _assert_gold_paths_agree(text)
    assert [(d.code, d.line, d.column) for d in result.diagnostics.items] == [
        ("no-entries", 1, None), ("empty-after-spelling", 2, 15),
        ("empty-after-spelling", 3, 19)]


def test_substitutes_equal_after_trimming_are_merged() -> None:
    text = "bright.a 1 :: a 3;a  2;\n"
    result = _assert_gold_paths_agree(text)
    assert result.items[0].entries == [("a", 5)]
    [merged] = result.diagnostics.items
    assert (merged.code, merged.line, merged.column) == ("repeated-substitute", 1, 19)
    assert result.stats.merged_entries == 1


def test_repeat_on_a_line_of_more_than_32_entries_is_merged() -> None:
    entries = "".join(f"w{index} 1;" for index in range(40))
    text = f"bright.a 1 :: {entries}w7 2;\nbright.a 2 :: {entries}\nbright.a 3 :: x 1;x 1;\n"
    result = _assert_gold_paths_agree(text)
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("repeated-substitute", 1), ("unsorted-entries", 1), ("repeated-substitute", 3)]
    assert dict(result.items[0].entries)["w7"] == 3
    assert len(result.items[1].entries) == 40
    assert result.items[2].entries == [("x", 2)]


@pytest.mark.parametrize(("count", "expected"), [
    ("999999999", 999_999_999), ("1000000000", 1_000_000_000), ("0000000003", 3), ("03", 3)])
def test_counts_the_usual_path_leaves_to_the_careful_one(count: str, expected: int) -> None:
    result = _assert_gold_paths_agree(f"bright.a 1 :: x {count};\n")
    assert result.items[0].entries == [("x", expected)]
    assert result.diagnostics.items == []


@pytest.mark.parametrize(("count", "code"), [
    ("0", "bad-count"), ("1000000001", "count-too-large"), ("9" * 30, "count-too-large"),
    ("", "bad-entry")])
def test_bad_counts_are_errors_on_both_paths(count: str, code: str) -> None:
    result = _assert_gold_paths_agree(f"bright.a 1 :: y 2;x {count};\n")
    assert [d.code for d in result.diagnostics.items] == [code]
    assert result.items[0].entries == [("y", 2)]
    assert result.stats.ignored_entries == 1


def test_repeated_items_and_shared_ids_in_a_gold_file() -> None:
    text = "bright.a 1 :: x 1;\nstand.v 1 :: y 1;\nbright.a 1 :: z 1;\nbright.a 1 :: z 1;z 1;\n"
    result = _assert_gold_paths_agree(text)
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("shared-id", 2), ("duplicate-item", 3), ("duplicate-item", 4)]
    assert [item.line for item in result.items] == [1, 2]
    assert result.stats.ignored_lines == 2


def test_gold_file_with_bom_crlf_blank_lines_and_oot_separator() -> None:
    text = ("\ufeffbright.a 1 :: x 2;\r\n\r\n  \nbright.a 2 ::: y 1;\r\n"
            "e commerce.J 3 :: trade 1;\r\nbright.a 4 :: ;x 1;")
    result = _assert_gold_paths_agree(text)
    assert [(item.lexelt, item.id, item.line) for item in result.items] == [
        ("bright.a", "1", 1), ("e commerce.J", "3", 5), ("bright.a", "4", 6)]
    assert [(d.code, d.line) for d in result.diagnostics.items] == [("wrong-separator", 4)]
    assert (result.stats.blank_lines, result.stats.ignored_lines) == (2, 1)


def test_careful_lines_among_usual_ones_keep_the_file_order() -> None:
    text = ("bright.a 1 :: a 3;\nbright.a 2 :: b  1; c 1\nbright.a 3 :: d 2;\n"
            "bright.a 4 :: e 1;e 1;\nbright.a 5 :: f 1;\n")
    result = _assert_gold_paths_agree(text)
    assert [item.entries for item in result.items] == [
        [("a", 3)], [("b", 1), ("c", 1)], [("d", 2)], [("e", 2)], [("f", 1)]]
    assert result.table.substitutes == ["a", "b", "c", "d", "e", "f"]
    assert result.table.offsets.tolist() == [0, 1, 3, 4, 5, 6]


# -- hand-written files: system -------------------------------------------------------------------


def test_system_lines_are_read() -> None:
    text = "bright.a 1 ::: vivid;shining\nbright.a 2 ::: clever;\n"
    result = _read_system(text, "oot")
    assert result.answers == [SystemAnswer("bright.a", "1", ["vivid", "shining"], 1),
                              SystemAnswer("bright.a", "2", ["clever"], 2)]
    assert result.diagnostics.items == []


def test_first_empty_answer_line_counts_usual_and_careful_lines() -> None:
    # Line 2 is careful (glued) and drops one; line 3 is usual and drops two; line 4 is usual
    # and drops one.
    text = ("bright.a 1 :: x\nbright.a 2 ::x;;y\nbright.a 3 :: x; ;;y\n"
            "bright.a 4 :: ;x\n")
    result = _read_system(text, "best")
    [dropped] = [d for d in result.diagnostics.items if d.code == "empty-answers-dropped"]
    assert dropped.message == "4 empty answer(s) between ';' dropped (first on line 2)"
    assert result.stats.empty_answers == 4
    # The same with the careful line after the usual one.
    text = "bright.a 1 :: ;x\nbright.a 2 ::x;;y\n"
    result = _read_system(text, "best")
    [dropped] = [d for d in result.diagnostics.items if d.code == "empty-answers-dropped"]
    assert dropped.message == "2 empty answer(s) between ';' dropped (first on line 1)"


def test_lines_without_answers_and_over_the_oot_limit() -> None:
    many = ";".join(f"w{index}" for index in range(12))
    text = (f"bright.a 1 ::: \nbright.a 2 ::: {many}\nbright.a 3 ::: ;\n"
            f"bright.a 4 :::{many}\n")
    result = _read_system(text, "oot")
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("too-many-answers", 2), ("no-space-after-separator", 4), ("too-many-answers", 4),
        ("empty-answers-dropped", None), ("lines-without-answers", None)]
    assert result.stats.over_limit_lines == 2
    assert result.stats.empty_answers == 1  # line 3's " " before its ';'

    assert result.stats.empty_lines == 2
    assert result.diagnostics.items[-1].message.endswith("(first on line 1)")


def test_wrong_separators_in_system_files() -> None:
    text = "bright.a 1 :: x\nbright.a 2 ::: y\n"
    oot = _read_system(text, "oot")
    assert [(d.code, d.line) for d in oot.diagnostics.items] == [("wrong-separator", 1)]
    assert [line.id for line in oot.answers] == ["2"]
    best = _read_system(text, "best")
    assert [(d.code, d.line) for d in best.diagnostics.items] == [("wrong-separator", 2)]
    assert best.stats.wrong_kind_lines == 1


def test_mw_lines_with_several_answers_and_unknown_pos() -> None:
    text = "odd.q 1 :: a b;c d\nodd.q 2 :: e f\nodd.q 2 :: g h\n"
    result = _read_system(text, "mw")
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("unknown-pos", 1), ("several-multiwords", 1), ("unknown-pos", 2), ("duplicate-item", 3)]
    assert result.stats.duplicate_lines == 1
    assert [line.answers for line in result.answers] == [["a b", "c d"], ["e f"]]


def test_system_answers_trimmed_only_where_needed() -> None:
    text = "bright.a 1 :: x;PN;Nil;-;'\nbright.a 2 :: \u00a0y ; z\t\n"
    result = _read_system(text, "best")
    assert [line.answers for line in result.answers] == [["x", "PN", "Nil", "-", "'"],
                                                         ["y", "z"]]


def test_blocks_of_any_size_read_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file is read a block of lines at a time; the state that carries from block to block
    (items claimed, the last lexelt checked, where the usual entries are) must not depend on
    where the blocks end."""
    from lexsub_studio.core.io.formats import line_reader

    gold_text = ("\ufeffa.n 1 :: x 3;y 1;\nodd.q 2 :: x 1;y 2;\r\nodd.q 3 :: pn 2;PN 1;\n\n"
                 "a.n 1 :: z 1;\nb.v 4 ::x 1;\nb.v 5 :: a 3;a  2;\nc.a 4 :: w 2;v 2;\n"
                 + "".join(f"d.n {n} :: w {n % 3 + 1};v 1;\n" for n in range(6, 40)))
    system_text = ("a.n 1 ::: x;;y\nodd.q 2 ::: \na.n 1 ::: z\nb.v 4 :::x\nc.a 4 :: w\n"
                   + "".join(f"d.n {n} ::: w; v;;\n" for n in range(6, 40)))

    def read_both() -> tuple[object, ...]:
        gold_result = gold._parse_gold_text(gold_text, "g", False)
        system_result = system._parse_system_text(system_text, "s", "oot")
        return (_gold_outcome(gold_result), _system_outcome(system_result))

    whole = read_both()
    for size in (1, 7, 30, 200):
        monkeypatch.setattr(line_reader, "BLOCK_CHARACTERS", size)
        assert read_both() == whole, size


@st.composite
def _new_items_file(draw: st.DrawFn, separator: str, rest: st.SearchStrategy[str]) -> str:
    """Usual lines, each a new item (ids never repeat), and blank lines."""
    lexelts = draw(st.lists(st.sampled_from(["bright.a", "stand.v", "odd.q", "nopos", "run.V"]),
                            min_size=1, max_size=4))
    lines = []
    for number in range(draw(st.integers(0, 40))):
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", " ", "\t"])))
            continue
        lexelt = lexelts[min(number * len(lexelts) // 40, len(lexelts) - 1)]
        if draw(st.integers(0, 7)) == 0:
            lexelt = draw(st.sampled_from(lexelts))
        lines.append(f"{lexelt} {number + 1}{separator}{draw(rest)}")
    return "".join(line + "\n" for line in lines)


_PLAIN_GOLD_ENTRIES = st.sampled_from(["x 3;", "y 1;", "x 1;y 2;", "pn 2;", "x 2;nil 1;", "",
                                       "vivid 4;a b 1;", "x 1;x 2;"])


@st.composite
def _plain_gold_rest(draw: st.DrawFn) -> str:
    return "".join(draw(st.lists(_PLAIN_GOLD_ENTRIES, max_size=3)))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_gold_blocks_of_new_items_read_alike_on_both_paths(data: st.DataObject) -> None:
    from lexsub_studio.core.io.formats import line_reader

    text = data.draw(_new_items_file(" :: ", _plain_gold_rest()))
    size = data.draw(st.sampled_from([1, 40, 200, 1 << 18]))
    saved = line_reader.BLOCK_CHARACTERS
    line_reader.BLOCK_CHARACTERS = size
    try:
        _assert_gold_paths_agree(text)
    finally:
        line_reader.BLOCK_CHARACTERS = saved


def test_a_gold_block_of_usual_lines_says_what_its_lines_call_for_in_order() -> None:
    text = ("bright.a 1 :: x 1;y 3;\n\nbright.a 2 :: \nstand.v 3 :: vivid 3;PN 2;\n"
            "stand.v 4 :: - 2;x 1;\n\t\nbright.a 5 :: a 3;b 1;\n")
    result = _assert_gold_paths_agree(text)
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("unsorted-entries", 1), ("no-entries", 3), ("flag-in-other-case", 4),
        ("empty-after-spelling", 5)]
    assert result.stats.blank_lines == 2
    assert [item.line for item in result.items] == [1, 3, 4, 5, 7]


def test_a_system_block_says_what_its_lines_call_for_in_order() -> None:
    text = ("bright.a 1 ::: x;y\nbright.a 2 ::: \n\nstand.v 3 ::: " + ";".join("abcdefghijkl")
            + "\nstand.v 4 ::: a;;b\n")
    result = _read_system(text, "oot")
    assert [(d.code, d.line) for d in result.diagnostics.items] == [
        ("too-many-answers", 4), ("empty-answers-dropped", None),
        ("lines-without-answers", None)]
    assert [line.line for line in result.answers] == [1, 2, 4, 5]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 999_999_999) | st.integers(1, 9), max_size=40))
def test_counts_are_read_as_whole_numbers(counts: list[int]) -> None:
    from lexsub_studio.core.io.formats.gold_entries import _whole_numbers

    assert _whole_numbers([str(count) for count in counts]).tolist() == counts

