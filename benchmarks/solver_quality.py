"""How good is the search? Two measurements (docs/solver.md, docs/bots.md), not tests:

1. ``--part ismcts``: seeded late card-play positions of every game with few enough worlds for the
   exact analysis (every consistent world solved open-handed once, ``stich.pimc`` with ``exact``).
   For each, ISMCTS at a budget (by default the search's default budget, docs/search.md) picks a
   move; we count how often it is one of the exact analysis's best moves and its mean regret (the
   exact expectation of the best move minus that of the move picked, in return units).
2. ``--part bots``: IsmctsBot against PimcBot at equal time per decision, on the same seeded deals
   with the teams swapped (each deal played twice), docs/bots.md's protocol. PimcBot's decisions
   before the first card go to an IsmctsBot with the same time, so only the card play differs.

Run:  PYTHONPATH=python python benchmarks/solver_quality.py --part ismcts --positions 100
      PYTHONPATH=python python benchmarks/solver_quality.py --part bots --deals 60 --seconds 0.02
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

import stich

GAMES = {name: game() for name, game in stich.GAMES.items()}
# A full budget as iterations: about 2 s of one core for each game's search.
DEFAULT_ITERATIONS = {"Couillon": 1_600_000, "Mucken": 1_200_000, "Mistigri": 1_500_000, "Euchre": 2_000_000}


def late_positions(game, count: int, seed: int, max_worlds: int, min_actions: int = 2) -> list:
    """Seeded deals played by the heuristic (with 30% random actions, as the stability suite)
    into the card play, stopped at the first decision with at least two legal cards, at most three
    cards in hand, and at most ``max_worlds`` deals of the playing hands (so that the exact
    analysis applies); with that analysis."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(game.num_players))
        while not state.is_terminal:
            if state.phase == "play" and len(state.legal_actions()) >= min_actions and len(state.hand(state.current_player)) <= 3:
                exact = stich.pimc(state, worlds=max_worlds, seed=1)
                if exact.exact:
                    out.append((state, exact))
                    break
            if rng.random() < 0.3:
                state.apply(rng.choice(state.legal_actions()))
            else:
                state.apply(state.heuristic_action(rng.getrandbits(32)))
    return out


def part_ismcts(positions: int, max_worlds: int, scale: float, seed: int) -> None:
    print(f"| game | positions | ISMCTS iterations | picks an exact best move | mean regret | worst regret | unit |")
    print("|---|---:|---:|---:|---:|---:|---|")
    start = time.time()
    for name, game in GAMES.items():
        iterations = max(1, int(DEFAULT_ITERATIONS[name] * scale))
        hits, regrets = 0, []
        for k, (state, exact) in enumerate(late_positions(game, positions, seed, max_worlds)):
            means = {str(r.action): r.mean for r in exact.table}
            top = max(means.values())
            pick = str(stich.ismcts(state, iterations=iterations, seed=k + 1).best)
            regret = top - means[pick]
            hits += regret <= 1e-9
            regrets.append(regret)
        unit = game.UNIT
        print(f"| {name} | {positions} | {iterations:,} | {hits}/{positions} ({hits / positions:.0%}) | "
              f"{np.mean(regrets):.3f} | {max(regrets):.3f} | {unit} |", flush=True)
    print(f"\nlate positions with at most {max_worlds} deals of the playing hands, seed {seed}; {time.time() - start:.0f} s")


def part_bots(deals: int, seconds: float, seed: int) -> None:
    print("| game | deals (x2, teams swapped) | seconds a decision | IsmctsBot minus PimcBot a deal | 95% interval |")
    print("|---|---:|---:|---:|---:|")
    start = time.time()
    for name, game in GAMES.items():
        rng = random.Random(seed)
        diffs = []
        for _ in range(deals):
            deal_seed = rng.getrandbits(32)
            per_deal = 0.0
            for ismcts_team in (0, 1):
                bots = []
                for seat in range(game.num_players):
                    if seat % 2 == ismcts_team:
                        bots.append(stich.IsmctsBot(seconds=seconds))
                    else:
                        bots.append(stich.PimcBot(worlds=10**6, seconds=seconds,
                                                  fallback=stich.IsmctsBot(seconds=seconds)))
                r = stich.play(game, bots, deals=1, seed=deal_seed)[0]
                if name == "Mistigri":   # every seat for itself: the ISMCTS seats' chips minus the others'
                    per_deal += sum(r[s] if s % 2 == ismcts_team else -r[s] for s in range(game.num_players))
                else:                    # the ISMCTS team's return (one seat's)
                    per_deal += r[ismcts_team]
            diffs.append(per_deal / 2)
        d = np.array(diffs)
        half = 1.96 * d.std(ddof=1) / math.sqrt(len(d))
        print(f"| {name} | {deals} | {seconds:g} | {d.mean():+.3f} | ±{half:.3f} |", flush=True)
    print(f"\nseed {seed}; {time.time() - start:.0f} s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--part", choices=("ismcts", "bots"), required=True)
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--max-worlds", type=int, default=300)
    p.add_argument("--scale", type=float, default=1.0, help="fraction of the default ISMCTS budget")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seconds", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=12)
    a = p.parse_args()
    if a.part == "ismcts":
        part_ismcts(a.positions, a.max_worlds, a.scale, a.seed)
    else:
        part_bots(a.deals, a.seconds, a.seed)


if __name__ == "__main__":
    main()
