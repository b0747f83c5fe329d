"""``stich bench``: fixed positions searched and solved with fixed seeds and budgets, timed with
repeats; a report with its context, as text and as JSON (docs/bench.md).

Two kinds of figures, kept apart:

- The **signature** (total iterations and a checksum of every root visit count of the search
  positions) is computed once per run from one fixed configuration (``SIGNATURE_ITERATIONS``
  iterations a position, one thread, seed 1), whatever the speed options: it depends only on the
  code, never on the machine, its load or the options. The solver rows carry a checksum of their
  own (every legal card's value and the best card of each deal).
- The **speeds**: every row (a position at a thread count, a list of deals to solve, a peer's
  search) is run ``warmup`` times unmeasured, then ``repeats`` times in rounds (every row once a
  round, so that a change in the machine's load touches every row alike), and reported as the
  median, min and max rate and the spread (max - min) / median. ``max_seconds`` bounds the run:
  no round starts that would end after it, by the last round's duration (at least one round is
  measured).

Ctrl-C ends the run within about 50 ms (the searches and solves raise KeyboardInterrupt; a peer's
search runs on a thread while this one waits) and the report of what was measured so far is
printed (``BenchInterrupted`` carries it).
"""

from __future__ import annotations

import hashlib
import importlib
import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import benchreport
from .benchreport import context
from .bots import progress_bar
from .games import GAMES, Game
from .search import SearchResult, ismcts
from .solve import solve

SIGNATURE_ITERATIONS = 20_000
SIGNATURE_THREADS = 1
SIGNATURE_SEED = 1
PEERS = ("openspiel",)


@dataclass(frozen=True)
class BenchPosition:
    name: str
    game: Game
    seed: int
    moves: tuple[str, ...]   # applied after the deal; "*" plays a seeded random legal action

    def played(self) -> tuple[Any, list[str]]:
        """The position's state and the texts of the moves played to it from the deal."""
        s = self.game.deal(seed=self.seed, dealer=self.seed % self.game.num_players)
        rng = random.Random(self.seed)
        texts = []
        for m in self.moves:
            action = rng.choice(s.legal_actions()).text if m == "*" else m
            s.apply(action)
            texts.append(action)
        return s, texts

    def state(self):
        return self.played()[0]


def positions() -> list[BenchPosition]:
    """Every registered game's bench positions, in registry order (each game lists its own)."""
    return [BenchPosition(name, game(**options), seed, moves)
            for game in GAMES.values() for name, options, seed, moves in game.BENCH]


def first_cards(game: Game, n: int, seed: int = 1) -> list[Any]:
    """n seeded deals taken by the heuristic to the first card of the play (deals that end
    before any card is played are skipped)."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < n:
        state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(game.num_players))
        while not state.is_terminal and state.phase != game.PLAY_PHASE:
            state.apply(state.heuristic_action(rng.getrandbits(32)))
        if not state.is_terminal:
            out.append(state)
    return out


def solve_cases() -> list[tuple[str, Game, int]]:
    """The solver rows: (name, game, deals), each deal solved open-handed at its first card; every
    registered game's rows (its SOLVE_BENCH), in registry order."""
    return [(name, game(**options), deals) for game in GAMES.values() for name, options, deals in game.SOLVE_BENCH]


def _visits_digest(digest: Any, name: str, result: SearchResult) -> None:
    for row in sorted(result.table, key=lambda row: row.action.id):
        digest.update(f"{name}|{row.action}|{row.visits};".encode())


