"""The official SemEval-2007 LEXSUB scorer, reproduced byte for byte (both releases).

``run_official(system, gold, task=..., release=...)`` returns exactly what the official Perl
program prints for these files (``stdout``), plus what it cannot say: a clear explanation on
``stderr`` when the original would die or the input is unusable, an exit code, the per-item
records behind every figure (``items``) and the unrounded figures (``totals``).

The behaviour reproduced, quirks included, is described in docs/official-scorer.md and
/work/shared/spec/official-scorer-behaviour.md. Everything works on bytes, as the original
does; see official_perl.py.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lexsub_studio.core.present.perl_numbers import official_round, perl_divide, perl_number
from lexsub_studio.core.scoring.official.gold import (
    Count,
    LineChunk,
    OfficialGold,
    chunks_of_bytes,
    chunks_of_file,
    line_scan,
    read_official_gold,
    read_official_mw_gold,
)
from lexsub_studio.core.scoring.official.perl import HYPHEN, LazyPattern, count_value
from lexsub_studio.core.scoring.official.release import Release, final_answers, release_named

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from _typeshed import SupportsRead, SupportsWrite

TASKS = ("best", "oot", "mw")

#: Exit codes of an official run (also those of ``lexsub score`` on the official path).
EXIT_OK = 0
#: The gold file has no usable line: no item of T (best, oot) or no multiword mode (mw). The
#: input has errors, status 1 as for every lexsub command (3 is an internal error).
EXIT_GOLD_UNUSABLE = 1
#: No line of the system file is of the requested kind, and some are of the other kind.
EXIT_WRONG_KIND = 4
#: A figure's denominator is zero: the original dies here (Perl's ``die`` exits with 255).
EXIT_UNDEFINED = 255

BEST_LINE = LazyPattern(rb"([\w.]+) (\S+) :: (.*)")
OOT_LINE = LazyPattern(rb"([\w.]+) (\S+) ::: (.*)")

#: Verbose output is handed to a stream in chunks of this many lines.
_FLUSH_LINES = 65536


class _Record:
    """Equality and repr over ``__slots__``, for the plain record classes below (dataclasses
    would cost the command's start-up more than all its scoring of a small file)."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclasses they replace

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__name__}({fields})"


class OfficialItem(_Record):
    """How the official scorer treated one item: the first system line of an id of T.

    ``answers`` are the answers as credited (after the final release's rewrite, reuse and
    ten-answer cut). ``credit`` is the sum of the answers' normalised credits, None when the
    line had no answers at all; ``score`` is the item's share of the precision and recall
    numerator (best: credit / number of answers; oot: credit), None without answers.
    ``reused_from_line`` is set when a blank answer text took the answers of that earlier line
    (final release). For mw, ``answers`` holds the multiword if it is not blank, ``attempted``
    means "found", ``mode_attempted`` "genuine" and ``mode_hit`` "matched"; credits are None.
    Text fields are the file's bytes decoded as UTF-8 (invalid bytes replaced).
    """

    __slots__ = (
        "answers",
        "attempted",
        "credit",
        "human_responses",
        "id",
        "lexelt",
        "line",
        "mode",
        "mode_attempted",
        "mode_hit",
        "raw_answer_text",
        "reused_from_line",
        "score",
    )

    def __init__(self, id: str, lexelt: str, line: int, raw_answer_text: str,
                 answers: list[str], credit: float | None, score: float | None,
                 attempted: bool, mode: str | None, mode_attempted: bool,
                 mode_hit: bool | None, reused_from_line: int | None = None,
                 human_responses: Count | None = None) -> None:
        self.id = id
        self.lexelt = lexelt
        self.line = line
        self.raw_answer_text = raw_answer_text
        self.answers = answers
        self.credit = credit
        self.score = score
        self.attempted = attempted
        self.mode = mode
        self.mode_attempted = mode_attempted
        self.mode_hit = mode_hit
        self.reused_from_line = reused_from_line
        self.human_responses = human_responses


