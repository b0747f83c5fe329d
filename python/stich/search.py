"""Determinized ISMCTS from Python: budgets, result tables and their conversions.

The search runs in C++ (``stich._core.ismcts``) with the GIL released; this module checks the
arguments and turns the root statistics into a table.
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
from .games import game_of

PLAYOUTS = {"random": 0, "heuristic": 1}
PLAY_PHASE = "play"   # the card play: the solver's phase, and where the principal line shows tricks
# The accepted budgets, from the core: a time budget up to 1e6 s (11.6 days; a deadline much
# further away would overflow the clock), the exploration constant up to 100.
MAX_SECONDS: float = _core.SEARCH_MAX_SECONDS
MAX_C: float = _core.SEARCH_MAX_C


def default_c(state: _core._StateBase) -> float:
    """The default UCB exploration constant of a state's game (on rewards mapped into [0, 1]),
    chosen by the experiment in docs/search.md (benchmarks/explore_c.py): ``Game.SEARCH_C``."""
    return game_of(state).SEARCH_C


@dataclass(frozen=True)
class ActionRow:
    """One root action: visits, mean return for the searching seat (in the game's unit) and a
    95% normal interval of that mean (``None`` below two visits, where it means nothing)."""

    action: _core.Action
    visits: int
    mean: float
    low: float | None
    high: float | None
    # The mean of what the searching seat's side had taken by the end of the deal after this move
    # (the game's tally: card points in Couillon, eyes in Mucken, the seat's tricks in Mistigri).
    taken: float | None = None
    # The share of this move's iterations in which the searching seat's return was positive (its
    # chance of winning the deal by the search's playouts), and where the game has it, the share
    # that ended "with Schneider" (Mucken, U-7); None below one visit or where the game has none.
    win: float | None = None
    schneider: float | None = None

    @property
    def sd(self) -> float | None:
        """The standard deviation of one iteration's return (from the interval; None below two visits)."""
        if self.low is None or self.high is None:
            return None
        return (self.high - self.low) / (2 * 1.96) * math.sqrt(self.visits)


# Means closer than this many standard deviations of one deal's return count as a tie: the
# search's means of less-searched moves lag by about a tenth of that (docs/search.md, stability).
NEGLIGIBLE_EFFECT = 0.2


@dataclass(frozen=True)
class LineStep:
    """One move of the principal line: its text as the searching seat sees it (another seat's
    hidden move is "?"; a Mistigri discard shows only its size), the seat that chose it, its visits
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
    def game(self) -> str:
        """The game and its options, as the game's repr."""
        return repr(game_of(self.state)) if self.state is not None else ""

    @cached_property
    def unit(self) -> str:
        """The unit of the values: the game's unit of returns()."""
        return game_of(self.state).UNIT if self.state is not None else ""

    @cached_property
    def position(self) -> tuple[str, ...]:
        """The position as the seat knows it, one line each."""
        return _position(self.state, self.observer) if self.state is not None else ()

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
    state: _core._StateBase | None = field(default=None, repr=False, compare=False)   # a copy of the searched state

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
        separated them: a clearly worse move's share of the visits shrinks as the budget grows),
        their 95% intervals on the mean overlap, or their means differ by less than
        ``NEGLIGIBLE_EFFECT`` (0.2) standard deviations of one deal's return (a difference the
        search cannot resolve: a less-searched move's mean lags by about that much). A runner-up
        below two visits has no interval (docs/search.md)."""
        return self.tie_reason is not None

    @property
    def tie_reason(self) -> str | None:
        """Why the top two moves are a tie (``tied``), in words; None when they are not."""
        if len(self.table) < 2:
            return None
        a, b = self.table[0], self.table[1]
        if 4 * b.visits >= a.visits:
            return "the runner-up still takes a quarter of the leader's visits or more"
        sd = a.sd
        if sd is None or a.low is None or a.high is None or b.low is None or b.high is None:   # below two visits
            return None
        if a.low <= b.high and b.low <= a.high:
            return "their 95% intervals overlap"
        if abs(a.mean - b.mean) <= NEGLIGIBLE_EFFECT * sd:
            return f"their means differ by less than {NEGLIGIBLE_EFFECT:g} standard deviations of a deal's return"
        return None

    @cached_property
    def taken_name(self) -> str:
        """What ``ActionRow.taken`` counts in this game, e.g. "eyes of seat 0's team"."""
        return game_of(self.state).TALLY.format(seat=self.observer) if self.state is not None else ""

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
            "tied": self.tied, "tie_reason": self.tie_reason, "taken": self.taken_name,
            "moves": [{"action": str(r.action), "visits": r.visits, "share": r.visits / total, "mean": _none(r.mean),
                       "low": r.low, "high": r.high, "taken": r.taken, "win": r.win, "schneider": r.schneider}
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
        lines.append(f"  {'action':<{width}} {'visits':>10} {'share':>6}  {'mean':>8}  {'95% interval':<18}  {'win':>5}"
                     + (f"  {'Schneider':>9}" if schneider else ""))
        for r in self.table:
            mean = "n/a" if r.visits == 0 else f"{r.mean:+.3f}"
            interval = "n/a" if r.low is None else f"[{r.low:+.3f}, {r.high:+.3f}]"
            win = "n/a" if r.win is None else f"{r.win:.0%}"
            extra = "" if not schneider else f"  {'n/a' if r.schneider is None else format(r.schneider, '.0%'):>9}"
            bar = "#" * round(20 * r.visits / most)
            lines.append(f"  {str(r.action):<{width}} {r.visits:>10,} {r.visits / total:>6.1%}  {mean:>8}  {interval:<18}  "
                         f"{win:>5}{extra}  {bar}")
        lines.append(f"  mean: seat {self.observer}'s average return ({unit}) over the search's simulated deals, in which no seat "
                     "sees another's cards;")
        lines.append(f"  win: the share of them in which seat {self.observer} came out ahead"
                     + ("; Schneider: the share decided with Schneider" if schneider else ""))
        lines += _line_text(self.line, self.state)
        best = self.table[0] if self.table else None
        if best is not None and best.taken is not None and self.taken_name:
            lines.append(f"expected by the end of the deal after {best.action}: {best.taken:.1f} {self.taken_name}")
        if self.tied:
            lines.append(f"the top two moves, {self.table[0].action} and {self.table[1].action}, cannot be told apart "
                         f"at this budget ({self.tie_reason})")
        return "\n".join(lines)


def _line_text(line: tuple[LineStep, ...], state: _core._StateBase | None) -> list[str]:
    """The principal line as text. In the card play it is broken into tricks, each with the seat
    that took it: a trick ends where the next card's seat has already played to it (the winner
    leads the next trick), so the seats alone mark the breaks; the cards already on the table open
    the first trick, in parentheses."""
    if not line:
        return []
    head = "principal line (most visited, >= 10 visits a move), seat:move"
    if state is None or state.phase != PLAY_PHASE:
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


def _row(action: _core.Action, visits: int, reward: float, reward_sq: float, tally: float = 0.0, wins: int = 0,
         schneider: int | None = None) -> ActionRow:
    if visits == 0:
        return ActionRow(action, 0, math.nan, None, None)
    mean = reward / visits
    chances = dict(taken=tally / visits, win=wins / visits, schneider=None if schneider is None else schneider / visits)
    if visits < 2:
        return ActionRow(action, visits, mean, None, None, **chances)
    var = max(reward_sq - visits * mean * mean, 0.0) / (visits - 1)
    half = 1.96 * math.sqrt(var / visits)
    return ActionRow(action, visits, mean, mean - half, mean + half, **chances)


def _position(state: _core._StateBase, observer: int) -> tuple[str, ...]:
    """The state's text with what ``observer`` cannot see replaced by counts, and the other seats'
    voids and excluded cards inferred from the public history."""
    view = state.view(observer)
    names = {name.replace("seat", "seat "): name for name in view.location_names}
    out = []
    for text in str(state).splitlines():
        name, sep, rest = text.partition(": ")
        if sep and name in names:
            loc = names[name]
            extra = rest[rest.index("  ("):] if "  (" in rest else ""
            known = view.known(loc)
            hidden = view.size(loc) - len(known)
            cards = " ".join(str(c) for c in known)
            if hidden:
                cards = f"{cards} + {hidden} unknown" if cards else f"{hidden} unknown"
            text = f"{name}: {cards or '-'}{extra}"
        out.append(text)
    unknown = view.unknown
    suits: dict[int, list[_core.Card]] = {}
    for card in unknown:
        suits.setdefault(card.suit, []).append(card)
    inferred = []
    for seat in range(state.num_players):
        if seat == observer or view.size(seat) == len(view.known(seat)):
            continue
        excluded = view.forbidden(seat) & unknown
        void = [cards for cards in suits.values() if all(c in excluded for c in cards)]
        others = [c for c in excluded if not any(c in cards for cards in void)]
        parts = [f"void in {' '.join(str(cards[0])[0] for cards in void)}"] if void else []
        parts += [f"not {' '.join(str(c) for c in others)}"] if others else []
        if parts:
            inferred.append(f"seat {seat} " + ", ".join(parts))
    if inferred:
        out.append("inferred: " + "; ".join(inferred))
    return tuple(out)


def _result(raw: dict[str, Any], state: _core._StateBase, threads: int, seed: int, partial: bool) -> SearchResult:
    rows = [_row(*row) for row in raw["rows"]]
    rows.sort(key=lambda r: (-r.visits, r.action.id))
    return SearchResult(raw["observer"], rows, raw["iterations"], raw["nodes"], raw["seconds"], threads, seed,
                        raw["arena_bytes"], tuple(LineStep(*step) for step in raw["line"]), partial, state)


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
    ``callback``: called about every ``every`` seconds while searching with the merged statistics
    so far (a partial SearchResult); returning False stops the search, whose result is then
    partial. Ctrl-C raises KeyboardInterrupt within about 50 ms, on any thread count.
    """
    state = state_to_act(state_or_view, "ismcts")
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
    if callback is not None and not callable(callback):
        raise TypeError(f"callback must be callable, got {callback!r}")
    if isinstance(every, bool) or not isinstance(every, (int, float)) or not 0.01 <= every <= 86400:
        raise ValueError(f"every must be a number of seconds in 0.01..86400, got {every!r}")
    stopped = False

    def report(raw: dict[str, Any]) -> bool:
        nonlocal stopped
        assert callback is not None   # passed to the core only with a callback
        stopped = callback(_result(raw, state, threads, seed, partial=True)) is False
        return not stopped

    state = state.clone()   # what the result describes, whatever happens to the caller's state later
    raw = _core.ismcts(state, iterations or 0, float(seconds or 0.0), threads, seed, float(c), PLAYOUTS[playout],
                       max_nodes, report if callback is not None else None, float(every))
    return _result(raw, state, threads, seed, partial=stopped)
