"""Invariants every game must keep (OpenSpiel-style), run for each entry of GAMES.

A new game joins by appending its rules object to GAMES and, where it differs, an entry to
STAGED_PHASES, RETURN_RULES and MIN_STEPS (a game without a RETURN_RULES or MIN_STEPS entry fails
on purpose).
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter

import numpy as np
import pytest

import stich
from stats import chi_square_uniform

pytestmark = pytest.mark.rules

GAMES = [
    stich.Couillon(), stich.Couillon(kontra_doubles=True),
    stich.Mucken(), stich.Mucken(players=6), stich.Mucken(long_deck=True),
    stich.Mucken(if_all_pass="throw_in"), stich.Mucken(if_all_pass="must_play"),
    stich.Mucken(if_all_pass="one_point", ranking="wenz_over_muck", games=("Muck", "Wenz")),
    stich.Mucken(players=6, if_all_pass="must_play", ramsch_stichzwang=False, kontra_takes_over=False),
    stich.Mistigri(), stich.Mistigri(players=3), stich.Mistigri(monch=True),
    stich.Mistigri(players=6, deck="french52", club_law=True, stake=3),
    stich.Euchre(), stich.Euchre(allow_lone_defender=True, stick_the_dealer=False),
]
IDS = [repr(g) for g in GAMES]
SEEDS = range(300)
# Fewer random walks per configuration where a game has many configurations (Mucken: deals are
# longer and there are seven entries), to keep this file fast.
SEEDS_PER_GAME = {"Mucken": range(90), "Mistigri": range(90)}

# Phases in which the seats do not hold their whole hand yet (a staged deal, G-2): a view's hand
# is then only part of the seat's final hand.
STAGED_PHASES = {"Couillon": {"trump"}}


def _couillon_returns(state, r):
    # G-4 / C-6: zero-sum between the teams, partners equal, from the teams' moves.
    m = state.score_moves()
    assert r == [m[1 - s % 2] - m[s % 2] for s in range(4)]
    assert sum(r) == 0 and r[0] == r[2] and r[1] == r[3]


def _couillon_rows(a):
    assert (a.sum(axis=1) == 0).all()
    assert (a[:, 0] == a[:, 2]).all() and (a[:, 1] == a[:, 3]).all()


# U-8 / U-9 / U-10 / U-11: every value a Mucken deal can be worth (no Bock in these walks):
# 2 or 3 (normal game), 7 (Schneider game), 10 (Tout), each doubled up to four times; Ramsch 2 or
# 4; Durchmarsch 10; one point 1; Sie the target.
MUCKEN_VALUES = {b << k for b in (2, 3, 7, 10) for k in range(5)} | {1, 2, 4, 10}


def _mucken_returns(state, r):
    # G-4: +value for each seat of the winning team, -value for the others; a throw-in is all 0.
    w, v, n = state.winning_team, state.value, state.num_players
    if state.game == "thrown in":
        assert w is None and v == 0 and r == [0] * n and state.next_bock
        return
    assert w in (0, 1) and not state.next_bock
    assert r == [v if s % 2 == w else -v for s in range(n)]
    assert sum(r) == 0 and sum(r[0::2]) == -sum(r[1::2])
    if state.game == "Sie":
        assert v == 21 and state.sie_seat % 2 == w      # the target (21 in every entry of GAMES)
        return
    assert v in MUCKEN_VALUES, v
    # every card was played: 120 eyes, one trick per card of a hand
    played = state.view(0).played
    assert sum(state.team_eyes) == 120 and sum(state.team_tricks) == len(played) // n


def _mucken_rows(a):
    assert (a.sum(axis=1) == 0).all()
    for s in range(a.shape[1]):
        assert (a[:, s] == a[:, s % 2]).all()
    assert (a[:, 0] == -a[:, 1]).all()
    assert set(np.abs(a[:, 0]).tolist()) <= MUCKEN_VALUES | {0, 21}


def _couillon_min_steps(game, state, steps):
    assert steps >= 21              # trump + 20 cards at least


def _mucken_min_steps(game, state, steps):
    n = state.num_players
    if state.game == "Sie":
        assert steps == 1           # shown at the deal: no action at all
    elif state.game == "thrown in":
        assert steps == n + 1       # everyone passed
    else:
        assert steps >= n + len(game.deck) + 1   # the auction, then every card


def _mistigri_returns(state, r):
    # G-4 / M-3 / M-10: each seat's chip change; the pot (and side pot) absorb the rest exactly.
    stake = state.rules.stake
    assert sum(r) == state.pot_in + state.side_pot_in - state.pot - state.side_pot
    assert min(r) >= -2 * stake                      # the ante and one penalty (or the Mönch rearhand)
    passed = [s for s in range(state.num_players) if s not in state.joined]
    if state.outcome != "nobody joined":
        assert all(r[s] == -stake for s in passed)   # a seat that passed pays only its ante
    if state.outcome == "played":
        assert sum(state.tricks_won) == 5


def _mistigri_rows(a):
    assert (a.sum(axis=1) <= 0).all()                # from an empty pot, the pot only gains
    assert (a >= -2 * 5).all()                       # ante and one penalty; every stake in GAMES is <= 5


def _mistigri_min_steps(game, state, steps):
    assert steps >= state.num_players + 1            # everyone bids at least


def _euchre_returns(state, r):
    # E-10: the makers' score for the makers, its opposite for the defenders; 0 when all passed.
    m = state.makers_score
    if state.declarer is None:
        assert m == 0 and state.passes == 8 and not state.rules.stick_the_dealer
    else:
        assert m in (1, 2, 4, -2, -4)
        assert m != 4 or state.declarer_alone
        assert m != -4 or state.lone_defender is not None
        assert sum(state.team_tricks) == 5
    assert r == [m if s % 2 == (state.declarer or 0) % 2 else -m for s in range(4)]


def _euchre_rows(a):
    assert (a.sum(axis=1) == 0).all()
    assert (a[:, 0] == a[:, 2]).all() and (a[:, 1] == a[:, 3]).all()
    assert set(np.abs(a[:, 0]).tolist()) <= {0, 1, 2, 4}


def _euchre_min_steps(game, state, steps):
    if state.declarer is None:
        assert steps == 9                  # eight passes
    else:
        assert steps >= 1 + 1 + 1 + 5 * (4 - len(state.sitting_out))   # a bid, go-alone, the cards


RETURN_RULES = {"Couillon": (_couillon_returns, _couillon_rows), "Mucken": (_mucken_returns, _mucken_rows),
                "Mistigri": (_mistigri_returns, _mistigri_rows), "Euchre": (_euchre_returns, _euchre_rows)}
MIN_STEPS = {"Couillon": _couillon_min_steps, "Mucken": _mucken_min_steps, "Mistigri": _mistigri_min_steps,
             "Euchre": _euchre_min_steps}

parametrize_games = pytest.mark.parametrize("game", GAMES, ids=IDS)


# ----- helpers ----------------------------------------------------------------------------------

def truth(state, view) -> dict:
    """The true content of each location a view names: seats' hands and game-specific piles."""
    out = {}
    for i, name in enumerate(view.location_names):
        if i < state.num_players:
            out[name] = state.hand(i)
        elif name == "talon" and isinstance(state.talon, list):      # Mistigri: in draw order
            out[name] = stich.CardSet(state.talon)
        elif name == "discards":                                      # Mistigri: every seat's pile
            out[name] = stich.CardSet([c for seat in range(state.num_players) for c in state.discards(seat)])
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
    if state.phase in STAGED_PHASES.get(game.name, ()):
        assert v.hand <= state.hand(seat)
    else:
        assert v.hand == state.hand(seat)
        assert v.known(seat) == state.hand(seat)
    return v


