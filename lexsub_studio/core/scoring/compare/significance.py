"""Is system A really better than system B? Paired tests on per-item scores.

Both tests take two per-item score vectors aligned by item key (``paired_scores`` builds them from
two ScoreReports) and test the null hypothesis that the two systems score the same on average.
Both are seeded (numpy's PCG64 through ``default_rng(seed)``), so a result can be reproduced, and
both are two-sided. docs/scoring-workspace.md describes the methods and their conventions:

- paired bootstrap: resample the items with replacement; the observed mean difference d is
  significant when the resampled differences, centred on d, seldom reach |d| (|d* - d| >= |d|);
- approximate randomisation: swap each item's two scores with probability 1/2; count the shuffles
  whose |mean difference| reaches the observed one.

The p-value of either is (r + 1) / (N + 1) for r of N samples reaching the observed difference:
the observed assignment is counted as one of the samples, so p is never 0 and a test with few
samples cannot claim more than it saw. Identical systems give p = 1 under both.

A progress callback that returns False stops a test with ``Cancelled``, the one every long
computation of core raises (core/agreement/progress.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from lexsub_studio.core.agreement.progress import Cancelled
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.text import a_file_of_kind

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.score_report import ScoreReport

METHODS = ("bootstrap", "randomisation")
DEFAULT_SAMPLES = 10_000
DEFAULT_SEED = 12345
#: Float sums of the same numbers in another order differ in the last bits; a sample within
#: this of the observed statistic counts as reaching it.
TOLERANCE = 1e-12
#: Samples are drawn in blocks of at most this many numbers, so memory stays small on 100,000
#: items and the caller can be told of progress (and asked whether to stop) between blocks.
BLOCK_NUMBERS = 2_000_000

Progress = Callable[[int, int], bool | None]


@dataclass(frozen=True, slots=True)
class PairedScores:
    """Two per-item score vectors over the same items, in the same order."""

    keys: list[tuple[str, str]]
    a: np.ndarray
    b: np.ndarray
    #: Items scored for one system only (their missing score counted as 0).
    only_a: int = 0
    only_b: int = 0

    def __len__(self) -> int:
        return len(self.keys)


@dataclass(frozen=True, slots=True)
class SignificanceResult:
    method: str
    mean_a: float
    mean_b: float
    difference: float
    p_value: float
    samples: int
    reached: int
    seed: int
    items: int

    def describe(self) -> str:
        name = "paired bootstrap" if self.method == "bootstrap" else "approximate randomisation"
        return (f"{name}: mean A {numbers.score(self.mean_a)}, mean B "
                f"{numbers.score(self.mean_b)}, difference "
                f"{self.difference:+.{numbers.SCORE_DECIMALS}f} over {self.items} items; "
                f"{self.reached} of {self.samples} samples reach it, p = ({self.reached} + 1) / "
                f"({self.samples} + 1) = {self.p_value:.4g} (seed {self.seed})")


def item_column(report: ScoreReport, measure: str) -> str:
    """The per-item column behind an overall figure (its numerator): a figure's value is the
    mean of this column over the items of T (or over the attempted ones, for precision)."""
    from lexsub_studio.core.scoring.report.score_report import FIGURE_DEFS_BY_KEY

    definition = FIGURE_DEFS_BY_KEY.get(measure)
    column = definition.numerator if definition is not None else measure
    if not report.has_column(column):
        raise KeyError(f"{measure} is not scored for {report.system_name} "
                       f"({a_file_of_kind(report.options.kind)})")
    return column


def item_scores_from_reports(reports: Mapping[str, ScoreReport],
                             measure: str) -> dict[str, np.ndarray]:
    """Each report's per-item scores behind the figure ``measure`` (for the distribution plot,
    core/present/plots.py, which draws them without knowing how a report holds them)."""
    scores: dict[str, np.ndarray] = {}
    for name, report in reports.items():
        if measure in report.figures:
            column = item_column(report, measure)
            scores[name] = report.items[column].to_numpy(dtype=np.float64)
    return scores


def paired_scores(report_a: ScoreReport, report_b: ScoreReport, measure: str) -> PairedScores:
    """Per-item scores of both reports for one measure (a figure key such as ``best.recall``),
    aligned by (lexelt, id). An item only one report scored gets 0 for the other: a system
    that did not answer an item earns nothing on it, as in recall."""
    column_a = item_column(report_a, measure)
    column_b = item_column(report_b, measure)
    scores_a = _keyed(report_a, column_a)
    scores_b = _keyed(report_b, column_b)
    keys = list(scores_a)
    keys += [key for key in scores_b if key not in scores_a]
    a = np.array([scores_a.get(key, 0.0) for key in keys], dtype=np.float64)
    b = np.array([scores_b.get(key, 0.0) for key in keys], dtype=np.float64)
    return PairedScores(keys, a, b, only_a=sum(key not in scores_b for key in scores_a),
                        only_b=sum(key not in scores_a for key in scores_b))


def _keyed(report: ScoreReport, column: str) -> dict[tuple[str, str], float]:
    values = np.asarray(report.column(column), dtype=np.float64)
    keys = zip(report.column("lexelt"), report.column("id"), strict=True)
    return dict(zip(keys, values.tolist(), strict=True))


def _check(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray,
           samples: int) -> tuple[np.ndarray, np.ndarray]:
    first = np.asarray(a, dtype=np.float64)
    second = np.asarray(b, dtype=np.float64)
    if first.shape != second.shape or first.ndim != 1:
        raise ValueError(f"paired tests need two score vectors of one length, not "
                         f"{first.shape} and {second.shape}")
    if len(first) == 0:
        raise ValueError("no items to compare")
    if samples < 1:
        raise ValueError(f"the number of samples must be at least 1, not {samples}")
    return first, second


def _blocks(samples: int, items: int) -> list[int]:
    per_block = max(1, BLOCK_NUMBERS // max(items, 1))
    sizes = [per_block] * (samples // per_block)
    if samples % per_block:
        sizes.append(samples % per_block)
    return sizes


def _tell(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None and progress(done, total) is False:
        raise Cancelled()


def paired_bootstrap(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, *,
                     samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
                     progress: Progress | None = None) -> SignificanceResult:
    """Two-sided paired bootstrap on the mean difference of ``a - b``."""
    first, second = _check(a, b, samples)
    differences = first - second
    observed = float(differences.mean())
    rng = np.random.default_rng(seed)
    reached = 0
    done = 0
    n = len(differences)
    for size in _blocks(samples, n):
        picks = rng.integers(0, n, size=(size, n))
        resampled = differences[picks].mean(axis=1)
        reached += int(np.count_nonzero(np.abs(resampled - observed)
                                        >= abs(observed) - TOLERANCE))
        done += size
        _tell(progress, done, samples)
    return _result("bootstrap", first, second, observed, samples, reached, seed)


def approximate_randomisation(a: Sequence[float] | np.ndarray,
                              b: Sequence[float] | np.ndarray, *,
                              samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
                              progress: Progress | None = None) -> SignificanceResult:
    """Two-sided approximate randomisation: swapping an item's two scores flips the sign of its
    difference, so each shuffle is the differences times random signs."""
    first, second = _check(a, b, samples)
    differences = first - second
    observed = abs(float(differences.mean()))
    rng = np.random.default_rng(seed)
    reached = 0
    done = 0
    n = len(differences)
    for size in _blocks(samples, n):
        signs = rng.integers(0, 2, size=(size, n), dtype=np.int8) * 2 - 1
        shuffled = np.abs((signs * differences).mean(axis=1))
        reached += int(np.count_nonzero(shuffled >= observed - TOLERANCE))
        done += size
        _tell(progress, done, samples)
    return _result("randomisation", first, second, float(differences.mean()), samples, reached,
                   seed)


def _result(method: str, a: np.ndarray, b: np.ndarray, difference: float, samples: int,
            reached: int, seed: int) -> SignificanceResult:
    return SignificanceResult(method=method, mean_a=float(a.mean()), mean_b=float(b.mean()),
                              difference=difference, p_value=(reached + 1) / (samples + 1),
                              samples=samples, reached=reached, seed=seed, items=len(a))


def run_test(method: str, a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, *,
             samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
             progress: Progress | None = None) -> SignificanceResult:
    """Either test by name: ``bootstrap`` or ``randomisation``."""
    if method == "bootstrap":
        return paired_bootstrap(a, b, samples=samples, seed=seed, progress=progress)
    if method == "randomisation":
        return approximate_randomisation(a, b, samples=samples, seed=seed, progress=progress)
    raise ValueError(f"unknown test '{method}'; expected {' or '.join(METHODS)}")


#: The significance level verdicts are judged at, and how p-values are written: the number
#: policy's (core/present/numbers.py).
ALPHA = numbers.ALPHA
SMALLEST_WRITTEN_P = numbers.SMALLEST_WRITTEN_P
written_p_value = numbers.p_value


def verdict(difference: float, p_value: float, alpha: float = ALPHA) -> str:
    """The first system compared with the second in a word: ``better``, ``worse``, or ``no
    significant difference`` (p at or above ``alpha``, or no difference at all)."""
    if p_value >= alpha or difference == 0:
        return "no significant difference"
    return "better" if difference > 0 else "worse"


#: Below this p-value a significant difference is marked strong (≫, ≪) in a matrix cell.
STRONG_ALPHA = 0.001
#: A matrix cell's symbol for each verdict of the row's system against the column's.
BETTER, STRONGLY_BETTER, WORSE, STRONGLY_WORSE, NO_DIFFERENCE = ">", "≫", "<", "≪", "≈"


def verdict_symbol(difference: float, p_value: float, alpha: float = ALPHA) -> str:
    """The verdict as one symbol, for a cell of a matrix of systems: ``≫`` / ``≪`` better /
    worse with p below ``STRONG_ALPHA``, ``>`` / ``<`` with p below ``alpha``, else ``≈``."""
    word = verdict(difference, p_value, alpha)
    if word == "no significant difference":
        return NO_DIFFERENCE
    strong = p_value < STRONG_ALPHA
    if word == "better":
        return STRONGLY_BETTER if strong else BETTER
    return STRONGLY_WORSE if strong else WORSE


def verdict_sentence(name_a: str, name_b: str, results: Sequence[SignificanceResult],
                     alpha: float = ALPHA) -> str:
    """One plain sentence for one or more tests of the same pair: with two tests the larger
    p-value decides, so the sentence never claims more than the more cautious test."""
    if not results:
        raise ValueError("no test result to describe")
    deciding = max(results, key=lambda result: result.p_value)
    word = verdict(deciding.difference, deciding.p_value, alpha)
    p_text = written_p_value(deciding.p_value, alpha)
    if word == "no significant difference":
        return f"no significant difference between {name_a} and {name_b} ({p_text})"
    return f"{name_a} is {word} than {name_b} ({p_text})"


@dataclass(frozen=True, slots=True)
class PairComparison:
    """One pair of systems tested on one measure (``results`` empty and ``problem`` set when a
    system does not have the measure)."""

    first: int
    second: int
    results: tuple[SignificanceResult, ...] = ()
    problem: str = ""

    @property
    def p_value(self) -> float | None:
        """The deciding (largest) p-value of the tests run."""
        return max((result.p_value for result in self.results), default=None)

    @property
    def difference(self) -> float:
        return self.results[0].difference if self.results else 0.0

    def cell_text(self, alpha: float = ALPHA) -> str:
        """The verdict of the first system against the second, with its p-value."""
        if self.p_value is None:
            return self.problem or "not compared"
        return f"{verdict(self.difference, self.p_value, alpha)}, " \
               f"{written_p_value(self.p_value, alpha)}"

    def cell_symbol(self, alpha: float = ALPHA) -> str:
        """The verdict as one symbol (``verdict_symbol``); "?" when the pair was not tested."""
        if self.p_value is None:
            return "?"
        return verdict_symbol(self.difference, self.p_value, alpha)

    def flipped(self) -> PairComparison:
        """The same comparison seen from the second system (differences change sign)."""
        from dataclasses import replace

        return PairComparison(self.second, self.first, tuple(
            replace(result, mean_a=result.mean_b, mean_b=result.mean_a,
                    difference=-result.difference) for result in self.results), self.problem)


def comparison_pairs(count: int, baseline: int | None = None) -> list[tuple[int, int]]:
    """Every pair of ``count`` systems once (i < j), or every system against the baseline."""
    if baseline is not None:
        if not 0 <= baseline < count:
            raise ValueError(f"the baseline must be one of the {count} systems")
        return [(number, baseline) for number in range(count) if number != baseline]
    return [(first, second) for first in range(count) for second in range(first + 1, count)]


def compare_systems(reports: Sequence[ScoreReport], measure: str, methods: Sequence[str], *,
                    baseline: int | None = None, samples: int = DEFAULT_SAMPLES,
                    seed: int = DEFAULT_SEED,
                    progress: Progress | None = None) -> list[PairComparison]:
    """Every pair of systems (or every system against ``baseline``) tested on one measure with
    each of ``methods``; every pair uses the same seed, so any one cell can be reproduced alone
    with ``lexsub compare``. ``progress`` is told of pairs done (and may stop the run)."""
    pairs = comparison_pairs(len(reports), baseline)
    compared: list[PairComparison] = []
    for done, (first, second) in enumerate(pairs):
        _tell(progress, done, len(pairs))
        try:
            paired = paired_scores(reports[first], reports[second], measure)
        except KeyError as error:
            compared.append(PairComparison(first, second, problem=str(error.args[0])))
            continue
        if not len(paired):
            compared.append(PairComparison(first, second, problem="no items to compare"))
            continue
        compared.append(PairComparison(first, second, tuple(
            run_test(method, paired.a, paired.b, samples=samples, seed=seed)
            for method in methods)))
    _tell(progress, len(pairs), len(pairs))
    return compared
