"""Determinized ISMCTS from Python: budgets, result tables and their conversions.

The search runs in C++ (``stich._core.ismcts``) with the GIL released and checks the arguments
there; this module turns the root statistics into a table.
"""

from __future__ import annotations

import abc
import json
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from . import _core
from .games import Game, game_of, in_card_play


def default_c(state: _core._StateBase) -> float:
    """The default UCB exploration constant of a state's game (on rewards mapped into [0, 1]),
    chosen by the experiment in docs/search.md (benchmarks/explore_c.py): ``Game.SEARCH_C``."""
    return game_of(state).SEARCH_C


@dataclass(frozen=True)
class ActionRow:
    """One root action: visits, mean return for the searching seat (in the game's unit), an
    interval where another run's mean falls 95% of the time (from the spread of the independent
    runs; ``None`` unless two runs tried the move), the difference of its mean to the best
    action's (``diff``, 0 for the best) and the same kind of interval for that difference."""

    action: _core.Action
    visits: int
    mean: float
    low: float | None
    high: float | None
    # The mean of what the searching seat's side had taken by the end of the deal after this move
    # (the game's tally, ``Game.TALLY``: card points, eyes or tricks).
    taken: float | None = None
    # The share of this move's iterations in which the searching seat's return was positive (its
    # chance of winning the deal by the search's playouts), and where the game has it, the share
    # that ended "with Schneider"; None below one visit or where the game has none.
    win: float | None = None
    schneider: float | None = None
    diff: float = 0.0
    diff_low: float | None = None
    diff_high: float | None = None


def is_tie(diff: float, low: float | None, high: float | None, threshold: float) -> bool:
    """Whether a move whose mean is ``diff`` from the best's, with the interval [low, high] on that
    difference, cannot be told from the best: the interval contains 0 (or is unknown) and the
    difference is below ``threshold`` in the game's unit (an exact difference: zero). The core's
    rule (csrc/stich/analyse.hpp)."""
    return _core.is_tie(diff, low, high, threshold)


@dataclass(frozen=True)
class LineStep:
    """One move of the principal line: its text as the searching seat sees it (another seat's
    hidden move is "?"; a hidden discard shows only its size), the seat that chose it, its visits
    and that seat's mean return along it."""

    action: str
    seat: int
    visits: int
    mean: float


class _Described(abc.ABC):
    """What a result of an analysis of ``state`` for the seat ``observer`` says of it: described on
    demand (a bot's many small searches never need the text)."""

    state: Any
    observer: int

    @cached_property
    def _game(self) -> Game | None:
        """The game the state was dealt under (made once: every description reads it)."""
        return game_of(self.state) if self.state is not None else None

    @property
    def game(self) -> str:
        """The game and its options, as the game's repr."""
        return repr(self._game) if self._game is not None else ""

    @property
    def unit(self) -> str:
        """The unit of the values: the game's unit of returns()."""
        return self._game.UNIT if self._game is not None else ""

    @cached_property
    def position(self) -> tuple[str, ...]:
        """The position as the seat knows it, one line each."""
        return tuple(self.state.view(self.observer).display_lines()) if self.state is not None else ()

    @abc.abstractmethod
    def to_data(self) -> dict[str, Any]:
        """The result as plain data (JSON types): what to_json writes."""

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_data(), indent=indent)

    def _heading(self) -> list[str]:
        """The text's first lines: the game, the seat to act and the position as it knows it."""
        return [f"{self.game or 'position'}: seat {self.observer} to act", *("  " + text for text in self.position)]


