"""What the Scoring workspace shows, computed without Qt: loading jobs and the item view.

The jobs run through tasks.run_in_background; each is a plain function of files and gold items
returning core objects (SystemScores, ItemScores), so tests can call them directly.
"""

from __future__ import annotations

import hashlib
import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.scoring.export import SystemScores, score_system_file
from lexsub_studio.gui.contrast import base_colour, readable_name
from lexsub_studio.gui.scoring.models import ItemScores

MATCHED = "#166534"
MATCHED_BACKGROUND = "#dcfce7"
UNMATCHED = "#991b1b"
MODE_BACKGROUND = "#fde68a"
MUTED = "#555555"


def _on_base(colour: str) -> str:
    """A text colour drawn straight on the view's background, readable (WCAG AA) on the
    palette in use; the marked answers carry their own light background and keep theirs."""
    return readable_name(colour, base_colour())
#: The answers view that the item view colours, per system kind.
ANSWER_VIEW = {"best": "best", "oot": "oot", "weighted": "oot"}


@dataclass(frozen=True, slots=True)
class GoldSource:
    """The gold everything is scored against: its items, and where they came from."""

    items: list[GoldItem]
    label: str
    path: str | None = None
    #: The gold as the official scorer reads it (the file, or the items written out).
    data: bytes = b""

    @property
    def identity(self) -> tuple[str | None, str]:
        """Two golds with the same lines are the same gold (for the cache)."""
        return (self.path, hashlib.sha256(self.data).hexdigest())


def gold_from_items(items: Sequence[GoldItem], label: str) -> GoldSource:
    """A gold assembled in the application: written out once for the official scorer."""
    from lexsub_studio.core.io.formats.gold import format_gold_line

    lines = []
    for item in items:
        try:
            lines.append(format_gold_line(item) + "\n")
        except ValueError:
            continue  # an unwritable line is one the official scorer could not read either
    return GoldSource(list(items), label, None, "".join(lines).encode("utf-8"))


def read_gold_source(path: str, multiword: bool = False) -> tuple[GoldSource, list[Any]]:
    """Background job: read a gold file (or a multiword gold); the reader's diagnostics come
    back too."""
    from lexsub_studio.core.io.formats.gold import read_gold_bytes
    from lexsub_studio.core.io.formats.textfile import read_input_bytes

    # Read once, within the input limits: the clean reader and the official scorer share it.
    data = read_input_bytes(path)
    result = read_gold_bytes(data, path, multiword=multiword)
    source = GoldSource(result.items, Path(path).name, path, data)
    return source, list(result.diagnostics)


def read_multiword_gold_source(path: str) -> tuple[GoldSource, list[Any], str]:
    """Background job: read a multiword gold the user chose; the note says when the file does
    not look like one (an ordinary gold chosen by mistake would find almost no multiword)."""
    from lexsub_studio.core.io.formats.detect import detect_path

    source, diagnostics = read_gold_source(path, multiword=True)
    detection = detect_path(path)
    note = ("" if detection.kind == "mwgold" else
            f"this does not look like a multiword gold ({detection.reason})")
    return source, diagnostics, note


@dataclass(frozen=True, slots=True)
class GoldPair:
    """A gold read from a file, and the multiword gold found beside it (if looked for)."""

    gold: GoldSource
    diagnostics: list[Any]
    multiword: GoldSource | None
    multiword_diagnostics: list[Any]
    #: Why this multiword gold, or why none (shown beside its name).
    found_reason: str


def read_gold_pair(path: str, look_beside: bool) -> GoldPair:
    """Background job: the gold and, when ``look_beside``, the multiword gold that belongs to
    it (core.formats.multiword_gold_files)."""
    from lexsub_studio.core.io.formats.multiword_gold_files import find_multiword_gold

    gold, diagnostics = read_gold_source(path)
    if not look_beside:
        return GoldPair(gold, diagnostics, None, [], "")
    match = find_multiword_gold(path)
    if match.path is None:
        return GoldPair(gold, diagnostics, None, [], match.reason)
    multiword, multiword_diagnostics = read_gold_source(str(match.path), multiword=True)
    return GoldPair(gold, diagnostics, multiword, multiword_diagnostics,
                    f"found: {match.reason}")


@dataclass(slots=True)
class DroppedFiles:
    """Files dropped on the Scoring workspace, sorted by where they go."""

    gold: str | None = None
    multiword_gold: str | None = None
    corpus: str | None = None
    systems: list[str] = field(default_factory=list)
    #: Each file that is none of these, with why.
    ignored: list[str] = field(default_factory=list)


