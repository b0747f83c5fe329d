"""Deals played with uniformly random legal actions, for the tests that need a finished (or merely
played-on) deal."""

from __future__ import annotations

import random
from typing import Any


def finish_randomly(state: Any, rng: random.Random) -> Any:
    """Plays random legal actions until the deal is over; returns the state."""
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def played_on(state: Any, rng: random.Random, steps: int) -> Any:
    """The state after up to ``steps`` random legal actions, stopping before the one that would
    end the deal (a seat is still to act); ``state`` itself is left as it was."""
    for _ in range(steps):
        nxt = state.clone()
        nxt.apply(rng.choice(nxt.legal_actions()))
        if nxt.is_terminal:
            break
        state = nxt
    return state


def finished_deal(game: Any, seed: int = 1, dealer: int = 0) -> Any:
    """A deal of ``game`` (seed, dealer) played to the end with a generator seeded the same."""
    return finish_randomly(game.deal(seed=seed, dealer=dealer), random.Random(seed))
