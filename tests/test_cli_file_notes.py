"""The notes ``lexsub score`` prints about the files it read: a few of each kind in full, the
rest counted, none dropped without a word."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.file_notes import file_notes
from lexsub_studio.cli.main import main
from lexsub_studio.core.model.diagnostics import Diagnostic, Severity


def _note(code: str, line: int, path: str = "sys.txt") -> Diagnostic:
    return Diagnostic(Severity.WARNING, code, f"{code} on {line}", path, line)


def test_a_few_of_each_kind_in_full_then_the_rest_counted() -> None:
    notes = [_note("too-many-answers", line) for line in range(1, 6)]
    notes.insert(2, _note("empty-answer", 9))
    notes.append(_note("too-many-answers", 7, "other.txt"))
    printed = file_notes("lexsub score", notes).splitlines()
    assert printed == [
        "lexsub score: sys.txt:1: warning: too-many-answers on 1",
        "lexsub score: sys.txt:2: warning: too-many-answers on 2",
        "lexsub score: sys.txt:9: warning: empty-answer on 9",
        "lexsub score: sys.txt:3: warning: too-many-answers on 3",
        "lexsub score: other.txt:7: warning: too-many-answers on 7",
        "lexsub score: sys.txt: warning: 2 more 'too-many-answers' note(s) like the 3 above "
        "(5 in all); `lexsub validate sys.txt` lists every one",
    ]


def test_lexsub_score_counts_the_notes_it_does_not_print(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold"
    system = tmp_path / "system"
    gold.write_text("".join(f"a.n {n} :: go 2;run 1;\n" for n in range(1, 1001)))
    answers = ";".join(["go"] * 12)
    system.write_text("".join(f"a.n {n} ::: {answers}\n" for n in range(1, 1001)))
    assert main(["score", str(system), str(gold), "-t", "oot", "--clean"]) == 0
    notes = capsys.readouterr().err.splitlines()
    assert len([note for note in notes if "12 answers" in note]) == 3
    assert notes[-1] == (f"lexsub score: {system}: warning: 997 more 'too-many-answers' "
                         f"note(s) like the 3 above (1,000 in all); `lexsub validate {system}` "
                         "lists every one")
