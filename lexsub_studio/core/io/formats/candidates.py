"""A candidates file: the candidate substitutes of each lexelt, one line per lexelt, in the
layout published with the SemEval-2007 data for candidate ranking: ``lexelt::c1;c2;c3``.

Further ``::`` on a line separate candidates too (``lexelt::c1::c2``, another published
layout), and a line without ``::`` is read as tab-separated cells (``lexelt<TAB>c1<TAB>c2``).
Candidates are trimmed, inner white space collapsed, empty ones skipped; a lexelt given on two
lines gets both lines' candidates (a repeat within a lexelt counts once, with a note). A line
that names no lexelt or no candidate is an error naming its line and column, and is ignored.
The one reader of the format: ``lexsub judge make --candidates`` and ``lexsub score
--rank-candidates`` (core/scoring/conventions/candidates.py, which pools the lexelts) both read
through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.io.formats.textfile import decode_utf8, line_texts, read_input_or_refuse
from lexsub_studio.core.model.diagnostics import Diagnostics


@dataclass(slots=True)
class CandidatesReadResult:
    #: lexelt -> its candidates, in file order.
    candidates: dict[str, list[str]]
    diagnostics: Diagnostics


def read_candidates_file(path: str | Path) -> CandidatesReadResult:
    display = str(path)
    return parse_candidates_text(decode_utf8(read_input_or_refuse(path), display), display)


def parse_candidates_text(text: str, path: str = "<input>") -> CandidatesReadResult:
    diagnostics = Diagnostics(path)
    candidates: dict[str, list[str]] = {}
    for number, line in enumerate(line_texts(text.removeprefix("\ufeff")), start=1):
        if not line.strip():
            continue
        lexelt, separator, rest = line.partition("::")
        cells = rest.replace("::", ";").split(";") if separator else []
        if not separator and "\t" in line:
            lexelt, *cells = line.split("\t")
        named = [" ".join(cell.split()) for cell in cells]
        if not lexelt.strip() or not any(named):
            diagnostics.error("bad-candidates-line",
                              "a candidates line is 'lexelt::candidate;candidate;...' (or "
                              "tab-separated cells); line ignored", number,
                              len(line) + 1 if lexelt.strip() else 1)
            continue
        bucket = candidates.setdefault(lexelt.strip(), [])
        for candidate in named:
            if not candidate:
                continue
            if candidate in bucket:
                diagnostics.info("repeated-candidate", f"'{candidate}' is given twice for "
                                 f"{lexelt.strip()}; it counts once", number)
                continue
            bucket.append(candidate)
    return CandidatesReadResult(candidates, diagnostics)
