"""stich review (docs/review.md): the open-hand values against independent solves, the same output
for any number of workers, resuming (after Ctrl-C and after a kill mid-run: nothing reviewed twice,
nothing lost), and what counts as a mistake."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import stich
from helpers import fast_and_slow, skip_empty
from helpers.browser import browser as _browser
from stich.review import review, review_record

GAMES = list(stich.GAMES)


def records_of(name, deals, seed):
    game = stich.GAMES[name]()
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    return stich.play(game, bots, deals=deals, seed=seed, records=True)[1]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("part", fast_and_slow(2000, 6))
def test_open_values_are_independent_solves(name, part):
    """After the record's moves, every card-play decision's open-hand values equal a separate
    stich.solve of that position (DDS once shipped an AnalysePlay that undercounted)."""
    n = skip_empty(part)
    records = records_of(name, n, seed=31 if part[0] == "fast" else 32)
    checked = 0
    for i, record in enumerate(records):
        rv = review_record(record, i, view=False)
        for d in rv["decisions"]:
            if d["open"] is None:
                continue
            state = record.state(at=d["index"])
            solved = stich.solve(state)
            values = {str(a): v for a, v in solved.values.items()}
            assert d["open"]["value_played"] == values[d["played"]]
            assert d["open"]["value_best"] == max(values.values())
            assert d["open"]["loss"] == max(values.values()) - values[d["played"]] >= 0
            # The best named: the card played where it ties for the best, else the first of the best value.
            assert d["open"]["best"] == max(values, key=lambda a: (values[a], a == d["played"]))
            checked += 1
    assert checked > 0


def test_the_cores_open_review_takes_only_a_deal_played():
    """The core's open-hand verdicts (what stich.review and the C ABI's stich_review_open give):
    a decision of the card play with a choice each; bad actions are refused, naming what is wrong."""
    record = records_of("Couillon", 1, seed=5)[0]
    start, actions = record.state(at=0), [t for _, t in record.actions]
    verdicts = stich._core.review_open(start, actions)
    state = record.state(at=0)
    expected = []
    for k, text in enumerate(actions):
        if stich.games.solvable(state) and len(state.legal_actions()) >= 2:
            expected.append(k)
        state.apply(text)
    assert [v[0] for v in verdicts] == expected and expected
    assert stich._core.review_open(start, []) == []
    with pytest.raises(ValueError, match="not a legal action"):
        stich._core.review_open(start, actions[:1] * 2)
    with pytest.raises(TypeError, match="sequence of actions"):
        stich._core.review_open(start, "EA")
    with pytest.raises(ValueError, match="ended"):
        stich._core.review_open(start, actions + actions[-1:])


@pytest.mark.parametrize("name", GAMES)
def test_the_review_is_the_same_for_any_number_of_workers(name):
    records = records_of(name, 4, seed=8)
    one = [json.dumps(r, sort_keys=True) for r in review(records, worlds=20, iterations=300, seed=3, workers=1)]
    two = [json.dumps(r, sort_keys=True) for r in review(records, worlds=20, iterations=300, seed=3, workers=2)]
    assert one == two and len(one) == 4


def test_many_records_in_ranges_of_several_sizes_give_the_same_review():
    """Enough records that the workers take ranges of many sizes (_ranges), some records skipped."""
    records = records_of("Mucken", 150, seed=5)
    skip = {0, 7, 149}
    one = [json.dumps(r, sort_keys=True) for r in review(records, workers=1, skip=skip, view=False)]
    three = [json.dumps(r, sort_keys=True) for r in review(records, workers=3, skip=skip, view=False)]
    assert one == three and [json.loads(r)["record"] for r in one] == [i for i in range(150) if i not in skip]


@pytest.mark.parametrize("view", [True, False])
def test_the_ranges_cover_every_record_once_in_order_and_end_with_single_records(view):
    from stich.review import _ranges

    for jobs in (0, 1, 7, 100, 2000):
        for workers in (1, 2, 3, 8):
            ranges = _ranges(jobs, workers, view)
            assert [i for start, stop in ranges for i in range(start, stop)] == list(range(jobs))
            assert all(1 <= stop - start <= (8 if view else 64) for start, stop in ranges)
            assert jobs == 0 or ranges[-1][1] - ranges[-1][0] == 1
    assert max(stop - start for start, stop in _ranges(2000, 2, view)) == (8 if view else 64)


def test_a_mistake_is_a_loss_above_the_threshold_whose_interval_excludes_zero():
    records = records_of("Mucken", 6, seed=12)
    seen = 0
    for rv in review(records, worlds=30, iterations=500, seed=1):
        for d in rv["decisions"]:
            v = d["view"]
            if v["loss"] is None:
                continue
            expected = v["loss"] > rv["threshold"] and v["loss_low"] is not None and v["loss_low"] > 0
            assert v["mistake"] == expected
            assert v["loss"] >= -1e-9 or v["method"] == "ismcts"   # the best mean is the best
            seen += 1
        for s in rv["seats"]:
            mine = [d for d in rv["decisions"] if d["seat"] == s["seat"]]
            assert s["decisions"] == len(mine) and s["mistakes"] == sum(d["view"]["mistake"] for d in mine)
    assert seen > 0


def test_cli_review_json_out_and_resume(tmp_path):
    path = tmp_path / "games.txt"
    stich.write_records(records_of("Euchre", 3, seed=4), path)
    out = tmp_path / "review.jsonl"
    args = [sys.executable, "-m", "stich", "review", str(path), "--json", "--workers", "1", "--worlds", "10", "--iterations", "200"]
    first = subprocess.run(args + ["--out", str(out)], capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert [json.loads(x)["record"] for x in lines] == [0, 1, 2]
    assert out.read_text().splitlines() == lines
    # Resume after losing the last record (and a half-written line): only it is reviewed again.
    kept = lines[:2]
    out.write_text("\n".join(kept) + "\n" + lines[2][:40])
    again = subprocess.run(args + ["--out", str(out), "--resume"], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == lines[2:]
    assert out.read_text().splitlines() == lines   # the half-written line is gone, each review is there once
    assert all(json.loads(x)["settings"] == {"worlds": 10, "iterations": 200, "seed": 0, "open_only": False} for x in lines)
    text = subprocess.run(args[:-7] + ["--workers", "1", "--worlds", "10", "--iterations", "200"], capture_output=True, text=True,
                          timeout=300)
    assert text.returncode == 0 and "mistakes/100" in text.stdout


def test_review_arguments_are_checked(tmp_path):
    records = records_of("Couillon", 1, seed=1)
    for kwargs, message in (({"worlds": 0}, "worlds must be an int >= 1"), ({"workers": 0}, "workers must be an int >= 1"),
                            ({"seed": -1}, "seed must be an int >= 0")):
        with pytest.raises(ValueError, match=message):
            list(review(records, **kwargs))
    empty = tmp_path / "none.txt"
    empty.write_text("# no records\n")
    out = subprocess.run([sys.executable, "-m", "stich", "review", str(empty), "--resume"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--resume needs --out FILE" in out.stderr


def test_open_only_review_has_the_same_open_values():
    records = records_of("Mucken", 3, seed=5)
    full = list(review(records, worlds=10, iterations=200))
    fast = list(review(records, view=False))
    for a, b in zip(full, fast):
        assert [d["open"] for d in a["decisions"]] == [d["open"] for d in b["decisions"]]
        assert all(d["view"] is None for d in b["decisions"]) and all(s["mistakes"] == 0 for s in b["seats"])


def test_the_bundled_records_read_and_review():
    from helpers import EXAMPLES

    records = stich.read_records(EXAMPLES / "games_mucken.txt")
    assert len(records) == 4 and all(r.game == "Mucken" and r.state().is_terminal for r in records)
    reviews = list(review(records, view=False))
    assert all(d["open"] is not None for rv in reviews for d in rv["decisions"] if d["phase"] == "play")


def test_the_html_report_opens_in_a_real_browser_with_a_chart_per_deal(tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (the review extra)")
    from stich.review import html_report

    path = tmp_path / "games.txt"
    records = records_of("Couillon", 3, seed=6)
    stich.write_records(records, path)
    report = tmp_path / "report.html"
    out = subprocess.run([sys.executable, "-m", "stich", "review", str(path), "--workers", "1", "--worlds", "10",
                          "--iterations", "200", "--html", str(report)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    page = report.read_text(encoding="utf-8")
    assert page.count("<svg") == 3 and "http" not in page.split("<svg", 1)[0]   # self-contained: no fetched assets
    assert html_report(records, list(review(records, worlds=10, iterations=200))) == page
    browser = _browser()
    try:
        browser.set_window_size(1000, 1400)
        browser.get(report.as_uri())
        assert browser.title == "stich review"
        deals = browser.find_elements("css selector", "div.deal")
        assert len(deals) == 3 and all(len(d.find_elements("css selector", "svg")) == 1 for d in deals)
        assert all(d.find_element("css selector", "svg").size["width"] > 100 for d in deals)   # drawn, not empty
        browser.save_screenshot(str(tmp_path / "report.png"))
    finally:
        browser.quit()


@pytest.mark.slow   # a local Ray instance takes seconds to start
def test_the_review_on_a_local_ray_instance_equals_the_process_pool():
    pytest.importorskip("ray", reason="ray is not installed (the ray extra)")
    records = records_of("Euchre", 200, seed=13)
    kwargs = {"worlds": 6, "iterations": 150, "seed": 2}
    pool = [json.dumps(r, sort_keys=True) for r in review(records, workers=2, **kwargs)]
    on_ray = [json.dumps(r, sort_keys=True) for r in review(records, workers=2, ray="local", **kwargs)]
    assert on_ray == pool and len(pool) == 200
    with pytest.raises(ValueError, match="ray must be 'local' or a Ray cluster's address"):
        list(review(records[:1], ray=""))


# --- resuming after Ctrl-C or a kill mid-run ---------------------------------------------------------

REVIEW_SETTINGS = ["--worlds", "10", "--iterations", "200"]


def _lines(path):
    """The complete lines in a file so far."""
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0


@pytest.fixture(scope="module")
def forty_records(tmp_path_factory):
    """40 Euchre records and their review, uninterrupted (its --out file's bytes)."""
    folder = tmp_path_factory.mktemp("review")
    path = folder / "games.txt"
    stich.write_records(records_of("Euchre", 40, seed=9), path)
    out = folder / "whole.jsonl"
    done = subprocess.run([sys.executable, "-m", "stich", "review", str(path), "--out", str(out), "--workers", "2", *REVIEW_SETTINGS],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return path, out.read_bytes()


def _stopped_run(path, out, workers, how, after, resume=False):
    """stich review --out (--resume) in a child process of its own group, stopped by ``how`` once
    ``out`` holds ``after`` complete lines (the file is the only signal waited for); the lines then."""
    proc = subprocess.Popen([sys.executable, "-m", "stich", "review", str(path), "--out", str(out), *(["--resume"] if resume else []),
                             "--workers", str(workers), *REVIEW_SETTINGS], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        while _lines(out) < after and proc.poll() is None:
            time.sleep(0.01)
        assert proc.poll() is None, ("the run ended before it was stopped", proc.communicate())
        if how == "sigint":      # Ctrl-C: the whole foreground group, workers too
            os.killpg(proc.pid, signal.SIGINT)
        elif how == "sigkill":   # killed, workers too (as a container or a job scheduler does)
            os.killpg(proc.pid, signal.SIGKILL)
        else:                    # the main process alone killed (as the OOM killer does): its workers are orphans
            proc.kill()
            proc.wait()
            _wait_until_group_ends(proc.pid)   # they see it and end (they would hold the pipes and a core each for ever)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)   # what is left of the group
        proc.wait()
    if how == "sigint":
        assert proc.returncode == 130 and "stich: interrupted after" in err and "--resume goes on" in err, err
        assert "Traceback" not in err, err
    else:
        assert proc.returncode == -signal.SIGKILL
    return _lines(out)


@pytest.mark.skipif(os.name != "posix", reason="signals to a process group: POSIX")
@pytest.mark.parametrize("how, workers", [("sigint", 1), ("sigint", 2), ("sigkill", 1), ("sigkill", 2), ("kill-main", 2)])
def test_a_review_stopped_mid_run_resumes_to_the_uninterrupted_output(forty_records, tmp_path, how, workers):
    """Stopped once it has written some reviews, then resumed (twice over: stopped again on the
    way): the output is byte for byte the uninterrupted run's. Nothing reviewed twice, nothing lost."""
    path, whole = forty_records
    out = tmp_path / "review.jsonl"
    first = _stopped_run(path, out, workers, how, after=3)
    assert 3 <= first < 40
    second = _stopped_run(path, out, workers, how, after=first + 3, resume=True)
    assert first + 3 <= second < 40
    done = subprocess.run([sys.executable, "-m", "stich", "review", str(path), "--out", str(out), "--resume", "--workers", str(workers),
                           *REVIEW_SETTINGS], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == whole
    summary = done.stdout
    assert summary.count("\nrecord ") + summary.startswith("record ") == 40   # the report covers every record, not only the last run's


def _wait_until_group_ends(group, timeout=120):
    """Until no live process of the group is left (its zombies aside), or the timeout: then an error."""
    if not os.path.isdir("/proc"):
        return
    deadline = time.monotonic() + timeout
    while True:
        alive = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError), open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()   # after the name: state, ppid, pgrp, ...
                    if int(fields[2]) == group and fields[0] != "Z":
                        alive.append(int(entry))
        if not alive:
            return
        assert time.monotonic() < deadline, f"the workers {alive} outlived the killed review"
        time.sleep(0.05)


def test_resume_refuses_another_review_and_changes_nothing(forty_records, tmp_path):
    """--resume goes on only with the file's own records and settings; a refusal leaves the file as it was."""
    path, whole = forty_records
    good = whole.splitlines(keepends=True)[:5]
    other = tmp_path / "other.txt"
    stich.write_records(records_of("Mucken", 3, seed=1), other)
    cases = [
        (path, b"".join(good), ["--worlds", "11", "--iterations", "200"], "resume with the same settings"),
        (path, b"".join(good), ["--open-only", "--worlds", "10", "--iterations", "200"], "resume with the same settings"),
        (other, b"".join(good), REVIEW_SETTINGS, "it is another file's review"),
        (path, good[0] + good[1] + good[1], REVIEW_SETTINGS, "record 2 is reviewed twice"),
        (path, good[0] + b"{oops\n" + good[2], REVIEW_SETTINGS, "line 2: not a review"),
        (path, good[0] + b"[1, 2]\n", REVIEW_SETTINGS, "line 2: not a review"),
        (path, good[0] + b'{"record": 99, "game": "Euchre", "decisions": []}\n', REVIEW_SETTINGS, "another file's review"),
        (path, good[0] + b"x" * (5 << 20), REVIEW_SETTINGS, "longer than any review's"),
        (path, b"\x00\xff" * 100 + b"\n", REVIEW_SETTINGS, "line 1: not a review"),
    ]
    for records_file, content, settings, words in cases:
        out = tmp_path / "review.jsonl"
        out.write_bytes(content)
        done = subprocess.run([sys.executable, "-m", "stich", "review", str(records_file), "--out", str(out), "--resume",
                               "--workers", "1", *settings], capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and words in done.stderr and done.stderr.count("\n") == 1, (words, done.stderr)
        assert out.read_bytes() == content, words   # nothing lost
