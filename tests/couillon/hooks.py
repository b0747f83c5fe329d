"""Hooks of the shared invariant tests (tests/common/test_invariants.py) for Couillon: the configurations
walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import stich

CONFIGS = [stich.Couillon(), stich.Couillon(kontra_doubles=True)]
SEEDS = range(300)
# Phases in which the seats do not hold their whole hand yet (a staged deal, G-2): a view's hand
# is then only part of the seat's final hand.
STAGED_PHASES = {"trump"}
# The bench positions cover these kinds of decision (tests/common/test_cli.py).
BENCH_PHASES = {"trump", "mit", "play"}
# The pickling tests (tests/common/test_pickle.py): a resampled world after a hidden Mit pass does not pickle.
WORLDS_REFUSED_BY_PICKLE = True
# The notation's tests (tests/common/test_notation.py): configurations, and every decision phase.
NOTATION_CONFIGS = [stich.Couillon(), stich.Couillon(kontra_doubles=True)]
PHASES = {"trump", "mit", "kontra", "re", "play"}
# The position notation's tests (tests/common/test_positions.py).
POSITION_CONFIGS = [stich.Couillon()]
# The search output's test (tests/common/test_search_output.py): the example position's tally bounds.
EXAMPLE_TALLY = (0, 40, None)
# The thread-agreement test (tests/common/test_search.py): the budget at which the example position's best move is clear
# (at 200k a seed may still prefer SJ).
EXAMPLE_ITERATIONS = 1_500_000
# The world sampler's brute-force check (tests/common/test_sampler.py).
SAMPLER_CONFIGS = [stich.Couillon()]
# The records' tests (tests/common/test_records.py): option sets besides the defaults.
RECORD_VARIANTS = [{"kontra_doubles": True}]
# The solved-position table (tools/solved_table.py): (options, deal seeds).
SOLVED_ROWS = [({}, range(1, 7)), ({"kontra_doubles": True}, range(1, 4))]
# Two teams, seat % 2, zero-sum between them (partners maximise together in the search's tests).
TEAMS = True

# The search's and bots' tests (tests/common/test_search.py, test_bots.py) and the bots' fast
# strength test: ISMCTS(2000) must beat random play by half a point a deal.
SEARCH_CONFIGS = [stich.Couillon()]
# The deal the static board's browser test plays by clicks (tests/common/test_wasm_board.py).
BOARD_SEED = 5
STRENGTH = (stich.Couillon(), lambda r: r[:, 0], 60, 0.5, 80)

# The learning interface's tests (tests/common/test_rl.py): option sets that change the game's shape
# or add phases, walked besides the defaults; deal seeds whose first turns cycle through the seats
# (PettingZoo's max_cycles test); the pinned vector-environment trajectory digests (seat None, seat 1).
RL_VARIANTS = [{"kontra_doubles": True}]
MAX_CYCLES_SEEDS = [2, 3]
RL_TRAJECTORIES = ("5c334a62331870f1", "08c4e1236e2044e8")


def check_returns(state, r):
    # G-4 / C-6: zero-sum between the teams, partners equal, from the teams' moves.
    m = state.score_moves()
    assert r == [m[1 - s % 2] - m[s % 2] for s in range(4)]
    assert sum(r) == 0 and r[0] == r[2] and r[1] == r[3]


def check_rows(a):
    assert (a.sum(axis=1) == 0).all()
    assert (a[:, 0] == a[:, 2]).all() and (a[:, 1] == a[:, 3]).all()



def check_min_steps(game, state, steps):
    assert steps >= 21              # trump + 20 cards at least
