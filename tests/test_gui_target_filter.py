"""The target filter of a corpus with as many targets as instances.

Every target is a choice with its progress, chosen targets filter the list, and the texts are
made as the combo shows them: opening a corpus does not make one text per target (with 100,000
targets that froze the window for seconds, benchmarks/bench_annotation.py --shapes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator
from PySide6.QtWidgets import QApplication

from lexsub_studio.core.annotation.work import AnnotationWork
from lexsub_studio.gui.annotate.instance_model import WORK_INDEX_ROLE

pytestmark = pytest.mark.gui

TARGETS = 300


def write_many_targets(directory: Path) -> Path:
    """``TARGETS`` lexelts of one instance each; ``spot.n`` and ``spot.v`` share a lemma."""
    lexelts = ["spot.n", "spot.v"] + [f"word{number}.a" for number in range(TARGETS - 2)]
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n']
    for number, lexelt in enumerate(lexelts):
        head = lexelt.partition(".")[0]
        parts.append(f'<lexelt item="{lexelt}">\n<instance id="{number + 1}">\n<context>'
                     f"a sentence with <head>{head}</head> in it .</context>\n</instance>\n"
                     "</lexelt>\n")
    parts.append("</corpus>\n")
    path = directory / "targets.xml"
    path.write_text("".join(parts), encoding="utf-8")
    return path


@pytest.fixture()
def progress_asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every target whose progress is asked for (one per target text made)."""
    asked: list[str] = []
    real = AnnotationWork.lexelt_progress

    def counting(work: AnnotationWork, lexelt: str) -> tuple[int, int]:
        asked.append(lexelt)
        return real(work, lexelt)

    monkeypatch.setattr(AnnotationWork, "lexelt_progress", counting)
    return asked


def test_opening_makes_no_text_per_target(qtbot, tmp_path: Path,
                                          progress_asked: list[str]) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    open_and_wait(qtbot, window, write_many_targets(tmp_path))
    QApplication.processEvents()  # the layout and the first paint
    assert len(progress_asked) < TARGETS // 10


def test_every_target_is_a_choice_that_filters(qtbot, tmp_path: Path) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, write_many_targets(tmp_path))
    panel = workspace.instances
    combo = panel.lexelt_filter
    assert combo.count() == TARGETS + 1
    assert combo.itemText(0) == "All targets" and combo.itemData(0) is None
    assert [combo.itemText(row) for row in (1, 2, 3, TARGETS)] == [
        "spot   0/1", "spot (2)   0/1", "word0   0/1", f"word{TARGETS - 3}   0/1"]
    assert combo.itemData(2) == "spot.v"

    combo.setCurrentIndex(combo.findData("spot.v"))
    assert panel.proxy.rowCount() == 1
    assert panel.proxy.index(0, 0).data(WORK_INDEX_ROLE) == 1
    assert combo.currentText() == "spot (2)   0/1"

    window.state.set_show_pos(True)
    assert combo.currentText() == "spot.v   0/1"
    assert combo.itemText(1) == "spot.n   0/1"

    combo.setCurrentIndex(0)
    assert panel.proxy.rowCount() == TARGETS
    window.close()


def test_a_chosen_target_shows_its_progress_after_an_answer(qtbot, tmp_path: Path) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, write_many_targets(tmp_path))
    combo = workspace.instances.lexelt_filter
    combo.setCurrentIndex(combo.findData("word7.a"))
    workspace.show_instance(workspace.instances.neighbour(None, +1))
    workspace.editor.form.sub_edits[0].setText("clever")
    workspace.save_and_next()
    assert combo.currentText() == "word7   1/1"
    assert combo.itemText(combo.findData("word8.a")) == "word8   0/1"
    window.close()


def test_searching_again_measures_no_target_again(qtbot, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """While searching, the target column keeps to its widest label, measured once."""
    set_annotator("tester")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, write_many_targets(tmp_path))
    panel = workspace.instances
    labelled: list[str] = []
    real = type(panel).label

    def counting(owner: object, lexelt: str) -> str:
        labelled.append(lexelt)
        return real(owner, lexelt)  # type: ignore[arg-type]

    monkeypatch.setattr(type(panel), "label", counting)
    panel.search_edit.setText("word1")
    panel.search.apply_pending()
    first = len(labelled)
    assert first >= TARGETS  # measured once
    panel.search_edit.setText("word2")
    panel.search.apply_pending()
    assert len(labelled) - first < TARGETS // 10
    assert panel.proxy.rowCount() == len([n for n in range(TARGETS - 2) if "word2" in f"word{n}"])
    window.close()


def test_opening_the_popup_makes_no_text_per_target(qtbot, tmp_path: Path,
                                                    progress_asked: list[str]) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, write_many_targets(tmp_path))
    combo = workspace.instances.lexelt_filter
    progress_asked.clear()
    combo.showPopup()
    QApplication.processEvents()
    assert combo.view().isVisible()
    assert len(progress_asked) < TARGETS // 10
    combo.hidePopup()
    window.close()