def _mistigri_public(text):
    # M-6: the others see only how many cards a seat exchanged.
    return f"discards {len(text.split()) - 1}" if text.startswith("discard ") else text


# What the other seats see of an action's text, by game (default: all of it; hidden actions are
# simply absent from their histories).
PUBLIC_TEXT = {"Mistigri": _mistigri_public}


def check_history(state, applied, game):
    """Each view's history is a subsequence of what happened (others' actions as the seat saw
    them) and holds all of its own actions."""
    public = PUBLIC_TEXT.get(game.name, lambda t: t)
    for seat in range(state.num_players):
        hist = state.view(seat).history
        assert [e for e in hist if e[0] == seat] == [e for e in applied if e[0] == seat]
        seen = [(s, t if s == seat else public(t)) for s, t in applied]
        it = iter(seen)
        assert all(e in it for e in hist), (seat, hist, seen)


def check_returns(game, state):
    r = state.returns()
    assert len(r) == state.num_players and all(isinstance(x, int) for x in r)
    if not state.is_terminal:
        assert r == [0] * state.num_players
        return
    RETURN_RULES[game.name][0](state, r)


def seeds(game):
    return SEEDS_PER_GAME.get(game.name, SEEDS)


def _mucken_choice(rng, state, legal):
    # Pass most of the time in the auction, so that the walks also reach Ramsch, the throw-in,
    # must-play and one-point games (U-9), which uniform choices among ten bids almost never do.
    if state.phase == "auction" and rng.random() < 0.75:
        return next(a for a in legal if a.text == "pass")
    return rng.choice(legal)


