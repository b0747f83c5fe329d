"""One test per reading of docs/rules/hearts.md (H-1 .. H-15), each named after its id."""

from __future__ import annotations

import collections
import random

import pytest

import stich
from helpers.play import text_set as texts
from helpers.stats import chi_square_threshold

pytestmark = pytest.mark.rules

SUITS = "CSHD"
RANKS = "AKQJT98765432"
# Each seat a whole suit: seat 0 clubs, seat 1 spades, seat 2 hearts, seat 3 diamonds.
BY_SUIT = [" ".join(s + r for r in RANKS) for s in SUITS]


def deal(hands=BY_SUIT, direction="hold", **options):
    return stich.Hearts(**options).deal(seed=1, dealer=0, hands=hands, pass_direction=direction)


def play(state, *cards):
    for c in cards:
        state.apply(c)
    return state


def cards(text):
    return stich.CardSet(text, deck="french52")


def test_H_1_four_seats_each_for_itself_52_cards():
    s = stich.Hearts().deal(seed=3)
    assert s.num_players == 4 and [len(s.hand(k)) for k in range(4)] == [13] * 4
    assert set().union(*(set(str(s.hand(k)).split()) for k in range(4))) == {str(c) for c in stich.Deck("french52")}
    assert stich.Card("QS", "french52") == stich.Card("SQ", "french52")   # OpenSpiel's text is read too
    while not s.is_terminal:
        s.apply(s.heuristic_action(3))
    assert len(set(s.returns())) > 1 and s.dealer == 0   # each for itself: no teams
    # The dealer changes nothing in the deal: the same seed deals the same cards and direction.
    a, b = stich.Hearts().deal(seed=8, dealer=0), stich.Hearts().deal(seed=8, dealer=2)
    assert [a.hand(k) for k in range(4)] == [b.hand(k) for k in range(4)] and a.pass_direction == b.pass_direction
    assert a.current_player == b.current_player


def test_H_2_the_pass_direction_is_drawn_uniformly_or_given():
    counts = collections.Counter(stich.Hearts().deal(seed=k).pass_direction for k in range(4000))
    assert set(counts) == {"hold", "left", "across", "right"}
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < chi_square_threshold(3)
    assert {stich.Hearts(pass_cards=False).deal(seed=k).pass_direction for k in range(50)} == {"hold"}
    for d in ("left", "across", "right", "hold"):
        assert stich.Hearts().deal(seed=1, pass_direction=d).pass_direction == d
    with pytest.raises(ValueError, match="pass_direction 'left' needs pass_cards=True"):
        stich.Hearts(pass_cards=False).deal(seed=1, pass_direction="left")
    with pytest.raises(ValueError, match="pass_direction"):
        stich.Hearts().deal(seed=1, pass_direction="north")


@pytest.mark.parametrize("direction, offset", [("left", 1), ("across", 2), ("right", 3)])
def test_H_3_each_seat_passes_three_cards_that_arrive_after_all_passed(direction, offset):
    s = deal(direction=direction)
    assert s.phase == "pass" and s.current_player == 0
    given = {}
    for seat in range(4):
        picks = str(s.hand(seat)).split()[:3]
        for k, c in enumerate(picks):
            assert s.current_player == seat and s.phase == "pass"
            assert texts(s) == {"pass " + x for x in str(s.hand(seat)).split()}   # any card, one at a time
            s.apply(c if k == 0 else "pass " + c)                                  # a bare card is the pass here
            assert c not in str(s.hand(seat)).split()
        given[seat] = picks
        if seat < 3:   # nothing reaches a receiver before all twelve are passed
            assert [len(s.hand(r)) for r in range(4)] == [10 if r <= seat else 13 for r in range(4)]
    assert s.phase == "play"
    for seat in range(4):
        assert set(given[seat]) <= set(str(s.hand((seat + offset) % 4)).split())
        assert not set(given[seat]) & set(str(s.hand(seat)).split())   # none passed on
    assert [len(s.hand(k)) for k in range(4)] == [13] * 4


