"""Why an instance matched a search: the words of its sentence that hold the searched text.

The instance list filters by a case-insensitive substring of the id, the target or the
sentence. Showing the annotator the matching *words* (the whole word around each occurrence, so
"brigh" shows "brightest") tells at a glance why an instance is in the list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Span = tuple[int, int]

ELLIPSIS = "…"

#: Characters shown before and after the first match in a snippet: little before, so that the
#: match shows even in a narrow column.
SNIPPET_BEFORE = 12
SNIPPET_AFTER = 40


def _is_word_character(character: str) -> bool:
    return character.isalnum() or character in "'-_"


def matched_word_spans(text: str, query: str) -> list[Span]:
    """The spans of ``text`` (start, end) of every word holding ``query``, case-insensitively,
    each widened to whole words and merged where they touch; in order."""
    needle = query.strip().lower()
    if not needle:
        return []
    haystack = text.lower()
    spans: list[Span] = []
    start = haystack.find(needle)
    while start >= 0:
        end = start + len(needle)
        while start > 0 and _is_word_character(text[start - 1]):
            start -= 1
        while end < len(text) and _is_word_character(text[end]):
            end += 1
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
        start = haystack.find(needle, end)
    return spans


@dataclass(frozen=True, slots=True)
class MatchSnippet:
    """A short piece of text around the first match, with the matched spans inside it."""

    text: str
    spans: tuple[Span, ...]


def match_snippet(text: str, query: str, before: int = SNIPPET_BEFORE,
                  after: int = SNIPPET_AFTER) -> MatchSnippet | None:
    """The words around the first match (with "…" where the text is cut); None if no match."""
    spans = matched_word_spans(text, query)
    if not spans:
        return None
    first_start, first_end = spans[0]
    start = max(0, first_start - before)
    end = min(len(text), first_end + after)
    # Cut at spaces, not inside words.
    if start > 0:
        space = text.find(" ", start, first_start)
        start = space + 1 if space >= 0 else start
    if end < len(text):
        space = text.rfind(" ", first_end, end)
        end = space if space >= 0 else end
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    inside = tuple((max(s, start) + shift, min(e, end) + shift) for s, e in spans
                   if s < end and e > start)
    return MatchSnippet(prefix + text[start:end] + suffix, inside)


def why_matched(lexelt: str, instance_id: str, sentence: str, query: str) -> MatchSnippet | None:
    """What the instance list shows beside a found instance: the sentence's matching words, or
    else the id or the target that matched; None when nothing matches."""
    snippet = match_snippet(sentence, query)
    if snippet is not None:
        return snippet
    needle = query.strip().lower()
    if needle and needle in instance_id.lower():
        text = f"id {instance_id}"
        return MatchSnippet(text, ((3, len(text)),))
    if needle and needle in lexelt.lower():
        text = f"target {lexelt}"
        return MatchSnippet(text, ((7, len(text)),))
    return None


def fit_snippet(snippet: MatchSnippet, width: float,
                measure: Callable[[str], float]) -> MatchSnippet:
    """``snippet`` cut to ``width`` as ``measure`` measures text, keeping the first matched
    word in view: the text before it gives way first, then the end ("reading to…"). A text cut
    before its first match starts at it, without a "…": in a column a few words wide the
    matched word is worth more than the sign (the row's tool tip holds the sentence)."""
    text, spans = snippet.text, snippet.spans
    if measure(text) <= width:
        return snippet
    start, prefix = 0, ""
    if spans and measure(text[:spans[0][1]]) > width:
        start = spans[0][0]
    # The longest end that fits with its "…" (binary search: measuring is the cost).
    low, high = start, len(text)
    if measure(prefix + text[start:]) <= width:
        low = high
    else:
        high -= 1
        while low < high:
            middle = (low + high + 1) // 2
            if measure(prefix + text[start:middle] + ELLIPSIS) <= width:
                low = middle
            else:
                high = middle - 1
    end = low
    suffix = ""
    if end < len(text):
        end = start + len(text[start:end].rstrip())
        suffix = ELLIPSIS
    shift = len(prefix) - start
    inside = tuple((max(s, start) + shift, min(e, end) + shift) for s, e in spans
                   if s < end and e > start)
    return MatchSnippet(prefix + text[start:end] + suffix, inside)
