"""``stich.analyse``: the decision of the seat to act, by the method that fits the time budget.

In the card play the answer is the exact analysis (every deal consistent with what the seat
knows, solved open-handed) where it finishes within the budget, and otherwise an estimate of it by
PIMC (as many of those deals as the budget allows, the same deals for every move), with
intervals; before the card play, which the solver does not cover, the search (ISMCTS) answers.
The exact analysis's cost is estimated before it starts (the deals to solve times the measured
cost of a few sampled solves), to say why the method was chosen.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _core
from .games import solvable
from .search import SearchResult, ismcts, state_to_act
from .solve import PimcResult, pimc

METHODS = ("auto", "exact", "pimc", "ismcts")
# Solves timed to estimate the exact analysis's cost (fewer when the deals are fewer).
COST_SAMPLE = 8
# The most deals the auto method lists to solve in a random order (stich._core.PIMC_LIST_LIMIT):
# up to it, the exact analysis runs until the budget ends, and a cut leaves a sample without
# repeats; beyond it, PIMC draws worlds with repeats.
LIST_LIMIT: int = _core.PIMC_LIST_LIMIT
# Independent search runs of an analysis by ISMCTS: their spread gives the intervals (three
# degrees of freedom); each still has a quarter of the budget.
SEARCH_RUNS = 4


@dataclass(frozen=True)
class ExactCost:
    """What the exact analysis of a position would cost: ``deals`` to solve (the deals of the
    hands that still play), ``seconds`` estimated on ``threads`` threads (from ``sampled`` solves
    that took ``sample_seconds``; exact when every deal was in the sample)."""

    deals: int
    seconds: float
    threads: int
    sampled: int
    sample_seconds: float

    def __str__(self) -> str:
        return (f"{self.deals:,} deals to solve, about {_duration(self.seconds)} on {self.threads} thread"
                f"{'s' if self.threads > 1 else ''} (from {self.sampled} sampled solves in {1000 * self.sample_seconds:.1f} ms)")


def exact_cost(state_or_view: Any, threads: int = 1, seed: int = 0) -> ExactCost:
    """Estimates the exact analysis of the seat to act before it runs: the deals it would solve
    (``_core.exact_deals``) times the mean cost of up to ``COST_SAMPLE`` solves of sampled worlds,
    divided over ``threads``. Card-play phase only (``ValueError`` elsewhere)."""
    state = state_to_act(state_or_view, "exact_cost")
    if state.is_terminal:
        raise ValueError("the deal is over: there is no decision to analyse")
    if not solvable(state):
        raise ValueError(f"the exact analysis covers the card play only (from where the game's solver starts); this position "
                         f"is in phase {state.phase!r}")
    deals = _core.exact_deals(state)
    sample = pimc(state, worlds=max(1, min(COST_SAMPLE, deals)), seed=seed)
    per_deal = sample.seconds / max(sample.worlds, 1)
    return ExactCost(deals, per_deal * deals / threads, threads, sample.worlds, sample.seconds)


@dataclass(frozen=True)
class Analysis:
    """The answer of ``stich.analyse``: the ``method`` that answered ("exact", "pimc" or
    "ismcts") and ``why``, the underlying ``result`` (a PimcResult or a SearchResult), and the
    exact analysis's estimated ``cost`` where it was estimated. ``best``, ``table`` and ``tied``
    are the result's."""

    method: str
    why: str
    result: PimcResult | SearchResult
    cost: ExactCost | None = None

    @property
    def best(self) -> _core.Action:
        return self.result.best

    @property
    def table(self) -> list[Any]:
        return self.result.table

    @property
    def tied(self) -> bool:
        return self.result.tied

    @property
    def tie_threshold(self) -> float:
        """Differences between moves below this (the game's unit) can be a tie."""
        return self.result.tie_threshold

    def to_data(self) -> dict[str, Any]:
        cost = None if self.cost is None else {"deals": self.cost.deals, "seconds": self.cost.seconds,
                                              "threads": self.cost.threads, "sampled": self.cost.sampled}
        return {"method": self.method, "why": self.why, "exact_cost": cost, **self.result.to_data()}

    def to_json(self, indent: int | None = 2) -> str:
        import json

        return json.dumps(self.to_data(), indent=indent)

    def __str__(self) -> str:
        return f"method: {self.method} ({self.why})\n{self.result}"


