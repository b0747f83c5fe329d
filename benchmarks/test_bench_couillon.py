"""Couillon speed: batched random deals with playouts in C++, and one Python API step.

Run:  python -m pytest benchmarks --benchmark-enable
(The test suite runs these once with benchmarking disabled, so their assertions are checked.)
"""

from __future__ import annotations

import random

import numpy as np

import stich

BATCH = 200_000


def test_couillon_random_playouts_batch(benchmark):
    """Random deal + random legal actions to the end, BATCH deals per call (one core)."""
    game = stich.Couillon()
    benchmark.extra_info.update(work=BATCH, unit="deals")
    returns = benchmark(game.random_playouts, BATCH, seed=1)
    assert returns.shape == (BATCH, 4) and returns.dtype == np.int32
    # Partners share a result and the teams' results are opposite (G-4).
    assert np.array_equal(returns[:, 0], returns[:, 2]) and np.array_equal(returns[:, 0], -returns[:, 1])
    assert np.array_equal(returns, game.random_playouts(BATCH, seed=1))  # reproducible


def _play_deal_in_python(seed: int) -> list[int]:
    state = stich.Couillon().deal(seed=seed)
    choose = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        state.apply(choose.choice(state.legal_actions()))
        steps += 1
    return [steps, *state.returns()]


def test_couillon_python_step(benchmark):
    """One whole deal through the Python API: legal_actions() + apply() per step (~25 steps)."""
    steps = _play_deal_in_python(3)[0]
    benchmark.extra_info.update(work=steps, unit="steps")
    steps, *returns = benchmark(_play_deal_in_python, 3)
    assert 21 <= steps <= 27 and sum(returns) == 0
