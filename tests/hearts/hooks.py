"""Hooks of the shared tests (tests/helpers/hooks.py says what each is) for Hearts: the
configurations walked, and the rules its returns and deal lengths must keep (docs/adding-a-game.md)."""

from __future__ import annotations

import stich

# The defaults, and the other value of every option that changes play or the score, in two sets.
CONFIGS = [stich.Hearts(),
           stich.Hearts(pass_cards=False, no_pts_on_first_trick=False, can_lead_any_club=True, jd_bonus=True,
                        avoid_all_tricks_bonus=True, qs_breaks_hearts=False, can_lead_hearts_instead_of_qs=True),
           stich.Hearts(must_break_hearts=False, jd_bonus=True)]
SEEDS = range(60)
STAGED_PHASES: set[str] = set()
PHASES = {"pass", "play"}
# Every seat for itself (no teams); the bench positions cover the pass and the card play.
BENCH_PHASES = {"pass", "play"}
# A whole deal of 52 cards is far beyond a test's solve: the solver's tests start at four cards a hand.
SOLVE_MOST_CARDS = 4
SOLVED_ROWS = [({}, range(1, 5)), ({"jd_bonus": True, "avoid_all_tricks_bonus": True}, range(1, 4))]
SEARCH_CONFIGS = [stich.Hearts()]
SAMPLER_CONFIGS = [stich.Hearts(), stich.Hearts(can_lead_hearts_instead_of_qs=True, jd_bonus=True)]
POSITION_CONFIGS = [stich.Hearts(), stich.Hearts(pass_cards=False, can_lead_any_club=True)]
NOTATION_CONFIGS = CONFIGS
PICKLE_CONFIGS = CONFIGS[:2]
# A view pickles as the same bytes whatever the hidden cards (the passes it did not see included).
VIEWS_PICKLE_ALIKE = True
RL_VARIANTS = [{"pass_cards": False}, {"jd_bonus": True, "avoid_all_tricks_bonus": True}]
RECORD_VARIANTS = [{"pass_cards": False, "jd_bonus": True}]
MAX_CYCLES_SEEDS = [1, 2]
RL_TRAJECTORIES = ("625102de657135ca", "8de3b6790d2d0e7d")


def public_text(text):
    # H-13: the others see that a card was passed, not which.
    return "passes" if text.startswith("pass ") else text


OFFSET = {"hold": 0, "left": 1, "across": 2, "right": 3}   # the receiver is seat + OFFSET (H-2)


def seen_text(state, actor, seat, text):
    """H-13: once the passes are handed over, the receiver knows the cards its giver passed."""
    received = state.phase != "pass" and (actor + OFFSET[state.pass_direction]) % 4 == seat
    return text if received else public_text(text)


def truth(state, name):
    """The true content of a pass on its way (H-3): seat k's passed cards during the pass phase."""
    seat = int(name[len("pass"):])
    return state.passed[seat] if state.phase == "pass" else stich.CardSet([], deck="french52")


def check_returns(state, r):
    # H-9 .. H-12: 26 minus each seat's penalty points; the penalties of a deal add up to 26 (-10
    # with the jack, -5 a seat without a trick), or to 78 when a seat shoots the moon (0 for it).
    points = state.final_points
    assert r == [26 - p for p in points]
    jd = -10 if state.rules.jd_bonus else 0
    if state.shooter is not None:
        m = state.shooter
        assert points[m] in (0, jd) and all(points[s] in (26, 26 + jd) for s in range(4) if s != m)
        assert sum(points) == 78 + jd
    else:
        avoided = sum(1 for t in state.tricks_won if t == 0) if state.rules.avoid_all_tricks_bonus else 0
        assert sum(points) == 26 + jd - 5 * avoided
    assert sum(state.tricks_won) == 13 and all(0 <= x <= 36 for x in r)


def check_rows(a):
    # 104 less the deal's penalties: 78 (88 with the jack, +5 a seat without a trick), or 26 or 36
    # after a moon shot; each return 0..36.
    totals = a.sum(axis=1)
    assert (((totals >= 78) & (totals <= 103)) | (totals == 26) | (totals == 36)).all()
    assert (a >= 0).all() and (a <= 36).all()


def check_min_steps(game, state, steps):
    # 52 cards, the twelve passes unless the direction is hold, and the terminal state.
    assert steps == 53 + (12 if state.pass_direction != "hold" else 0)


def fixed_length(game):
    """Without the pass every deal is its 52 cards (test_invariants: walks of one length)."""
    return not game.options["pass_cards"]


def opening(state):
    """The search's tests: the passes, by the heuristic."""
    while not state.is_terminal and state.phase != "play":
        state.apply(state.heuristic_action(1))
