"""Writes benchmarks/quality/data/positions.json: the fixed position sets of the answer-quality
benchmark (benchmarks/quality/run.py, docs/search.md, "Answer quality"). A one-off command:

    PYTHONPATH=python python benchmarks/quality/positions.py [--jobs 2]

Two sets, every game (``stich.GAMES``):

* **late**: card-play decisions where the seat to act holds 2, 3 or 4 cards and has at least two
  legal cards, with the exact analysis (``stich.pimc`` over all ``_core.exact_deals(state)`` deals,
  ``exact == True``) stored per move: the ground truth. Only positions with at most ``CAP_DEALS``
  (300,000) deals of the playing hands are kept, so that the exact analysis takes seconds (about
  5 s at the cap for Couillon on one core); positions above the cap are skipped and counted. That
  leaves no 4-card Couillon positions (their 4-card positions have millions of deals) and makes the
  4-card Euchre ones rare (about one deal in ten). Skipping by deal count favours positions where
  more is known (e.g. a void shown), which the report says.
  Two origins, half of each bucket: ``heuristic`` (every action by ``state.heuristic_action``) and
  ``random`` (the decisions before the card play by the heuristic, so that the contracts are ones
  players make, then uniformly random legal cards). A bucket (game, hand size, origin) is filled
  until it holds ``QUOTA_LATE`` non-trivial positions (or its deals run out); the trivial positions
  met on the way (every move's exact value the same, within ``TRIVIAL_EPS``) are kept and flagged,
  so that the report can count them apart. One position per deal: the first decision of the seat to
  act with exactly that many cards (a deal whose decision there has one legal card gives none).
* **mid**: decisions with no exact answer: before the card play (any phase other than "play":
  trump calls, Mit, Kontra/Re, the auction and doublings, bids, exchanges, discards, going alone)
  and in the first and second trick. Origins ``heuristic`` and ``mixed`` (30% uniformly random
  actions, as the stability suite, so that rarer decisions such as Re occur). At most one position
  a deal; for the decisions before the card play, the phase met least so far is taken.

Seeds: every deal seed is ``SEED_BASE + 100_000 * bucket + k`` (k = 0, 1, ...), in
[7_000_000, 11_000_000), and the deal's actions are drawn from ``random.Random(deal seed)``. The
fixed deal seeds of tests/ and the other benchmarks are all below 3_010_000 (the largest:
tests/euchre/test_openspiel.py, 1_000_003 * 3 + 3000; benchmarks/peers/euchre_strength.py,
1_000_000 * --seed + pair with --seed 1 by default; the rest are small integers or seed * 1000 + i
with small seeds); the remaining ones are drawn with ``getrandbits(32)`` or ``getrandbits(64)``
from small-seeded generators (tests/common/test_solve.py, benchmarks/solver_quality.py, ...),
which meet this range by chance only (about 4e6 / 2**32 = 0.1% a draw for 32-bit seeds, and even
then the deal is played differently). So the positions are disjoint from those the tests and the
other benchmarks use.

The file is deterministic (no timings in it): running this again writes the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import stich
from stich import _core

OUT = Path(__file__).resolve().parent / "data" / "positions.json"
FORMAT = "stich quality positions 1"
SEED_BASE = 7_000_000
SEEDS_PER_BUCKET = 100_000
CAP_DEALS = 300_000          # the exact analysis's deals at most (seconds of one core at the cap)
TRIVIAL_EPS = 1e-9           # every move's exact value within this of the others: a trivial position
HAND_SIZES = (2, 3, 4)
LATE_ORIGINS = ("heuristic", "random")
QUOTA_LATE = 20              # non-trivial positions a bucket (game, hand size, origin)
MAX_DEALS_LATE = 400         # deals tried a late bucket at most
MID_ORIGINS = ("heuristic", "mixed")
QUOTA_MID = {"before play": 3, "trick 1": 2, "trick 2": 1}   # a mid bucket (game, origin): 6 positions
MAX_DEALS_MID = 400
MIXED_RANDOM_SHARE = 0.3
PLAY = "play"


def late_buckets() -> list[tuple[str, int, str]]:
    return [(game, hand, origin) for game in stich.GAMES for hand in HAND_SIZES for origin in LATE_ORIGINS]


def mid_buckets() -> list[tuple[str, str]]:
    return [(game, origin) for game in stich.GAMES for origin in MID_ORIGINS]


def bucket_seed(index: int) -> int:
    """The first deal seed of bucket ``index`` (late buckets first, then the mid ones)."""
    return SEED_BASE + SEEDS_PER_BUCKET * index


def _deal(game: Any, seed: int) -> tuple[Any, random.Random, int]:
    rng = random.Random(seed)
    dealer = rng.randrange(game.num_players)
    return game.deal(seed=seed, dealer=dealer), rng, dealer


def exact_values(state: Any) -> tuple[list[list[Any]], int, int]:
    """The exact analysis of the seat to act: [[action text, exact value], ...] best first, the
    deals solved and the consistent worlds."""
    deals = _core.exact_deals(state)
    r = stich.pimc(state, worlds=max(1, deals), seed=1)
    if not r.exact:
        raise RuntimeError(f"the exact analysis of {deals} deals did not come out exact")
    return [[str(row.action), row.mean] for row in r.table], r.worlds, r.world_count


def is_trivial(moves: list[list[Any]]) -> bool:
    values = [v for _, v in moves]
    return max(values) - min(values) <= TRIVIAL_EPS


def late_position(game: Any, seed: int, hand: int, origin: str) -> tuple[str, dict[str, Any] | None]:
    """The late position of deal ``seed``: ("ok", record) or (why none, None)."""
    state, rng, dealer = _deal(game, seed)
    actions: list[str] = []
    while not state.is_terminal:
        if state.phase == PLAY and len(state.hand(state.current_player)) <= hand:
            if len(state.hand(state.current_player)) < hand:
                return "passed the hand size", None
            legal = state.legal_actions()
            if len(legal) < 2:
                return "one legal card", None
            deals = _core.exact_deals(state)
            if deals > CAP_DEALS:
                return "over the cap", None
            moves, solved, worlds = exact_values(state)
            return "ok", {
                "game": game.name, "hand_size": hand, "origin": origin, "deal_seed": seed, "dealer": dealer,
                "seat": state.current_player, "actions": actions, "position": stich.position_text(state),
                "exact_deals": solved, "world_count": worlds, "moves": moves, "trivial": is_trivial(moves),
            }
        if origin == "random" and state.phase == PLAY:
            action = rng.choice(state.legal_actions())
        else:
            action = state.heuristic_action(rng.getrandbits(32))
        actions.append(str(action))
        state.apply(action)
    return "no card play", None


def make_late(index: int, game_name: str, hand: int, origin: str, quota: int = QUOTA_LATE,
              max_deals: int = MAX_DEALS_LATE) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Fills late bucket ``index``: its positions and what happened to its deals."""
    game = stich.GAMES[game_name]()
    out: list[dict[str, Any]] = []
    why: dict[str, int] = {}
    first = bucket_seed(index)
    tried = 0
    while sum(not r["trivial"] for r in out) < quota and tried < max_deals:
        outcome, record = late_position(game, first + tried, hand, origin)
        tried += 1
        why[outcome] = why.get(outcome, 0) + 1
        if record is not None:
            out.append(record)
    stats = {"set": "late", "game": game_name, "hand_size": hand, "origin": origin, "first_seed": first,
             "deals_tried": tried, "outcomes": dict(sorted(why.items())),
             "non_trivial": sum(not r["trivial"] for r in out), "trivial": sum(r["trivial"] for r in out)}
    return out, stats


