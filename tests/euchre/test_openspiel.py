"""Differential test of Euchre (docs/rules/euchre.md, E-1 .. E-12) against OpenSpiel's euchre.

OpenSpiel is the oracle: each game is dealt by OpenSpiel's chance actions (dealer, twenty cards,
the upcard), the same hands, upcard and dealer go to `stich.Euchre().deal(...)`, and both engines
then play the same random actions in lock step. At every step the seat to act and the set of
legal actions are compared (mapped by meaning: cards and the dealer's discard by card text, bids
by name), and at the end the returns.

Games: env STICH_DIFF_DEALS (default 2500) for each of the four option combinations, the first
FAST_GAMES (300) in the fast part and the rest in the slow part (marked slow). Skipped
where the `open_spiel` wheel is not installed (it is part of the `test` extra where a wheel exists).
All randomness is seeded, so a failure is reproduced by running the test again; the message
quotes the deal and the actions.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest

import stich
from helpers import fast_and_slow, skip_empty
from helpers.play import texts

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (no wheel for this platform)")

pytestmark = pytest.mark.rules

N_GAMES = int(os.environ.get("STICH_DIFF_DEALS", "2500"))    # per option combination
FAST_GAMES = 300                                              # of N_GAMES, in the fast part

COMBINATIONS = list(itertools.product([False, True], [False, True]))   # (allow_lone_defender, stick_the_dealer)

# stich's action texts as OpenSpiel writes them (cards are the same text in both: suit, then rank).
BIDS = {"pass": "Pass", "Clubs": "Clubs", "Spades": "Spades", "Hearts": "Hearts", "Diamonds": "Diamonds",
        "alone": "Alone", "partner": "Partner"}


def openspiel_text(text: str) -> str:
    if text in BIDS:
        return BIDS[text]
    if text.startswith("discard "):
        return text.split()[1]   # E-4: OpenSpiel's discard is the card itself
    return text


def os_deal(game, rng):
    """Applies OpenSpiel's chance actions at random: (state, dealer, hands as texts, upcard text)."""
    s = game.new_initial_state()
    dealer = rng.randrange(4)
    s.apply_action(dealer)
    hands = [[] for _ in range(4)]
    for i in range(20):
        card = rng.choice(s.legal_actions())
        hands[(dealer + i) % 4].append(s.action_to_string(pyspiel.PlayerId.CHANCE, card))
        s.apply_action(card)
    upcard = rng.choice(s.legal_actions())
    upcard_text = s.action_to_string(pyspiel.PlayerId.CHANCE, upcard)
    s.apply_action(upcard)
    return s, dealer, [" ".join(h) for h in hands], upcard_text


def choose(rng, texts):
    """A random action; a pass half of the time where one is legal, so that the second round and
    all passing (1 in 256 deals, without stick-the-dealer) come up often."""
    if ("Pass" in texts or "pass" in texts) and rng.random() < 0.5:
        return "Pass" if "Pass" in texts else "pass"
    return rng.choice(texts)


def play_one(os_game, game, seed):
    """Plays one game in lock step; returns None, or a message naming the first difference."""
    rng = random.Random(seed)
    o, dealer, hands, upcard = os_deal(os_game, rng)
    s = game.deal(seed=seed, dealer=dealer, hands=hands, upcard=upcard)
    where = f"seed {seed}: deal(dealer={dealer}, hands={hands}, upcard={upcard!r}); actions "
    done = []
    while True:
        os_player = o.current_player()
        player = None if o.is_terminal() else os_player
        if s.current_player != player:
            return f"{where}{done}: seat to act {s.current_player} (stich) vs {player} (OpenSpiel)"
        if o.is_terminal():
            break
        os_legal = {o.action_to_string(os_player, a): a for a in o.legal_actions()}
        legal = {openspiel_text(a.text): a for a in s.legal_actions()}
        if set(legal) != set(os_legal):
            return f"{where}{done}: legal {sorted(legal)} (stich) vs {sorted(os_legal)} (OpenSpiel)"
        text = choose(rng, sorted(os_legal))
        done.append(legal[text].text)
        o.apply_action(os_legal[text])
        s.apply(legal[text])
    if s.returns() != [int(r) for r in o.returns()] or o.returns() != [float(r) for r in s.returns()]:
        return f"{where}{done}: returns {s.returns()} (stich) vs {o.returns()} (OpenSpiel)"
    return None


@pytest.mark.parametrize("allow_lone_defender, stick_the_dealer", COMBINATIONS,
                         ids=[f"lone_defender={a}-stick={b}" for a, b in COMBINATIONS])
@pytest.mark.parametrize("part", fast_and_slow(N_GAMES, FAST_GAMES))
def test_games_agree_with_openspiel(part, allow_lone_defender, stick_the_dealer):
    """Games 0 .. FAST_GAMES - 1 of the combination in the fast part, the rest up to N_GAMES in
    the slow part."""
    start = 0 if part[0] == "fast" else N_GAMES - part[1]
    games = range(start, start + skip_empty(part))
    os_game = pyspiel.load_game("euchre", {"allow_lone_defender": allow_lone_defender,
                                           "stick_the_dealer": stick_the_dealer})
    game = stich.Euchre(allow_lone_defender=allow_lone_defender, stick_the_dealer=stick_the_dealer)
    base = 1_000_003 * (2 * allow_lone_defender + stick_the_dealer)
    failures = []
    for i in games:
        message = play_one(os_game, game, base + i)
        if message:
            failures.append(message)
            if len(failures) == 5:
                break
    assert not failures, "\n".join(failures)


def test_the_walks_reach_every_rule():
    # The random games cover what the comparison is about: both rounds, going alone, the lone
    # defender, all passing without stick-the-dealer, and every makers' score (E-10).
    seen = set()
    for allow, stick in COMBINATIONS:
        game = stich.Euchre(allow_lone_defender=allow, stick_the_dealer=stick)
        for seed in range(3000):
            rng = random.Random(seed)
            s = game.deal(seed=seed, dealer=seed % 4)
            while not s.is_terminal:
                s.apply(choose(rng, texts(s)))
            seen.add(("score", s.makers_score))
            seen.add(("round", "first" if s.upcard_taken else "second" if s.declarer is not None else "none"))
            seen.add(("alone", s.declarer_alone, s.lone_defender is not None))
    assert {("score", v) for v in (-4, -2, 0, 1, 2, 4)} <= seen, seen
    assert {("round", r) for r in ("first", "second", "none")} <= seen
    assert {("alone", a, d) for a in (False, True) for d in (False, True)} <= seen
