"""Coding strings by their first appearance, one C-level dict lookup per string."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class FirstSeenCodes(dict[K, int], Generic[K]):
    """Maps each key to its rank of first appearance, adding unseen keys on lookup, so that
    ``map(codes.__getitem__, values)`` codes a column without a Python-level loop."""

    def __missing__(self, key: K) -> int:
        code = self[key] = len(self)
        return code
