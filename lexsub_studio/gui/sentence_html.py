"""An instance's sentence as HTML, the target and the searched words marked: shared by the
Annotate workspace's sentence view and the Scoring workspace's item view."""

from __future__ import annotations

import html
import itertools
import re

from lexsub_studio.core.annotation.instance_search import matched_word_spans
from lexsub_studio.core.model.data import Instance

_SPACES = re.compile(r"\s+")
TARGET_STYLE = ("background-color:#fde68a; color:#111827; font-weight:600; "
                "border-bottom:2px solid #b45309; padding:0 2px;")
SEARCH_STYLE = ("background-color:#bfdbfe; color:#111827; "
                "border-bottom:2px dotted #1d4ed8;")


def sentence_html(instance: Instance, search: str = "") -> str:
    """The context as HTML, whitespace folded for reading, the head wrapped in a marked span;
    the words holding ``search`` (the instance list's search text) marked too, so the annotator
    sees why the instance was found."""
    left = _SPACES.sub(" ", instance.left).lstrip()
    head = _SPACES.sub(" ", instance.head)
    right = _SPACES.sub(" ", instance.right).rstrip()
    text = left + head + right
    head_start, head_end = len(left), len(left) + len(head)
    found = matched_word_spans(text, search)
    # Cut the text at every boundary of the head and of the found words; style each piece.
    cuts = sorted({0, len(text), head_start, head_end,
                   *(p for span in found for p in span)})
    pieces: list[str] = []
    for start, end in itertools.pairwise(cuts):
        piece = html.escape(text[start:end])
        in_found = any(s <= start and end <= e for s, e in found)
        if in_found:
            piece = f'<span style="{SEARCH_STYLE}">{piece}</span>'
        if head_start <= start and end <= head_end:
            piece = f'<span style="{TARGET_STYLE}">{piece}</span>'
        pieces.append(piece)
    return "".join(pieces)
