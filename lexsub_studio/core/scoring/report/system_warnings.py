"""What is odd about a system file, and what it does to the score.

``system_warnings`` looks for the problems that change a system's figures without anyone
noticing: lines the official scorer rejects, items answered twice, answers repeated on a line,
oot lines with more than ten answers, lines whose lexelt is not their gold item's (``wild.n 160``
for ``wild.a.n 160``), answers that differ from a gold substitute only by a hyphen or space,
only by case, or by inflection. Each warning says how many lines or answers it
concerns, a few examples with their line numbers, and its *effect*: how much the system's main
figure (``PRIMARY_MEASURE``) would change, clean scoring against the alternative:

- rejected lines: minus the clean recall of the items the official scorer leaves unscored;
- duplicate ids: the later line scored instead of the first (the official scorer and the clean
  reader both score the first);
- duplicate answers, over ten oot answers, hyphen/space variants: the official behaviour (the
  ``distinct-answers``, ``oot-limit`` and ``spelling`` defects kept) minus clean scoring;
- lexelts that differ from the gold's: strict lexelt matching (the lines dropped) minus clean
  scoring (the lines matched by id), or the reverse when the report is strict;
- case variants and inflected answers: the answer replaced by the gold spelling it matches,
  minus clean scoring, i.e. what a system would gain by writing the gold's form.

The checks live in checks/: the file and gold as they see them (``subject.py``), the effects
(``effects.py``), the checks of lines (``file_checks.py``) and of spellings (``variants.py``),
and the warning itself (``found.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostic
from lexsub_studio.core.scoring.report.checks import file_checks, variants
from lexsub_studio.core.scoring.report.checks.effects import Effects
from lexsub_studio.core.scoring.report.checks.found import (
    PRIMARY_MEASURE,
    Answer,
    SystemWarning,
    warning_rows,
)
from lexsub_studio.core.scoring.report.checks.subject import CheckedFile

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.official.scorer import OfficialRun
    from lexsub_studio.core.scoring.report.score_report import ScoreReport

__all__ = ["PRIMARY_MEASURE", "SystemWarning", "system_warnings", "warning_rows"]


def system_warnings(answers: Sequence[Answer], gold: Sequence[GoldItem], kind: str,
                    report: ScoreReport, *, diagnostics: Sequence[Diagnostic] = (),
                    text: str | None = None, official: OfficialRun | None = None,
                    ) -> list[SystemWarning]:
    """Every warning that applies, in a fixed order; ``report`` is the clean report of these
    answers (kind ``kind``), ``text`` the file's text (for answers of duplicate lines),
    ``official`` the official run (for the lines it rejects). ``answers`` may be the reader's
    AnswerTable: its columns are read as they are, no line made into an object."""
    file = CheckedFile(answers, gold, kind, report)
    effects = Effects(file)
    found = [
        file_checks.rejected(file, effects, diagnostics, official),
        file_checks.duplicate_ids(file, effects, diagnostics, text),
        file_checks.duplicate_answers(file, effects),
        file_checks.over_limit(file, effects),
        file_checks.lexelt_mismatches(file, effects),
    ]
    found += [variants.variant_warning(file, effects, code, found_variants)
              for code, found_variants in variants.classify(file).items()]
    return [warning for warning in found if warning is not None and warning.count]
