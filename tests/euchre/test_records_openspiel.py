"""Records imported from OpenSpiel's serialized euchre games (docs/records.md): the deal as
OpenSpiel dealt it and every action, replayed by stich to the same returns."""

from __future__ import annotations

import io
import random

import pytest

import stich

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (no wheel for this platform)")
from stich.peers.euchre import record_from_openspiel  # noqa: E402


def random_game(game, seed):
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("params", [{}, {"allow_lone_defender": True}, {"stick_the_dealer": False}])
def test_openspiel_games_import_as_records(params):
    game = pyspiel.load_game("euchre", params)
    records = []
    for seed in range(150):
        state = random_game(game, seed)
        record = record_from_openspiel(pyspiel.serialize_game_and_state(game, state))
        assert record.options == stich.Euchre(**params).options
        assert [float(r) for r in record.state().returns()] == state.returns()
        records.append(record)
    buf = io.StringIO()
    stich.write_records(records, buf)
    buf.seek(0)
    assert stich.read_records(buf) == records


def test_a_game_stopped_mid_deal_imports_its_actions_so_far():
    game = pyspiel.load_game("euchre")
    state, rng = game.new_initial_state(), random.Random(3)
    while len(state.history()) < 30:
        state.apply_action(rng.choice([a for a,
                                       _ in state.chance_outcomes()]) if state.is_chance_node() else rng.choice(state.legal_actions()))
    record = record_from_openspiel(pyspiel.serialize_game_and_state(game, state))
    assert len(record.actions) == 30 - 22 and not record.state().is_terminal


def test_what_is_not_a_euchre_game_is_refused():
    other = pyspiel.load_game("tic_tac_toe")
    with pytest.raises(ValueError, match="not an OpenSpiel euchre game: tic_tac_toe"):
        record_from_openspiel(pyspiel.serialize_game_and_state(other, other.new_initial_state()))
    with pytest.raises(ValueError, match="not a serialized OpenSpiel game"):
        record_from_openspiel("garbage")
    short = pyspiel.load_game("euchre")
    with pytest.raises(ValueError, match="the history ends before the deal does"):
        record_from_openspiel(pyspiel.serialize_game_and_state(short, short.new_initial_state()))
