"""``stich bench`` (issue 15): the report's structure, the comparison of two reports, a signature
that no speed option changes, Ctrl-C printing what was measured, and the command line.

Every run here is tiny (tens of iterations, one deal a solver row); no speed is asserted."""

from __future__ import annotations

import copy
import json
import sys
import threading
import time

import pytest
from helpers import recorded_signature
from helpers.interrupting import CtrlC

from stich import bench, benchreport
from stich.__main__ import main

TINY = dict(iterations=40, repeats=2, warmup=1, solve_deals=1)


@pytest.fixture(scope="module")
def report():
    """One small measured report with two thread counts (shared by the structure tests). No time
    limit (the default, 120 s, could end a slow run early): the tests expect every repeat."""
    return bench.measure(bench.Options(threads=(1, 2), max_seconds=1e9, **TINY))


# ------------------------------------------------------------------------------ the report

def test_the_report_follows_its_schema_and_survives_json(report, tmp_path):
    benchreport.validate(report)
    path = tmp_path / "r.json"
    benchreport.save(report, path)
    assert benchreport.load(path) == json.loads(json.dumps(report))


def test_the_report_holds_every_row_with_its_runs_and_context(report):
    positions = bench.positions()
    search = [r for r in report["rows"] if r["section"] == "search"]
    assert [(r["name"], r["threads"]) for r in search] == [(p.name, t) for p in positions for t in (1, 2)]
    assert [r["name"] for r in report["rows"] if r["section"] == "solve"] == [c[0] for c in bench.solve_cases()]
    for r in report["rows"]:
        rate = r["rate"]
        assert len(r["seconds"]) == rate["runs"] == 2 and rate["min"] <= rate["median"] <= rate["max"]
        assert rate["spread_percent"] == pytest.approx(100 * (rate["max"] - rate["min"]) / rate["median"])
        assert r["work"] == (40 if r["section"] == "search" else 1)
    for r in search:   # a search with a seed and an iteration budget repeats itself exactly
        assert r["signature"] is not None
    assert [(t["section"], t["threads"], t["rows"]) for t in report["totals"]] == \
        [("search", 1, len(positions)), ("search", 2, len(positions)), ("solve", 1, len(bench.solve_cases()))]
    assert [s["threads"] for s in report["scaling"]] == [1, 2] and report["scaling"][0]["speedup"] == 1.0
    build = report["context"]["build"]
    assert build["compiler"] != "unknown" and build["flags"] != "unknown" and build["native"] in (True, False)
    assert set(build["features"]) <= {"ssse3", "popcnt", "bmi", "bmi2", "avx2"}
    assert report["context"]["cpu"] and report["context"]["python"].startswith(f"{sys.version_info[0]}.")
    assert report["stopped_by"] == "repeats" and not report["interrupted"] and report["peer"] is None


def test_the_text_says_what_it_measured_and_what_the_signature_covers(report):
    text = benchreport.render(report)
    n = len(bench.positions())   # every registered game's bench positions
    for needle in ("stich 0.1.0", "flags: ", "machine: ", "2 measured run(s) a row after 1 warm-up",
                   f"{bench.positions()[0].name}", f"total ({n} rows)", "scaling:", "solver:", "signature: ",
                   f"covers the root visit counts of the {n} search positions at 20000 iterations, 1 thread, seed 1"):
        assert needle in text, needle


def test_the_text_warns_of_a_row_whose_runs_disagreed(report):
    assert "warning: the runs of these rows" not in benchreport.render(report)
    varied = copy.deepcopy(report)
    varied["rows"][3]["signature"] = None
    name = f"{varied['rows'][3]['name']} ({varied['rows'][3]['threads']} thr.)"
    assert f"warning: the runs of these rows gave different results, so their work differed: {name}" in \
        benchreport.render(varied)


def test_the_text_says_when_the_machine_was_busy(report):
    quiet, busy = copy.deepcopy(report), copy.deepcopy(report)
    cores = report["context"]["usable_cores"]
    quiet["context"]["load_average"] = [0.2, 0.2, 0.2]
    busy["context"]["load_average"] = [cores + 0.5, 1.0, 1.0]
    assert "note: the machine was busy" not in benchreport.render(quiet)
    assert f"note: the machine was busy (load average {cores + 0.5:g} on {cores} cores" in benchreport.render(busy)


