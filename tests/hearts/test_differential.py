"""Differential test: the C++ engine's Hearts against the pure-Python reference
(tests/reference/hearts.py, written from docs/rules/hearts.md), in lock step over random deals.

At every step the seat to act, is_terminal and the legal action texts agree; along the way the
hands, the trick, the penalty points and hearts broken; at the end the returns, the final penalty
points and the shooter. Deals: env STICH_DIFF_DEALS (default 2500), spread over OPTION_SETS (every
option changed somewhere, the play-changing ones in all their combinations); FAST_DEALS (300) of
them in the fast part, the rest in the slow part. Seeded: a failure is reproduced by running the
test again, its message quotes the deal.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest

import stich
from helpers import fast_and_slow, skip_empty
from helpers.lockstep import play_lockstep
from reference.hearts import RefHearts

pytestmark = pytest.mark.rules

N_DEALS = int(os.environ.get("STICH_DIFF_DEALS", "2500"))
FAST_DEALS = 300

PLAY_OPTIONS = ["pass_cards", "no_pts_on_first_trick", "can_lead_any_club", "qs_breaks_hearts", "must_break_hearts",
                "can_lead_hearts_instead_of_qs"]
SCORE_OPTIONS = ["jd_bonus", "avoid_all_tricks_bonus"]
# Every combination of the options that change play, each with the score options of its index.
OPTION_SETS = [{**dict(zip(PLAY_OPTIONS, play)), **dict(zip(SCORE_OPTIONS, divmod(i % 4, 2)))}
               for i, play in enumerate(itertools.product([False, True], repeat=len(PLAY_OPTIONS)))]
OPTION_SETS = [{k: bool(v) for k, v in o.items()} for o in OPTION_SETS]
DIRECTIONS = ["hold", "left", "across", "right"]


def _check(lock, seat, names):
    s, r = lock.state, lock.ref
    lock.same([str(s.hand(k)).split() for k in range(4)], [sorted(h, key=lambda c: ("CSHD".index(c[0]), -"23456789TJQKA".index(c[1])))
                                                          for h in r.hands], "hands")
    lock.same([str(c) for c in s.trick], [c for _, c in r.trick], "trick")
    lock.same(s.points, [r.penalty(k) for k in range(4)], "penalty points")
    if s.phase == "play":
        lock.same(s.hearts_broken, r.broken, "hearts broken")


def _finish(lock):
    s, r = lock.state, lock.ref
    lock.same(s.returns(), r.returns(), "returns")
    lock.same(s.final_points, r.final_penalties(), "final penalty points")
    takers = [k for k in range(4) if any(c[0] == "H" or c == "SQ" for c in r.won[k])]
    lock.same(s.shooter, takers[0] if len(takers) == 1 else None, "shooter")


def chooser(seed, rng):
    """Random actions; in every fourth deal seat seed % 4 plays its highest legal card and the
    others their lowest, so that moon shots (H-10) and seats without a trick come up."""
    greedy = seed % 4

    def choose(ref, names):
        if seed % 4 != 3 or ref.phase != "play":
            return rng.choice(names)
        by_rank = sorted(names, key=lambda c: "23456789TJQKA".index(c[1]))
        return by_rank[-1] if ref.to_act == greedy else by_rank[0]
    return choose


def _hands(seed):
    deck = [str(c) for c in stich.Deck("french52")]
    random.Random(seed).shuffle(deck)
    return [deck[13 * k:13 * k + 13] for k in range(4)]


def _direction(seed, options):
    return DIRECTIONS[seed * 7 % 4] if options["pass_cards"] else "hold"


def play_one(seed, options):
    """One deal in lock step; returns the action texts played."""
    rng = random.Random(seed)
    hands, direction = _hands(seed), _direction(seed, options)
    state = stich.Hearts(**options).deal(seed=seed, dealer=seed % 4, hands=[" ".join(h) for h in hands], pass_direction=direction)
    ref = RefHearts(hands, direction, **options)
    label = f"stich.Hearts(**{options}).deal(seed={seed}, dealer={seed % 4}, hands={hands}, pass_direction={direction!r})"
    return play_lockstep(state, ref, chooser(seed, rng), label, as_action=lambda step: step % 2 == 0,
                         check=_check, finish=_finish)


@pytest.mark.parametrize("part", fast_and_slow(N_DEALS, FAST_DEALS))
def test_deals_agree_with_the_reference(part):
    count = skip_empty(part)
    base = 0 if part[0] == "fast" else 10**6
    for i in range(count):
        play_one(base + i, OPTION_SETS[i % len(OPTION_SETS)])


def test_the_walks_reach_every_rule():
    """The deals of the fast part cover what the comparison is about: every pass direction, moon
    shots, seats without a trick, a heart led before hearts were broken from a hand of hearts."""
    seen = set()
    for i in range(FAST_DEALS):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        history = play_one(i, options)
        s = stich.Hearts(**options).deal(seed=i, dealer=i % 4, hands=[" ".join(h) for h in _hands(i)], pass_direction=_direction(i,
                                                                                                                                 options))
        for text in history:
            if s.phase == "play" and len(s.trick) == 0 and not s.hearts_broken and text[0] == "H":
                seen.add("unbroken heart lead")
            s.apply(text)
        seen.add("direction " + s.pass_direction)
        seen.add("moon" if s.shooter is not None else "no moon")
        if 0 in s.tricks_won:
            seen.add("no trick")
    assert {"direction " + d for d in DIRECTIONS} | {"moon", "no moon", "no trick", "unbroken heart lead"} <= seen, seen
