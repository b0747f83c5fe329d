"""Brute-force minimax over the engine's legal actions and apply, written independently of the
C++ solver (no transposition table, no pruning, no equivalent cards): the ground truth that
tests/common/test_solve.py compares ``stich.solve`` with on small late positions.

Two teams (Couillon, Euchre, Mucken: the hooks' TEAMS): every seat picks the action that maximises
its own return. Each seat for itself (Hearts, Mistigri): the root seat maximises its return, every
other seat minimises it (the solver's "paranoid" reading, docs/solver.md)."""

from __future__ import annotations

from typing import Any


def _returns(state: Any, root: int, paranoid: bool) -> tuple[int, ...]:
    """The returns vector reached from ``state`` under optimal play."""
    if state.is_terminal:
        return tuple(state.returns())
    mover = state.current_player
    best: tuple[int, ...] | None = None
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        r = _returns(child, root, paranoid)
        if best is None:
            best = r
        elif paranoid:
            if (mover == root and r[root] > best[root]) or (mover != root and r[root] < best[root]):
                best = r
        elif r[mover] > best[mover]:
            best = r
    assert best is not None
    return best


def action_values(state: Any, teams: bool) -> dict[str, int]:
    """The root seat's return after each of its legal actions (by action text); ``teams``: the
    game has two teams (seat % 2), else each seat plays for itself."""
    root = state.current_player
    paranoid = not teams
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[str(action)] = _returns(child, root, paranoid)[root]
    return out


def leaves(state: Any) -> int:
    """Leaves of the full tree from ``state`` (to keep brute force small)."""
    if state.is_terminal:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += leaves(child)
    return total
