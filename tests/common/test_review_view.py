"""The seat's-view part of stich.review is the core's (_core.review_view, the C ABI's
stich_review_view): the same verdicts as the Python judgement it replaced, kept here as the
reference; progress is reported for every action in order and an exception from it ends the
review; bad arguments are refused naming what is accepted."""

from __future__ import annotations

import math
from typing import Any

import pytest

import stich
from stich.games import solvable
from stich.review import review_record

GAMES = list(stich.GAMES)


def records_of(name, deals, seed):
    game = stich.GAMES[name]()
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    return stich.play(game, bots, deals=deals, seed=seed, records=True)[1]


# ------------------------------------------------------------------ the reference (stich.review's
# judgement as it was written in Python before the core took it over, kept as it was)


def reference_seed(seed: int, record: int, decision: int) -> int:
    return (seed * 1_000_003 + record * 10_007 + decision) % 2**63


def reference_view(state: Any, seat: int, played: str, worlds: int, iterations: int, seed: int, threshold: float) -> dict[str, Any]:
    view = state.view(seat)
    if solvable(state):
        r = stich.pimc(view, worlds=worlds, seed=seed)
        method = "exact" if r.exact else "pimc"
        played_row = {str(row.action): row for row in r.table}
        best_row: Any = r.table[0]
        mine: Any = played_row[played]
        loss = best_row.mean - mine.mean
        low = None if mine.diff_high is None else -mine.diff_high
        high = None if mine.diff_low is None else -mine.diff_low
        if r.exact:
            low = high = loss
    else:
        s = stich.ismcts(view, iterations=iterations, seed=seed, runs=4)
        method = "ismcts"
        searched = {str(row.action): row for row in s.table}
        best_row = max(s.table, key=lambda row: (row.mean if row.visits else -math.inf))
        mine = searched[played]
        if not mine.visits:
            return {"method": method, "best": str(best_row.action), "value_played": None, "value_best": round(float(best_row.mean), 9),
                    "loss": None, "loss_low": None, "loss_high": None, "mistake": False}
        loss = best_row.mean - mine.mean
        top = s.table[0]
        low = high = None
        if mine.diff_low is not None and mine.diff_high is not None:
            shift = best_row.mean - top.mean
            low, high = shift - mine.diff_high, shift - mine.diff_low
    loss = round(float(loss), 9)
    mistake = bool(loss > threshold and low is not None and low > 0)
    return {"method": method, "best": str(best_row.action), "value_played": round(float(mine.mean), 9),
            "value_best": round(float(best_row.mean), 9), "loss": loss,
            "loss_low": None if low is None else round(float(low), 9), "loss_high": None if high is None else round(float(high), 9),
            "mistake": mistake}


def reference_review(record: Any, index: int, worlds: int, iterations: int, seed: int) -> list[tuple[int, int, dict[str, Any]]]:
    threshold = record.game_class(**record.options).TIE_THRESHOLD
    state = record.state(at=0)
    out = []
    for k, (seat, text) in enumerate(record.actions):
        if len(state.legal_actions()) >= 2:
            out.append((k, seat, reference_view(state, seat, text, worlds, iterations, reference_seed(seed, index, k), threshold)))
        state.apply(text)
    return out


FIELDS = ("method", "best", "value_played", "value_best", "loss", "loss_low", "loss_high", "mistake")


@pytest.mark.parametrize("name", GAMES)
def test_the_cores_view_verdicts_are_the_python_judgements(name):
    """Several records of every game, two seeds (one past 2**64, which the old arithmetic took as
    Python ints) and record indices: every decision's verdict equals the reference's to the bit."""
    records = records_of(name, 3, seed=61)
    methods = set()
    for index, record in enumerate(records):
        for seed, at in ((7, index), (2**64 + 12_345, index + 2**40)):
            actions = [t for _, t in record.actions]
            got = stich._core.review_view(record.state(at=0), actions, 6, 120, seed, at)
            expected = reference_review(record, at, 6, 120, seed)
            assert [(v[0], v[1]) for v in got] == [(k, seat) for k, seat, _ in expected]
            for v, (_k, _seat, ref) in zip(got, expected):
                assert dict(zip(FIELDS, v[2:])) == ref, (name, index, v[0])
                methods.add(ref["method"])
    assert methods & {"pimc", "exact"}, methods   # every game has a solver: its card play is judged by it


def test_the_review_reports_every_action_in_order_and_is_ended_by_its_progress():
    record = records_of("Mucken", 1, seed=3)[0]
    actions = [t for _, t in record.actions]
    seen = []
    stich._core.review_view(record.state(at=0), actions, 4, 50, 0, 0, lambda k, n: seen.append((k, n)))
    assert seen == [(k, len(actions)) for k in range(len(actions))]
    seen.clear()
    review_record(record, worlds=4, iterations=50, progress=lambda k, n: seen.append((k, n)))
    assert seen == [(k, len(actions)) for k in range(len(actions) + 1)]

    class Cancelled(Exception):
        pass

    def cancel(k, n):
        if k >= 3:
            raise Cancelled
    with pytest.raises(Cancelled):
        stich._core.review_view(record.state(at=0), actions, 10_000, 1_000_000, 0, 0, cancel)


def test_the_view_review_refuses_bad_arguments():
    record = records_of("Couillon", 1, seed=5)[0]
    start, actions = record.state(at=0), [t for _, t in record.actions]
    assert stich._core.review_view(start, [], 4, 50) == []
    with pytest.raises(ValueError, match="not a legal action"):
        stich._core.review_view(start, actions[:1] * 2, 4, 50)
    with pytest.raises(TypeError, match="sequence of actions"):
        stich._core.review_view(start, "EA", 4, 50)
    with pytest.raises(ValueError, match="ended"):
        stich._core.review_view(start, actions + actions[-1:], 4, 50)
    with pytest.raises(ValueError, match="worlds"):
        stich._core.review_view(start, actions, 0, 50)
    with pytest.raises(ValueError, match="iterations"):
        stich._core.review_view(start, actions, 4, 0)
    with pytest.raises(ValueError, match="seed must be an int >= 0"):
        stich._core.review_view(start, actions, 4, 50, -1)
    with pytest.raises(ValueError, match="record must be an int >= 0"):
        stich._core.review_view(start, actions, 4, 50, 0, True)
    with pytest.raises(TypeError, match="progress must be callable"):
        stich._core.review_view(start, actions, 4, 50, 0, 0, 3)
