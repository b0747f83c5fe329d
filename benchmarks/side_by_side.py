"""Two builds of stich side by side: the speed table of docs/bench.md (before/after a change).

Runs the same calls with two importable stich packages (each a folder that holds ``stich/`` with
its built ``_core``), alternately in fresh interpreters, ``--runs`` times; each figure is the
median over the runs of the fastest of ``--repeats`` (timeit). Prints a markdown table: time
before, time after, their ratio (after / before; below 1 is faster) and the rate after.
``--paired N`` instead keeps one interpreter per build and times each call N times in each,
the two builds one right after the other (which goes first alternates): the ratio is the median
of the N pairs' ratios, so that a machine whose load changes from second to second (other
work on its cores) weighs on both sides of each pair alike. ``--instructions`` counts the
instructions of each call once instead (valgrind's cachegrind, the setups' count subtracted; no
threads of numpy's, a fixed hash seed): the same count on every run, however busy the machine.

Run:  python benchmarks/side_by_side.py OLD_DIR NEW_DIR [--runs 3] [--repeats 9] [--calls speed|solver] [--cpu]
      [--paired N | --instructions]
(e.g. OLD_DIR: a worktree of the old commit with its module built; see docs/bench.md "Speed history").
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

# (label, setup, call, work, unit): `call` is timed; `work` units per call for the rate.
CALLS = [
    ("Couillon, 200,000 random deals (`stich.Couillon().random_playouts(200_000, seed=1)`)",
     "g = stich.Couillon()", "g.random_playouts(200_000, seed=1)", 200_000, "deals/s"),
    ("Mucken with a random auction and doubling, 200,000 deals",
     "g = stich.Mucken()", "g.random_playouts(200_000, seed=1)", 200_000, "deals/s"),
    ("Mistigri, 4 players, random bidding and exchange, 200,000 deals",
     "g = stich.Mistigri()", "g.random_playouts(200_000, seed=1)", 200_000, "deals/s"),
    ("Mönch, 4 players, 200,000 deals",
     "g = stich.Mistigri(monch=True)", "g.random_playouts(200_000, seed=1)", 200_000, "deals/s"),
    ("Euchre, 200,000 random deals",
     "g = stich.Euchre()", "g.random_playouts(200_000, seed=1)", 200_000, "deals/s"),
    ("One Couillon deal through the Python API (`legal_actions()` + `apply()`, ~24 steps)",
     "g = stich.Couillon()",
     "s = g.deal(seed=1)\nwhile not s.is_terminal:\n    s.apply(s.legal_actions()[0])", 1, "deals/s"),
    ("ISMCTS, Couillon right after the deal, 100,000 iterations, random playouts",
     "s = stich.Couillon().deal(seed=1)", "stich.ismcts(s, iterations=100_000, playout='random', seed=1)", 100_000, "it/s"),
    ("ISMCTS, Mucken right after the deal (auction)",
     "s = stich.Mucken().deal(seed=1)", "stich.ismcts(s, iterations=100_000, playout='random', seed=1)", 100_000, "it/s"),
    ("ISMCTS, Mistigri right after the deal (bidding)",
     "s = stich.Mistigri().deal(seed=1)", "stich.ismcts(s, iterations=100_000, playout='random', seed=1)", 100_000, "it/s"),
    ("ISMCTS, Euchre right after the deal (bidding)",
     "s = stich.Euchre().deal(seed=1)", "stich.ismcts(s, iterations=100_000, playout='random', seed=1)", 100_000, "it/s"),
]

# --calls solver: the open-hand solver's Python calls, whose conversion of the results to Python
# objects is part of what is timed (a whole deal's analysis makes hundreds of LineMoves).
_PLAY = ("def play(game, n, cards=99):\n"
         "    out = []\n"
         "    for seed in range(n):\n"
         "        s = game.deal(seed=seed)\n"
         "        while s.phase != 'play' or len(s.hand(s.current_player)) > cards:\n"
         "            s.apply(s.heuristic_action(seed))\n"
         "        out.append(s)\n"
         "    return out\n")
_MOVES = ("def moves(s):\n"
          "    s, out = s.clone(), []\n"
          "    while not s.is_terminal:\n"
          "        out.append(s.heuristic_action(1))\n"
          "        s.apply(out[-1])\n"
          "    return out\n")
SOLVER_CALLS = [
    ("`analyse_deal` of 200 Couillon deals from the first card, along the best cards",
     _PLAY + "ss = play(stich.Couillon(), 200)", "for s in ss: stich.analyse_deal(s)", 200, "deals/s"),
    ("`analyse_deal` of 200 Mucken deals from 4 cards a hand, along the heuristic's cards (as `stich review`)",
     _PLAY + _MOVES + "ss = [(s, moves(s)) for s in play(stich.Mucken(), 200, cards=4)]",
     "for s, m in ss: stich.analyse_deal(s, m)", 200, "deals/s"),
    ("`analyse_deal(lines=False)` of the same 200 Mucken deals",
     _PLAY + _MOVES + "ss = [(s, moves(s)) for s in play(stich.Mucken(), 200, cards=4)]",
     "for s, m in ss: stich.analyse_deal(s, m, lines=False)", 200, "deals/s"),
    ("`solve` of 200 Euchre positions with 3 cards a hand (the conversion weighs most)",
     _PLAY + "ss = play(stich.Euchre(), 200, cards=3)", "for s in ss: stich.solve(s)", 200, "solves/s"),
    ("`pimc` of 50 Mucken positions with 4 cards a hand, 20 worlds each",
     _PLAY + "ss = play(stich.Mucken(), 50, cards=4)", "for s in ss: stich.pimc(s, worlds=20, seed=1)", 50, "calls/s"),
]

CHILD = r"""
import json, sys, time, timeit
sys.path.insert(0, sys.argv[1])
import stich
calls = json.loads(sys.argv[2])
repeats = int(sys.argv[3])
timer = time.process_time if sys.argv[4] == "cpu" else time.perf_counter
out = []
for setup, call in calls:
    env = {"stich": stich}
    exec(setup, env)
    out.append(min(timeit.repeat(call, globals=env, number=1, repeat=repeats, timer=timer)))
