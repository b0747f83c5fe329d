"""Writes the bench tables of docs/bench.md from one saved ``stich bench --json`` report.

The tables stand in docs/bench.md ("The recorded run") between the lines ``BEGIN`` and ``END`` below; they are made by
``stich.benchreport.markdown`` from ``benchmarks/results/bench.json`` (tests/common/test_bench_readme.py
checks that they agree). To record a new run (say on what machine in the commit)::

    PYTHONPATH=python python -m stich bench --threads 1,2 --peer openspiel --json benchmarks/results/bench.json
    PYTHONPATH=python python tools/bench_readme.py            # rewrite the page's tables
    PYTHONPATH=python python tools/bench_readme.py --check    # exit 1 if they are stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "bench.md"   # the tables moved here from the README
RESULTS = ROOT / "benchmarks" / "results" / "bench.json"
BEGIN = "<!-- bench tables: written by tools/bench_readme.py from benchmarks/results/bench.json; do not edit -->\n"
END = "<!-- end of the bench tables -->\n"


def expected(page: str, results: Path = RESULTS) -> str:
    """The page with its bench tables made from ``results``."""
    from stich import benchreport

    if page.count(BEGIN) != 1 or page.count(END) != 1 or page.index(BEGIN) > page.index(END):
        raise ValueError(f"docs/bench.md must hold the markers once each, in order:\n{BEGIN}{END}")
    head, rest = page.split(BEGIN)
    _, tail = rest.split(END)
    return f"{head}{BEGIN}\n{benchreport.markdown(benchreport.load(results))}\n{END}{tail}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the tables of docs/bench.md are stale")
    args = parser.parse_args()
    page = PAGE.read_text(encoding="utf-8")
    new = expected(page)
    if args.check:
        if new != page:
            print("docs/bench.md's bench tables are stale: run PYTHONPATH=python python tools/bench_readme.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
