"""Invariants every game must keep (OpenSpiel-style), run for every registered game.

A game joins with its hooks module, tests/<game>/hooks.py (configurations, return rules, shortest
deal; see tests/helpers/hooks.py): a registered game without one fails on purpose.
"""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

import stich
from helpers.hooks import HOOKS
from helpers.stats import policy_chi_square

pytestmark = pytest.mark.rules

# Every registered game, in the configurations its hooks list (tests/<game>/hooks.py).
GAMES = [config for hooks in HOOKS.values() for config in hooks.CONFIGS]
IDS = [repr(g) for g in GAMES]


def hooks(game):
    return HOOKS[game.name]


parametrize_games = pytest.mark.parametrize("game", GAMES, ids=IDS)


# ----- helpers ----------------------------------------------------------------------------------

def truth(state, view) -> dict:
    """The true content of each location a view names: seats' hands and game-specific piles."""
    out = {}
    for i, name in enumerate(view.location_names):
        if i < state.num_players:
            out[name] = state.hand(i)
        elif hasattr(HOOKS[stich.games.game_of(state).name], "truth"):
            out[name] = HOOKS[stich.games.game_of(state).name].truth(state, name)
        else:
            out[name] = getattr(state, name)
    return out


def check_view(game, state, seat):
    v = state.view(seat)
    assert v.observer == seat and v.num_players == state.num_players
    assert state.is_consistent_with(v)
    locations = truth(state, v)
    sizes = 0
    for i, (name, cards) in enumerate(locations.items()):
        assert v.known(name) == v.known(i)
        assert v.known(name) <= cards, (seat, name)
        assert not (v.forbidden(name) & cards), (seat, name)
        assert v.size(name) == len(cards), (seat, name)
        assert not (v.played & cards)
        assert not (v.known(name) & v.unknown)
        sizes += len(cards)
    assert len(v.played) + sizes == len(game.deck)
    if state.phase in hooks(game).STAGED_PHASES:
        assert v.hand <= state.hand(seat)
    else:
        assert v.hand == state.hand(seat)
        assert v.known(seat) == state.hand(seat)
    return v


def check_history(state, applied, game):
    """Each view's history is a subsequence of what happened (others' actions as the seat saw
    them) and holds all of its own actions."""
    public = getattr(hooks(game), "public_text", lambda t: t)
    # What `seat` saw of another seat's action: its public text, unless the game's hooks say the
    # seat has seen it in full by now (seen_text: a pass received, in Hearts).
    seen_text = getattr(hooks(game), "seen_text", lambda state, actor, seat, text: public(text))
    for seat in range(state.num_players):
        hist = state.view(seat).history
        assert [e for e in hist if e[0] == seat] == [e for e in applied if e[0] == seat]
        seen = [(s, t if s == seat else seen_text(state, s, seat, t)) for s, t in applied]
        it = iter(seen)
        assert all(e in it for e in hist), (seat, hist, seen)


def check_returns(game, state):
    r = state.returns()
    assert len(r) == state.num_players and all(isinstance(x, int) for x in r)
    if not state.is_terminal:
        assert r == [0] * state.num_players
        return
    hooks(game).check_returns(state, r)


def seeds(game):
    return hooks(game).SEEDS


def random_walk(game, seed):
    """Plays a deal to the end with seeded random legal actions, yielding each state on the way."""
    rng = random.Random(seed)
    choose = getattr(hooks(game), "choose", lambda rng, state, legal: rng.choice(legal))
    s = game.deal(seed=seed, dealer=seed % game.num_players)
    applied = []
    while True:
        yield s, applied
        if s.is_terminal:
            return
        a = choose(rng, s, s.legal_actions())
        applied.append((s.current_player, a.text))
        s.apply(a)


# ----- invariants -------------------------------------------------------------------------------

