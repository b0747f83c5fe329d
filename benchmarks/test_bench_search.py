"""ISMCTS speed: iterations per second right after the deal and in mid-play, per game, with one
random playout per leaf, on 1 and 2 threads; nodes and memory at one million iterations.

Run:  python -m pytest benchmarks/test_bench_search.py --benchmark-enable
"""

from __future__ import annotations

import random
import resource

import pytest

import stich

ITERATIONS = 100_000


def position(game, seed, moves):
    """A seeded deal after `moves` random actions (0: right after the deal)."""
    rng = random.Random(seed)
    s = game.deal(seed=seed)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()))
    return s


POSITIONS = {
    "couillon-deal": (stich.Couillon(), 0),
    "couillon-midplay": (stich.Couillon(), 10),
    "mucken-deal": (stich.Mucken(), 0),
    "mucken-midplay": (stich.Mucken(), 14),
    "mistigri-deal": (stich.Mistigri(), 0),
    "mistigri-midplay": (stich.Mistigri(), 12),
}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", POSITIONS)
def test_ismcts_iterations_per_second(benchmark, name, threads):
    game, moves = POSITIONS[name]
    state = position(game, 3, moves)
    assert not state.is_terminal
    benchmark.extra_info.update(work=ITERATIONS, unit="iterations")
    result = benchmark(stich.ismcts, state, iterations=ITERATIONS, threads=threads, seed=1, playout="random")
    assert result.iterations == ITERATIONS and result.best in state.legal_actions()


def test_nodes_and_memory_at_one_million_iterations():
    state = stich.Couillon().deal(seed=3)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = stich.ismcts(state, iterations=1_000_000, seed=1, playout="random")
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # One node per iteration at most (one expansion each); nodes are 32 bytes, and the room left
    # in moved or growing child arrays keeps the arena within 64 bytes a node.
    assert result.nodes <= 1_000_001 and result.bytes_per_node <= 64
    print(f"\nnodes {result.nodes}, {result.bytes_per_node:.1f} arena bytes a node "
          f"({result.arena_bytes / 2**20:.1f} MiB), peak RSS {peak_kib / 1024:.1f} MiB (was {before / 1024:.1f} MiB), "
          f"{result.speed:,.0f} it/s")
