"""The bench tables of docs/bench.md ("The recorded run") are those of the saved report benchmarks/results/bench.json (made by
tools/bench_readme.py, as tests/common/test_perft.py does for the perft tables), and that report is one
that ``stich bench --json`` writes."""

from __future__ import annotations

import sys

import pytest
from helpers import ROOT

from stich import benchreport

sys.path.insert(0, str(ROOT / "tools"))
import bench_readme  # noqa: E402  (tools/bench_readme.py)

sys.path.pop(0)


def test_the_saved_report_is_a_complete_bench_report():
    report = benchreport.load(bench_readme.RESULTS)
    assert not report["interrupted"] and report["signature"] is not None
    assert {r["section"] for r in report["rows"]} >= {"search", "solve"}


def test_the_page_shows_the_saved_report():
    page = bench_readme.PAGE.read_text(encoding="utf-8")
    assert bench_readme.expected(page) == page, "stale: run PYTHONPATH=python python tools/bench_readme.py"


def test_the_check_sees_a_changed_figure(tmp_path):
    report = benchreport.load(bench_readme.RESULTS)
    report["rows"][0]["rate"]["median"] *= 1.5
    changed = tmp_path / "bench.json"
    benchreport.save(report, changed)
    page = bench_readme.PAGE.read_text(encoding="utf-8")
    assert bench_readme.expected(page, changed) != page
    with pytest.raises(ValueError, match="must hold the markers"):
        bench_readme.expected(page.replace(bench_readme.END, ""))
