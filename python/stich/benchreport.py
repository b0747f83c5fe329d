"""The report of ``stich bench`` as plain data: its context, rate statistics, totals, the scaling
and peer tables, its JSON form and schema, the comparison of two reports, and its text and
Markdown renderings (docs/bench.md). Measuring is stich.bench's part.

Rates are work / seconds per run (iterations or solves a second). A row's figures are the median,
min and max over its runs and the spread, (max - min) / median. A ratio of two rows (new / old,
or stich / peer) comes with a noise band, [a.min / b.max, a.max / b.min]: the lowest and highest
ratio that two runs taken from the two rows give. A difference is larger than the noise when the
whole band is on one side of 1; with a single run on either side there is no noise estimate.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import platform
import statistics
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tabulate import tabulate

from . import _core

FORMAT = "stich-bench"
VERSION = 1
SECTIONS = ("search", "solve", "peer")
STOPS = ("repeats", "max-seconds", "interrupt")
BUSY = 0.5   # a load average above this many a usable core at the start: the report says the machine was busy

# ------------------------------------------------------------------------------------ schema

_NUMBER = {"type": "number"}
_STRING = {"type": "string"}
_COUNT = {"type": "integer", "minimum": 1}
_RATE = {
    "type": "object",
    "required": ["median", "min", "max", "spread_percent", "runs"],
    "properties": {"median": _NUMBER, "min": _NUMBER, "max": _NUMBER, "spread_percent": _NUMBER, "runs": _COUNT},
}
_MEASURED = {   # a row or a total: the fields they share
    "section": {"enum": list(SECTIONS)},
    "engine": _STRING,
    "threads": _COUNT,
    "unit": {"enum": ["iterations", "solves"]},
    "work": _COUNT,
    "seconds": {"type": "array", "items": {"type": "number", "minimum": 0}},
    "rate": _RATE,
}
_ROW = {
    "type": "object",
    "required": ["section", "name", "engine", "threads", "unit", "work", "seconds", "rate", "signature"],
    "properties": {**_MEASURED, "name": _STRING, "signature": {"type": ["string", "null"]}},
}
_TOTAL = {
    "type": "object",
    "required": ["section", "engine", "threads", "unit", "rows", "work", "seconds", "rate"],
    "properties": {**_MEASURED, "rows": _COUNT},
}
_BAND = {"ratio": _NUMBER, "low": _NUMBER, "high": _NUMBER}
REPORT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "stich bench report",
    "type": "object",
    "required": ["format", "version", "date", "command", "options", "context", "signature", "rows", "totals",
                 "scaling", "peer", "seconds", "stopped_by", "interrupted"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "date": _STRING,
        "command": _STRING,
        "options": {
            "type": "object",
            "required": ["iterations", "threads", "repeats", "warmup", "max_seconds", "solve", "peer", "solve_deals"],
            "properties": {"iterations": _COUNT, "threads": {"type": "array", "items": _COUNT}, "repeats": _COUNT,
                           "warmup": {"type": "integer", "minimum": 0}, "max_seconds": _NUMBER,
                           "solve": {"type": "boolean"}, "peer": {"type": ["string", "null"]},
                           "solve_deals": {"type": ["integer", "null"]}},
        },
        "context": {
            "type": "object",
            "required": ["stich", "git", "python", "platform", "cpu", "cores", "usable_cores", "load_average",
                         "load_average_end", "build"],
            "properties": {
                "stich": _STRING,
                "git": {"type": ["object", "null"], "required": ["revision", "dirty"],
                        "properties": {"revision": _STRING, "dirty": {"type": "boolean"}}},
                "python": _STRING, "platform": _STRING, "cpu": _STRING,
                "cores": {"type": ["integer", "null"]}, "usable_cores": {"type": ["integer", "null"]},
                "load_average": {"type": ["array", "null"], "items": _NUMBER},
                "load_average_end": {"type": ["array", "null"], "items": _NUMBER},
                "build": {
                    "type": "object",
                    "required": ["compiler", "build_type", "flags", "native", "lto", "assertions", "features",
                                 "cpu_features"],
                    "properties": {"compiler": _STRING, "build_type": _STRING, "flags": _STRING,
                                   "native": {"type": ["boolean", "null"]}, "lto": {"type": ["boolean", "null"]},
                                   "assertions": {"type": "boolean"},
                                   "features": {"type": "array", "items": _STRING},
                                   "cpu_features": {"type": "array", "items": _STRING},
                                   "dispatch": {"type": ["string", "null"]}, "pdep": {"type": "boolean"}},
                },
            },
        },
        "signature": {
            "type": ["object", "null"],
            "required": ["text", "iterations", "checksum", "positions", "iterations_per_position", "threads", "seed"],
            "properties": {"text": _STRING, "iterations": _COUNT, "checksum": _STRING, "positions": _COUNT,
                           "iterations_per_position": _COUNT, "threads": _COUNT, "seed": {"type": "integer"}},
        },
        "rows": {"type": "array", "items": _ROW},
        "totals": {"type": "array", "items": _TOTAL},
        "scaling": {"type": "array", "items": {
            "type": "object", "required": ["threads", "rate", "speedup", "efficiency"],
            "properties": {"threads": _COUNT, "rate": _NUMBER, "speedup": _NUMBER, "efficiency": _NUMBER}}},
        "peer": {
            "type": ["object", "null"], "required": ["engine", "rows"],
            "properties": {"engine": _STRING, "rows": {"type": "array", "items": {
                "type": "object", "required": ["name", "stich", "peer", *_BAND],
                "properties": {"name": _STRING, "stich": _NUMBER, "peer": _NUMBER, **_BAND}}}},
        },
        "seconds": _NUMBER,
        "stopped_by": {"enum": list(STOPS)},
        "interrupted": {"type": "boolean"},
    },
}

_TYPES: dict[str, type | tuple[type, ...]] = {"object": dict, "array": list, "string": str, "boolean": bool,
                                              "null": type(None)}


def _has_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    return isinstance(value, _TYPES[name])


def check(value: Any, schema: dict[str, Any], path: str = "report") -> None:
    """Raises ValueError naming the first place where ``value`` breaks ``schema`` (the part of JSON
    Schema that REPORT_SCHEMA uses: type, const, enum, required, properties, items, minimum)."""
    if "const" in schema and value != schema["const"]:
        raise ValueError(f"{path} must be {schema['const']!r}, got {value!r}")
    if "enum" in schema and value not in schema["enum"]:
        raise ValueError(f"{path} must be one of {', '.join(map(repr, schema['enum']))}, got {value!r}")
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_has_type(value, t) for t in types):
            raise ValueError(f"{path} must be {' or '.join(types)}, got {json.dumps(value)[:60]}")
    if "minimum" in schema and _has_type(value, "number") and value < schema["minimum"]:
        raise ValueError(f"{path} must be >= {schema['minimum']}, got {value!r}")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                raise ValueError(f"{path} has no {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                check(value[key], sub, f"{path}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            check(item, schema["items"], f"{path}[{i}]")


def validate(report: Any) -> None:
    check(report, REPORT_SCHEMA)


def load(path: str | Path) -> dict[str, Any]:
    """A report written by ``stich bench --json``; ValueError for a file that is not one."""
    text = Path(path).read_text(encoding="utf-8-sig")   # a byte-order mark is no part of the record
    try:
        report = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path} is not JSON ({e})") from None
    try:
        validate(report)
    except ValueError as e:
        raise ValueError(f"{path} is not a stich bench report of version {VERSION}: {e}") from None
    return report


def save(report: dict[str, Any], path: str | Path) -> None:
    validate(report)
    Path(path).write_text(json.dumps(report, indent=1, allow_nan=False) + "\n", encoding="utf-8")


# ----------------------------------------------------------------------------------- context

def _git(*args: str) -> str | None:
    here = Path(__file__).resolve().parent
    try:
        r = subprocess.run(["git", "-C", str(here), *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def git_revision() -> dict[str, Any] | None:
    """The commit of the checkout this stich is imported from, and whether its tracked files differ
    from it; None when it is not a git checkout (an installed wheel)."""
    if _git("ls-files", "--error-unmatch", "__init__.py") is None:
        return None
    revision = _git("rev-parse", "--short=12", "HEAD")
    status = _git("status", "--porcelain", "--untracked-files=no")
    if revision is None or status is None:
        return None
    return {"revision": revision, "dirty": bool(status)}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Hardware", "cpu model", "Model") and value.strip():
                return value.strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        return None


def context() -> dict[str, Any]:
    """What the figures depend on: stich's version and revision, the build (from the C++ side,
    ``_core.build_info()``), the machine, Python, and the load when the run starts."""
    from . import __version__

    build = dict(_core.build_info())
    build["flags"] = " ".join(str(build["flags"]).split())
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {"stich": __version__, "git": git_revision(),
            "python": f"{platform.python_version()} ({platform.python_implementation()})",
            "platform": platform.platform(), "cpu": cpu_model(), "cores": os.cpu_count(), "usable_cores": usable,
            "load_average": _load_average(), "load_average_end": None, "build": build}


# ------------------------------------------------------------------------------------ figures

def rate_stats(work: int, seconds: list[float]) -> dict[str, Any]:
    """Median, min and max of work / seconds over the runs, and the spread in percent of the median."""
    rates = [work / max(s, 1e-9) for s in seconds]
    median = statistics.median(rates)
    return {"median": median, "min": min(rates), "max": max(rates),
            "spread_percent": 100 * (max(rates) - min(rates)) / median, "runs": len(rates)}


def row(section: str, name: str, engine: str, threads: int, unit: str, work: int, seconds: list[float],
        signature: str | None) -> dict[str, Any]:
    """One measured row; ``signature``: the digest of its result, None if its runs disagreed."""
    return {"section": section, "name": name, "engine": engine, "threads": threads, "unit": unit, "work": work,
            "seconds": list(seconds), "rate": rate_stats(work, seconds), "signature": signature}


def command_line(options: dict[str, Any]) -> str:
    """The command that measures with these options."""
    parts = ["stich bench", f"--iterations {options['iterations']}",
             f"--threads {','.join(map(str, options['threads']))}", f"--repeats {options['repeats']}",
             f"--warmup {options['warmup']}", f"--max-seconds {options['max_seconds']:g}"]
    if not options["solve"]:
        parts.append("--no-solve")
    if options["peer"]:
        parts.append(f"--peer {options['peer']}")
    if options["solve_deals"]:
        parts.append(f"--solve-deals {options['solve_deals']}")
    return " ".join(parts)


def new_report(options: dict[str, Any], ctx: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "command": command_line(options), "options": options, "context": ctx, "signature": None, "rows": [],
            "totals": [], "scaling": [], "peer": None, "seconds": 0.0, "stopped_by": "repeats", "interrupted": False}


def totals(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per section, engine and thread count: the rows' work over their summed seconds, round by
    round (over the rounds that every row of the group completed)."""
    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["section"], r["engine"], r["threads"]), []).append(r)
    out = []
    for (section, engine, threads), members in groups.items():
        rounds = min(len(r["seconds"]) for r in members)
        if rounds == 0:
            continue
        work = sum(r["work"] for r in members)
        seconds = [sum(r["seconds"][i] for r in members) for i in range(rounds)]
        out.append({"section": section, "engine": engine, "threads": threads, "unit": members[0]["unit"],
                    "rows": len(members), "work": work, "seconds": seconds, "rate": rate_stats(work, seconds)})
    return out


