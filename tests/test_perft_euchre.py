"""Perft of Euchre (docs/rules/euchre.md, E-3 .. E-9): leaves of the full tree of legal actions.

Each row of PERFT_EUCHRE is a deal named by (options, seed, dealer) -- its cards are in
PERFT_DEALS -- the moves played from the deal's start (a bare card is the dealer's discard), a
depth in plies and the leaf count (a finished deal is one leaf). Every count is given both by the
engine's `stich.perft` and by a brute-force walk of OpenSpiel's euchre (pyspiel) dealt the same
cards, played the same moves (skipped where open_spiel is not installed).

| options                  | seed | dealer | moves                             | depth | leaves | covers                                   |
|--------------------------|-----:|-------:|-----------------------------------|------:|-------:|------------------------------------------|
|                          |    1 |      0 |                                   |    10 |   8348 | both rounds of bidding, into play        |
|                          |    2 |      3 |                                   |     9 |  16322 | order-ups and the dealer's discards      |
| stick_the_dealer=False   |    1 |      0 |                                   |     8 |   1879 | all pass: a leaf at depth 8              |
| allow_lone_defender=True |    2 |      3 |                                   |     9 |  15521 | the defenders asked to go alone          |
|                          |    2 |      3 | Hearts                            |     9 |  24360 | the dealer's discard                     |
| allow_lone_defender=True |    2 |      3 | pass pass pass pass pass Spades   |    10 |  38736 | second round, maker and defenders decide |
|                          |    1 |      0 | pass pass pass pass Hearts alone  |    15 |   5280 | a lone maker: three seats to the end     |
| allow_lone_defender=True |    1 |      0 | Spades CT alone alone             |    10 |    408 | lone maker against a lone defender       |
|                          |    2 |      3 | Hearts DT partner CK              |    12 |  38718 | mid-trick after a discard                |
| stick_the_dealer=False   |    2 |      3 | pass (seven times)                |     4 |    101 | the dealer may pass the last bid         |
|                          |    2 |      3 | pass (seven times)                |     4 |    100 | stick the dealer: no last pass           |

Reproduce a row: `s = stich.Euchre(**options).deal(seed=seed, dealer=dealer)`, `s.apply(m)` for
each move, `stich.perft(s, depth)`.
"""

import pytest

import stich

pytestmark = pytest.mark.rules

# (seed, dealer) -> the hands of seats 0..3, the upcard, the kitty.
PERFT_DEALS = {
    (1, 0): (("CT ST S9 H9 DA", "CA SQ HJ DK DT", "CK SA HQ HT DJ", "CQ C9 SK HA HK"), "SJ", "CJ DQ D9"),
    (2, 3): (("CK CQ HQ HT DJ", "SA SJ DK DQ D9", "CA CT C9 SQ HK", "CJ SK S9 DA DT"), "HA", "ST HJ H9"),
}

LONE = {"allow_lone_defender": True}
NO_STICK = {"stick_the_dealer": False}
SEVEN_PASSES = " ".join(["pass"] * 7)

# (options, seed, dealer, moves, depth, leaves)
PERFT_EUCHRE = [
    ({}, 1, 0, "", 10, 8348),
    ({}, 2, 3, "", 9, 16322),
    (NO_STICK, 1, 0, "", 8, 1879),
    (LONE, 2, 3, "", 9, 15521),
    ({}, 2, 3, "Hearts", 9, 24360),
    (LONE, 2, 3, "pass pass pass pass pass Spades", 10, 38736),
    ({}, 1, 0, "pass pass pass pass Hearts alone", 15, 5280),
    (LONE, 1, 0, "Spades CT alone alone", 10, 408),
    ({}, 2, 3, "Hearts DT partner CK", 12, 38718),
    (NO_STICK, 2, 3, SEVEN_PASSES, 4, 101),
    ({}, 2, 3, SEVEN_PASSES, 4, 100),
]

ROW_IDS = [f"{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}-seed{s}-dealer{d}-{len(m.split())}moves-depth{depth}"
           for o, s, d, m, depth, _ in PERFT_EUCHRE]

OPENSPIEL_TEXT = {"pass": "Pass", "alone": "Alone", "partner": "Partner"}


def start(options, seed, dealer, moves):
    s = stich.Euchre(**options).deal(seed=seed, dealer=dealer)
    for m in moves.split():
        s.apply(m)
    return s


def test_the_seeds_still_deal_the_pinned_cards():
    for (seed, dealer), (hands, upcard, kitty) in PERFT_DEALS.items():
        s = stich.Euchre().deal(seed=seed, dealer=dealer)
        assert tuple(str(s.hand(i)) for i in range(4)) == hands
        assert str(s.upcard) == upcard and s.kitty == stich.CardSet(f"{upcard} {kitty}")
        pinned = stich.Euchre().deal(seed=999, dealer=dealer, hands=hands, upcard=upcard, kitty=kitty)
        assert pinned == s


@pytest.mark.parametrize("options, seed, dealer, moves, depth, leaves", PERFT_EUCHRE, ids=ROW_IDS)
def test_perft_rows(options, seed, dealer, moves, depth, leaves):
    assert stich.perft(start(options, seed, dealer, moves), depth) == leaves


def openspiel_state(pyspiel, options, seed, dealer, moves):
    """OpenSpiel's euchre dealt the cards of PERFT_DEALS (its chance actions: the dealer, then card
    i to seat (dealer + i) % 4, then the upcard) and played the same moves."""
    hands, upcard, _ = PERFT_DEALS[(seed, dealer)]
    o = pyspiel.load_game("euchre", options).new_initial_state()
    o.apply_action(dealer)
    card = {o.action_to_string(pyspiel.PlayerId.CHANCE, a): a for a in range(24)}
    cards = [h.split() for h in hands]
    for i in range(20):
        o.apply_action(card[cards[(dealer + i) % 4][i // 4]])
    o.apply_action(card[upcard])
    for m in moves.split():
        legal = {o.action_to_string(o.current_player(), a): a for a in o.legal_actions()}
        o.apply_action(legal[OPENSPIEL_TEXT.get(m, m)])
    return o


def openspiel_perft(o, depth):
    if depth == 0 or o.is_terminal():
        return 1
    legal = o.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        child = o.clone()
        child.apply_action(a)
        total += openspiel_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("options, seed, dealer, moves, depth, leaves", PERFT_EUCHRE, ids=ROW_IDS)
def test_perft_rows_against_openspiel(options, seed, dealer, moves, depth, leaves):
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (no wheel for this platform)")
    assert openspiel_perft(openspiel_state(pyspiel, options, seed, dealer, moves), depth) == leaves
