"""The search on `stich bench`'s search positions, for profilers and paired timings.

Searches every bench search position (``stich.bench.positions()``, as the bench's search rows: the
heuristic playout, one thread, seed 1) with ``--iterations`` a position, and prints the
iterations and the CPU seconds of the searches alone. Under ``valgrind --tool=callgrind`` the
instructions of one iteration are the difference between a run at N iterations and one at 1, over
P * (N - 1) for P positions (docs/search.md, "Where an iteration's time goes").

Run:  PYTHONPATH=python python benchmarks/search_profile.py --iterations 20000
"""

from __future__ import annotations

import argparse
import time

import stich
from stich import bench


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=20_000, help="iterations a position (default 20000)")
    a = p.parse_args()
    states = [pos.state() for pos in bench.positions()]
    total, start = 0, time.process_time()
    for s in states:
        total += stich.ismcts(s, iterations=a.iterations, threads=1, seed=1, playout="heuristic").iterations
    print(f"{total} iterations, {time.process_time() - start:.4f} CPU s")


if __name__ == "__main__":
    main()