def _mid_kind(state: Any, start_hands: list[int] | None) -> str | None:
    if state.phase != PLAY:
        return "before play"
    assert start_hands is not None
    trick = start_hands[state.current_player] - len(state.hand(state.current_player)) + 1
    return f"trick {trick}" if trick <= 2 else None


def mid_position(game: Any, seed: int, origin: str, need: dict[str, int], phases_seen: dict[str, int]) -> dict[str, Any] | None:
    """One mid-game position of deal ``seed`` of a kind still needed (``need``: kind -> count)."""
    state, rng, dealer = _deal(game, seed)
    actions: list[str] = []
    candidates: list[tuple[str, str, int, list[str], str]] = []   # kind, phase, seat, actions, position text
    start_hands: list[int] | None = None
    while not state.is_terminal:
        if state.phase == PLAY and start_hands is None:
            start_hands = [len(state.hand(s)) for s in range(state.num_players)]
        kind = _mid_kind(state, start_hands)
        if kind is None:
            break
        if need.get(kind, 0) > 0 and len(state.legal_actions()) >= 2:
            candidates.append((kind, state.phase, state.current_player, list(actions), stich.position_text(state)))
        if origin == "mixed" and rng.random() < MIXED_RANDOM_SHARE:
            action = rng.choice(state.legal_actions())
        else:
            action = state.heuristic_action(rng.getrandbits(32))
        actions.append(str(action))
        state.apply(action)
    if not candidates:
        return None
    # The kind most needed; before the card play, the phase met least so far; then the first.
    kind = max(need, key=lambda k: (need[k] > 0 and any(c[0] == k for c in candidates), need[k]))
    chosen = [c for c in candidates if c[0] == kind]
    if kind == "before play":
        chosen.sort(key=lambda c: phases_seen.get(c[1], 0))   # stable: the first of the rarest phase
    else:
        chosen = [chosen[rng.randrange(len(chosen))]]          # any seat of the trick
    kind, phase, seat, acts, text = chosen[0]
    trick = None if kind == "before play" else int(kind.split()[1])
    return {"game": game.name, "kind": kind, "phase": phase, "trick": trick, "origin": origin, "deal_seed": seed,
            "dealer": dealer, "seat": seat, "actions": acts, "position": text}


