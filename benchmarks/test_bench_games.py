"""Random deals with playouts per second for Mucken (Muck, Wenz, a random auction) and Mistigri,
through the C++ batch path, one core.

Run:  python -m pytest benchmarks --benchmark-enable
"""

from __future__ import annotations

import numpy as np
import pytest

import stich

BATCH = 200_000


@pytest.mark.parametrize("game", ["Muck", "Wenz", None], ids=["Muck", "Wenz", "auction"])
def test_mucken_random_playouts_batch(benchmark, game):
    mucken = stich.Mucken()
    benchmark.extra_info.update(work=BATCH, unit="deals")
    returns = benchmark(mucken.random_playouts, BATCH, seed=1, game=game)
    assert returns.shape == (BATCH, 4)
    # Partners share a result and the teams' results are opposite (G-4); some deal has a winner.
    assert np.array_equal(returns[:, 0], returns[:, 2]) and np.array_equal(returns[:, 0], -returns[:, 1])
    assert (returns[:, 0] != 0).any()


@pytest.mark.parametrize("monch", [False, True], ids=["mistigri", "monch"])
def test_mistigri_random_playouts_batch(benchmark, monch):
    """Four players, random bidding, exchange and play."""
    mistigri = stich.Mistigri(monch=monch)
    benchmark.extra_info.update(work=BATCH, unit="deals")
    returns = benchmark(mistigri.random_playouts, BATCH, seed=1)
    assert returns.shape == (BATCH, 4)
    # Every seat antes 5; no deal moves more chips than the antes and penalties put in.
    assert returns.min() >= -10 and returns.sum(axis=1).max() <= 0