def analyse(state_or_view: Any, seconds: float = 2.0, seed: int | None = None, method: str = "auto", threads: int = 1,
            iterations: int | None = None, worlds: int = 200, playout: str = "heuristic",
            callback: Callable[[Any], Any] | None = None) -> Analysis:
    """Analyses the decision of the seat to act within about ``seconds``.

    ``method="auto"``: in the card play, the exact analysis (``exact_cost`` estimates it first: the
    deals to solve times a few timed solves) runs in a random order of its deals until the budget
    ends; if it finishes, the answer is exact (``method`` "exact"), else the deals solved are a
    sample without repeats and the answer is PIMC's estimate with intervals (``method`` "pimc";
    beyond ``LIST_LIMIT`` deals PIMC draws worlds with repeats). Before the card play, which the
    solver does not cover, the search answers (``method`` "ismcts"; ``iterations`` instead of
    ``seconds`` makes it reproducible). ``"exact"`` runs the exact analysis whatever it costs,
    ``"pimc"`` solves ``worlds`` sampled worlds within the budget, ``"ismcts"`` searches.
    Every sampled answer carries intervals on each move's value and on its difference to the best
    (the same worlds for every move); ``tied`` says the best cannot be told from the runner-up
    (the difference's interval contains 0 and the difference is below ``tie_threshold``).
    ``callback`` sees the progress: the ``ExactCost`` once estimated, then ``callback((solved,
    total, seconds))`` for the exact analysis and PIMC, ``callback(partial SearchResult)`` for the
    search. Ctrl-C raises KeyboardInterrupt within about 50 ms."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; accepted: {', '.join(METHODS)}")
    most = _core.SEARCH_MAX_SECONDS   # the core's longest budget: the cost estimate needs the seconds before any call
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not (0 < seconds <= most and math.isfinite(seconds)):
        raise ValueError(f"seconds must be a finite number in (0, {most:g}], got {seconds!r}")
    if iterations is not None and method not in ("auto", "ismcts"):
        raise ValueError(f"iterations is a budget of the search (method 'ismcts'), not of {method!r}")
    state = state_to_act(state_or_view, "analyse")
    if state.is_terminal:
        raise ValueError("the deal is over: there is no decision to analyse")
    if seed is None:
        seed = secrets.randbits(64)
    progress = None if callback is None else (lambda solved, total, elapsed: callback((solved, total, elapsed)))
    in_play = solvable(state)
    if method == "auto" and in_play and iterations is not None:
        raise ValueError("iterations is a budget of the search; in the card play the auto method answers by the exact "
                         "analysis or PIMC within `seconds`: pass method 'ismcts' (CLI: --method ismcts) to search")
    if method in ("exact", "pimc") and not in_play:
        raise ValueError(f"method {method!r} solves the card play only; this position is in phase {state.phase!r} "
                         "(use 'auto' or 'ismcts')")
    cost = None
    why = f"as asked (budget {iterations:,} iterations)" if iterations is not None else f"as asked (budget {seconds:g} s)"
    if method == "exact":
        cost = exact_cost(state, threads, seed)
        if callback is not None:
            callback(cost)
        result: PimcResult | SearchResult = pimc(state_or_view, worlds=cost.deals, threads=threads, seed=seed,
                                                 callback=progress)
        return Analysis("exact", f"as asked: {cost}", result, cost)
    if method == "auto" and in_play:
        cost = exact_cost(state, threads, seed)
        if callback is not None:
            callback(cost)
        left = max(seconds - cost.sample_seconds, seconds / 2)
        listed = cost.deals <= LIST_LIMIT
        result = pimc(state_or_view, worlds=cost.deals if listed else _core.PIMC_MAX_WORLDS, threads=threads, seed=seed,
                      seconds=left, callback=progress)
        if result.exact:
            why = f"the exact analysis fits the budget of {seconds:g} s: {cost}"
            return Analysis("exact", why, result, cost)
        if listed:
            why = (f"the exact analysis would not fit the budget of {seconds:g} s ({cost}): {result.worlds:,} of its "
                   f"{cost.deals:,} deals solved in a random order, the same for every move")
        else:
            why = (f"the exact analysis would not fit the budget of {seconds:g} s ({cost}): PIMC on {result.worlds:,} "
                   "worlds drawn at random, the same for every move")
        return Analysis("pimc", why, result, cost)
    if method == "auto":
        why = f"the exact analysis covers the card play only; this position is in phase {state.phase!r}"
    if method == "pimc":
        return Analysis("pimc", why, pimc(state_or_view, worlds=worlds, threads=threads, seed=seed, seconds=seconds,
                                          callback=progress))
    result = ismcts(state_or_view, iterations=iterations, seconds=None if iterations else seconds, threads=threads,
                    seed=seed, playout=playout, callback=callback, every=0.1 if callback else 1.0, runs=SEARCH_RUNS)
    return Analysis("ismcts", why, result, cost)


def _duration(seconds: float) -> str:
    """A rough duration for people: 0.3 s, 45 s, 12 min, 3.5 h, 4 days."""
    if seconds < 60:
        return f"{seconds:.2g} s" if seconds < 10 else f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.0f} days"


__all__ = ["Analysis", "ExactCost", "analyse", "exact_cost"]
