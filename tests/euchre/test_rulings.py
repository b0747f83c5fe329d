"""Euchre's readings (docs/rules/euchre.md), one test or more per id, plus bad input and the bot.

The move-for-move agreement with OpenSpiel is tests/euchre/test_openspiel.py; these tests pin
the readings on hand-made deals so that each can fail on its own.
"""

from __future__ import annotations

import pickle
import random

import pytest

import stich
from helpers.play import texts
from helpers.random_play import finish_randomly

pytestmark = pytest.mark.rules

# Dealer 0, so seat 1 bids first. Upcard HA; kitty CJ C9 D9.
HANDS = ["HJ DJ HK ST S9",      # seat 0 (dealer): both red jacks
         "CA CK CQ SA SK",      # seat 1
         "HQ HT H9 DA DK",      # seat 2
         "SJ SQ CT DQ DT"]      # seat 3
UPCARD, KITTY = "HA", "CJ C9 D9"


def hand_made(**options):
    """The hand-made deal above (HANDS, UPCARD, KITTY) under these options."""
    return stich.Euchre(**options).deal(seed=5, dealer=0, hands=HANDS, upcard=UPCARD, kitty=KITTY)


def test_E_1_table_deck_and_text():
    s = hand_made()
    assert s.num_players == 4 and len(stich.Euchre().deck) == 24
    assert [str(s.hand(i)) for i in range(4)] == [str(stich.CardSet(h)) for h in HANDS]
    assert str(s.upcard) == "HA"


def test_E_2_deal_pins_hands_upcard_and_kitty():
    s = hand_made()
    assert s.kitty == stich.CardSet("HA CJ C9 D9")   # the upcard lies on the kitty until taken
    assert s.current_player == 1 and s.phase == "bid"
    free = stich.Euchre().deal(seed=3, dealer=2, upcard="S9")
    assert str(free.upcard) == "S9" and free.current_player == 3
    assert sum(len(free.hand(i)) for i in range(4)) + len(free.kitty) == 24


def test_E_3_first_round_orders_the_upcard_suit():
    s = hand_made()
    assert texts(s.legal_actions()) == ["pass", "Hearts"]
    assert [a.id for a in s.legal_actions()] == [64, 65 + 2]
    for _ in range(3):
        s.apply("pass")
    assert s.current_player == 0 and texts(s.legal_actions()) == ["pass", "Hearts"]   # the dealer picks it up


def test_E_4_order_up_and_the_hidden_discard():
    s = hand_made()
    s.apply("pass")
    s.apply("Hearts")                       # seat 2 orders up: seat 0 (dealer) takes HA
    assert s.declarer == 2 and s.trump == "H" and s.upcard_taken
    assert s.phase == "discard" and s.current_player == 0 and len(s.hand(0)) == 6
    assert "discard HA" not in texts(s.legal_actions())           # never the upcard
    assert texts(s.legal_actions()) == ["discard S9", "discard ST", "discard HJ", "discard HK", "discard DJ"]
    other = s.view(1)
    assert "HA" in other.known(0)                                  # everyone saw the dealer take it
    s.apply("S9")                                                  # a bare card names the discard
    assert str(s.discard) == "S9" and "S9" in s.kitty and len(s.hand(0)) == 5
    assert s.phase == "alone" and s.current_player == 2
    assert "S9" in s.view(0).known("kitty")                        # the dealer knows it
    for seat in (1, 2, 3):
        v = s.view(seat)
        assert "S9" not in v.known("kitty") and "S9" in v.unknown
        assert "HA" in v.known(0)
        assert all(text != "discard S9" for _, text in v.history)  # the others never see the card,
        assert (0, "discards") in v.history                         # only that the dealer discarded
    assert (0, "discard S9") in s.view(0).history


