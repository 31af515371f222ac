"""``lexsub campaign export``: one responses file per annotator, names that never collide, the
figures of ``lexsub agree`` on the files equal to those of the server's answers."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus

import lexsub_studio.core.annotation.campaign.export as export_module
from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_responses,
    connect,
    init_campaign,
)
from lexsub_studio.core.annotation.campaign.export import (
    export_campaign,
    export_file_names,
    write_export,
)
from lexsub_studio.core.gold.assembly import read_sources
from lexsub_studio.core.io.formats.responses import read_responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError

NAMES = ["amira", "a b", "a_b", "Zoë", "Zo_", "Ann", "ann"]
_WORDS = ["vivid", "shiny", "clear", "sunny", "calm"]


def test_file_names_never_collide_and_stay_the_same() -> None:
    names = export_file_names([*NAMES, "CON", ".hidden", "x" * 80])
    assert names["amira"] == "amira.tsv"
    assert names["a_b"] == "a_b.tsv" or names["a_b"].startswith("a_b-")
    assert names["a b"].startswith("a_b-") and names["Zoë"].startswith("Zo-")
    assert names["Ann"].startswith("Ann-") and names["ann"].startswith("ann-")
    assert names["CON"].startswith("CON-") and names[".hidden"].startswith("hidden-")
    assert len(names["x" * 80]) < 80
    folded = [name.casefold() for name in names.values()]
    assert len(set(folded)) == len(folded)
    assert export_file_names(reversed([*NAMES, "CON", ".hidden", "x" * 80])) == names
    # Adding a name changes no other's file unless it clashes with it.
    assert export_file_names([*NAMES, "bruno"])["amira"] == "amira.tsv"


def _answered_campaign(url: str) -> None:
    corpus, xml = made_up_corpus(3)
    init_campaign(url, "round1", "Round one", corpus, xml)
    assign(url, "round1", NAMES, 3, seed=7)
    with connect(url) as db:
        assigned = db.execute("SELECT annotator, lexelt, id FROM lexsub.assignments "
                              "ORDER BY annotator, lexelt, id").fetchall()
        for number, (annotator, lexelt, id_) in enumerate(assigned):
            words = [_WORDS[(number + k * len(annotator)) % len(_WORDS)] for k in range(3)]
            words = list(dict.fromkeys(words))[: 1 + number % 3]
            db.execute("SELECT lexsub.push_answer(%s, %s, %s, %s, %s, %s, %s, '', false, "
                       "false, %s, %s, %s, 1, 'laptop', now())",
                       (("round1", annotator, lexelt, id_, *[*words, "", ""][:3],
                         f"note {number}" if number % 4 == 0 else "",
                         None if number % 5 == 0 else 2.5 + number, number % 11 == 3)))
        db.commit()


def _figures(pooled) -> dict[str, float | None]:
    report = compute_agreement(pooled)
    return {name: (None if value is None or math.isnan(value) else round(value, 12))
            for name, value in report.figures.items()}


def test_export_writes_a_file_per_annotator_that_agree_reads_alike(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _answered_campaign(campaign_url)
    with connect(campaign_url) as db:
        direct = campaign_responses(db, campaign_url, "round1")
    folder = tmp_path / "export"
    assert main(["campaign", "export", campaign_url, "--campaign", "round1", "-o",
                 str(folder)]) == 0
    out = capsys.readouterr().out
    names = export_file_names(NAMES)
    assert f"{len(NAMES)} annotators, {len(direct)} answers, {len(NAMES)} files" in out
    for annotator, file_name in names.items():
        assert f"  {annotator}: {file_name} (" in out
    assert sorted(path.name for path in folder.iterdir()) == sorted(names.values())
    for annotator, file_name in names.items():
        result = read_responses(folder / file_name)
        assert not result.diagnostics.items
        expected = [row for row in direct if row.annotator == annotator]
        assert [_fields(row) for row in result.rows] == [_fields(row) for row in expected]
    assert any(row.comment for row in direct) and any(row.seconds for row in direct)
    with connect(campaign_url) as db:
        deleted, stored = db.execute("SELECT count(*) FILTER (WHERE deleted), count(*) "
                                     "FROM lexsub.answers").fetchone()
    assert deleted and len(direct) == stored - deleted  # deleted answers are left out
    # The same figures as from the server's answers directly (the live window's way).
    sources, diagnostics = read_sources(sorted(folder.iterdir()))
    assert not diagnostics.items
    from_files = pool_responses(sources)
    from_server = pool_responses([ResponseSource("campaign round1", direct)])
    assert from_files.n_items == from_server.n_items > 0
    assert _figures(from_files) == _figures(from_server)
    # lexsub agree and lexsub gold read the folder's files as they are.
    files = list(map(str, sorted(folder.iterdir())))
    assert main(["agree", *files]) == 0
    gold = tmp_path / "gold.txt"
    assert main(["gold", *files, "-o", str(gold)]) == 0
    assert len(gold.read_text(encoding="utf-8").splitlines()) == from_server.n_items


def _fields(row: ResponseRow) -> tuple:
    return (row.annotator, row.key, row.substitutes, row.multiword, row.nil, row.proper_name,
            row.comment, row.seconds)


def _rows() -> list[ResponseRow]:
    return [ResponseRow("bright.a", str(n), name, ("vivid",), comment="c", seconds=1.5)
            for n in range(1, 4) for name in ("amira", "a b", "Zoë")]


def test_a_used_folder_is_refused_unless_forced_and_then_other_files_stay(
        tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    with pytest.raises(InputError, match="holds 1 file"):
        write_export(_rows(), folder)
    assert [path.name for path in folder.iterdir()] == ["notes.txt"]
    result = write_export(_rows(), folder, replace=True)
    assert result.others == ["notes.txt"] and len(result.files) == 3
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert "other file(s), left as they were: notes.txt" in result.summary()
    # An empty folder is used as a new one.
    empty = tmp_path / "empty"
    empty.mkdir()
    assert len(write_export(_rows(), empty).files) == 3


def test_a_failed_export_leaves_no_half_written_folder(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    written = []

    def failing_write(path: Path, text: str) -> None:
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        written.append(path)
        Path(path).write_text(text, encoding="utf-8")

    monkeypatch.setattr(export_module, "atomic_write_text", failing_write)
    with pytest.raises(InputError, match="No space left on device; nothing of it was kept"):
        write_export(_rows(), tmp_path / "out")
    assert list(tmp_path.iterdir()) == []


def test_export_names_the_server_without_its_password_when_it_fails(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        export_campaign("postgresql://boss:secret-pw@127.0.0.1:1/db", "round1", tmp_path / "o")
    assert "secret-pw" not in str(caught.value)
    assert not (tmp_path / "o").exists()
