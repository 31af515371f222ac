"""Opening a large corpus: the window keeps answering, and the parse's memory goes back.

The figures themselves (100,000 instances: the time to open, the longest freeze, the memory once
open) are printed by benchmarks/bench_annotation.py; these tests pin down the causes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator, write_small_corpus
from PySide6.QtCore import QEvent, QObject

from lexsub_studio.core.io.formats.corpus_lines import SourceLines
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
from lexsub_studio.gui.app_state import open_work, read_source


class _PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


@pytest.mark.gui
def test_a_new_session_leaves_the_progress_bar_to_the_next_paint(qtbot, tmp_path: Path) -> None:
    """A synchronous repaint of the progress bar while a session opens painted the whole
    window on the spot: about 90 ms of frozen window on 100,000 instances."""
    set_annotator("tester")
    corpus = write_small_corpus(tmp_path)
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    workspace.editor.form.sub_edits[0].setText("clever")
    workspace.save_and_next()
    qtbot.waitUntil(lambda: workspace.status.progress_bar.value() == 1)
    assert workspace.status.progress_bar.isVisible()
    # Another annotator's session on the same file: the bar goes from 1 back to 0.
    session = open_work(read_source(str(corpus)), "second annotator")
    counter = _PaintCounter()
    workspace.status.progress_bar.installEventFilter(counter)
    window.state.set_session(session)
    painted_while_opening = counter.paints
    qtbot.waitUntil(lambda: counter.paints > 0)
    workspace.status.progress_bar.removeEventFilter(counter)
    assert painted_while_opening == 0
    assert workspace.status.progress_bar.value() == 0
    assert workspace.status.progress_label.text().startswith("0 of 5 answered")
    window.close()


def _big_corpus(instances: int, plain: bool = False) -> bytes:
    """A corpus of ``instances``, 200 a lexelt. Unless ``plain``, an attribute of the first
    lexelt that is not kept makes it a file the plain-shape reader (corpus_plain) leaves to the
    parser, whose tree these tests are about."""
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n']
    for number in range(instances):
        if number % 200 == 0:
            if number:
                parts.append("</lexelt>\n")
            kept = ' note="not kept"' if number == 0 and not plain else ""
            parts.append(f'<lexelt item="lamp{number // 200}.n"{kept}>\n')
        parts.append(f'<instance id="{number}">\n<context>Someone left the old '
                     f'<head>lamp</head> on in room {number} all night .</context>\n'
                     "</instance>\n")
    parts.append("</lexelt>\n</corpus>\n")
    return "".join(parts).encode()


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="resident memory from /proc")
@pytest.mark.parametrize("plain", [False, True], ids=["parsed", "plain"])
def test_reading_a_corpus_hands_the_trees_memory_back(tmp_path: Path, plain: bool) -> None:
    """The lxml tree of a corpus is several times the size of the model built from it; once it
    is freed, the process must not keep its pages (357 MB after opening 100,000 instances
    before, 192 MB now); a plain file is read with no tree at all. Measured in a fresh
    interpreter, so no other test's memory counts."""
    path = tmp_path / "big.xml"
    data = _big_corpus(40_000, plain)
    path.write_bytes(data)
    script = textwrap.dedent(f"""
        import json
        from pathlib import Path

        def resident_kb():
            for line in Path("/proc/self/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])

        from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
        data = Path({str(path)!r}).read_bytes()
        before = resident_kb()
        result = read_corpus_bytes(data, "big.xml")
        after = resident_kb()
        print(json.dumps({{"instances": len(result.corpus), "grown_kb": after - before,
                          "lines": [result.corpus.lexelts[-1].instances[-1].line]}}))
    """)
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                               check=True, timeout=120)
    figures = json.loads(completed.stdout)
    assert figures["instances"] == 40_000
    assert figures["lines"] == [data.decode().splitlines().index('<instance id="39999">') + 1]
    # The model holds about 0.6 KB per instance; the tree took about 2 KB more, kept before.
    assert figures["grown_kb"] < 40_000 * 1.2


@pytest.mark.slow
def test_forgetting_the_line_index_keeps_lines_exact_past_line_65535() -> None:
    """The reader lets go of its index of elements before freeing the tree; the lines it gave
    stay exact beyond libxml2's 16-bit line numbers."""
    data = _big_corpus(25_000)
    result = read_corpus_bytes(data, "big.xml")
    instances = [instance for lexelt in result.corpus.lexelts for instance in lexelt.instances]
    text_lines = data.decode().splitlines()
    last = instances[-1]
    assert last.line is not None and last.line > 65_535
    assert text_lines[last.line - 1] == f'<instance id="{last.id}">'

    from lxml import etree

    root = etree.fromstring(data)
    lines = SourceLines(data, root)
    element = root[-1][-1]
    exact = lines.of(element)
    lines.forget()
    assert lines.of(element) == exact == last.line