def band(a: dict[str, Any], b: dict[str, Any]) -> dict[str, float]:
    """The ratio of two rate statistics a / b, with its noise band."""
    return {"ratio": a["median"] / b["median"], "low": a["min"] / b["max"], "high": a["max"] / b["min"]}


def scaling(all_totals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The search's total rate per thread count, its speed-up over the fewest threads measured and
    the efficiency (speed-up / thread ratio)."""
    search = sorted((t for t in all_totals if t["section"] == "search"), key=lambda t: t["threads"])
    if not search:
        return []
    base = search[0]
    out = []
    for t in search:
        speedup = t["rate"]["median"] / base["rate"]["median"]
        out.append({"threads": t["threads"], "rate": t["rate"]["median"], "speedup": speedup,
                    "efficiency": speedup * base["threads"] / t["threads"]})
    return out


def peer_table(rows: list[dict[str, Any]], all_totals: list[dict[str, Any]]) -> dict[str, Any] | None:
    """stich / the peer per peer position (and in total), with noise bands."""
    peer_rows = [r for r in rows if r["section"] == "peer"]
    engines = [e for e in dict.fromkeys(r["engine"] for r in peer_rows) if e != "stich"]
    if not engines:
        return None
    engine = engines[0]
    ours = {r["name"]: r for r in peer_rows if r["engine"] == "stich"}
    out = [{"name": r["name"], "stich": ours[r["name"]]["rate"]["median"], "peer": r["rate"]["median"],
            **band(ours[r["name"]]["rate"], r["rate"])}
           for r in peer_rows if r["engine"] == engine and r["name"] in ours]
    by_engine = {t["engine"]: t for t in all_totals if t["section"] == "peer"}
    if "stich" in by_engine and engine in by_engine and by_engine["stich"]["rows"] == by_engine[engine]["rows"] > 1:
        a, b = by_engine["stich"]["rate"], by_engine[engine]["rate"]
        out.append({"name": "total", "stich": a["median"], "peer": b["median"], **band(a, b)})
    return {"engine": engine, "rows": out}


def finish(report: dict[str, Any], rows: list[dict[str, Any]], seconds: float, stopped_by: str) -> dict[str, Any]:
    """Fills in the measured rows and what follows from them."""
    report["rows"] = rows
    report["totals"] = totals(rows)
    report["scaling"] = scaling(report["totals"])
    report["peer"] = peer_table(rows, report["totals"])
    report["seconds"] = seconds
    report["stopped_by"] = stopped_by
    report["interrupted"] = stopped_by == "interrupt"
    report["context"]["load_average_end"] = _load_average()
    return report


# ---------------------------------------------------------------------------------- comparing

def verdict(old: dict[str, Any], new: dict[str, Any]) -> str:
    """"faster", "slower", "within noise", or "no noise estimate" (a single run on either side)."""
    if old["runs"] < 2 or new["runs"] < 2:
        return "no noise estimate"
    b = band(new, old)
    if b["low"] > 1:
        return "faster"
    if b["high"] < 1:
        return "slower"
    return "within noise"


_CONTEXT_KEYS = (("stich", lambda c: c["stich"]),
                 ("git revision", lambda c: c["git"]["revision"] if c["git"] else None),
                 ("compiler", lambda c: c["build"]["compiler"]), ("flags", lambda c: c["build"]["flags"]),
                 ("native", lambda c: c["build"]["native"]), ("lto", lambda c: c["build"]["lto"]),
                 ("cpu", lambda c: c["cpu"]), ("cores", lambda c: c["cores"]), ("python", lambda c: c["python"]))


def _key(r: dict[str, Any]) -> tuple[str, str, str, int]:
    return (r["section"], r.get("name", "total"), r["engine"], r["threads"])


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Per row and total present in both reports: new / old rate with its noise band and verdict
    (rows whose work per run differs are "not comparable"); what changed in the context; whether
    the signatures agree; the rows found in one report only."""
    entries = []
    olds = {_key(r): r for r in old["rows"] + old["totals"]}
    news = {_key(r): r for r in new["rows"] + new["totals"]}
    for key, n in news.items():
        o = olds.get(key)
        if o is None:
            continue
        entry = {"section": key[0], "name": key[1], "engine": key[2], "threads": key[3], "unit": n["unit"],
                 "old": o["rate"]["median"], "new": n["rate"]["median"], **band(n["rate"], o["rate"]),
                 "verdict": verdict(o["rate"], n["rate"])}
        if o["work"] != n["work"] or o.get("rows") != n.get("rows"):
            entry["verdict"] = f"not comparable (work per run {o['work']:,} then {n['work']:,})"
        entries.append(entry)
    changes = []
    for name, get in _CONTEXT_KEYS:
        a, b = get(old["context"]), get(new["context"])
        if a != b:
            changes.append({"what": name, "old": a, "new": b})
    sig_old, sig_new = (r["signature"]["text"] if r["signature"] else None for r in (old, new))
    return {"old_date": old["date"], "old_command": old["command"], "context_changes": changes,
            "signature": {"old": sig_old, "new": sig_new, "same": sig_old == sig_new},
            "entries": entries,
            "load_average": {"old": (old["context"]["load_average"] or [None])[0],
                             "new": (new["context"]["load_average"] or [None])[0]},
            "only_old": _groups(_key(r) for r in old["rows"] if _key(r) not in news),
            "only_new": _groups(_key(r) for r in new["rows"] if _key(r) not in olds)}


def _groups(keys: Iterable[tuple[str, str, str, int]]) -> list[str]:
    """Row keys summarised by section, engine and thread count, e.g. "search, 2 threads: 17 rows"."""
    counts: dict[tuple[str, str, int], int] = {}
    for section, _, engine, threads in keys:
        counts[(section, engine, threads)] = counts.get((section, engine, threads), 0) + 1
    return [f"{section}{'' if engine == 'stich' else f' ({engine})'}, {threads} thread{'s' * (threads > 1)}: "
            f"{n} row{'s' * (n > 1)}" for (section, engine, threads), n in counts.items()]


# ---------------------------------------------------------------------------------- rendering

def number(x: float) -> str:
    """A rate for tables: thousands separated from 100 up, three significant digits below."""
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.3g}"


