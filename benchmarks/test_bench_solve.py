"""Open-hand solves of whole deals per second (stich.solve: the exact value of every legal first
card, as openschafkopf's "all cards analysed"), one core, per game. Each benchmark solves a fixed
list of seeded deals, taken to their first card by the heuristic, and checks the results.

Run:  python -m pytest benchmarks/test_bench_solve.py --benchmark-enable
(docs/solver.md compares Mucken's short deck, 24 cards like short-deck Schafkopf, with the 0.38 s
per game that openschafkopf's issue quotes.)
"""

from __future__ import annotations

import pytest

import stich
from stich.bench import first_cards   # the deals of stich bench's solver rows are made the same way

DEALS = 10
CASES = {
    "couillon": stich.Couillon(),
    "mucken-short": stich.Mucken(),
    "mucken-6-players": stich.Mucken(players=6),
    "mistigri": stich.Mistigri(),
    "mistigri-3-players": stich.Mistigri(players=3),
}


@pytest.mark.parametrize("name", CASES)
def test_whole_deal_solves_per_second(benchmark, name):
    states = first_cards(CASES[name], DEALS)
    benchmark.extra_info.update(work=DEALS, unit="solves")

    def solve_all():
        return [stich.solve(s) for s in states]

    results = benchmark.pedantic(solve_all, rounds=3, iterations=1, warmup_rounds=0)
    for s, r in zip(states, results):
        assert r.value == max(r.values.values()) and set(map(str, r.values)) == set(map(str, s.legal_actions()))
    benchmark.extra_info["nodes_per_solve"] = sum(r.nodes for r in results) / DEALS