def test_E_5_second_round_and_stick_the_dealer():
    s = hand_made()
    for _ in range(4):
        s.apply("pass")
    assert texts(s.legal_actions()) == ["pass", "Clubs", "Spades", "Diamonds"]   # not the turned-down suit
    assert "HA" in s.view(1).known("kitty")                        # turned down, still known
    for _ in range(3):
        s.apply("pass")
    assert s.current_player == 0 and texts(s.legal_actions()) == ["Clubs", "Spades", "Diamonds"]
    s.apply("Spades")
    assert s.phase == "alone" and s.current_player == 0 and not s.upcard_taken and s.discard is None

    free = hand_made(stick_the_dealer=False)
    for _ in range(7):
        free.apply("pass")
    assert texts(free.legal_actions()) == ["pass", "Clubs", "Spades", "Diamonds"]
    free.apply("pass")
    assert free.is_terminal and free.returns() == [0, 0, 0, 0] and free.makers_score == 0


def test_E_6_E_7_going_alone_and_who_leads():
    s = hand_made()
    s.apply("pass")
    s.apply("pass")
    s.apply("Hearts")                      # seat 3 orders up; its partner seat 1 sits out if alone
    s.apply("ST")
    s.apply("alone")
    assert s.declarer_alone and s.sitting_out == [1]
    assert s.phase == "play" and s.current_player == 2              # seat 1, left of the dealer, sits out
    s.apply("HQ")
    assert s.current_player == 3                                    # three seats play
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.trick) == 0 and s.current_player in (0, 2, 3)
    assert len(s.hand(1)) == 5                                      # the partner keeps its cards

    t = hand_made()
    t.apply("Hearts")                      # seat 1 orders up, with its partner
    t.apply("ST")
    t.apply("partner")
    assert t.current_player == 1 and t.sitting_out == []


def test_E_8_lone_defender():
    s = hand_made(allow_lone_defender=True)
    s.apply("pass")
    s.apply("Hearts")                      # seat 2 is the maker; defenders 1 and 3
    s.apply("ST")
    s.apply("partner")
    assert s.phase == "defend" and s.current_player == 1           # the defender left of the dealer first
    s.apply("partner")
    assert s.phase == "defend" and s.current_player == 3
    s.apply("alone")
    assert s.lone_defender == 3 and s.sitting_out == [1] and s.current_player == 2   # seat 1 sits out: seat 2 leads

    t = hand_made(allow_lone_defender=True)
    t.apply("Hearts")                      # seat 1 is the maker: seat 2 is the first defender
    t.apply("ST")
    t.apply("alone")
    assert t.current_player == 2
    t.apply("alone")                       # lone maker against a lone defender: two seats play
    assert t.sitting_out == [0, 3] and t.current_player == 1
    rng = random.Random(1)
    while not t.is_terminal:
        assert t.current_player in (1, 2)
        t.apply(rng.choice(t.legal_actions()))
    assert sum(t.team_tricks) == 5


def test_E_9_bowers_and_following():
    s = hand_made()
    s.apply("pass")
    s.apply("Hearts")
    s.apply("ST")
    s.apply("partner")
    # Hearts trump: HJ right bower, DJ left bower (a heart now). Seat 1 leads CA (no hearts).
    s.apply("CA")
    assert set(texts(s.legal_actions())) == {"HQ", "HT", "H9", "DA", "DK"}      # seat 2 holds no club
    s.apply("DA")
    assert texts(s.legal_actions()) == ["CT"]                               # seat 3 must follow clubs
    s.apply("CT")
    # The dealer holds no club: any card; the left bower DJ takes the trick over the ace of
    # diamonds (a plain card), and the right bower would too.
    assert set(texts(s.legal_actions())) == {"HA", "HK", "HJ", "S9", "DJ"}
    s.apply("DJ")
    assert s.current_player == 0 and s.team_tricks == [1, 0]
    # Seat 0 leads the right bower: a trump lead; the left bower's owner had to follow trump.
    s.apply("HJ")
    assert set(texts(s.legal_actions())) == {"CK", "CQ", "SA", "SK"}             # seat 1: no trump at all
    s.apply("SA")
    assert set(texts(s.legal_actions())) == {"HQ", "HT", "H9"}                   # seat 2 follows trump
    s.apply("H9")
    s.apply("SQ")
    assert s.current_player == 0 and s.team_tricks == [2, 0]