@pytest.mark.parametrize("damage, message", [
    (lambda r: r.pop("rows"), "report has no 'rows'"),
    (lambda r: r.update(version=0), "report.version must be 1"),
    (lambda r: r["rows"][0].update(threads="1"), "report.rows[0].threads must be integer"),
    (lambda r: r["rows"][0]["rate"].update(median=None), "report.rows[0].rate.median must be number"),
    (lambda r: r["rows"][0].update(section="fast"), "report.rows[0].section must be one of"),
    (lambda r: r["context"]["build"].pop("flags"), "report.context.build has no 'flags'"),
])
def test_the_schema_check_names_what_is_wrong(report, damage, message):
    broken = copy.deepcopy(report)
    damage(broken)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("[", r"\[")):
        benchreport.validate(broken)


# ------------------------------------------------------------------------------ comparing

def synthetic(rows: list[tuple[str, str, list[float]]], work: int = 1000) -> dict:
    """A report with rows (section, name, seconds of each run) of `work` each, on one thread."""
    ctx = {"stich": "0", "git": None, "python": "3", "platform": "p", "cpu": "c", "cores": 2, "usable_cores": 2,
           "load_average": [0.5], "load_average_end": None,
           "build": {"compiler": "gcc", "build_type": "Release", "flags": "-O3", "native": True, "lto": True,
                     "assertions": False, "features": [], "cpu_features": []}}
    options = bench.Options().to_data()
    r = benchreport.new_report(options, ctx)
    measured = [benchreport.row(section, name, "stich", 1, "iterations", work, seconds, "x") for section, name, seconds in rows]
    return benchreport.finish(r, measured, 1.0, "repeats")


def verdicts(old, new) -> dict[str, str]:
    return {e["name"]: e["verdict"] for e in benchreport.compare(old, new)["entries"]}


def test_compare_tells_faster_slower_and_within_noise():
    old = synthetic([("search", "a", [1.0, 1.1, 0.9]), ("search", "b", [1.0, 1.1, 0.9]), ("search", "c", [1.0, 1.1, 0.9]),
                     ("search", "d", [1.0, 1.1, 0.9])])
    new = synthetic([("search", "a", [0.5, 0.55, 0.45]),    # twice as fast, bands apart
                     ("search", "b", [2.0, 2.2, 1.8]),       # half the speed
                     ("search", "c", [0.95, 1.05, 0.85]),    # 5% faster, inside the spread
                     ("search", "d", [1.0])])                # one run: no noise estimate
    cmp = benchreport.compare(old, new)
    by_name = {e["name"]: e for e in cmp["entries"]}
    assert verdicts(old, new) == {"a": "faster", "b": "slower", "c": "within noise", "d": "no noise estimate",
                                  "total": "no noise estimate"}   # the total: over the rounds every row completed
    a = by_name["a"]
    assert a["ratio"] == pytest.approx(2.0) and a["low"] == pytest.approx(0.9 / 0.55) and a["high"] == pytest.approx(1.1 / 0.45)
    assert by_name["b"]["ratio"] == pytest.approx(0.5) and by_name["b"]["high"] < 1 < by_name["c"]["high"]
    text = benchreport.render_comparison(cmp)
    assert "larger than the noise: a (1 thr.) faster x2.000; b (1 thr.) slower x0.500" in text
    assert benchreport.compare(old, old)["signature"]["same"] and set(verdicts(old, old).values()) == {"within noise"}


