"""Exact determinization (issue 5, part 1): the worlds consistent with a seat's view are counted
exactly and sampled uniformly. Checked against brute-force enumeration on small positions, with a
chi-square test at a fixed seed and a fixed threshold; every sample must agree with the view.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import stich
from helpers.stats import chi_square_threshold
from helpers.hooks import configs
from helpers.worlds import enumerate_hidden

pytestmark = pytest.mark.rules

# Every registered game, in its hooks' SAMPLER_CONFIGS (else its first two configurations).
GAMES = {repr(g): g for g in configs("SAMPLER_CONFIGS", first=2)}


def locations(view):
    return range(len(view.location_names))


def hidden_worlds(view):
    """The enumerated worlds without the known cards, in the form hidden_part gives."""
    return enumerate_hidden(view)


def hidden_part(view, world, known=None):
    """A world without its known cards: a frozenset of card texts per location (`known`: the
    view's known cards per location, when the caller has them already)."""
    known = known or [view.known(l) for l in locations(view)]
    return tuple(frozenset(str(cards - k).split()) for cards, k in zip(world, known))


def random_position(game, seed, max_worlds):
    """Plays random legal actions from a seeded deal until some seat's view has few worlds."""
    rng = random.Random(seed)
    state = game.deal(seed=seed, dealer=seed % game.num_players)
    while not state.is_terminal:
        for seat in range(state.num_players):
            view = state.view(seat)
            if len(view.unknown) and view.count_worlds() <= max_worlds and view.count_worlds() > 1:
                return state, view
        state.apply(rng.choice(state.legal_actions()))
    return None, None


def assert_consistent(view, world):
    for l in locations(view):
        assert view.known(l) <= world[l]
        assert not (world[l] & view.forbidden(l))
        assert len(world[l]) == view.size(l)
    cards = [c for l in locations(view) for c in world[l]]
    assert len(cards) == len(set(cards))


@pytest.mark.parametrize("name", GAMES)
def test_count_matches_enumeration_and_sampling_is_uniform(name):
    game = GAMES[name]
    tested = 0
    for seed in range(2000):
        state, view = random_position(game, seed, max_worlds=400)
        if view is None:
            continue
        worlds = hidden_worlds(view)
        assert view.count_worlds() == len(worlds) == len(set(worlds))
        n = 60 * len(worlds)
        samples = view.sample_worlds(n, seed)
        for world in samples[:200]:
            assert_consistent(view, world)
        known = [view.known(l) for l in locations(view)]
        counts = Counter(hidden_part(view, w, known) for w in samples)
        assert set(counts) <= set(worlds)
        expected = n / len(worlds)
        chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
        assert chi2 < chi_square_threshold(len(worlds) - 1), (name, seed, chi2, len(worlds))
        tested += 1
        if tested == 4:
            break
    assert tested == 4, f"found only {tested} small positions for {name}"


def spread_position(game, seed):
    """A view whose unknown cards go to three or more places, one of them lacking an odd number of
    at least three (so that a draw's two numbers from one random word fall to two places), with
    500 to 3,000 worlds; or None."""
    rng = random.Random(seed)
    state = game.deal(seed=seed, dealer=seed % game.num_players)
    while not state.is_terminal:
        for seat in range(state.num_players):
            view = state.view(seat)
            lacking = [view.size(l) - len(view.known(l)) for l in locations(view)]
            if sum(n > 0 for n in lacking) >= 3 and any(n >= 3 and n % 2 for n in lacking) and 500 <= view.count_worlds() <= 3000:
                return view
        state.apply(rng.choice(state.legal_actions()))
    return None


@pytest.mark.parametrize("name", GAMES)
def test_draws_spread_over_three_places_are_uniform(name):
    """The sampler deals a class's cards to every place but its largest one card at a time, two
    draws from each random word: uniform where the draws of one word fall to different places,
    checked against enumeration by a chi-square test at a fixed seed."""
    game = GAMES[name]
    view = next((v for v in (spread_position(game, seed) for seed in range(100)) if v is not None), None)
    if view is None:
        pytest.skip(f"no view of {name} with three places lacking cards and 500 to 3,000 worlds in 100 deals")
    worlds = hidden_worlds(view)
    assert view.count_worlds() == len(worlds)
    n = 40 * len(worlds)
    known = [view.known(l) for l in locations(view)]
    counts = Counter(hidden_part(view, w, known) for w in view.sample_worlds(n, 11))
    assert set(counts) <= set(worlds)
    chi2 = sum((counts.get(w, 0) - n / len(worlds)) ** 2 / (n / len(worlds)) for w in worlds)
    assert chi2 < chi_square_threshold(len(worlds) - 1), (name, chi2, len(worlds))


@pytest.mark.parametrize("name", GAMES)
def test_the_true_deal_is_one_of_the_worlds(name):
    """The view's constraints (voids, could-not-head, known cards) never exclude the real deal."""
    game = GAMES[name]
    for seed in range(40):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while not state.is_terminal:
            seat = rng.randrange(state.num_players)
            view = state.view(seat)
            if view.count_worlds() <= 2000:
                truth = tuple(frozenset(str(c) for c in state.hand(s) - view.known(s)) for s in range(state.num_players))
                seats_part = {w[: state.num_players] for w in hidden_worlds(view)}
                assert truth in seats_part, (name, seed)
            state.apply(rng.choice(state.legal_actions()))


def test_samples_respect_inferred_voids():
    """A Couillon seat that did not follow suit (C-5) never gets that suit in a sample."""
    game = stich.Couillon()
    hands = ["CA CK SA SK HA", "CQ CJ SQ SJ HK", "CT C9 ST S9 HQ", "DA DK DQ DJ DT"]
    state = game.deal(seed=1, dealer=3, hands=hands)   # forehand is seat 0
    for action in ["Hearts", "pass", "CA", "CQ", "CT", "DA"]:   # (SQ's holder says pass) seat 3 shows no clubs
        state.apply(action)
    view = state.view(1)
    clubs_unseen = stich.CardSet("CK C9 CJ", deck="french24")   # CJ is seat 1's own, the rest unknown to it
    assert view.forbidden(3) >= stich.CardSet("CK C9", deck="french24")
    assert not (view.forbidden(2) & clubs_unseen - view.hand)
    clubs = {c for c in stich.Deck("french24") if str(c)[0] == "C"}
    for world in view.sample_worlds(500, 7):
        assert not (set(world[3]) & clubs)
        assert_consistent(view, world)


def test_count_is_exact_for_a_fresh_deal():
    """18 unknown Mucken cards in three hands of six: 18! / (6!)^3 worlds, exactly."""
    view = stich.Mucken().deal(seed=3).view(0)
    assert view.count_worlds() == math.factorial(18) // math.factorial(6) ** 3
    # Six-player Mistigri with the 52-card deck: a count beyond 64 bits, still exact.
    big = stich.Mistigri(players=6, deck="french52").deal(seed=3).view(2)
    f = math.factorial
    assert big.count_worlds() == f(46) // (f(5) ** 5 * f(21)) > 2**64


def test_bad_sample_arguments():
    view = stich.Couillon().deal(seed=1).view(0)
    with pytest.raises(ValueError, match="n must be >= 0"):
        view.sample_worlds(-1, 1)
    with pytest.raises(TypeError):
        view.sample_worlds(1, -5)
