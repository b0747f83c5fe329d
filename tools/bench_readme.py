"""Writes the README's bench tables from one saved ``stich bench --json`` report.

The tables stand in README.md between the lines ``BEGIN`` and ``END`` below; they are made by
``stich.benchreport.markdown`` from ``benchmarks/results/bench.json`` (tests/common/test_bench_readme.py
checks that they agree). To record a new run (say on what machine in the commit)::

    PYTHONPATH=python python -m stich bench --threads 1,2 --peer openspiel --json benchmarks/results/bench.json
    PYTHONPATH=python python tools/bench_readme.py            # rewrite the README's tables
    PYTHONPATH=python python tools/bench_readme.py --check    # exit 1 if they are stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RESULTS = ROOT / "benchmarks" / "results" / "bench.json"
BEGIN = "<!-- bench tables: written by tools/bench_readme.py from benchmarks/results/bench.json; do not edit -->\n"
END = "<!-- end of the bench tables -->\n"


def expected(readme: str, results: Path = RESULTS) -> str:
    """The README with its bench tables made from ``results``."""
    from stich import benchreport

    if readme.count(BEGIN) != 1 or readme.count(END) != 1 or readme.index(BEGIN) > readme.index(END):
        raise ValueError(f"README.md must hold the markers once each, in order:\n{BEGIN}{END}")
    head, rest = readme.split(BEGIN)
    _, tail = rest.split(END)
    return f"{head}{BEGIN}\n{benchreport.markdown(benchreport.load(results))}\n{END}{tail}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the README's tables are stale")
    args = parser.parse_args()
    readme = README.read_text(encoding="utf-8")
    new = expected(readme)
    if args.check:
        if new != readme:
            print("README.md's bench tables are stale: run PYTHONPATH=python python tools/bench_readme.py", file=sys.stderr)
            return 1
        return 0
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
