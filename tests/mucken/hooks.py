"""Hooks of the shared invariant tests (tests/common/test_invariants.py) for Mucken: the configurations
walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import numpy as np

import stich

CONFIGS = [
    stich.Mucken(), stich.Mucken(players=6), stich.Mucken(long_deck=True),
    stich.Mucken(if_all_pass="throw_in"), stich.Mucken(if_all_pass="must_play"),
    stich.Mucken(if_all_pass="one_point", ranking="wenz_over_muck", games=("Muck", "Wenz")),
    stich.Mucken(players=6, if_all_pass="must_play", ramsch_stichzwang=False, kontra_takes_over=False),
]
# Fewer random walks per configuration: deals are longer and there are seven configurations.
SEEDS = range(90)
STAGED_PHASES: set[str] = set()


# U-8 / U-9 / U-10 / U-11: every value a Mucken deal can be worth (no Bock in these walks):
# 2 or 3 (normal game), 7 (Schneider game), 10 (Tout), each doubled up to four times; Ramsch 2 or
# 4; Durchmarsch 10; one point 1; Sie the target.
MUCKEN_VALUES = {b << k for b in (2, 3, 7, 10) for k in range(5)} | {1, 2, 4, 10}


def check_returns(state, r):
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


def check_rows(a):
    assert (a.sum(axis=1) == 0).all()
    for s in range(a.shape[1]):
        assert (a[:, s] == a[:, s % 2]).all()
    assert (a[:, 0] == -a[:, 1]).all()
    assert set(np.abs(a[:, 0]).tolist()) <= MUCKEN_VALUES | {0, 21}


def check_min_steps(game, state, steps):
    n = state.num_players
    if state.game == "Sie":
        assert steps == 1           # shown at the deal: no action at all
    elif state.game == "thrown in":
        assert steps == n + 1       # everyone passed
    else:
        assert steps >= n + len(game.deck) + 1   # the auction, then every card


def choose(rng, state, legal):
    # Pass most of the time in the auction, so that the walks also reach Ramsch, the throw-in,
    # must-play and one-point games (U-9), which uniform choices among ten bids almost never do.
    if state.phase == "auction" and rng.random() < 0.75:
        return next(a for a in legal if a.text == "pass")
    return rng.choice(legal)


def check_finals(game, finals):
    # the walks reach both an announced game and what the game does when all pass (U-9)
    special = {"ramsch": "Ramsch", "throw_in": "thrown in", "must_play": "must-play",
               "one_point": "one point"}[game.options["if_all_pass"]]
    names = [f.game for f in finals]
    assert any(n.startswith(special) for n in names), names
    assert any(f.announcer is not None and not f.game.startswith(special) for f in finals)
