"""The strength table of docs/bots.md: IsmctsBot (2,000 iterations a decision, the search's
defaults) against HeuristicBot and RandomBot, and HeuristicBot against RandomBot, with 95% intervals.

Run:  PYTHONPATH=python python benchmarks/strength.py   (about 10 minutes on one core)
"""

from __future__ import annotations

import numpy as np

import stich


def gain(game, bots, deals: int, seed: int, team_return: bool = True) -> str:
    """Seats 0/2 against 1/3: team 0's return in the team games (with `team_return`), else the
    seats' mean return difference (as tests/common/test_bots.py measures the heuristic against random)."""
    r = stich.play(game, bots, deals=deals, seed=seed).astype(float)
    x = r[:, 0] if team_return and not isinstance(game, stich.Mistigri) else r[:, 0::2].mean(axis=1) - r[:, 1::2].mean(axis=1)
    return f"{x.mean():+.2f} ± {1.96 * x.std(ddof=1) / np.sqrt(len(x)):.2f}"


def main() -> None:
    ismcts = stich.IsmctsBot(iterations=2000)
    rows = [("Couillon", stich.Couillon(), (11,), 300), ("Mucken", stich.Mucken(), (11, 12, 13), 300),
            ("Mistigri", stich.Mistigri(), (11,), 200)]
    print("| game | ISMCTS vs HeuristicBot (1,200 deals) | ISMCTS vs RandomBot | HeuristicBot vs RandomBot (1,500 deals) |")
    print("|---|---:|---:|---:|")
    for name, game, seeds, random_deals in rows:
        vs_h = ", ".join(gain(game, [ismcts, stich.HeuristicBot()] * 2, 1200, s) for s in seeds)
        vs_r = gain(game, [ismcts, stich.RandomBot()] * 2, random_deals, 1)
        h_r = gain(game, [stich.HeuristicBot(), stich.RandomBot()] * 2, 1500, 1, team_return=False)
        print(f"| {name} (seeds {', '.join(map(str, seeds))}) | {vs_h} | {vs_r} ({random_deals}) | {h_r} |", flush=True)


if __name__ == "__main__":
    main()
