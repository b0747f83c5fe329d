"""Using stich's C++ core from Cython (docs/embedding.md, "From Cython"): the functions of
_playouts.pyx (Couillon), those of _games.pyx (one fused-type function for every registered
game), and loop_legal_apply_python, the Python twin of the Cython loop loop_legal_apply (the benchmark,
benchmarks/test_bench_cython.py, times both)."""

from __future__ import annotations

import stich

from ._games import GAMES, on_deal, playout_sums
from ._playouts import card_name, couillon_playout_sums, couillon_search_visits, loop_legal_apply, lowest_card_playout_sums

__all__ = [
    "GAMES",
    "card_name",
    "couillon_playout_sums",
    "couillon_search_visits",
    "loop_legal_apply",
    "loop_legal_apply_python",
    "lowest_card_playout_sums",
    "on_deal",
    "playout_sums",
]


def loop_legal_apply_python(seed: int, n: int) -> tuple[int, list[int]]:
    """loop_legal_apply in Python through stich's Python API: the same deals, the same choices
    (legal[k % len(legal)] at step k), the same (steps, returns summed per seat)."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    game = stich.Couillon()
    steps = 0
    sums = [0, 0, 0, 0]
    for i in range(n):
        state = game.deal(seed=seed + i, dealer=i % 4)
        k = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[k % len(legal)])
            k += 1
        steps += k
        for seat, r in enumerate(state.returns()):
            sums[seat] += r
    return steps, sums
