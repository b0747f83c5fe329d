"""Counting the worlds of a view (the world sampler's tables, built once per search): the slowest
views of 6-player Mönch deals, where many classes of cards share many hands. Drawing worlds (what
the search does every iteration): the views of the bench's search positions.

Run:  python -m pytest benchmarks/test_bench_worlds.py --benchmark-enable
"""

from __future__ import annotations

import random

import pytest

import stich
from stich import bench

# (deal seed, moves played by random.Random(seed).choice, seat): the views whose counts took longest
# among 10 random 6-player Mönch deals (every seat's view after every move), with their counts.
SLOW_VIEWS = [
    (9, 15, 1, 97287908686094505899520000),
    (2, 12, 2, 416608889114157985941696000),
    (3, 14, 0, 90256297290291586726272000),
]


def view_of(seed: int, moves: int, seat: int):
    state = stich.Mistigri(monch=True, players=6).deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state.view(seat)


@pytest.mark.parametrize(("seed", "moves", "seat", "worlds"), SLOW_VIEWS, ids=[f"seed{v[0]}-move{v[1]}-seat{v[2]}" for v in SLOW_VIEWS])
def test_count_worlds_monch_6_players(benchmark, seed, moves, seat, worlds):
    view = view_of(seed, moves, seat)
    benchmark.extra_info.update(work=1, unit="counts")
    assert benchmark(view.count_worlds) == worlds


# The worlds the search draws: `stich bench`'s search positions, each seen by the seat to move
# (the search's observer). A call draws WORLDS of them; what the call returns (a list of card sets
# a world) costs more than the draw itself (docs/search.md, "third round: the world draw").
WORLDS = 2000
POSITIONS = bench.positions()


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=[p.name.replace(" ", "-") for p in POSITIONS])
def test_sample_worlds_bench_positions(benchmark, index):
    state = POSITIONS[index].state()
    view = state.view(state.current_player)
    benchmark.extra_info.update(work=WORLDS, unit="worlds")
    assert len(benchmark(view.sample_worlds, WORLDS, 1)) == WORLDS
