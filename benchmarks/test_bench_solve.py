"""Open-hand solves of whole deals per second (stich.solve: the exact value of every legal first
card, as openschafkopf's "all cards analysed"), one core, per game. Each benchmark solves a fixed
list of seeded deals, taken to their first card by the heuristic, and checks the results. Also:
every card of a deal analysed, the solver's nodes per second, and PIMC decisions per second at
100 worlds on 1 and 2 threads.

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


@pytest.mark.parametrize("name", CASES)
def test_solver_nodes_per_second(benchmark, name):
    """The whole-deal solves above as nodes a second (a fresh solve's node count is the same every
    time: each starts with an empty table)."""
    states = first_cards(CASES[name], DEALS)
    nodes = sum(stich.solve(s).nodes for s in states)
    benchmark.extra_info.update(work=nodes, unit="nodes")
    counted = benchmark.pedantic(lambda: sum(stich.solve(s).nodes for s in states), rounds=3, iterations=1, warmup_rounds=0)
    assert counted == nodes


PIMC_GAMES = {"couillon": stich.Couillon(), "mucken-short": stich.Mucken(), "mistigri": stich.Mistigri(), "euchre": stich.Euchre()}
PIMC_DECISIONS = 3


def pimc_positions(game):
    """Decisions in the card play with hidden cards: seeded deals at their first card, then four
    heuristic cards (earlier in a deal each world's solve is larger)."""
    out = []
    for s in first_cards(game, PIMC_DECISIONS):
        s = s.clone()
        for k in range(4):
            if s.is_terminal:
                break
            s.apply(s.heuristic_action(k))
        if not s.is_terminal:
            out.append(s.view(s.current_player))
    return out


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", PIMC_GAMES)
def test_pimc_decisions_per_second(benchmark, name, threads):
    """stich.pimc with 100 worlds (every deal of the playing hands when there are no more)."""
    views = pimc_positions(PIMC_GAMES[name])
    benchmark.extra_info.update(work=len(views), unit="decisions")
    results = benchmark.pedantic(lambda: [stich.pimc(v, worlds=100, threads=threads, seed=1) for v in views],
                                 rounds=3, iterations=1, warmup_rounds=0)
    assert all(r.worlds >= 1 and r.best in r.values for r in results)


EVERY_CARD = {
    "mucken-short": (stich.Mucken(), 10),
    "mucken-long": (stich.Mucken(long_deck=True), 3),
    "couillon": (stich.Couillon(), 10),
    "mistigri": (stich.Mistigri(), 10),
    "euchre": (stich.Euchre(), 10),
}


def solve_every_card(state):
    """A solve at each decision of a deal's play phase (every legal card's exact value), the deal
    continued along the best card each time; each solve on its own."""
    state = state.clone()
    solves = 0
    while not state.is_terminal:
        r = stich.solve(state)
        solves += 1
        state.apply(r.best)
    return solves


def analyse_every_card(state):
    """The same decisions and values by stich.analyse_deal: one table for the whole deal."""
    return len(stich.analyse_deal(state))


def values_of_every_card(state):
    """The same values without the principal variations (analyse_deal(lines=False))."""
    return len(stich.analyse_deal(state, lines=False))


HOW = {"analyse_deal": analyse_every_card, "analyse_deal-values": values_of_every_card, "solve-each": solve_every_card}


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("name", EVERY_CARD)
def test_every_card_of_a_deal_analysed_per_second(benchmark, name, how):
    """openschafkopf's "all cards analysed": 0.38 s a short-deck Schafkopf game, 25-60 s long deck."""
    game, deals = EVERY_CARD[name]
    states = first_cards(game, deals)
    benchmark.extra_info.update(work=deals, unit="deals")
    analyse = HOW[how]
    solves = benchmark.pedantic(lambda: [analyse(s) for s in states], rounds=3, iterations=1, warmup_rounds=1)
    assert all(n >= 1 for n in solves)
    benchmark.extra_info["solves_per_deal"] = sum(solves) / deals
