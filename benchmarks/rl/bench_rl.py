"""Environment steps a second, side by side in one run (docs/rl.md, "Speed"): stich's PettingZoo
AEC environment and its C++ vector environment (by num_envs and threads, observations and masks
included) on Euchre, against OpenSpiel's rl_environment on euchre (the same game), and against
RLCard and a PettingZoo classic card environment on their own games. Every engine steps with a
cheap legal action (the first legal one), so the figure is the environment's own cost plus that
pick. For the vector rows the pick (NumPy's argmax over the masks) is a sizeable share of a step,
so their last column counts the CPU time inside the environment's calls alone.

    PYTHONPATH=python python benchmarks/rl/bench_rl.py [--seconds 2] [--repeats 3] [--json out.json]
    python benchmarks/rl/bench_rl.py --builds OLD_DIR NEW_DIR [--seconds 1] [--repeats 5]

Each row runs ``--repeats`` times for about ``--seconds`` each and reports the median; a peer that
is not installed is reported as such and skipped (all of them: ``pip install open_spiel rlcard pygame``;
PettingZoo's classic environments import pygame). ``--builds``: stich's rows
only, for each folder (one that holds ``stich/`` with its built ``_core``), the builds taking turns
in fresh interpreters ``--repeats`` times, then the medians side by side and the ratio of the last
build to the first. Ctrl-C stops after the current measurement and prints what was measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable

import numpy as np


def rate(run: Callable[[float], Any], seconds: float, repeats: int) -> tuple[float, float, float | None]:
    """Median steps a second of `run(seconds)`, by the clock and by the process's CPU time (on a
    busy machine the second is what the steps cost; with threads it counts every thread's time),
    and where `run` returns (steps, CPU seconds inside the environment's calls) instead of steps,
    the steps per CPU second of those calls alone."""
    wall, cpu, inside = [], [], []
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        out = run(seconds)
        steps, in_calls = out if isinstance(out, tuple) else (out, None)
        wall.append(steps / (time.perf_counter() - t0))
        cpu.append(steps / max(time.process_time() - c0, 1e-9))
        if in_calls is not None:
            inside.append(steps / max(in_calls, 1e-9))
    return statistics.median(wall), statistics.median(cpu), statistics.median(inside) if inside else None


def stich_aec(game: str, raw: bool = False) -> Callable[[float], int]:
    import stich.envs

    def run(seconds: float) -> int:
        env = stich.envs.raw_env(game) if raw else stich.envs.env(game)
        env.reset(seed=1)
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(1000):
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.reset()
                    continue
                env.step(int(obs["action_mask"].argmax()))
                steps += 1
        return steps
    return run


def stich_vector(game: str, num_envs: int, threads: int, dtype: str = "float32") -> Callable[[float], tuple[int, float]]:
    import stich.envs

    def run(seconds: float) -> tuple[int, float]:
        """The steps taken and the CPU seconds inside env.step (the argmax that picks the actions
        left out: about 25 ns an env, for Euchre's 95 flags a row)."""
        env = stich.envs.VectorEnv(game, num_envs=num_envs, threads=threads, seed=1, observation_dtype=dtype)
        obs, _ = env.reset()
        steps, inside, end = 0, 0.0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(20):
                actions = obs["action_mask"].argmax(axis=1)
                c0 = time.process_time()
                obs, *_ = env.step(actions)
                inside += time.process_time() - c0
                steps += num_envs
        return steps, inside
    return run


def openspiel_rl(game: str) -> Callable[[float], int]:
    from open_spiel.python import rl_environment

    def run(seconds: float) -> int:
        env = rl_environment.Environment(game)
        env.seed(1)
        ts = env.reset()
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(200):
                if ts.last():
                    ts = env.reset()
                    continue
                player = ts.observations["current_player"]
                ts = env.step([ts.observations["legal_actions"][player][0]])
                steps += 1
        return steps
    return run


def rlcard_env(game: str) -> Callable[[float], int]:
    import rlcard

    def run(seconds: float) -> int:
        env = rlcard.make(game, config={"seed": 1})
        state, _ = env.reset()
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(200):
                state, _ = env.step(next(iter(state["legal_actions"])))
                steps += 1
                if env.is_over():
                    state, _ = env.reset()
        return steps
    return run


def pettingzoo_classic(module: str) -> Callable[[float], int]:
    import importlib

    make = importlib.import_module(f"pettingzoo.classic.{module}").env

    def run(seconds: float) -> int:
        env = make()
        env.reset(seed=1)
        steps, end = 0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(200):
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.reset()
                    continue
                env.step(int(np.flatnonzero(obs["action_mask"])[0]))
                steps += 1
        return steps
    return run


def rows(game: str, envs: list[int], threads: list[int], peers: bool = True,
         dtypes: tuple[str, ...] = ("float32",)) -> list[tuple[str, str, Callable[[], Callable[[float], int]]]]:
    """(engine, what, maker) of every row, in order (stich's alone without `peers`); the vector rows
    for each observation dtype in `dtypes`."""
    out: list[tuple[str, str, Callable[[], Callable[[float], int]]]] = [
        ("stich", f"{game} AEC environment (env(): the call order enforced)", lambda: stich_aec(game)),
        ("stich", f"{game} AEC environment (raw_env: the same, unwrapped)", lambda: stich_aec(game, raw=True))]
    for dtype in dtypes:
        kind = "" if dtype == "float32" else f", {dtype} observations"
        for n in envs:
            for t in threads:
                out.append(("stich", f"{game} VectorEnv, num_envs={n}, threads={t}{kind}",
                            lambda n=n, t=t, dtype=dtype: stich_vector(game, n, t, dtype)))
    if not peers:
        return out
    # OpenSpiel plays Euchre alone of stich's games: its row is Euchre's whatever --game says.
    out.append(("OpenSpiel", "Euchre rl_environment", lambda: openspiel_rl("euchre")))
    out.append(("RLCard", "leduc-holdem", lambda: rlcard_env("leduc-holdem")))
    out.append(("RLCard", "uno", lambda: rlcard_env("uno")))
    out.append(("RLCard", "gin-rummy", lambda: rlcard_env("gin-rummy")))
    out.append(("PettingZoo classic", "texas_holdem_v4 (AEC)", lambda: pettingzoo_classic("texas_holdem_v4")))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Euchre", help="the stich game (default Euchre, which OpenSpiel also plays)")
    parser.add_argument("--seconds", type=float, default=2.0, help="each measurement's length (default 2)")
    parser.add_argument("--repeats", type=int, default=3, help="measurements a row; the median is reported (default 3)")
    parser.add_argument("--envs", type=int, nargs="+", default=[64, 512, 4096], help="num_envs of the vector rows")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="threads of the vector rows")
    parser.add_argument("--dtypes", nargs="+", default=["float32", "uint8"], choices=["float32", "uint8"],
                        help="observation dtypes of the vector rows (default both; an older build under --builds: float32)")
    parser.add_argument("--json", default=None, help="also write the rows to this file")
    parser.add_argument("--builds", nargs="+", default=None, metavar="DIR", help="compare stich builds (folders holding stich/)")
    parser.add_argument("--no-peers", action="store_true", help="stich's rows only")
    args = parser.parse_args(argv)
    if args.builds:
        return compare_builds(args)
    results: list[dict[str, Any]] = []
    try:
        for engine, what, maker in rows(args.game, args.envs, args.threads, peers=not args.no_peers, dtypes=tuple(args.dtypes)):
            try:
                run = maker()
            except ImportError as e:
                results.append({"engine": engine, "what": what, "steps_per_second": None, "steps_per_cpu_second": None,
                                "steps_per_cpu_second_in_calls": None, "note": f"not installed ({e.name})"})
                continue
            wall, cpu, inside = rate(run, args.seconds, args.repeats)
            results.append({"engine": engine, "what": what, "steps_per_second": wall, "steps_per_cpu_second": cpu,
                            "steps_per_cpu_second_in_calls": inside, "note": ""})
            print(f"{engine:>18}  {what:<66} {wall:>14,.0f} {cpu:>14,.0f} {'' if inside is None else f'{inside:>14,.0f}'}",
                  file=sys.stderr)
    except KeyboardInterrupt:
        print("stopped: the rows measured so far", file=sys.stderr)
    peer = next((r["steps_per_second"] for r in results if r["engine"] == "OpenSpiel" and r["steps_per_second"]), None)
    print("| engine | environment | steps/s (median) | vs OpenSpiel | steps per CPU second (median) | "
          "steps per CPU second in env.step alone (median) |")
    print("|---|---|---:|---:|---:|---:|")
    for r in results:
        sps, cpu, inside = r["steps_per_second"], r["steps_per_cpu_second"], r["steps_per_cpu_second_in_calls"]
        ratio = f"{sps / peer:,.0f}x" if sps and peer else ""
        print(f"| {r['engine']} | {r['what']} | {f'{sps:,.0f}' if sps else r['note']} | {ratio} | {f'{cpu:,.0f}' if cpu else ''} | "
              f"{f'{inside:,.0f}' if inside else ''} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    return 0


def compare_builds(args: argparse.Namespace) -> int:
    """stich's rows measured with each build in turn, in fresh interpreters; medians side by side."""
    runs: list[list[list[dict[str, Any]]]] = [[] for _ in args.builds]   # per build, per round: the rows
    child = [sys.executable, os.path.abspath(__file__), "--no-peers", "--game", args.game, "--seconds", str(args.seconds),
             "--repeats", "1", "--envs", *map(str, args.envs), "--threads", *map(str, args.threads), "--dtypes", *args.dtypes]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for r in range(args.repeats):
                for b, folder in enumerate(args.builds):
                    out = os.path.join(tmp, f"{b}.json")
                    env = {**os.environ, "PYTHONPATH": os.path.abspath(folder)}
                    subprocess.run([*child, "--json", out], env=env, check=True, stdout=subprocess.DEVNULL)
                    with open(out, encoding="utf-8") as f:
                        runs[b].append(json.load(f))
                print(f"round {r + 1} of {args.repeats} done", file=sys.stderr)
    except KeyboardInterrupt:
        print("stopped: the rounds measured so far", file=sys.stderr)
    done = min(len(x) for x in runs)
    if not done:
        return 1

    def median(b: int, i: int, key: str) -> float:
        return statistics.median(rnd[i][key] for rnd in runs[b][:done])

    names = [os.path.basename(os.path.normpath(f)) for f in args.builds]
    print(f"medians of {done} rounds; steps/s by the clock, then per CPU second, then per CPU second in env.step "
          "alone (vector rows)")
    print("| environment | " + " | ".join(names) + " | ratio | " + " | ".join(f"{n} (CPU)" for n in names) + " | ratio (CPU) | "
          + " | ".join(f"{n} (env.step)" for n in names) + " | ratio (env.step) |")
    print("|---|" + "---:|" * (3 * len(names) + 3))
    for i, row in enumerate(runs[0][0]):
        cols = []
        for key in ("steps_per_second", "steps_per_cpu_second", "steps_per_cpu_second_in_calls"):
            if any(rnd[i].get(key) is None for b in range(len(names)) for rnd in runs[b][:done]):
                cols.append(" | " * len(names) + " |")   # not measured (an AEC row's calls; an older build's rows)
                continue
            values = [median(b, i, key) for b in range(len(names))]
            cols.append(" | ".join(f"{v:,.0f}" for v in values) + f" | {values[-1] / values[0]:.2f}x |")
        print(f"| {row['what']} | " + " ".join(cols))
    return 0


if __name__ == "__main__":
    sys.exit(main())