# How random_walk picks an action in a game (default: uniformly among the legal actions).
CHOOSERS = {"Mucken": _mucken_choice}


def random_walk(game, seed):
    """Plays a deal to the end with seeded random legal actions, yielding each state on the way."""
    rng = random.Random(seed)
    choose = CHOOSERS.get(game.name, lambda rng, state, legal: rng.choice(legal))
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
        MIN_STEPS[game.name](game, s, steps)
        lengths.append(steps)
    assert max(lengths) > min(lengths)


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


def test_mistigri_exchange_drawn_for_a_key_is_uniform():
    # The search draws another seat's exchange of a given size uniformly among the hand's subsets.
    game = stich.Mistigri()
    s = game.deal(seed=2)
    for _ in range(4):
        s.apply("join")
    assert s.phase == "exchange"
    discarded = 102   # DISCARDED: what the other seats see of an exchange, + its size
    for size in range(1, 5):
        draws = [s._action_with_key(discarded + size, seed) for seed in range(200 * math.comb(5, size))]
        counts = Counter(a.id for a in draws)
        assert all(len(a.text.split()) - 1 == size for a in draws)
        assert len(counts) == math.comb(5, size)
        stat, critical = chi_square_uniform(counts.values(), z=3.09)
        assert stat <= critical, (size, stat, critical)


def _chi_square_uniform(state, draws_per_action=300):
    """Chi-square statistic of the playout policy's choices against a uniform pick of the legal
    actions, and its critical value at p = 0.001; fixed seeds, so not flaky."""
    legal = [a.id for a in state.legal_actions()]
    n = draws_per_action * len(legal)
    counts = dict.fromkeys(legal, 0)
    for seed in range(n):
        a = state._random_action(seed).id
        assert a in counts, (a, legal)
        counts[a] += 1
    return chi_square_uniform(counts.values(), z=3.09)


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
            stat, critical = _chi_square_uniform(s)
            assert stat < critical, (s.phase, stat, critical)
    assert "play" in tested


@pytest.mark.parametrize("players, deck, monch", [(6, "german32", False), (6, "german32", True), (5, "german32", True),
                                                  (5, "german32", False)])
def test_random_exchange_is_uniform_under_a_discard_limit(players, deck, monch):
    # Small talons cap the discards (at most what can be drawn): uniform among the allowed masks.
    game = stich.Mistigri(players=players, deck=deck, monch=monch)
    limits = set()
    for seed in range(40):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while s.phase == "bid":
            s.apply("join")
        while s.phase == "exchange":
            largest = max(len(a.text.split()) - 1 for a in s.legal_actions())
            if largest not in limits and len(s.legal_actions()) > 1:
                limits.add(largest)
                stat, critical = _chi_square_uniform(s, 200)
                assert stat < critical, (largest, stat, critical)
            s.apply(rng.choice(s.legal_actions()))
    assert any(limit < 5 for limit in limits), limits   # a cap below the hand was in force


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
def test_views_consistent_with_the_true_deal(game):
    for seed in seeds(game):
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
        while a.phase in STAGED_PHASES.get(game.name, ()):
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
    if game.name == "Mucken":
        # the walks reach both an announced game and what the game does when all pass (U-9)
        special = {"ramsch": "Ramsch", "throw_in": "thrown in", "must_play": "must-play",
                   "one_point": "one point"}[game.options["if_all_pass"]]
        names = [f.game for f in finals]
        assert any(n.startswith(special) for n in names), names
        assert any(f.announcer is not None and not f.game.startswith(special) for f in finals)


@parametrize_games
def test_random_playouts_batch(game):
    a = game.random_playouts(500, seed=17)
    assert a.shape == (500, game.num_players) and a.dtype == np.int32
    assert np.array_equal(a, game.random_playouts(500, seed=17))
    assert np.array_equal(a[:100], game.random_playouts(100, seed=17))
    RETURN_RULES[game.name][1](a)
    assert (a != 0).any()
    assert game.random_playouts(0, seed=1).shape == (0, game.num_players)


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
