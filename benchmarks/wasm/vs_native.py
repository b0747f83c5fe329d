"""The WebAssembly build against the native one, side by side (docs/wasm.md, "Speed"): the
positions of ``stich bench`` searched by ISMCTS (iterations a second) and its solver rows' deals
solved open-handed (deals a second), in CPU seconds (steadier than the clock on a busy machine),
natively through the Python API in this interpreter and in Node through stich.mjs
(benchmarks/wasm/run.mjs), in alternating rounds so that the machine's load weighs on both alike.
Prints a markdown table: each row's median rate on both sides and their ratio (wasm / native;
the target is at least 0.5), then the geometric means.

    PYTHONPATH=python python benchmarks/wasm/vs_native.py WASM_DIR [WASM_DIR ...] [--rounds 5] [--iterations 20000]

Several WASM_DIRs (builds with other flags: STICH_WASM_FLAGS of tools/wasm.sh) get a column each.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import time
from pathlib import Path

import stich
import stich.bench
from stich.search import ismcts
from stich.solve import solve

HERE = Path(__file__).resolve().parent


def native_round(iterations: int) -> dict[str, float]:
    out = {}
    for p in stich.bench.positions():
        state = p.state()
        t = time.process_time()
        ismcts(state, iterations=iterations, threads=1, seed=1)
        out[f"search: {p.name}"] = time.process_time() - t
    for name, game, deals in stich.bench.solve_cases():
        states = stich.bench.first_cards(game, deals)
        t = time.process_time()
        for s in states:
            solve(s)
        out[f"solve: {name}"] = time.process_time() - t
    return out


def wasm_round(wasm_dir: str, iterations: int) -> dict[str, float]:
    done = subprocess.run(["node", str(HERE / "run.mjs"), wasm_dir, str(iterations)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wasm_dirs", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=20_000)
    args = parser.parse_args()
    sides = ["native", *args.wasm_dirs]
    times: dict[str, dict[str, list[float]]] = {s: {} for s in sides}
    for r in range(args.rounds):
        order = sides if r % 2 == 0 else sides[::-1]
        for side in order:
            got = native_round(args.iterations) if side == "native" else wasm_round(side, args.iterations)
            for row, seconds in got.items():
                times[side].setdefault(row, []).append(seconds)
    work = {f"search: {p.name}": args.iterations for p in stich.bench.positions()}
    work.update({f"solve: {name}": deals for name, _, deals in stich.bench.solve_cases()})
    print("| row | native /s | " + " | ".join(f"{Path(d).name} /s | ratio" for d in args.wasm_dirs) + " |")
    print("|---|---:|" + "---:|---:|" * len(args.wasm_dirs))
    ratios: dict[str, dict[str, list[float]]] = {d: {"search": [], "solve": []} for d in args.wasm_dirs}
    for row in times["native"]:
        native = work[row] / statistics.median(times["native"][row])
        cells = []
        for d in args.wasm_dirs:
            rate = work[row] / statistics.median(times[d][row])
            ratios[d][row.split(":")[0]].append(rate / native)
            cells.append(f"{rate:,.0f} | {rate / native:.2f}")
        print(f"| {row} | {native:,.0f} | " + " | ".join(cells) + " |")
    for kind in ("search", "solve"):
        means = [f"{Path(d).name}: {math.exp(statistics.fmean(math.log(x) for x in ratios[d][kind])):.2f}" for d in args.wasm_dirs]
        print(f"\ngeometric mean of the {kind} ratios (wasm / native): " + ", ".join(means))
    print(f"\n{args.rounds} rounds, {args.iterations} iterations a search; stich {stich.__version__}; node "
          + subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
