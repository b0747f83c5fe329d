"""Duplicate matches between two bots (docs/review.md, "Matches"): ``stich match BOT BOT``.

Every deal is played once for every rotation of the seats: the two bots on alternate seats (A on
the even seats and B on the odd ones, then shifted by one seat, until the pattern repeats), so
both bots hold the same cards and the luck of the deal cancels. A bot's score
for a deal is the mean over the rotations of its seats' mean return; the difference A - B per deal
gives the mean and its 95% interval. An optional SPRT stops as soon as the difference is shown to
be at least ``delta`` or at most 0 (error rates 5% each way). Deal i comes from the seed alone and
every bot is reseeded per deal and rotation, so a match gives the same numbers on any number of
workers.
"""

from __future__ import annotations

import concurrent.futures
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .bots import Bot, HeuristicBot, IsmctsBot, RandomBot
from .games import Game

__all__ = ["MatchResult", "duplicate_match", "BOTS"]

#: The bots a match takes by name (the search at ``iterations`` a decision, PIMC at ``worlds``).
BOTS = ("random", "heuristic", "ismcts", "pimc")
SPRT_ALPHA = SPRT_BETA = 0.05


def make_bot(name: str, iterations: int = 2000, worlds: int = 50) -> Bot:
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        return HeuristicBot()
    if name == "ismcts":
        return IsmctsBot(iterations=iterations)
    if name == "pimc":
        from .solve import PimcBot

        return PimcBot(worlds=worlds)
    raise ValueError(f"unknown bot {name!r}; accepted: {', '.join(BOTS)}")


@dataclass(frozen=True)
class MatchResult:
    """``a``, ``b``: the bots' names; ``deals`` played (each in every rotation); ``mean_a``,
    ``mean_b``: their mean score a deal (the game's unit); ``diff`` = mean_a - mean_b with its 95%
    interval ``low``, ``high``; ``sprt``: "H1" (A better by delta or more), "H0" (not better), or
    None (no SPRT, or no decision within the deals)."""

    a: str
    b: str
    deals: int
    mean_a: float
    mean_b: float
    diff: float
    low: float
    high: float
    sprt: str | None = None

    def __str__(self) -> str:
        verdict = "" if self.sprt is None else f"; SPRT: {'A better' if self.sprt == 'H1' else 'A not better'}"
        return (f"{self.a} against {self.b}, {self.deals} deals (duplicate): {self.a} {self.mean_a:+.3f}, {self.b} "
                f"{self.mean_b:+.3f} a deal; difference {self.diff:+.3f} [{self.low:+.3f}, {self.high:+.3f}]{verdict}")


def _deal_seeds(seed: int, deals: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(deals)]


def _score(args: tuple[Game, str, str, int, int, int, int]) -> tuple[float, float]:
    """The two bots' scores of one deal played in every rotation."""
    game, a, b, deal_seed, index, iterations, worlds = args
    n = game.num_players
    # The bots alternate round the table: the pattern repeats after two shifts on an even table,
    # after n on an odd one (then each bot sits in every seat as often as the other).
    rotations = 2 if n % 2 == 0 else n
    bots = {name: make_bot(name, iterations, worlds) for name in {a, b}}
    totals = {"A": 0.0, "B": 0.0}
    for r in range(rotations):
        seat_bot = ["A" if (seat + r) % 2 == 0 else "B" for seat in range(n)]
        state = game.deal(seed=deal_seed, dealer=index % n)
        k = 0
        while (seat := state.current_player) is not None:
            bot = bots[a if seat_bot[seat] == "A" else b]
            bot.reseed(deal_seed ^ (r * 1_000_003 + k * 7 + seat + 1))
            state.apply(bot.act(state))
            k += 1
        returns = state.returns()
        for side in ("A", "B"):
            seats = [s for s in range(n) if seat_bot[s] == side]
            totals[side] += sum(returns[s] for s in seats) / len(seats)
    return totals["A"] / rotations, totals["B"] / rotations


def _mean_interval(xs: list[float]) -> tuple[float, float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, -math.inf, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    h = 1.96 * sd / math.sqrt(len(xs))
    return m, m - h, m + h


def _sprt(diffs: list[float], delta: float) -> str | None:
    """Wald's SPRT on the mean difference, H0: 0 against H1: delta, normal with the sample variance."""
    if len(diffs) < 10:
        return None
    m = sum(diffs) / len(diffs)
    var = sum((x - m) ** 2 for x in diffs) / (len(diffs) - 1)
    if var <= 0:
        return "H1" if m >= delta else "H0"
    llr = sum(x * delta - delta * delta / 2 for x in diffs) / var
    if llr >= math.log((1 - SPRT_BETA) / SPRT_ALPHA):
        return "H1"
    if llr <= math.log(SPRT_BETA / (1 - SPRT_ALPHA)):
        return "H0"
    return None


def _scores(game: Game, a: str, b: str, seeds: list[int], workers: int, iterations: int, worlds: int) -> Iterator[tuple[float, float]]:
    jobs = [(game, a, b, s, i, iterations, worlds) for i, s in enumerate(seeds)]
    if workers == 1:
        yield from map(_score, jobs)
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        try:
            yield from pool.map(_score, jobs, chunksize=4)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def duplicate_match(game: Game, a: str, b: str, deals: int = 100, seed: int = 0, workers: int = 1, sprt: float | None = None,
                    iterations: int = 2000, worlds: int = 50, progress: Any = None) -> MatchResult:
    """Bot ``a`` against bot ``b`` (names of ``BOTS``) over ``deals`` duplicate deals; ``sprt``:
    the difference a deal (the game's unit) the SPRT tells from 0, stopping early (None: every
    deal). ``progress(done)`` is called after every deal."""
    for name in (a, b):
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; accepted: {', '.join(BOTS)}")
    for name, value in (("deals", deals), ("workers", workers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be an int >= 1, got {value!r}")
    if sprt is not None and not (isinstance(sprt, (int, float)) and not isinstance(sprt, bool) and sprt > 0 and math.isfinite(sprt)):
        raise ValueError(f"sprt must be None or a difference > 0 (the game's unit), got {sprt!r}")
    sa: list[float] = []
    sb: list[float] = []
    verdict = None
    for x, y in _scores(game, a, b, _deal_seeds(seed, deals), workers, iterations, worlds):
        sa.append(x)
        sb.append(y)
        if progress is not None:
            progress(len(sa))
        if sprt is not None:
            verdict = _sprt([p - q for p, q in zip(sa, sb)], float(sprt))
            if verdict is not None:
                break
    diff, low, high = _mean_interval([p - q for p, q in zip(sa, sb)])
    return MatchResult(a, b, len(sa), sum(sa) / len(sa), sum(sb) / len(sb), diff, low, high, verdict)
