"""Hooks of the shared invariant tests (tests/common/test_invariants.py) for Euchre: the configurations
walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import numpy as np

import stich

CONFIGS = [stich.Euchre(), stich.Euchre(allow_lone_defender=True, stick_the_dealer=False)]
SEEDS = range(300)
STAGED_PHASES: set[str] = set()
# The deal the static board's browser test plays by clicks (tests/common/test_wasm_board.py).
BOARD_SEED = 3
# The bench positions cover these kinds of decision (tests/common/test_cli.py).
BENCH_PHASES = {"bid", "play"}
# The pickling tests (tests/common/test_pickle.py): configurations; a view pickles as the same bytes
# whatever the hidden cards.
PICKLE_CONFIGS = [stich.Euchre(), stich.Euchre(allow_lone_defender=True, stick_the_dealer=True)]
VIEWS_PICKLE_ALIKE = True
# The notation's tests (tests/common/test_notation.py): configurations, and every decision phase.
NOTATION_CONFIGS = [stich.Euchre(), stich.Euchre(allow_lone_defender=True, stick_the_dealer=False)]
PHASES = {"bid", "discard", "alone", "defend", "play"}
# The position notation's tests (tests/common/test_positions.py).
POSITION_CONFIGS = [stich.Euchre(), stich.Euchre(allow_lone_defender=True)]
# The solved-position table (tools/solved_table.py): (options, deal seeds).
SOLVED_ROWS = [({}, range(1, 7)), ({"allow_lone_defender": True}, range(1, 4))]
# Two teams, seat % 2, zero-sum between them (partners maximise together in the search's tests).
TEAMS = True

# The learning interface's tests (tests/common/test_rl.py): option sets that change the game's shape
# or add phases, walked besides the defaults; deal seeds whose first turns cycle through the seats
# (PettingZoo's max_cycles test); the pinned vector-environment trajectory digests (seat None, seat 1).
RL_VARIANTS = [{"allow_lone_defender": True}]
MAX_CYCLES_SEEDS = [3, 14]
RL_TRAJECTORIES = ("5734ca6f1bbf16fc", "2fb1893a877d8e4e")

# The solver's tests (tests/common/test_solve.py): these configurations instead of CONFIGS.
SOLVE_CONFIGS = [stich.Euchre(), stich.Euchre(allow_lone_defender=True), stich.Euchre(stick_the_dealer=False)]


def public_text(text):
    # E-4: the others see that the dealer discarded, not the card.
    return "discards" if text.startswith("discard ") else text


def check_returns(state, r):
    # E-10: the makers' score for the makers, its opposite for the defenders; 0 when all passed.
    m = state.makers_score
    if state.declarer is None:
        assert m == 0 and state.passes == 8 and not state.rules.stick_the_dealer
    else:
        assert m in (1, 2, 4, -2, -4)
        assert m != 4 or state.declarer_alone
        assert m != -4 or state.lone_defender is not None
        assert sum(state.team_tricks) == 5
    assert r == [m if s % 2 == (state.declarer or 0) % 2 else -m for s in range(4)]


def check_rows(a):
    assert (a.sum(axis=1) == 0).all()
    assert (a[:, 0] == a[:, 2]).all() and (a[:, 1] == a[:, 3]).all()
    assert set(np.abs(a[:, 0]).tolist()) <= {0, 1, 2, 4}


def check_min_steps(game, state, steps):
    if state.declarer is None:
        assert steps == 9                  # eight passes, and the terminal state
    else:
        assert steps >= 1 + 1 + 1 + 5 * (4 - len(state.sitting_out))   # a bid, go-alone, the cards


def choose(rng, state, legal):
    # A pass half of the time where one is legal, so that the walks reach the second round and
    # (without stick-the-dealer) all passing, 1 in 256 deals.
    if state.phase == "bid" and rng.random() < 0.5 and legal[0].text == "pass":
        return legal[0]
    return rng.choice(legal)


def opening(state):
    """The search's tests (tests/common/test_search.py): a normal game to play out, the first
    legal decisions (ordering up or naming a trump, going alone or not)."""
    while not state.is_terminal and state.phase != "play":
        texts = [str(a) for a in state.legal_actions()]
        state.apply(next((x for x in texts if x not in ("pass", "alone")), texts[0]))
