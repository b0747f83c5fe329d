"""Every decision of played games judged (docs/review.md): ``stich.review(records)`` and
``stich review FILE``.

For each decision with a choice (at least two legal actions) of each record:

- in the card play, **open-handed**: the exact value of the card played and of the best card with
  every hand known, and the loss: the core's verdicts (one ``analyse_deal`` along the record's cards);
- in the card play, **from the player's view** (what that seat knew): the expected value of the
  card played and of the best one by PIMC over ``worlds`` worlds of its view (exact where the view
  has at most that many deals), with an interval on the loss; a card is a *mistake* only where the
  loss is above the game's ``TIE_THRESHOLD`` and its interval excludes zero;
- before the card play (bids, declarations, doublings, exchanges): the search from the seat's
  view (``iterations`` ISMCTS iterations, four independent runs), with the interval it reports.

Every analysis is seeded from ``seed``, the record's index and the decision's index, and runs on
one thread, so a review gives the same numbers record for record whatever the executor and the
number of workers. The card-play analyses need the game's solver (every registered game has one).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import io
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import _core
from .records import Record

__all__ = ["review", "review_record", "summary_table"]

DEFAULT_WORLDS = 100
DEFAULT_ITERATIONS = 4000
SEARCH_RUNS = _core.ANALYSE_SEARCH_RUNS   # the search's independent runs a decision (its interval)


def review_record(record: Record, index: int = 0, worlds: int = DEFAULT_WORLDS, iterations: int = DEFAULT_ITERATIONS,
                  seed: int = 0, view: bool = True, progress: Callable[[int, int], Any] | None = None) -> dict[str, Any]:
    """The review of one record as a JSON-ready dict: ``decisions`` (one per decision with a
    choice: ``index`` of the action in the record, ``seat``, ``phase``, ``played``, ``open`` (card
    play: ``best``, ``value_played``, ``value_best``, ``loss``), ``view`` (``method``, ``best``,
    ``value_played``, ``value_best``, ``loss``, ``loss_low``, ``loss_high``, ``mistake``)) and
    ``seats`` (per seat: decisions, mistakes, the losses summed). ``view=False``: the open-hand
    values alone (``view`` is None, no mistakes are called): the fast review of many deals.
    ``progress(done, total)``: called for each action of the record in turn as the review reaches
    it (checked every 50 ms) and once at the end (the actions done of the record's); an exception
    from it ends the review within about 50 ms (``stich serve`` cancels so). Both verdicts are the
    core's (``_core.review_view``, ``_core.review_open``); this function puts them together."""
    game = record.game_class(**record.options)
    threshold = game.TIE_THRESHOLD
    actions = [t for _, t in record.actions]
    state = record.state(at=0)
    decisions: list[dict[str, Any]] = []
    for k, (seat, text) in enumerate(record.actions):
        if progress is not None and not view:
            progress(k, len(actions))
        if len(state.legal_actions()) >= 2:
            decisions.append({"index": k, "seat": seat, "phase": state.phase, "played": text, "open": None, "view": None})
        state.apply(text)
    by_index = {d["index"]: d for d in decisions}
    if view:   # from the seat's view: the core's verdicts, each decision seeded from seed, index and its own index
        for k, _seat, method, best, value_played, value_best, loss, low, high, mistake in _core.review_view(
                record.state(at=0), actions, worlds, iterations, seed, index, progress):
            by_index[k]["view"] = {"method": method, "best": best, "value_played": value_played, "value_best": value_best,
                                   "loss": loss, "loss_low": low, "loss_high": high, "mistake": mistake}
    # Open-handed: the core's verdicts from one analysis along the record's card play.
    for k, _seat, _played, best, value_played, value_best in _core.review_open(record.state(at=0), actions):
        by_index[k]["open"] = {"best": best, "value_played": value_played, "value_best": value_best, "loss": value_best - value_played}
    if progress is not None:
        progress(len(actions), len(actions))
    seats = []
    names = record.names or ()
    for s in range(game.num_players):
        mine = [d for d in decisions if d["seat"] == s]
        seats.append({"seat": s, "name": names[s] if s < len(names) else None, "decisions": len(mine),
                      "mistakes": sum(1 for d in mine if d["view"] and d["view"]["mistake"]),
                      "loss_view": round(sum(d["view"]["loss"] or 0.0 for d in mine if d["view"]), 6),
                      "loss_open": sum(d["open"]["loss"] for d in mine if d["open"] is not None)})
    return {"record": index, "game": record.game, "threshold": threshold, "decisions": decisions, "seats": seats}


Job = tuple[int, Record]   # a record and its index among the records given


def _review_jobs(jobs: list[Job], settings: tuple[int, int, int, bool]) -> list[dict[str, Any]]:
    return [review_record(record, index, *settings) for index, record in jobs]


# A pool worker's share of the review, set once as it starts (_start_worker): the jobs and the
# settings, so that a task is two numbers. With fork the worker has them from the parent as they
# are (nothing is pickled); with spawn they are pickled once a worker, not once a record.
_worker_jobs: list[Job] = []
_worker_settings: tuple[int, int, int, bool] = (DEFAULT_WORLDS, DEFAULT_ITERATIONS, 0, True)


def _start_worker(jobs: list[Job], settings: tuple[int, int, int, bool]) -> None:
    global _worker_jobs, _worker_settings
    _worker_jobs, _worker_settings = jobs, settings
    # Ctrl-C is the parent's to handle: it ends the workers (_end_workers). A worker interrupted
    # while it waited for a task could die holding the task queue's lock, and the pool's shutdown
    # then waited for ever on the other worker (seen with two workers under load).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()


def _end_with_parent() -> None:
    """A pool worker ends when the process that started it is gone: killed (SIGKILL, the OOM
    killer), it cannot tell its workers, which would wait on their queue for ever, each holding a
    core while one finishes its range."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.25)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="stich-review-parent-watch").start()


def _work_range(start: int, stop: int) -> list[dict[str, Any]]:
    return _review_jobs(_worker_jobs[start:stop], _worker_settings)


def _ranges(jobs: int, workers: int, view: bool) -> list[tuple[int, int]]:
    """The jobs cut into ranges a worker takes at once, in order, each a quarter of an even share
    of the jobs left (guided scheduling), at most 8 records with the view analysis and 64 without:
    long ranges while much is left, so that short deals do not wait on the pipes (or on Ray's
    bookkeeping, about a millisecond a task), and single records at the end, so that the workers
    finish together (a last chunk of eight short records left one worker idle for 8% of a
    100-record review)."""
    most = 8 if view else 64
    ranges = []
    start = 0
    while start < jobs:
        stop = start + max(1, min(most, (jobs - start) // (4 * workers)))
        ranges.append((start, stop))
        start = stop
    return ranges


def check_review_args(worlds: int, iterations: int, seed: int, workers: int = 1) -> None:
    """Raises ValueError, as ``review`` does before any work, for settings it does not take."""
    for name, value, low in (("worlds", worlds, 1), ("iterations", iterations, 1), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an int >= {low}, got {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be an int >= 0, got {seed!r}")


def review(records: Iterable[Record], worlds: int = DEFAULT_WORLDS, iterations: int = DEFAULT_ITERATIONS, seed: int = 0,
           workers: int = 1, skip: Iterable[int] = (), view: bool = True, ray: str | None = None) -> Iterator[dict[str, Any]]:
    """The reviews of the records, in order, one dict a record (``review_record``), on ``workers``
    local processes (1: in this process), or on Ray (``ray``: a cluster's address, or "local" for
    a local instance of ``workers`` CPUs; the ``ray`` extra). ``skip``: record indices left out
    (already reviewed); ``view=False``: open-handed only. The results do not depend on the
    executor or the number of workers."""
    check_review_args(worlds, iterations, seed, workers)
    done = set(skip)
    jobs = [(i, r) for i, r in enumerate(records) if i not in done]
    settings = (worlds, iterations, seed, view)
    ranges = _ranges(len(jobs), workers, view)
    if ray is not None:
        yield from _on_ray(jobs, settings, ray, workers, ranges)
        return
    if workers == 1:
        for index, record in jobs:
            yield review_record(record, index, *settings)
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(jobs, settings)) as pool:
        try:
            for results in pool.map(_work_range, *zip(*ranges)):
                yield from results
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            _end_workers(pool)
            raise


def _end_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stops the pool's workers at once (Ctrl-C, an error): their ranges in flight are not written,
    so --resume does them again. Python 3.14 has terminate_workers(); before, the pool's own list."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.terminate()


def _on_ray(jobs: list[Job], settings: tuple[int, int, int, bool], address: str, workers: int,
            ranges: list[tuple[int, int]]) -> Iterator[dict[str, Any]]:
    """The jobs as Ray tasks of a range each, their results in order. A local instance (address "local") is
    started with ``workers`` CPUs and shut down after; a cluster's address is joined (every node
    needs stich installed). Ctrl-C cancels the tasks not yet done."""
    if not isinstance(address, str) or not address:
        raise ValueError(f"ray must be 'local' or a Ray cluster's address, got {address!r}")
    try:
        import ray as ray_module
    except ImportError:
        raise ValueError("--ray needs Ray: pip install 'stich[ray]'") from None
    started = not ray_module.is_initialized()
    if started:
        if address == "local":
            ray_module.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray_module.init(address=address, log_to_driver=False)
    task = ray_module.remote(num_cpus=1)(_review_jobs)
    refs = [task.remote(jobs[start:stop], settings) for start, stop in ranges]
    try:
        for ref in refs:
            yield from ray_module.get(ref)
    except BaseException:
        for ref in refs:
            ray_module.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray_module.shutdown()


def summary_table(reviews: list[dict[str, Any]]) -> str:
    """Per seat over the reviews: decisions, mistakes per 100 decisions, points lost a deal (from
    the seat's view and open-handed), and the biggest mistakes."""
    totals: dict[int, dict[str, float]] = {}
    names: dict[int, str] = {}
    biggest: list[tuple[float, int, dict[str, Any]]] = []
    for rv in reviews:
        for s in rv["seats"]:
            t = totals.setdefault(s["seat"], {"decisions": 0, "mistakes": 0, "loss_view": 0.0, "loss_open": 0.0, "deals": 0})
            for key in ("decisions", "mistakes", "loss_view", "loss_open"):
                t[key] += s[key]
            t["deals"] += 1
            if s.get("name"):
                names[s["seat"]] = s["name"]
        for d in rv["decisions"]:
            if d["view"] and d["view"]["mistake"]:
                biggest.append((d["view"]["loss"], rv["record"], d))
    lines = ["seat  name        decisions  mistakes/100  lost a deal (view)  lost a deal (open)"]
    for seat in sorted(totals):
        t = totals[seat]
        per100 = 100 * t["mistakes"] / t["decisions"] if t["decisions"] else 0.0
        lines.append(f"{seat:>4}  {names.get(seat, '-'):<10}  {int(t['decisions']):>9}  {per100:>12.1f}  "
                     f"{t['loss_view'] / t['deals']:>18.3f}  {t['loss_open'] / t['deals']:>18.3f}")
    if biggest:
        lines.append("")
        lines.append("biggest mistakes (from the player's view):")
        for loss, record, d in sorted(biggest, key=lambda x: -x[0])[:10]:
            lines.append(f"  record {record + 1}, action {d['index']}: seat {d['seat']} played {d['played']}, "
                         f"{d['view']['best']} was better by {loss:.3f} [{d['view']['loss_low']:.3f}, {d['view']['loss_high']:.3f}] "
                         f"({d['view']['method']})")
    return "\n".join(lines)


def settings(worlds: int, iterations: int, seed: int, view: bool) -> dict[str, Any]:
    """What a review's numbers depend on (with the record), as each line of ``stich review --out``
    states it, so that --resume goes on only with the same."""
    return {"worlds": worlds, "iterations": iterations, "seed": seed, "open_only": not view}


# A line of a --out file longer than this is no review (a review's line is a few kB).
_MOST_LINE = 1 << 22


def resume(path: str, records: list[Record], given: dict[str, Any]) -> list[dict[str, Any]]:
    """The reviews already in the JSON Lines output ``path`` of a stopped ``stich review --out``
    (none where it does not exist), each checked to be a review of that record of ``records``
    (its index and game) made with the settings ``given``, in the order written. A line the run
    was writing when it was stopped (no end of line, or cut) is cut from the file, so that the
    record is reviewed again and the file holds every review once. ValueError for anything else: a
    damaged line before the last, a record twice, another file's or other settings' review."""
    if not os.path.exists(path):
        return []
    reviews: list[dict[str, Any]] = []
    seen: set[int] = set()
    good = 0   # the end of the last complete line
    with open(path, "rb") as f:
        for no, raw in enumerate(iter(lambda: f.readline(_MOST_LINE), b""), 1):
            if not raw.endswith(b"\n"):
                if len(raw) == _MOST_LINE:
                    raise ValueError(f"{path}, line {no}: longer than any review's ({_MOST_LINE:,} bytes): not a stich review output")
                break   # the line being written when the run stopped: reviewed again
            try:
                rv = json.loads(raw)
            except (ValueError, RecursionError):
                rv = None
            index = rv.get("record") if isinstance(rv, dict) else None
            if not isinstance(index, int) or isinstance(index, bool) or not isinstance(rv.get("decisions"), list):
                raise ValueError(f"{path}, line {no}: not a review of stich review --out (a stopped run leaves at most a "
                                 "half-written last line): give another --out, or remove it")
            if not 0 <= index < len(records) or rv.get("game") != records[index].game:
                raise ValueError(f"{path}, line {no}: the review of record {index + 1} ({rv.get('game')}), which is not a record of "
                                 f"this file ({len(records)} records): it is another file's review")
            if rv.get("settings") != given:
                raise ValueError(f"{path}, line {no}: made with {rv.get('settings')}, not {given}: resume with the same "
                                 "settings, or give another --out")
            if index in seen:
                raise ValueError(f"{path}, line {no}: record {index + 1} is reviewed twice in it")
            seen.add(index)
            reviews.append(rv)
            good = f.tell()
    if good != os.path.getsize(path):
        with open(path, "r+b") as f:
            f.truncate(good)
    return reviews


def dump(review_dict: dict[str, Any]) -> str:
    return json.dumps(review_dict, sort_keys=True, allow_nan=False)


def _stderr_bar(total: int) -> Any:
    from .bots import progress_bar

    return progress_bar(total, "records", None if sys.stderr.isatty() else False)


def _loss_cell(d: dict[str, Any]) -> str:
    v = d["view"]
    return "" if not v or v["loss"] is None else f"{v['loss']:.3f}"


def html_report(records: list[Record], reviews: list[dict[str, Any]]) -> str:
    """One self-contained page (docs/review.md, "The HTML report"): for every deal a chart of the
    value after each decision from both views (the open-hand value of the card played, and from
    the player's view its expected value) for the seat that made it, the mistakes marked, and the
    per-seat summary table. The charts are matplotlib's, embedded as SVG: the page needs nothing
    from the network."""
    import html

    import matplotlib

    matplotlib.use("Agg")   # no screen: render to SVG in memory
    import matplotlib.pyplot as plt

    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>stich review</title>",
             "<style>body{font-family:sans-serif;margin:2em} .deal{margin-bottom:2em} pre{background:#f4f4f4;padding:1em}"
             " table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:2px 6px}</style></head><body>",
             f"<h1>stich review: {len(reviews)} deal{'s' if len(reviews) != 1 else ''}</h1>",
             "<h2>Summary</h2>", f"<pre>{html.escape(summary_table(reviews))}</pre>"]
    by_index = {i: r for i, r in enumerate(records)}
    for rv in reviews:
        record = by_index.get(rv["record"])
        title = f"Deal {rv['record'] + 1}: {rv['game']}"
        decisions = rv["decisions"]
        fig, ax = plt.subplots(figsize=(8, 3))
        xs = [d["index"] for d in decisions]
        open_v = [d["open"]["value_played"] if d["open"] else None for d in decisions]
        view_v = [d["view"]["value_played"] if d["view"] else None for d in decisions]
        if any(v is not None for v in open_v):
            ax.plot([x for x, v in zip(xs, open_v) if v is not None], [v for v in open_v if v is not None], "o-",
                    label="open-handed (card played)")
        if any(v is not None for v in view_v):
            ax.plot([x for x, v in zip(xs, view_v) if v is not None], [v for v in view_v if v is not None], "s--",
                    label="from the player's view")
        mistakes = [(d["index"], d["view"]["value_played"]) for d in decisions if d["view"] and d["view"]["mistake"]]
        if mistakes:
            ax.plot([m[0] for m in mistakes], [m[1] for m in mistakes], "rx", markersize=12, mew=2, label="mistake")
        ax.set_xlabel("action of the deal")
        ax.set_ylabel("value for the seat to act")
        ax.set_title(title)
        ax.legend(loc="best", fontsize="small")
        buf = io.StringIO()
        with matplotlib.rc_context({"svg.hashsalt": "stich"}):   # the same page for the same reviews: fixed ids, no date
            fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
        plt.close(fig)
        svg = buf.getvalue()
        svg = svg[svg.index("<svg"):]
        rows = "".join(
            f"<tr><td>{d['index']}</td><td>{d['seat']}</td><td>{html.escape(d['played'])}</td>"
            f"<td>{html.escape(d['view']['best']) if d['view'] else ''}</td>"
            f"<td>{_loss_cell(d)}</td>"
            f"<td>{'' if not d['open'] else d['open']['loss']}</td><td>{'yes' if d['view'] and d['view']['mistake'] else ''}</td></tr>"
            for d in decisions)
        names = ", ".join(record.names) if record is not None and record.names else ""
        parts.append(f"<div class='deal' id='deal-{rv['record'] + 1}'><h2>{html.escape(title)}</h2>"
                     f"<p>{html.escape(names)}</p>{svg}"
                     "<table><tr><th>action</th><th>seat</th><th>played</th><th>best (view)</th><th>loss (view)</th>"
                     f"<th>loss (open)</th><th>mistake</th></tr>{rows}</table></div>")
    parts.append("</body></html>")
    return "\n".join(parts)
