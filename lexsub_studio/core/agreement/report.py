"""Every agreement figure of spec §3 in one report, with breakdowns, warnings and intervals.

``compute_agreement`` is what the CLI and the GUI call. Overall figures are ratios of per-item
sums (or, for alpha and kappa, functions of per-item weights), so the breakdowns by PoS and lexelt
and the bootstrap reuse the same per-item numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from lexsub_studio.core.agreement.alpha import (
    SUBSET_LIMIT,
    AlphaData,
    alpha_values,
    prepare_alpha_from_members,
    prepare_alpha_from_values,
)
from lexsub_studio.core.agreement.bootstrap import DEFAULT_CONFIDENCE, Interval, bootstrap_intervals
from lexsub_studio.core.agreement.kappa import binary_counts, fleiss_kappa
from lexsub_studio.core.agreement.mode import ModeResult, mode_agreement
from lexsub_studio.core.agreement.multiword import MultiwordResult, multiword_agreement
from lexsub_studio.core.agreement.pairwise import PairwiseResult, pairwise_agreement
from lexsub_studio.core.agreement.pool import PooledResponses
from lexsub_studio.core.agreement.progress import CancelCheck, Monitor, ProgressCallback
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.model.rules import items_in_t
from lexsub_studio.core.present.tables import RowTable

if TYPE_CHECKING:
    import pandas as pd

    from lexsub_studio.core.model.diagnostics import Diagnostic

#: The overall figures, in report order.
FIGURES = ("pairwise_agreement", "mode_agreement", "mode_agreement_loo",
           "mw_identification_agreement", "mw_string_agreement", "alpha_masi", "alpha_jaccard",
           "fleiss_kappa_mw")
COUNTS = ("items", "items_in_T", "items_with_mode", "annotators", "pairs")
#: A figure resting on fewer scores than this gets a warning.
MIN_SCORES = 30
#: Fewer items of T than this gets a warning.
MIN_ITEMS_IN_T = 10
#: An annotator whose answered rows are NIL more often than this gets a warning.
MOSTLY_NIL = 0.5
GROUPINGS = ("pos", "lexelt", "annotator", "item")

#: Per-item ratio figures: (figure, numerator column, denominator column) of ``per_item``.
_RATIOS = (
    ("pairwise_agreement", "pa_sum", "pairs"),
    ("mode_agreement", "mode_hits", "mode_n"),
    ("mode_agreement_loo", "loo_hits", "loo_n"),
    ("mw_identification_agreement", "mw_agree", "mw_pairs"),
    ("mw_string_agreement", "mw_string_agree", "mw_string_pairs"),
)


@dataclass(slots=True)
class AgreementReport:
    figures: dict[str, float | None]
    counts: dict[str, int]
    #: the number of scores behind each figure (pairs, annotator-items, values, raters).
    support: dict[str, int]
    annotators: list[str]
    #: mean pairwise agreement per annotator pair (NaN: undefined), and its number of items.
    pair_matrix: np.ndarray
    pair_counts: np.ndarray
    #: the per-annotator and per-item tables' columns (name -> one value per row); the
    #: DataFrames ``per_annotator`` and ``per_item`` are made from them on first use, so that
    #: a report printed as text or JSON does not import pandas (a third of a small
    #: ``lexsub agree``'s time).
    annotator_columns: dict[str, Any]
    item_columns: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    intervals: dict[str, Interval] = field(default_factory=dict)
    bootstrap_replicates: int = 0
    bootstrap_seed: int | None = None
    confidence: float = DEFAULT_CONFIDENCE
    #: The run's reproducibility signature (present/signature.py's agreement_signature), set
    #: by whoever read the inputs and knows how they were normalised; printed with the report.
    signature: str = ""
    #: What the readers and the pooling said about the inputs, where the caller keeps it here.
    input_diagnostics: list[Diagnostic] = field(default_factory=list)
    _frames: dict[str, pd.DataFrame] = field(default_factory=dict, init=False, repr=False,
                                             compare=False)

    @property
    def per_annotator(self) -> pd.DataFrame:
        """One row per annotator: their answers, and each figure over the scores they take
        part in."""
        return self._frame("annotator", self.annotator_columns)

    @property
    def per_item(self) -> pd.DataFrame:
        """One row per item: its key, PoS, answers, mode and each figure's sums."""
        return self._frame("item", self.item_columns)

    def annotator_table(self) -> RowTable:
        """``per_annotator`` as a RowTable of Python values (no pandas needed)."""
        names = list(self.annotator_columns)
        columns = [_python_values(self.annotator_columns[name]) for name in names]
        return RowTable(names, [list(row) for row in zip(*columns, strict=True)])

    def _frame(self, name: str, columns: dict[str, Any]) -> pd.DataFrame:
        frame = self._frames.get(name)
        if frame is None:
            import pandas as pd

            frame = self._frames[name] = pd.DataFrame(columns)
        return frame

    def grouped(self, by: str) -> pd.DataFrame:
        """The ratio figures per PoS or lexelt; the per-annotator or per-item table."""
        if by == "annotator":
            return self.per_annotator
        if by == "item":
            return self.per_item
        if by not in ("pos", "lexelt"):
            raise ValueError(f"unknown grouping {by!r}; expected one of {GROUPINGS}")
        import pandas as pd

        columns = ["items", "in_T", "with_mode"] + [c for _, n, d in _RATIOS for c in (n, d)]
        table = self.per_item.assign(items=1, with_mode=self.per_item["mode"] != "")
        sums = table.groupby(by, sort=True)[columns].sum()
        out = pd.DataFrame(index=sums.index)
        out["items"] = sums["items"]
        out["items_in_T"] = sums["in_T"].astype(int)
        out["items_with_mode"] = sums["with_mode"].astype(int)
        for figure, numerator, denominator in _RATIOS:
            out[denominator] = sums[denominator].astype(int)
            out[figure] = _ratio_series(sums[numerator], sums[denominator])
        return out.reset_index()


