"""The GUI's exports follow the output rules: readable modes, symlinks kept, report pairs whole."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from test_gui_gold_workspace import add_and_wait, exported, write_variants
from test_gui_gold_workspace import workspace as workspace  # the fixture

from lexsub_studio.core.io import output_set
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(os.name != "posix", reason="POSIX modes and symlinks")]


@pytest.fixture()
def save_as(monkeypatch: pytest.MonkeyPatch):
    """Answer the next save dialogs with the path set in the returned dict."""
    target = {"path": ""}
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (target["path"], ""))
    return target


def test_exports_are_readable_by_others_and_follow_symlinks(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, save_as: dict[str, str]) -> None:
    previous = os.umask(0o022)
    try:
        add_and_wait(qtbot, workspace, write_variants(tmp_path))
        out = tmp_path / "out"
        out.mkdir()
        save_as["path"] = str(out / "round.gold")
        assert exported(qtbot, workspace.exports.export_gold) == [save_as["path"]]
        assert stat.S_IMODE((out / "round.gold").stat().st_mode) == 0o644
        shared = tmp_path / "shared"
        shared.mkdir()
        (shared / "gold").write_text("old\n", encoding="utf-8")
        (out / "latest.gold").symlink_to(shared / "gold")
        save_as["path"] = str(out / "latest.gold")
        assert exported(qtbot, workspace.exports.export_gold) == [save_as["path"]]
        assert (out / "latest.gold").is_symlink()
        assert (shared / "gold").read_text(encoding="utf-8").startswith("bright.a 1 :: ")
    finally:
        os.umask(previous)


def test_the_report_pair_appears_together_or_not_at_all(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, save_as: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    out = tmp_path / "out"
    out.mkdir()
    save_as["path"] = str(out / "report.html")
    assert exported(qtbot, workspace.exports.export_report) == [str(out / "report.csv"),
                                                                str(out / "report.html")]
    before = {name: (out / name).read_bytes() for name in ("report.csv", "report.html")}
    # A file replaced, even by equal bytes, is a new inode: the csv must not be one.
    csv_inode = (out / "report.csv").stat().st_ino
    workspace.exports.anonymise_check.setChecked(True)
    errors: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: errors.append(title))
    real_stage = output_set.stage_bytes

    def full_disk_at_the_page(target, data):
        if target.path.name == "report.html":
            raise OSError(28, "No space left on device", str(target.path))
        return real_stage(target, data)

    monkeypatch.setattr(output_set, "stage_bytes", full_disk_at_the_page)
    assert exported(qtbot, workspace.exports.export_report) == []
    assert errors == ["Cannot write the report"]
    assert {name: (out / name).read_bytes() for name in before} == before
    assert (out / "report.csv").stat().st_ino == csv_inode
    assert sorted(os.listdir(out)) == ["report.csv", "report.html"]
