"""Ctrl-C, progress, live reports and threads (issue 10, items 4 and 5): every long call raises
KeyboardInterrupt soon after SIGINT on any thread count, ismcts reports its table while searching,
the CLI prints the search so far and exits 130, play and bench show a bar on a terminal, and a
search or perft reads a copy of the state.

No test here depends on the machine's speed or load: a signal is sent once the work is known to
run (helpers.interrupting), and the time it took a call to end is measured from the signal, as CPU
time (at most half a second of it) with a generous wall-clock backstop; never a speed assertion."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import stich
from helpers.interrupting import interrupted
from stich.bench import run as bench
from helpers import ROOT
from helpers.play import text_set

def couillon():
    return stich.Couillon().deal(seed=1)


LONG_CALLS = {
    # each would run for minutes (or hours) without the interruption
    "ismcts_iterations": lambda t: stich.ismcts(couillon(), iterations=10**9, threads=t, seed=1, max_nodes=2**20),
    "ismcts_seconds": lambda t: stich.ismcts(couillon(), seconds=3600, threads=t, seed=1, max_nodes=2**20),
    "perft": lambda t: stich.perft(couillon(), 40),
    "random_playouts_couillon": lambda t: stich.Couillon().random_playouts(5 * 10**7, seed=1),
    "random_playouts_mucken": lambda t: stich.Mucken().random_playouts(5 * 10**7, seed=1),
    "random_playouts_mistigri": lambda t: stich.Mistigri().random_playouts(5 * 10**7, seed=1),
    "sample_worlds": lambda t: couillon().view(1).sample_worlds(2 * 10**6, 1),
    "play": lambda t: stich.play(stich.Couillon(), [stich.IsmctsBot(iterations=20_000, threads=t)] * 4, deals=10**5,
                                 seed=1),
    "bench": lambda t: bench(iterations=3 * 10**6, threads=t, out=lambda _: None, solve=False),
    # 4,204,200 deals: seconds to list them, minutes to solve them
    "exact_analysis": lambda t: stich.analyse(stich.parse((ROOT / "examples" / "position_couillon.txt").read_text()).state,
                                              method="exact", threads=t, seed=1),
}


MULTI_THREADED = ("ismcts_iterations", "ismcts_seconds", "play", "bench", "exact_analysis")


@pytest.mark.parametrize("name, threads", [(n, 1) for n in LONG_CALLS] + [(n, 2) for n in MULTI_THREADED])
def test_ctrl_c_while_a_long_call_works_ends_it_within_half_a_second_of_work(name, threads):
    i = interrupted(lambda: LONG_CALLS[name](threads))
    assert i.prompt(), i


def test_interrupted_search_leaves_the_interpreter_usable():
    state = couillon()
    interrupted(lambda: stich.ismcts(state, iterations=10**9, threads=2, seed=1, max_nodes=2**20))
    a = stich.ismcts(state, iterations=3000, threads=2, seed=4)
    assert a.to_dict() == stich.ismcts(state, iterations=3000, threads=2, seed=4).to_dict()


@pytest.mark.parametrize("threads", [1, 2])
def test_callback_reports_the_merged_table_and_stops_the_search(threads):
    reports = []

    def callback(result):
        reports.append(result)
        # Stop at the third report, or later if the threads had not run an iteration yet: on a loaded
        # machine the first reports may come before the search threads got a core (0 iterations).
        return len(reports) < 3 or result.iterations == 0

    state = couillon()
    result = stich.ismcts(state, iterations=10**9, threads=threads, seed=1, max_nodes=2**20, callback=callback,
                          every=0.05)
    assert len(reports) >= 3 and result.partial and all(r.partial for r in reports)
    assert result.iterations < 10**9 and reports[-1].iterations > 0
    for r in reports:
        assert sum(row.visits for row in r.table) == r.iterations
        assert {str(row.action) for row in r.table} == text_set(state)
    assert [r.iterations for r in reports] == sorted(r.iterations for r in reports)
    assert result.iterations >= reports[-1].iterations


def test_callback_does_not_change_an_iterations_budget_search():
    state = stich.Mucken().deal(seed=2)
    calls = []
    with_callback = stich.ismcts(state, iterations=300_000, threads=2, seed=3,
                                 callback=lambda r: calls.append(r) or True, every=0.01)
    assert calls and not with_callback.partial
    assert with_callback.to_dict() == stich.ismcts(state, iterations=300_000, threads=2, seed=3).to_dict()


def test_callback_error_is_raised_from_the_search():
    def callback(result):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        stich.ismcts(couillon(), iterations=10**9, seed=1, max_nodes=2**20, callback=callback, every=0.05)
    with pytest.raises(TypeError, match="callable"):
        stich.ismcts(couillon(), iterations=10, seed=1, callback=3)
    # A report the binding cannot read is an error after the worker has ended, not a crash.
    with pytest.raises(RuntimeError, match="Unable to cast"):
        stich._core.ismcts(couillon(), iterations=10**9, threads=2, seed=1, max_nodes=2**20, report=lambda raw: "yes", every=0.05)


def changed_during(call, state):
    """call() while another Python thread applies moves to `state` until the deal ends. The main
    thread keeps the GIL (a long switch interval) until the call releases it, so the other thread
    changes the state exactly while the C++ work runs."""
    go = threading.Event()
    moves = []

    def mutate():
        go.wait()
        while not state.is_terminal:
            a = state.legal_actions()[0]
            state.apply(a)
            moves.append(a)

    mutator = threading.Thread(target=mutate)
    mutator.start()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        go.set()
        result = call()
    finally:
        sys.setswitchinterval(interval)
        mutator.join()
    assert moves, "the other thread did not run during the call"
    return result


def raw_search(state, threads):
    """The binding itself (stich.ismcts also copies the state before calling it)."""
    raw = stich._core.ismcts(state, iterations=200_000, threads=threads, seed=7, c=0.7, playout="random")
    return raw.rows, raw.line


def public_search(state, threads):
    return stich.ismcts(state, iterations=200_000, threads=threads, seed=7).to_dict()


@pytest.mark.parametrize("search", [raw_search, public_search])
@pytest.mark.parametrize("threads", [1, 2])
def test_search_reads_a_copy_of_a_state_changed_during_the_call(threads, search):
    state = stich.Couillon().deal(seed=5)
    original = state.clone()
    assert changed_during(lambda: search(state, threads), state) == search(original, threads)


def test_perft_reads_a_copy_of_a_state_changed_during_the_call():
    state = stich.Mucken().deal(seed=5)
    original = state.clone()
    assert changed_during(lambda: stich.perft(state, 14), state) == stich.perft(original, 14)


# `python -m stich` whose searches write a byte to a pipe after each report, once the CLI has it.
# (With an hour's budget the auto method would choose the exact analysis: --method ismcts.)
MARKED_CLI = """
import os, runpy, sys
import stich.analysis, stich.search
fd, real = int(sys.argv.pop(1)), stich.analysis.analyse
def analyse(*args, callback, **kwargs):
    def marked(report):
        out = callback(report)
        if isinstance(report, stich.search.SearchResult):   # the search's report, not the cost's
            os.write(fd, b"!")
        return out
    return real(*args, callback=marked, **kwargs)
