"""What an agreement report rests on, said at its top: which files, when it was written, by
which version of LexSub Studio, whether curation decisions changed the figures, and which other
files were written with it.

Curation reaches the agreement figures only through merges (accepted merges, a merge map, an
adjudication's merges): they rewrite answers before the figures are computed. Dropped or added
gold substitutes and excluded items change the gold, not how far annotators agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio import __version__


@dataclass(frozen=True, slots=True)
class ReportAbout:
    #: The responses files the figures come from, in input order.
    files: tuple[str, ...]
    #: Curation decisions that rewrite answers (merges) applied before the figures.
    merges: int
    #: Answers those merges rewrote.
    rewritten: int
    written_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    version: str = __version__
    #: The other files written together with this report (the GUI's figures CSV).
    companions: tuple[str, ...] = ()
    #: The annotators' names are withheld: so are the files' names, which often carry them.
    anonymised: bool = False

    def file_lines(self) -> list[str]:
        if self.anonymised:
            return [f"{len(self.files)} responses file(s); their names are withheld, as the "
                    "annotators' are (the report is anonymised)"]
        return list(self.files)

    def curation_sentence(self) -> str:
        """Whether curation decisions changed the figures, in one sentence."""
        if self.merges == 0:
            return ("No curation decision was applied: the figures are those of the answers as "
                    "the annotators wrote them (normalised only).")
        if self.rewritten == 0:
            return (f"{self.merges} accepted merge(s) applied, none of which rewrote an answer: "
                    "the figures are those of the answers as the annotators wrote them.")
        return (f"Curation decisions changed the figures: {self.merges} accepted merge(s) "
                f"rewrote {self.rewritten} answer(s) before agreement was computed.")

    def when(self) -> str:
        return self.written_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")

    def lines(self) -> list[str]:
        """Everything above, as sentences (the HTML page's "About this report")."""
        lines = [f"Written {self.when()} by LexSub Studio {self.version}.",
                 self.curation_sentence()]
        if self.companions:
            lines.append("Written with this page: "
                         + ", ".join(Path(path).name for path in self.companions) + ".")
        return lines


def report_about(files: Sequence[str], merges: int, stats: dict[str, int], *,
                 companions: Sequence[str] = (), anonymised: bool = False) -> ReportAbout:
    """The report's provenance from the pooling's ``stats`` (their ``merged_by_map``: the
    answers the merges rewrote) and the number of merges given to it."""
    return ReportAbout(tuple(str(path) for path in files), merges,
                       int(stats.get("merged_by_map", 0)), companions=tuple(companions),
                       anonymised=anonymised)
