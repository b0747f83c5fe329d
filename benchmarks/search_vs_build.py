"""Two builds' searches against the same opponent on the same deals: strength at equal iterations
when a change alters the search's random stream but no option (docs/search.md, "Iteration cost, third round").

Each build (a folder that holds ``stich/`` with its built ``_core``) plays, in a fresh interpreter
of its own, ``stich.IsmctsBot(iterations=N)`` on seats 0/2 against ``stich.HeuristicBot()`` on 1/3
and then the other way round, on every seeded deal (deal pair i is ``stich.play(game, bots, deals=1,
seed=SEED + i, dealer=i % players)``, the seeds of benchmarks/search_vs_before.py). A pair's score
is the mean over its two games of the search's team return (Mistigri: the search's seats' chips
minus the heuristic's, as search_vs_before.py). Per game: the mean of new minus old over the same
deal pairs and its 95% interval (1.96 sd / sqrt(n)); the opponent and the deals being the same,
the difference is the two searches'.

Run:  python benchmarks/search_vs_build.py OLD_DIR NEW_DIR --iterations 1000 --deals 300
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys

SEED = 5_100_000


def scores(game_name: str, iterations: int, deals: int) -> list[float]:
    """This interpreter's build: the search's score on each deal pair."""
    import stich

    game = stich.GAMES[game_name]()
    n = game.num_players
    out = []
    for i in range(deals):
        total = 0.0
        for team in (0, 1):
            bots = [stich.IsmctsBot(iterations=iterations) if seat % 2 == team else stich.HeuristicBot() for seat in range(n)]
            r = stich.play(game, bots, deals=1, seed=SEED + i, dealer=i % n)[0]
            total += sum(r[s] if s % 2 == team else -r[s] for s in range(n)) if game_name == "Mistigri" else r[team]
        out.append(total / 2)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old", nargs="?", help="folder holding the old build's stich/")
    p.add_argument("new", nargs="?", help="folder holding the new build's stich/")
    p.add_argument("--games", default="Couillon,Mucken,Mistigri,Euchre", help="comma-separated")
    p.add_argument("--iterations", type=int, default=1000, help="iterations a decision (default 1000)")
    p.add_argument("--deals", type=int, default=300, help="deal pairs per game (default 300)")
    p.add_argument("--scores", metavar="GAME", help=argparse.SUPPRESS)   # a child: print this build's scores
    a = p.parse_args()
    if a.scores:
        print(json.dumps(scores(a.scores, a.iterations, a.deals)))
        return
    if not (a.old and a.new):
        p.error("give the old and the new build's folders")
    print("| game | deal pairs (x2, seats swapped) | iterations a decision | new minus old a deal | 95% interval |")
    print("|---|---:|---:|---:|---:|")
    for name in [g.strip() for g in a.games.split(",") if g.strip()]:
        runs = []
        for folder in (a.old, a.new):   # one after the other: each uses a core
            env = {**os.environ, "PYTHONPATH": os.path.abspath(folder)}
            child = [sys.executable, __file__, "--scores", name, "--iterations", str(a.iterations), "--deals", str(a.deals)]
            runs.append(json.loads(subprocess.run(child, env=env, check=True, capture_output=True, text=True).stdout))
        d = [x - y for x, y in zip(runs[1], runs[0])]
        mean = sum(d) / len(d)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1))
        print(f"| {name} | {len(d)} | {a.iterations:,} | {mean:+.3f} | ±{1.96 * sd / math.sqrt(len(d)):.3f} |", flush=True)


if __name__ == "__main__":
    main()
