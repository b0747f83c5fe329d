"""IsmctsBot against PimcBot at equal time per decision, on the same seeded deals with the teams
swapped (each deal played twice), docs/bots.md's protocol. PimcBot's decisions before the first
card go to an IsmctsBot with the same time, so only the card play differs. (How often the analysis
finds the exact best move is measured by benchmarks/quality/.)

Run:  PYTHONPATH=python python benchmarks/solver_quality.py --deals 60 --seconds 0.02
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

import stich

GAMES = {name: game() for name, game in stich.GAMES.items()}
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
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seconds", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=12)
    a = p.parse_args()
    part_bots(a.deals, a.seconds, a.seed)


if __name__ == "__main__":
    main()
