"""The exact open-hand solver, PIMC and exact analysis under hidden cards (docs/solver.md).

The search runs in C++ (``stich._core.solve`` / ``stich._core.pimc``, csrc/stich/solve.hpp) with
the GIL released and checks the arguments there; this module turns the results into tables and
text.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import _core
from .bots import Bot, HeuristicBot, _SeededBot
from .games import solvable
from .search import _Described, is_tie, state_to_act, verdict


def _check_state(state: Any, what: str) -> None:
    """A game state, not a view: the core checks the rest (the deal not over, the card play)."""
    if isinstance(state, _core.InfoSet):
        raise TypeError(f"{what}() needs every hand known: pass a game state, not an InfoSet (a seat's view); "
                        "for what one seat knows use stich.pimc(view)")
    if not hasattr(state, "legal_actions") or not hasattr(state, "phase"):
        raise TypeError(f"{what}() takes a game state, got {type(state).__name__}")


class LineMove(NamedTuple):
    """One move of the principal variation: the seat, its card, the seat that took the trick
    this card completed (None mid-trick) and every seat's tally after it (the game's ``tally``:
    card points, eyes or tricks, ``Game.TALLY``). A named
    tuple: a whole deal's analysis makes hundreds of them."""

    seat: int
    action: str
    took: int | None
    tally: tuple[int, ...]


@dataclass(frozen=True)
class SolveResult(_Described):
    """Exact open-hand values: ``values`` maps every legal action of seat ``root`` to its return
    (``returns()[root]``, the game's unit) when everyone then plays perfectly with all hands
    known; ``best`` (the lowest id among the best), ``value``, a principal variation ``line``,
    the search's ``nodes`` and ``seconds``."""

    root: int
    two_sided: bool    # two teams (seat % 2), zero-sum; else the root against all the others
    values: dict[Any, int]
    best: Any
    value: int
    line: tuple[LineMove, ...]
    nodes: int
    seconds: float
    state: Any = field(default=None, repr=False, compare=False)

    @property
    def observer(self) -> int:  # type: ignore[override]
        """The seat solved for (``root``)."""
        return self.root

    def side_totals(self) -> list[str]:
        """What each side takes by the end of the line, in words (the game's tally, e.g. "card
        points of seat 0's team")."""
        if not self.line or self._game is None:
            return []
        tally = self._game.TALLY
        last = self.line[-1].tally
        if self.two_sided:
            mine, other = self.root % 2, 1 - self.root % 2
            return [f"{last[mine]} {tally.format(seat=self.root)}", f"{last[other]} {tally.format(seat=other)}"]
        players = sorted({m.seat for m in self.line})
        return [f"{last[s]} {tally.format(seat=s)}" + (" (solving)" if s == self.root else "") for s in players]

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "root": self.root, "unit": self.unit,
                "values": {str(a): v for a, v in self.values.items()}, "best": str(self.best), "value": self.value,
                "line": [{"seat": m.seat, "action": m.action, "took": m.took, "tally": list(m.tally)} for m in self.line],
                "nodes": self.nodes, "seconds": self.seconds}

    def __str__(self) -> str:
        unit = self.unit or "the game's unit"
        sides = ("seat {r}'s team maximises, the other team minimises" if self.two_sided
                 else "seat {r} against all the others, who minimise its return")
        lines = [f"{self.game or 'position'}: seat {self.root} to act, every hand known"]
        if self.state is not None:
            lines += ["  " + t for t in str(self.state).splitlines()]
        lines.append(f"exact open-hand solve ({sides.format(r=self.root)}): {self.nodes:,} nodes in {self.seconds:.3f} s")
        width = max([len(str(a)) for a in self.values] + [6])
        lines.append(f"  {'action':<{width}} {'value':>7}  (return of seat {self.root}, {unit})")
        for a, v in sorted(self.values.items(), key=lambda kv: (-kv[1], kv[0].id)):
            lines.append(f"  {str(a):<{width}} {v:>+7d}{'  best' if a == self.best else ''}")
        if self.line:
            lines.append("principal variation, seat:card; [seat N] took the trick that card completed:")
            trick: list[str] = []
            for m in self.line:
                trick.append(f"{m.seat}:{m.action}")
                if m.took is not None:
                    lines.append("  " + " ".join(trick) + f"  [seat {m.took}]")
                    trick = []
            if trick:
                lines.append("  " + " ".join(trick))
            lines.append("by the end of the line: " + "; ".join(self.side_totals()))
        return "\n".join(lines)