def _features(build: dict[str, Any]) -> str:
    """The CPU features the core's code uses (those the build is compiled for, of the ones it has
    paths for), and any of those the CPU has that this build leaves unused."""
    used = " ".join(build["features"]) or "none of ssse3 popcnt bmi bmi2 avx2"
    clone = build.get("dispatch")   # absent from reports made before runtime dispatch
    # The x86-64-v3 clone of the hot loops is compiled for bmi, bmi2 and avx2 (among others).
    cloned = ({"bmi", "bmi2", "avx2"} if clone == "x86-64-v3" else set()) | ({"bmi2"} if build.get("pdep") else set())
    unused = [f for f in build["cpu_features"] if f not in build["features"] and f not in cloned]
    more = f"; this CPU also has {' '.join(unused)}, unused by this build" if unused else ""
    dispatch = {None: "", "x86-64-v3": "; runtime dispatch: this CPU runs the x86-64-v3 clone of the hot loops",
                "default": "; runtime dispatch: this CPU runs the baseline clone of the hot loops (no x86-64-v3)"}
    pdep = "; pdep (bmi2) for card picks, chosen at load time" if build.get("pdep") and "bmi2" not in build["features"] else ""
    return f"CPU features used: {used}{more}{dispatch.get(clone, f'; runtime dispatch: clone {clone}')}{pdep}"


