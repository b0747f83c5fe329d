"""Same-game strength: stich's IsmctsBot against OpenSpiel's C++ ISMCTSBot at Euchre, partnered as
teams, in duplicate format: every deal is played twice, the stich team in seats 0/2 and then in
seats 1/3, with the same cards (stich deals from a seed; OpenSpiel's chance actions deal it the same
hands and upcard). A pair's score is the stich team's mean points over its two games; the table gives the
mean over the pairs with a 95% normal interval.

Modes:
- `iterations`: both searches get the same iterations per decision (`--iterations`, default 1000).
- `time`: both get the same wall time per decision (`--seconds`, default 0.01): stich's
  `IsmctsBot(seconds=...)`, OpenSpiel's `max_wall_clock_time`.
- `random`: stich's IsmctsBot (`--iterations`) against OpenSpiel's uniform random bot (a sanity row).

stich plays with IsmctsBot's defaults (heuristic playouts, Euchre's c); OpenSpiel's ISMCTSBot as
its tests build it (one random rollout per leaf, uct_c 2.0, a new world each iteration, the most
visited action).

Run:  PYTHONPATH=python python benchmarks/peers/euchre_strength.py MODE [--pairs 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

import pyspiel

import stich
from stich.peers.euchre import apply_both, deal_pair, openspiel_ismcts, stich_text_of


def play_game(seed: int, stich_team: int, stich_bot, os_bot_for_seat) -> int:
    """One game of the deal `seed`; the stich team's points."""
    s, o = deal_pair(seed)
    while not s.is_terminal:
        seat = s.current_player
        if seat % 2 == stich_team:
            text = stich_bot.act(s).text
        else:
            text = stich_text_of(s, o, os_bot_for_seat(seat).step(o))
        apply_both(s, o, text)
    assert o.is_terminal() and [int(r) for r in o.returns()] == s.returns()
    return s.returns()[stich_team]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["iterations", "time", "random"])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="append the result as a JSON line to this file")
    args = parser.parse_args()

    if args.mode == "time":
        stich_bot = stich.IsmctsBot(seconds=args.seconds, seed=args.seed)
    else:
        stich_bot = stich.IsmctsBot(iterations=args.iterations, seed=args.seed)
    scores = []
    start = time.perf_counter()
    for pair in range(args.pairs):
        seed = args.seed * 1_000_000 + pair
        pair_points = []
        for stich_team in (0, 1):
            if args.mode == "random":
                bots = {seat: pyspiel.make_uniform_random_bot(seat, seed * 4 + seat) for seat in range(4)}
            elif args.mode == "time":
                bots = {seat: openspiel_ismcts(seed * 4 + seat, 10**9, args.seconds) for seat in range(4)}
            else:
                bots = {seat: openspiel_ismcts(seed * 4 + seat, args.iterations) for seat in range(4)}
            pair_points.append(play_game(seed, stich_team, stich_bot, bots.__getitem__))
        scores.append(sum(pair_points) / 2)
        if (pair + 1) % 100 == 0 or pair + 1 == args.pairs:
            n = len(scores)
            half = 1.96 * statistics.stdev(scores) / math.sqrt(n) if n > 1 else float("nan")
            print(f"{args.mode}: {n} pairs, stich team {statistics.mean(scores):+.3f} ± {half:.3f} points a deal "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    n = len(scores)
    mean, half = statistics.mean(scores), 1.96 * statistics.stdev(scores) / math.sqrt(n)
    budget = f"{args.seconds} s" if args.mode == "time" else f"{args.iterations} iterations"
    print(f"| {args.mode} ({budget} a decision) | {n} | {mean:+.3f} ± {half:.3f} |")
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps({"mode": args.mode, "pairs": n, "budget": budget, "seed": args.seed, "mean": mean,
                                "half_interval": half, "seconds": time.perf_counter() - start}) + "\n")


if __name__ == "__main__":
    main()
