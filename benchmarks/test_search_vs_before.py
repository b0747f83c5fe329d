"""The duplicate match of the search against its previous version (search_vs_before.py, docs/bots.md):
its machinery, at budgets far too small to measure anything."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import stich

SCRIPT = Path(__file__).resolve().parent / "search_vs_before.py"


def _module():
    spec = importlib.util.spec_from_file_location("stich_search_vs_before", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("change, old", [("wide_root", "wide_root=False"), ("others", "others_before_play='tree'")])
def test_the_match_runs_and_prints_a_row_a_game(change: str, old: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(stich.__file__).parent.parent), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, str(SCRIPT), "--games", "Couillon,Mucken", "--deals", "2", "--iterations", "30",
                          "--change", change], capture_output=True, text=True, env=env, timeout=300, check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("| ") and "iterations 30" in line]
    assert [row.split(" | ")[0] for row in rows] == ["| Couillon", "| Mucken"], out
    assert all(" | 2 | " in row and "30 / 30" in row for row in rows), out
    # The old side is the search without the change: IsmctsBot's own description says so.
    assert old in repr(stich.IsmctsBot(iterations=30, **_module().BEFORE[change]))


def test_an_unknown_change_is_refused() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--change", "c"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "invalid choice: 'c'" in done.stderr
