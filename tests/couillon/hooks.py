"""Hooks of the shared invariant tests (tests/common/test_invariants.py) for Couillon: the configurations
walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import stich

CONFIGS = [stich.Couillon(), stich.Couillon(kontra_doubles=True)]
SEEDS = range(300)
# Phases in which the seats do not hold their whole hand yet (a staged deal, G-2): a view's hand
# is then only part of the seat's final hand.
STAGED_PHASES = {"trump"}


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