@parametrize_games
def test_random_playouts_reach_the_end(game):
    lengths = []
    for seed in seeds(game):
        steps = 0
        for s, _ in random_walk(game, seed):
            steps += 1
            assert steps < 200
        assert s.is_terminal and s.current_player is None
        hooks(game).check_min_steps(game, s, steps)
        lengths.append(steps)
    # Deals differ in length, unless the game's hooks say every deal of this game has one length.
    assert max(lengths) > min(lengths) or getattr(hooks(game), "fixed_length", lambda g: False)(game)


@parametrize_games
def test_legal_actions_nonempty_sorted_stable(game):
    for seed in seeds(game):
        for s, _ in random_walk(game, seed):
            la = s.legal_actions()
            assert la == s.legal_actions()                       # stable
            assert [a.id for a in la] == [a.id for a in s.legal_actions()]
            if s.is_terminal:
                assert la == [] and s.current_player is None
                continue
            assert la, (seed, s.phase)
            ids = [a.id for a in la]
            assert ids == sorted(ids) and len(set(ids)) == len(ids)
            assert 0 <= s.current_player < s.num_players
            textset = [a.text.lower() for a in la]
            assert len(set(textset)) == len(textset)            # texts name actions uniquely
            assert all(str(a) == a.text and a == a.text for a in la)


@parametrize_games
def test_search_keys_from_the_game(game):
    # Where a game gives the search its edge keys directly (legal_keys: card plays, Mistigri bids
    # and exchanges), they must be exactly the legal actions (own) or their public projections
    # (others), and action_with_key must draw a legal action with the key.
    for seed in seeds(game):
        for s, _ in random_walk(game, seed):
            if not s.is_terminal:
                assert s._legal_keys_consistent(seed), (seed, s.phase)


@parametrize_games
def test_random_playout_policy_is_uniform(game):
    # The search's random playouts and the batch playouts pick with random_action(): it must be
    # uniform among legal_actions(), whatever shortcut a game takes (Mistigri exchanges: masks
    # drawn and rejected rather than listed). One state per phase with a choice.
    tested = set()
    for seed in seeds(game):
        for s, _ in random_walk(game, seed):
            if s.is_terminal or s.phase in tested or len(s.legal_actions()) < 2:
                continue
            tested.add(s.phase)
            stat, critical = policy_chi_square(s)
            assert stat < critical, (s.phase, stat, critical)
    assert "play" in tested


@parametrize_games
def test_actions_by_text_and_id_agree(game):
    for seed in range(0, 40):
        for s, _ in random_walk(game, seed):
            if s.is_terminal:
                break
            for a in s.legal_actions():
                by_action, by_text, by_id = s.clone(), s.clone(), s.clone()
                by_action.apply(a)
                by_text.apply(a.text)
                by_id.apply(a.id)
                assert by_action == by_text == by_id
                assert s.action_text(a.id) == a.text


@parametrize_games
def test_clone_equal_and_independent(game):
    for seed in range(0, 60):
        rng = random.Random(1000 + seed)
        s = game.deal(seed=seed, dealer=seed % game.num_players)
        while True:
            c = s.clone()
            assert c == s and c is not s
            assert copy.copy(s) == s and copy.deepcopy(s) == s
            if s.is_terminal:
                break
            snapshot = s.clone()
            before = (s.legal_actions(), s.current_player, s.phase, s.returns(),
                      [str(s.hand(i)) for i in range(s.num_players)])
            # moving the clone leaves the original alone ...
            c.apply(rng.choice(c.legal_actions()))
            assert c != s and s == snapshot
            assert before == (s.legal_actions(), s.current_player, s.phase, s.returns(),
                              [str(s.hand(i)) for i in range(s.num_players)])
            # ... and moving the original leaves the clones alone
            s.apply(rng.choice(s.legal_actions()))
            assert snapshot != s
            assert before == (snapshot.legal_actions(), snapshot.current_player, snapshot.phase,
                              snapshot.returns(), [str(snapshot.hand(i)) for i in range(s.num_players)])


