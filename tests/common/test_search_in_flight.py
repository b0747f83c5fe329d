"""Descents in flight (issue 46, ``stich.ismcts(in_flight=K)``): each thread keeps K iterations
between their world draw and their backup, interleaving their tree levels with a virtual loss on
the nodes they pass. K = 1 is the plain search; every K repeats exactly for a given seed, thread
count and budget, keeps every iteration's visit exactly once, and accepts only 1..16."""

from __future__ import annotations

import pytest

from helpers.hooks import configs, ids

import stich

GAMES = configs("SEARCH_CONFIGS", first=1)
IDS = ids(GAMES)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("k", [2, 4, 16])
def test_in_flight_is_reproducible_for_seed_threads_iterations_and_k(threads, k):
    state = stich.Couillon().deal(seed=11)
    a = stich.ismcts(state, iterations=4000, threads=threads, seed=5, in_flight=k)
    b = stich.ismcts(state.clone(), iterations=4000, threads=threads, seed=5, in_flight=k)
    assert a.to_dict() == b.to_dict()
    assert stich.ismcts(state, iterations=4000, threads=threads, seed=6, in_flight=k).to_dict() != a.to_dict()
    # Another K is another search (the virtual losses steer it), not a reordering of the same one.
    assert stich.ismcts(state, iterations=4000, threads=threads, seed=5, in_flight=1).to_dict() != a.to_dict()


def test_in_flight_1_is_the_default_search():
    state = stich.Mucken().deal(seed=2)
    assert stich.ismcts(state, iterations=3000, seed=3).to_dict() == stich.ismcts(state, iterations=3000, seed=3, in_flight=1).to_dict()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("others", ["heuristic", "tree"])
def test_every_iteration_is_backed_up_once_with_descents_in_flight(game, others):
    # The root's visits sum to the iterations (a virtual loss is a visit its backup completes, never
    # a second one), and the tree's own mean of the most visited root move (its node's running mean,
    # which carried the virtual losses) equals the mean of the returns summed for it apart: a virtual
    # loss left behind or a backup to a moved child array would break one or the other.
    for seed in range(3):
        state = game.deal(seed=seed)
        r = stich.ismcts(state, iterations=3000, seed=seed, in_flight=8, others_before_play=others)
        assert r.iterations == 3000 and sum(row.visits for row in r.table) == 3000
        assert r.best in state.legal_actions()
        top = max(r.table, key=lambda row: row.visits)
        assert r.line and r.line[0].action == top.action.text and r.line[0].visits == top.visits
        assert r.line[0].mean == pytest.approx(top.mean, rel=1e-3, abs=1e-3)
        assert r.nodes <= 3000 + 1   # at most one new node an iteration (none where a descent reached the end)


def test_descents_in_flight_in_a_full_tree_and_a_timed_search():
    state = stich.Couillon().deal(seed=3)
    small = stich.ismcts(state, iterations=20_000, seed=1, max_nodes=512, in_flight=4)
    assert small.iterations == 20_000 and sum(r.visits for r in small.table) == 20_000
    timed = stich.ismcts(state, seconds=0.02, threads=2, seed=1, in_flight=4)
    assert timed.iterations >= 2 and sum(r.visits for r in timed.table) == timed.iterations


@pytest.mark.parametrize("value, exc, fragment", [
    (0, ValueError, r"^in_flight must be an int in 1..16 \(descents a thread keeps in flight; 1: the plain search\), got 0$"),
    (17, ValueError, r"^in_flight must be an int in 1..16 .*, got 17$"),
    (-1, ValueError, r"^in_flight must be an int in 1..16 .*, got -1$"),
    (2.0, TypeError, r"^in_flight must be an int, got 2.0$"),
    (None, TypeError, r"^in_flight must be an int, got None$"),
])
def test_bad_in_flight(value, exc, fragment):
    with pytest.raises(exc, match=fragment):
        stich.ismcts(stich.Couillon().deal(seed=1), iterations=10, in_flight=value)


def test_the_bot_checks_in_flight_when_made_and_passes_it_on():
    with pytest.raises(ValueError, match=r"^in_flight must be an int in 1..16 .*, got 0$"):
        stich.IsmctsBot(iterations=10, in_flight=0)
    bot = stich.IsmctsBot(iterations=500, seed=1, in_flight=4)
    assert repr(bot) == "IsmctsBot(iterations=500, in_flight=4)"
    state = stich.Couillon().deal(seed=1)
    assert bot.act(state) in state.legal_actions()
