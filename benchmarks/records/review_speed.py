"""Records a second of stich.review, by game and number of workers (docs/review.md, "Speed").

    PYTHONPATH=python python benchmarks/records/review_speed.py [--deals 100] [--min-seconds 10] [--open-deals 2000] [--rounds 3]

Each game: at least ``--deals`` (100) deals played by heuristic bots, and more where the game's
records are quick, so that one worker takes about ``--min-seconds`` (10: the workers' start then
weighs as it would in a real review, not as in two seconds of work), reviewed with the default
settings on one worker and on two; then the open-hand review alone (``view=False``) of ``--open-deals`` short-deck
Mucken deals; then, where Ray is installed, ``--ray-deals`` Euchre deals on two workers of a process
pool against a local Ray instance of two CPUs.

Every row runs ``--rounds`` rounds side by side, each round one worker, two workers, and the
machine's own bound: two reviews of the same records on one worker each, at once, in two separate
processes (no pool, nothing sent between them). Their speed-up, twice one review's time over the
pair's, is the most a second core gives this work here (the cores share caches, memory and, on a
virtual machine, the host); the pool's speed-up is measured against it. Printed: the median of
the rounds and each round's figure.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import statistics
import sys
import time

import stich
from stich.review import review


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(records, workers: int, view: bool = True, ray: str | None = None) -> tuple[float, float]:
    """Records a second, and CPU seconds a record (the parent's and the workers')."""
    t0, c0 = time.perf_counter(), cpu_seconds()
    for _ in review(records, workers=workers, view=view, ray=ray):
        pass
    return len(records) / (time.perf_counter() - t0), (cpu_seconds() - c0) / len(records)


def rate(records, workers: int, view: bool = True, ray: str | None = None) -> float:
    return timed(records, workers, view, ray)[0]


def _alone(records, view: bool) -> None:
    for _ in review(records, workers=1, view=view):
        pass


def pair_rate(records, view: bool = True) -> float:
    """Records a second of two one-worker reviews of the records at once, in two processes."""
    t0 = time.perf_counter()
    pair = [multiprocessing.Process(target=_alone, args=(records, view)) for _ in range(2)]
    for p in pair:
        p.start()
    for p in pair:
        p.join()
    return 2 * len(records) / (time.perf_counter() - t0)


def rounds(records, count: int, view: bool = True) -> tuple[float, float, list[float], list[float], float]:
    """Median records a second on one worker and on two; each round's speed-up of the pool and of
    two separate processes (the bound); the median CPU time of two workers over one's (what the
    pool adds: the parent's share, the transfers, and the cores slowing each other)."""
    ones, twos, pool, bound, cpu = [], [], [], [], []
    for _ in range(count):
        (one, cpu_one), (two, cpu_two) = timed(records, 1, view), timed(records, 2, view)
        pair = pair_rate(records, view)
        ones.append(one)
        twos.append(two)
        pool.append(two / one)
        bound.append(pair / one)
        cpu.append(cpu_two / cpu_one)
    return statistics.median(ones), statistics.median(twos), pool, bound, statistics.median(cpu)


def ratios(xs: list[float]) -> str:
    return f"{statistics.median(xs):.2f}x ({', '.join(f'{x:.2f}' for x in xs)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="the fewest deals a game (default 100)")
    parser.add_argument("--min-seconds", type=float, default=10.0,
                        help="more deals where one worker would take less than this (default 10)")
    parser.add_argument("--open-deals", type=int, default=2000)
    parser.add_argument("--ray-deals", type=int, default=1000, help="Euchre deals of the Ray row (default 1000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of one worker, two, and the bound, side by side (default 3)")
    args = parser.parse_args(argv)
    print("| game | deals | records a second, 1 worker | 2 workers | speed-up (each round) | bound: two processes (each round) "
          "| CPU, 2 workers over 1 |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, game_class in stich.GAMES.items():
        game = game_class()
        bots = [stich.HeuristicBot() for _ in range(game.num_players)]
        records = stich.play(game, bots, deals=args.deals, seed=9, records=True)[1]
        want = math.ceil(rate(records[:20], 1) * args.min_seconds)   # the deals one worker reviews in min_seconds
        if want > len(records):
            records = stich.play(game, bots, deals=want, seed=9, records=True)[1]
        one, two, pool, bound, cpu = rounds(records, args.rounds)
        print(f"| {name} | {len(records)} | {one:.1f} | {two:.1f} | {ratios(pool)} | {ratios(bound)} | {cpu:.3f} |", flush=True)
    game = stich.Mucken()
    records = stich.play(game, [stich.HeuristicBot() for _ in range(4)], deals=args.open_deals, seed=9, records=True)[1]
    one, two, pool, bound, cpu = rounds(records, args.rounds, view=False)
    print(f"\nopen-hand only, {args.open_deals:,} short-deck Mucken deals: {one:.0f} records a second on one worker, "
          f"{two:.0f} on two, {ratios(pool)}; bound {ratios(bound)}; CPU {cpu:.3f}: 10,000 deals in {10000 / two:.0f} s")
    try:
        import ray
    except ImportError:
        print("Ray is not installed: no Ray row")
        return 0
    game = stich.Euchre()
    records = stich.play(game, [stich.HeuristicBot() for _ in range(4)], deals=args.ray_deals, seed=9, records=True)[1]
    pool, on_ray = rate(records, 2), rate(records, 2, ray="local")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)   # started before the clock: the work alone
    try:
        warm = rate(records, 2, ray="local")
    finally:
        ray.shutdown()
    print(f"Euchre, {args.ray_deals} deals, two workers: process pool {pool:.1f} records a second; a local Ray instance "
          f"{on_ray:.1f} with its start ({on_ray / pool:.2f}x), {warm:.1f} once started ({warm / pool:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