print(json.dumps(out))
"""


# One interpreter of a build for --paired: the setups run once; then each line "i" read times call i once.
PAIRED_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import stich
calls = json.loads(sys.argv[2])
timer = time.process_time if sys.argv[3] == "cpu" else time.perf_counter
envs = []
for setup, call in calls:
    env = {"stich": stich}
    exec(setup, env)
    envs.append((compile(call, "<call>", "exec"), env))
print("ready", flush=True)
for line in sys.stdin:
    code, env = envs[int(line)]
    start = timer()
    exec(code, env)
    print(timer() - start, flush=True)
"""


def paired(old: str, new: str, rounds: int, table: list[tuple[str, str, str, int, str]], timer: str) -> None:
    calls = json.dumps([(setup, call) for _, setup, call, _, _ in table])
    children = [subprocess.Popen([sys.executable, "-c", PAIRED_CHILD, folder, calls, timer], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True) for folder in (old, new)]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"

    def once(child: subprocess.Popen, i: int) -> float:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(f"{i}\n")
        child.stdin.flush()
        return float(child.stdout.readline())

    print("| what | before | now | ratio (median of pairs) | rate now |\n|---|---:|---:|---:|---:|")
    for i, (label, _, _, work, unit) in enumerate(table):
        once(children[0], i), once(children[1], i)   # warm both
        pairs = []
        for r in range(rounds):
            first = r % 2
            t = {first: once(children[first], i)}
            t[1 - first] = once(children[1 - first], i)
            pairs.append((t[0], t[1]))
        b = statistics.median(p[0] for p in pairs)
        n = statistics.median(p[1] for p in pairs)
        ratio = statistics.median(p[1] / p[0] for p in pairs)
        shown = (lambda t: f"{t * 1e6:.1f} µs") if b < 1e-3 else (lambda t: f"{t * 1e3:.1f} ms")
        print(f"| {label} | {shown(b)} | {shown(n)} | {ratio:.3f} | {rate(work / n)} {unit} |")
    for child in children:
        assert child.stdin is not None
        child.stdin.close()
        child.wait()


