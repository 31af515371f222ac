"""The one number policy: how every figure, percentage, p-value and undefined value is written.

A number is written by *what it is*, with the same decimals in every output a person reads
(terminal, GUI, Markdown, HTML, LaTeX): a system's score as a fraction with 3 decimals, an
agreement coefficient between annotators with 4, a dataset statistic (a mean per item) with 3,
a percentage with 2 (rounded half up, as the official scorer prints it), a p-value as papers
write it, progress as a whole percentage rounded down. Outputs read by programs (CSV, JSON)
keep every digit. What changes with the output is only how an undefined value looks
(``UNDEFINED``). docs/reports.md states the policy.

Pure Python and light: the official scoring path may import it without pandas or numpy.
"""

from __future__ import annotations

import math
from typing import Any

#: The kinds of output a value is written for.
OUTPUTS = ("text", "gui", "markdown", "html", "latex", "csv", "json")

#: An undefined value (a zero denominator, no figure) in each output. The terminal spells it
#: out; tables meant for reading (GUI, Markdown, HTML) show a dash, as published results
#: tables do, and LaTeX its dash; CSV leaves the field empty and JSON writes null.
UNDEFINED: dict[str, str | None] = {"text": "undefined", "gui": "—", "markdown": "—",
                                    "html": "—", "latex": "--", "csv": "", "json": None}
#: A cell that has no meaning at all (an annotator against itself), in every output.
NOT_APPLICABLE = "-"

SCORE_DECIMALS = 3
AGREEMENT_DECIMALS = 4
STATISTIC_DECIMALS = 3
PERCENT_DECIMALS = 2
#: Below this a p-value is written as a bound, as papers write it.
SMALLEST_WRITTEN_P = 0.001
#: The significance level verdicts are judged at.
ALPHA = 0.05


def _check_output(output: str) -> None:
    if output not in UNDEFINED:
        raise ValueError(f"unknown output '{output}'; expected one of {', '.join(OUTPUTS)}")


def plain(value: Any) -> Any:
    """A numpy or pandas scalar as the Python value it holds; NaN and pandas' NA as None."""
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return None
    if hasattr(value, "item") and not isinstance(value, str | bytes):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def undefined(output: str = "text") -> str:
    """How an undefined value reads in ``output`` (JSON's null is the empty string here: a JSON
    document holds None itself, never this text)."""
    _check_output(output)
    return UNDEFINED[output] or ""


def figure(value: Any, output: str = "text", decimals: int = SCORE_DECIMALS) -> str:
    """A fraction to ``decimals`` decimals (``0.360``); undefined as ``output`` writes it."""
    number = plain(value)
    if number is None:
        return undefined(output)
    return f"{float(number):.{decimals}f}"


def score(value: Any, output: str = "text") -> str:
    """A system's score as a fraction: ``0.360``."""
    return figure(value, output, SCORE_DECIMALS)


def agreement(value: Any, output: str = "text") -> str:
    """An agreement coefficient (pairwise, mode, alpha, kappa): ``0.2727``."""
    return figure(value, output, AGREEMENT_DECIMALS)


def statistic(value: Any, output: str = "text") -> str:
    """A dataset statistic (a mean per item): ``2.667``."""
    return figure(value, output, STATISTIC_DECIMALS)


def percent(value: Any, output: str = "text", sign: bool = False) -> str:
    """A fraction as a percentage with 2 decimals, rounded half up exactly as the official
    scorer rounds (``0.35975`` -> ``35.98``); with ``sign``, followed by ``%``."""
    from lexsub_studio.core.present.perl_numbers import official_round

    number = plain(value)
    if number is None:
        return undefined(output)
    text = official_round(float(number), PERCENT_DECIMALS, True).decode("ascii")
    return f"{text}%" if sign else text


def amount(value: float) -> str:
    """A count or a sum behind a figure (a numerator, a denominator): whole numbers plainly,
    sums of item scores with the score's decimals (``19.431``)."""
    if isinstance(value, int):
        return str(value)  # in full: a float would round a count beyond 2**53
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:.{SCORE_DECIMALS}f}"


def share(done: int, total: int, output: str = "text") -> str:
    """Progress as a whole percentage, rounded down so that work is never shown as done
    (``100%``) before it is: 199 of 200 is ``99%``; undefined when there is nothing to do."""
    if not total:
        return undefined(output)
    return f"{100 * done // total}%"


def p_value(p: float, alpha: float = ALPHA) -> str:
    """A p-value as people write it: ``p < 0.001`` below a thousandth, else three decimals
    (``p = 0.012``, ``p = 1.000``). Rounding never carries a p-value across the significance
    level: 0.0496 is ``p < 0.05``, not ``p = 0.050``."""
    if p < SMALLEST_WRITTEN_P:
        return f"p < {SMALLEST_WRITTEN_P:g}"
    rounded = round(p, 3)
    if p < alpha <= rounded:
        return f"p < {alpha:g}"
    return f"p = {rounded:.3f}"


def cell(value: Any, output: str = "text", decimals: int = SCORE_DECIMALS) -> str:
    """Any table cell: text as it is, whole numbers plainly, a yes/no flag in words, a float to
    ``decimals`` decimals, an undefined value as ``output`` writes it."""
    value = plain(value)
    if value is None:
        return undefined(output)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.{decimals}f}"
    return str(value)


def machine(value: Any) -> str:
    """A CSV field: every digit of a float (``repr``), an empty field when undefined."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)
