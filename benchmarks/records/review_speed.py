"""Records a second of stich.review, by game and number of workers (docs/review.md, "Speed").

    PYTHONPATH=python python benchmarks/records/review_speed.py [--deals 100] [--min-seconds 10] [--open-deals 2000]

Each game: at least ``--deals`` (100) deals played by heuristic bots, and more where the game's
records are quick, so that one worker takes about ``--min-seconds`` (10: the workers' start then
weighs as it would in a real review, not as in two seconds of work), reviewed with the default
settings on one worker and on two; then the open-hand review alone (``view=False``) of ``--open-deals`` short-deck
Mucken deals; then, where Ray is installed, ``--ray-deals`` Euchre deals on two workers of a process
pool against a local Ray instance of two CPUs.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import stich
from stich.review import review


def rate(records, workers: int, view: bool = True, ray: str | None = None) -> float:
    t0 = time.perf_counter()
    for _ in review(records, workers=workers, view=view, ray=ray):
        pass
    return len(records) / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="the fewest deals a game (default 100)")
    parser.add_argument("--min-seconds", type=float, default=10.0,
                        help="more deals where one worker would take less than this (default 10)")
    parser.add_argument("--open-deals", type=int, default=2000)
    parser.add_argument("--ray-deals", type=int, default=1000, help="Euchre deals of the Ray row (default 1000)")
    args = parser.parse_args(argv)
    print("| game | deals | records a second, 1 worker | 2 workers | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for name, game_class in stich.GAMES.items():
        game = game_class()
        bots = [stich.HeuristicBot() for _ in range(game.num_players)]
        records = stich.play(game, bots, deals=args.deals, seed=9, records=True)[1]
        want = math.ceil(rate(records[:20], 1) * args.min_seconds)   # the deals one worker reviews in min_seconds
        if want > len(records):
            records = stich.play(game, bots, deals=want, seed=9, records=True)[1]
        one, two = rate(records, 1), rate(records, 2)
        print(f"| {name} | {len(records)} | {one:.1f} | {two:.1f} | {two / one:.2f}x |", flush=True)
    game = stich.Mucken()
    records = stich.play(game, [stich.HeuristicBot() for _ in range(4)], deals=args.open_deals, seed=9, records=True)[1]
    one, two = rate(records, 1, view=False), rate(records, 2, view=False)
    print(f"\nopen-hand only, {args.open_deals:,} short-deck Mucken deals: {one:.0f} records a second on one worker, "
          f"{two:.0f} on two ({two / one:.2f}x): 10,000 deals in {10000 / two:.0f} s")
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