# One interpreter for --instructions: the setups, then call argv[3] once (none for -1).
COUNT_CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import stich
calls = json.loads(sys.argv[2])
envs = []
for setup, call in calls:
    env = {"stich": stich}
    exec(setup, env)
    envs.append((call, env))
i = int(sys.argv[3])
if i >= 0:
    exec(envs[i][0], envs[i][1])
"""


def instructions(old: str, new: str, table: list[tuple[str, str, str, int, str]]) -> None:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("--instructions needs valgrind")
    calls = json.dumps([(setup, call) for _, setup, call, _, _ in table])
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}

    def count(folder: str, i: int) -> int:
        done = subprocess.run([valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                               sys.executable, "-c", COUNT_CHILD, folder, calls, str(i)],
                              capture_output=True, text=True, env=env, check=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        assert found, done.stderr[-2000:]
        return int(found.group(1).replace(",", ""))

    base = {folder: count(folder, -1) for folder in (old, new)}
    print("| what | instructions before | now | ratio |\n|---|---:|---:|---:|")
    for i, (label, *_) in enumerate(table):
        b, n = (count(folder, i) - base[folder] for folder in (old, new))
        print(f"| {label} | {b / 1e6:,.1f} M | {n / 1e6:,.1f} M | {n / b:.3f} |")


def measure(folder: str, repeats: int, table: list[tuple[str, str, str, int, str]], timer: str) -> list[float]:
    calls = json.dumps([(setup, call) for _, setup, call, _, _ in table])
    done = subprocess.run([sys.executable, "-c", CHILD, folder, calls, str(repeats), timer],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def rate(x: float) -> str:
    return f"{x / 1e6:.2f} M" if x >= 1e5 else f"{x:,.0f}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--repeats", type=int, default=9)
    p.add_argument("--calls", choices=("speed", "solver"), default="speed",
                   help="speed: docs/bench.md's table; solver: the solver's Python calls")
    p.add_argument("--cpu", action="store_true",
                   help="time the process's CPU seconds (all threads) instead of the wall clock: steadier on a busy machine")
    p.add_argument("--paired", type=int, metavar="N", help="N pairs of calls in one interpreter a build (see above)")
    p.add_argument("--instructions", action="store_true", help="count each call's instructions with valgrind (see above)")
    a = p.parse_args()
    table = CALLS if a.calls == "speed" else SOLVER_CALLS
    timer = "cpu" if a.cpu else "wall"
    if a.instructions:
        instructions(a.old, a.new, table)
        return
    if a.paired:
        paired(a.old, a.new, a.paired, table, timer)
        return
    old, new = [], []
    for _ in range(a.runs):
        old.append(measure(a.old, a.repeats, table, timer))
        new.append(measure(a.new, a.repeats, table, timer))
    print("| what | before | now | ratio | rate now |\n|---|---:|---:|---:|---:|")
    for i, (label, _, _, work, unit) in enumerate(table):
        b = statistics.median(r[i] for r in old)
        n = statistics.median(r[i] for r in new)
        shown = (lambda t: f"{t * 1e6:.1f} µs") if b < 1e-3 else (lambda t: f"{t * 1e3:.1f} ms")
        print(f"| {label} | {shown(b)} | {shown(n)} | {n / b:.3f} | {rate(work / n)} {unit} |")


if __name__ == "__main__":
    main()