@pytest.mark.slow
def test_the_trees_pages_go_back_slice_by_slice_while_it_is_freed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Handed back only once at the end, the freed tree of 100,000 instances made glibc sort
    a million small blocks in one pass of 70-180 ms that stalled the window; slice by slice
    each pass takes a few milliseconds."""
    from lexsub_studio.core.io.formats import corpus_reader

    instances = 4 * corpus_reader.FREE_SLICE_INSTANCES
    handed_back: list[int] = []
    monkeypatch.setattr(corpus_reader, "return_freed_memory",
                        lambda: handed_back.append(1) or True)
    result = read_corpus_bytes(_big_corpus(instances), "big.xml")
    assert len(result.corpus) == instances
    # One hand-back per slice of the tree, and one for what is left after the last.
    assert len(handed_back) >= instances // corpus_reader.FREE_SLICE_INSTANCES


@pytest.mark.slow
def test_each_lexelts_tree_is_freed_once_its_model_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The tree and the whole model alive together were the peak of opening a large corpus:
    each lexelt's part of the tree goes as soon as its instances are read, so while the last
    lexelt is read the tree holds nothing of the ones before, and their lines stay exact past
    libxml2's 16-bit line numbers."""
    from lexsub_studio.core.io.formats import corpus_reader

    left_in_tree: list[int] = []
    read_lexelt = corpus_reader._CorpusBuilder._read_lexelt

    def counting(builder: object, element: object) -> object:
        left_in_tree.append(sum(len(lexelt) for lexelt in element.getparent()))
        return read_lexelt(builder, element)

    monkeypatch.setattr(corpus_reader._CorpusBuilder, "_read_lexelt", counting)
    data = _big_corpus(25_000)
    result = read_corpus_bytes(data, "big.xml")
    lexelts = result.corpus.lexelts
    assert len(left_in_tree) == len(lexelts) == 125
    # Before each lexelt is read, only it and the lexelts after it are still in the tree.
    assert left_in_tree == [200 * (len(lexelts) - index) for index in range(len(lexelts))]
    text_lines = data.decode().splitlines()
    last = lexelts[-1].instances[-1]
    assert last.line is not None and last.line > 65_535
    assert text_lines[last.line - 1] == f'<instance id="{last.id}">'


def test_lines_of_a_late_instances_heads_stay_exact_after_earlier_lexelts_are_freed() -> None:
    """The heads of the instances read before are freed when a late instance needs its heads'
    lines: the lines still count them, exact past libxml2's 16-bit line numbers."""
    instances = 25_000
    # A head whose text starts on the next line: libxml2 would put it there, one line late.
    late = (b'<instance id="late">\n<context>one <head>\nlamp</head> and\n'
            b'two <head>\nlamps</head> .</context>\n</instance>\n')
    data = _big_corpus(instances).replace(b"</lexelt>\n</corpus>", late + b"</lexelt>\n</corpus>")
    text_lines = data.decode().splitlines()
    first_head = next(number for number, text in enumerate(text_lines, 1)
                      if text.startswith("<context>one <head>"))
    result = read_corpus_bytes(data, "big.xml")
    assert first_head > 65_535
    messages = [diagnostic.message for diagnostic in result.diagnostics
                if diagnostic.code == "several-heads"]
    assert messages == [f"instance late of lexelt lamp124.n has 2 <head> elements (lines "
                        f"{first_head}, {first_head + 2}), expected exactly one; the instance "
                        "is skipped"]


def test_the_line_index_holds_one_child_of_the_root_at_a_time() -> None:
    """Read a child of the root at a time and freed after, a large corpus's lines are exact
    past line 65,535 while the index holds handles on the elements of one lexelt only, not on
    the whole file's (23 MB of them for 100,000 instances, at the peak of the opening)."""
    from lxml import etree

    data = _big_corpus(25_000)
    text_lines = data.decode().splitlines()
    root = etree.fromstring(data)
    lines = SourceLines(data, root)
    line_of_instance = lines.for_tag("instance")
    most_held = 0
    for lexelt in root:
        assert text_lines[lines.of(lexelt) - 1].startswith("<lexelt ")
        for instance in lexelt:
            line = line_of_instance(instance)
            assert text_lines[line - 1] == f'<instance id="{instance.get("id")}">'
        most_held = max(most_held, sum(len(index) for index in lines._local.values()))
        lines.forget_within(lexelt)
        lexelt.clear(keep_tail=True)
    assert line > 65_535
    assert most_held == 200 + 1  # one lexelt's instances, and the lexelt
