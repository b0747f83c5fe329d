"""One test (or a few) per ruling for Couillon with Mit (C-1 .. C-6, docs/rules/couillon.md) and for
the rulings shared by all games (G-1 .. G-4, docs/rules/README.md), through the public Python API.

Situations are forced with constructed deals (``deal(hands=[...])`` pins every seat's cards in
deal order, so the talon is what is left). Every expected number below was worked out by hand.
Seats: dealer d, forehand (d+1) % 4, teams seat % 2.
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

import stich
from helpers.random_play import finish_randomly
from helpers.play import cs as cards_in, play, rotated, texts, view_key

pytestmark = pytest.mark.rules

GAME = stich.Couillon()
DOUBLES = stich.Couillon(kontra_doubles=True)
FRENCH24 = stich.Deck("french24")
cs = functools.partial(cards_in, deck="french24")
ACTIONS_TRUMP = ["Clubs", "Spades", "Hearts", "Diamonds", "reveal"]


# ----- helpers ----------------------------------------------------------------------------------

def returns_from_moves(moves: list[int]) -> list[int]:
    return [moves[1 - s % 2] - moves[s % 2] for s in range(4)]


# Dealer 0, forehand 1. Team 1 (seats 1+3) holds every club, SA SK SQ and HA: whatever anybody
# plays, team 1 takes all five tricks. The talon is DQ DJ DT D9 (3 points), so team 1 takes 37.
# The Mit (SQ) is with seat 3. Kontra speakers (team 0 from forehand): 2, 0; Re speakers: 1, 3.
SWEEP = ["SJ ST S9 HK HQ", "CA CK CQ SA SK", "HJ HT H9 DA DK", "CJ CT C9 SQ HA"]

# Dealer 3, forehand 0 (team 0); the dealer's team is team 1. Scripted below: team 1 wins 25-12
# with four tricks. Seat 0's fifth card is HQ.
DEALER_RULE = ["DA ST S9 HK HQ", "CA CK CQ SA SK", "HJ HT H9 SJ DK", "CJ CT C9 SQ HA"]
DEALER_RULE_PLAY = [
    "DA", "SK", "DK", "SQ",   # seat 0 wins 12 (the undeclared SQ is a plain spade)
    "S9", "SA", "SJ", "HA",   # seat 1 wins 9
    "CA", "H9", "C9", "HQ",   # seat 1 wins 6
    "CK", "HT", "CT", "HK",   # seat 1 wins 6
    "CQ", "HJ", "CJ", "ST",   # seat 1 wins 4
]
# The same situation with seat 0's fifth card a club, so that a reveal makes clubs trump.
REVEAL_RULE = ["DA ST S9 HK C9", "CA CK CQ SA SK", "HJ HT H9 SJ DK", "CJ CT HQ SQ HA"]
REVEAL_RULE_PLAY = [
    "DA", "SK", "DK", "SQ",   # seat 0 wins 12
    "S9", "SA", "SJ", "HA",   # seat 1 wins 9
    "CA", "H9", "CT", "C9",   # seat 1 wins 4 (seat 0 must play its only trump)
    "CK", "HT", "CJ", "HK",   # seat 1 wins 7
    "CQ", "HJ", "HQ", "ST",   # seat 1 wins 5
]

# Dealer 0, forehand 1, Hearts named, Mit with seat 1 (passed): 20-20, talon HT H9 DT D9 (0 points).
TIE = ["CQ SK DK HK CT", "CJ SQ DQ HQ ST", "CA SA DJ HJ S9", "CK SJ DA HA C9"]
TIE_PLAY = [
    "CJ", "CA", "CK", "CQ",   # seat 2 wins 10
    "SA", "SJ", "SK", "SQ",   # seat 2 wins 10
    "DJ", "DA", "DK", "DQ",   # seat 3 wins 10
    "HA", "HK", "HQ", "HJ",   # seat 3 wins 10
    "C9", "CT", "ST", "S9",   # seat 0 wins 0
]
# A 20-20 deal with the Mit declared (by seat 1), Kontra (seat 2) and Re (seat 1).
TIE_MIT = ["CQ SK DA HK CT", "CJ SQ DQ HQ ST", "CA SA DJ HJ S9", "CK SJ DK HA C9"]
TIE_MIT_PLAY = [
    "CJ", "CA", "CK", "CQ",   # seat 2 wins 10
    "SA", "SJ", "SK", "SQ",   # the Mit is a trump: seat 1 wins 10
    "DQ", "DJ", "DK", "DA",   # seat 0 wins 10
    "HK", "HQ", "HJ", "HA",   # seat 3 wins 10
    "C9", "CT", "ST", "S9",   # seat 0 wins 0
]


# ----- G-1: card text follows the game's deck ---------------------------------------------------

def test_G_1_couillon_reads_french_letters():
    s = GAME.deal(seed=1, hands=["SA SQ", "CT HJ", "D9", ""])
    # S is spades in Couillon (suit lane 1), not Schellen (lane 3): SA = 1*16+14, SQ = 1*16+12.
    assert {30, 28} <= {c.id for c in s.hand(0)}
    assert {10, 2 * 16 + 11} <= {c.id for c in s.hand(1)}
    assert 3 * 16 + 9 in {c.id for c in s.hand(2)}
    assert all(c.alphabet == stich.Alphabet.FRENCH for seat in range(4) for c in s.hand(seat))
    assert {"SA", "SQ"} <= set(str(s.hand(0)).split())


def test_G_1_couillon_rejects_german_letters():
    with pytest.raises(ValueError, match="'EO'"):
        GAME.deal(seed=1, hands=["EO"])
    with pytest.raises(ValueError, match="'GA'"):   # G is no French suit
        GAME.deal(seed=1, hands=["GA"])


def test_G_1_card_plays_accept_every_form():
    forms = {"SA": ["SA", "as", "A\u2660", "\u2660A", " sa "], "HT": ["HT", "H10", "10H", "\u2665T"]}
    for canonical, variants in forms.items():
        for text in variants:
            s = GAME.deal(seed=4, hands=[None, f"{canonical} CA CK"])
            play(s, "Clubs")
            if s.phase == "mit":
                play(s, "pass")
            s.apply(text)
            assert s.view(2).history[-1] == (1, canonical)
            assert canonical not in s.hand(1)


# ----- G-2: seeded, uniform shuffling -----------------------------------------------------------

def test_G_2_seeded_deals_reproducible():
    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        for dealer in range(4):
            a, b = GAME.deal(seed=seed, dealer=dealer), GAME.deal(seed=seed, dealer=dealer)
            assert a == b
            assert [str(a.hand(i)) for i in range(4)] == [str(b.hand(i)) for i in range(4)]
            assert a.talon == b.talon and a.first_three == b.first_three and a.reveal_card == b.reveal_card
            assert a.dealer == dealer and a.forehand == (dealer + 1) % 4 and a.current_player == (dealer + 1) % 4
    deals = {tuple(str(GAME.deal(seed=k).hand(i)) for i in range(4)) for k in range(60)}
    assert len(deals) == 60
    # seed=None draws a fresh seed
    assert GAME.deal() != GAME.deal()


def test_G_2_seeded_deals_with_pinned_cards_reproducible():
    hands = {0: "CA CK", 2: "SQ"}
    a, b = GAME.deal(seed=9, hands=hands), GAME.deal(seed=9, hands=hands)
    assert a == b
    assert cs("CA CK") <= a.hand(0) and cs("SQ") <= a.hand(2)


def test_G_2_shuffle_is_uniform():
    n = 6000
    talon = dict.fromkeys(FRENCH24.cards, 0)
    reveal = dict.fromkeys(FRENCH24.cards, 0)
    in_hand = {(c, seat): 0 for c in FRENCH24.cards for seat in range(4)}
    for seed in range(n):
        s = GAME.deal(seed=seed, dealer=seed % 4)
        for c in s.talon:
            talon[c] += 1
        reveal[s.reveal_card] += 1
        for seat in range(4):
            for c in s.hand(seat):
                in_hand[c, seat] += 1
    # Each card lies in the talon with probability 4/24, is forehand's reveal card with 1/24 and is
    # in a given hand with 5/24. Bounds: 5 standard deviations.
    for counts, p in ((talon, 4 / 24), (reveal, 1 / 24), (in_hand, 5 / 24)):
        mean, sd = n * p, (n * p * (1 - p)) ** 0.5
        worst = max(abs(k - mean) for k in counts.values())
        assert worst < 5 * sd, (p, worst, sd)
        # Pearson's chi-square, bounded by its mean plus six standard deviations.
        chi2 = sum((k - mean) ** 2 / mean for k in counts.values())
        assert chi2 < len(counts) + 6 * (2 * len(counts)) ** 0.5, (p, chi2)


def test_G_2_pinned_cards_leave_the_rest_uniform():
    n = 4000
    talon = dict.fromkeys(FRENCH24.cards, 0)
    for seed in range(n):
        s = GAME.deal(seed=seed, hands={1: "CA SA HA"})
        assert s.first_three == cs("CA SA HA")
        for c in s.talon:
            talon[c] += 1
    for c in cs("CA SA HA"):
        assert talon.pop(c) == 0
    mean = n * 4 / 21
    sd = (n * 4 / 21 * 17 / 21) ** 0.5
    assert max(abs(k - mean) for k in talon.values()) < 5 * sd


# Seeded random playouts and match deals (G-2) of every game: tests/common/test_invariants.py.


# ----- G-3: options are validated ---------------------------------------------------------------

def test_G_3_unknown_option_names_valid_options():
    with pytest.raises(ValueError, match=r"unknown option.*kontra_dubles.*valid options: kontra_doubles"):
        stich.Couillon(kontra_dubles=True)
    with pytest.raises(ValueError, match=r"players.*kontra_doubles"):
        stich.Couillon(players=6)


@pytest.mark.parametrize("value", [1, 0, "yes", None, 2.0])
def test_G_3_bad_option_value(value):
    with pytest.raises(ValueError, match=r"kontra_doubles.*True or False"):
        stich.Couillon(kontra_doubles=value)


def test_G_3_option_defaults_and_values():
    assert stich.Couillon().options == {"kontra_doubles": False}
    assert stich.Couillon(kontra_doubles=True).options == {"kontra_doubles": True}
    assert stich.Couillon(kontra_doubles=False).options == {"kontra_doubles": False}


# ----- G-4: returns -----------------------------------------------------------------------------

def test_G_4_returns_zero_before_the_end():
    s = GAME.deal(seed=5, hands=SWEEP)
    assert s.returns() == [0, 0, 0, 0] and s.score_moves() == [0, 0]
    play(s, "Clubs", "Mit", "Kontra", "Re", "CA")
    assert s.returns() == [0, 0, 0, 0] and s.score_moves() == [0, 0]


def test_G_4_plain_win_is_plus_minus_one():
    s = play(GAME.deal(seed=0, dealer=3, hands=REVEAL_RULE), "reveal", "pass", *REVEAL_RULE_PLAY)
    assert s.score_moves() == [0, -1]
    assert s.returns() == [-1, 1, -1, 1]


def test_G_4_dealer_team_rule_is_plus_minus_two():
    s = play(GAME.deal(seed=0, dealer=3, hands=DEALER_RULE), "Clubs", "pass", *DEALER_RULE_PLAY)
    assert s.score_moves() == [1, -1]
    assert s.returns() == [-2, 2, -2, 2]


def test_G_4_returns_follow_score_moves():
    rng = random.Random(44)
    for seed in range(300):
        s = finish_randomly(GAME.deal(seed=seed, dealer=seed % 4), rng)
        moves = s.score_moves()
        r = s.returns()
        assert r == returns_from_moves(moves)
        assert sum(r) == 0 and r[0] == r[2] and r[1] == r[3]
        if s.team_points[0] == s.team_points[1]:
            assert moves == [0, 0]
        else:
            w = 0 if s.team_points[0] > s.team_points[1] else 1
            assert moves[w] < 0 and moves[1 - w] in (0, 1)
            assert r[w] > 0


def test_G_4_random_playout_returns():
    for game, top in ((GAME, 6), (DOUBLES, 13)):
        a = game.random_playouts(2000, seed=8)
        assert (a.sum(axis=1) == 0).all()
        assert (a[:, 0] == a[:, 2]).all() and (a[:, 1] == a[:, 3]).all()
        values = set(np.abs(a[:, 0]).tolist())
        assert values <= set(range(top + 1))
        assert {0, 1, 2} <= values            # ties, plain wins, sweeps / dealer-team rule
        assert max(values) >= 4


# ----- C-1: players, deck, points ---------------------------------------------------------------

def test_C_1_deck_and_hands():
    s = GAME.deal(seed=21)
    assert s.num_players == 4
    assert GAME.deck == FRENCH24 and len(GAME.deck) == 24
    hands = [s.hand(i) for i in range(4)]
    assert [len(h) for h in hands] == [5, 5, 5, 5] and len(s.talon) == 4
    union = s.talon
    for h in hands:
        assert not (union & h)
        union = union | h
    assert union == FRENCH24.cards
    assert str(FRENCH24.cards) == ("CA CK CQ CJ CT C9 SA SK SQ SJ ST S9 "
                                   "HA HK HQ HJ HT H9 DA DK DQ DJ DT D9")


@pytest.mark.parametrize("trump", ["C", "S", "H", "D"])
def test_C_1_card_points(trump):
    for mit in (False, True):
        k = stich.Contract.couillon(trump, mit=mit)
        for suit in "CSHD":
            assert [k.points(f"{suit}{r}") for r in "AKQJT9"] == [4, 3, 2, 1, 0, 0]
        assert k.points(FRENCH24.cards) == 40


def test_C_1_partners_opposite():
    s = play(GAME.deal(seed=0, hands=TIE), "Hearts", "pass", *TIE_PLAY[:8])
    # seat 2 took both tricks: its points count for team 0 (seats 0 and 2)
    assert s.team_points == [20, 0] and s.team_tricks == [2, 0]
    play(s, *TIE_PLAY[8:16])
    assert s.team_points == [20, 20] and s.team_tricks == [2, 2]


# ----- C-2: deal, trump choice, reveal, talon ---------------------------------------------------

def test_C_2_forehand_decides_on_three_cards():
    a = GAME.deal(seed=1, dealer=2, hands={3: "CA SK HQ DJ D9"})
    b = GAME.deal(seed=2, dealer=2, hands={3: "CA SK HQ C9 HT"})
    assert a.forehand == b.forehand == 3 and a.current_player == 3
    assert a.phase == "trump" and texts(a) == ACTIONS_TRUMP
    assert a.first_three == cs("CA SK HQ") == b.first_three
    va = a.view(3)
    assert va.hand == cs("CA SK HQ")
    assert va.known(3) == cs("CA SK HQ") and va.known("seat3") == cs("CA SK HQ")
    assert "D9" in va.unknown and "DJ" in va.unknown
    # The decision cannot depend on the rest: both deals look the same to forehand.
    assert view_key(va) == view_key(b.view(3))
    # The other seats hold no cards yet.
    for seat in (0, 1, 2):
        assert len(a.view(seat).hand) == 0
        assert view_key(a.view(seat)) == view_key(b.view(seat))
    # After the decision forehand has all five.
    play(a, "Spades")
    assert a.view(3).hand == cs("CA SK HQ DJ D9") == a.hand(3)


@pytest.mark.parametrize("dealer", range(4))
def test_C_2_reveal_sets_trump_and_everyone_knows_the_card(dealer):
    f = (dealer + 1) % 4
    s = GAME.deal(seed=dealer, dealer=dealer, hands={f: "CA CK CQ SA D9"})
    assert s.reveal_card == "D9"
    for seat in range(4):
        assert "D9" not in s.view(seat).known(f)   # hidden until revealed, also from forehand
    play(s, "reveal")
    assert s.trump == "D" and s.revealed is True
    for seat in range(4):
        v = s.view(seat)
        assert "D9" in v.known(f)
        assert v.history == [(f, "reveal")]
        if seat != f:
            assert v.known(f) == cs("D9")
        assert s.is_consistent_with(v)


def test_C_2_revealed_card_known_until_played():
    s = GAME.deal(seed=3, dealer=0, hands={1: "CA SK HQ DJ C9"})
    play(s, "reveal")
    assert s.trump == "C"
    if s.phase == "mit":
        play(s, "pass")
    play(s, "C9")
    for seat in (0, 2, 3):
        v = s.view(seat)
        assert len(v.known(1)) == 0 and "C9" in v.played and "C9" in v.forbidden(1)


@pytest.mark.parametrize("trump", ["Clubs", "Spades", "Hearts", "Diamonds"])
def test_C_2_named_trump_reveals_nothing(trump):
    s = GAME.deal(seed=7, dealer=1, hands={2: "CA CK CQ SA D9"})
    play(s, trump)
    assert s.trump == trump[0] and s.revealed is False
    for seat in (0, 1, 3):
        v = s.view(seat)
        assert len(v.known(2)) == 0
        assert v.history == [(2, trump)]


def test_C_2_talon_hidden_and_never_used():
    rng = random.Random(2)
    for seed in range(40):
        s = GAME.deal(seed=seed, dealer=seed % 4)
        talon = s.talon
        played = stich.CardSet(None, deck="french24")
        while True:
            for seat in range(4):
                v = s.view(seat)
                assert len(v.known("talon")) == 0 and v.size("talon") == 4
            if s.is_terminal:
                break
            a = rng.choice(s.legal_actions())
            if a.id < 64:
                played = played | stich.CardSet([a.text], deck="french24")
            s.apply(a)
        assert s.talon == talon
        assert len(played) == 20 and not (played & talon)
        assert sum(s.team_points) == 40 - stich.Contract.couillon("C").points(talon)


# ----- C-3: the Mit ---------------------------------------------------------------------------------

def _assert_order(k, order):
    cards = order.split()
    for i, hi in enumerate(cards):
        for lo in cards[i + 1:]:
            assert k.winner([lo, hi]) == 1, (lo, hi)
            assert k.winner([hi, lo]) == 0, (hi, lo)


def test_C_3_mit_rank_between_trump_ace_and_king():
    _assert_order(stich.Contract.couillon("H", mit=True), "HA SQ HK HQ HJ HT H9")
    _assert_order(stich.Contract.couillon("C", mit=True), "CA SQ CK CQ CJ CT C9")
    _assert_order(stich.Contract.couillon("D", mit=True), "DA SQ DK DQ DJ DT D9")
    assert stich.Contract.couillon("H", mit=True).trumps == cs("HA HK HQ HJ HT H9 SQ")
    # Declared, the Mit is no longer a spade: any trump takes it, and it takes the spade ace.
    k = stich.Contract.couillon("H", mit=True)
    assert k.winner(["SA", "SQ"]) == 1 and k.winner(["SQ", "SA"]) == 0 and k.winner(["SQ", "H9"]) == 0


def test_C_3_mit_with_spades_trump_moves_above_king():
    _assert_order(stich.Contract.couillon("S", mit=True), "SA SQ SK SJ ST S9")
    _assert_order(stich.Contract.couillon("S", mit=False), "SA SK SQ SJ ST S9")


def test_C_3_undeclared_mit_is_an_ordinary_queen():
    k = stich.Contract.couillon("H", mit=False)
    assert "SQ" not in k.trumps and k.trumps == cs("HA HK HQ HJ HT H9")
    _assert_order(k, "SA SK SQ SJ ST S9")
    assert k.winner(["SQ", "H9"]) == 1
    assert k.points("SQ") == 2 and stich.Contract.couillon("H", mit=True).points("SQ") == 2


# Dealer 0, forehand 1 names the trump; the Mit is with seat 2, who has no other trump.
MIT_PLAY = {
    "H": ["HT HJ HQ ST S9", "HK CA CK CQ CJ", "SQ DA DK DQ DJ", "HA H9 SA SK SJ"],
    "S": ["ST SJ HQ HT H9", "SK CA CK CQ CJ", "SQ DA DK DQ DJ", "SA S9 HA HK HJ"],
}
TRUMP_WORD = {"H": "Hearts", "S": "Spades"}


@pytest.mark.parametrize("trump", ["H", "S"])
def test_C_3_declared_mit_in_play(trump):
    t = trump
    s = play(GAME.deal(seed=0, hands=MIT_PLAY[t]), TRUMP_WORD[t])
    assert s.phase == "mit" and s.current_player == 2 and texts(s) == ["Mit", "pass"]
    play(s, "Mit", "pass", "pass")
    assert s.mit_declarer == 2 and s.phase == "play"
    play(s, f"{t}K")
    assert texts(s) == ["SQ"]          # a trump lead: the Mit is seat 2's only trump
    play(s, "SQ")
    low = s.clone()
    play(low, f"{t}9", f"{t}T")
    assert low.current_player == 2 and low.team_tricks == [1, 0]      # the Mit beats the king
    high = s.clone()
    play(high, f"{t}A", f"{t}T")
    assert high.current_player == 3 and high.team_tricks == [0, 1]    # the ace beats the Mit


@pytest.mark.parametrize("trump", ["H", "S"])
def test_C_3_undeclared_mit_in_play(trump):
    t = trump
    s = play(GAME.deal(seed=0, hands=MIT_PLAY[t]), TRUMP_WORD[t], "pass", f"{t}K")
    assert s.mit_declarer is None
    if t == "H":
        assert sorted(texts(s)) == sorted(["SQ", "DA", "DK", "DQ", "DJ"])   # SQ is no trump: free play
    else:
        assert texts(s) == ["SQ"]      # spades trump: the queen is a trump anyway
    play(s, "SQ", f"{t}9", f"{t}T")
    assert s.current_player == 1 and s.team_tricks == [0, 1]           # the king beats the queen


@pytest.mark.parametrize("holder", range(4))
def test_C_3_only_the_holder_decides(holder):
    s = GAME.deal(seed=holder, dealer=2, hands={holder: "SQ"})
    play(s, "Diamonds")
    assert s.phase == "mit" and s.current_player == holder
    assert texts(s) == ["Mit", "pass"]
    declared = play(s.clone(), "Mit")
    assert declared.mit_declarer == holder
    for seat in range(4):
        v = declared.view(seat)
        assert "SQ" in v.known(holder)              # everybody knows who holds the Mit
        assert v.history[-1] == (holder, "Mit")


def test_C_3_mit_in_talon_cannot_be_declared():
    hands = ["SA ST HT DK D9", "CA CK CJ SJ HA", "C9 S9 DQ HJ DJ", "CQ CT SK HK HQ"]
    s = GAME.deal(seed=0, hands=hands)
    assert "SQ" in s.talon
    play(s, "Hearts")
    assert s.phase == "play" and s.current_player == 1
    assert "Mit" not in texts(s)
    with pytest.raises(stich.IllegalActionError):
        s.apply("Mit")
    assert s.mit_declarer is None


def test_C_3_mit_pass_is_invisible_to_others():
    # X: seat 2 holds the Mit and passes. Y: the same deal with the Mit in the talon instead.
    x = GAME.deal(seed=0, hands=["SA ST HT DK D9", "CA CK CJ SJ HA", "C9 S9 SQ HJ DJ", "CQ CT SK HK HQ"])
    y = GAME.deal(seed=0, hands=["SA ST HT DK D9", "CA CK CJ SJ HA", "C9 S9 DQ HJ DJ", "CQ CT SK HK HQ"])
    assert "SQ" in x.hand(2) and "SQ" in y.talon
    play(x, "Hearts", "pass")
    play(y, "Hearts")
    assert x.phase == y.phase == "play"
    for seat in (0, 1, 3):
        assert x.view(seat).history == y.view(seat).history == [(1, "Hearts")]
        assert view_key(x.view(seat)) == view_key(y.view(seat))
    assert x.view(2).history == [(1, "Hearts"), (2, "pass")]      # the holder knows its own pass
    for st in (x, y):
        play(st, "CA", "C9", "CQ", "D9")
    for seat in (0, 1, 3):
        assert view_key(x.view(seat)) == view_key(y.view(seat))
        assert x.is_consistent_with(y.view(seat)) and y.is_consistent_with(x.view(seat))


# ----- C-4: Kontra and Re ---------------------------------------------------------------------------

def test_C_4_no_kontra_without_declaration():
    s = play(GAME.deal(seed=0, hands=SWEEP), "Clubs")
    assert s.phase == "mit" and "Kontra" not in texts(s)
    with pytest.raises(stich.IllegalActionError):
        s.apply("Kontra")
    play(s, "pass")
    assert s.phase == "play" and s.current_player == 1
    for word in ("Kontra", "Re"):
        assert word not in texts(s)
        with pytest.raises(stich.IllegalActionError):
            s.apply(word)
    assert s.kontra_by is None and s.re_by is None


def _speaking_order(forehand, team):
    return [(forehand + i) % 4 for i in range(4) if (forehand + i) % 4 % 2 == team]


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("holder", range(4))
def test_C_4_kontra_by_opponents_in_order_then_re(dealer, holder):
    f = (dealer + 1) % 4
    opponents = _speaking_order(f, 1 - holder % 2)
    partners = _speaking_order(f, holder % 2)
    base = play(GAME.deal(seed=10 * dealer + holder, dealer=dealer, hands={holder: "SQ"}), "Hearts", "Mit")

    # Both opponents pass: no Re, play starts with forehand.
    s = base.clone()
    for speaker in opponents:
        assert s.phase == "kontra" and s.current_player == speaker and texts(s) == ["Kontra", "pass"]
        with pytest.raises(stich.IllegalActionError):
            s.apply("Re")
        play(s, "pass")
    assert s.phase == "play" and s.current_player == f and s.kontra_by is None
    with pytest.raises(stich.IllegalActionError):
        s.apply("Re")

    # The second opponent says Kontra; the declarer's team may answer Re, in order from forehand.
    s = play(base.clone(), "pass", "Kontra")
    assert s.kontra_by == opponents[1]
    for speaker in partners:
        assert s.phase == "re" and s.current_player == speaker and texts(s) == ["Re", "pass"]
        play(s, "pass")
    assert s.phase == "play" and s.current_player == f and s.re_by is None

    # The first opponent says Kontra (the phase ends at once); the declarer's partner says Re.
    s = play(base.clone(), "Kontra")
    assert s.kontra_by == opponents[0] and s.phase == "re" and s.current_player == partners[0]
    if partners[0] == holder:
        play(s, "pass")
    play(s, "Re")
    assert s.re_by == (holder + 2) % 4
    assert s.phase == "play" and s.current_player == f
    for seat in range(4):
        hist = s.view(seat).history
        assert (s.kontra_by, "Kontra") in hist and (s.re_by, "Re") in hist


def test_C_4_kontra_and_re_are_public():
    s = play(GAME.deal(seed=0, hands=SWEEP), "Clubs", "Mit", "pass", "Kontra", "pass", "Re")
    expected = [(1, "Clubs"), (3, "Mit"), (2, "pass"), (0, "Kontra"), (1, "pass"), (3, "Re")]
    for seat in range(4):
        assert s.view(seat).history == expected
    assert (s.mit_declarer, s.kontra_by, s.re_by) == (3, 0, 3)


# ----- C-5: following --------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, trick, legal", [
    ("CQ HA SA SK", "CA", "CQ HA"),             # hold the led suit: follow or trump
    ("CQ CJ SA", "CA", "CQ CJ"),                # no trump: follow
    ("SA SK HK DA", "CA", "SA SK HK DA"),       # void: anything (trumping not required)
    ("HJ CJ CT", "HK", "HJ"),                   # trump lead: a trump if you have one
    ("CJ CT SA", "HK", "CJ CT SA"),             # trump lead, no trump: anything
    ("H9 CJ", "CA HA", "H9 CJ"),                # no duty to head or over-trump
    ("C9 SA", "CA CK", "C9"),                   # no duty to head the led suit either
])
def test_C_5_following_rule(hand, trick, legal):
    assert stich.Contract.couillon("H").legal(hand, trick.split()) == cs(legal)


def test_C_5_following_rule_with_mit():
    k = stich.Contract.couillon("H", mit=True)
    assert k.legal("SQ SA CJ", ["SK"]) == cs("SQ SA")       # SA follows; the Mit is a trump
    assert k.legal("SQ CJ", ["SK"]) == cs("SQ CJ")          # the Mit is no spade: void in spades
    assert k.legal("SQ CJ", ["HK"]) == cs("SQ")             # a trump lead calls out the Mit
    assert stich.Contract.couillon("H").legal("SQ CJ", ["HK"]) == cs("SQ CJ")
    assert stich.Contract.couillon("H").legal("SQ CJ", ["SK"]) == cs("SQ")


def test_C_5_following_in_a_deal_and_what_it_reveals():
    hands = ["CJ CT C9 HJ DT", "CA CK DA DK DQ", "CQ HA SA SK SJ", "HK HQ ST S9 DJ"]
    s = play(GAME.deal(seed=0, hands=hands), "Hearts")
    assert s.phase == "play" and "SQ" in s.talon
    play(s, "CA")
    assert sorted(texts(s)) == ["CQ", "HA"]
    play(s, "HA")                                   # trumping while holding clubs is allowed
    assert sorted(texts(s)) == sorted(["HK", "HQ", "ST", "S9", "DJ"])
    play(s, "DJ")                                   # void in clubs; no duty to trump
    assert sorted(texts(s)) == sorted(["CJ", "CT", "C9", "HJ"])
    play(s, "C9")
    assert s.current_player == 2 and s.team_tricks == [1, 0] and s.team_points == [9, 0]
    for seat in (0, 1):
        v = s.view(seat)
        assert cs("CA CK CQ CJ CT C9") <= v.forbidden(3)   # seat 3 showed a club void
        assert "HK" not in v.forbidden(3) and "HQ" not in v.forbidden(3)   # but may hold trumps
        assert "CQ" not in v.forbidden(2)           # trumping proves nothing about clubs
    play(s, "SA")
    assert sorted(texts(s)) == sorted(["HK", "HQ", "ST", "S9"])
    play(s, "HK", "DT", "CK")
    assert s.current_player == 3
    play(s, "HQ")
    assert texts(s) == ["HJ"]                       # trump lead: seat 0 must play its trump
    play(s, "HJ")
    assert sorted(texts(s)) == sorted(["DA", "DK", "DQ"])


# ----- C-6: scoring and the match ---------------------------------------------------------------------

def test_C_6_equal_points_no_change():
    s = play(GAME.deal(seed=0, hands=TIE), "Hearts", "pass", *TIE_PLAY)
    assert s.is_terminal and s.team_points == [20, 20] and s.team_tricks == [3, 2]
    assert s.score_moves() == [0, 0] and s.returns() == [0, 0, 0, 0]


@pytest.mark.parametrize("game", [GAME, DOUBLES], ids=["additive", "kontra_doubles"])
def test_C_6_equal_points_no_change_even_with_mit_kontra_re(game):
    s = play(game.deal(seed=0, hands=TIE_MIT), "Hearts", "Mit", "Kontra", "Re", *TIE_MIT_PLAY)
    assert (s.mit_declarer, s.kontra_by, s.re_by) == (1, 2, 1)
    assert s.team_points == [20, 20] and s.team_tricks == [3, 2]
    assert s.score_moves() == [0, 0] and s.returns() == [0, 0, 0, 0]


@pytest.mark.parametrize("game, bidding, value", [
    (GAME, ["Clubs", "pass"], 2),                                   # all five tricks
    (GAME, ["Clubs", "Mit", "pass", "pass"], 3),                    # + Mit
    (GAME, ["Clubs", "Mit", "Kontra", "pass", "pass"], 4),          # + Kontra
    (GAME, ["Clubs", "Mit", "pass", "Kontra", "Re"], 5),            # + Re
    (GAME, ["Clubs", "Mit", "Kontra", "pass", "Re"], 5),
    (DOUBLES, ["Clubs", "pass"], 2),
    (DOUBLES, ["Clubs", "Mit", "pass", "pass"], 3),
    (DOUBLES, ["Clubs", "Mit", "Kontra", "pass", "pass"], 6),      # (2 + 1) * 2
    (DOUBLES, ["Clubs", "Mit", "Kontra", "Re"], 12),               # (2 + 1) * 2 * 2
], ids=["sweep", "mit", "kontra", "re", "re-by-declarer", "dbl-sweep", "dbl-mit", "dbl-kontra", "dbl-re"])
def test_C_6_sweep_mit_kontra_re_values(game, bidding, value):
    for rng_seed in range(8):   # whatever is played, team 1 sweeps
        s = play(game.deal(seed=rng_seed, hands=SWEEP), *bidding)
        assert s.phase == "play"
        finish_randomly(s, random.Random(rng_seed))
        assert s.team_tricks == [0, 5] and s.team_points == [0, 37]
        # forehand's team won: the dealer-team rule does not apply
        assert s.score_moves() == [0, -value]
        assert s.returns() == [-value, value, -value, value]


def test_C_6_mit_point_goes_to_the_winners_even_against_the_declarer():
    hands = ["SQ SJ ST HK HQ", "CA CK CQ SA SK", "HJ HT H9 DK S9", "CJ CT C9 HA DA"]
    s = play(GAME.deal(seed=0, hands=hands), "Clubs", "Mit", "pass", "pass")
    assert s.mit_declarer == 0
    play(s, "CA", "S9", "C9")
    assert texts(s) == ["SQ"]                       # the Mit is seat 0's only trump
    play(s, "SQ",
         "CK", "H9", "CT", "HQ",
         "SA", "HT", "DA", "SJ",
         "SK", "HJ", "HA", "ST",
         "CQ", "DK", "CJ", "HK")
    assert s.team_tricks == [0, 5] and s.team_points == [0, 37]
    assert s.score_moves() == [0, -3] and s.returns() == [-3, 3, -3, 3]


def test_C_6_dealer_team_rule_named_trump():
    s = play(GAME.deal(seed=0, dealer=3, hands=DEALER_RULE), "Clubs", "pass", *DEALER_RULE_PLAY)
    assert s.revealed is False
    assert s.team_points == [12, 25] and s.team_tricks == [1, 4]
    assert s.score_moves() == [1, -1]               # dealer's team -1, forehand's team +1
    assert s.returns() == [-2, 2, -2, 2]


def test_C_6_dealer_team_rule_not_on_reveal():
    s = play(GAME.deal(seed=0, dealer=3, hands=REVEAL_RULE), "reveal", "pass", *REVEAL_RULE_PLAY)
    assert s.revealed is True and s.trump == "C"
    assert s.team_points == [12, 25] and s.team_tricks == [1, 4]
    assert s.score_moves() == [0, -1]
    assert s.returns() == [-1, 1, -1, 1]


def test_C_6_dealer_team_rule_with_kontra_doubles():
    s = play(DOUBLES.deal(seed=0, dealer=3, hands=DEALER_RULE), "Clubs", "pass", *DEALER_RULE_PLAY)
    assert s.score_moves() == [1, -1] and s.returns() == [-2, 2, -2, 2]


@pytest.mark.parametrize("dealer", range(4))
def test_C_6_match_from_13_to_0(dealer):
    m = GAME.match(seed=100 + dealer, dealer=dealer)
    assert m.scores == [13, 13] and m.dealer == dealer and not m.is_over and m.winner is None
    assert m.deals_played == 0
    rng = random.Random(dealer)
    scores, expected_dealer = [13, 13], dealer
    while not m.is_over:
        assert min(scores) > 0
        s = m.next_deal()
        assert s.dealer == expected_dealer and s.forehand == (expected_dealer + 1) % 4
        finish_randomly(s, rng)
        moves = s.score_moves()
        m.record(s)
        scores = [scores[0] + moves[0], scores[1] + moves[1]]
        expected_dealer = (expected_dealer + 1) % 4
        assert m.scores == scores and m.dealer == expected_dealer
        assert m.deals_played <= 200
    assert min(scores) <= 0
    assert m.winner == (0 if scores[0] <= 0 else 1)
    assert scores[1 - m.winner] > 0
    with pytest.raises(ValueError, match="over"):
        m.next_deal()


def test_C_6_match_record_checks():
    m = GAME.match(seed=1, dealer=0)
    s = m.next_deal()
    with pytest.raises(ValueError, match="not finished"):
        m.record(s)
    other = finish_randomly(GAME.deal(seed=1, dealer=1), random.Random(0))
    with pytest.raises(ValueError, match="seat 1.*seat 0"):
        m.record(other)
    assert m.scores == [13, 13] and m.deals_played == 0


def test_C_6_match_scores_follow_scripted_deals():
    m = GAME.match(seed=1, dealer=3)
    s = play(GAME.deal(seed=0, dealer=3, hands=DEALER_RULE), "Clubs", "pass", *DEALER_RULE_PLAY)
    m.record(s)
    assert m.scores == [14, 12] and m.dealer == 0 and m.deals_played == 1
    # From now on forehand's team sweeps every deal (value 2): team 1, team 0, team 1, ...
    expected = [14, 12]
    while not m.is_over:
        d = m.dealer
        s = play(GAME.deal(seed=d, dealer=d, hands=rotated(SWEEP, d)), "Clubs", "pass")
        finish_randomly(s, random.Random(d))
        winners = (d + 1) % 2
        assert s.team_tricks[winners] == 5 and s.score_moves()[winners] == -2
        m.record(s)
        expected[winners] -= 2
        assert m.scores == expected and m.dealer == (d + 1) % 4
    # 12 -> 10 -> ... -> 0 for team 1 after six of its deals; team 0 is then at 14 - 10 = 4.
    assert m.scores == [4, 0] and m.winner == 1 and m.deals_played == 12