@dataclass(frozen=True)
class SearchResult(_Described):
    observer: int
    table: list[ActionRow]      # most visited first
    iterations: int
    nodes: int
    seconds: float
    threads: int
    seed: int
    arena_bytes: int = 0        # node memory of the search trees
    line: tuple[LineStep, ...] = ()  # most visited continuation (thread 0's tree), >= 10 visits a move
    partial: bool = False       # a report while searching, or a search stopped early by its callback
    runs: int = 1               # independent trees (their spread gives the intervals)
    state: _core._StateBase | None = field(default=None, repr=False, compare=False)   # a copy of the searched state

    @property
    def bytes_per_node(self) -> float:
        return self.arena_bytes / self.nodes if self.nodes else 0.0

    @property
    def best(self) -> _core.Action:
        """The most visited action."""
        return self.table[0].action

    @property
    def tie_threshold(self) -> float:
        """Differences below this (the game's unit, ``Game.TIE_THRESHOLD``) can be a tie."""
        return self._game.TIE_THRESHOLD if self._game is not None else 0.0

    @property
    def tied(self) -> bool:
        """True when the runner-up (the second most visited action) cannot be told apart from the
        best: the interval of its difference to the best contains 0 (or there is none: fewer than
        two runs tried both) and the difference is below ``tie_threshold`` (docs/search.md)."""
        if len(self.table) < 2:
            return False
        b = self.table[1]
        return is_tie(b.diff, b.diff_low, b.diff_high, self.tie_threshold)

    @property
    def tie_reason(self) -> str | None:
        """Why the top two moves are a tie (``tied``), in words; None when they are not."""
        if not self.tied:
            return None
        b = self.table[1]
        return _core.tie_reason(b.diff, b.diff_low, self.tie_threshold, self.unit)

    @property
    def taken_name(self) -> str:
        """What ``ActionRow.taken`` counts in this game, e.g. "eyes of seat 0's team"."""
        return self._game.TALLY.format(seat=self.observer) if self._game is not None else ""

    @property
    def speed(self) -> float:
        """Iterations per second (wall clock, all threads)."""
        return self.iterations / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, dict[str, float | None]]:
        return {
            str(r.action): {"visits": r.visits, "mean": r.mean, "low": r.low, "high": r.high} for r in self.table
        }

    def to_numpy(self) -> np.ndarray:
        dtype = [("action", "U32"), ("visits", "i8"), ("mean", "f8"), ("low", "f8"), ("high", "f8")]
        return np.array([(str(r.action), r.visits, r.mean, _nan(r.low), _nan(r.high)) for r in self.table], dtype=dtype)

    def to_data(self) -> dict[str, Any]:
        """Everything ``str(result)`` shows, as plain data (what ``to_json`` writes; no NaN: ``None``)."""
        total = sum(r.visits for r in self.table) or 1
        return {
            "game": self.game, "observer": self.observer, "unit": self.unit, "position": list(self.position),
            "iterations": self.iterations, "seconds": self.seconds, "threads": self.threads, "seed": self.seed,
            "nodes": self.nodes, "partial": self.partial, "best": str(self.best) if self.table else None,
            "tied": self.tied, "tie_reason": self.tie_reason, "tie_threshold": self.tie_threshold, "runs": self.runs,
            "taken": self.taken_name,
            "moves": [{"action": str(r.action), "visits": r.visits, "share": r.visits / total, "mean": _none(r.mean),
                       "low": r.low, "high": r.high, "diff": _none(r.diff), "diff_low": r.diff_low, "diff_high": r.diff_high,
                       "taken": r.taken, "win": r.win, "schneider": r.schneider}
                      for r in self.table],
            "line": [{"seat": m.seat, "action": m.action, "visits": m.visits, "mean": m.mean} for m in self.line],
        }

    def __str__(self) -> str:
        unit = self.unit or "the game's unit"
        plural = "s" if self.threads > 1 else ""
        lines = self._heading()
        lines.append(
            f"{'partial search' if self.partial else 'search'}: {self.iterations:,} iterations in {self.seconds:.2f} s "
            f"({self.speed:,.0f}/s, {self.threads} thread{plural}, seed {self.seed})")
        width = max([len(str(r.action)) for r in self.table] + [6])
        total = sum(r.visits for r in self.table) or 1
        most = max((r.visits for r in self.table), default=1) or 1
        schneider = any(r.schneider is not None for r in self.table)
        lines.append(f"  {'action':<{width}} {'visits':>10} {'share':>6}  {'mean':>8}  {'95% interval':<18}  {'vs best':>8}  "
                     f"{'interval':<18}  {'win':>5}" + (f"  {'Schneider':>9}" if schneider else ""))
        for r in self.table:
            mean = "n/a" if r.visits == 0 else f"{r.mean:+.3f}"
            interval = "n/a" if r.low is None else f"[{r.low:+.3f}, {r.high:+.3f}]"
            first = r is self.table[0]
            vs = "" if first or r.visits == 0 else f"{r.diff:+.3f}"
            diff = "" if first else ("n/a" if r.diff_low is None else f"[{r.diff_low:+.3f}, {r.diff_high:+.3f}]")
            win = "n/a" if r.win is None else f"{r.win:.0%}"
            extra = "" if not schneider else f"  {'n/a' if r.schneider is None else format(r.schneider, '.0%'):>9}"
            bar = "#" * round(20 * r.visits / most)
            lines.append(f"  {str(r.action):<{width}} {r.visits:>10,} {r.visits / total:>6.1%}  {mean:>8}  {interval:<18}  "
                         f"{vs:>8}  {diff:<18}  {win:>5}{extra}  {bar}")
        lines.append(f"  mean: seat {self.observer}'s average return ({unit}) over the search's simulated deals, in which no seat "
                     "sees another's cards;")
        lines.append(f"  intervals: where another run's mean (and its difference to the best) falls 95% of the time, from the "
                     f"spread of {self.runs} independent runs;")
        lines.append(f"  win: the share of them in which seat {self.observer} came out ahead"
                     + ("; Schneider: the share decided with Schneider" if schneider else ""))
        lines += _line_text(self.line, self.state)
        best = self.table[0] if self.table else None
        if best is not None and best.taken is not None and self.taken_name:
            lines.append(f"expected by the end of the deal after {best.action}: {best.taken:.1f} {self.taken_name}")
        if self.table and not self.partial:
            lines.append(verdict(self.table, self.tied, self.tie_threshold, unit))
        return "\n".join(lines)


