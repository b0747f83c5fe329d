"""The review's open-hand values against independent solves, over many random records a game
(docs/review.md, "Checks"): after each record's moves, every card-play decision's values from the
review (one analyse_deal a deal) must equal a separate ``stich.solve`` of that position.

    PYTHONPATH=python python benchmarks/records/check_open_values.py [--records 2000] [--seed 1]

Records are played by random and heuristic bots on alternate seats from seeds apart from the
tests'. Prints the decisions checked a game and every disagreement (exit code 1 if any).
"""

from __future__ import annotations

import argparse
import sys
import time

import stich
from stich.review import review


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    bad = 0
    for name, game_class in stich.GAMES.items():
        t0 = time.perf_counter()
        game = game_class()
        bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
        records = stich.play(game, bots, deals=args.records, seed=5_000_000 + args.seed, records=True)[1]
        checked = 0
        for record, rv in zip(records, review(records, view=False, workers=2)):
            for d in rv["decisions"]:
                if d["open"] is None:
                    continue
                values = {str(a): v for a, v in stich.solve(record.state(at=d["index"])).values.items()}
                want = (values[d["played"]], max(values.values()))
                if (d["open"]["value_played"], d["open"]["value_best"]) != want:
                    bad += 1
                    print(f"{name} record {rv['record']} action {d['index']}: review {d['open']}, solve {want}")
                checked += 1
        print(f"{name}: {len(records)} records, {checked} card-play decisions checked, {time.perf_counter() - t0:.0f} s", flush=True)
    print("all agree" if bad == 0 else f"{bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
