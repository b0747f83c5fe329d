"""The Python objects of ``stich serve`` stay bounded under use (docs/web.md, "Load"): the API in
this process (Starlette's test client) with small limits (8 boards, 16 finished analyses kept),
boards dealt of random games and played to the end by random legal actions with the open-hand
values at every card and an analysis of 0.05 s at every seventh decision, abandoned (not deleted)
half the time; ``tracemalloc``'s count of the Python heap after a garbage collection every
``--every`` seconds.

    python benchmarks/web/heap.py --seconds 60
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc

from starlette.testclient import TestClient

import stich
from stich.web import Limits, create_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=10.0)
    args = parser.parse_args()
    tracemalloc.start()
    rng = random.Random(1)
    games = list(stich.GAMES)
    with TestClient(create_app(Limits(boards=8, jobs=16)), base_url="http://127.0.0.1",
                    headers={"Content-Type": "application/json"}) as client:   # as the page speaks to it
        start = time.monotonic()
        report = start + args.every
        deals = 0
        while time.monotonic() - start < args.seconds:
            board = client.post("/api/boards", json={"game": rng.choice(games), "seed": rng.randrange(2**32)}).json()
            k = 0
            while not board["terminal"]:
                if board["solvable"]:
                    client.post(f"/api/boards/{board['id']}/solve")
                if k % 7 == 0:
                    client.post(f"/api/boards/{board['id']}/analyse", json={"seconds": 0.05, "wait": True})
                board = client.post(f"/api/boards/{board['id']}/apply", json={"action": rng.choice(board["legal"])}).json()
                k += 1
            if rng.random() < 0.5:
                client.delete(f"/api/boards/{board['id']}")
            deals += 1
            if time.monotonic() > report:
                gc.collect()
                heap = tracemalloc.get_traced_memory()[0] / 2**20
                print(f"{time.monotonic() - start:5.0f} s: {deals:4} deals, Python heap {heap:.2f} MiB", flush=True)
                report += args.every


if __name__ == "__main__":
    main()
