"""The pure-Python reference (tests/reference/hearts.py) against hand-worked deals, before it is
trusted as the differential test's other side."""

from __future__ import annotations

import pytest

from reference.hearts import RefHearts

pytestmark = pytest.mark.rules

BY_SUIT = [" ".join(s + r for r in "AKQJT98765432") for s in "CSHD"]


def test_the_opening_lead_and_the_first_trick():
    r = RefHearts(BY_SUIT)
    assert r.phase == "play" and r.current_player() == 0 and r.legal_actions() == ["C2"]
    r.apply("C2")
    assert "SQ" not in r.legal_actions() and len(r.legal_actions()) == 12   # H-6
    r.apply("S2")
    assert r.legal_actions() == sorted("H" + x for x in "AKQJT98765432")     # only hearts: hearts
    r.apply("H2")
    r.apply("D2")
    assert r.current_player() == 0 and r.won[0] == ["C2", "S2", "H2", "D2"] and r.penalty(0) == 1


def test_the_pass_goes_round_after_all_twelve():
    r = RefHearts(BY_SUIT, "right")
    for seat, suit in enumerate("CSHD"):
        for x in "234":
            assert r.current_player() == seat
            r.apply(suit + x)
    assert r.phase == "play"
    assert {"C2", "C3", "C4"} <= r.hands[3] and {"D2", "D3", "D4"} <= r.hands[2]
    assert r.current_player() == 3   # the new holder of C2 leads


def test_a_moon_shot_and_the_bonuses_by_hand():
    r = RefHearts(BY_SUIT, jd_bonus=True, avoid_all_tricks_bonus=True)
    r.won = [[], ["H" + x for x in "AKQJT98765432"] + ["SQ", "DJ"], ["C2"], ["C3"]]
    assert r.penalty(1) == 13 + 13 - 10
    assert r.final_penalties() == [26, -10, 26, 26]              # H-10: no bonus for seat 0 after a moon
    r.won = [[], ["H" + x for x in "AKQJT98765432"], ["SQ"], ["DJ"]]
    assert r.final_penalties() == [-5, 13, 13, -10]              # H-11: seat 0 took no trick
    r.phase = "over"
    assert r.returns() == [31, 13, 13, 36]


def test_bad_deals_are_refused():
    with pytest.raises(ValueError, match="four hands of thirteen"):
        RefHearts(BY_SUIT[:3] + [BY_SUIT[0]])
    with pytest.raises(ValueError, match="hold"):
        RefHearts(BY_SUIT, "left", pass_cards=False)