def sort_dropped_files(paths: Sequence[str]) -> DroppedFiles:
    """Background job: detect each file's kind (core.formats.detect) and sort the files."""
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.model.diagnostics import InputError
    from lexsub_studio.core.scoring.export import SYSTEM_KINDS

    dropped = DroppedFiles()
    for path in paths:
        name = Path(path).name
        try:
            detection = detect_path(path)
        except (OSError, InputError) as error:
            dropped.ignored.append(f"{name}: {getattr(error, 'strerror', None) or error}")
            continue
        if detection.kind == "gold" and dropped.gold is None:
            dropped.gold = path
        elif detection.kind == "mwgold" and dropped.multiword_gold is None:
            dropped.multiword_gold = path
        elif detection.kind == "corpus" and dropped.corpus is None:
            dropped.corpus = path
        elif detection.kind in SYSTEM_KINDS:
            dropped.systems.append(path)
        else:
            what = "a second file of its kind" if detection.kind else detection.reason
            dropped.ignored.append(f"{name} ({what})")
    return dropped


class MissingMultiwordGold(Exception):
    """An mw system file waits for a multiword gold: it is never scored against the ordinary
    gold, where it would find almost no multiword and say nothing about it."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{Path(path).name} holds multiword answers (mw) and no multiword gold "
                         "is open: choose one with Multiword gold… (the task's is mwgold.trial "
                         "or NAME.mw beside the gold), or drop it on the workspace.")


def cache_key(path: str, kind: str | None, gold_identity: tuple[Any, ...]) -> tuple[Any, ...]:
    """Scores are kept per (system file as it is now, chosen kind, gold)."""
    stat = Path(path).stat()
    return (str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, kind, gold_identity)


def score_systems(paths: Sequence[str], gold: GoldSource, kinds: dict[str, str | None],
                  cache: dict[tuple[Any, ...], SystemScores],
                  report: Callable[[str], None] = lambda text: None,
                  cancelled: Callable[[], bool] = lambda: False,
                  mw_gold: GoldSource | Callable[[], GoldSource] | None = None,
                  convention: str = "lexsub") -> list[SystemScores | Exception]:
    """Background job: score each file (or take it from the cache); a file that cannot be read
    gives its exception in its place, so one bad file does not stop the others. An mw file is
    scored against ``mw_gold`` (made by calling it, the first time an mw file needs it), and
    without one gives MissingMultiwordGold."""
    results: list[SystemScores | Exception] = []
    names = display_names(paths)
    for number, path in enumerate(paths, start=1):
        if cancelled():
            break
        report(f"Scoring {Path(path).name} ({number} of {len(paths)})…")
        try:
            kind = kinds.get(path)
            multiword = kind == "mw" or (kind is None and _detected(path) == "mw")
            against = gold
            if multiword:
                if mw_gold is None:
                    raise MissingMultiwordGold(path)
                if not isinstance(mw_gold, GoldSource):
                    mw_gold = mw_gold()
                against = mw_gold
            key = (*cache_key(path, kind, against.identity), convention)
            scored = cache.get(key)
            if scored is None:
                scored = score_system_file(path, against.items, against.data or None, kind=kind,
                                           convention=convention)
                if multiword:
                    scored = replace(scored, kind_reason=f"{scored.kind_reason}; scored "
                                                         f"against {against.label}")
                cache[key] = scored
            results.append(replace(scored, name=names[path]))
        except Exception as error:  # each file's problem is shown with that file
            results.append(error)
    return results


def display_names(paths: Sequence[str]) -> dict[str, str]:
    """Each file's name, with as many parent folders as it takes to tell apart files of the
    same name."""
    names: dict[str, str] = {}
    for path in paths:
        parts = Path(path).parts
        depth = 1
        while depth < len(parts) and any(
                other != path and Path(other).parts[-depth:] == parts[-depth:]
                for other in paths):
            depth += 1
        names[path] = "/".join(parts[-depth:])
    return names


def _detected(path: str) -> str | None:
    from lexsub_studio.core.scoring.export import detect_system_kind

    try:
        return detect_system_kind(path)[0]
    except Exception:
        return None


def item_scores(systems: Sequence[SystemScores], measure: str) -> ItemScores:
    """Every item of T (in the first system's order), each system's per-item score for the
    measure (NaN where a system does not have it; 0 for an item it did not answer)."""
    from lexsub_studio.core.scoring.significance import item_column

    reports = [system.report for system in systems]
    frames = [report.items for report in reports if report is not None]
    if not frames:
        return ItemScores([], [], [s.name for s in systems], np.zeros((0, len(systems))))
    base = max(frames, key=len)
    base_lexelts = base["lexelt"].to_numpy()
    base_ids = base["id"].to_numpy()
    keys = list(zip(base_lexelts.tolist(), base_ids.tolist(), strict=True))
    pos = base["pos"].tolist()
    row_of: dict[tuple[str, str], int] | None = None
    scores = np.full((len(keys), len(systems)), np.nan)
    positions = np.full((len(keys), len(systems)), -1, dtype=np.int64)
    for number, report in enumerate(reports):
        if report is None:
            continue
        frame = report.items
        try:
            column = item_column(report, measure)
        except KeyError:
            column = None
        # Systems scored on one gold share its items in one order: a plain column copy.
        if len(frame) == len(keys) and np.array_equal(frame["id"].to_numpy(), base_ids) \
                and np.array_equal(frame["lexelt"].to_numpy(), base_lexelts):
            positions[:, number] = np.arange(len(keys))
            if column is not None:
                scores[:, number] = frame[column].to_numpy(dtype=np.float64)
            continue
        if row_of is None:
            row_of = {key: row for row, key in enumerate(keys)}
        values = (frame[column].to_numpy(dtype=np.float64).tolist() if column is not None
                  else [math.nan] * len(frame))
        if column is not None:
            scores[:, number] = 0.0  # an item of T the system did not answer scores 0
        for place, (key, value) in enumerate(zip(zip(frame["lexelt"], frame["id"], strict=True),
                                                 values, strict=True)):
            row = row_of.get(key)
            if row is not None:
                scores[row, number] = value
                positions[row, number] = place
    return ItemScores(keys, pos, [s.name for s in systems], scores, positions)


def item_rows(systems: Sequence[SystemScores], items: ItemScores,
              row: int) -> list[dict[str, Any] | None]:
    """Each system's per-item record of one item (None where it has none): a positional look-up,
    instead of searching 100,000 rows per system."""
    found: list[dict[str, Any] | None] = []
    for number, system in enumerate(systems):
        place = int(items.positions[row, number]) if number < items.positions.shape[1] else -1
        if system.report is None or place < 0:
            found.append(None)
        else:
            found.append(system.report.items.iloc[place].to_dict())
    return found


def measure_label(key: str) -> str:
    """``best.recall`` -> ``best recall``: a figure's label, as the league table heads it."""
    from lexsub_studio.core.scoring.report import FIGURE_DEFS_BY_KEY

    definition = FIGURE_DEFS_BY_KEY.get(key)
    return definition.label if definition else key


def _instance_html(corpus: Corpus | None, lexelt: str, item_id: str) -> str:
    from lexsub_studio.gui.annotate.sentence_view import sentence_html

    instance = corpus.find(lexelt, item_id) if corpus is not None else None
    if instance is None:
        hint = ("open the corpus in this workspace to see the sentence" if corpus is None
                else "this item is not in the open corpus")
        return f'<p style="color:{_on_base(MUTED)}"><i>No sentence: {html.escape(hint)}.</i></p>'
    return f'<p style="font-size:large; line-height:150%">{sentence_html(instance)}</p>'


def _answer_html(answer: str, weight: int, mode: str | None) -> str:
    text = html.escape(answer)
    if answer == mode:
        return (f'<span style="background:{MODE_BACKGROUND}; color:{MATCHED}; '
                f'font-weight:bold">{text} ({weight}, mode)</span>')
    if weight > 0:
        return (f'<span style="background:{MATCHED_BACKGROUND}; color:{MATCHED}">{text} '
                f'({weight})</span>')
    return f'<span style="color:{_on_base(UNMATCHED)}; text-decoration:line-through">{text}</span>'


def _lexelt_mark(row: dict[str, Any]) -> str:
    """A note after the answers when the system line gave the item another lexelt
    (``wild.n 160`` for ``wild.a.n 160``): it was matched by id, and the view says so."""
    written = row.get("system_lexelt")
    if not isinstance(written, str) or not written:
        return ""
    line = row.get("system_line")
    where = f"line {int(line)}" if line is not None else "the line"
    return (f' <span style="color:{_on_base(UNMATCHED)}; font-style:italic" '
            'title="lexelt mismatch">'
            f"[lexelt mismatch: {where} wrote {html.escape(str(written))}, matched by id]"
            "</span>")


def item_html(systems: Sequence[SystemScores], rows: Sequence[dict[str, Any] | None],
              gold: dict[tuple[str, str], GoldItem], corpus: Corpus | None, lexelt: str,
              item_id: str, measure: str) -> str:
    """The item view: the sentence with the target marked, the gold with frequencies and the
    mode, and each system's answers coloured matched / unmatched / mode, with its score.
    ``rows`` holds each system's per-item record of the item (``item_rows``)."""
    from lexsub_studio.core.scoring.significance import item_column

    parts = [f"<h3>{html.escape(lexelt)} {html.escape(item_id)}</h3>",
             _instance_html(corpus, lexelt, item_id)]
    gold_item = gold.get((lexelt, item_id))
    mode = next((row.get("mode") for system, row in zip(systems, rows, strict=True)
                 if row is not None and system.kind != "mw"), None)
    if gold_item is not None:
        entries = ", ".join(_answer_html(sub, count, mode) for sub, count in gold_item.entries)
        total = sum(count for _, count in gold_item.entries)
        mode_text = f"mode <b>{html.escape(mode)}</b>" if mode else "no mode"
        parts.append(f"<p><b>Gold</b> ({total} responses, {mode_text}): {entries}</p>")
    parts.append('<table cellspacing="0" cellpadding="4" border="0" width="100%">'
                 "<tr><th align=left>system</th><th align=left>answers</th>"
                 f"<th align=right>{html.escape(measure_label(measure))}</th></tr>")
    for system, row in zip(systems, rows, strict=True):
        report = system.report
        name = html.escape(system.name)
        if report is None:
            continue
        if row is None:
            # An mw file is scored on the multiword gold's items and its own lines: an item
            # outside both is one it gave no multiword for.
            missing = "no multiword" if system.kind == "mw" else "not scored"
            parts.append(f"<tr><td>{name}</td><td colspan=2><i>{missing}</i></td></tr>")
            continue
        view = ANSWER_VIEW.get(system.kind)
        if view is None:
            answer = row.get("answer") or ""
            answers = html.escape(answer) if answer else "<i>no multiword</i>"
        else:
            listed = row.get(f"{view}_answers", ())
            weights = row.get(f"{view}_weights", ())
            answers = ", ".join(_answer_html(a, int(w), mode)
                                for a, w in zip(listed, weights, strict=True)) or \
                "<i>no answer</i>"
        answers += _lexelt_mark(row)
        try:
            value = float(row[item_column(report, measure)])
            shown = "—" if math.isnan(value) else f"{value:.3f}"
        except (KeyError, TypeError, ValueError):  # not scored for this kind, or no value
            shown = "—"
        parts.append(f"<tr><td><b>{name}</b></td><td>{answers}</td>"
                     f"<td align=right>{shown}</td></tr>")
    parts.append("</table>")
    parts.append(f'<p style="color:{_on_base(MUTED)}">Colours: <span style="background:'
                 f'{MATCHED_BACKGROUND}; color:{MATCHED}">matched (gold count)</span>, '
                 f'<span style="background:{MODE_BACKGROUND}; color:{MATCHED}; '
                 f'font-weight:bold">the mode</span>, <span style="color:'
                 f'{_on_base(UNMATCHED)}; text-decoration:line-through">not in the gold</span>.'
                 '</p>')
    return "".join(parts)


def explain_official(key: str, totals: dict[str, float | int | None],
                     unit: str = "fraction") -> str:
    """An official figure with its numerator and denominator, from the official run's totals,
    ending in the figure as its cell shows it in ``unit`` (core.league.figure_text)."""
    from lexsub_studio.core.scoring.league import figure_with_unit

    task, _, name = key.partition(".")
    parts = {
        "precision": ("score_sum", "attempted", "sum of item scores", "attempted items"),
        "recall": ("score_sum", "total", "sum of item scores", "items in T"),
        "mode_precision": ("mode_hits", "mode_attempted", "mode hits",
                           "attempted items with a mode"),
        "mode_recall": ("mode_hits", "total_with_mode", "mode hits", "items with a mode"),
        "detection_precision": ("genuine", "found", "genuine detections",
                                "items the system marked"),
        "detection_recall": ("genuine", "total_mws", "genuine detections",
                             "items with a gold multiword"),
        "identification_precision": ("matched", "found", "multiwords matching the gold",
                                     "items the system marked"),
        "identification_recall": ("matched", "total_mws", "multiwords matching the gold",
                                  "items with a gold multiword"),
    }.get(name)
    if parts is None:
        return f"{key}: the official scorer does not compute it"
    numerator, denominator = totals.get(parts[0]), totals.get(parts[1])
    value = totals.get(name)
    shown = "undefined" if value is None else figure_with_unit(float(value), unit)
    return (f"official {task} {name.replace('_', ' ')} = {parts[2]} {numerator:.4g} / "
            f"{parts[3]} {denominator} = {shown}" if isinstance(numerator, int | float)
            else f"official {key} = {shown}")