def context_lines(report: dict[str, Any]) -> list[str]:
    c = report["context"]
    b = c["build"]
    git = c["git"]
    revision = f"git {git['revision']}{' with uncommitted changes' if git['dirty'] else ''}" if git else "git revision unknown"
    native = {True: "native (-march=native)", False: "portable", None: "native unknown"}[b["native"]]
    lto = {True: "LTO on", False: "LTO off", None: "LTO unknown"}[b["lto"]]
    load = c["load_average"]
    end = c["load_average_end"]
    loads = (f"; load average {load[0]:g} at the start" + (f", {end[0]:g} at the end" if end else "")) if load else ""
    lines = [f"stich {c['stich']} ({revision}); {b['compiler']}, {b['build_type']}, {native}, {lto}, "
             f"assertions {'on' if b['assertions'] else 'off'}; {_features(b)}",
             f"flags: {b['flags']}",
             f"machine: {c['cpu']}, {c['cores']} cores ({c['usable_cores']} usable), {c['platform']}, "
             f"Python {c['python']}{loads}"]
    if load and c["usable_cores"] and load[0] > BUSY * c["usable_cores"]:
        lines.append(f"note: the machine was busy (load average {load[0]:g} on {c['usable_cores']} cores as the run "
                     "started): other work shared the CPU, so the speeds are lower and the spreads wider than on a "
                     "quiet machine")
    return lines


