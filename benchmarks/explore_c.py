"""The experiment that chooses each game's exploration constant and the default playout policy
(docs/search.md): over a grid of c values, the stability of the search on the suite of
benchmarks/stability_positions.json (at 1/16 of the default budget, 5 seeds) and the strength of
IsmctsBot(1,000 iterations) against HeuristicBot on the same seeded deals for every c. The same
two measures compare random and heuristic playouts at the default constants. A third part counts
frozen moves: root moves whose visit count does not grow from 5,000 to 250,000 iterations (the
same ratio as 20k to 1M), over the whole suite.

Run:  PYTHONPATH=python python benchmarks/explore_c.py [--part grid|frozen]   (about 5 + 3 minutes on one core)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import stability  # noqa: E402

import stich  # noqa: E402

GRID = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4)
GAMES = {"Couillon": (stich.Couillon(), 400), "Mucken": (stich.Mucken(), 600), "Mistigri": (stich.Mistigri(), 400)}
SCALE, SEEDS, ITERATIONS = 1 / 16, 5, 1000


def strength(name: str, c: float | None, playout: str) -> tuple[float, float]:
    """Mean and 95% half-width of the searching seats' gain per deal over the heuristic seats
    (team 0's return in the team games; seats 0/2 minus seats 1/3 in chips in Mistigri)."""
    game, deals = GAMES[name]
    bots = [stich.IsmctsBot(iterations=ITERATIONS, c=c, playout=playout), stich.HeuristicBot()] * 2
    r = stich.play(game, bots, deals=deals, seed=11).astype(float)
    x = (r[:, 0] + r[:, 2]) / 2 - (r[:, 1] + r[:, 3]) / 2 if name == "Mistigri" else r[:, 0]
    return x.mean(), 1.96 * x.std(ddof=1) / np.sqrt(len(x))


def row(name: str, c: float | None, playout: str, stab: list[dict]) -> str:
    mine = [r for r in stab if r["game"] == name]
    agree, stable = sum(r["agree"] for r in mine), sum(r["stable"] for r in mine)
    m, h = strength(name, c, playout)
    c_text = c if c is not None else "default"
    return f"| {name} | {c_text} | {playout} | {agree}/{len(mine)} | {stable}/{len(mine)} | {m:+.3f} ± {h:.3f} |"


def frozen(c: float) -> tuple[int, int]:
    """(frozen moves, positions with one) over the suite with heuristic playouts, seed 1."""
    moves = positions = 0
    for _, state in stability.stability_positions.load():
        short = stich.ismcts(state, iterations=5_000, seed=1, c=c)
        long = {r.action.id: r.visits for r in stich.ismcts(state, iterations=250_000, seed=1, c=c).table}
        n = sum(long[r.action.id] == r.visits for r in short.table)
        moves, positions = moves + n, positions + (n > 0)
    return moves, positions


def main() -> None:
    ap = argparse.ArgumentParser(description="the exploration constant and playout experiment")
    ap.add_argument("--part", choices=("all", "grid", "frozen"), default="all")
    part = ap.parse_args().part
    t = time.perf_counter()
    if part in ("all", "frozen"):
        print("| c | frozen moves (5k -> 250k iterations) | positions with one |\n|---:|---:|---:|")
        for c in GRID:
            m, p = frozen(c)
            print(f"| {c} | {m} | {p}/{len(stability.stability_positions.load())} |", flush=True)
        print(f"\n{time.perf_counter() - t:.0f} s\n")
    if part == "frozen":
        return
    print("| game | c | playout | seeds agree | stable | gain vs HeuristicBot a deal |\n|---|---:|---|---:|---:|---:|")
    for c in GRID:
        stab = stability.measure(SCALE, SEEDS, c, "heuristic")
        for name in GAMES:
            print(row(name, c, "heuristic", stab), flush=True)
    stab = stability.measure(SCALE, SEEDS, None, "random")
    for name in GAMES:
        print(row(name, None, "random", stab), flush=True)
    print(f"\n{len(stab)} positions; stability at {SCALE:g} of {stability.BUDGET}, {SEEDS} seeds; strength at "
          f"{ITERATIONS} iterations a decision, deals {[d for _, d in GAMES.values()]} (seed 11): "
          f"{time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
