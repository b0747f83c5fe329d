"""Hooks of the shared invariant tests (tests/common/test_invariants.py) for Mistigri: the configurations
walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import stich

CONFIGS = [
    stich.Mistigri(), stich.Mistigri(players=3), stich.Mistigri(monch=True),
    stich.Mistigri(players=6, deck="french52", club_law=True, stake=3),
]
SEEDS = range(90)
STAGED_PHASES: set[str] = set()


def check_returns(state, r):
    # G-4 / M-3 / M-10: each seat's chip change; the pot (and side pot) absorb the rest exactly.
    stake = state.rules.stake
    assert sum(r) == state.pot_in + state.side_pot_in - state.pot - state.side_pot
    assert min(r) >= -2 * stake                      # the ante and one penalty (or the Mönch rearhand)
    passed = [s for s in range(state.num_players) if s not in state.joined]
    if state.outcome != "nobody joined":
        assert all(r[s] == -stake for s in passed)   # a seat that passed pays only its ante
    if state.outcome == "played":
        assert sum(state.tricks_won) == 5


def check_rows(a):
    assert (a.sum(axis=1) <= 0).all()                # from an empty pot, the pot only gains
    assert (a >= -2 * 5).all()                       # ante and one penalty; every stake in GAMES is <= 5


def check_min_steps(game, state, steps):
    assert steps >= state.num_players + 1            # everyone bids at least


def public_text(text):
    # M-6: the others see only how many cards a seat exchanged.
    return f"discards {len(text.split()) - 1}" if text.startswith("discard ") else text


def truth(state, name):
    """The true content of a location after the seats: the talon in draw order, and every seat's
    discards not yet reshuffled (M-6)."""
    if name == "talon":
        return stich.CardSet(state.talon)
    return stich.CardSet([c for seat in range(state.num_players) for c in state.discards(seat)])
