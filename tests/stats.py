"""Goodness-of-fit checks with fixed thresholds, for the sampling tests (fixed seeds: not flaky)."""

from __future__ import annotations

import math
from typing import Iterable


def chi_square_threshold(df: int, z: float = 3.719) -> float:
    """The chi-square quantile for the standard normal quantile z (Wilson-Hilferty); the default
    3.719 is the 0.9999 quantile, 3.09 the 0.999."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square_uniform(counts: Iterable[int], z: float = 3.719) -> tuple[float, float]:
    """The chi-square statistic of counts against equal expectations, and its threshold."""
    counts = list(counts)
    expected = sum(counts) / len(counts)
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, chi_square_threshold(len(counts) - 1, z) if len(counts) > 1 else 0.0