def test_H_4_the_two_of_clubs_leads():
    s = deal()
    assert s.current_player == 0 and s.leader == 0 and texts(s) == {"C2"}
    assert texts(deal(can_lead_any_club=True)) == {"C" + r for r in RANKS}
    # After a pass the holder of C2 leads, wherever it came from.
    hands = ["C2 SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3", "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3 S2", BY_SUIT[2], BY_SUIT[3]]
    s = deal(hands, "left")
    play(s, "C2", "SA", "SK", "CA", "CK", "CQ", "HA", "HK", "HQ", "DA", "DK", "DQ")
    assert s.current_player == 1 and s.leader == 1 and texts(s) == {"C2"}


def test_H_5_follow_suit_highest_of_the_led_suit_takes_and_leads():
    hands = ["C2 C9 S2 S3 S4 S5 S6 S7 S8 S9 ST SJ D2", "CA CK H2 H3 H4 H5 H6 H7 H8 H9 HT HJ D3",
             "C3 C4 C5 C6 C7 C8 CT CJ CQ HQ HK HA D4", "SQ SK SA D5 D6 D7 D8 D9 DT DJ DQ DK DA"]
    s = deal(hands)
    play(s, "C2")
    assert texts(s) == {"CA", "CK"}        # seat 1 holds clubs: it must follow
    play(s, "CK", "C3")
    assert texts(s) == {"SA", "SK", "D5", "D6", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA"}   # void: anything but points (H-6)
    play(s, "DA")                          # a higher card of another suit does not take it
    assert s.current_player == 1 and s.tricks_won == [0, 1, 0, 0]


def test_H_6_no_points_in_the_first_trick_unless_nothing_else():
    s = play(deal(), "C2")
    assert texts(s) == {"S" + r for r in RANKS if r != "Q"}    # spades, not the queen
    play(s, "S2")
    assert texts(s) == {"H" + r for r in RANKS}                 # only hearts: hearts it is
    s = play(deal(no_pts_on_first_trick=False), "C2")
    assert texts(s) == {"S" + r for r in RANKS}


def test_H_7_hearts_are_led_only_once_broken():
    hands = ["C2 C3 C4 H2 H3 H4 H5 H6 H7 H8 D2 D3 D4", "CA CK CQ CJ CT C9 C8 C7 C6 C5 S2 S3 S4",
             "SA SK SQ SJ ST S9 S8 S7 S6 S5 HA HK HQ", "D5 D6 D7 D8 D9 DT DJ DQ DK DA H9 HT HJ"]
    moves = ["C2", "CA", "SA", "D5", "S2", "SK", "D6", "D2"]   # seat 1 takes the first trick, seat 2 the second
    s = play(deal(hands), *moves)
    assert s.current_player == 2 and not s.hearts_broken
    assert texts(s) == {"S" + r for r in "QJT98765"}       # no heart: they are not broken
    play(s, "SQ")
    assert s.hearts_broken                                  # the queen breaks them (qs_breaks_hearts)
    assert not play(deal(hands, qs_breaks_hearts=False), *moves, "SQ").hearts_broken
    free = play(deal(hands, must_break_hearts=False), *moves)
    assert free.hearts_broken and texts(free) >= {"HA", "HK", "HQ"}
    assert play(deal(hands), *moves, "SQ", "H9").hearts_broken


def test_H_7_a_heart_lead_before_breaking_only_from_a_hand_of_hearts():
    """Random deals: a lead before hearts are broken is every non-heart when there is one, and
    every heart from a hand of hearts."""
    seen = set()
    for seed in range(5000):
        if seen == {True, False}:
            break
        rng = random.Random(seed)
        s = stich.Hearts().deal(seed=seed)
        while not s.is_terminal:
            hand = str(s.hand(s.current_player)).split() if s.current_player is not None else []
            if s.phase == "play" and not s.trick and not s.hearts_broken and len(s.tricks_won) and sum(s.tricks_won):
                others = [c for c in hand if c[0] != "H"]
                assert texts(s) == set(others or hand)
                seen.add(bool(others))
            s.apply(rng.choice(s.legal_actions()))
    assert seen == {True, False}


def test_H_8_hearts_instead_of_the_queen():
    hands = ["C2 C3 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ", "CA SQ H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ",
             "CK CQ CJ CT C9 C8 C7 C6 C5 C4 HK HA DA", "SA SK SJ ST S9 S8 S7 S6 S5 S4 S3 S2 DK"]
    s = play(deal(hands), "C2", "CA", "C4", "S2")   # seat 1 takes and leads, holding SQ and hearts
    assert texts(s) == {"SQ"}
    s = play(deal(hands, can_lead_hearts_instead_of_qs=True), "C2", "CA", "C4", "S2")
    assert texts(s) == {"SQ"} | {"H" + r for r in "23456789TJQ"}


def finish(s, seed=0):
    rng = random.Random(seed)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_H_9_penalty_points_hearts_the_queen_and_the_jack():
    for jd in (False, True):
        s = finish(stich.Hearts(jd_bonus=jd).deal(seed=5), 5)
        assert sum(s.points) == 26 - (10 if jd else 0)
    s = play(deal(hands=["C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA", "S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SK SA H2",
                         "SQ DJ H3 H4 H5 H6 H7 H8 H9 HT HJ HQ HK", "HA D2 D3 D4 D5 D6 D7 D8 D9 DT DQ DK DA"], jd_bonus=True),
             "C2", "S2")
    assert texts(s) == {"DJ"}   # seat 2: only DJ is not a point card (H-6)
    play(s, "DJ", "D2")
    assert s.points == [-10, 0, 0, 0]


def a_moon_shot(**options):
    """A deal where seat 0, playing its highest card while the others play their lowest (points
    last), takes every heart and the queen of spades."""
    for seed in range(2000):
        s = finish_greedy(stich.Hearts(**options).deal(seed=seed, pass_direction="hold"), shooter=0)
        if s.shooter == 0:
            return seed, s
    raise AssertionError("no moon shot in 2000 deals")


def test_H_10_shooting_the_moon():
    seed, s = a_moon_shot()
    assert s.points[0] == 26 and s.final_points == [0, 26, 26, 26] and s.returns() == [26, 0, 0, 0]
    jd = finish_greedy(stich.Hearts(jd_bonus=True).deal(seed=seed, pass_direction="hold"), shooter=0)
    assert jd.shooter == 0   # the jack of diamonds is not needed, and counts where it went
    taker = next(k for k in range(4) if jd.points[k] in (-10, 16))
    assert jd.final_points[taker] == (-10 if taker == 0 else 16) and sum(jd.final_points) == 78 - 10
    # No moon while two seats took points.
    assert all(s.shooter is None for s in [finish(stich.Hearts().deal(seed=k), k) for k in range(20)])


def finish_greedy(s, shooter):
    """Plays on: `shooter` its highest legal card, the others their lowest (hearts last)."""
    while not s.is_terminal:
        legal = s.legal_actions()
        by = sorted(legal, key=lambda a: "23456789TJQKA".index(str(a)[1]))
        if s.current_player == shooter:
            s.apply(by[-1])
        else:
            non_points = [a for a in by if str(a)[0] != "H" and str(a) != "SQ"]
            s.apply((non_points or by)[0])
    return s


def test_H_11_a_seat_without_a_trick():
    checked = 0
    for seed in range(200):
        plain = finish_greedy(stich.Hearts().deal(seed=seed, pass_direction="hold"), shooter=1)
        bonus = finish_greedy(stich.Hearts(avoid_all_tricks_bonus=True).deal(seed=seed, pass_direction="hold"), shooter=1)
        empty = [k for k in range(4) if plain.tricks_won[k] == 0]
        assert bonus.tricks_won == plain.tricks_won   # the bonus changes no play
        if plain.shooter is None and empty:
            assert bonus.final_points == [p - 5 * (k in empty) for k, p in enumerate(plain.final_points)]
            checked += 1
        elif plain.shooter is not None:
            assert bonus.final_points == plain.final_points   # no bonus after a moon shot
    assert checked >= 3


def test_H_12_returns_are_26_minus_the_penalty():
    for seed in range(40):
        s = finish(stich.Hearts(jd_bonus=seed % 2 == 0, avoid_all_tricks_bonus=seed % 3 == 0).deal(seed=seed), seed)
        assert s.returns() == [26 - p for p in s.final_points]
        assert all(0 <= r <= 36 for r in s.returns())
    assert stich.Hearts().deal(seed=1).returns() == [0, 0, 0, 0]


def test_H_13_what_each_seat_knows():
    s = deal(BY_SUIT, "left")
    play(s, "C2", "C3", "C4")
    assert s.view(0).known("pass0") == cards("C2 C3 C4") and s.view(1).known("pass0") == cards("")
    assert s.view(1).size("pass0") == 3 and [e for e in s.view(1).history] == [(0, "passes")] * 3
    play(s, "S2", "S3", "S4", "H2", "H3", "H4", "D2", "D3", "D4")
    v1 = s.view(1)
    assert [e for e in v1.history[:3]] == [(0, "pass C2"), (0, "pass C3"), (0, "pass C4")]   # received: now known
    assert s.view(2).history[:3] == [(0, "passes")] * 3
    assert s.view(0).known(1) == cards("C2 C3 C4")                   # the passer knows where they went
    assert s.leader == 1 and s.view(2).known(1) == cards("C2")        # the first leader holds C2
    play(s, "C2", "S2")   # seat 2 holds no club: a void, known to all
    assert s.view(0).forbidden(2) >= cards(" ".join("C" + r for r in "AKQJT98765"))
    # A point card to the first trick proves a hand of points only (H-6).
    t = play(deal(), "C2", "S2", "H5")
    assert t.view(0).forbidden(2) >= cards(" ".join(s + r for s in "CSD" for r in RANKS)) - cards("SQ")


def test_H_13_positions_read_back_after_hidden_passes():
    """A position read back keeps what its seat knows after a pass it did not see: who holds the
    two of clubs before the first card (the 'lead' line, H-4), the passes it received in their
    order, and a card another seat plays that it received through a hidden pass."""
    s = deal(BY_SUIT, "left")
    play(s, "C2", "C3", "C4", "S2", "S3", "S4", "H2", "H3", "H4", "D2", "D3", "D4")
    for seat in range(4):
        text = stich.position_text(s, seat)
        assert "lead: 1" in text.splitlines()
        pos = stich.parse(text)
        assert pos.view == s.view(seat) and pos.state.current_player == 1 and str(pos) == text
    play(s, "C2")   # the two of clubs seat 1 received from seat 0: seat 3 never saw that pass
    pos = stich.parse(stich.position_text(s, 3))
    assert pos.view == s.view(3) and "lead:" not in str(pos)
    with pytest.raises(ValueError, match="lead"):   # a lead line with the first card in the history
        stich.parse(stich.position_text(s, 3).replace("pass: left", "pass: left\nlead: 1"))
    t = deal(BY_SUIT, "left")
    play(t, "C2", "C3", "C4", "S2", "S3", "S4", "H2", "H3", "H4", "D2", "D3", "D4")
    with pytest.raises(ValueError, match="two of clubs"):   # seat 2 leads, yet seat 1 holds C2
        stich.parse(stich.position_text(t, 1).replace("lead: 1", "lead: 2"))


def test_H_14_action_ids_and_openspiels_texts():
    s = deal(direction="left")
    a = next(a for a in s.legal_actions() if a.text == "pass CA")
    assert a.id == 64 + 0 * 13 + 12 and stich.Hearts.num_distinct_actions == 116
    s.apply("CA")
    assert s.view(1).history == [(0, "passes")]
    s = deal()
    assert [a.id for a in s.legal_actions()] == [2]   # C2 = suit 0 * 16 + rank 2


def test_H_15_the_match():
    game = stich.Hearts()
    m = game.match(seed=4, dealer=1)
    directions = []
    while not m.is_over:
        s = m.next_deal()
        directions.append(s.pass_direction)
        assert s.dealer == m.dealer
        while not s.is_terminal:
            s.apply(s.heuristic_action(len(directions)))
        before = list(m.scores)
        m.record(s)
        assert m.scores == [b + p for b, p in zip(before, s.final_points)]
    assert directions[:4] == ["left", "right", "across", "hold"] and max(m.scores) >= 100
    assert m.scores[m.winner] == min(m.scores) and m.scores.count(min(m.scores)) == 1
    with pytest.raises(ValueError, match="the match is over"):
        m.record(s)
    m = stich.Hearts(pass_cards=False).match(seed=1)
    assert m.next_deal().pass_direction == "hold"
    m = game.match(seed=2)
    other = game.deal(seed=3, pass_direction="hold")
    finish(other)
    with pytest.raises(ValueError, match="expects left"):
        m.record(other)
