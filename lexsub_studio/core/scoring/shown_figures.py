"""A figure as a results table shows it, and what is judged on that: the best of a column.

A figure is written as a fraction (0.360) or as the percentage the task published (35.98,
rounded as the official scorer rounds); ranks and best marks are judged on the figure as shown,
so two figures that read the same are equal. Used by the league table (compare/league.py), by
the table exports (report/tables.py), which the league table builds on, and by the official
figures in words (explain/official.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from lexsub_studio.core.present import numbers

#: One cell of a results table: a name, a rank or a figure (None: no figure).
Cell = str | float | int | None
#: Figures as fractions (0.360) or as percentages with two decimals (35.98), rounded half up as
#: the official scorer prints them (core/present/numbers.py).
UNITS = ("fraction", "percent")


def figure_text(value: float | None, unit: str = "fraction", output: str = "gui") -> str:
    """A figure as a league table cell shows it: ``0.360`` or ``35.98`` (no percent sign, as
    the task's tables print them); undefined as ``output`` writes it (core/present/numbers.py:
    an em dash on screen)."""
    if unit not in UNITS:
        raise ValueError(f"unknown unit '{unit}'; expected fraction or percent")
    if unit == "percent":
        return numbers.percent(value, output)
    return numbers.score(value, output)


def figure_with_unit(value: float | None, unit: str = "fraction") -> str:
    """The figure as its cell shows it, with a percent sign in percentages (for sentences)."""
    text = figure_text(value, unit)
    return f"{text}%" if unit == "percent" and value is not None else text


def shown_value(value: Cell, unit: str = "fraction") -> float | None:
    """The number a reader sees in a cell (the figure rounded as shown); None for a cell with
    no figure."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    return float(figure_text(float(value), unit))


def best_shown(values: Sequence[Cell], unit: str = "fraction") -> float | None:
    """The best value of a column as shown, or None when fewer than two rows have a figure
    (a lone figure is not "best" of anything)."""
    shown = [number for number in (shown_value(value, unit) for value in values)
             if number is not None]
    return max(shown) if len(shown) > 1 else None


def is_best(value: Cell, best: float | None, unit: str = "fraction") -> bool:
    return best is not None and shown_value(value, unit) == best