# LineMove._make without its length check: a call in C a move (the core gives four fields a move).
_line_move = functools.partial(tuple.__new__, LineMove)


def _solve_result(raw: _core.SolveStats, rest: tuple[LineMove, ...] = ()) -> SolveResult:
    """A SolveResult from the core's record; ``rest``: the next result's line, which this one's
    goes on as when ``raw.continued`` (analyse_deal's lines share those moves)."""
    line: tuple[LineMove, ...] = tuple(map(_line_move, zip(raw.line_seats, raw.line_actions, raw.line_took, raw.line_tallies)))
    if raw.continued:
        line += rest
    return SolveResult(raw.root, raw.two_sided, dict(zip(raw.actions, raw.values)), raw.best, raw.value, line, raw.nodes,
                       raw.seconds, raw.state)


def solve(state: Any, table_bits: int = 0, *, transpositions: bool = True, merge_equivalent: bool = True) -> SolveResult:
    """The exact value of every legal action of the seat to act, with every hand as it is in
    ``state`` (open hands), in the card-play phase of any game; ``ValueError`` in another phase,
    ``TypeError`` for an InfoSet. Games of two teams: every seat maximises its own return (the
    teams are zero-sum, so one team maximises what the other minimises); games where each seat
    plays for itself: the seat to act against all others, who minimise its return. ``table_bits``: the transposition table's size
    as a power of two (0: by the position's size; 10..28, and no more than the position can use
    or half the machine's memory holds: the ValueError says the limit). ``transpositions=False`` (no table)
    and ``merge_equivalent=False`` (every equivalent card searched on its own) give the same
    values more slowly: they are there to check that. The GIL is released; Ctrl-C raises
    KeyboardInterrupt within about 50 ms."""
    _check_state(state, "solve")
    return _solve_result(_core.solve(state, table_bits, transpositions, merge_equivalent))


def analyse_deal(state: Any, moves: Any = None, table_bits: int = 0, *, lines: bool = True) -> list[SolveResult]:
    """Every card of a deal analysed open-handed: ``solve`` at each decision of the card play from
    ``state``, one SolveResult per decision, in order. The play goes on along ``moves`` (Actions,
    their texts or ids, e.g. the cards of a recorded game; each checked as ``apply`` checks it)
    and analyses exactly those decisions; without ``moves`` it follows each solve's best action
    to the end of the deal. The same values as separate ``solve`` calls, faster: the solves share
    one transposition table, so each finds what the earlier ones searched (``nodes`` counts each
    solve's own). ``lines=False`` leaves out the principal variations (``line`` is empty), for
    when only the values are wanted. GIL released; Ctrl-C raises KeyboardInterrupt within about
    50 ms."""
    _check_state(state, "analyse_deal")
    results: list[SolveResult] = []
    for raw in reversed(_core.analyse_deal(state, moves, table_bits, lines)):   # from the last: a line goes on as the next one
        results.append(_solve_result(raw, results[-1].line if results else ()))
    return results[::-1]


# The half-width of PIMC's intervals in standard errors: a 98% interval for the exact value (the
# mean over every consistent world), which covers another run's mean at the same budget about 90%
# of the time (their difference has twice the variance); docs/search.md measures both. The core's
# (csrc/stich/analyse.hpp), which makes PIMC's tables.
PIMC_Z: float = _core.PIMC_Z


@dataclass(frozen=True)
class PimcRow:
    """One action: its mean open-hand value over the worlds solved (the mover's return, the
    game's unit) and an interval for the exact value (``PIMC_Z`` standard errors; equal to the
    mean when exact, None below two worlds); the lowest and highest value of a single world
    (``worst``, ``best``); the difference of its mean to the best action's (``diff``, 0 for the
    best) and an interval for that difference from the per-world differences (paired: every
    world is solved for every action)."""

    action: Any
    mean: float
    low: float | None
    high: float | None
    worst: int
    best: int
    diff: float = 0.0
    diff_low: float | None = None
    diff_high: float | None = None