class OfficialRun(_Record):
    """The result of one official run. ``stdout`` is byte for byte what the original prints
    (empty when it was written to a stream instead); ``totals`` holds the unrounded figures as
    fractions (None when undefined) and the counts behind them."""

    __slots__ = ("exit_code", "items", "kind_hint", "release", "scored_ids", "stderr",
                 "stdout", "task", "totals")

    def __init__(self, stdout: bytes, stderr: str, exit_code: int,
                 items: dict[str, OfficialItem], totals: dict[str, float | int | None],
                 task: str = "best", release: str = "final", kind_hint: str = "",
                 scored_ids: frozenset[str] | None = None) -> None:
        self.stdout = stdout
        self.stderr = stderr
        self.exit_code = exit_code
        self.items = items
        #: The ids of the items it scored, when asked for without their records
        #: (``run_official(collect_ids=True)``); else None, and they are ``items``' keys.
        self.scored_ids = scored_ids
        self.totals = totals
        self.task = task
        self.release = release
        #: The message (also in ``stderr``) saying the system file is of another kind and which
        #: -t to give, when it is; the command line prints it before the official lines.
        self.kind_hint = kind_hint


class _Died(Exception):
    """The original stops here (a division by zero); carries the explanation and exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_UNDEFINED) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


class _Output:
    """The lines the original prints, kept in memory or handed to a stream in chunks."""

    def __init__(self, stream: SupportsWrite[bytes] | None) -> None:
        self.lines: list[bytes] = []
        self.stream = stream

    def flush(self) -> None:
        if self.stream is not None and self.lines:
            self.stream.write(b"".join(self.lines))
            self.lines.clear()

    def flush_if_large(self) -> None:
        if self.stream is not None and len(self.lines) >= _FLUSH_LINES:
            self.flush()

    def text(self) -> bytes:
        return b"" if self.stream is not None else b"".join(self.lines)


class _Tally:
    """Counters of one pass over a system file."""

    __slots__ = (
        "attempted",
        "error_lines",
        "ids",
        "items",
        "matched_lines",
        "mode_attempted",
        "mode_hits",
        "other_kind_lines",
        "score_sum",
    )

    def __init__(self) -> None:
        self.attempted = 0
        self.score_sum: float = 0
        #: The ids of the scored items, as written, when only they are collected.
        self.ids: list[bytes] | None = None
        self.mode_attempted = 0
        self.mode_hits = 0
        self.matched_lines = 0
        self.error_lines = 0
        self.other_kind_lines = 0
        self.items: dict[str, OfficialItem] = {}

    def record(self, attempted: int, score_sum: float, mode_attempted: int, mode_hits: int,
               matched_lines: int) -> None:
        """What a loop over the lines counted in its own variables (kept local for speed)."""
        self.attempted = attempted
        self.score_sum = score_sum
        self.mode_attempted = mode_attempted
        self.mode_hits = mode_hits
        self.matched_lines = matched_lines


def _text(value: bytes) -> str:
    return value.decode("utf-8", "replace")


BEST_SCAN = line_scan(rb"([\w.]+) (\S+) :: ([^\n]*)")
OOT_SCAN = line_scan(rb"([\w.]+) (\S+) ::: ([^\n]*)")
# Within one line Perl's \s can only meet the final newline, where it changes nothing.
MW_SCAN = line_scan(rb"([\w.]+)[^\S\n]+(\d+)[^\S\n]*::[^\S\n]*([^\n]*)")


def _perl_sum(total: Count) -> bytes:
    """A sum of gold counts as the original prints it: Perl adds integers exactly while the
    sum fits 64 bits and in doubles beyond (then printed with 15 significant digits)."""
    return perl_number(total if total < 1 << 64 else float(total))


def _zero_sum_death(ident: bytes, number: int, system_name: str, gold_name: str) -> _Died:
    # The gold is at fault, not the system line that meets it: the message names the gold.
    return _Died(f"{gold_name}: the counts of gold item {_text(ident)} add up to 0 (every count "
                 f"on its line is 0), so its credits are undefined; the official scorer dies "
                 f"dividing by them when line {number} of {system_name} answers that item.")


def _say_unmatched(other: bytes, number: int, name: bytes, emit: Callable[[bytes], None],
                   tally: _Tally, other_kind_line: LazyPattern) -> None:
    """A system line the scorer's pattern does not take: an error line, unless blank, and
    counted when it is a line of the other kind."""
    if other and not other.isspace():
        emit(b"Error in %s on line %d\n" % (name, number))
        tally.error_lines += 1
        if other_kind_line.search(other):
            tally.other_kind_lines += 1


def _score_answers(chunks: Iterable[LineChunk], gold: OfficialGold, release: Release, task: str,
                   verbose: bool, collect: bool, out: _Output, system_name: str,
                   gold_name: str, collect_ids: bool = False) -> _Tally:
    """Best or out-of-ten answers, one body for both tasks. They differ in the line's
    separator, the final release's ten-answer cut (oot), the mode hit (best: the first answer;
    oot: any answer), the score (best: credit / number of answers; oot: the credit) and the
    verbose lines. ``gold.take`` hands out an item once, which is how only the first line of
    an id counts. (The loop runs once per line, so the common path is kept to the fewest
    operations; the rarely needed details are worked out only when asked for.)"""
    best = task == "best"
    scan, other_kind_line = (BEST_SCAN, OOT_LINE) if best else (OOT_SCAN, BEST_LINE)
    tally = _Tally()
    if collect_ids:
        tally.ids = []
    name = os.fsencode(system_name)
    emit = out.lines.append
    take = gold.take
    value = count_value
    final = release.reuses_blank_answers  # the final release also rewrites answers
    limit = 0 if best else release.oot_limit or 0  # 0: no cut
    ids = tally.ids
    details = verbose or collect or ids is not None
    attempted = mode_attempted = mode_hits = 0
    score_sum: float = 0
    previous: list[bytes] = []
    previous_line: int | None = None
    number = unmatched = 0

    for data, start, end, _ in chunks:
        for wpos, ident, text, other in scan.findall(data, start, end):
            number += 1
            if not ident:
                unmatched += 1
                _say_unmatched(other, number, name, emit, tally, other_kind_line)
                continue
            entry = take(ident)
            if entry is None:
                continue
            counts, human, mode = entry
            if not human:
                raise _zero_sum_death(ident, number, system_name, gold_name)
            blank = not text or text.isspace()
            cut = False
            if not final:
                if not blank:
                    attempted += 1
                stripped = text.rstrip(b";")
                answers = stripped.split(b";") if stripped else []
            else:
                if not blank:
                    answers = final_answers(text)
                    if answers:
                        attempted += 1
                    previous_line = number
                else:
                    answers = previous  # a reused list is the already cut one
                if limit and len(answers) > limit:
                    answers = answers[:limit]
                    cut = True
                previous = answers
            guesses = len(answers)

            hit: bool | None = None
            if mode is not None and (guesses or not final):
                mode_attempted += 1
                if best:
                    first = answers[0] if answers else b""
                    hit = first == mode or (not final and HYPHEN in first
                                            and first.replace(b"-", b" ") == mode)
                else:
                    hit = _oot_mode_hit(mode, answers, exact=final)
                if hit:
                    mode_hits += 1

            credit: float | None = None
            if guesses:
                credit = 0
                for count in filter(None, map(counts.get, answers)):
                    credit += value(count) / human
                score_sum += credit / guesses if best else credit

            if details:
                if verbose:
                    _emit_item_lines(emit, best, wpos, ident, mode, hit, answers, credit, human,
                                     limit if cut else 0, bool(guesses or not final))
                    out.flush_if_large()
                if ids is not None:
                    ids.append(ident)
                if collect:
                    tally.items[_text(ident)] = OfficialItem(
                        id=_text(ident), lexelt=_text(wpos), line=number,
                        raw_answer_text=_text(text),
                        answers=[_text(answer) for answer in answers], credit=credit,
                        score=credit if credit is None or not best else credit / guesses,
                        attempted=not blank and (bool(answers) or not final),
                        mode=_text(mode) if mode is not None else None,
                        mode_attempted=hit is not None, mode_hit=hit,
                        reused_from_line=previous_line if final and blank else None,
                        human_responses=human)

    tally.record(attempted, score_sum, mode_attempted, mode_hits, number - unmatched)
    return tally


def _oot_mode_hit(mode: bytes, answers: list[bytes], exact: bool) -> bool:
    if exact:
        return mode in answers
    spaced = mode.replace(b"-", b" ") if HYPHEN in mode else None
    return any(answer in (mode, spaced) for answer in answers)


def _emit_item_lines(emit: Callable[[bytes], None], best: bool, wpos: bytes, ident: bytes,
                     mode: bytes | None, hit: bool | None, answers: list[bytes],
                     credit: float | None, human: Count, cut_at: int, credited: bool) -> None:
    """The verbose lines of one scored line: the cut (oot, ``cut_at`` answers kept), the mode
    line when the mode was tried, the credit line when the line is credited."""
    if cut_at:
        emit(b"%s Item %s exceeded %d guesses\n" % (wpos, ident, cut_at))
    if hit is not None:
        if best:
            emit(b"%s Item %s mode '%s' : system '%s'%s\n" % (
                wpos, ident, mode, answers[0] if answers else b"",
                b"  correct" if hit else b" wrong"))
        else:
            emit(b"%s Item %s mode '%s'  %s\n" % (
                wpos, ident, mode, b"found in guesses" if hit else b"not found"))
    if credited:
        printed = perl_number(credit)
        if best:
            emit(b"%s Item %s credit %s guesses %d human responses %s: score is %s\n" % (
                wpos, ident, printed, len(answers), _perl_sum(human), printed))
        else:
            emit(b"%s Item %s credit %s human responses %s: score is %s\n" % (
                wpos, ident, printed, _perl_sum(human), printed))


def _score_mw(chunks: Iterable[LineChunk], gold: OfficialGold, verbose: bool, collect: bool,
              out: _Output, system_name: str) -> _Tally:
    """Multiword detection and identification: "found" = non-blank answers (``attempted``),
    "genuine" = lines whose id has a gold mode (``mode_attempted``), "matched" = answers
    identical to the mode (``mode_hits``). Only the first line of an id counts."""
    tally = _Tally()
    seen: set[bytes] = set()
    number = 0
    for data, start, end, _ in chunks:
        number = _score_mw_lines(MW_SCAN.findall(data, start, end), number, gold.modes, seen,
                                 verbose, collect, out, system_name, tally)
    return tally


def _score_mw_lines(rows: list[tuple[bytes, bytes, bytes, bytes]], number: int,
                    modes: dict[bytes, bytes], seen: set[bytes], verbose: bool, collect: bool,
                    out: _Output, system_name: str, tally: _Tally) -> int:
    """Score system lines one by one (MW_SCAN rows: lexelt, id, answer, the line when it does
    not match); returns the number of the last line."""
    name = os.fsencode(system_name)
    emit = out.lines.append
    remember = seen.add
    for wpos, ident, answer, other in rows:
        number += 1
        if not ident:
            # bytes.isspace() tests Perl's \s exactly: space, \t, \n, \r, \f, \v.
            if other and not other.isspace():
                emit(b"Error in %s on line %d\n" % (name, number))
                tally.error_lines += 1
            continue
        tally.matched_lines += 1
        if ident in seen:
            continue
        remember(ident)
        found = bool(answer) and not answer.isspace()
        if found:
            tally.attempted += 1
        mode = modes.get(ident)  # the gold keeps no mode Perl finds false
        genuine = mode is not None
        hit: bool | None = None
        if genuine:
            tally.mode_attempted += 1
            hit = mode == answer
            if hit:
                tally.mode_hits += 1
        if verbose:
            if genuine:
                emit(b"%s %s human mode is %s system %s\n" % (wpos, ident, mode, answer))
            else:
                emit(b"%s %s No MW found by annotators, system %s\n" % (wpos, ident, answer))
            out.flush_if_large()
        if collect:
            tally.items[_text(ident)] = OfficialItem(
                id=_text(ident), lexelt=_text(wpos), line=number,
                raw_answer_text=_text(answer), answers=[_text(answer)] if found else [],
                credit=None, score=None, attempted=found,
                mode=_text(mode) if mode is not None else None,
                mode_attempted=genuine, mode_hit=hit)
    return number


def _fraction(numerator: float, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def _best_oot_totals(tally: _Tally, gold: OfficialGold) -> dict[str, float | int | None]:
    return {
        "total": gold.total_items,
        "attempted": tally.attempted,
        "score_sum": tally.score_sum,
        "precision": _fraction(tally.score_sum, tally.attempted),
        "recall": _fraction(tally.score_sum, gold.total_items),
        "total_with_mode": gold.total_modes,
        "mode_attempted": tally.mode_attempted,
        "mode_hits": tally.mode_hits,
        "mode_precision": _fraction(tally.mode_hits, tally.mode_attempted),
        "mode_recall": _fraction(tally.mode_hits, gold.total_modes),
        "error_lines": tally.error_lines,
    }


def _mw_totals(tally: _Tally, gold: OfficialGold) -> dict[str, float | int | None]:
    return {
        "total_mws": gold.total_modes,
        "found": tally.attempted,
        "genuine": tally.mode_attempted,
        "matched": tally.mode_hits,
        "detection_precision": _fraction(tally.mode_attempted, tally.attempted),
        "detection_recall": _fraction(tally.mode_attempted, gold.total_modes),
        "identification_precision": _fraction(tally.mode_hits, tally.attempted),
        "identification_recall": _fraction(tally.mode_hits, gold.total_modes),
        "error_lines": tally.error_lines,
        "gold_error_lines": len(gold.error_lines),
    }


def _ratio(numerator: float, denominator: int, release: Release, death: str) -> bytes:
    """A rounded figure as the original prints it, or its death on a zero denominator."""
    if not denominator:
        raise _Died(death)
    return official_round(perl_divide(numerator, denominator), release.decimals,
                          release.percent)


def _print_best_oot_totals(tally: _Tally, gold: OfficialGold, release: Release, task: str,
                           out: _Output, system_name: str, gold_name: str) -> None:
    emit = out.lines.append
    precision = _ratio(tally.score_sum, tally.attempted, release,
                       f"precision is undefined: no item was attempted ({system_name} has "
                       f"{tally.matched_lines} {task} lines and none of them answers an item of "
                       f"the gold's T), so the official scorer dies dividing by zero.")
    recall = _ratio(tally.score_sum, gold.total_items, release,
                    f"recall is undefined: {gold_name} has no item of T.")
    emit(b"Total = %d, attempted = %d\n" % (gold.total_items, tally.attempted))
    emit(b"precision = %s, recall = %s\n" % (precision, recall))
    precision = _ratio(tally.mode_hits, tally.mode_attempted, release,
                       f"mode precision is undefined: no attempted item has a mode in "
                       f"{gold_name}, so the official scorer dies dividing by zero after the "
                       "first two lines.")
    recall = _ratio(tally.mode_hits, gold.total_modes, release,
                    f"mode recall is undefined: no item of {gold_name} has a mode, so the "
                    "official scorer dies dividing by zero after the first two lines.")
    emit(b"Total with mode %d attempted %d\n" % (gold.total_modes, tally.mode_attempted))
    if task == "best" and release.percent:
        emit(b"Mode precision = %s, Mode recall = %s\n" % (precision, recall))
    else:
        emit(b"precision = %s, recall = %s\n" % (precision, recall))


def _print_mw_totals(tally: _Tally, gold: OfficialGold, release: Release, out: _Output,
                     gold_name: str) -> None:
    emit = out.lines.append
    undefined = (f"multiword recall is undefined: no item of {gold_name} has a multiword mode "
                 "(a multiword given by more than one annotator, more often than any other), "
                 "so the official scorer dies dividing by zero.")
    detection = b""
    identification = b""
    if tally.attempted:
        detection = _ratio(tally.mode_attempted, tally.attempted, release, undefined)
    detection_recall = _ratio(tally.mode_attempted, gold.total_modes, release, undefined)
    # Counters the original never incremented are undefined and print as nothing.
    emit(b"Total MWs in GS = %d, System found %s of which %s were genuine\n" % (
        gold.total_modes, perl_number(tally.attempted or None),
        perl_number(tally.mode_attempted or None)))
    emit(b"Detection precision = %s, recall = %s\n" % (detection, detection_recall))
    if tally.attempted:
        identification = _ratio(tally.mode_hits, tally.attempted, release, undefined)
    identification_recall = _ratio(tally.mode_hits, gold.total_modes, release, undefined)
    emit(b"Number that matched GS\n")
    emit(b"Identification precision = %s, recall = %s\n" % (identification,
                                                           identification_recall))


def _gold_warnings(gold: OfficialGold, gold_name: str) -> list[str]:
    warnings = []
    shown = list(gold.repeated_ids.items())[:5]
    if shown:
        listed = "; ".join(f"id {_text(ident)} on lines {', '.join(map(str, lines))}"
                           for ident, lines in shown)
        more = len(gold.repeated_ids) - len(shown)
        warnings.append(
            f"warning: {gold_name}: {len(gold.repeated_ids)} ids of T are on more than one "
            f"line ({listed}{f'; and {more} more' if more > 0 else ''}); the official scorer "
            f"counts each line in |T| and merges their substitutes.")
    return warnings


def run_official(system: bytes | Callable[[], bytes] | SupportsRead[bytes],
                 gold: bytes | Callable[[], bytes], *,
                 task: str = "best", release: str = "final", verbose: bool = False,
                 system_name: str = "SYSTEM", gold_name: str = "GOLD",
                 collect_items: bool = True, collect_ids: bool = False,
                 stream: SupportsWrite[bytes] | None = None) -> OfficialRun:
    """Score ``system`` against ``gold`` exactly as the official scorer ``release`` does.

    ``system_name`` and ``gold_name`` are the file names as given on the command line (the
    original prints them in its ``Error in ... on line N`` lines). With ``collect_items=False``
    no per-item records are built (faster); with ``collect_ids`` too, the ids of the items
    scored are kept all the same, in ``scored_ids`` (a record per item of a 100,000-item
    system is some 140 MB). With ``stream``, the output is written to it as it is produced and
    ``stdout`` of the result is empty.

    ``system`` and ``gold`` may be functions returning the files' bytes (such as the ``read``
    of files opened for reading): the gold is then read first and its bytes freed once its
    table is made, before the system file is read. Bytes passed in stay alive for the whole
    run, as the caller holds them: a million-item gold is some 65 MB. ``system`` may also be
    a binary file opened for reading, which is then read a few megabytes at a time, never
    whole (a million-item oot file is some 100 MB).
    """
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; expected one of {', '.join(TASKS)}")
    collect_ids = collect_ids and not collect_items
    # A multiword file is small: its ids are taken from its records.
    ids_from_items = collect_ids and task == "mw"
    if ids_from_items:
        collect_items, collect_ids = True, False
    rules = release_named(release)
    if not isinstance(gold, bytes):
        gold = gold()
    out = _Output(stream)
    messages: list[str] = []
    exit_code = EXIT_OK
    tally = _Tally()
    unusable = wrong_kind = False
    kind_hint = ""

    if task == "mw":
        table = mw_gold = read_official_mw_gold(gold, rules)  # mw_gold: only when task is mw
        name = os.fsencode(gold_name)
        out.lines.extend(b"Error in %s on line %d\n" % (name, number)
                         for number in table.error_lines)
    else:
        table = read_official_gold(gold, rules)
        messages += _gold_warnings(table, gold_name)
    del gold  # a million-item gold is not needed any more once read
    if isinstance(system, bytes):
        chunks = chunks_of_bytes(system)
    elif callable(system):
        chunks = chunks_of_bytes(system())
    else:
        chunks = chunks_of_file(system.read)

    try:
        if task != "mw":
            tally = _score_answers(chunks, table, rules, task, verbose, collect_items, out,
                                   system_name, gold_name, collect_ids)
        else:
            tally = _score_mw(chunks, mw_gold, verbose, collect_items, out, system_name)
        table.finish()
        unusable = table.total_modes <= 0 if task == "mw" else table.total_items == 0
        # Judged on the whole file: more lines of the other kind than of the one asked for.
        wrong_kind = task != "mw" and tally.other_kind_lines > tally.matched_lines
        if unusable:
            messages.append(_unusable_gold_message(task, gold_name))
        if wrong_kind:
            kind_hint = wrong_kind_message(task, system_name, tally.matched_lines,
                                           tally.other_kind_lines)
            messages.append(kind_hint)
        elif tally.other_kind_lines:
            messages.append(
                f"warning: {system_name}: {tally.other_kind_lines} lines are in the "
                f"{'oot' if task == 'best' else 'best'} format, which -t {task} does not "
                f"read; the official scorer reports them as errors.")
        if task == "mw":
            _print_mw_totals(tally, mw_gold, rules, out, gold_name)
        else:
            _print_best_oot_totals(tally, table, rules, task, out, system_name, gold_name)
        if wrong_kind:
            exit_code = EXIT_WRONG_KIND
    except _Died as death:
        table.finish()
        if unusable:
            exit_code = EXIT_GOLD_UNUSABLE
        elif wrong_kind:
            exit_code = EXIT_WRONG_KIND
        else:
            exit_code = death.exit_code
            messages.append(death.message)
    out.flush()
    totals = _mw_totals(tally, mw_gold) if task == "mw" else _best_oot_totals(tally, table)
    items = tally.items
    scored_ids = None
    if ids_from_items:
        scored_ids, items = frozenset(items), {}
    elif collect_ids:
        # A run that died before its tally was made scored no item: no ids, not "not asked".
        scored_ids = frozenset(_text(ident) for ident in tally.ids or ())
    return OfficialRun(stdout=out.text(), stderr="".join(f"{m}\n" for m in messages),
                       exit_code=exit_code, items=items, totals=totals, task=task,
                       release=rules.name, kind_hint=kind_hint, scored_ids=scored_ids)


def _unusable_gold_message(task: str, gold_name: str) -> str:
    if task == "mw":
        return (f"{gold_name} has no usable multiword line: no item has a multiword given by "
                f"more than one annotator more often than any other (expected lines like "
                f"'take.v 29 :: take place 5;'), so there is nothing to score.")
    return (f"{gold_name} has no usable gold line: no line 'lexelt id :: substitute count;...' "
            f"with two or more responses, so there is nothing to score.")


def wrong_kind_message(task: str, system_name: str, kind_lines: int, other_lines: int,
                       other: str | None = None) -> str:
    """The hint that names the fix when most item lines of a system file are of another kind
    than ``task`` (oot for best, best for oot, unless ``other`` says which)."""
    other = other or ("oot" if task == "best" else "best")
    separator = ":::" if other == "oot" else "::"
    own = ":::" if task == "oot" else "::"
    if not kind_lines:
        found = (f"none of its lines reads 'lexelt id {own} answers' and {other_lines} read "
                 f"'lexelt id {separator} answers'")
    else:
        found = (f"{other_lines} of its {kind_lines + other_lines} item lines read "
                 f"'lexelt id {separator} answers' and only {kind_lines} "
                 f"'lexelt id {own} answers'")
    article = "an" if other[0] in "aeio" else "a"
    return (f"{system_name} is {article} {other} file, not a {task} file: {found}; "
            f"score it with -t {other}.")
