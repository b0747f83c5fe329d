"""Differential test of Hearts (docs/rules/hearts.md, H-1 .. H-14) against OpenSpiel's hearts.

OpenSpiel is the oracle: each game is dealt by OpenSpiel's chance actions (the pass direction,
then card i to seat i % 4), the same hands and direction go to `stich.Hearts(...).deal(...)`, and
both engines then play the same actions in lock step. At every step the seat to act and the set of
legal actions are compared, mapped by meaning (H-14: a pass and a play are both named by their card
in OpenSpiel, `QS`; in stich `pass SQ` and `SQ`), and at the end the returns.

Every combination of OpenSpiel's eight parameters (256), GAMES_PER_COMBINATION games each (env
STICH_OPENSPIEL_GAMES, default 20): the first in the fast part, the rest in the slow part. The
actions are random; in every fourth game one seat plays its highest card and the others their
lowest, so that moon shots come up. Skipped where the `open_spiel` wheel is not installed. Seeded:
a failure is reproduced by running the test again, its message quotes the deal and the actions.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest

import stich
from helpers import fast_and_slow, skip_empty

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (no wheel for this platform)")

pytestmark = pytest.mark.rules

GAMES_PER_COMBINATION = int(os.environ.get("STICH_OPENSPIEL_GAMES", "20"))
FAST_GAMES = 1   # of GAMES_PER_COMBINATION, in the fast part

PARAMETERS = ["pass_cards", "no_pts_on_first_trick", "can_lead_any_club", "jd_bonus", "avoid_all_tricks_bonus",
              "qs_breaks_hearts", "must_break_hearts", "can_lead_hearts_instead_of_qs"]
COMBINATIONS = [dict(zip(PARAMETERS, values)) for values in itertools.product([False, True], repeat=len(PARAMETERS))]
DIRECTIONS = {0: "hold", 1: "left", 2: "across", 3: "right"}   # OpenSpiel's pass direction actions (H-14)
RANKS = "23456789TJQKA"


def card(text: str) -> str:
    """The stich text of an OpenSpiel card text ("QS" -> "SQ")."""
    return str(stich.Card(text, "french52"))


def meaning(action) -> str:
    """A stich action by what it does to the cards: its card ("pass SQ" -> "SQ"; the phase tells a
    pass from a play in both engines)."""
    return action.text.split()[-1]


def play_one(params, seed):
    """Plays one game in lock step; returns None, or a message naming the first difference."""
    rng = random.Random(seed)
    o = pyspiel.load_game("hearts", params).new_initial_state()
    direction = rng.choice(o.legal_actions())
    o.apply_action(direction)
    hands = [[] for _ in range(4)]
    for i in range(52):
        a = rng.choice(o.legal_actions())
        hands[i % 4].append(card(o.action_to_string(pyspiel.PlayerId.CHANCE, a)))
        o.apply_action(a)
    s = stich.Hearts(**params).deal(seed=seed, dealer=seed % 4, hands=[" ".join(h) for h in hands],
                                    pass_direction=DIRECTIONS[direction])
    where = f"seed {seed}: Hearts(**{params}).deal(hands={hands}, pass_direction={DIRECTIONS[direction]!r}); actions "
    done = []
    greedy = seed % 4 if seed % 4 == 3 else None
    while True:
        player = None if o.is_terminal() else o.current_player()
        if s.current_player != player:
            return f"{where}{done}: seat to act {s.current_player} (stich) vs {player} (OpenSpiel)"
        if o.is_terminal():
            break
        os_legal = {card(o.action_to_string(player, a)): a for a in o.legal_actions()}
        legal = {meaning(a): a for a in s.legal_actions()}
        if set(legal) != set(os_legal):
            return f"{where}{done}: legal {sorted(legal)} (stich) vs {sorted(os_legal)} (OpenSpiel)"
        names = sorted(os_legal)
        if greedy is not None and s.phase == "play":
            by_rank = sorted(names, key=lambda c: RANKS.index(c[1]))
            choice = by_rank[-1] if player == greedy else by_rank[0]
        else:
            choice = rng.choice(names)
        done.append(legal[choice].text)
        o.apply_action(os_legal[choice])
        s.apply(legal[choice])
    if [float(r) for r in s.returns()] != list(o.returns()):
        return f"{where}{done}: returns {s.returns()} (stich) vs {o.returns()} (OpenSpiel)"
    return None


@pytest.mark.parametrize("part", fast_and_slow(GAMES_PER_COMBINATION, FAST_GAMES))
def test_games_agree_with_openspiel(part):
    """Every combination of the parameters: games 0 .. FAST_GAMES - 1 of each in the fast part,
    the rest up to GAMES_PER_COMBINATION in the slow part."""
    start = 0 if part[0] == "fast" else FAST_GAMES
    failures = []
    for k, params in enumerate(COMBINATIONS):
        for i in range(start, start + skip_empty(part)):
            message = play_one(params, 1000 * k + i)
            if message:
                failures.append(message)
                if len(failures) == 5:
                    break
    assert not failures, "\n".join(failures)


def test_openspiel_numbers_the_directions_as_stich_reads_them():
    """H-14: OpenSpiel's chance actions 0 .. 3 of the pass direction are hold, left, across, right."""
    o = pyspiel.load_game("hearts").new_initial_state()
    assert [o.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in o.legal_actions()] == ["No Pass", "Left", "Across", "Right"]
    assert [DIRECTIONS[a] for a in o.legal_actions()] == ["hold", "left", "across", "right"]
    o = pyspiel.load_game("hearts", {"pass_cards": False}).new_initial_state()
    assert o.legal_actions() == [0]


def test_the_parameters_and_defaults_are_openspiels():
    """stich.Hearts's options are OpenSpiel's hearts parameters, with the same defaults."""
    params = pyspiel.load_game("hearts").get_parameters()
    assert set(params) == set(stich.Hearts.OPTIONS) == set(PARAMETERS)
    assert {k: o.default for k, o in stich.Hearts.OPTIONS.items()} == params
