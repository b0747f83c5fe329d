"""The search against its previous version: a duplicate match, docs/bots.md.

The new search (``stich.IsmctsBot()``, today's defaults) against the search before one change
(``--change``): ``wide_root`` (the default) plays the search before the root's wider exploration
bonus (``stich.IsmctsBot(wide_root=False)``); ``others`` plays the search that chose the other
seats' decisions before the card play in the tree (``stich.IsmctsBot(others_before_play="tree")``).
Both bots run the same budget a decision, ``--seconds`` (default 0.02) or ``--iterations`` (equal
iterations). Every seeded deal is played twice with the same cards: the new search on seats 0/2
and the old one on 1/3, then the other way round. A pair's score is the mean over its two games of
the new team's return (Couillon, Mucken, Euchre: a seat's return is its team's, docs/rules G-4) or,
in Mistigri (every seat for itself), of the new seats' chips minus the old seats' (as
solver_quality.py's ``--part bots``). Per game: the mean score a deal pair, its 95% interval
(1.96 sd / sqrt(n)), n, the budget and the mean iterations a decision of each side. Deal pair i
is ``stich.play(game, bots, deals=1, seed=SEED + i, dealer=i % players)``. Ctrl-C prints the table
of what has been played so far.

Run:  PYTHONPATH=python python benchmarks/search_vs_before.py --games Couillon --deals 100
      PYTHONPATH=python python benchmarks/search_vs_before.py --iterations 2000 --deals 200 --change others
"""

from __future__ import annotations

import argparse
import datetime
import math
import sys
import time

import numpy as np
from tqdm import tqdm

import stich

# Deal seeds SEED, SEED + 1, ...: disjoint from the seeds of tests/ and benchmarks/ (small
# numbers, and peers/euchre_strength.py's 1_000_000 + pair).
SEED = 5_100_000


# What the old search is: IsmctsBot's arguments that undo one change (--change).
BEFORE = {"wide_root": {"wide_root": False}, "others": {"others_before_play": "tree"}}


class CountingBot(stich.IsmctsBot):
    """IsmctsBot (the same searches: the same arguments and seeds) that also records each
    search's iterations."""

    def __init__(self, tally: list[int], **kwargs) -> None:
        super().__init__(**kwargs)
        self.tally = tally

    def act(self, state):
        r = stich.ismcts(state, iterations=self.iterations, seconds=self.seconds, threads=self.threads,
                         seed=self._rng.getrandbits(64), c=self.c, playout=self.playout, runs=self.runs,
                         wide_root=self.wide_root, others_before_play=self.others_before_play)
        self.tally.append(r.iterations)
        return r.best


class Match:
    """One game's deal pairs so far."""

    def __init__(self, name: str, change: str = "wide_root") -> None:
        self.name = name
        self.game = stich.GAMES[name]()
        self.before = BEFORE[change]
        self.scores: list[float] = []
        self.iterations = {True: [], False: []}   # the new search? -> iterations a decision
        self.seconds = 0.0

    def play_pair(self, i: int, budget: dict) -> None:
        game, n = self.game, self.game.num_players
        start = time.perf_counter()
        total = 0.0
        for new_team in (0, 1):
            bots = [CountingBot(self.iterations[seat % 2 == new_team], **{**budget, **({} if seat % 2 == new_team else self.before)})
                    for seat in range(n)]
            r = stich.play(game, bots, deals=1, seed=SEED + i, dealer=i % n)[0]
            if self.name == "Mistigri":   # every seat for itself: the new seats' chips minus the old seats'
                total += sum(r[s] if s % 2 == new_team else -r[s] for s in range(n))
            else:                         # a team game: the new team's return (any of its seats')
                total += r[new_team]
        self.scores.append(total / 2)
        self.seconds += time.perf_counter() - start

    def row(self, budget: dict) -> str:
        d = np.array(self.scores, dtype=float)
        half = 1.96 * d.std(ddof=1) / math.sqrt(len(d)) if len(d) > 1 else float("nan")
        new, old = (np.mean(self.iterations[w]) if self.iterations[w] else float("nan") for w in (True, False))
        spent = f"{'seconds' if 'seconds' in budget else 'iterations'} {next(iter(budget.values())):g}"
        return (f"| {self.name} | {len(d)} | {spent} | {d.mean():+.3f} | ±{half:.3f} | {self.game.UNIT} | "
                f"{new:,.0f} / {old:,.0f} | {self.seconds / 60:.1f} |")


HEADER = ("| game | deal pairs (x2, teams swapped) | budget a decision | new minus old a deal | 95% interval | unit | "
          "iterations a decision, new / old | minutes |\n|---|---:|---|---:|---:|---|---:|---:|")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default=",".join(stich.GAMES), help="comma-separated (default: all, one after the other)")
    p.add_argument("--deals", type=int, default=100, help="deal pairs per game (default 100)")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="seconds a decision, both searches (default 0.02)")
    budget.add_argument("--iterations", type=int, help="iterations a decision, both searches (instead of seconds)")
    p.add_argument("--change", choices=sorted(BEFORE), default="wide_root",
                   help="the change the old search is without (default wide_root)")
    a = p.parse_args()
    names = [g.strip() for g in a.games.split(",") if g.strip()]
    unknown = [g for g in names if g not in stich.GAMES]
    if unknown:
        p.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(stich.GAMES)}")
    budget_kw = {"iterations": a.iterations} if a.iterations else {"seconds": a.seconds or 0.02}

    command = " ".join(["search_vs_before.py", *sys.argv[1:]])
    print(f"{datetime.date.today()}: {command}; deal seeds from {SEED:,}", flush=True)
    done: list[Match] = []
    current: Match | None = None
    interrupted = False
    start = time.time()
    try:
        for name in names:
            current = Match(name, a.change)
            with tqdm(total=a.deals, desc=name, unit="pair", file=sys.stderr, dynamic_ncols=True) as bar:
                for i in range(a.deals):
                    current.play_pair(i, budget_kw)
                    bar.update()
                    d = np.array(current.scores)
                    half = f" ±{1.96 * d.std(ddof=1) / math.sqrt(len(d)):.3f}" if len(d) > 1 else ""
                    bar.set_postfix_str(f"mean {d.mean():+.3f}{half}", refresh=False)
            done.append(current)
            current = None
    except KeyboardInterrupt:
        interrupted = True
        if current is not None and current.scores:
            done.append(current)
    print(HEADER)
    for m in done:
        print(m.row(budget_kw))
    note = "; interrupted (Ctrl-C): the last row counts the pairs played" if interrupted else ""
    print(f"\n{time.time() - start:.0f} s{note}")


if __name__ == "__main__":
    main()