def test_compare_refuses_rows_of_other_work_and_reports_missing_rows_and_changed_context():
    old = synthetic([("search", "a", [1.0, 1.0]), ("search", "gone", [1.0, 1.0])], work=1000)
    new = synthetic([("search", "a", [0.5, 0.5]), ("solve", "new", [1.0, 1.0])], work=2000)
    new["context"]["build"]["flags"] = "-O2"
    new["signature"] = {"text": "1 iterations, checksum 0", "iterations": 1, "checksum": "0", "positions": 1,
                        "iterations_per_position": 1, "threads": 1, "seed": 1}
    cmp = benchreport.compare(old, new)
    assert verdicts(old, new)["a"].startswith("not comparable (work per run 1,000 then 2,000)")
    assert cmp["only_old"] == ["search, 1 thread: 1 row"] and cmp["only_new"] == ["solve, 1 thread: 1 row"]
    assert {"what": "flags", "old": "-O3", "new": "-O2"} in cmp["context_changes"]
    assert not cmp["signature"]["same"] and "the signatures differ" in benchreport.render_comparison(cmp)


def test_the_peer_table_is_stich_over_the_peer_with_its_band():
    r = synthetic([])
    rows = [benchreport.row("peer", "p", "stich", 1, "iterations", 1000, [0.01, 0.02], "x"),
            benchreport.row("peer", "p", "openspiel", 1, "iterations", 1000, [0.5, 0.4], "y")]
    peer = benchreport.finish(r, rows, 1.0, "repeats")["peer"]
    assert peer["engine"] == "openspiel"
    (p,) = peer["rows"]
    assert p["ratio"] == pytest.approx(75_000 / 2250)   # medians of the rates: (100k, 50k) over (2000, 2500)
    assert p["low"] == pytest.approx(50_000 / 2500) and p["high"] == pytest.approx(100_000 / 2000)


# ------------------------------------------------------------------------------ the signature

def test_the_signature_is_the_same_whatever_the_speed_options(report):
    quick = bench.measure(bench.Options(iterations=25, threads=(2,), repeats=3, warmup=0, max_seconds=1e-3,
                                        solve=False))
    assert report["signature"] == quick["signature"]
    assert quick["signature"]["text"] == recorded_signature()
    assert quick["stopped_by"] == "max-seconds"   # one round measured, no second within 1 ms
    assert {r["rate"]["runs"] for r in quick["rows"]} == {1}


# ------------------------------------------------------------------------------ Ctrl-C

def test_ctrl_c_after_a_measured_row_prints_and_saves_the_rows_so_far(monkeypatch, tmp_path):
    signature = bench.signature()
    monkeypatch.setattr(bench, "signature", lambda progress=None: signature)   # reach the rows before the signal
    ctrl_c = CtrlC()
    real = bench.tasks

    def tasks(options):   # whose runs mark once a row has been measured: then there is one to print
        rows = real(options)
        for t in rows:
            def run(once=t.run):
                if any(row.seconds for row in rows):
                    ctrl_c.mark()
                return once()
            t.run = run
        return rows

    monkeypatch.setattr(bench, "tasks", tasks)
    lines: list[str] = []
    path = tmp_path / "partial.json"
    options = bench.Options(iterations=5000, repeats=10**6, warmup=0, solve=False)
    i = ctrl_c.during(lambda: bench.run(options, out=lines.append, json_path=path), mark=False)
    assert i.prompt(), i
    text = "\n".join(lines)
    assert "couillon trump choice" in text and "interrupted: the figures above are what was measured so far" in text
    assert "stopped: interrupted (Ctrl-C)" in text
    partial = benchreport.load(path)
    assert partial["interrupted"] and partial["stopped_by"] == "interrupt" and partial["rows"]


