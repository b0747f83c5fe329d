"""Hooks of the shared invariant tests (tests/common/test_invariants.py) for Mistigri: the configurations
walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import stich

CONFIGS = [
    stich.Mistigri(), stich.Mistigri(players=3), stich.Mistigri(monch=True),
    stich.Mistigri(players=6, deck="french52", club_law=True, stake=3),
]
SEEDS = range(90)
STAGED_PHASES: set[str] = set()
# The bench positions cover these kinds of decision (tests/common/test_cli.py).
BENCH_PHASES = {"bid", "exchange", "play"}
# A deal may end before its card play (nobody joins, M-4).
ENDS_BEFORE_PLAY = True
# The pickling tests (tests/common/test_pickle.py): configurations; a resampled world after another
# seat's exchange does not pickle.
PICKLE_CONFIGS = [stich.Mistigri(), stich.Mistigri(players=3, monch=True),
                  stich.Mistigri(players=6, deck="french52", monch=True, club_law=True)]
WORLDS_REFUSED_BY_PICKLE = True
# A view counts worlds play never reaches (a hand that was a flush when the exchange ended, M-7):
# the exact analysis weighs fewer worlds than count_worlds() (tests/common/test_solve.py).
WORLDS_PLAY_EXCLUDES = True
# The notation's tests (tests/common/test_notation.py): configurations, and every decision phase.
NOTATION_CONFIGS = [stich.Mistigri(players=3), stich.Mistigri(players=4), stich.Mistigri(monch=True),
                    stich.Mistigri(monch=True, players=6, club_law=True)]
PHASES = {"bid", "exchange", "play"}
# The position notation's tests (tests/common/test_positions.py): configurations, (configuration,
# low, high) of the rebuilt worlds' uniformity test, and the configurations whose positions take
# seconds each (six seats sample slowly): in the slow part.
POSITION_CONFIGS = [stich.Mistigri(players=3), stich.Mistigri(players=6, monch=True), stich.Mistigri(monch=True)]
POSITION_WORLDS = [(stich.Mistigri(players=3), 6, 40), (stich.Mistigri(monch=True), 6, 60)]
SLOW_CONFIGS = [stich.Mistigri(players=6, monch=True), stich.Mistigri(players=6, deck="french52", monch=True, club_law=True)]
# The search output's test (tests/common/test_search_output.py): the example position's tally bounds.
EXAMPLE_TALLY = (0, 5, None)
# The thread-agreement test (tests/common/test_search.py): the budget at which the example position's best move is clear
# (at 200k "discard EZ G8" and "discard EZ G8 GO" are within 2% of each other's visits, and the seeds split between them).
EXAMPLE_ITERATIONS = 1_000_000
# The world sampler's brute-force check (tests/common/test_sampler.py).
SAMPLER_CONFIGS = [stich.Mistigri(players=3), stich.Mistigri(monch=True)]
# The records' tests (tests/common/test_records.py): option sets besides the defaults.
RECORD_VARIANTS = [{"players": 6}, {"monch": True}]
# The solved-position table (tools/solved_table.py): (options, deal seeds).
SOLVED_ROWS = [({}, range(1, 7)), ({"players": 3}, range(1, 4)), ({"monch": True}, range(1, 4))]

# The search's and bots' tests (tests/common/test_search.py, test_bots.py) and the bots' fast
# strength test: the searching seats' mean chips against the others', by three chips a deal.
SEARCH_CONFIGS = [stich.Mistigri(), stich.Mistigri(monch=True)]
STRENGTH = (stich.Mistigri(), lambda r: (r[:, 0] + r[:, 2]) / 2 - (r[:, 1] + r[:, 3]) / 2, 40, 3.0, 60)

# The learning interface's tests (tests/common/test_rl.py): option sets that change the game's shape
# or add phases, walked besides the defaults; deal seeds whose first turns cycle through the seats
# (PettingZoo's max_cycles test); the pinned vector-environment trajectory digests (seat None, seat 1).
RL_VARIANTS = [{"players": 6}, {"monch": True}]
MAX_CYCLES_SEEDS = [4, 9]
RL_TRAJECTORIES = ("9af3f1d9f40da900", "8ca22e324ccd1c61")
# The exchange is taken in fixed steps, a card at a time (the core's MistigriState::FIXED_STEPS).
FIXED_STEPS = True

# The solver's tests (tests/common/test_solve.py): these configurations instead of CONFIGS, and
# for card-play positions with few worlds six seats (the talon keeps the worlds many unless six
# seats join and the exchange empties it).
SOLVE_CONFIGS = [stich.Mistigri(), stich.Mistigri(players=3), stich.Mistigri(monch=True),
                 stich.Mistigri(players=5, deck="french52")]
FEW_WORLDS_CONFIGS = [stich.Mistigri(players=6)]


def check_returns(state, r):
    # G-4 / M-3 / M-10: each seat's chip change; the pot (and side pot) absorb the rest exactly.
    stake = state.rules.stake
    assert sum(r) == state.pot_in + state.side_pot_in - state.pot - state.side_pot
    assert min(r) >= -2 * stake                      # the ante and one penalty (or the Mönch rearhand)
    passed = [s for s in range(state.num_players) if s not in state.joined]
    if state.outcome != "nobody joined":
        assert all(r[s] == -stake for s in passed)   # a seat that passed pays only its ante
    if state.outcome == "played":
        assert sum(state.tricks_won) == 5


def check_rows(a):
    assert (a.sum(axis=1) <= 0).all()                # from an empty pot, the pot only gains
    assert (a >= -2 * 5).all()                       # ante and one penalty; every stake in GAMES is <= 5


def check_min_steps(game, state, steps):
    assert steps >= state.num_players + 1            # everyone bids at least


def public_text(text):
    # M-6: the others see only how many cards a seat exchanged.
    return f"discards {len(text.split()) - 1}" if text.startswith("discard ") else text


def truth(state, name):
    """The true content of a location after the seats: the talon in draw order, and every seat's
    discards not yet reshuffled (M-6)."""
    if name == "talon":
        return stich.CardSet(state.talon)
    return stich.CardSet([c for seat in range(state.num_players) for c in state.discards(seat)])


def opening(state):
    """The search's tests (tests/common/test_search.py): a normal game to play out, everyone in
    and keeping."""
    while not state.is_terminal and state.phase != "play":
        texts = [str(a) for a in state.legal_actions()]
        for wanted in ("join", "keep", "pass"):
            if wanted in texts:
                state.apply(wanted)
                break
        else:
            state.apply(texts[0])


def sits_out(state, seat):
    """A seat that passed sits the card play out (M-4): the notation's void tests skip it as an observer."""
    return seat not in state.joined


def random_deal_args(rng, i):
    """The notation's random positions (tests/common/test_notation.py): a random pot and side pot."""
    return {"pot": rng.randrange(0, 60), "side_pot": rng.randrange(0, 12)}