def header(options: dict[str, Any]) -> str:
    return f"{command_line(options)}: measuring (the signature, then {options['warmup']} warm-up run(s) and up to " \
           f"{options['repeats']} measured run(s) of every row, within {options['max_seconds']:g} s)"


_STOPS = {"repeats": "every repeat done", "max-seconds": "--max-seconds reached", "interrupt": "interrupted (Ctrl-C)"}


def _rows_table(rows: Iterable[dict[str, Any]], fmt: str, second: str = "threads", checksum: bool = False) -> str:
    """Rows and totals: name, threads (or deals: the work of a solver row), median, min, max,
    spread (and the checksum of the row's result)."""
    head = ["row", second, "median", "min", "max", "spread"] + (["checksum"] if checksum else [])
    body = []
    for r in rows:
        rate = r["rate"]
        total = "name" not in r
        line = [f"total ({r['rows']} rows)" if total else r["name"], r["work"] if second == "deals" else r["threads"],
                number(rate["median"]), number(rate["min"]), number(rate["max"]), f"{rate['spread_percent']:.1f}%"]
        if checksum:
            line.append("" if total else r["signature"] or "varies between runs")
        body.append(line)
    return tabulate(body, head, tablefmt=fmt, colalign=("left",) + ("right",) * (len(head) - 1), disable_numparse=True)