def signature(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The search signature from the fixed configuration: every bench position searched with
    ``SIGNATURE_ITERATIONS`` iterations, ``SIGNATURE_THREADS`` thread, seed ``SIGNATURE_SEED`` (the
    search's defaults otherwise); ``text`` is "N iterations, checksum HEX16"."""
    digest = hashlib.sha256()
    total = 0
    ps = positions()
    for p in ps:
        r = ismcts(p.state(), iterations=SIGNATURE_ITERATIONS, threads=SIGNATURE_THREADS, seed=SIGNATURE_SEED)
        total += r.iterations
        _visits_digest(digest, p.name, r)
        if progress is not None:
            progress(p.name)
    checksum = digest.hexdigest()[:16]
    return {"text": f"{total} iterations, checksum {checksum}", "iterations": total, "checksum": checksum,
            "positions": len(ps), "iterations_per_position": SIGNATURE_ITERATIONS, "threads": SIGNATURE_THREADS,
            "seed": SIGNATURE_SEED}


@dataclass(frozen=True)
class Options:
    """What ``stich bench`` measures (the signature's configuration is fixed, not an option)."""

    iterations: int = 20_000           # per search position per run
    threads: tuple[int, ...] = (1,)    # the search rows at each thread count
    repeats: int = 5                   # measured runs of each row
    warmup: int = 1                    # unmeasured runs of each row first
    max_seconds: float = 120.0         # no round starts that would end after this (>= 1 round)
    solve: bool = True                 # the solver rows
    peer: str | None = None            # "openspiel": OpenSpiel's searches side by side, on its game's positions
    solve_deals: int | None = None     # every solver row with this many deals (tests; None: each row's own)

    def __post_init__(self) -> None:
        def whole(name: str, value: Any, low: int, high: int | None = None) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
                raise ValueError(f"{name} must be an int >= {low}" + (f" and <= {high}" if high else "") + f", got {value!r}")

        whole("iterations", self.iterations, 1, 10**9)
        if not self.threads:
            raise ValueError("threads must name at least one thread count")
        for t in self.threads:
            whole("threads", t, 1, 256)
        if len(set(self.threads)) != len(self.threads):
            raise ValueError(f"threads must not repeat a count, got {','.join(map(str, self.threads))}")
        whole("repeats", self.repeats, 1)
        whole("warmup", self.warmup, 0)
        if isinstance(self.max_seconds, bool) or not isinstance(self.max_seconds, (int, float)) \
                or not (self.max_seconds > 0 and math.isfinite(self.max_seconds)):
            raise ValueError(f"max_seconds must be a finite number > 0, got {self.max_seconds!r}")
        if self.peer is not None and self.peer not in PEERS:
            raise ValueError(f"unknown peer {self.peer!r}; accepted: {', '.join(PEERS)}")
        if self.solve_deals is not None:
            whole("solve_deals", self.solve_deals, 1)

    def to_data(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "threads": list(self.threads), "repeats": self.repeats,
                "warmup": self.warmup, "max_seconds": float(self.max_seconds), "solve": self.solve,
                "peer": self.peer, "solve_deals": self.solve_deals}


@dataclass
class Task:
    """One row: what one run does and what it records."""

    section: str     # "search", "solve" or "peer"
    name: str
    engine: str      # "stich" or the peer's name
    threads: int
    unit: str        # what ``work`` counts: "iterations" or "solves"
    work: int
    run: Callable[[], tuple[float, str]]   # one run: (seconds, a digest of its result)
    seconds: list[float]
    digests: set[str]

    def record(self) -> dict[str, Any]:
        return benchreport.row(self.section, self.name, self.engine, self.threads, self.unit, self.work, self.seconds,
                               next(iter(self.digests)) if len(self.digests) == 1 else None)


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    t = time.perf_counter()
    out = call()
    return time.perf_counter() - t, out


def _search_task(section: str, p: BenchPosition, state: Any, iterations: int, threads: int, playout: str) -> Task:
    def once() -> tuple[float, str]:
        seconds, r = _timed(lambda: ismcts(state, iterations=iterations, threads=threads, seed=1, playout=playout))
        digest = hashlib.sha256()
        _visits_digest(digest, p.name, r)
        return seconds, digest.hexdigest()[:16]

    return Task(section, p.name, "stich", threads, "iterations", iterations, once, [], set())


def _solve_task(name: str, game: Game, deals: int) -> Task:
    states = first_cards(game, deals)

    def once() -> tuple[float, str]:
        seconds, results = _timed(lambda: [solve(s) for s in states])
        digest = hashlib.sha256()
        for i, r in enumerate(results):
            values = ",".join(f"{a}={v}" for a, v in sorted(r.values.items(), key=lambda item: item[0].id))
            digest.update(f"{i}|{values}|best {r.best};".encode())
        return seconds, digest.hexdigest()[:16]

    return Task("solve", name, "stich", 1, "solves", deals, once, [], set())


def require_peer(peer: str) -> dict[str, Any]:
    """The peer's bridge modules by game name (stich.peers: each game both engines play), or a
    ValueError saying how to install the peer."""
    try:
        return importlib.import_module(f"{__package__}.peers").openspiel_bridges()
    except ImportError as e:
        raise ValueError(f"--peer {peer} needs open_spiel, which is not installed ({e}); "
                         "pip install open_spiel (binary wheels for Linux x86_64 and macOS)") from None


def _openspiel_task(peer: Any, p: BenchPosition, o: Any, iterations: int) -> Task:
    """OpenSpiel's C++ ISMCTSBot (as its tests build it) on the OpenSpiel twin ``o`` of a position.
    It runs on a thread of its own (pyspiel releases the GIL but checks no signals), while this
    thread waits in short joins, which Ctrl-C interrupts."""
    def once() -> tuple[float, str]:
        bot = peer.openspiel_ismcts(1, iterations)
        out: list[Any] = []

        def work() -> None:
            try:
                out.append(_timed(lambda: bot.step(o)))
            except BaseException as e:   # re-raised on the waiting thread
                out.append(e)

        worker = threading.Thread(target=work, name="stich-bench-openspiel", daemon=True)
        worker.start()
        while worker.is_alive():
            worker.join(0.05)
        if isinstance(out[0], BaseException):
            raise out[0]
        seconds, action = out[0]
        if action not in o.legal_actions():
            raise RuntimeError(f"OpenSpiel's ISMCTS chose {action}, not a legal action of {p.name}")
        return seconds, o.action_to_string(o.current_player(), action)

    return Task("peer", p.name, peer.ENGINE, 1, "iterations", iterations, once, [], set())


def tasks(options: Options) -> list[Task]:
    """The rows to measure, in the order of a round: every search position at each thread count,
    then the solver rows, then the peer's positions (stich, then the peer)."""
    out = []
    for p in positions():
        state = p.state()
        for t in options.threads:
            out.append(_search_task("search", p, state, options.iterations, t, "heuristic"))
    if options.solve:
        for name, game, deals in solve_cases():
            out.append(_solve_task(name, game, options.solve_deals or deals))
    if options.peer is not None:
        bridges = require_peer(options.peer)
        for p in positions():
            peer = bridges.get(p.game.name)
            if peer is None:   # a game the peer does not play
                continue
            s, texts = p.played()
            twin_s, o = peer.deal_pair(p.seed, p.game)
            for text in texts:
                peer.apply_both(twin_s, o, text)
            if str(twin_s) != str(s):
                raise RuntimeError(f"{p.name}: the position replayed for OpenSpiel is another position")
            out.append(_search_task("peer", p, s, options.iterations, 1, "random"))
            out.append(_openspiel_task(peer, p, o, options.iterations))
    return out


class BenchInterrupted(KeyboardInterrupt):
    """Ctrl-C during ``measure``: ``report`` holds what was measured so far."""

    def __init__(self, report: dict[str, Any]):
        super().__init__("stich bench interrupted")
        self.report = report


def measure(options: Options, progress: bool | None = False,
            clock: Callable[[], float] = time.monotonic) -> dict[str, Any]:
    """Measures every row (see the module's docstring) and returns the report as plain data
    (benchreport.REPORT_SCHEMA). ``progress``: a bar on stderr (None: when stderr is a terminal)."""
    start = clock()
    report = benchreport.new_report(options.to_data(), context())
    rows: list[Task] = []
    bar = None
    stopped_by = "repeats"
    try:
        bar = progress_bar(len(positions()), "runs", progress)

        def step(name: str) -> None:
            if bar is not None:
                bar.set_postfix_str(name, refresh=False)
                bar.update()

        report["signature"] = signature(lambda name: step(f"signature: {name}"))
        rows = tasks(options)
        if bar is not None:
            bar.total += (options.warmup + options.repeats) * len(rows)
            bar.refresh()
        round_seconds = None
        for _ in range(options.warmup):
            t0 = clock()
            for task in rows:
                task.digests.add(task.run()[1])
                step(f"warm-up: {task.name}")
            round_seconds = clock() - t0
        for r in range(options.repeats):
            if r > 0 and round_seconds is not None and clock() - start + round_seconds > options.max_seconds:
                stopped_by = "max-seconds"
                break
            t0 = clock()
            for task in rows:
                seconds, digest = task.run()
                task.seconds.append(seconds)
                task.digests.add(digest)
                step(task.name)
            round_seconds = clock() - t0
    except KeyboardInterrupt:
        benchreport.finish(report, [t.record() for t in rows if t.seconds], clock() - start, "interrupt")
        raise BenchInterrupted(report) from None
    finally:
        if bar is not None:
            bar.close()
    return benchreport.finish(report, [t.record() for t in rows], clock() - start, stopped_by)


def run(options: Options | None = None, out: Callable[[str], Any] = print, progress: bool | None = False,
        json_path: str | Path | None = None, compare_path: str | Path | None = None, **kwargs: Any) -> dict[str, Any]:
    """``stich bench``: measures (``Options``, or its fields as keyword arguments), prints the
    report through ``out``, writes it as JSON to ``json_path`` and prints its comparison with the
    report at ``compare_path`` (read and checked before anything is measured). On Ctrl-C prints
    (and writes) what was measured so far, then raises KeyboardInterrupt."""
    if options is None:
        if isinstance(kwargs.get("threads"), int):
            kwargs["threads"] = (kwargs["threads"],)
        options = Options(**kwargs)
    elif kwargs:
        raise TypeError("give Options or its fields, not both")
    old = benchreport.load(compare_path) if compare_path is not None else None
    if json_path is not None and not Path(json_path).resolve().parent.is_dir():
        raise ValueError(f"cannot write {json_path}: no such directory {Path(json_path).resolve().parent}")
    if options.peer is not None:
        require_peer(options.peer)
    out(benchreport.header(options.to_data()))
    interrupted: BenchInterrupted | None = None
    try:
        report = measure(options, progress)
    except BenchInterrupted as e:
        report, interrupted = e.report, e
    out(benchreport.render(report))
    if old is not None:
        out(benchreport.render_comparison(benchreport.compare(old, report)))
    if json_path is not None:
        benchreport.save(report, json_path)
        out(f"report written to {json_path}")
    if interrupted is not None:
        raise interrupted
    return report

