"""Euchre's perft rows (tests/data/perft.json) counted a third way: by a brute-force walk of
OpenSpiel's euchre (pyspiel) dealt the same cards and played the same moves. tests/common/test_perft.py
checks the same counts against the engine and the pure-Python reference (tests/reference/euchre.py).
Skipped where open_spiel is not installed.
"""

from __future__ import annotations

import json

import pytest
from helpers import DATA

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (no wheel for this platform)")

pytestmark = pytest.mark.rules

ROWS = [r for r in json.loads((DATA / "perft.json").read_text(encoding="utf-8"))
        if r["game"] == "Euchre"]
IDS = [f"{'-'.join(f'{k}={v}' for k, v in r['options'].items()) or 'defaults'}-seed{r['seed']}-dealer{r['dealer']}"
       f"-{len(r['moves'])}moves-depth{r['depth']}" for r in ROWS]

# stich's texts as OpenSpiel writes them (a bare card in the discard phase is the card itself).
OPENSPIEL_TEXT = {"pass": "Pass", "alone": "Alone", "partner": "Partner"}


def openspiel_state(row):
    """OpenSpiel's euchre dealt the row's cards (its chance actions: the dealer, then card i to seat
    (dealer + i) % 4, then the upcard), then the row's moves."""
    o = pyspiel.load_game("euchre", row["options"]).new_initial_state()
    o.apply_action(row["dealer"])
    card = {o.action_to_string(pyspiel.PlayerId.CHANCE, a): a for a in range(24)}
    hands = [h.split() for h in row["hands"]]
    for i in range(20):
        o.apply_action(card[hands[(row["dealer"] + i) % 4][i // 4]])
    o.apply_action(card[row["deal"]["upcard"]])
    for m in row["moves"]:
        legal = {o.action_to_string(o.current_player(), a): a for a in o.legal_actions()}
        o.apply_action(legal[OPENSPIEL_TEXT.get(m, m)])
    return o


def openspiel_perft(o, depth):
    if depth == 0 or o.is_terminal():
        return 1
    legal = o.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        child = o.clone()
        child.apply_action(a)
        total += openspiel_perft(child, depth - 1)
    return total


def test_euchre_has_rows():
    assert len(ROWS) >= 10


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_perft_row_against_openspiel(row):
    assert openspiel_perft(openspiel_state(row), row["depth"]) == row["leaves"]