def covers(signature: dict[str, Any]) -> str:
    """What the search signature covers, in words."""
    s = signature
    return (f"the root visit counts of the {s['positions']} search positions at {s['iterations_per_position']} "
            f"iterations, {s['threads']} thread, seed {s['seed']}; computed once per run, whatever --iterations, "
            "--threads, --repeats or --max-seconds; the same on every machine and build for the same code")


def sections(report: dict[str, Any], fmt: str) -> list[str]:
    """The report's tables, each with its title (``fmt``: a tabulate format)."""
    o = report["options"]
    rows, tots = report["rows"], report["totals"]
    out = []
    search = [r for r in rows if r["section"] == "search"]
    if search:
        body = search + [t for t in tots if t["section"] == "search"]
        out.append(f"search: ISMCTS from the {len({r['name'] for r in search})} bench positions, {o['iterations']:,} "
                   f"iterations a run, heuristic playouts, seed 1: iterations/s\n\n{_rows_table(body, fmt)}")
    solve = [r for r in rows if r["section"] == "solve"]
    if solve:
        body = solve + [t for t in tots if t["section"] == "solve"]
        out.append("solver: open-hand solves of whole deals at their first card (stich.solve), one thread: "
                   "solves/s; checksum: of every legal card's value and the best card of each deal\n\n"
                   + _rows_table(body, fmt, "deals", checksum=True))
    if len(report["scaling"]) > 1:
        body = [[s["threads"], number(s["rate"]), f"{s['speedup']:.2f}", f"{100 * s['efficiency']:.0f}%"]
                for s in report["scaling"]]
        cores = report["context"]["usable_cores"]
        out.append(f"scaling: the search's total iterations/s by thread count ({cores} usable cores); speed-up over "
                   f"{report['scaling'][0]['threads']} thread(s), efficiency = speed-up / thread ratio\n\n"
                   + tabulate(body, ["threads", "iterations/s", "speed-up", "efficiency"], tablefmt=fmt, disable_numparse=True,
                              colalign=("right",) * 4))
    peer = report["peer"]
    if peer:
        engine = {"openspiel": "OpenSpiel"}.get(peer["engine"], peer["engine"])
        body = [[p["name"], number(p["stich"]), number(p["peer"]), f"{p['ratio']:.1f}x",
                 f"{p['low']:.1f}x-{p['high']:.1f}x"] for p in peer["rows"]]
        out.append(f"peer: stich against {engine}'s C++ ISMCTSBot on the same positions of the game both play (the same cards), "
                   f"{o['iterations']:,} iterations a run, one random rollout a leaf, one thread: iterations/s\n\n"
                   + tabulate(body, ["position", "stich", engine, "ratio", "noise band"], tablefmt=fmt, disable_numparse=True,
                              colalign=("left", "right", "right", "right", "right")))
    return out


