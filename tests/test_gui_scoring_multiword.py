"""Multiword system files in the Scoring workspace: scored against the multiword gold only,
which is found by the task's names, chosen, or dropped, and shown; never against the ordinary
gold."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.core.io.formats.multiword_gold_files import find_multiword_gold
from lexsub_studio.core.scoring.compare import system_files
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui
MW_KEYS = ("mw.detection_precision", "mw.detection_recall", "mw.identification_precision",
           "mw.identification_recall")


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: shown.append("problems"))
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: shown.append(dialogs.error_text(error)))
    return shown


@pytest.fixture()
def trial_folder(tmp_path: Path, demo_dir: Path) -> Path:
    """The demo's golds under the task's trial names, and its mw system in another folder."""
    shutil.copy(demo_dir / "gold", tmp_path / "gold.trial")
    shutil.copy(demo_dir / "gold.mw", tmp_path / "mwgold.trial")
    (tmp_path / "runs").mkdir()
    shutil.copy(demo_dir / "systems" / "alpha.mw", tmp_path / "runs" / "alpha.mw")
    shutil.copy(demo_dir / "systems" / "alpha.best", tmp_path / "runs" / "alpha.best")
    return tmp_path


def _workspace(qtbot) -> ScoringWorkspace:
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    return page


def _finish(qtbot, task) -> None:
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)


def _row(page: ScoringWorkspace, name: str) -> dict[str | None, object]:
    table = page.league_page.model.table
    system = table.header.index("system")
    row = next(r for r in table.rows if r[system] == name)
    return dict(zip(table.keys, row, strict=True))


def _official_mw(capsys: pytest.CaptureFixture[str], system: Path, gold: Path) -> list[float]:
    """The four official mw percentages `lexsub score SYSTEM GOLD -t mw` prints."""
    assert cli_main(["score", str(system), str(gold), "-t", "mw"]) == 0
    printed = capsys.readouterr().out
    values = re.findall(r"precision = ([0-9.]+), recall = ([0-9.]+)", printed)
    return [float(number) for pair in values for number in pair]


# -- which multiword gold belongs to a gold ------------------------------------------------------

@pytest.mark.parametrize(("gold_name", "mw_name"), [
    ("gold.trial", "mwgold.trial"), ("gold", "gold.mw"), ("key", "key.mwgold"),
    ("test-gold.txt", "mwgold-test.txt")])
def test_the_task_names_find_the_multiword_gold(tmp_path: Path, demo_dir: Path, gold_name: str,
                                               mw_name: str) -> None:
    shutil.copy(demo_dir / "gold", tmp_path / gold_name)
    shutil.copy(demo_dir / "gold.mw", tmp_path / mw_name)
    match = find_multiword_gold(tmp_path / gold_name)
    assert match.path == tmp_path / mw_name, match.reason


def test_a_system_mw_file_beside_the_gold_is_not_taken_for_its_multiword_gold(
        tmp_path: Path, demo_dir: Path) -> None:
    shutil.copy(demo_dir / "gold", tmp_path / "gold")
    shutil.copy(demo_dir / "systems" / "alpha.mw", tmp_path / "alpha.mw")
    match = find_multiword_gold(tmp_path / "gold")
    assert match.path is None and "no multiword gold" in match.reason


def test_several_candidates_give_no_guess(tmp_path: Path, demo_dir: Path) -> None:
    shutil.copy(demo_dir / "gold", tmp_path / "gold.test")
    shutil.copy(demo_dir / "gold.mw", tmp_path / "mwgold.one")
    shutil.copy(demo_dir / "gold.mw", tmp_path / "other.mw")
    match = find_multiword_gold(tmp_path / "gold.test")
    assert match.path is None
    assert "several" in match.reason and "mwgold.one" in match.reason


def test_the_pair_with_the_gold_name_wins_over_other_candidates(tmp_path: Path,
                                                                demo_dir: Path) -> None:
    for name in ("gold.trial", "gold.test"):
        shutil.copy(demo_dir / "gold", tmp_path / name)
    for name in ("mwgold.trial", "mwgold.test"):
        shutil.copy(demo_dir / "gold.mw", tmp_path / name)
    assert find_multiword_gold(tmp_path / "gold.test").path == tmp_path / "mwgold.test"


# -- scoring -------------------------------------------------------------------------------------

def test_an_mw_file_without_a_multiword_gold_is_refused(demo_dir: Path) -> None:
    gold, _ = system_files.read_gold_source(str(demo_dir / "gold"))
    result = system_files.score_systems([str(demo_dir / "systems" / "alpha.mw")], gold, {}, {})[0]
    assert isinstance(result, system_files.MissingMultiwordGold)
    assert "no multiword gold" in str(result) and "alpha.mw" in str(result)


def test_the_trial_names_are_found_and_the_figures_equal_the_cli(
        qtbot, trial_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = _workspace(qtbot)
    _finish(qtbot, page.open_gold(str(trial_folder / "gold.trial")))
    assert "mwgold.trial" in page.mw_gold_label.text()
    assert "named after gold.trial" in page.mw_gold_label.toolTip()
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(trial_folder / "runs" / "alpha.mw")])
    gui = _row(page, "alpha.mw")
    cli = _official_mw(capsys, trial_folder / "runs" / "alpha.mw", trial_folder / "mwgold.trial")
    assert [round(100 * float(gui[key]), 2) for key in MW_KEYS] == cli
    assert cli[1] > 50  # the right gold: most gold multiwords are detected
    system = page.systems[0]
    assert system.kind_reason.endswith("scored against mwgold.trial")


def test_an_mw_file_waits_for_a_chosen_multiword_gold(qtbot, tmp_path: Path, demo_dir: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(demo_dir / "gold", tmp_path / "gold")
    system = demo_dir / "systems" / "alpha.mw"
    page = _workspace(qtbot)
    _finish(qtbot, page.open_gold(str(tmp_path / "gold")))
    assert page.mw_gold_label.text() == "No multiword gold"
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(system), str(demo_dir / "systems" / "alpha.best")])
    assert [s.name for s in page.systems] == ["alpha.best"]
    warnings = page.warnings_browser.toPlainText()
    assert "no multiword gold is open" in warnings
    # Kept, and scored as soon as the multiword gold is chosen.
    assert str(system) in page.system_paths
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.open_multiword_gold(str(demo_dir / "gold.mw"))
    assert sorted(s.name for s in page.systems) == ["alpha.best", "alpha.mw"]
    assert page.mw_gold_chosen and "gold.mw" in page.mw_gold_label.text()
    gui = _row(page, "alpha.mw")
    cli = _official_mw(capsys, system, demo_dir / "gold.mw")
    assert [round(100 * float(gui[key]), 2) for key in MW_KEYS] == cli


def test_a_chosen_multiword_gold_stays_when_another_gold_is_opened(qtbot, trial_folder: Path,
                                                                  demo_dir: Path) -> None:
    page = _workspace(qtbot)
    _finish(qtbot, page.open_multiword_gold(str(demo_dir / "gold.mw")))
    _finish(qtbot, page.open_gold(str(trial_folder / "gold.trial")))
    assert "gold.mw" in page.mw_gold_label.text()
    assert "mwgold.trial" not in page.mw_gold_label.text()


def test_an_ordinary_gold_chosen_as_multiword_gold_is_named_as_such(qtbot, demo_dir: Path) -> None:
    page = _workspace(qtbot)
    messages: list[str] = []
    page.status_message.connect(messages.append)
    _finish(qtbot, page.open_multiword_gold(str(demo_dir / "gold")))
    assert any("does not look like a multiword gold" in text for text in messages)
    assert "does not look like a multiword gold" in page.mw_gold_label.toolTip()


def test_dropped_files_go_where_their_kind_belongs(qtbot, trial_folder: Path) -> None:
    page = _workspace(qtbot)
    messages: list[str] = []
    page.status_message.connect(messages.append)
    (trial_folder / "notes.txt").write_text("notes\n", encoding="utf-8")
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.open_dropped([str(trial_folder / "runs" / "alpha.mw"),
                           str(trial_folder / "mwgold.trial"), str(trial_folder / "gold.trial"),
                           str(trial_folder / "notes.txt")])
    qtbot.waitUntil(lambda: len(page.systems) == 1, timeout=20000)
    assert page.gold is not None and page.gold.label == "gold.trial"
    assert page.mw_gold_chosen and "mwgold.trial" in page.mw_gold_label.text()
    assert page.systems[0].kind == "mw"
    assert any("notes.txt" in text for text in messages)


def test_the_assembled_multiword_gold_scores_mw_files(qtbot, demo_dir: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_studio.core.io.formats.gold import read_gold

    state = AppState()
    multiword = read_gold(demo_dir / "gold.mw", multiword=True).items
    made: list[int] = []
    state.current_multiword_gold = lambda: made.append(1) or multiword
    state.current_gold = read_gold(demo_dir / "gold").items
    page = ScoringWorkspace(state)
    qtbot.addWidget(page)
    assert "from Gold and Agreement" in page.mw_gold_label.text()
    # Made only when an mw file needs it, and then once.
    qtbot.waitUntil(lambda: page.task is None, timeout=10000)
    assert made == []
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(demo_dir / "systems" / "alpha.mw")])
    assert made == [1]
    gui = _row(page, "alpha.mw")
    cli = _official_mw(capsys, demo_dir / "systems" / "alpha.mw", demo_dir / "gold.mw")
    assert [round(100 * float(gui[key]), 2) for key in MW_KEYS] == cli


def test_a_gold_over_the_input_limit_is_refused_with_a_message(
        qtbot, demo_dir: Path, monkeypatch: pytest.MonkeyPatch,
        _no_blocking_dialogs: list[str]) -> None:
    from lexsub_studio.core.io.formats import limits

    monkeypatch.setattr(limits, "MAX_FILE_BYTES", (demo_dir / "gold").stat().st_size - 1)
    page = _workspace(qtbot)
    _finish(qtbot, page.open_gold(str(demo_dir / "gold")))
    assert page.gold is None
    assert len(_no_blocking_dialogs) == 1 and "gold" in _no_blocking_dialogs[0]
    assert "Traceback" not in _no_blocking_dialogs[0]
