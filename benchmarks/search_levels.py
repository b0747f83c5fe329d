"""Where a search iteration's time goes, by part and tree level (a profiling build only).

Needs a module built with the CMake option STICH_SEARCH_PROFILE=ON, whose search_tree counts
time-stamp cycles by part (the world draw, the tree's steps, the playout, the backup) and tree
level and prints them to stderr (docs/search.md, "third round: by level"). Searches every bench
search position as benchmarks/search_profile.py does (the heuristic playout, one thread, seed 1)
in a child process, reads those lines and prints two tables: the parts of an iteration, and the
steps of the descent by level.

Parts: draw (a copy of the root and set_hidden with a sampled world), select (a step that scores
the available children by UCB and enters the best), heuristic (another seat's decision before the
card play, by the game's heuristic), expand (a step that adds a node), end (the step that finds
the descent over), playout, backup, and the rest of the loop (the budget check and the counters'
own reads of the clock, about two per part). Apply (the move a step applies, with the choice of
the action for another seat's key) is the part of select, heuristic and expand spent in the game's
move. A span longer than 2^20 cycles (the thread was descheduled) is left out and counted apart.

Build and run:
  cmake -S . -B build/profile -G Ninja -DSTICH_LTO=OFF -DSTICH_SEARCH_PROFILE=ON && cmake --build build/profile --target _core
  mkdir -p /tmp/prof && cp -r python/stich /tmp/prof/ && cp build/profile/_core*.so /tmp/prof/stich/
  PYTHONPATH=/tmp/prof python benchmarks/search_levels.py --iterations 20000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections import defaultdict

PARTS = ("draw", "select", "heuristic", "expand", "end", "playout", "backup")
PREFIX = "stich-search-profile "


def child(iterations: int, games: list[str] | None) -> None:
    import stich
    from stich import bench

    for pos in bench.positions():
        if games and pos.game.name not in games:
            continue
        stich.ismcts(pos.state(), iterations=iterations, threads=1, seed=1, playout="heuristic")


def read(lines: list[str]) -> dict[tuple[str, int], list[int]]:
    """Sums (count, cycles, children) by (part, level) over every search's lines."""
    sums: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for line in lines:
        if not line.startswith(PREFIX):
            continue
        part, level, count, cycles, children = line[len(PREFIX) :].split()
        s = sums[(part, int(level))]
        s[0] += int(count)
        s[1] += int(cycles)
        s[2] += int(children)
    return sums


def tables(sums: dict[tuple[str, int], list[int]]) -> str:
    iterations = sums[("iteration", 0)][0]
    total = sums[("iteration", 0)][1]
    by_part = {p: sum(v[1] for (q, _), v in sums.items() if q == p) for p in (*PARTS, "apply")}
    steps = {p: sum(v[0] for (q, _), v in sums.items() if q == p) for p in (*PARTS, "apply")}
    clock = sums[("clock", 0)]
    preempted = {q[len("preempted-") :]: v[0] for (q, _), v in sums.items() if q.startswith("preempted-")}
    out = [
        f"{iterations} iterations, {total / iterations:.0f} cycles an iteration (time-stamp counter); "
        f"a pair of clock reads {clock[1] / clock[0]:.0f} cycles; spans left out as descheduled: {preempted or 'none'}",
        "",
    ]
    out.append("| part | cycles an iteration | share | a step | steps an iteration |")
    out.append("|---|---:|---:|---:|---:|")
    for p in PARTS:
        if steps[p]:
            out.append(
                f"| {p} | {by_part[p] / iterations:.0f} | {by_part[p] / total:.1%} | {by_part[p] / steps[p]:.0f} "
                f"| {steps[p] / iterations:.2f} |"
            )
    rest = total - sum(by_part[p] for p in PARTS)
    out.append(f"| rest of the loop | {rest / iterations:.0f} | {rest / total:.1%} | | |")
    if steps["apply"]:
        out.append(
            f"| (apply: the moves of select, heuristic and expand) | {by_part['apply'] / iterations:.0f} | {by_part['apply'] / total:.1%} "
            f"| {by_part['apply'] / steps['apply']:.0f} | {steps['apply'] / iterations:.2f} |"
        )
    out.append("")
    levels = sorted({lv for (p, lv) in sums if p in ("select", "heuristic", "expand", "end") and lv > 0})
    out.append(
        "| level | selections an iteration | cycles a selection | children a selection | heuristic steps | cycles a heuristic step "
        "| expansions | cycles an expansion | cycles a move applied | descents ending here | playout cycles (of those) "
        "| backup cycles (of those) |"
    )
    out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for lv in levels:
        sel, heur, exp, end = (sums.get((p, lv), [0, 0, 0]) for p in ("select", "heuristic", "expand", "end"))
        play, back, app = (sums.get((p, lv), [0, 0, 0]) for p in ("playout", "backup", "apply"))

        def per(v: list[int]) -> str:
            return f"{v[1] / v[0]:.0f}" if v[0] else "-"

        out.append(
            f"| {lv} | {sel[0] / iterations:.3f} | {per(sel)} | {sel[2] / sel[0] if sel[0] else 0:.1f} | {heur[0] / iterations:.3f} "
            f"| {per(heur)} | {exp[0] / iterations:.3f} | {per(exp)} | {per(app)} | {play[0] / iterations:.3f} "
            f"| {per(play)} | {per(back)} |"
        )
    return "\n".join(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=20_000, help="iterations a position (default 20000)")
    p.add_argument("--games", nargs="*", help="only these games' positions (default: every bench search position)")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        child(a.iterations, a.games)
        return
    cmd = [sys.executable, __file__, "--child", "--iterations", str(a.iterations)]
    if a.games:
        cmd += ["--games", *a.games]
    done = subprocess.run(cmd, capture_output=True, text=True, env=os.environ.copy(), check=False)
    if done.returncode:
        sys.exit(done.stderr)
    sums = read(done.stderr.splitlines())
    if not sums:
        sys.exit(
            "no profile lines: this stich module was not built with STICH_SEARCH_PROFILE=ON "
            "(configure a build with -DSTICH_SEARCH_PROFILE=ON and put its module first on PYTHONPATH)"
        )
    print(tables(sums))


if __name__ == "__main__":
    main()