def test_E_9_left_bower_does_not_follow_its_printed_suit():
    # Diamonds led, hearts trump: a hand whose only diamond is the left bower DJ may play anything.
    s = stich.Euchre().deal(seed=1, dealer=3, hands=["DA DK D9 CA CK", "DJ SA SK ST S9", "HA HK HQ CQ CT",
                                                     "HJ H9 DQ DT C9"], upcard="HT")
    s.apply("Hearts")                     # seat 0 orders up, dealer 3 discards
    s.apply("C9")
    s.apply("partner")
    s.apply("DA")
    assert set(texts(s.legal_actions())) == {"SA", "SK", "ST", "S9", "DJ"}


def test_E_10_scores():
    seen = set()
    for options in ({}, {"allow_lone_defender": True}):
        game = stich.Euchre(**options)
        for seed in range(1500):
            rng = random.Random(seed)
            s = finish_randomly(game.deal(seed=seed, dealer=seed % 4), rng)
            made = s.team_tricks[s.declarer % 2]
            want = (-4 if s.lone_defender is not None else -2) if made <= 2 else 1 if made < 5 else \
                4 if s.declarer_alone else 2
            assert s.makers_score == want
            assert s.returns() == [want if seat % 2 == s.declarer % 2 else -want for seat in range(4)]
            seen.add(want)
    assert seen == {-4, -2, 1, 2, 4}


def test_E_11_sampled_worlds_redraw_the_discard():
    s = hand_made()
    s.apply("pass")
    s.apply("Hearts")
    s.apply("S9")
    s.apply("partner")
    discards = set()
    for seed in range(200):
        w = s.resample(1, seed)
        assert w.is_consistent_with(s.view(1)) and w.view(1) == s.view(1)
        assert str(w.discard) in w.kitty and "HA" in w.hand(0)
        assert w.is_consistent_with(w.view(0))                   # the dealer's view of that world holds
        discards.add(str(w.discard))
    assert len(discards) > 5
    own = s.resample(0, 7)
    assert str(own.discard) == "S9" and "S9" in own.kitty         # the dealer's own world keeps it
    assert own.hand(0) == s.hand(0)


def test_E_12_action_ids():
    s = hand_made()
    assert {a.text: a.id for a in s.legal_actions()} == {"pass": 64, "Hearts": 67}
    s.apply("Hearts")
    ids = {a.text: a.id for a in s.legal_actions()}
    assert ids["discard ST"] == 71 + 1 * 6 + 1 and ids["discard HJ"] == 71 + 2 * 6 + 2
    s.apply("discard ST")
    assert {a.text: a.id for a in s.legal_actions()} == {"alone": 69, "partner": 70}


def test_heuristic_rules_of_thumb():
    s = hand_made()
    assert s.heuristic_action(0).text == "pass"          # seat 1: no heart; value 2 (two plain aces), -1: an opponent deals
    s.apply("pass")
    assert s.heuristic_action(0).text == "Hearts"        # seat 2: three trumps and an ace (7), +1: its partner deals
    s.apply("Hearts")
    assert s.heuristic_action(0).text == "discard S9"    # the dealer: its weakest plain card
    s.apply("S9")
    assert s.heuristic_action(0).text == "partner"
    s.apply("partner")
    for seed in range(50):                               # every choice is legal, to the end
        t = s.clone()
        while not t.is_terminal:
            a = t.heuristic_action(seed)
            assert a in t.legal_actions()
            t.apply(a)


def test_search_and_bots_play_euchre():
    game = stich.Euchre()
    res = stich.ismcts(game.deal(seed=3), iterations=3000, seed=1)
    assert sum(r.visits for r in res.table) == 3000 and res.game == "Euchre()"
    results = stich.play(game, [stich.IsmctsBot(iterations=200), stich.RandomBot()] * 2, deals=40, seed=2)
    assert results.shape == (40, 4) and (results.sum(axis=1) == 0).all()


