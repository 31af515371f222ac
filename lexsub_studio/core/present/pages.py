"""One self-contained HTML page for every report (the league page, the agreement report): one
look, nothing linked, the tables of core/present/tables.py inside.

No pandas here: a page is text around tables already written.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

#: One style for every report page: results tables ruled like a paper's, numbers right-aligned
#: in tabular figures (class ``num``, core/present/tables.html_table).
PAGE_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 72em; }
table { border-collapse: collapse; margin: 1em 0 2em; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.4em; }
th, td { border-bottom: 1px solid #ccc; padding: 0.25em 0.7em; }
th { background: #f0f0f0; text-align: left; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1em 0 2em; }
figcaption { font-style: italic; color: #555; }
ul.notes li { margin-bottom: 0.2em; }
"""


def html_page(title: str, body: Iterable[str]) -> str:
    """The page: ``title`` as its title and first heading, then the ``body`` parts (HTML
    already escaped) in order."""
    shown = html.escape(title)
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{shown}</title>\n<style>{PAGE_STYLE}</style>\n</head>\n"
            f"<body>\n<h1>{shown}</h1>\n{''.join(body)}</body>\n</html>\n")


def html_section(heading: str, content: str = "") -> str:
    """A second-level heading and what follows it (HTML already escaped)."""
    return f"<h2>{html.escape(heading)}</h2>\n{content}"


def html_list(items: Iterable[str]) -> str:
    """Plain sentences as a list (escaped here)."""
    lines = "".join(f"<li>{html.escape(item)}</li>\n" for item in items)
    return f"<ul class=\"notes\">\n{lines}</ul>\n"


def html_paragraph(text: str) -> str:
    return f"<p>{html.escape(text)}</p>\n"
