"""A bounded load test of ``stich serve`` on localhost (docs/web.md, "Load"): ``--clients``
concurrent clients for ``--seconds`` seconds, each dealing a board of a random game, playing it
to the end by random legal actions with the open-hand values at every card (``/solve``) and, at
every fifth decision, an analysis from the seat's view of ``--budget`` seconds (``/analyse`` with
``wait``), a step back and the board deleted, then the next board. Reports the requests, the errors (any answer but 2xx, or no
answer), the median and 99th-percentile latency of each kind of request, and the server's
resident memory (RSS) after a warm-up and at the end.

    python benchmarks/web/load.py                      # 8 clients, 30 s
    python benchmarks/web/load.py --clients 2 --seconds 3
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import stich


def rss_mib(pid: int) -> float:
    """The resident memory of a process in MiB (Linux: /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Client(threading.Thread):
    def __init__(self, address: str, seed: int, until: float, budget: float) -> None:
        super().__init__(daemon=True)
        host, port = address.rsplit(":", 1)
        self.conn = http.client.HTTPConnection(host, int(port), timeout=120)
        self.rng = random.Random(seed)
        self.until, self.budget = until, budget
        self.latency: dict[str, list[float]] = {}
        self.errors: list[str] = []

    def call(self, kind: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=None if body is None else json.dumps(body),
                              headers={"Content-Type": "application/json"})
            response = self.conn.getresponse()
            data = json.loads(response.read())
        except (OSError, http.client.HTTPException, ValueError) as e:
            self.errors.append(f"{kind}: {e}")
            self.conn.close()
            return None
        self.latency.setdefault(kind, []).append(time.perf_counter() - start)
        if not 200 <= response.status < 300:
            self.errors.append(f"{kind}: {response.status} {data.get('error')}")
            return None
        return data

    def run(self) -> None:
        try:
            self.play()
        finally:
            self.conn.close()

    def play(self) -> None:
        games = list(stich.GAMES)
        while time.monotonic() < self.until:
            board = self.call("deal", "POST", "/api/boards", {"game": self.rng.choice(games), "seed": self.rng.randrange(2**32)})
            decisions = 0
            while board is not None and not board["terminal"] and time.monotonic() < self.until:
                if board["solvable"]:
                    self.call("solve", "POST", f"/api/boards/{board['id']}/solve")
                if decisions % 5 == 0:
                    job = self.call("analyse", "POST", f"/api/boards/{board['id']}/analyse",
                                    {"seconds": self.budget, "wait": True, "seed": decisions})
                    if job is not None and job["status"] != "done":
                        self.errors.append(f"analyse: {job['status']} {job['error']}")
                decisions += 1
                board = self.call("apply", "POST", f"/api/boards/{board['id']}/apply",
                                  {"action": self.rng.choice(board["legal"])})
            if board is not None and board["terminal"]:
                self.call("step back", "POST", f"/api/boards/{board['id']}/goto", {"at": len(board["history"]) // 2})
                self.call("delete", "DELETE", f"/api/boards/{board['id']}")


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(clients: int = 8, seconds: float = 30.0, budget: float = 0.2, warmup: float = 3.0) -> dict[str, Any]:
    """Starts ``stich serve`` on a free port, loads it, stops it; the figures as a dict."""
    server = subprocess.Popen([sys.executable, "-m", "stich", "serve", "--port", "0", "--analyses", "2", "--no-token"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline() if server.stdout else ""
        if "http://" not in line:
            raise RuntimeError(f"stich serve did not start: {line!r}")
        address = line.split("http://", 1)[1].split("/", 1)[0]
        start = time.monotonic()
        threads = [Client(address, k, start + warmup + seconds, budget) for k in range(clients)]
        for t in threads:
            t.start()
        time.sleep(warmup)
        rss = [rss_mib(server.pid)]
        while any(t.is_alive() for t in threads):   # the server's memory every second
            time.sleep(1.0)
            rss.append(rss_mib(server.pid))
        for t in threads:
            t.join()
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
    kinds: dict[str, list[float]] = {}
    for t in threads:
        for kind, values in t.latency.items():
            kinds.setdefault(kind, []).extend(values)
    every = [v for values in kinds.values() for v in values]
    return {
        "clients": clients, "seconds": seconds, "budget": budget,
        "requests": len(every), "errors": [e for t in threads for e in t.errors],
        "median_ms": 1000 * statistics.median(every), "p99_ms": 1000 * quantile(every, 0.99),
        "kinds": {k: {"n": len(v), "median_ms": 1000 * statistics.median(v), "p99_ms": 1000 * quantile(v, 0.99)}
                  for k, v in sorted(kinds.items())},
        "rss_start_mib": rss[0], "rss_end_mib": rss[-1], "rss_max_mib": max(rss),
        "rss_half_mib": rss[len(rss) // 2], "rss_every_second_mib": rss,
    }


def report(r: dict[str, Any]) -> str:
    lines = [f"{r['clients']} clients, {r['seconds']:g} s (analyses of {r['budget']:g} s): {r['requests']:,} requests, "
             f"{len(r['errors'])} errors; latency median {r['median_ms']:.1f} ms, p99 {r['p99_ms']:.0f} ms; "
             f"server RSS {r['rss_start_mib']:.0f} MiB after the warm-up, {r['rss_half_mib']:.0f} MiB halfway, "
             f"{r['rss_end_mib']:.0f} MiB at the end (at most {r['rss_max_mib']:.0f} MiB)",
             f"  {'request':<10} {'n':>7} {'median ms':>10} {'p99 ms':>8}"]
    lines += [f"  {k:<10} {v['n']:>7,} {v['median_ms']:>10.1f} {v['p99_ms']:>8.0f}" for k, v in r["kinds"].items()]
    lines += [f"  error: {e}" for e in r["errors"][:10]]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--budget", type=float, default=0.2, help="each analysis's seconds (default 0.2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    r = run(args.clients, args.seconds, args.budget)
    print(json.dumps(r, indent=2) if args.json else report(r))
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
