"""Answer quality of ``stich.analyse``: how often it names a best move, what its picks cost, whether
its ties and intervals mean what they say. docs/search.md ("Answer quality") says how to read the output.

    PYTHONPATH=python python benchmarks/quality/run.py --seconds 2 --positions 30 [--games Couillon Euchre]
        [--part late|mid|both] [--mid-positions 12] [--method auto|pimc|ismcts] [--threads 1] [--seed 1]
        [--json out.json]

The positions are fixed: benchmarks/quality/data/positions.json, written once by positions.py
beside this file (late card-play positions with their exact values; mid-game ones without).

* **late** (exact ground truth): each non-trivial position is analysed by
  ``stich.analyse(view, seconds=S, seed=SEED, method="auto", threads=T)``: the pick is an exact
  best move or not (rate with a 95% Wilson interval), its regret (the exact best value minus the
  exact value of the pick, the game's unit), which method answered, whether a tie is declared where
  the exact best and second differ by more than the result's ``tie_threshold``, and, for the rows
  of a sampling answer (not "exact"), whether each row's interval [low, high] holds the exact value
  and the estimate of a second, independent run (seed SEED + 1), and the same for the intervals of
  the difference to the best row (``diff_low``, ``diff_high``). Trivial positions (every move the
  same exact value) are analysed once and reported apart. ``--method pimc`` or ``ismcts`` analyses
  the late positions by that method instead (at a budget where "auto" answers exactly, the only
  way to measure the sampling methods on all of them).
* **mid** (no ground truth): three runs (seeds SEED, SEED + 1, SEED + 2) at S and a reference run
  at 4 S (seed SEED): how often the three name the same move where the reference's top two differ
  by more than ``tie_threshold``; and, where the rows have visits (the search), whether every root
  move's visits grow from the run at S to the one at 4 S (a move that does not is "frozen").

Ctrl-C stops after the current analysis (within about 50 ms) and prints what was measured.
Written against the result's newer fields (``tie_threshold``, ``diff``, ``diff_low``,
``diff_high``); on a build without them it says so in the output and measures what it can.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import stich

DATA = Path(__file__).resolve().parent / "data" / "positions.json"
EPS = 1e-9                  # exact values this close are equal (the data file's trivial flag uses the same)
REFERENCE_FACTOR = 4        # the mid-game reference run's budget, in budgets
METHODS = ("exact", "pimc", "ismcts")


# --- the data ---------------------------------------------------------------------------------

def load(path: Path = DATA) -> dict[str, Any]:
    data = json.loads(Path(path).read_text())
    if data.get("format") != "stich quality positions 1":
        raise ValueError(f"{path}: not a position file of this benchmark (format {data.get('format')!r})")
    return data


def game_filter(names: list[str] | None) -> list[str]:
    """The games asked for, by name in any case (all of them for None)."""
    if not names:
        return list(stich.GAMES)
    by_lower = {g.lower(): g for g in stich.GAMES}
    unknown = [n for n in names if n.lower() not in by_lower]
    if unknown:
        raise SystemExit(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(stich.GAMES)}")
    return [by_lower[n.lower()] for n in names]


def select_late(records: list[dict[str, Any]], games: list[str], per_game: int | None) -> list[dict[str, Any]]:
    """Per game, ``per_game`` non-trivial positions taken in turn from its buckets (hand size,
    origin), each bucket in file order, with the trivial positions met on the way (counted apart);
    every position of those games for None."""
    out = []
    for game in games:
        buckets: dict[tuple[int, str], list[dict[str, Any]]] = {}
        for r in records:
            if r["game"] == game:
                buckets.setdefault((r["hand_size"], r["origin"]), []).append(r)
        queues = [list(q) for _, q in sorted(buckets.items())]
        taken = 0
        while any(queues) and (per_game is None or taken < per_game):
            for q in queues:
                # the bucket's next non-trivial position and the trivial ones before it
                while q and (per_game is None or taken < per_game):
                    r = q.pop(0)
                    out.append(r)
                    if not r["trivial"]:
                        taken += 1
                        break
    return out


def select_mid(records: list[dict[str, Any]], games: list[str], per_game: int | None) -> list[dict[str, Any]]:
    """Per game, ``per_game`` positions taken in turn from its kinds (before play, trick 1, trick 2)."""
    out = []
    for game in games:
        kinds: dict[str, list[dict[str, Any]]] = {}
        for r in records:
            if r["game"] == game:
                kinds.setdefault(r["kind"], []).append(r)
        queues = [list(q) for _, q in sorted(kinds.items())]
        taken = 0
        while any(queues) and (per_game is None or taken < per_game):
            for q in queues:
                if q and (per_game is None or taken < per_game):
                    out.append(q.pop(0))
                    taken += 1
    return out


# --- one analysis, as plain data ---------------------------------------------------------------

def _num(x: Any) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def answer(r: Any) -> dict[str, Any]:
    """What a ``stich.analyse`` result says, as plain data; fields the build lacks are None.
    An exact row without an interval gets low == high == mean (what the newer interface gives)."""
    table = list(r.table)
    best_mean = table[0].mean
    rows = []
    for row in table:
        mean = float(row.mean)
        low, high = _num(getattr(row, "low", None)), _num(getattr(row, "high", None))
        if r.method == "exact" and low is None and high is None:
            low = high = mean
        diff = getattr(row, "diff", None)
        rows.append({"action": str(row.action), "mean": mean, "low": low, "high": high,
                     "diff": float(diff) if diff is not None else mean - best_mean,
                     "diff_low": _num(getattr(row, "diff_low", None)), "diff_high": _num(getattr(row, "diff_high", None)),
                     "visits": getattr(row, "visits", None)})
    threshold = getattr(r, "tie_threshold", None)
    return {"method": r.method, "why": r.why, "best": str(r.best), "tied": bool(r.tied),
            "tie_threshold": None if threshold is None else float(threshold), "rows": rows}


def analyse(record: dict[str, Any], seconds: float, seed: int, threads: int, method: str = "auto") -> dict[str, Any]:
    pos = stich.parse(record["position"])
    start = time.perf_counter()
    r = stich.analyse(pos.view, seconds=seconds, seed=seed, method=method, threads=threads)
    out = answer(r)
    out["seconds"] = time.perf_counter() - start
    return out


# --- late positions ----------------------------------------------------------------------------

def exact_facts(record: dict[str, Any]) -> dict[str, Any]:
    """The exact values: per move, the best value, the best moves and the gap between the best value
    and the second (0 when two moves share the best value; a late position has two moves or more)."""
    values = {a: v for a, v in record["moves"]}
    ordered = sorted(values.values(), reverse=True)
    top = ordered[0]
    return {"values": values, "top": top, "best_moves": sorted(a for a, v in values.items() if v >= top - EPS),
            "gap": ordered[0] - ordered[1]}


def _contains(low: float | None, high: float | None, x: float | None) -> bool | None:
    if low is None or high is None or x is None:
        return None
    return low - EPS <= x <= high + EPS


def measure_late(record: dict[str, Any], seconds: float, seed: int, threads: int = 1,
                 independent: bool = True, method: str = "auto") -> dict[str, Any]:
    """Analyses a late position and scores it against its exact values. The independent run (seed
    + 1) is made only where the first answer is a sampling one and ``independent`` is set."""
    facts = exact_facts(record)
    first = analyse(record, seconds, seed, threads, method)
    second = analyse(record, seconds, seed + 1, threads, method) if independent and first["method"] != "exact" else None
    return score_late(record, facts, first, second)


def score_late(record: dict[str, Any], facts: dict[str, Any], first: dict[str, Any],
               second: dict[str, Any] | None) -> dict[str, Any]:
    values = facts["values"]
    pick = first["best"]
    if pick not in values:
        raise ValueError(f"{record['id']}: the analysis picks {pick}, which the stored exact values lack ({sorted(values)})")
    sampled = first["method"] != "exact"
    other = {row["action"]: row for row in second["rows"]} if second else {}
    rows = []
    for row in first["rows"]:
        a = row["action"]
        exact_diff = values[a] - values[pick]
        o = other.get(a)
        o_pick = other.get(pick)
        other_mean = o["mean"] if o else None
        other_diff = o["mean"] - o_pick["mean"] if o and o_pick else None
        rows.append({**row, "exact": values[a], "exact_diff": exact_diff, "is_pick": a == pick,
                     "covers_exact": _contains(row["low"], row["high"], values[a]) if sampled else None,
                     "covers_other": _contains(row["low"], row["high"], other_mean) if sampled else None,
                     "diff_covers_exact": (_contains(row["diff_low"], row["diff_high"], exact_diff)
                                           if sampled and a != pick else None),
                     "diff_covers_other": (_contains(row["diff_low"], row["diff_high"], other_diff)
                                           if sampled and a != pick else None)})
    regret = facts["top"] - values[pick]
    return {"id": record["id"], "game": record["game"], "hand_size": record["hand_size"], "origin": record["origin"],
            "trivial": record["trivial"], "method": first["method"], "why": first["why"], "pick": pick,
            "best_moves": facts["best_moves"], "hit": regret <= EPS, "regret": max(regret, 0.0), "gap": facts["gap"],
            "tied": first["tied"], "tie_threshold": first["tie_threshold"],
            "seconds": first["seconds"] + (second["seconds"] if second else 0.0),
            "second_run": second is not None, "rows": rows}


# --- mid-game positions ------------------------------------------------------------------------

def measure_mid(record: dict[str, Any], seconds: float, seed: int, threads: int = 1) -> dict[str, Any]:
    """Three runs at ``seconds`` (seeds seed, seed + 1, seed + 2) and a reference at
    REFERENCE_FACTOR times the budget (seed ``seed``)."""
    runs = [analyse(record, seconds, seed + k, threads) for k in range(3)]
    reference = analyse(record, REFERENCE_FACTOR * seconds, seed, threads)
    return score_mid(record, runs, reference)


def score_mid(record: dict[str, Any], runs: list[dict[str, Any]], reference: dict[str, Any]) -> dict[str, Any]:
    ref_rows = reference["rows"]
    threshold = reference["tie_threshold"]
    if len(ref_rows) < 2:
        separated = False
        rule = "one move"
    elif threshold is not None:
        separated = abs(ref_rows[0]["mean"] - ref_rows[1]["mean"]) > threshold
        rule = "tie_threshold"
    else:   # a build without tie_threshold: the reference's top two 95% intervals do not overlap
        a, b = ref_rows[0], ref_rows[1]
        separated = (a["low"] is not None and b["low"] is not None and (a["low"] > b["high"] or b["low"] > a["high"]))
        rule = "intervals"
    picks = [r["best"] for r in runs]
    common = Counter(picks).most_common(1)[0][0]
    frozen = visits = None
    moves = len(ref_rows)
    if runs[0]["method"] == reference["method"] and all(row["visits"] is not None for row in runs[0]["rows"] + ref_rows):
        small = {row["action"]: row["visits"] for row in runs[0]["rows"]}
        large = {row["action"]: row["visits"] for row in ref_rows}
        frozen = sorted(a for a in small if large.get(a, 0) <= small[a])
        visits = {a: [small[a], large.get(a, 0)] for a in small}
        moves = len(small)
    return {"id": record["id"], "game": record["game"], "kind": record["kind"], "phase": record["phase"],
            "origin": record["origin"], "methods": [r["method"] for r in runs], "reference_method": reference["method"],
            "picks": picks, "reference_best": reference["best"], "agree": len(set(picks)) == 1,
            "stable": all(r["tied"] for r in runs if r["best"] != common),
            "agree_with_reference": all(p == reference["best"] for p in picks), "separated": separated,
            "separated_by": rule, "reference_gap": (ref_rows[0]["mean"] - ref_rows[1]["mean"]) if len(ref_rows) > 1 else None,
            "tie_threshold": threshold, "tied": [r["tied"] for r in runs], "frozen": frozen, "visits": visits,
            "moves": moves,
            "seconds": sum(r["seconds"] for r in runs) + reference["seconds"]}


# --- statistics --------------------------------------------------------------------------------

def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n (nan, nan for n == 0)."""
    if n == 0:
        return math.nan, math.nan
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def _share(flags: list[bool | None]) -> dict[str, Any]:
    """k of n over the flags that are not None (None: the quantity is missing, counted apart)."""
    known = [f for f in flags if f is not None]
    return {"k": sum(known), "n": len(known), "missing": len(flags) - len(known)}


