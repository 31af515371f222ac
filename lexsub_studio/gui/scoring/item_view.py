"""The Scoring workspace's item view: one item's sentence with the target marked, the gold with
its frequencies and mode, and each system's answers coloured matched / unmatched / mode, with
its score (HTML for a QTextBrowser). The per-item records it shows come from
core.scoring.compare.item_matrix; this module only lays them out."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.present import numbers
from lexsub_studio.core.scoring.compare.league import measure_label
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.gui.contrast import base_colour, readable_name

MATCHED = "#166534"
MATCHED_BACKGROUND = "#dcfce7"
UNMATCHED = "#991b1b"
MODE_BACKGROUND = "#fde68a"
MUTED = "#555555"
#: The answers view that the item view colours, per system kind.
ANSWER_VIEW = {"best": "best", "oot": "oot", "weighted": "oot"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("ItemView", text)


def _on_base(colour: str) -> str:
    """A text colour drawn straight on the view's background, readable (WCAG AA) on the
    palette in use; the marked answers carry their own light background and keep theirs."""
    return readable_name(colour, base_colour())


def _instance_html(corpus: Corpus | None, lexelt: str, item_id: str) -> str:
    from lexsub_studio.gui.sentence_html import sentence_html

    instance = corpus.find(lexelt, item_id) if corpus is not None else None
    if instance is None:
        hint = (_tr("open the corpus in this workspace to see the sentence") if corpus is None
                else _tr("this item is not in the open corpus"))
        text = _tr("No sentence: {hint}.").format(hint=html.escape(hint))
        return f'<p style="color:{_on_base(MUTED)}"><i>{text}</i></p>'
    return f'<p style="font-size:large; line-height:150%">{sentence_html(instance)}</p>'


def _answer_html(answer: str, weight: int, mode: str | None) -> str:
    text = html.escape(answer)
    if answer == mode:
        counted = _tr("{answer} ({count}, mode)").format(answer=text, count=weight)
        return (f'<span style="background:{MODE_BACKGROUND}; color:{MATCHED}; '
                f'font-weight:bold">{counted}</span>')
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
    where = (_tr("line {number}").format(number=int(line)) if line is not None
             else _tr("the line"))
    note = _tr("[lexelt mismatch: {where} wrote {lexelt}, matched by id]").format(
        where=where, lexelt=html.escape(str(written)))
    return (f' <span style="color:{_on_base(UNMATCHED)}; font-style:italic" '
            f'title="{html.escape(_tr("lexelt mismatch"))}">{note}</span>')


def item_html(systems: Sequence[SystemScores], rows: Sequence[dict[str, Any] | None],
              gold: dict[tuple[str, str], GoldItem], corpus: Corpus | None, lexelt: str,
              item_id: str, measure: str) -> str:
    """The item view: the sentence with the target marked, the gold with frequencies and the
    mode, and each system's answers coloured matched / unmatched / mode, with its score.
    ``rows`` holds each system's per-item record of the item (core.scoring.compare.item_matrix
    ``item_rows``)."""
    from lexsub_studio.core.scoring.compare.significance import item_column

    parts = [f"<h3>{html.escape(lexelt)} {html.escape(item_id)}</h3>",
             _instance_html(corpus, lexelt, item_id)]
    gold_item = gold.get((lexelt, item_id))
    mode = next((row.get("mode") for system, row in zip(systems, rows, strict=True)
                 if row is not None and system.kind != "mw"), None)
    if gold_item is not None:
        entries = ", ".join(_answer_html(sub, count, mode) for sub, count in gold_item.entries)
        total = sum(count for _, count in gold_item.entries)
        mode_text = (_tr("mode <b>{mode}</b>").format(mode=html.escape(mode)) if mode
                     else _tr("no mode"))
        parts.append("<p>" + _tr("<b>Gold</b> ({total} responses, {mode}): {entries}").format(
            total=total, mode=mode_text, entries=entries) + "</p>")
    parts.append('<table cellspacing="0" cellpadding="4" border="0" width="100%">'
                 f"<tr><th align=left>{_tr('system')}</th><th align=left>{_tr('answers')}</th>"
                 f"<th align=right>{html.escape(measure_label(measure))}</th></tr>")
    for system, row in zip(systems, rows, strict=True):
        report = system.report
        name = html.escape(system.name)
        if report is None:
            continue
        if row is None:
            # An mw file is scored on the multiword gold's items and its own lines: an item
            # outside both is one it gave no multiword for.
            missing = _tr("no multiword") if system.kind == "mw" else _tr("not scored")
            parts.append(f"<tr><td>{name}</td><td colspan=2><i>{missing}</i></td></tr>")
            continue
        view = ANSWER_VIEW.get(system.kind)
        if view is None:
            answer = row.get("answer") or ""
            answers = html.escape(answer) if answer else f"<i>{_tr('no multiword')}</i>"
        else:
            listed = row.get(f"{view}_answers", ())
            weights = row.get(f"{view}_weights", ())
            answers = ", ".join(_answer_html(a, int(w), mode)
                                for a, w in zip(listed, weights, strict=True)) or \
                f"<i>{_tr('no answer')}</i>"
        answers += _lexelt_mark(row)
        try:
            shown = numbers.score(float(row[item_column(report, measure)]), "gui")
        except (KeyError, TypeError, ValueError):  # not scored for this kind, or no value
            shown = numbers.undefined("gui")
        parts.append(f"<tr><td><b>{name}</b></td><td>{answers}</td>"
                     f"<td align=right>{shown}</td></tr>")
    parts.append("</table>")
    legend = _tr("Colours: {matched}, {mode}, {unmatched}.").format(
        matched=f'<span style="background:{MATCHED_BACKGROUND}; color:{MATCHED}">'
                f'{_tr("matched (gold count)")}</span>',
        mode=f'<span style="background:{MODE_BACKGROUND}; color:{MATCHED}; '
             f'font-weight:bold">{_tr("the mode")}</span>',
        unmatched=f'<span style="color:{_on_base(UNMATCHED)}; '
                  f'text-decoration:line-through">{_tr("not in the gold")}</span>')
    parts.append(f'<p style="color:{_on_base(MUTED)}">{legend}</p>')
    return "".join(parts)
