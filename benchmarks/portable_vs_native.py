"""Side-by-side speed of builds of the core (issues 13 and 44): random playouts and ISMCTS of every
game, each build in its own interpreter, the builds alternating; the median and the min of the runs.

    python benchmarks/portable_vs_native.py --build portable=/tmp/site-portable --build native=build/native \\
        --rounds 3 --repeats 3

Each --build NAME=DIR is a directory that holds the ``stich`` package, a wheel (``.whl``: unpacked
here), or a CMake build directory holding ``_core*.so`` (then the Python package comes from
python/ with that module). The table gives seconds (median and min over rounds x repeats) and the
ratio of each build's median to the first's (docs/wheels.md: the wheel against ``pip install .``)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
import stich
from stich import _core
games = [("Couillon", stich.Couillon), ("Mucken", stich.Mucken), ("Mistigri", stich.Mistigri), ("Euchre", stich.Euchre)]
repeats, playouts, iterations = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
out = {"build": dict(_core.build_info()), "times": {}}
for name, cls in games:
    game = cls()
    runs = []
    for _ in range(repeats):
        t = time.perf_counter(); game.random_playouts(playouts, seed=1); runs.append(time.perf_counter() - t)
    out["times"][f"playouts {name}"] = runs
    deal = game.deal(seed=3)
    runs = []
    for _ in range(repeats):
        t = time.perf_counter(); stich.ismcts(deal, iterations=iterations, seed=1); runs.append(time.perf_counter() - t)
    out["times"][f"ismcts {name}"] = runs
print(json.dumps(out))
"""


def site_dir(path: Path, tmp: Path, name: str) -> Path:
    """A directory to put on sys.path that holds a ``stich`` package with this build's core."""
    if (path / "stich" / "__init__.py").exists():
        return path
    if path.suffix == ".whl":
        import zipfile

        zipfile.ZipFile(path).extractall(tmp / name)
        return tmp / name
    cores = sorted(path.glob("_core*.so"))
    if not cores:
        sys.exit(f"{path}: neither a stich package nor a build directory with _core*.so")
    site = tmp / name
    shutil.copytree(ROOT / "python" / "stich", site / "stich", ignore=shutil.ignore_patterns("_core*.so", "__pycache__"))
    shutil.copy2(cores[0], site / "stich" / cores[0].name)
    return site


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", action="append", required=True, help="NAME=DIR (the first is the reference)")
    ap.add_argument("--rounds", type=int, default=3, help="alternations of the builds")
    ap.add_argument("--repeats", type=int, default=3, help="timed runs of each case in each round")
    ap.add_argument("--playouts", type=int, default=20000)
    ap.add_argument("--iterations", type=int, default=20000)
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()
    builds = [b.split("=", 1) for b in args.build]
    times: dict[str, dict[str, list[float]]] = {n: {} for n, _ in builds}
    info: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sites = {n: site_dir(Path(d).resolve(), Path(tmp), n) for n, d in builds}
        for r in range(args.rounds):
            for n, _ in builds:
                env = dict(os.environ, PYTHONPATH=str(sites[n]))
                res = subprocess.run([sys.executable, "-c", CHILD, str(args.repeats), str(args.playouts), str(args.iterations)],
                                     env=env, capture_output=True, text=True, check=True, cwd=tmp)
                data = json.loads(res.stdout)
                info[n] = data["build"]
                for k, v in data["times"].items():
                    times[n].setdefault(k, []).extend(v)
                print(f"round {r + 1}: {n} done", file=sys.stderr)
    names = [n for n, _ in builds]
    for n in names:
        b = info[n]
        print(f"{n}: native={b['native']} lto={b['lto']} dispatch={b.get('dispatch')} features={' '.join(b['features'])}")
    ref = names[0]
    median = {n: {k: statistics.median(v) for k, v in times[n].items()} for n in names}
    head = ["case"] + [f"{n} median s (min)" for n in names] + [f"{n}/{ref} (medians)" for n in names[1:]]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for k in times[ref]:
        cells = [k] + [f"{median[n][k]:.4f} ({min(times[n][k]):.4f})" for n in names] + [
            f"{median[n][k] / median[ref][k]:.3f}" for n in names[1:]]
        print("| " + " | ".join(cells) + " |")
    for n in names[1:]:
        ratios = [median[n][k] / median[ref][k] for k in times[ref]]
        print(f"{n}/{ref}: median of the cases' ratios {statistics.median(ratios):.3f}, from {min(ratios):.3f} to {max(ratios):.3f}")
    if args.json:
        args.json.write_text(json.dumps({"builds": info, "times": times, "args": vars(args) | {"json": str(args.json)}}, indent=1))


if __name__ == "__main__":
    main()
