"""Search stability: does the best move depend on the seed?

Each position of benchmarks/stability_positions.json is searched with 10 seeds at the default
budget (the iteration counts below: about 2 s of one core each, measured with heuristic playouts
on the suite, docs/search.md). A position is stable when every run names the same best move, or
when each run that names another move than the most frequent one itself declares a statistical
tie (``SearchResult.tied``): no run gives a different answer with confidence.

Run:  PYTHONPATH=python python benchmarks/stability.py [--scale 0.0625] [--seeds 10] [--c 0.7] [--playout random]
      [--log FILE]; ``--from-log FILE`` prints the table of a recorded run again.
The answer's stability as users get it (``stich.analyse``) is measured by benchmarks/quality/.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import stability_positions  # noqa: E402

import stich  # noqa: E402

# Iterations equivalent to about 2 s on one core (heuristic playouts, the suite's mean speed).
BUDGET = {"Couillon": 1_600_000, "Mucken": 1_200_000, "Mistigri": 1_500_000}


def search_runs(state, iterations: int, seeds: int, c: float | None, playout: str) -> list[tuple[str, bool, list]]:
    """Each seed's (best move, declared tie, the top two rows: action, visits, mean, low, high)."""
    out = []
    for seed in range(1, seeds + 1):
        r = stich.ismcts(state, iterations=iterations, seed=seed, c=c, playout=playout)
        top = [[str(x.action), x.visits, x.mean, x.low, x.high] for x in r.table[:2]]
        out.append((str(r.best), r.tied, top))
    return out


def verdict(runs: list[tuple[str, bool, list]]) -> tuple[bool, bool]:
    """(agree, stable): all runs name one move; no run names a minority move without a tie."""
    top = collections.Counter(run[0] for run in runs).most_common(1)[0][0]
    agree = all(run[0] == top for run in runs)
    return agree, agree or all(run[0] == top or run[1] for run in runs)


def measure(scale: float = 1.0, seeds: int = 10, c: float | None = None, playout: str = "heuristic",
            log: Path | None = None) -> list[dict]:
    """Every position's runs, in the file's order; with `log`, each position's row is appended to
    it as a JSON line as soon as it is measured."""
    rows = []
    for entry, state in stability_positions.load():
        runs = search_runs(state, max(1, round(BUDGET[entry["game"]] * scale)), seeds, c, playout)
        agree, stable = verdict(runs)
        rows.append({"game": entry["game"], "kind": entry["kind"], "agree": agree, "stable": stable,
                     "tied": sum(run[1] for run in runs), "runs": runs})
        if log:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rows[-1]) + "\n")
    return rows


def from_log(path: Path) -> list[dict]:
    """A recorded run (``--log``), with the ties its runs declared (the rule needs each run's
    difference intervals, which the log does not keep)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        runs = [(best, tied, top) for best, tied, top in r["runs"]]
        agree, stable = verdict(runs)
        rows.append({**r, "agree": agree, "stable": stable, "tied": sum(run[1] for run in runs), "runs": runs})
    return rows


def table(rows: list[dict]) -> str:
    groups = collections.defaultdict(list)
    for r in rows:
        groups[(r["game"], r["kind"])].append(r)
    lines = ["| game | decision | positions | seeds agree | stable (agree or declared tie) |", "|---|---|---:|---:|---:|"]
    for (game, kind), rs in sorted(groups.items(), key=lambda g: list(BUDGET).index(g[0][0])):
        lines.append(f"| {game} | {kind} | {len(rs)} | {sum(r['agree'] for r in rs)} | {sum(r['stable'] for r in rs)} |")
    n = len(rows)
    agree, stable = sum(r["agree"] for r in rows), sum(r["stable"] for r in rows)
    lines.append(f"| **all** | | **{n}** | **{agree} ({100 * agree / n:.0f}%)** | **{stable} ({100 * stable / n:.0f}%)** |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the default budget")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--c", type=float, default=None, help="exploration constant (default: the game's)")
    ap.add_argument("--playout", default="heuristic")
    ap.add_argument("--verbose", action="store_true", help="print the unstable positions' runs")
    ap.add_argument("--log", type=Path, help="append each position's runs to this file as a JSON line")
    ap.add_argument("--from-log", type=Path, help="re-judge a recorded run (a --log file) instead of searching")
    args = ap.parse_args()
    t = time.perf_counter()
    rows = from_log(args.from_log) if args.from_log else measure(args.scale, args.seeds, args.c, args.playout, args.log)
    print(table(rows))
    print(f"declared ties: {sum(r['tied'] for r in rows)} of {sum(len(r['runs']) for r in rows)} runs")
    if args.verbose:
        for r in rows:
            if not r["stable"]:
                print(r["game"], r["kind"], r["runs"])
    print(f"\n{len(rows)} positions x {args.seeds} seeds, budget x{args.scale:g} of {BUDGET}, c={args.c or 'default'}, "
          f"playout={args.playout}: {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