def _ratio_series(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    values = numerator.astype(float) / denominator.where(denominator > 0)
    return values.astype(object).where(denominator > 0, None)


def _ratio_column(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """Each row's ratio as a Python float, None where the denominator is 0 (an object array:
    a DataFrame made of it keeps it as it is)."""
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator)
    defined = denominator > 0
    values = np.empty(len(numerator), dtype=object)
    values[:] = None
    values[defined] = (numerator[defined] / denominator[defined].astype(np.float64)).tolist()
    return values


def _python_values(column: Any) -> list[Any]:
    return column.tolist() if isinstance(column, np.ndarray) else list(column)


def _column_sum(column: np.ndarray) -> Any:
    """A column's sum as pandas' ``Series.sum`` gives it (undefined values skipped)."""
    return np.nansum(column) if column.dtype.kind == "f" else column.sum()


def _ratio(numerator: float, denominator: float) -> float | None:
    return float(numerator) / float(denominator) if denominator else None


def alpha_data_from_pooled(pooled: PooledResponses, pairwise: PairwiseResult,
                           monitor: Monitor | None = None) -> AlphaData:
    """Alpha's inputs from the pooled table; the observed disagreement per unit comes from the
    pairwise pass (the same pairs: every two non-empty answers of an item)."""
    sizes = pooled.set_sizes()
    m = (sizes > 0).sum(axis=1)
    pairs = pairwise.item_pairs.astype(np.float64)
    denominator = np.maximum(m - 1, 1)
    observed = {
        "masi": np.where(m >= 2, 2.0 * (pairs - pairwise.item_masi_sum) / denominator, 0.0),
        "jaccard": np.where(m >= 2, 2.0 * (pairs - pairwise.item_score_sum) / denominator, 0.0),
    }
    answered = (sizes > 0) & (m >= 2)[:, None]
    value_item, value_annotator = np.nonzero(answered)  # item by item, annotators in order
    value_sizes = sizes[answered]
    if int(value_sizes.max(initial=0)) <= SUBSET_LIMIT:
        width = max(int(value_sizes.max(initial=1)), 1)
        # The rows are handed over, not kept here: the preparation frees them once it has
        # the distinct sets, before it enumerates their subsets.
        return prepare_alpha_from_members(
            pooled.n_items, value_item, _member_rows(pooled, value_item, value_annotator, width),
            observed, monitor)
    _, form = _set_members(pooled, value_item, value_annotator)
    unit_values: list[list[tuple[int, ...]]] = [[] for _ in range(pooled.n_items)]
    for item, value in zip(value_item.tolist(),
                           np.split(form, np.cumsum(value_sizes)[:-1]), strict=True):
        unit_values[item].append(tuple(value.tolist()))
    return prepare_alpha_from_values(unit_values, observed, monitor)


def _member_rows(pooled: PooledResponses, value_item: np.ndarray, value_annotator: np.ndarray,
                 width: int) -> np.ndarray:
    """The answer sets at (``value_item``, ``value_annotator``) as rows of global form ids,
    ascending, then -1 (``width``: the largest set). Each set's members are written straight
    into its row, one pass per bit position over every set at once, and the rows sorted:
    no (value, form) pair lists of twice the size to sort."""
    masks = pooled.masks[value_item, value_annotator]
    offsets = pooled.entry_offsets[value_item]
    longest = int(np.diff(pooled.entry_offsets).max(initial=0))
    absent = np.iinfo(np.int64).max  # sorts after every form id, then becomes -1
    members = np.full((len(value_item), width), absent, dtype=np.int64)
    placed = np.zeros(len(value_item), dtype=np.int64)
    for word in range(masks.shape[1]):
        for bit in range(min(64, longest - 64 * word)):
            hit = np.flatnonzero((masks[:, word] >> np.uint64(bit)) & np.uint64(1))
            members[hit, placed[hit]] = pooled.entry_form[offsets[hit] + 64 * word + bit]
            placed[hit] += 1
    members.sort(axis=1)
    members[members == absent] = -1
    return members


def _set_members(pooled: PooledResponses, value_item: np.ndarray,
                 value_annotator: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The members of the answer sets at (``value_item``, ``value_annotator``) as global form
    ids: (value, form) pairs, grouped by value and each value's forms ascending. One pass per
    bit position over every set at once, not a loop over a million sets."""
    masks = pooled.masks[value_item, value_annotator]
    offsets = pooled.entry_offsets[value_item]
    longest = int(np.diff(pooled.entry_offsets).max(initial=0))
    holders, forms = [], []
    for word in range(masks.shape[1]):
        for bit in range(min(64, longest - 64 * word)):
            hit = np.flatnonzero((masks[:, word] >> np.uint64(bit)) & np.uint64(1))
            holders.append(hit)
            forms.append(pooled.entry_form[offsets[hit] + 64 * word + bit])
    holder = np.concatenate(holders) if holders else np.zeros(0, dtype=np.int64)
    form = (np.concatenate(forms) if forms else np.zeros(0, dtype=np.int64)).astype(np.int64)
    order = np.lexsort((form, holder))
    return holder[order], form[order]


def compute_agreement(pooled: PooledResponses, *, alpha: bool = True, bootstrap: int = 0,
                      seed: int | None = None, confidence: float = DEFAULT_CONFIDENCE,
                      progress: ProgressCallback | None = None,
                      should_cancel: CancelCheck | None = None,
                      monitor: Monitor | None = None) -> AgreementReport:
    """Every figure of spec §3. ``alpha=False`` skips Krippendorff's alpha (the slowest part;
    its figures are then None); ``bootstrap`` replicates give intervals for every figure.
    ``progress(done, total)`` is called between steps (each step counts its own total) and
    ``should_cancel()`` is checked there: when it returns True, ``Cancelled`` is raised."""
    monitor = monitor or Monitor(progress, should_cancel)
    pairwise = pairwise_agreement(pooled, monitor)
    modes = mode_agreement(pooled, monitor)
    multiword = multiword_agreement(pooled)
    kappa_counts = binary_counts(multiword.raters, multiword.marked)
    alpha_data = alpha_data_from_pooled(pooled, pairwise, monitor) if alpha else None
    alphas = alpha_values(alpha_data) if alpha_data is not None else {"masi": None,
                                                                       "jaccard": None}
    per_item = _per_item_columns(pooled, pairwise, modes, multiword)
    figures: dict[str, float | None] = {
        figure: _ratio(_column_sum(per_item[numerator]), _column_sum(per_item[denominator]))
        for figure, numerator, denominator in _RATIOS
    }
    figures["alpha_masi"] = alphas["masi"]
    figures["alpha_jaccard"] = alphas["jaccard"]
    figures["fleiss_kappa_mw"] = fleiss_kappa(kappa_counts)
    figures = {name: figures[name] for name in FIGURES}

    in_t = per_item["in_T"]
    counts = {
        "items": pooled.n_items,
        "items_in_T": int(in_t.sum()),
        "items_with_mode": int((modes.mode >= 0).sum()),
        "annotators": pooled.n_annotators,
        "pairs": pairwise.pairs,
    }
    values_behind_alpha = len(alpha_data.value_set) if alpha_data is not None else 0
    raters = multiword.raters
    support = {figure: int(_column_sum(per_item[denominator]))
               for figure, _, denominator in _RATIOS}
    support["alpha_masi"] = support["alpha_jaccard"] = values_behind_alpha
    support["fleiss_kappa_mw"] = int(raters[raters >= 2].sum())

    report = AgreementReport(
        figures=figures, counts=counts, support=support, annotators=list(pooled.annotators),
        pair_matrix=pairwise.matrix(), pair_counts=pairwise.pair_count,
        annotator_columns=_per_annotator_columns(pooled, pairwise, modes, multiword),
        item_columns=per_item, confidence=confidence,
    )
    report.warnings = _warnings(report, alpha)
    if bootstrap > 0:
        def statistic(weights: np.ndarray) -> dict[str, float | None]:
            result: dict[str, float | None] = {
                figure: _ratio(float(weights @ numerators[figure]),
                               float(weights @ denominators[figure]))
                for figure, _, _ in _RATIOS
            }
            if alpha_data is not None:
                values = alpha_values(alpha_data, weights)
                result["alpha_masi"] = values["masi"]
                result["alpha_jaccard"] = values["jaccard"]
            result["fleiss_kappa_mw"] = fleiss_kappa(kappa_counts, weights)
            return result

        numerators = {figure: np.asarray(per_item[n], dtype=np.float64)
                      for figure, n, _ in _RATIOS}
        denominators = {figure: np.asarray(per_item[d], dtype=np.float64)
                        for figure, _, d in _RATIOS}
        names = [name for name in FIGURES if alpha or not name.startswith("alpha")]
        report.intervals = bootstrap_intervals(pooled.n_items, statistic, names, bootstrap,
                                               seed, confidence=confidence, monitor=monitor)
        report.bootstrap_replicates = bootstrap
        report.bootstrap_seed = seed
    return report


def _per_item_columns(pooled: PooledResponses, pairwise: PairwiseResult, modes: ModeResult,
                      multiword: MultiwordResult) -> dict[str, Any]:
    sizes = pooled.set_sizes()
    pooled_counts = sizes.sum(axis=1)
    offsets = pooled.entry_offsets.tolist()
    entry_form = pooled.entry_form.tolist()
    mode_text = [pooled.forms[entry_form[offsets[item] + local]] if local >= 0 else ""
                 for item, local in enumerate(modes.mode.tolist())]
    table = {
        "lexelt": [lexelt for lexelt, _ in pooled.keys],
        "id": [instance for _, instance in pooled.keys],
        "pos": pooled.pos_tags(),
        "answered": pooled.answered.sum(axis=1),
        "substitutes": pooled_counts,
        "in_T": items_in_t(pooled_counts),
        "mode": mode_text,
        "pairs": pairwise.item_pairs,
        "pa_sum": pairwise.item_score_sum,
        "mode_n": modes.counted.sum(axis=1),
        "mode_hits": modes.hits.sum(axis=1),
        "loo_n": modes.loo_counted.sum(axis=1),
        "loo_hits": modes.loo_hits.sum(axis=1),
        "marked_mw": multiword.marked,
        "mw_pairs": multiword.item_identification_pairs,
        "mw_agree": multiword.item_identification_agree,
        "mw_string_pairs": multiword.item_string_pairs,
        "mw_string_agree": multiword.item_string_agree,
    }
    for figure, numerator, denominator in _RATIOS:
        table[figure] = _ratio_column(table[numerator], table[denominator])
    return table


def _per_annotator_columns(pooled: PooledResponses, pairwise: PairwiseResult,
                           modes: ModeResult, multiword: MultiwordResult) -> dict[str, Any]:
    pair_sum, pair_n = pairwise.annotator_sums()
    table = {
        "annotator": pooled.annotators,
        "rows": pooled.has_row.sum(axis=0),
        "answered": pooled.answered.sum(axis=0),
        "missing": (~pooled.answered).sum(axis=0),
        "nil": pooled.nil.sum(axis=0),
        "proper_name": pooled.proper_name.sum(axis=0),
        "multiword": ((pooled.multiword >= 0) & pooled.answered).sum(axis=0),
        "pairs": pair_n,
        "pa_sum": pair_sum,
        "mode_n": modes.counted.sum(axis=0),
        "mode_hits": modes.hits.sum(axis=0),
        "loo_n": modes.loo_counted.sum(axis=0),
        "loo_hits": modes.loo_hits.sum(axis=0),
        "mw_pairs": multiword.annotator_identification_pairs,
        "mw_agree": multiword.annotator_identification_agree,
        "mw_string_pairs": multiword.annotator_string_pairs,
        "mw_string_agree": multiword.annotator_string_agree,
    }
    for figure, numerator, denominator in _RATIOS:
        table[figure] = _ratio_column(table[numerator], table[denominator])
    return table


_SCORE_UNITS = {
    "pairwise_agreement": "annotator pairs",
    "mode_agreement": "annotator-item scores",
    "mode_agreement_loo": "annotator-item scores",
    "mw_identification_agreement": "annotator pairs",
    "mw_string_agreement": "annotator pairs",
    "alpha_masi": "pairable values",
    "alpha_jaccard": "pairable values",
    "fleiss_kappa_mw": "ratings",
}


def _warnings(report: AgreementReport, alpha: bool) -> list[str]:
    warnings = []
    if report.counts["annotators"] < 2:
        warnings.append(f"only {report.counts['annotators']} annotator(s): agreement needs "
                        "at least two")
    if report.counts["items_in_T"] < MIN_ITEMS_IN_T:
        warnings.append(f"only {report.counts['items_in_T']} item(s) in T (fewer than "
                        f"{MIN_ITEMS_IN_T}): every figure rests on very little")
    for figure in FIGURES:
        if not alpha and figure.startswith("alpha"):
            continue
        value, support = report.figures[figure], report.support[figure]
        if value is None:
            warnings.append(f"{label(figure)} is undefined ({support} "
                            f"{_SCORE_UNITS[figure]})")
        elif support < MIN_SCORES:
            warnings.append(f"{label(figure)} rests on only {support} {_SCORE_UNITS[figure]} "
                            f"(fewer than {MIN_SCORES})")
    columns = report.annotator_columns
    for annotator, answered, nil in zip(columns["annotator"], columns["answered"].tolist(),
                                        columns["nil"].tolist(), strict=True):
        if answered and nil / answered > MOSTLY_NIL:
            warnings.append(f"annotator '{annotator}' answered NIL on {nil} of "
                            f"{answered} answered items: their figures rest on few answers")
    return warnings
