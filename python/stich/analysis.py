"""``stich.analyse``: the decision of the seat to act, by the method that fits the time budget.

In the card play the answer is the exact analysis (every deal consistent with what the seat
knows, solved open-handed) where it finishes within the budget, and otherwise an estimate of it by
PIMC (as many of those deals as the budget allows, the same deals for every move), with
intervals; before the card play, which the solver does not cover, the search (ISMCTS) answers.
The exact analysis's cost is estimated before it starts (the deals to solve times the measured
cost of a few sampled solves), to say why the method was chosen.

The analysis runs in the C++ core (``stich._core.analyse``, csrc/stich/analyse.hpp: the method's
choice, the cost, the budget, the tables, ties and reasons); this module makes its results.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _core
from .search import ActionRow, SearchResult, _result, state_to_act
from .solve import PimcResult, _pimc_result

METHODS = ("auto", "exact", "pimc", "ismcts")
# The most deals the auto method lists to solve in a random order (stich._core.PIMC_LIST_LIMIT):
# up to it, the exact analysis runs until the budget ends, and a cut leaves a sample without
# repeats; beyond it, PIMC draws worlds with repeats.
LIST_LIMIT: int = _core.PIMC_LIST_LIMIT
# Independent search runs of an analysis by ISMCTS: their spread gives the intervals (three
# degrees of freedom); each still has a quarter of the budget.
SEARCH_RUNS: int = _core.ANALYSE_SEARCH_RUNS


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
        return _core.exact_cost_text(self.deals, self.seconds, self.threads, self.sampled, self.sample_seconds)


def exact_cost(state_or_view: Any, threads: int = 1, seed: int = 0) -> ExactCost:
    """Estimates the exact analysis of the seat to act before it runs: the deals it would solve
    (``_core.exact_deals``) times the mean cost of up to a few (the core's EXACT_COST_SAMPLE, 8)
    solves of sampled worlds, divided over ``threads``. Card-play phase only (``ValueError``
    elsewhere). Computed by the core (csrc/stich/analyse.hpp)."""
    return ExactCost(*_core.exact_cost(state_to_act(state_or_view, "exact_cost"), threads, seed))


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
    search (returning False stops it). Ctrl-C raises KeyboardInterrupt within about 50 ms.
    The analysis runs in the core (csrc/stich/analyse.hpp), which checks every argument."""
    state = state_to_act(state_or_view, "analyse").clone()   # what the result describes
    if seed is None:
        seed = secrets.randbits(64)
    report = None
    if callback is not None:
        def report(kind: str, value: Any) -> bool:
            if kind == "cost":
                return callback(ExactCost(*value)) is not False
            if kind == "search":
                return callback(_result(value, state, threads, seed, partial=True)) is not False
            return callback(value) is not False

    raw = _core.analyse(state, method, seconds, iterations, seed, threads, worlds, playout, report)
    cost = None if raw.cost is None else ExactCost(*raw.cost)
    if raw.search is not None:   # the search answered
        rows = [ActionRow(*row) for row in raw.rows]
        result: PimcResult | SearchResult = _result(raw.search, state, threads, seed, raw.stopped, rows)
    else:
        result = _pimc_result(raw, state, threads, seed)
    return Analysis(raw.method, raw.why, result, cost)


__all__ = ["Analysis", "ExactCost", "analyse", "exact_cost"]
