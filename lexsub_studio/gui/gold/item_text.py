"""How one item shows in Gold & Agreement: its sentence with the target marked, and the
flags of an answer in words (the Items tab and the curation view share both)."""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from lexsub_studio.core.agreement.item_answers import BLANK_ROW, NIL, NO_ANSWER, PROPER_NAME
from lexsub_studio.core.model.data import Instance


def _flag_words() -> dict[str, str]:
    translate = QCoreApplication.translate
    return {PROPER_NAME: translate("GoldItem", "proper name"), NIL: translate("GoldItem", "NIL"),
            NO_ANSWER: translate("GoldItem", "no answer"),
            BLANK_ROW: translate("GoldItem", "blank row")}


def flags_text(flags: Iterable[str]) -> str:
    """The flags in words, comma-separated."""
    words = _flag_words()
    return ", ".join(words.get(flag, flag) for flag in flags)


def sentence_html(instance: Instance | None) -> str:
    """The sentence with the target underlined in bold, or why it cannot be shown."""
    if instance is None:
        return "<i>" + html.escape(QCoreApplication.translate(
            "GoldItem", "The sentence is not available: open or choose the corpus.")) + "</i>"
    return (html.escape(" ".join(instance.left.split())) + " <b><u>"
            + html.escape(instance.head) + "</u></b> "
            + html.escape(" ".join(instance.right.split())))
