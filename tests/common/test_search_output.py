"""Search output that explains itself (issue 10, item 3): the header, the position as the searching
seat knows it, the unit, intervals only where they mean something, the principal line, the tie
line, and the same as data (to_data / to_json)."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

import stich
from stich.search import SearchResult
from helpers import EXAMPLES
from helpers.hooks import HOOKS

# The games with an example position (examples/position_<game>.txt).
EXAMPLED = [name.lower() for name in stich.GAMES if (EXAMPLES / f"position_{name.lower()}.txt").exists()]


def example(game: str):
    return stich.parse((EXAMPLES / f"position_{game}.txt").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", EXAMPLED)
def test_text_names_columns_unit_and_the_position_as_the_seat_knows_it(game):
    position = example(game)
    state, seat = position.state, position.seat
    result = stich.ismcts(state, iterations=5000, seed=1)
    text = str(result)
    unit = type(position.game).UNIT
    assert result.unit == unit and f"average return ({unit})" in text
    assert "action" in text and "visits" in text and "share" in text and "mean" in text and "95% interval" in text
    assert f"seat {seat}: " + " ".join(str(c) for c in state.hand(seat)) in text
    view = state.view(seat)
    hidden = {str(c) for c in view.unknown}
    for line in result.position:   # no card the seat cannot see (the inferred line names cards a seat lacks)
        assert line.startswith("inferred: ") or not hidden & set(line.replace(":", " ").split()), line
    assert result.game == repr(stich.games.game_of(state)) and text.startswith(result.game)


def test_intervals_only_from_two_runs():
    # The intervals come from the spread of independent runs: a single run has none ("n/a").
    state = stich.Mucken().deal(seed=1)
    single = stich.ismcts(state, iterations=2000, seed=1)
    assert single.runs == 1 and all(r.low is None for r in single.table)
    assert all(r.diff_low is None for r in single.table[1:])
    rows = {line.split()[0]: line for line in str(single).splitlines() if line.startswith("  ")}
    assert all("n/a" in rows[str(r.action)] and "[" not in rows[str(r.action)] for r in single.table if r.visits)
    assert all(math.isnan(x) for x in single.to_numpy()["low"])
    four = stich.ismcts(state, iterations=20_000, seed=1, runs=4)
    assert four.runs == 4 and all(r.low is not None and r.low <= r.mean <= r.high for r in four.table)


def test_principal_line_starts_with_the_best_move_and_follows_most_visits():
    result = stich.ismcts(example("couillon").state, iterations=20_000, seed=1)
    line = result.line
    # The line is run 0's tree (one of the independent runs): its first move has part of the visits.
    assert len(line) >= 2 and line[0].action == str(result.best) and 10 <= line[0].visits <= result.table[0].visits
    assert line[0].seat == result.observer
    assert all(a.visits >= b.visits >= 10 for a, b in zip(line, line[1:]))
    assert "principal line" in str(result) and f"{line[1].seat}:{line[1].action}" in str(result)


def test_tie_line_when_the_top_two_cannot_be_told_apart():
    state = example("couillon").state
    result = stich.ismcts(state, iterations=2000, seed=1)
    a, b = result.table[0], result.table[1]
    t = stich.Couillon.TIE_THRESHOLD
    assert result.tie_threshold == t

    def runner_up(diff, low, high):
        return dataclasses.replace(result, table=[a, dataclasses.replace(b, diff=diff, diff_low=low, diff_high=high)])

    tie = runner_up(-t / 2, -t, t / 4)            # small, and 0 inside its interval
    ahead = runner_up(-t / 2, -t, -t / 4)         # small, but 0 outside: the best is better
    unsure = runner_up(-3 * t, -6 * t, t)         # 0 inside, but not small: probably better
    assert tie.tied and "cannot be told apart" in str(tie) and f"tie threshold of {t:g}" in str(tie)
    assert not ahead.tied and f"best: {a.action}, better than {b.action} by" in str(ahead)
    assert not unsure.tied and f"probably best: {a.action}" in str(unsure) and "more time would tell" in str(unsure)
    assert "cannot be told apart" not in str(ahead) + str(unsure)


def test_json_is_the_same_data_as_the_text():
    result = stich.ismcts(example("mucken").state, iterations=5000, threads=2, seed=2)
    data = json.loads(result.to_json())
    assert data == json.loads(json.dumps(result.to_data()))
    assert data["best"] == str(result.best) and data["unit"] == "game points" and data["tied"] == result.tied
    assert [m["action"] for m in data["moves"]] == [str(r.action) for r in result.table]
    assert [m["visits"] for m in data["moves"]] == [r.visits for r in result.table]
    assert math.isclose(sum(m["share"] for m in data["moves"]), 1.0)
    assert data["position"] == list(result.position) and data["iterations"] == 5000 and not data["partial"]
    assert [(s["seat"], s["action"]) for s in data["line"]] == [(s.seat, s.action) for s in result.line]


def test_inferred_voids_are_suits_whose_unknown_cards_a_seat_cannot_hold():
    import random

    seen = 0
    for seed in range(6):
        state, rng = stich.Couillon().deal(seed=seed), random.Random(seed)
        while not state.is_terminal:
            if state.phase == "play":
                seat = state.current_player
                view = state.view(seat)
                result = SearchResult(seat, [], 0, 0, 1.0, 1, 1, state=state.clone())
                for line in result.position:
                    if not line.startswith("inferred: "):
                        continue
                    for part in line.removeprefix("inferred: ").split("; "):
                        other = int(part.split()[1])
                        if " void in " in part:
                            suits = part.split(" void in ")[1].split(",")[0].split()
                            for card in view.unknown:
                                if str(card)[0] in suits:
                                    assert card in view.forbidden(other), (part, card)
                                    seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen, "no void inferred in six random deals"


@pytest.mark.parametrize("name", [n for n in stich.GAMES if hasattr(HOOKS[n], "EXAMPLE_TALLY")])
def test_each_move_reports_what_the_side_takes_by_the_end(name):
    """The mean tally (card points, eyes, tricks) of the searching seat's side at the end of the
    deal after each move, within the bounds the game's hooks give for its example position
    (EXAMPLE_TALLY: least, most, and a line the position shows, e.g. in the Mucken example seat 0's
    team already holds 9 eyes, "seats 0+2: 1 trick, 9 eyes", which no continuation takes away)."""
    state = example(name.lower()).state
    seat = state.current_player
    result = stich.ismcts(state, iterations=20_000, seed=1)
    least, most, shown = HOOKS[name].EXAMPLE_TALLY
    assert not shown or any(shown in line for line in result.position)
    for r in result.table:
        if r.visits:
            assert least <= r.taken <= most
    assert f"expected by the end of the deal after {result.best}:" in str(result)
    assert result.taken_name and str(seat) in result.taken_name
    assert [m["taken"] for m in result.to_data()["moves"]] == [r.taken for r in result.table]