def summarize_late(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Rates over the non-trivial positions only; the trivial ones are counted apart."""
    measured = [r for r in results if not r["trivial"]]
    trivial = [r for r in results if r["trivial"]]
    hits = sum(r["hit"] for r in measured)
    regrets = [r["regret"] for r in measured]
    thresholds = [r["tie_threshold"] for r in measured]
    have_threshold = bool(measured) and all(t is not None for t in thresholds)
    # positions whose exact best and second differ by more than the tie threshold (EPS without one)
    def differ(r: dict[str, Any]) -> bool:
        return r["gap"] > (r["tie_threshold"] if r["tie_threshold"] is not None else EPS)

    clear = [r for r in measured if differ(r)]
    close = [r for r in measured if not differ(r)]
    sampled_rows = [row for r in measured if r["method"] != "exact" for row in r["rows"]]
    second_rows = [row for r in measured if r["method"] != "exact" and r["second_run"] for row in r["rows"]]
    return {
        "positions": len(measured), "trivial": len(trivial),
        "trivial_tied": sum(r["tied"] for r in trivial),
        "methods": dict(Counter(r["method"] for r in measured)),
        "exact_best": {"k": hits, "n": len(measured), "rate": hits / len(measured) if measured else math.nan,
                       "wilson": wilson(hits, len(measured))},
        "mean_regret": sum(regrets) / len(regrets) if regrets else math.nan,
        "worst_regret": max(regrets) if regrets else math.nan,
        "tie_threshold_known": have_threshold,
        "tied_when_different": {"k": sum(r["tied"] for r in clear), "n": len(clear)},
        "tied_when_close": {"k": sum(r["tied"] for r in close), "n": len(close)},
        "sampled_positions": sum(r["method"] != "exact" for r in measured),
        "covers_exact": _share([row["covers_exact"] for row in sampled_rows]),
        "covers_other": _share([row["covers_other"] for row in second_rows]),
        "diff_covers_exact": _share([row["diff_covers_exact"] for row in sampled_rows if not row["is_pick"]]),
        "diff_covers_other": _share([row["diff_covers_other"] for row in second_rows if not row["is_pick"]]),
        "seconds": sum(r["seconds"] for r in results),
    }


def summarize_mid(results: list[dict[str, Any]]) -> dict[str, Any]:
    separated = [r for r in results if r["separated"]]
    frozen_known = [r for r in results if r["frozen"] is not None]
    agree = sum(r["agree"] for r in separated)
    return {
        "positions": len(results), "methods": dict(Counter(m for r in results for m in r["methods"])),
        "separated": len(separated), "separated_by": sorted({r["separated_by"] for r in results}),
        "agree_separated": {"k": agree, "n": len(separated), "wilson": wilson(agree, len(separated))},
        "agree_reference_separated": {"k": sum(r["agree_with_reference"] for r in separated), "n": len(separated)},
        "agree_all": {"k": sum(r["agree"] for r in results), "n": len(results)},
        "stable": {"k": sum(r["stable"] for r in results), "n": len(results)},
        "tied_runs": {"k": sum(sum(r["tied"]) for r in results), "n": 3 * len(results)},
        "frozen_positions": {"k": sum(bool(r["frozen"]) for r in frozen_known), "n": len(frozen_known)},
        "frozen_moves": {"k": sum(len(r["frozen"]) for r in frozen_known), "n": sum(r["moves"] for r in frozen_known)},
        "seconds": sum(r["seconds"] for r in results),
    }


# --- output ------------------------------------------------------------------------------------

def _pct(k: int, n: int) -> str:
    return f"{k}/{n} ({k / n:.0%})" if n else "-"


def _methods(counts: dict[str, int]) -> str:
    return ", ".join(f"{m} {counts[m]}" for m in METHODS if counts.get(m)) or "-"


def _ci(w: tuple[float, float]) -> str:
    return "-" if math.isnan(w[0]) else f"{w[0]:.0%}-{w[1]:.0%}"


def _cov(s: dict[str, Any]) -> str:
    text = _pct(s["k"], s["n"])
    return text + (f" ({s['missing']} n/a)" if s["missing"] else "")


def markdown_late(results: list[dict[str, Any]], units: dict[str, str]) -> str:
    games = list(dict.fromkeys(r["game"] for r in results))
    out = ["### Late positions: the pick against the exact analysis", "",
           "| game | positions | trivial (apart) | answered by | exact best | 95% interval | mean regret | worst regret | unit |",
           "|---|---:|---:|---|---:|---:|---:|---:|---|"]
    for g in games + ["all"]:
        s = summarize_late([r for r in results if g == "all" or r["game"] == g])
        e = s["exact_best"]
        regret = ("" if g == "all" else f"{s['mean_regret']:.3f}" if s["positions"] else "-",
                  "" if g == "all" else f"{s['worst_regret']:.3f}" if s["positions"] else "-")
        name = f"**{g}**" if g == "all" else g
        out.append(f"| {name} | {s['positions']} | {s['trivial']} | {_methods(s['methods'])} | {_pct(e['k'], e['n'])} | "
                   f"{_ci(e['wilson'])} | {regret[0]} | {regret[1]} | {'' if g == 'all' else units.get(g, '')} |")
    out += ["", "### Late positions: ties and intervals", "",
            "| game | tie declared, exact gap > threshold | tie declared, gap <= threshold | tie declared, trivial | "
            "sampled answers | value interval holds exact | holds 2nd run | diff interval holds exact | holds 2nd run |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for g in games + ["all"]:
        s = summarize_late([r for r in results if g == "all" or r["game"] == g])
        name = f"**{g}**" if g == "all" else g
        out.append(f"| {name} | {_pct(**s['tied_when_different'])} | {_pct(**s['tied_when_close'])} | "
                   f"{_pct(s['trivial_tied'], s['trivial'])} | {s['sampled_positions']} | {_cov(s['covers_exact'])} | "
                   f"{_cov(s['covers_other'])} | {_cov(s['diff_covers_exact'])} | {_cov(s['diff_covers_other'])} |")
    out += ["", "### Late positions by hand size and method", "",
            "| game | cards | method | positions | exact best | mean regret |", "|---|---:|---|---:|---:|---:|"]
    keys = sorted({(r["game"], r["hand_size"], r["method"]) for r in results if not r["trivial"]},
                  key=lambda k: (games.index(k[0]), k[1], METHODS.index(k[2]) if k[2] in METHODS else 9))
    for g, h, m in keys:
        s = summarize_late([r for r in results if (r["game"], r["hand_size"], r["method"]) == (g, h, m)])
        out.append(f"| {g} | {h} | {m} | {s['positions']} | {_pct(s['exact_best']['k'], s['exact_best']['n'])} | "
                   f"{s['mean_regret']:.3f} |")
    s = summarize_late(results)
    notes = ["", "Rates are over the non-trivial positions; trivial ones (every move the same exact value) are counted apart."]
    if not s["tie_threshold_known"]:
        notes.append("This build's results have no `tie_threshold`: \"exact gap > threshold\" uses gap > 1e-9 instead.")
    if any(row["diff_low"] is None for r in results if r["method"] != "exact" for row in r["rows"] if not row["is_pick"]):
        notes.append("Rows without `diff_low`/`diff_high` (or without an interval) count as n/a, not as misses.")
    return "\n".join(out + notes)


def markdown_mid(results: list[dict[str, Any]]) -> str:
    games = list(dict.fromkeys(r["game"] for r in results))
    out = ["### Mid-game positions: do three seeds agree?", "",
           "| game | positions | answered by (runs) | top two separated | 3 seeds agree (separated) | 95% interval | "
           "agree with 4x run | 3 seeds agree (all) | agree or tie declared (all) | runs declaring a tie | "
           "frozen root moves (positions) |",
           "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for g in games + ["all"]:
        s = summarize_mid([r for r in results if g == "all" or r["game"] == g])
        name = f"**{g}**" if g == "all" else g
        a = s["agree_separated"]
        out.append(f"| {name} | {s['positions']} | {_methods(s['methods'])} | {s['separated']} | {_pct(a['k'], a['n'])} | "
                   f"{_ci(a['wilson'])} | {_pct(**s['agree_reference_separated'])} | {_pct(**s['agree_all'])} | {_pct(**s['stable'])} | "
                   f"{_pct(**s['tied_runs'])} | {s['frozen_moves']['k']}/{s['frozen_moves']['n']} "
                   f"({s['frozen_positions']['k']}/{s['frozen_positions']['n']}) |")
    rules = summarize_mid(results)["separated_by"]
    note = ("separated: the 4x reference run's top two means differ by more than its tie_threshold"
            if rules in (["tie_threshold"], ["one move", "tie_threshold"]) else
            "separated: the 4x reference run's top two means differ by more than its tie_threshold, or, on a build "
            "without tie_threshold, its top two 95% intervals do not overlap")
    return "\n".join(out + ["", note + "; agree or tie declared: the three runs name the same move, or every run "
                            "naming another than the most named declares a tie; frozen: a root move whose visits do not "
                            "grow from the run at the budget to the 4x run with the same seed (search answers only)."])


# --- the command -------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="budget of one analysis (default 2)")
    p.add_argument("--positions", type=int, default=None,
                   help="non-trivial late positions a game (default: all in the file)")
    p.add_argument("--mid-positions", type=int, default=None, help="mid-game positions a game (default: all)")
    p.add_argument("--games", nargs="+", default=None, help="games by name (default: all)")
    p.add_argument("--part", choices=("late", "mid", "both"), default="both")
    p.add_argument("--method", choices=("auto", "pimc", "ismcts"), default="auto",
                   help="method of the late positions' analyses (default auto; pimc with analyse's default of 200 "
                        "worlds; the mid-game ones are always auto)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first run (others: +1, +2)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--json", type=Path, default=None, help="also write every measurement and the summaries here")
    a = p.parse_args(argv)
    from tqdm import tqdm

    data = load(a.data)
    games = game_filter(a.games)
    late = select_late(data["late"], games, a.positions) if a.part in ("late", "both") else []
    mid = select_mid(data["mid"], games, a.mid_positions) if a.part in ("mid", "both") else []
    late_results: list[dict[str, Any]] = []
    mid_results: list[dict[str, Any]] = []
    interrupted = False
    start = time.time()
    work = [("late", r) for r in late] + [("mid", r) for r in mid]
    bar = tqdm(work, desc="positions", unit="pos", file=sys.stderr, dynamic_ncols=True)
    try:
        for part, record in bar:
            bar.set_postfix_str(f"{part} {record['game']} {record['id']}")
            if part == "late":
                late_results.append(measure_late(record, a.seconds, a.seed, a.threads, independent=not record["trivial"],
                                                 method=a.method))
            else:
                mid_results.append(measure_mid(record, a.seconds, a.seed, a.threads))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
    elapsed = time.time() - start
    done = len(late_results) + len(mid_results)
    head = (f"`PYTHONPATH=python python benchmarks/quality/run.py --seconds {a.seconds:g}"
            f"{'' if a.positions is None else f' --positions {a.positions}'}"
            f"{'' if a.mid_positions is None else f' --mid-positions {a.mid_positions}'}"
            f"{'' if a.games is None else ' --games ' + ' '.join(games)}"
            f"{'' if a.part == 'both' else f' --part {a.part}'}{'' if a.method == 'auto' else f' --method {a.method}'}"
            f"{'' if a.threads == 1 else f' --threads {a.threads}'}{'' if a.seed == 1 else f' --seed {a.seed}'}`: "
            f"stich {stich.__version__}, {done} of {len(work)} positions in {elapsed:.0f} s"
            f"{' (interrupted: the tables hold the positions measured)' if interrupted else ''}")
    parts = [head]
    if late_results:
        parts.append(markdown_late(late_results, data.get("units", {})))
    if mid_results:
        parts.append(markdown_mid(mid_results))
    print("\n\n".join(parts))
    if a.json:
        by_game = {g: summarize_late([r for r in late_results if r["game"] == g]) for g in games}
        mid_by_game = {g: summarize_mid([r for r in mid_results if r["game"] == g]) for g in games}
        out = {"args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(a).items()},
               "stich": stich.__version__, "interrupted": interrupted, "seconds": elapsed,
               "late": {"summary": {"all": summarize_late(late_results), **by_game}, "positions": late_results},
               "mid": {"summary": {"all": summarize_mid(mid_results), **mid_by_game}, "positions": mid_results}}
        a.json.write_text(json.dumps(_plain(out), indent=1) + "\n")
    return 130 if interrupted else 0


def _plain(x: Any) -> Any:
    """JSON without NaN (None in its place)."""
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


if __name__ == "__main__":
    sys.exit(main())
