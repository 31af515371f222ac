"""Report pages (core/present/pages.py), expected text by hand."""

from __future__ import annotations

from lexsub_studio.core.present.pages import html_list, html_page, html_section


def test_a_page_with_a_section_and_an_escaped_list() -> None:
    page = html_page("Round <1>", [html_section("Notes & warnings",
                                                html_list(["a < b", "c"]))])
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                           "<title>Round &lt;1&gt;</title>\n<style>")
    assert page.endswith("</style>\n</head>\n<body>\n<h1>Round &lt;1&gt;</h1>\n"
                         "<h2>Notes &amp; warnings</h2>\n"
                         '<ul class="notes">\n<li>a &lt; b</li>\n<li>c</li>\n</ul>\n'
                         "</body>\n</html>\n")


def test_number_columns_are_right_aligned_by_the_one_style() -> None:
    assert "th.num, td.num { text-align: right;" in html_page("x", [])
