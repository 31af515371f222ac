"""Multiword agreement (spec §3): identification over all items, then the multiword string.

(a) Identification: over all items, every pair of annotators who both answered the item (a NIL
or proper-name answer counts as answering) agrees when both marked a multiword or neither did.
(b) String: over the pairs where both marked one, they agree when the normalised multiwords are
equal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.agreement.pool import PooledResponses


@dataclass(slots=True)
class MultiwordResult:
    #: per item: agreeing pairs and pairs, for identification and for the string.
    item_identification_agree: np.ndarray
    item_identification_pairs: np.ndarray
    item_string_agree: np.ndarray
    item_string_pairs: np.ndarray
    #: per annotator: the same four counts over the pairs it is part of.
    annotator_identification_agree: np.ndarray
    annotator_identification_pairs: np.ndarray
    annotator_string_agree: np.ndarray
    annotator_string_pairs: np.ndarray
    #: per item: annotators who answered, and how many of them marked a multiword.
    raters: np.ndarray
    marked: np.ndarray

    @property
    def identification(self) -> float | None:
        pairs = int(self.item_identification_pairs.sum())
        return int(self.item_identification_agree.sum()) / pairs if pairs else None

    @property
    def string(self) -> float | None:
        pairs = int(self.item_string_pairs.sum())
        return int(self.item_string_agree.sum()) / pairs if pairs else None


def multiword_agreement(pooled: PooledResponses) -> MultiwordResult:
    n_items, n_annotators = pooled.n_items, pooled.n_annotators
    answered = pooled.answered
    marked = (pooled.multiword >= 0) & answered
    raters = answered.sum(axis=1)
    marked_count = marked.sum(axis=1)
    # Pairs counted per item without looping over pairs: C(n,2) in total, of which
    # C(k,2) + C(n-k,2) agree on identification (k marked).
    identification_pairs = raters * (raters - 1) // 2
    unmarked = raters - marked_count
    identification_agree = (marked_count * (marked_count - 1) // 2
                            + unmarked * (unmarked - 1) // 2)
    string_pairs = marked_count * (marked_count - 1) // 2
    string_agree = np.zeros(n_items, dtype=np.int64)
    annotator_id_agree = np.zeros(n_annotators, dtype=np.int64)
    annotator_id_pairs = np.zeros(n_annotators, dtype=np.int64)
    annotator_string_agree = np.zeros(n_annotators, dtype=np.int64)
    annotator_string_pairs = np.zeros(n_annotators, dtype=np.int64)
    for annotator in range(n_annotators):
        mine = answered[:, annotator]
        # Pairs with every other answering annotator at the items this one answered.
        others = raters[mine] - 1
        annotator_id_pairs[annotator] = int(others.sum())
        my_mark = marked[mine, annotator]
        same_choice = np.where(my_mark, marked_count[mine] - 1, unmarked[mine] - 1)
        annotator_id_agree[annotator] = int(same_choice.sum())
        annotator_string_pairs[annotator] = int((marked_count[mine] - 1)[my_mark].sum())
    forms = pooled.multiword
    for first in range(n_annotators):
        for second in range(first + 1, n_annotators):
            both = marked[:, first] & marked[:, second]
            equal = both & (forms[:, first] == forms[:, second])
            string_agree += equal
            count = int(equal.sum())
            annotator_string_agree[first] += count
            annotator_string_agree[second] += count
    return MultiwordResult(identification_agree, identification_pairs, string_agree,
                           string_pairs, annotator_id_agree, annotator_id_pairs,
                           annotator_string_agree, annotator_string_pairs, raters, marked_count)
