"""Bots and stich.play: legality, reproducibility, the heuristic's strength over random play, and
ISMCTS at 2,000 iterations over both, in every game (intervals printed; measured in docs/bots.md).

ISMCTS's margin over the heuristic (hundreds of deals) is marked slow; the fast run plays a few
dozen deals of the same searches: ISMCTS must beat random play by the margins of before and must not
be worse than the heuristic (the upper end of its 95% interval above 0: a search that played
badly, e.g. for the wrong side, fails)."""

from __future__ import annotations

import numpy as np
import pytest

import stich
from helpers.hooks import HOOKS, configs, ids

# Every registered game, in its hooks' SEARCH_CONFIGS (else its first configuration).
GAMES = configs("SEARCH_CONFIGS", first=1)
IDS = ids(GAMES)


def interval(x):
    return x.mean(), 1.96 * x.std(ddof=1) / np.sqrt(len(x))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_heuristic_actions_are_legal_everywhere(game):
    for seed in range(60):
        s = game.deal(seed=seed)
        while not s.is_terminal:
            a = s.heuristic_action(seed)
            assert a in s.legal_actions()
            s.apply(a)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_play_is_reproducible(game):
    bots = [stich.HeuristicBot() if i % 2 else stich.RandomBot() for i in range(game.num_players)]
    a = stich.play(game, bots, deals=30, seed=4)
    b = stich.play(game, bots, deals=30, seed=4)
    assert a.shape == (30, game.num_players) and np.array_equal(a, b)
    assert not np.array_equal(a, stich.play(game, bots, deals=30, seed=5))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_heuristic_beats_random(game):
    """Seats 0, 2, ... heuristic against random; the margin is far outside the interval."""
    n = game.num_players
    r = stich.play(game, [stich.HeuristicBot() if i % 2 == 0 else stich.RandomBot() for i in range(n)],
                   deals=1500, seed=1)
    mine = r[:, 0::2].mean(axis=1) - r[:, 1::2].mean(axis=1)
    mean, half = interval(mine)
    print(f"{game!r}: heuristic - random = {mean:.3f} +- {half:.3f}")
    assert mean - half > 0.2


# game, the searching seats' result per deal, deals against random play and the margin ISMCTS must
# beat it by (the full-size margins of before, on fewer deals), deals against the heuristic: each
# game's hooks' STRENGTH, where it has one
FAST_STRENGTH = {name: hooks.STRENGTH for name, hooks in HOOKS.items() if hasattr(hooks, "STRENGTH")}


