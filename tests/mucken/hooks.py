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
# The bench positions cover these kinds of decision (tests/common/test_cli.py).
BENCH_PHASES = {"auction", "doubling", "play"}
# The pickling tests (tests/common/test_pickle.py): configurations; a view pickles as the same bytes
# whatever the hidden cards.
PICKLE_CONFIGS = [stich.Mucken(), stich.Mucken(players=6), stich.Mucken(long_deck=True, if_all_pass="must_play")]
VIEWS_PICKLE_ALIKE = True
# The notation's tests (tests/common/test_notation.py): configurations, and every decision phase.
NOTATION_CONFIGS = [stich.Mucken(), stich.Mucken(players=6), stich.Mucken(long_deck=True), stich.Mucken(if_all_pass="must_play"),
                    stich.Mucken(if_all_pass="one_point"),
                    stich.Mucken(if_all_pass="throw_in", ranking="wenz_over_muck", target=31)]
PHASES = {"auction", "doubling", "play"}
# The position notation's tests (tests/common/test_positions.py): configurations, and (configuration,
# low, high) of the rebuilt worlds' uniformity test.
POSITION_CONFIGS = [stich.Mucken(), stich.Mucken(players=6, if_all_pass="must_play"), stich.Mucken(if_all_pass="one_point")]
POSITION_WORLDS = [(stich.Mucken(), 6, 40), (stich.Mucken(players=6, if_all_pass="must_play"), 6, 60),
                   (stich.Mucken(if_all_pass="one_point"), 6, 40)]
# The search output's test (tests/common/test_search_output.py): the example position's tally bounds and a line it shows.
EXAMPLE_TALLY = (9, 120, "seats 0+2: 1 trick, 9 eyes")
# The thread-agreement test (tests/common/test_search.py): the budget at which the example position's best move is clear.
EXAMPLE_ITERATIONS = 200_000
# The world sampler's brute-force check (tests/common/test_sampler.py).
SAMPLER_CONFIGS = [stich.Mucken(), stich.Mucken(players=6), stich.Mucken(if_all_pass="ramsch")]
# The records' tests (tests/common/test_records.py): option sets besides the defaults.
RECORD_VARIANTS = [{"players": 6}, {"long_deck": True, "target": 31}]
# The solved-position table (tools/solved_table.py): (options, deal seeds).
SOLVED_ROWS = [({}, range(1, 7)), ({"players": 6}, range(1, 4)), ({"if_all_pass": "must_play"}, range(1, 4))]
# Two teams, seat % 2, zero-sum between them (partners maximise together in the search's tests).
TEAMS = True

# The search's and bots' tests (tests/common/test_search.py, test_bots.py) and the bots' fast
# strength test: ISMCTS(2000) must beat random play by 50 points a deal.
SEARCH_CONFIGS = [stich.Mucken(), stich.Mucken(players=6)]
STRENGTH = (stich.Mucken(), lambda r: r[:, 0], 40, 50.0, 100)

# The learning interface's tests (tests/common/test_rl.py): option sets that change the game's shape
# or add phases, walked besides the defaults; deal seeds whose first turns cycle through the seats
# (PettingZoo's max_cycles test); the pinned vector-environment trajectory digests (seat None, seat 1).
RL_VARIANTS = [{"players": 6}, {"long_deck": True}]
MAX_CYCLES_SEEDS = [0, 2]
RL_TRAJECTORIES = ("055728526fe6e341", "5cae4f6dc3f9c234")

# The solver's tests (tests/common/test_solve.py): these configurations instead of CONFIGS.
SOLVE_CONFIGS = [stich.Mucken(), stich.Mucken(players=6), stich.Mucken(long_deck=True),
                 stich.Mucken(if_all_pass="must_play"), stich.Mucken(if_all_pass="one_point"),
                 stich.Mucken(ramsch_stichzwang=False, ramsch_double=False)]


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


def opening(state):
    """The search's tests (tests/common/test_search.py): a normal game to play out, plain Muck."""
    while not state.is_terminal and state.phase != "play":
        texts = [str(a) for a in state.legal_actions()]
        for wanted in ("Muck", "pass"):
            if wanted in texts and not (wanted == "pass" and "Muck" in texts and state.phase == "auction"
                                        and state.auction_holder is None):
                state.apply(wanted)
                break
        else:
            state.apply(texts[0])


def random_deal_args(rng, i):
    """The notation's random positions (tests/common/test_notation.py): Bock in one deal of four."""
    return {"bock": i % 4 == 0}
