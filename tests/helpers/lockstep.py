"""The differential tests' lock step: one deal played on the engine and on a pure-Python reference
(tests/reference/) with the same choices, compared at every step; and the memoising of the
reference's pure functions that makes those tests affordable.

A reference state answers ``current_player()``, ``is_terminal()`` and ``legal_actions()`` (action
texts) and takes an action text in ``apply``; what else a game compares (phase, hands, trick,
returns, ...) it passes as hooks."""

from __future__ import annotations

import functools
from typing import Any, Callable

import pytest


class Mismatch(AssertionError):
    """The engine and the reference disagree; the message says where (the label and the actions
    so far, enough to reproduce it against the engine) and what."""


class Lockstep:
    """A deal under way on both sides: ``state`` (engine), ``ref`` (reference), ``label`` (the call
    that made the deal) and ``history`` (the action texts played so far)."""

    def __init__(self, state: Any, ref: Any, label: str):
        self.state, self.ref, self.label = state, ref, label
        self.history: list[str] = []

    def where(self) -> str:
        return f"{self.label} after {', '.join(self.history) or 'no action'}"

    def same(self, got: Any, want: Any, what: str) -> None:
        """Raises Mismatch unless the engine's ``got`` equals the reference's ``want``."""
        if got != want:
            raise Mismatch(f"{self.where()}: {what}: engine={got!r} reference={want!r}")

    def play(self, choose: Callable[[Any, list[str]], str], *,
             as_action: Callable[[int], bool] = lambda step: True,
             check: Callable[[Lockstep, Any, list[str]], None] | None = None,
             apply: Callable[[Lockstep, Any, Any, str], None] | None = None,
             finish: Callable[[Lockstep], None] | None = None) -> list[str]:
        """Plays the deal to its end; returns the action texts. At every step the seat to act,
        is_terminal and the sorted legal action texts must agree; then

        - ``check(self, seat, names)`` makes the game's own comparisons, at every step and once
          more at the end (``seat`` None, ``names`` empty);
        - ``choose(ref, names)`` picks the action text (it must be one of ``names``);
        - ``as_action(step)`` says whether the engine gets it as an Action object or as text
          (both must work);
        - ``apply(self, seat, action, name)`` applies it on both sides, where a game does more
          than ``state.apply(action)`` and ``ref.apply(name)``.

        At the end the engine must be terminal with nobody to act, and ``finish(self)`` compares
        the results."""
        state, ref = self.state, self.ref
        while True:
            seat = state.current_player
            self.same(seat, ref.current_player(), "current_player")
            self.same(state.is_terminal, ref.is_terminal(), "is_terminal")
            actions = {str(a): a for a in state.legal_actions()}
            names = sorted(actions)
            self.same(names, sorted(ref.legal_actions()), "legal actions")
            if check:
                check(self, seat, names)
            if not names:
                break
            name = choose(ref, names)
            if name not in actions:
                raise Mismatch(f"{self.where()}: the chosen action {name!r} is not legal: {names}")
            action = actions[name] if as_action(len(self.history)) else name
            self.history.append(name)
            if apply:
                apply(self, seat, action, name)
            else:
                state.apply(action)
                ref.apply(name)
        self.same((state.is_terminal, state.current_player), (True, None), "is_terminal, current_player at the end")
        if finish:
            finish(self)
        return self.history


def play_lockstep(state: Any, ref: Any, choose: Callable[[Any, list[str]], str], label: str,
                  **hooks: Any) -> list[str]:
    """``Lockstep(state, ref, label).play(choose, **hooks)``."""
    return Lockstep(state, ref, label).play(choose, **hooks)


def memoising(*targets: tuple) -> Any:
    """A module-scoped autouse fixture that replaces functions of the reference for the module's
    tests and restores them after: each target is ``(owner, name)``, memoised with an unbounded
    lru_cache (for pure functions only: the answers stay the same, the reference's run time
    mostly goes), or ``(owner, name, wrap)`` to wrap it otherwise. A staticmethod stays one.
    Assign it to a module-level name: ``_memoised = memoising((ref_cards, "parse"))``."""

    @pytest.fixture(scope="module", autouse=True)
    def fixture():
        with pytest.MonkeyPatch.context() as mp:
            for owner, name, *wrap in targets:
                wrapper = wrap[0] if wrap else functools.lru_cache(maxsize=None)
                static = isinstance(vars(owner).get(name), staticmethod)
                new = wrapper(getattr(owner, name))
                mp.setattr(owner, name, staticmethod(new) if static else new)
            yield

    return fixture
