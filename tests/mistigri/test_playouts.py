"""Mistigri's shortcuts in the search and the playouts (M-6): another seat's exchange drawn for
its public size, and random exchanges under a discard limit, are uniform."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import stich
from helpers.stats import chi_square_uniform, policy_chi_square

pytestmark = pytest.mark.rules


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
                stat, critical = policy_chi_square(s, 200)
                assert stat < critical, (largest, stat, critical)
            s.apply(rng.choice(s.legal_actions()))
    assert any(limit < 5 for limit in limits), limits   # a cap below the hand was in force