def test_ctrl_c_during_the_peer_search_ends_the_bench(monkeypatch):
    """OpenSpiel's search runs on a thread of its own, which checks no signals: the bench's thread
    waits for it in short joins, so that Ctrl-C during that search still ends the run at once."""
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from stich.peers import openspiel_bridges
    name, openspiel_peer = next(iter(openspiel_bridges().items()))   # the first game OpenSpiel plays too
    first = [p for p in bench.positions() if p.game.name == name][:1]
    monkeypatch.setattr(bench, "positions", lambda: first)
    monkeypatch.setattr(bench, "signature", lambda progress=None: None)
    ctrl_c = CtrlC()
    searches: list[threading.Event] = []   # OpenSpiel's, each set when it has ended
    ended: list[float] = []
    real = openspiel_peer.openspiel_ismcts

    class Marked:
        """OpenSpiel's bot, which marks the start of its search (the signal follows once this
        process has worked on for ctrl_c.busy CPU seconds) and notes its end."""

        def __init__(self, *args):
            self.bot = real(*args)

        def step(self, state):
            searches.append(done := threading.Event())
            ctrl_c.mark()
            try:
                return self.bot.step(state)
            finally:
                ended.append(time.monotonic())
                done.set()

    monkeypatch.setattr(openspiel_peer, "openspiel_ismcts", Marked)
    # 60,000 iterations: seconds of OpenSpiel's search, some ten times the wait for the evidence.
    options = bench.Options(iterations=60_000, repeats=1, warmup=0, solve=False, peer="openspiel")
    try:
        i = ctrl_c.during(lambda: bench.run(options, out=lambda _: None), mark=False)
    finally:
        # The search goes on after the interrupt: wait for it, so that none of its CPU time falls
        # into a later test. (Not with Thread.join: CPython 3.11 takes a thread whose join Ctrl-C
        # interrupted for ended.)
        for done in searches:
            assert done.wait(timeout=600), "OpenSpiel's search did not end"
    assert len(searches) == 1, "the interrupt came after OpenSpiel's search"
    assert ended[0] > i.sent_at, "OpenSpiel's search had ended before the interrupt"
    assert i.prompt(), i


# ------------------------------------------------------------------------------ the command line

def test_cli_json_compare_and_thread_list(capsys, tmp_path):
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    args = ["bench", "--iterations", "30", "--repeats", "2", "--warmup", "0", "--solve-deals", "1", "--no-progress"]
    assert main([*args, "--threads", "1,2", "--json", str(old)]) == 0
    out = capsys.readouterr().out
    assert "scaling:" in out and f"report written to {old}" in out and recorded_signature() in out
    assert main([*args, "--no-solve", "--compare", str(old), "--json", str(new)]) == 0
    out = capsys.readouterr().out
    assert "compared with the report of" in out and f"only in the old report: search, 2 threads: {len(bench.positions())} rows" in out
    assert benchreport.load(new)["options"]["threads"] == [1] and not benchreport.load(new)["rows"][-1]["section"] == "solve"


@pytest.mark.parametrize("args, message", [
    (["--threads", "0"], "--threads: must be thread counts 1..256 separated by commas, got '0'"),
    (["--threads", "1,x"], "--threads: must be thread counts 1..256"),
    (["--threads", "2,2"], "--threads: names a thread count twice"),
    (["--repeats", "0"], "--repeats: must be an int >= 1"),
    (["--warmup", "-1"], "--warmup: must be an int >= 0"),
    (["--max-seconds", "0"], "max_seconds must be a finite number > 0, got 0.0"),   # bench's own check (Options)
    (["--peer", "pyspiel"], "--peer: invalid choice"),
])
def test_cli_refuses_bad_options(capsys, args, message):
    try:   # argparse's checks exit, bench's own (Options) return the status
        status = main(["bench", *args])
    except SystemExit as e:
        status = e.code
    assert status == 2 and message in capsys.readouterr().err


def test_cli_refuses_a_compare_file_that_is_no_report_before_measuring(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text('{"format": "stich-bench", "version": 1}', encoding="utf-8")
    for path, message in ((tmp_path / "missing.json", "No such file or directory"), (bad, "bad.json is not JSON"),
                          (other, "other.json is not a stich bench report of version 1: report has no 'date'")):
        assert main(["bench", "--compare", str(path)]) == 2
        captured = capsys.readouterr()
        assert message in captured.err and captured.out == ""
    assert main(["bench", "--json", str(tmp_path / "no" / "dir.json")]) == 2
    assert "no such directory" in capsys.readouterr().err


def test_cli_says_when_open_spiel_is_missing(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)   # import pyspiel raises ImportError
    monkeypatch.delitem(sys.modules, "stich.peers.euchre", raising=False)
    assert main(["bench", "--peer", "openspiel"]) == 2
    assert "--peer openspiel needs open_spiel, which is not installed" in capsys.readouterr().err

