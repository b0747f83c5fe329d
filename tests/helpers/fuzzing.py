"""Helpers of the crash-isolated fuzz scripts (tests/helpers/isolated.py runs them with this folder on the
path): junk arguments and junk actions must be refused with a Python exception, never crash."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

REFUSALS = (ValueError, TypeError, IndexError, OverflowError)


def try_each(call: Callable[[Any], Any], values: Iterable[Any], surprising: set[str]) -> int:
    """Calls ``call(value)`` for every value; an exception other than the usual refusals is
    recorded by type name in ``surprising``. Returns the number of calls."""
    n = 0
    for value in values:
        try:
            call(value)
        except REFUSALS:
            pass
        except Exception as e:   # not a crash, but reported
            surprising.add(type(e).__name__)
        n += 1
    return n


def junk_on_live_states(states: Iterable[Any], junk_actions: Callable[[random.Random], Iterable[Any]],
                        rng: random.Random, surprising: set[str],
                        check: Callable[[Any], None] | None = None) -> None:
    """Plays each state to the end with random legal actions; before each, applies the junk
    actions ``junk_actions(rng)`` gives: a refused one must leave the state as it was. ``check``
    runs on the state after every legal action."""
    for state in states:
        while not state.is_terminal:
            for junk in junk_actions(rng):
                before = state.clone()
                try:
                    state.apply(junk)
                except (ValueError, TypeError):
                    assert state == before, junk
                except Exception as e:
                    surprising.add(type(e).__name__)
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
                if check:
                    check(state)