@dataclass(frozen=True)
class PimcResult(_Described):
    """PIMC over ``worlds`` worlds of the mover's view, best mean first. ``exact``: all
    ``world_count`` consistent worlds were counted once, so each mean is the exact expectation of
    open-hand play over all consistent deals (no interval). Worlds that differ only in cards nobody
    will play (a talon, discards, the hands of seats that sit out) have the same values, so the
    exact analysis solves one world per deal of the hands that play (``worlds`` of them) and
    weights it by the consistent worlds it stands for."""

    observer: int
    table: list[PimcRow]
    worlds: int
    exact: bool
    world_count: int
    nodes: int
    seconds: float
    threads: int
    seed: int
    state: Any = field(default=None, repr=False, compare=False)
    # The deals listed to solve without repeats when the exact analysis was cut short by the time
    # budget (the sample's standard errors shrink by the share left unsolved); 0 otherwise.
    population: int = 0

    @property
    def best(self) -> Any:
        return self.table[0].action

    @property
    def values(self) -> dict[Any, float]:
        """Each action's mean value."""
        return {r.action: r.mean for r in self.table}

    @property
    def tie_threshold(self) -> float:
        """Differences below this (the game's unit, ``Game.TIE_THRESHOLD``) can be a tie."""
        return self._game.TIE_THRESHOLD if self._game is not None else 0.0

    @property
    def tied(self) -> bool:
        """The runner-up cannot be told apart from the best: exact, their means are equal;
        sampled, the interval of their difference contains 0 and the difference is below
        ``tie_threshold``."""
        if len(self.table) < 2:
            return False
        b = self.table[1]
        return is_tie(b.diff, b.diff_low, b.diff_high, self.tie_threshold)

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "observer": self.observer, "unit": self.unit, "position": list(self.position),
                "method": "exact" if self.exact else "pimc", "worlds": self.worlds, "world_count": self.world_count,
                "exact": self.exact, "seconds": self.seconds, "threads": self.threads, "seed": self.seed,
                "nodes": self.nodes, "best": str(self.best), "tied": self.tied,
                "tie_threshold": self.tie_threshold,
                "moves": [{"action": str(r.action), "mean": r.mean, "low": r.low, "high": r.high, "diff": r.diff,
                           "diff_low": r.diff_low, "diff_high": r.diff_high, "worst": r.worst, "best": r.best}
                          for r in self.table]}

    def __str__(self) -> str:
        unit = self.unit or "the game's unit"
        plural = "s" if self.threads > 1 else ""
        lines = self._heading()
        if self.exact:
            lines.append(f"exact analysis: all {self.world_count:,} consistent worlds, as {self.worlds:,} deals of the hands "
                         f"that play (weighted by the worlds each stands for), solved open-handed in {self.seconds:.2f} s "
                         f"({self.nodes:,} nodes, {self.threads} thread{plural})")
            lines.append("  each mean is the exact expectation of open-hand play over every deal consistent with "
                         f"what seat {self.observer} knows")
        elif self.population:
            lines.append(f"PIMC: {self.worlds:,} of the {self.population:,} deals of the hands that play (the exact analysis "
                         f"cut short by the time budget; a random sample without repeats, seed {self.seed}), solved "
                         f"open-handed in {self.seconds:.2f} s ({self.nodes:,} nodes, {self.threads} thread{plural})")
        else:
            lines.append(f"PIMC: {self.worlds:,} of {self.world_count:,} consistent worlds, drawn uniformly (seed "
                         f"{self.seed}), solved open-handed in {self.seconds:.2f} s ({self.nodes:,} nodes, "
                         f"{self.threads} thread{plural})")
        width = max([len(str(r.action)) for r in self.table] + [6])
        level = f"{PIMC_Z:g} s.e."
        head = "" if self.exact else f"  {'interval (' + level + ')':<24}  {'vs best':>8}  {'interval':<18}"
        lines.append(f"  {'action':<{width}} {'mean':>8}{head}  {'worst':>6} {'best':>6}  (return of seat "
                     f"{self.observer}, {unit}; worst/best: single worlds)")
        for r in self.table:
            if self.exact:
                extra = ""
            else:
                value = "n/a" if r.low is None else f"[{r.low:+.3f}, {r.high:+.3f}]"
                diff = "" if r is self.table[0] else ("n/a" if r.diff_low is None else f"[{r.diff_low:+.3f}, {r.diff_high:+.3f}]")
                vs = "" if r is self.table[0] else f"{r.diff:+.3f}"
                extra = f"  {value:<24}  {vs:>8}  {diff:<18}"
            lines.append(f"  {str(r.action):<{width}} {r.mean:>+8.3f}{extra}  {r.worst:>+6d} {r.best:>+6d}")
        lines.append(verdict(self.table, self.tied, self.tie_threshold, self.unit, self.exact))
        lines.append("PIMC assumes that every seat will know every card from here on (open-hand play): it does not "
                     "value hiding or gathering information")
        return "\n".join(lines)