@pytest.mark.parametrize("name", FAST_STRENGTH)
def test_ismcts_beats_random_and_is_not_worse_than_the_heuristic(name):
    """Few deals (the full-size claims against the heuristic below are slow): ISMCTS(2000) beats
    random play by the margin with 95% confidence, and the heuristic's lead over it, if any, is
    not significant."""
    game, result, random_deals, margin, heuristic_deals = FAST_STRENGTH[name]
    search = stich.IsmctsBot(iterations=2000)
    r = stich.play(game, [search, stich.RandomBot()] * (game.num_players // 2), deals=random_deals, seed=101)
    mean, half = interval(result(r).astype(float))
    print(f"{game!r} ISMCTS(2000) - random: {mean:.3f} +- {half:.3f} ({random_deals} deals)")
    assert mean - half > margin
    r = stich.play(game, [search, stich.HeuristicBot()] * (game.num_players // 2), deals=heuristic_deals, seed=101)
    mean, half = interval(result(r).astype(float))
    print(f"{game!r} ISMCTS(2000) - heuristic: {mean:.3f} +- {half:.3f} ({heuristic_deals} deals)")
    assert mean + half > 0


@pytest.mark.slow
def test_ismcts_beats_the_heuristic_in_couillon():
    """At full size (the fast test above has ISMCTS beat random play by the same margins as
    before): 300 deals, by 0.1 a deal with 95% confidence."""
    game = stich.Couillon()
    r = stich.play(game, [stich.IsmctsBot(iterations=2000), stich.HeuristicBot()] * 2, deals=300, seed=1)
    mean, half = interval(r[:, 0].astype(float))
    print(f"ISMCTS(2000) - HeuristicBot(): {mean:.3f} +- {half:.3f}")
    assert mean - half > 0.1


@pytest.mark.slow
def test_ismcts_beats_the_heuristic_in_mistigri():
    """Seats 0 and 2 search, seats 1 and 3 do not; compared per deal by their mean chip change:
    200 deals, by half a chip a deal with 95% confidence."""
    game = stich.Mistigri()
    r = stich.play(game, [stich.IsmctsBot(iterations=2000), stich.HeuristicBot()] * 2, deals=200, seed=1)
    diff = (r[:, 0] + r[:, 2]) / 2 - (r[:, 1] + r[:, 3]) / 2
    mean, half = interval(diff)
    print(f"Mistigri ISMCTS(2000) - HeuristicBot(): {mean:.3f} +- {half:.3f} chips a deal")
    assert mean - half > 0.5


@pytest.mark.slow
def test_ismcts_beats_the_heuristic_in_mucken():
    """Mucken's returns vary widely (doublings, Tout games), hence 1,200 deals, in which the search
    must beat the heuristic by a point a deal with 95% confidence (docs/bots.md: +1.6 .. +2.6 a
    deal, +- 0.7)."""
    game = stich.Mucken()
    r = stich.play(game, [stich.IsmctsBot(iterations=2000), stich.HeuristicBot()] * 2, deals=1200, seed=11)
    mean, half = interval(r[:, 0].astype(float))
    print(f"Mucken ISMCTS(2000) - HeuristicBot(): {mean:.3f} +- {half:.3f} a deal")
    assert mean - half > 1.0


def test_play_arguments():
    game = stich.Couillon()
    with pytest.raises(ValueError, match="needs 4 bots"):
        stich.play(game, [stich.RandomBot()] * 3)
    with pytest.raises(TypeError, match="bots must be stich bots"):
        stich.play(game, [stich.RandomBot()] * 3 + [lambda s: s.legal_actions()[0]])
    with pytest.raises(ValueError, match="exactly one budget"):
        stich.IsmctsBot()
    with pytest.raises(ValueError, match="number of deals"):
        stich.play(game, [stich.RandomBot()] * 4, deals=-1)


@pytest.mark.parametrize(("make", "error", "message"), [
    (lambda: stich.IsmctsBot(iterations=0), ValueError, "iterations must be an int >= 1"),
    (lambda: stich.IsmctsBot(iterations=10, threads=0), ValueError, "threads must be an int in 1.."),
    (lambda: stich.IsmctsBot(seconds=-1.0), ValueError, "seconds must be a number in"),
    (lambda: stich.IsmctsBot(iterations=10, c=-1.0), ValueError, "c must be a number in"),
    (lambda: stich.IsmctsBot(iterations=10, playout="greedy"), ValueError, "unknown playout 'greedy'; accepted: random, heuristic"),
    (lambda: stich.IsmctsBot(iterations=10, runs=0), ValueError, "runs must be an int in 1.."),
    (lambda: stich.IsmctsBot(iterations=10, others_before_play="bots"), ValueError,
     "unknown others_before_play 'bots'; accepted: heuristic, tree"),
    (lambda: stich.IsmctsBot(iterations=2.5), TypeError, "iterations must be an int"),
    (lambda: stich.PimcBot(worlds=0), ValueError, "worlds must be an int in 1.."),
    (lambda: stich.PimcBot(worlds=10, threads=0), ValueError, "threads must be an int in 1.."),
    (lambda: stich.PimcBot(seconds=0.0), ValueError, "seconds must be a number in"),
    (lambda: stich.PimcBot(worlds=2.5), TypeError, "worlds must be an int"),
])
def test_a_search_bot_refuses_bad_settings_when_made(make, error, message):
    # Checked by the core's own argument checks when the bot is made, not at its first move.
    with pytest.raises(error, match=message):
        make()


def test_search_bots_with_good_settings_are_made_and_play():
    game = stich.Euchre()
    bots = [stich.IsmctsBot(iterations=50, runs=2, playout="random"), stich.PimcBot(worlds=5, seconds=1.0)] * 2
    r = stich.play(game, bots, deals=1, seed=3)
    assert r.shape == (1, 4) and r.sum() == 0   # Euchre is zero-sum between the teams