def test_E_13_match_to_ten():
    game = stich.Euchre()
    m = game.match(seed=3, dealer=1)
    rng = random.Random(3)
    scores = [0, 0]
    while not m.is_over:
        assert m.dealer == (1 + m.deals_played) % 4
        s = finish_randomly(m.next_deal(), rng)
        points = s.makers_score
        scores[s.declarer % 2 if points > 0 else 1 - s.declarer % 2] += abs(points)
        m.record(s)
        assert m.scores == scores
        assert pickle.loads(pickle.dumps(m)) == m
    assert max(scores) >= 10 and m.winner == scores.index(max(scores)) and min(scores) < 10
    with pytest.raises(ValueError, match="over"):
        m.next_deal()


def test_pickling_by_replay():
    game = stich.Euchre(allow_lone_defender=True)
    assert pickle.loads(pickle.dumps(game)) == game
    r = game.deal(seed=1).rules
    assert pickle.loads(pickle.dumps(r)) == r and r.allow_lone_defender and r.stick_the_dealer
    for seed in range(30):
        rng = random.Random(seed)
        s = game.deal(seed=seed, dealer=seed % 4)
        while True:
            back = pickle.loads(pickle.dumps(s))
            assert back == s and str(back) == str(s)
            w = s.resample(1, seed)                    # a sampled world, discard redrawn, pickles too
            assert pickle.loads(pickle.dumps(w)) == w
            if s.is_terminal:
                break
            a = rng.choice(s.legal_actions())
            assert pickle.loads(pickle.dumps(a)) == a
            s.apply(a)
    good = game.deal(seed=1).__getstate__()
    cls = type(game.deal(seed=1))
    for bad in (b"", good[:-1] + b"\x07", good[:2] + b"\x09" + good[3:], good[:6] + b"\x06" + good[7:]):
        obj = cls.__new__(cls)
        with pytest.raises(ValueError, match="corrupt pickled"):
            obj.__setstate__(bad)


# ----- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("options, fragment", [
    ({"lone_defender": True}, "unknown option"),
    ({"stick_the_dealer": "yes"}, "True or False"),
    ({"allow_lone_defender": 1}, "True or False"),
])
def test_bad_options(options, fragment):
    with pytest.raises(ValueError, match=fragment):
        stich.Euchre(**options)


@pytest.mark.parametrize("kwargs, fragment", [
    ({"upcard": "XX"}, "bad card text"),
    ({"upcard": "C8"}, "not in the french24 deck|bad card"),
    ({"hands": ["CA"], "upcard": "CA"}, "more than one"),
    ({"kitty": "CA CK CQ CJ"}, "the kitty was given 4 cards"),
    ({"hands": ["CA CK CQ CJ CT C9"]}, "seat 0 was given 6 cards"),
    ({"hands": [None] * 5}, "seat 0..3"),
])
def test_bad_deals(kwargs, fragment):
    with pytest.raises((ValueError, IndexError), match=fragment):
        stich.Euchre().deal(seed=1, **kwargs)


def test_bad_actions():
    s = hand_made()
    with pytest.raises(stich.IllegalActionError, match="legal: pass, Hearts"):
        s.apply("Spades")
    with pytest.raises(stich.IllegalActionError):
        s.apply("CA")                      # a bare card is a discard only in the discard phase
    s.apply("Hearts")
    with pytest.raises(stich.IllegalActionError, match="discard ST"):
        s.apply("HA")                      # the upcard may not be discarded
    with pytest.raises(ValueError, match="dealer"):
        stich.Euchre().random_playouts(10, seed=1, from_deal=3, dealer=4)
    with pytest.raises(ValueError):
        stich.Euchre().random_playouts(-1)


def test_random_playouts_from_one_deal():
    game = stich.Euchre()
    a = game.random_playouts(300, seed=5, from_deal=7, dealer=2)
    assert (a.sum(axis=1) == 0).all() and len({tuple(r) for r in a.tolist()}) > 1
    assert (a == game.random_playouts(300, seed=5, from_deal=7, dealer=2)).all()
    with pytest.raises(ValueError, match="from_deal"):
        game.random_playouts(10, seed=1, from_deal=-1)