def make_mid(index: int, game_name: str, origin: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    game = stich.GAMES[game_name]()
    need = dict(QUOTA_MID)
    phases_seen: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    first = bucket_seed(index)
    tried = 0
    while sum(need.values()) > 0 and tried < MAX_DEALS_MID:
        record = mid_position(game, first + tried, origin, need, phases_seen)
        tried += 1
        if record is not None and need[record["kind"]] > 0:
            need[record["kind"]] -= 1
            phases_seen[record["phase"]] = phases_seen.get(record["phase"], 0) + 1
            out.append(record)
    stats = {"set": "mid", "game": game_name, "origin": origin, "first_seed": first, "deals_tried": tried,
             "kinds": {k: sum(r["kind"] == k for r in out) for k in QUOTA_MID}}
    return out, stats


def _late_job(args: tuple[int, str, int, str]) -> tuple[list[dict[str, Any]], dict[str, Any], float]:
    start = time.time()
    records, stats = make_late(*args)
    return records, stats, time.time() - start


def _mid_job(args: tuple[int, str, str]) -> tuple[list[dict[str, Any]], dict[str, Any], float]:
    start = time.time()
    records, stats = make_mid(*args)
    return records, stats, time.time() - start


def generate(jobs: int = 1, log: Any = sys.stderr) -> dict[str, Any]:
    late_args = [(i, *b) for i, b in enumerate(late_buckets())]
    mid_args = [(len(late_args) + i, *b) for i, b in enumerate(mid_buckets())]
    late: list[dict[str, Any]] = []
    mid: list[dict[str, Any]] = []
    buckets: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        late_futures = pool.map(_late_job, late_args)
        mid_futures = pool.map(_mid_job, mid_args)
        for records, stats, seconds in late_futures:
            late += records
            buckets.append(stats)
            print(f"late {stats['game']} {stats['hand_size']} cards {stats['origin']}: {stats['non_trivial']} non-trivial, "
                  f"{stats['trivial']} trivial from {stats['deals_tried']} deals {stats['outcomes']} in {seconds:.1f} s",
                  file=log, flush=True)
        for records, stats, seconds in mid_futures:
            mid += records
            buckets.append(stats)
            print(f"mid {stats['game']} {stats['origin']}: {stats['kinds']} from {stats['deals_tried']} deals in {seconds:.1f} s",
                  file=log, flush=True)
    for i, r in enumerate(late):
        r["id"] = f"late-{i:04d}"
    for i, r in enumerate(mid):
        r["id"] = f"mid-{i:04d}"
    return {
        "format": FORMAT,
        "generated_by": "PYTHONPATH=python python benchmarks/quality/positions.py",
        "seed_base": SEED_BASE, "seeds_per_bucket": SEEDS_PER_BUCKET, "cap_deals": CAP_DEALS,
        "trivial_eps": TRIVIAL_EPS, "quota_late": QUOTA_LATE, "quota_mid": QUOTA_MID,
        "units": {name: game.UNIT for name, game in stich.GAMES.items()},
        "buckets": buckets, "late": [_ordered(r) for r in late], "mid": [_ordered(r) for r in mid],
    }


def _ordered(r: dict[str, Any]) -> dict[str, Any]:
    first = ("id", "game", "hand_size", "kind", "phase", "trick", "origin", "trivial", "moves", "exact_deals", "world_count",
             "deal_seed", "dealer", "seat", "position", "actions")
    return {k: r[k] for k in first if k in r} | {k: v for k, v in r.items() if k not in first}


def dump(data: dict[str, Any]) -> str:
    """The file's text: one position a line, so that a diff shows positions."""
    head = {k: v for k, v in data.items() if k not in ("buckets", "late", "mid")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    for key in ("buckets", "late", "mid"):
        lines.append(f"  {json.dumps(key)}: [")
        items = data[key]
        lines += [f"    {json.dumps(x)}{',' if i < len(items) - 1 else ''}" for i, x in enumerate(items)]
        lines.append("  ]," if key != "mid" else "  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", type=int, default=1, help="worker processes (the buckets are independent)")
    p.add_argument("--out", type=Path, default=OUT)
    a = p.parse_args()
    start = time.time()
    data = generate(a.jobs)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(dump(data))
    late = data["late"]
    print(f"{len(late)} late positions ({sum(not r['trivial'] for r in late)} non-trivial, "
          f"{sum(r['trivial'] for r in late)} trivial), {len(data['mid'])} mid-game positions -> {a.out} "
          f"({a.out.stat().st_size / 1e6:.2f} MB) in {time.time() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