def _line_text(line: tuple[LineStep, ...], state: _core._StateBase | None) -> list[str]:
    """The principal line as text. In the card play it is broken into tricks, each with the seat
    that took it: a trick ends where the next card's seat has already played to it (the winner
    leads the next trick), so the seats alone mark the breaks; the cards already on the table open
    the first trick, in parentheses."""
    if not line:
        return []
    head = "principal line (most visited, >= 10 visits a move), seat:move"
    if state is None or not in_card_play(state):
        steps = [f"{m.seat}:{m.action}" for m in line]
        return [head + ":", *("  " + "  ".join(steps[i:i + 12]) for i in range(0, len(steps), 12))]
    out = [head + "; [seat N] took the trick:"]
    on_table = [f"{seat}:{card}" for seat, card in state.trick_plays]
    trick = [f"({' '.join(on_table)})"] if on_table else []
    seats = {seat for seat, _ in state.trick_plays}
    for m in line:
        if m.seat in seats:   # m.seat leads: it took the trick just ended
            out.append("  " + " ".join(trick) + f"  [seat {m.seat}]")
            trick, seats = [], set()
        trick.append(f"{m.seat}:{m.action}")
        seats.add(m.seat)
    if trick:
        out.append("  " + " ".join(trick))
    return out


def state_to_act(state_or_view: Any, what: str) -> Any:
    """The state behind a game state or a view of the seat to act (``ValueError`` for another
    seat's view, ``TypeError`` for anything else): what ismcts, pimc and analyse start from."""
    if isinstance(state_or_view, _core.InfoSet):
        state = state_or_view._origin
        if state.current_player != state_or_view.observer:
            raise ValueError(f"the view is of seat {state_or_view.observer}, but seat {state.current_player} is to act")
        return state
    if not hasattr(state_or_view, "legal_actions") or not hasattr(state_or_view, "phase"):
        raise TypeError(f"{what}() takes a game state or an InfoSet, got {type(state_or_view).__name__}")
    return state_or_view


def _nan(x: float | None) -> float:
    return math.nan if x is None else x


def _none(x: float) -> float | None:
    return None if math.isnan(x) else x


def verdict(table: list[Any], tied: bool, threshold: float, unit: str, exact: bool = False) -> str:
    """One line on the best move against the runner-up (rows with ``action``, ``diff``,
    ``diff_low``, ``diff_high``, best first): a tie, a clear best with its margin, or a best
    whose lead the interval does not yet confirm (the core's words, csrc/stich/analyse.hpp)."""
    best = str(table[0].action) if table else ""
    if len(table) < 2:
        return _core.verdict(len(table), best, "", 0.0, None, None, tied, threshold, unit, exact)
    b = table[1]
    return _core.verdict(len(table), best, str(b.action), b.diff, b.diff_low, b.diff_high, tied, threshold, unit, exact)


