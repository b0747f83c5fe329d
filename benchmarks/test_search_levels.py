"""The by-level profile's script (search_levels.py, docs/search.md "third round: by level"): its
tables from a profiling build's lines, and its refusal of a module built without the counters."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import stich

SCRIPT = Path(__file__).resolve().parent / "search_levels.py"


def _module():
    spec = importlib.util.spec_from_file_location("stich_search_levels", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tables_sum_every_search_s_lines() -> None:
    m = _module()
    # Two searches' lines, as search_tree prints them: part, level, count, cycles, children.
    lines = [
        "stich-search-profile clock 0 1000 28000 0",
        "stich-search-profile preempted-playout 0 3 0 0",
        "stich-search-profile draw 0 10 2000 0",
        "stich-search-profile select 1 10 1500 70",
        "stich-search-profile apply 1 10 500 0",
        "stich-search-profile playout 2 10 10000 0",
        "stich-search-profile iteration 0 10 16000 0",
        "not a profile line",
        "stich-search-profile draw 0 30 6000 0",
        "stich-search-profile select 1 30 4500 150",
        "stich-search-profile apply 1 30 1500 0",
        "stich-search-profile playout 2 30 30000 0",
        "stich-search-profile iteration 0 30 48000 0",
    ]
    sums = m.read(lines)
    assert sums[("select", 1)] == [40, 6000, 220]
    out = m.tables(sums)
    assert out.startswith("40 iterations, 1600 cycles an iteration (time-stamp counter); a pair of clock reads 28 cycles")
    assert "{'playout': 3}" in out
    assert "| draw | 200 | 12.5% | 200 | 1.00 |" in out
    assert "| select | 150 | 9.4% | 150 | 1.00 |" in out
    # The rest of the loop is the iteration less its parts (the moves applied are inside select).
    assert "| rest of the loop | 250 | 15.6% | | |" in out
    assert "| (apply: the moves of select, heuristic and expand) | 50 | 3.1% | 50 | 1.00 |" in out
    # Level 1: one selection an iteration, 150 cycles, 5.5 children, the move 50 cycles.
    assert "| 1 | 1.000 | 150 | 5.5 | 0.000 | - | 0.000 | - | 50 | 0.000 | - | - |" in out


def test_a_module_without_the_counters_is_refused() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(stich.__file__).parent.parent), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--iterations", "2", "--games", "Couillon"], capture_output=True, text=True, env=env, timeout=300
    )
    if "stich-search-profile" in done.stderr:  # a profiling build: nothing to refuse
        return
    assert done.returncode != 0
    assert "not built with STICH_SEARCH_PROFILE=ON" in done.stderr