def render(report: dict[str, Any]) -> str:
    """The report as text for a terminal."""
    o = report["options"]
    runs = max((r["rate"]["runs"] for r in report["rows"]), default=0)
    lines = context_lines(report)
    lines.append(f"run: {report['date']}, {runs} measured run(s) a row after {o['warmup']} warm-up run(s), "
                 f"{report['seconds']:.1f} s; stopped: {_STOPS[report['stopped_by']]}")
    text = "\n".join(lines) + "\n\n" + "\n\n".join(sections(report, "simple")) + "\n\n"
    s = report["signature"]
    text += f"signature: {s['text']}\n  covers {covers(s)}" if s else "signature: not computed (interrupted first)"
    varying = [f"{r['name']} ({r['threads']} thr.)" for r in report["rows"] if r["signature"] is None]
    if varying:
        text += f"\nwarning: the runs of these rows gave different results, so their work differed: {'; '.join(varying)}"
    if report["interrupted"]:
        text += f"\ninterrupted: the figures above are what was measured so far ({len(report['rows'])} rows)"
    return text


def render_comparison(cmp: dict[str, Any]) -> str:
    lines = [f"compared with the report of {cmp['old_date']} ({cmp['old_command']}): ratio = new / old rate "
             "(above 1: faster); noise band = [new min / old max, new max / old min]"]
    load = cmp["load_average"]
    lines.append(f"  load average at the start: {load['old']} then {load['new']} (a change of load between the runs "
                 "is not in the noise band)")
    for c in cmp["context_changes"]:
        lines.append(f"  changed: {c['what']}: {c['old']} -> {c['new']}")
    sig = cmp["signature"]
    if not sig["same"]:
        lines.append(f"  the signatures differ ({sig['old']} -> {sig['new']}): the searches' results changed, not only their speed")
    body = [[e["section"], e["name"] if e["engine"] == "stich" else f"{e['name']} ({e['engine']})", e["threads"],
             number(e["old"]), number(e["new"]), f"{e['ratio']:.3f}", f"{e['low']:.3f}-{e['high']:.3f}", e["verdict"]]
            for e in cmp["entries"]]
    lines.append(tabulate(body, ["section", "row", "threads", "old", "new", "ratio", "noise band", "verdict"],
                          tablefmt="simple", colalign=("left", "left", "right", "right", "right", "right", "right", "left"),
                          disable_numparse=True))
    beyond = [e for e in cmp["entries"] if e["verdict"] in ("faster", "slower")]
    if beyond:
        lines.append("larger than the noise: " + "; ".join(f"{e['name']} ({e['threads']} thr.) {e['verdict']} "
                                                            f"x{e['ratio']:.3f}" for e in beyond))
    else:
        lines.append("no difference is larger than the noise")
    for label, keys in (("only in the old report", cmp["only_old"]), ("only in the new report", cmp["only_new"])):
        if keys:
            lines.append(f"{label}: {'; '.join(keys)}")
    return "\n".join(lines)


def markdown(report: dict[str, Any]) -> str:
    """The bench tables of docs/bench.md (tools/bench_readme.py writes them; tests/common/test_bench_readme.py
    checks them against benchmarks/results/bench.json)."""
    o = report["options"]
    runs = max((r["rate"]["runs"] for r in report["rows"]), default=0)
    lines = [f"`{report['command']}` on {report['date'][:10]}: {runs} measured runs a row after {o['warmup']} warm-up, "
             f"{report['seconds']:.0f} s in all.", ""]
    lines += ["- " + line for line in context_lines(report)]
    parts = ["\n".join(lines)]
    for s in sections(report, "github"):
        title, _, table = s.partition("\n\n")
        parts.append(f"{title[0].upper()}{title[1:]}.\n\n{table}")
    if report["signature"]:
        parts.append(f"Signature: `{report['signature']['text']}` (it covers {covers(report['signature'])}).")
    return "\n\n".join(parts) + "\n"
