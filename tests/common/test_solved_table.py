"""Solved values of seeded whole deals, kept like the perft table: tests/data/solved.json (written by
tools/solved_table.py; its docstring says when to rewrite it). Each row is a deal played by the
seeded heuristic to its first card, and every legal first card's exact open-hand value.

Reproduce a row: ``s = stich.<game>(**options).deal(seed=seed, dealer=dealer)``, ``s.apply(m)`` for
each of ``moves``, ``stich.solve(s).values``.
"""

from __future__ import annotations

import json

import pytest

import stich
from helpers import ROOT

ROWS = json.loads((ROOT / "tests" / "data" / "solved.json").read_text(encoding="utf-8"))
IDS = [f"{r['game']}-{'-'.join(f'{k}={v}' for k, v in r['options'].items()) or 'defaults'}-seed{r['seed']}" for r in ROWS]


def test_every_game_with_the_solver_has_solved_rows():
    assert {r["game"] for r in ROWS} == {name for name, game in stich.GAMES.items() if game.SOLVER}


def first_card(row):
    state = stich.GAMES[row["game"]](**row["options"]).deal(seed=row["seed"], dealer=row["dealer"])
    assert [str(state.hand(seat)) for seat in range(state.num_players)] == row["hands"], "the seeded shuffle changed"
    for move in row["moves"]:
        state.apply(move)
    assert state.phase == "play" and state.current_player == row["to_act"]
    return state


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_solved_values_unchanged(row):
    """The values of every legal first card, by a solve, by the whole deal's analysis, and by a
    solve without the table and the equivalent-card merge."""
    state = first_card(row)
    got = {str(a): v for a, v in stich.solve(state).values.items()}
    assert got == row["values"]
    assert {str(a): v for a, v in stich.analyse_deal(state)[0].values.items()} == row["values"]
    plain = stich.solve(state, transpositions=False, merge_equivalent=False)
    assert {str(a): v for a, v in plain.values.items()} == row["values"]
