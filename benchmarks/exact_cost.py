"""How good is the exact analysis's cost estimate (docs/analysis.md)? Not a test: for seeded card-play
positions of every game (random play from seeded deals to a given hand size), ``stich.exact_cost``
estimates the time of the exact analysis, the exact analysis runs, and the ratio of the time it
took to the estimate is reported per game (median, 10th and 90th percentile, extremes). The auto
method takes the exact analysis when the estimate is at most half the budget, so a ratio up to 2
still finishes within the budget.

Run:  PYTHONPATH=python python benchmarks/exact_cost.py --positions 10 --cards 3 --max-deals 200000
"""

from __future__ import annotations

import argparse
import random
import statistics

import stich


def positions(game: stich.Game, count: int, cards: int, max_deals: int, seed: int):
    """Seeded positions of the card play where the seat to act holds `cards` cards and the exact
    analysis has at least 64 and at most `max_deals` deals (fewer are trivially cheap)."""
    rng = random.Random(seed)
    found, tries = 0, 0
    while found < count and tries < 50 * count:
        tries += 1
        state = game.deal(seed=rng.getrandbits(63))
        while not state.is_terminal and not (state.phase == "play" and len(state.hand(state.current_player)) <= cards):
            state.apply(state.heuristic_action(rng.getrandbits(64)) if state.phase != "play"
                        else rng.choice(state.legal_actions()))
        if state.is_terminal or not 64 <= stich._core.exact_deals(state) <= max_deals:
            continue
        found += 1
        yield state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--cards", type=int, default=3)
    parser.add_argument("--max-deals", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"{'game':<9} {'n':>3}  {'median':>7} {'p10':>6} {'p90':>6} {'min':>6} {'max':>6}  actual/estimated time "
          f"of the exact analysis ({args.cards} cards a hand, 64..{args.max_deals:,} deals)")
    for name, game in stich.GAMES.items():
        ratios = []
        for state in positions(game(), args.positions, args.cards, args.max_deals, args.seed):
            cost = stich.exact_cost(state, seed=1)
            result = stich.pimc(state, worlds=cost.deals, seed=1)
            assert result.exact
            ratios.append(result.seconds / cost.seconds)
        if not ratios:
            print(f"{name:<9} no positions")
            continue
        q = statistics.quantiles(ratios, n=10) if len(ratios) > 1 else [ratios[0]] * 9
        print(f"{name:<9} {len(ratios):>3}  {statistics.median(ratios):>7.2f} {q[0]:>6.2f} {q[-1]:>6.2f} "
              f"{min(ratios):>6.2f} {max(ratios):>6.2f}")


if __name__ == "__main__":
    main()