def _rows(raw: _core.SearchStats) -> list[ActionRow]:
    """The table, most visited first, as the core makes it from the pooled and per-run statistics
    (csrc/stich/analyse.hpp, search_rows): intervals from the spread of the runs."""
    return [ActionRow(*row) for row in _core.search_rows(raw.rows, raw.runs)]


def _result(raw: _core.SearchStats, state: _core._StateBase, threads: int, seed: int, partial: bool,
            rows: list[ActionRow] | None = None) -> SearchResult:
    """A SearchResult from the core's statistics (``rows``: its table where the core made it already)."""
    return SearchResult(raw.observer, _rows(raw) if rows is None else rows, raw.iterations, raw.nodes, raw.seconds, threads, seed,
                        raw.arena_bytes,
                        tuple(LineStep(m.action, m.seat, m.visits, m.mean) for m in raw.line), partial, len(raw.runs) or 1,
                        state)


def ismcts(
    state_or_view: _core._StateBase | _core.InfoSet,
    iterations: int | None = None,
    seconds: float | None = None,
    threads: int = 1,
    seed: int | None = None,
    c: float | None = None,
    playout: str = "heuristic",
    max_nodes: int = 2**26,
    callback: Callable[[SearchResult], Any] | None = None,
    every: float = 1.0,
    runs: int | None = None,
    wide_root: bool = True,
    others_before_play: str = "heuristic",
) -> SearchResult:
    """Searches the decision of the seat to act with SO-ISMCTS (partially observable moves).

    ``state_or_view``: a game state, or a ``state.view(seat)`` of the seat to act (every card that
    seat cannot see is resampled in each iteration either way). Budget: ``iterations`` (exactly
    reproducible for a given seed and thread count) or ``seconds`` in (0, 1e6]; every thread runs
    at least one iteration. ``c`` is the UCB constant on returns mapped into [0, 1] (0..100; None:
    the game's default, ``Game.SEARCH_C``); ``playout`` is "heuristic" (the default, chosen by
    measurement: docs/search.md) or "random". Each thread's tree stops
    growing at ``max_nodes`` node slots (about 33 bytes each; the default is about 2.2 GB): later
    iterations play out from its leaves. A thread runs at most 2**32 - 2 iterations.
    ``runs``: independent trees the budget is split over (rounded up to a multiple of
    ``threads``; None: one a thread), whose spread gives the intervals (none from a single run;
    ``stich.analyse`` uses four: splitting costs strength at small budgets, docs/search.md); ``wide_root=False`` gives the root the
    inner nodes' exploration bonus (the search before root exploration was widened, for
    comparisons; docs/search.md). ``others_before_play``: how the other seats' decisions before
    the card play (bids, calls, doublings, exchanges) are chosen in the search: "heuristic" (the
    default) by the game's heuristic, which sees that seat's hand in each sampled world; "tree"
    by UCB in the tree, keyed by what the searching seat sees, so the same whatever that seat
    holds (the search before this option; docs/search.md).
    ``callback``: called about every ``every`` seconds while searching with the merged statistics
    so far (a partial SearchResult); returning False stops the search, whose result is then
    partial. Ctrl-C raises KeyboardInterrupt within about 50 ms, on any thread count.
    """
    state = state_to_act(state_or_view, "ismcts")
    if seed is None:
        seed = secrets.randbits(64)
    stopped = False

    def report(raw: _core.SearchStats) -> bool:
        nonlocal stopped
        assert callback is not None   # passed to the core only with a callback
        stopped = callback(_result(raw, state, threads, seed, partial=True)) is False
        return not stopped

    state = state.clone()   # what the result describes, whatever happens to the caller's state later
    raw = _core.ismcts(state, iterations, seconds, threads, seed, c, playout, max_nodes,
                       None if callback is None else report if callable(callback) else callback, every, runs, bool(wide_root),
                       others_before_play)
    return _result(raw, state, threads, seed, partial=stopped)