stich.analysis.analyse = analyse
runpy.run_module("stich", run_name="__main__", alter_sys=True)
"""


def test_cli_ctrl_c_prints_the_search_so_far_and_exits_130():
    env = dict(os.environ, PYTHONPATH=str(Path(stich.__file__).resolve().parents[1]))   # the stich the tests import
    position = str(ROOT / "examples" / "position_couillon.txt")
    # The signal goes once the search has reported to the CLI (a mark on a pipe): after a fixed
    # delay it could come during the start-up on a loaded machine, with nothing yet to print.
    read, write = os.pipe()
    try:
        proc = subprocess.Popen([sys.executable, "-c", MARKED_CLI, str(write), "analyse", position, "--seconds", "3600",
                                 "--method", "ismcts", "--threads", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 env=env,
                                pass_fds=(write,))
    finally:
        os.close(write)
    # The pipe stays open until the child has ended: its later marks must not fail its callback.
    with os.fdopen(read, "rb") as marks:
        try:
            reported = marks.read(1)   # end of file instead: the child ended without a report
            assert reported, f"the CLI ended without searching: {proc.communicate(timeout=60)}"
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=60)
        finally:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "partial search:" in out and "SJ" in out
    assert "stich: interrupted: the table above is the search so far" in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_play_and_bench_show_a_progress_bar_on_a_terminal_only(monkeypatch):
    game, bots = stich.Mucken(), [stich.RandomBot()] * 4
    plain = stich.play(game, bots, deals=50, seed=3)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert (stich.play(game, bots, deals=50, seed=3, progress=True) == plain).all()
    bar = terminal.getvalue()
    assert "50/50" in bar and "deals/s" in bar and "mean " in bar   # count, rate, running mean
    bench(iterations=200, repeats=1, warmup=0, solve=False, out=lambda _: None, progress=None)
    assert "runs" in terminal.getvalue()[len(bar):]
    terminal.truncate(0)
    stich.play(game, bots, deals=50, seed=3, progress=False)
    bench(iterations=200, repeats=1, warmup=0, solve=False, out=lambda _: None, progress=False)
    assert terminal.getvalue().strip("\x00") == ""
    monkeypatch.setattr(sys, "stderr", io.StringIO())   # not a terminal: no bar even when asked
    stich.play(game, bots, deals=50, seed=3, progress=True)
    assert sys.stderr.getvalue() == ""
