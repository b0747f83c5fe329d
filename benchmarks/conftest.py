"""The benchmarks' headline figure is a rate: what one timed call does over its time (iterations,
deals, games, solves or steps per second).

Each benchmark says what one call does, ``benchmark.extra_info.update(work=N, unit="iterations")``.
After it has run (with ``--benchmark-enable``), this file adds the rates to its extra_info (so
``--benchmark-json`` and ``--benchmark-save`` keep them): ``rate`` = work / the median time,
``rate_q1``..``rate_q3`` = work / the third and first quartiles of the times (the middle half of
the rounds), ``rate_max`` = work / the fastest round, ``rate_unit``; and prints them as a table at
the end of the session, after pytest-benchmark's own table of times (the same measurements: every
rate is the work divided by one of its times).
"""

from __future__ import annotations

import pytest
from tabulate import tabulate

from stich.benchreport import number

RATES = pytest.StashKey[list]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[RATES] = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    result = yield
    benchmark = getattr(item, "funcargs", {}).get("benchmark")
    if benchmark is None or not benchmark.stats or "work" not in benchmark.extra_info:
        return result
    stats = benchmark.stats.stats
    work = benchmark.extra_info["work"]
    unit = f"{benchmark.extra_info['unit']}/s"
    rate = {"rate": work / stats.median, "rate_q1": work / stats.q3, "rate_q3": work / stats.q1,
            "rate_max": work / stats.min, "rate_unit": unit}
    benchmark.extra_info.update(rate)
    item.config.stash[RATES].append([item.nodeid.split("::", 1)[-1], f"{work:,} {benchmark.extra_info['unit']}",
                                     f"{number(rate['rate'])} {unit}",
                                     f"{number(rate['rate_q1'])}-{number(rate['rate_q3'])}", number(rate["rate_max"]),
                                     stats.rounds])
    return result


@pytest.hookimpl(trylast=True)   # after pytest-benchmark's table
def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    rows = config.stash.get(RATES, [])
    if not rows:
        return
    terminalreporter.section("rates: what a call does / its time (the headline figures of these benchmarks)")
    terminalreporter.write_line(tabulate(rows, ["benchmark", "a call does", "median rate", "middle half of the rounds",
                                                "fastest round", "rounds"], colalign=("left",) + ("right",) * 5,
                                         disable_numparse=True))