def pimc(state_or_view: Any, worlds: int = 100, threads: int = 1, seed: int | None = None,
         seconds: float | None = None, callback: Callable[[int, int, float], Any] | None = None) -> PimcResult:
    """Perfect-information Monte Carlo for the seat to act: solves ``worlds`` worlds drawn
    uniformly from its view (every card it cannot see dealt anew, as ``state.resample`` does) with
    ``solve`` and averages each action's value, with an interval of ``PIMC_Z`` standard errors.
    When the view has at most ``worlds`` deals of the hands that still play, each is solved once
    instead, weighted by the consistent worlds it stands for (the cards nobody will play: a talon,
    discards, the hands of seats that sit out), and the result is ``exact`` (so in particular
    whenever ``view.count_worlds() <= worlds``).
    ``seconds``: stop taking new worlds after this long (at least one a thread; then at most
    ``_core.PIMC_LIST_LIMIT`` deals are listed to solve without repeats; the result depends on the
    machine). Card-play phase only (``ValueError`` elsewhere). ``worlds`` is at most
    ``_core.PIMC_MAX_WORLDS``; the core checks every argument (``ValueError`` for a value out of
    range, ``TypeError`` for a wrong type, saying what is accepted).
    ``callback(solved, total, seconds)``: called about every 0.1 s while solving with the worlds
    solved so far, the worlds to solve and the time taken (a progress display). Ctrl-C raises
    KeyboardInterrupt within about 50 ms."""
    state = state_to_act(state_or_view, "pimc")
    if seed is None:
        seed = secrets.randbits(64)
    state = state.clone()   # what the result describes, whatever happens to the caller's state later
    return _pimc_result(_core.pimc(state, worlds, threads, seed, seconds, callback), state, threads, seed)


def _pimc_result(raw: _core.AnalysisStats, state: Any, threads: int, seed: int) -> PimcResult:
    """A PimcResult from the core's PIMC or exact analysis (its table made by the core: best first,
    with intervals of ``PIMC_Z`` standard errors)."""
    return PimcResult(raw.observer, [PimcRow(*row) for row in raw.rows], raw.worlds, raw.exact, raw.world_count,
                      raw.nodes, raw.seconds, threads, seed, state, raw.population)


class PimcBot(_SeededBot):
    """Card play by PIMC (``worlds`` worlds a decision, or as many as ``seconds`` allows); the
    decisions before the first card (trump, Mit, auction, doubling, bidding, exchange) go to
    ``fallback`` (default: HeuristicBot), since the solver covers the card play only."""

    name = "pimc"

    def __init__(self, worlds: int = 100, seconds: float | None = None, threads: int = 1, seed: int | None = None,
                 fallback: Bot | None = None) -> None:
        _core.check_pimc_args(worlds, threads, seconds)
        super().__init__(seed)
        self.worlds, self.seconds, self.threads = worlds, seconds, threads
        self.fallback = fallback if fallback is not None else HeuristicBot(seed)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.fallback.reseed(seed ^ 0x5EED)

    def act(self, state: Any) -> Any:
        if not solvable(state):
            return self.fallback.act(state)
        if len(state.legal_actions()) == 1:
            return state.legal_actions()[0]
        return pimc(state, worlds=self.worlds, threads=self.threads, seed=self._rng.getrandbits(64),
                    seconds=self.seconds).best

    def __repr__(self) -> str:
        budget = f"worlds={self.worlds}" + (f", seconds={self.seconds}" if self.seconds else "")
        return f"PimcBot({budget})"


__all__ = ["LineMove", "PimcBot", "PimcResult", "PimcRow", "SolveResult", "pimc", "solve"]
