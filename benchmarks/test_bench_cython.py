"""A Cython loop over legal actions and apply against the same loop in Python (docs/embedding.md,
"Cython"): examples/cython's loop_legal_apply (C++ calls on a CouillonState, compiled by Cython)
and loop_legal_apply_python (stich's Python API: state.legal_actions(), state.apply()). The same
deals and choices, so the same steps and returns; the rates (deals/s) give the speed-up.

Run:  pip install --no-build-isolation examples/cython   (against an installed stich)
      python -m pytest benchmarks/test_bench_cython.py --benchmark-enable
Skips without the built example (CI runs the benchmarks with --benchmark-disable and does not
build it; tests/common/test_cython.py builds it and checks the two loops agree).
"""

from __future__ import annotations

import pytest

example = pytest.importorskip(
    "stich_cython_example", reason="examples/cython is not installed (pip install --no-build-isolation examples/cython)"
)

CYTHON_DEALS = 20_000
PYTHON_DEALS = 500
SEED = 1


def test_cython_loop_legal_apply(benchmark):
    """CYTHON_DEALS deals played by legal_actions() + apply() per step, in Cython (the GIL released)."""
    benchmark.extra_info.update(work=CYTHON_DEALS, unit="deals")
    steps, sums = benchmark(example.loop_legal_apply, SEED, CYTHON_DEALS)
    assert steps > 10 * CYTHON_DEALS and sums[0] == sums[2] == -sums[1]
    assert example.loop_legal_apply(SEED, PYTHON_DEALS) == example.loop_legal_apply_python(SEED, PYTHON_DEALS)


def test_python_loop_legal_apply(benchmark):
    """PYTHON_DEALS deals played by the same loop through stich's Python API."""
    benchmark.extra_info.update(work=PYTHON_DEALS, unit="deals")
    steps, sums = benchmark(example.loop_legal_apply_python, SEED, PYTHON_DEALS)
    assert (steps, sums) == example.loop_legal_apply(SEED, PYTHON_DEALS)
