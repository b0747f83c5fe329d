"""Determinized ISMCTS from Python: budgets, result tables and their conversions.

The search runs in C++ (``stich._core.ismcts``) with the GIL released; this module checks the
arguments and turns the root statistics into a table.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _core
from .games import game_of

PLAYOUTS = {"random": 0, "heuristic": 1}
# The default UCB exploration constant of each game (on rewards mapped into [0, 1]), chosen by the
# experiment in docs/search.md (benchmarks/explore_c.py); ``ismcts(c=None)`` uses it.
DEFAULT_C = {"Couillon": 1.4, "Mucken": 0.35, "Mistigri": 0.7}
# The accepted budgets: a time budget up to 1e6 s (11.6 days; a deadline much further away would
# overflow the clock), the exploration constant up to 100 (pure exploration long before).
MAX_SECONDS = 1e6
MAX_C = 100.0


def default_c(state: Any) -> float:
    """The default exploration constant for a state's game (``DEFAULT_C``)."""
    return DEFAULT_C[game_of(state).name]


@dataclass(frozen=True)
class ActionRow:
    """One root action: visits, mean return for the searching seat (in the game's unit) and a
    95% normal interval of that mean (NaN below two visits: one return says nothing of the spread)."""

    action: _core.Action
    visits: int
    mean: float
    low: float
    high: float


@dataclass(frozen=True)
class SearchResult:
    observer: int
    table: list[ActionRow]      # most visited first
    iterations: int
    nodes: int
    seconds: float
    threads: int
    seed: int
    arena_bytes: int = 0        # node memory of the search trees

    @property
    def bytes_per_node(self) -> float:
        return self.arena_bytes / self.nodes if self.nodes else 0.0

    @property
    def best(self) -> _core.Action:
        """The most visited action."""
        return self.table[0].action

    @property
    def tied(self) -> bool:
        """True when the two most visited actions cannot be told apart at this budget: the
        runner-up still takes at least a quarter of the leader's visits (the search has not
        separated them: a clearly worse move's share shrinks as the budget grows), or their 95%
        intervals on the mean overlap. A runner-up below two visits has no interval (docs/search.md)."""
        if len(self.table) < 2:
            return False
        a, b = self.table[0], self.table[1]
        if 4 * b.visits >= a.visits:
            return True
        return a.visits >= 2 and b.visits >= 2 and a.low <= b.high and b.low <= a.high

    @property
    def speed(self) -> float:
        """Iterations per second (wall clock, all threads)."""
        return self.iterations / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, dict[str, float]]:
        return {
            str(r.action): {"visits": r.visits, "mean": r.mean, "low": r.low, "high": r.high} for r in self.table
        }

    def to_numpy(self) -> np.ndarray:
        dtype = [("action", "U32"), ("visits", "i8"), ("mean", "f8"), ("low", "f8"), ("high", "f8")]
        return np.array([(str(r.action), r.visits, r.mean, r.low, r.high) for r in self.table], dtype=dtype)

    def __str__(self) -> str:
        width = max((len(str(r.action)) for r in self.table), default=6)
        most = max((r.visits for r in self.table), default=1) or 1
        lines = [
            f"seat {self.observer} to act: {self.iterations} iterations in {self.seconds:.2f} s "
            f"({self.speed:,.0f}/s, {self.threads} thread{'s' if self.threads > 1 else ''}, seed {self.seed})"
        ]
        for r in self.table:
            bar = "#" * round(30 * r.visits / most)
            lines.append(f"  {str(r.action):<{width}} {r.visits:>10}  {r.mean:+8.3f}  [{r.low:+.3f}, {r.high:+.3f}]  {bar}")
        return "\n".join(lines)


def _row(action: _core.Action, visits: int, reward: float, reward_sq: float) -> ActionRow:
    if visits == 0:
        return ActionRow(action, 0, math.nan, math.nan, math.nan)
    mean = reward / visits
    if visits < 2:
        return ActionRow(action, visits, mean, math.nan, math.nan)
    var = max(reward_sq - visits * mean * mean, 0.0) / (visits - 1)
    half = 1.96 * math.sqrt(var / visits)
    return ActionRow(action, visits, mean, mean - half, mean + half)


def ismcts(
    state_or_view: Any,
    iterations: int | None = None,
    seconds: float | None = None,
    threads: int = 1,
    seed: int | None = None,
    c: float | None = None,
    playout: str = "heuristic",
    max_nodes: int = 2**26,
) -> SearchResult:
    """Searches the decision of the seat to act with SO-ISMCTS (partially observable moves).

    ``state_or_view``: a game state, or a ``state.view(seat)`` of the seat to act (every card that
    seat cannot see is resampled in each iteration either way). Budget: ``iterations`` (exactly
    reproducible for a given seed and thread count) or ``seconds`` in (0, 1e6]; every thread runs
    at least one iteration. ``c`` is the UCB constant on returns mapped into [0, 1] (0..100; None:
    the game's default, ``DEFAULT_C``); ``playout`` is "heuristic" (the default, chosen by
    measurement: docs/search.md) or "random". Each thread's tree stops
    growing at ``max_nodes`` node slots (about 33 bytes each; the default is about 2.2 GB): later
    iterations play out from its leaves. A thread runs at most 2**32 - 2 iterations.
    """
    if isinstance(state_or_view, _core.InfoSet):
        state = state_or_view._origin
        if state.current_player != state_or_view.observer:
            raise ValueError(
                f"the view is of seat {state_or_view.observer}, but seat {state.current_player} is to act"
            )
    else:
        state = state_or_view
    if not hasattr(state, "legal_actions"):
        raise TypeError(f"ismcts() takes a game state or an InfoSet, got {type(state_or_view).__name__}")
    if state.is_terminal:
        raise ValueError("the deal is over: there is no decision to search")
    if (iterations is None) == (seconds is None):
        raise ValueError("give exactly one budget: iterations=N (> 0) or seconds=S (> 0)")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"iterations must be an int >= 1, got {iterations!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds <= MAX_SECONDS):
        raise ValueError(f"seconds must be a number in (0, {MAX_SECONDS:g}], got {seconds!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
        raise ValueError(f"threads must be an int in 1..256, got {threads!r}")
    if c is None:
        c = default_c(state)
    elif isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c <= MAX_C:
        raise ValueError(f"c must be a number in [0, {MAX_C:g}] (or None: the game's default), got {c!r}")
    if iterations is not None and iterations > (2**32 - 2) * threads:
        raise ValueError(f"iterations must be at most {2**32 - 2} a thread (visit counts are 32-bit), "
                         f"got {iterations} for {threads} thread(s)")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or not 64 <= max_nodes <= 2**31:
        raise ValueError(f"max_nodes must be an int in 64..2**31, got {max_nodes!r}")
    if playout not in PLAYOUTS:
        raise ValueError(f"unknown playout {playout!r}; accepted: {', '.join(PLAYOUTS)}")
    if seed is None:
        seed = secrets.randbits(64)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    raw = _core.ismcts(state, iterations or 0, float(seconds or 0.0), threads, seed, float(c), PLAYOUTS[playout],
                       max_nodes)
    rows = [_row(a, n, r, r2) for a, n, r, r2 in raw["rows"]]
    rows.sort(key=lambda r: (-r.visits, r.action.id))
    return SearchResult(raw["observer"], rows, raw["iterations"], raw["nodes"], raw["seconds"], threads, seed,
                        raw["arena_bytes"])
