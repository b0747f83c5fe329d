"""Mistigri chips cannot overflow (M-3, M-10, M-12; docs/rules/mistigri.md "Options"): the issue's
reproductions, and every numeric option at its smallest and largest value through a whole match.

The engine keeps chips, pots and returns in int32 and bounds the options so that no match can leave
that range. These tests keep their own account in Python integers (which cannot overflow) and
compare it with the engine after every deal.
"""

from __future__ import annotations

import random

import pytest

import stich
from helpers.random_play import finish_randomly

# The accepted ranges, defined once in the C++ option schema (MistigriDef).
MAX_CHIPS = stich.Mistigri.OPTIONS["chips"].high
MAX_DEALS = stich.Mistigri.OPTIONS["deals"].high
MAX_POT = stich.Mistigri.DEAL_PARAMS["pot"].high


def conserved(state) -> bool:
    """What the seats lost went into the pot and side pot, and the other way round."""
    return sum(state.returns()) + state.pot + state.side_pot == state.pot_in + state.side_pot_in


# ----- the reproductions -----------------------------------------------------------------

def test_chips_overflow_pot_of_stake_10000():
    s = stich.Mistigri(stake=10000).deal(seed=1)
    assert s.pot == 40000 and s.pot_in == 0
    while not s.is_terminal:
        s.apply("pass")
    assert s.returns() == [-10000] * 4 and s.pot == 40000 and conserved(s)


def test_chips_overflow_six_players_at_stake_6000():
    g = stich.Mistigri(players=6, stake=6000)
    assert g.deal(seed=1).pot == 36000
    # One seat joins: it takes the 36000 antes, its own 6000 included.
    s = g.deal(seed=1)
    for action in ["join"] + ["pass"] * 5:
        s.apply(action)
    assert s.returns() == [-6000, 30000, -6000, -6000, -6000, -6000] and s.pot == 0
    # Random deals: every return is possible (a seat pays at most its ante and one penalty, and
    # wins at most the pot) and the chips are conserved.
    rng = random.Random(6000)
    for seed in range(200):
        s = finish_randomly(g.deal(seed=seed, dealer=seed % 6), rng)
        assert conserved(s), seed
        assert all(-2 * 6000 <= r <= 36000 - 6000 for r in s.returns()), (seed, s.returns())


def test_chips_overflow_match_next_deal():
    m = stich.Mistigri(stake=10000, deals=4).match(seed=1)
    for k in range(1, 5):
        s = m.next_deal()
        assert s.pot == 40000 * k
        while not s.is_terminal:
            s.apply("pass")
        m.record(s)
        assert m.pot == 40000 * k and m.chips == [25 - 10000 * k] * 4
    assert m.is_over


# ----- every numeric option at its extremes, through a whole match -------------------------------

EXTREMES = [
    ("players", 3), ("players", 6),
    ("chips", 0), ("chips", MAX_CHIPS),
    ("stake", 1), ("stake", MAX_CHIPS),
    ("deals", 1), ("deals", MAX_DEALS),
]
# All at once: the largest pot and the lowest chips a match can reach when nobody ever joins
# (6 * 30000 * 2500 = 4.5e8 in the pot).
ALL_AT_MAX = {"players": 6, "chips": MAX_CHIPS, "stake": MAX_CHIPS, "deals": MAX_DEALS}


def play_match(game, seed, policy) -> int:
    """Plays a whole match of `game`; checks the engine's chips, pot and side pot against a Python
    account after every deal; returns the number of deals."""
    rules = game._rules
    n, stake = game.num_players, rules.stake
    m = game.match(seed=seed)
    chips, carried = [rules.chips] * n, 0
    rng = random.Random(seed)
    while not m.is_over:
        s = m.next_deal()
        assert s.pot_in + s.side_pot_in == carried
        policy(s, rng)
        returns = s.returns()
        assert conserved(s) and s.pot >= 0 and s.side_pot >= 0
        assert all(r >= -2 * stake for r in returns), returns     # an ante and one penalty at most
        m.record(s)
        chips = [c + r for c, r in zip(chips, returns)]
        carried = s.pot + s.side_pot
        assert m.chips == chips and m.pot + m.side_pot == carried
        assert sum(chips) + carried == n * rules.chips
    if rules.deals:
        assert m.deals_played == rules.deals
    else:
        assert min(chips) <= 0
    return m.deals_played


def everybody_passes(state, rng) -> None:
    while not state.is_terminal:
        state.apply("pass")


def random_play(state, rng) -> None:
    finish_randomly(state, rng)


@pytest.mark.parametrize("monch", [False, True], ids=["mistigri", "monch"])
@pytest.mark.parametrize("option, value", EXTREMES + [("all", "max")], ids=lambda v: str(v))
def test_chips_extremes_through_a_match(option, value, monch):
    options = dict(ALL_AT_MAX) if option == "all" else {option: value}
    game = stich.Mistigri(monch=monch, **options)
    # Nobody joining grows the pot by every ante and pays nothing out: the pot's fastest growth.
    deals = play_match(game, seed=7, policy=everybody_passes)
    if option == "all":
        assert deals == MAX_DEALS
    # Random play moves chips between the seats; a match of the largest chips and smallest stake
    # would take millions of deals, so random play runs where a match ends soon.
    if (option, value) not in (("chips", MAX_CHIPS), ("stake", 1), ("deals", MAX_DEALS)) and option != "all":
        for seed in range(3):
            play_match(game, seed=seed, policy=random_play)


def test_chips_all_at_max_random_match():
    # Random play with every numeric option at its largest, over a bounded number of deals.
    game = stich.Mistigri(**dict(ALL_AT_MAX, deals=60))
    play_match(game, seed=11, policy=random_play)
    play_match(stich.Mistigri(monch=True, **dict(ALL_AT_MAX, deals=60)), seed=12, policy=random_play)


@pytest.mark.parametrize("monch", [False, True])
def test_chips_largest_pots_a_deal_accepts(monch):
    g = stich.Mistigri(players=6, stake=MAX_CHIPS, monch=monch)
    rng = random.Random(3)
    for seed in range(20):
        s = g.deal(seed=seed, dealer=seed % 6, pot=MAX_POT, side_pot=MAX_POT)
        assert s.pot + s.side_pot == 2 * MAX_POT + 6 * MAX_CHIPS
        finish_randomly(s, rng)
        assert conserved(s), seed
        assert all(-2 * MAX_CHIPS <= r <= 2 * MAX_POT + 6 * MAX_CHIPS for r in s.returns())
