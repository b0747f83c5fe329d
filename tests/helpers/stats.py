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


def policy_chi_square(state, draws_per_action=300):
    """Chi-square statistic of the playout policy's choices against a uniform pick of the legal
    actions, and its critical value at p = 0.001; fixed seeds, so not flaky."""
    legal = [a.id for a in state.legal_actions()]
    n = draws_per_action * len(legal)
    counts = dict.fromkeys(legal, 0)
    for seed in range(n):
        a = state._random_action(seed).id
        assert a in counts, (a, legal)
        counts[a] += 1
    return chi_square_uniform(counts.values(), z=3.09)
