"""Same-game speed, Euchre: stich against OpenSpiel's C++ euchre (pytest-benchmark form of
benchmarks/peers/openspiel_speed.py, which prints the side-by-side table quoted in docs/bench.md).

Run:  python -m pytest benchmarks/peers --benchmark-enable      (skipped without open_spiel)
"""

from __future__ import annotations


import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (no wheel for this platform)")

import stich  # noqa: E402 (after the skip: the module needs pyspiel)
from stich.peers.euchre import deal_pair, openspiel_ismcts  # noqa: E402

STICH_BATCH = 200_000
OPENSPIEL_GAMES = 2_000


@pytest.fixture(scope="module")
def position():
    """A post-deal position, the same cards in both engines."""
    return deal_pair(1)


def _check_returns(a):
    assert (a.sum(axis=1) == 0).all() and (a[:, 0] == a[:, 2]).all()
    assert set(np.abs(a[:, 0]).tolist()) <= {0, 1, 2, 4} and (a != 0).any()


def test_stich_random_games_with_the_deal(benchmark):
    benchmark.extra_info.update(work=STICH_BATCH, unit="games")
    returns = benchmark(stich.Euchre().random_playouts, STICH_BATCH, seed=1)
    _check_returns(returns)


def test_stich_random_games_from_a_position(benchmark, position):
    benchmark.extra_info.update(work=STICH_BATCH, unit="games")
    returns = benchmark(stich.Euchre().random_playouts, STICH_BATCH, seed=1, from_deal=1, dealer=position[0].dealer)
    _check_returns(returns)


def _openspiel_games(start, n):
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(4)]
    return np.array([pyspiel.evaluate_bots(start(), bots, i) for i in range(n)], dtype=int)


def test_openspiel_random_games_with_the_deal(benchmark):
    game = pyspiel.load_game("euchre")
    benchmark.extra_info.update(work=OPENSPIEL_GAMES, unit="games")
    returns = benchmark(_openspiel_games, game.new_initial_state, OPENSPIEL_GAMES)
    _check_returns(returns)


def test_openspiel_random_games_from_a_position(benchmark, position):
    benchmark.extra_info.update(work=OPENSPIEL_GAMES, unit="games")
    returns = benchmark(_openspiel_games, position[1].clone, OPENSPIEL_GAMES)
    _check_returns(returns)


@pytest.mark.parametrize("iterations", [20_000, 100_000])
def test_stich_ismcts(benchmark, position, iterations):
    s = position[0]
    benchmark.extra_info.update(work=iterations, unit="iterations")
    result = benchmark(stich.ismcts, s, iterations=iterations, threads=1, seed=1, playout="random")
    assert sum(r.visits for r in result.table) == iterations
    assert result.best in s.legal_actions()


@pytest.mark.parametrize("iterations", [20_000, 100_000])
def test_openspiel_ismcts(benchmark, position, iterations):
    o = position[1]
    benchmark.extra_info.update(work=iterations, unit="iterations")
    action = benchmark(lambda: openspiel_ismcts(1, iterations).step(o))
    assert action in o.legal_actions()