@parametrize_games
@pytest.mark.parametrize("part", ["fast", pytest.param("slow", marks=pytest.mark.slow)])
def test_views_consistent_with_the_true_deal(part, game):
    """Every seat's view at every step of the random walks: the first third of the game's seeds in
    the fast part, the other two thirds in the slow part."""
    walks = list(seeds(game))
    cut = len(walks) // 3
    for seed in walks[:cut] if part == "fast" else walks[cut:]:
        for s, applied in random_walk(game, seed):
            for seat in range(s.num_players):
                check_view(game, s, seat)
            check_history(s, applied, game)


@parametrize_games
def test_view_rejects_other_deals(game):
    # is_consistent_with can say no: a deal with other cards in the observer's hand does not fit.
    rejected = 0
    for seed in range(20):
        a, b = game.deal(seed=seed), game.deal(seed=seed + 1000)
        while a.phase in hooks(game).STAGED_PHASES:
            text = a.legal_actions()[0].text
            a.apply(text)
            b.apply(text)
        assert b.is_consistent_with(b.view(0))
        if b.hand(0) != a.hand(0):
            assert not b.is_consistent_with(a.view(0))
            rejected += 1
    assert rejected >= 15


@parametrize_games
def test_returns_rules(game):
    ends = 0
    finals = []
    for seed in seeds(game):
        for s, _ in random_walk(game, seed):
            check_returns(game, s)
        ends += 1
        finals.append(s)
    assert ends == len(seeds(game))
    if hasattr(hooks(game), "check_finals"):
        hooks(game).check_finals(game, finals)


@parametrize_games
def test_random_playouts_batch(game):
    a = game.random_playouts(500, seed=17)
    assert a.shape == (500, game.num_players) and a.dtype == np.int32
    assert np.array_equal(a, game.random_playouts(500, seed=17))
    assert np.array_equal(a[:100], game.random_playouts(100, seed=17))
    hooks(game).check_rows(a)
    assert (a != 0).any()
    assert game.random_playouts(0, seed=1).shape == (0, game.num_players)


@pytest.mark.parametrize("name", stich.GAMES)
def test_G_2_random_playouts_seeded(name):
    game = stich.GAMES[name]()
    a = game.random_playouts(200, seed=11)
    assert a.shape == (200, game.num_players) and a.dtype == np.int32
    assert np.array_equal(a, game.random_playouts(200, seed=11))
    assert np.array_equal(a[:50], game.random_playouts(50, seed=11))   # deal i depends on (seed, i) only
    assert not np.array_equal(a, game.random_playouts(200, seed=12))


@pytest.mark.parametrize("name", stich.GAMES)
def test_G_2_match_deals_seeded(name):
    game = stich.GAMES[name]()
    m1, m2 = game.match(seed=3), game.match(seed=3)
    assert m1.next_deal() == m2.next_deal()
    assert m1.next_deal() != game.match(seed=4).next_deal()


@parametrize_games
def test_perft_matches_legal_actions(game):
    for seed in range(0, 40):
        for s, _ in random_walk(game, seed):
            n = len(s.legal_actions())
            assert stich.perft(s, 0) == 1
            if s.is_terminal:
                assert stich.perft(s, 1) == 1 and stich.perft(s, 3) == 1   # a finished deal is one leaf
                continue
            assert stich.perft(s, 1) == n
            total = 0
            for a in s.legal_actions():
                c = s.clone()
                c.apply(a)
                total += stich.perft(c, 1)
            assert stich.perft(s, 2) == total


@parametrize_games
def test_deal_deterministic(game):
    for seed in (0, 1, 99, 2**40 + 3, 2**64 - 1):
        for dealer in range(game.num_players):
            a, b = game.deal(seed=seed, dealer=dealer), game.deal(seed=seed, dealer=dealer)
            assert a == b
            # the same actions keep them equal
            rng = random.Random(seed ^ dealer)
            while not a.is_terminal:
                act = rng.choice(a.legal_actions())
                a.apply(act)
                b.apply(act.text)
                assert a == b
            assert a.returns() == b.returns()
    distinct = {tuple(str(game.deal(seed=k).hand(i)) for i in range(game.num_players)) for k in range(50)}
    assert len(distinct) == 50


@parametrize_games
def test_state_not_hashable(game):
    with pytest.raises(TypeError):
        hash(game.deal(seed=1))
