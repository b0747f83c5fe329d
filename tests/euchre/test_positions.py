"""Euchre positions (docs/notation.md): the upcard line (E-3), the dealer's discard as the other
seats see it (E-4), and the errors of impossible Euchre positions."""

from __future__ import annotations

import pytest
from helpers import EXAMPLES

import stich

pytestmark = pytest.mark.rules

EXAMPLE = (EXAMPLES / "position_euchre.txt").read_text()


def _ordered_up(seed=4):
    """Seat 0 orders up, dealer 3 discards its weakest card: (state after the discard, its discard)."""
    s = stich.Euchre().deal(seed=seed, dealer=3)
    s.apply(next(a for a in s.legal_actions() if a.text != "pass"))
    assert s.phase == "discard" and s.current_player == 3
    s.apply(s.heuristic_action(1))
    return s, str(s.discard)


def test_E_3_a_position_gives_the_upcard():
    pos = stich.parse(EXAMPLE)
    assert str(pos.state.upcard) == "HK" and "upcard: HK" in str(pos)
    with pytest.raises(ValueError, match=r"gives the upcard.*upcard: HJ"):
        stich.parse(EXAMPLE.replace("upcard: HK\n", ""))
    with pytest.raises(ValueError, match="the upcard is one card"):
        stich.parse(EXAMPLE.replace("upcard: HK", "upcard: HK HA"))
    with pytest.raises(ValueError, match="upcard"):
        stich.parse(EXAMPLE.replace("upcard: HK", "upcard: XX"))


def test_E_3_the_upcard_goes_to_the_dealer_only():
    text = EXAMPLE.replace("hand: CJ SQ S9 D9", "hand: CJ SQ S9 HK")
    with pytest.raises(ValueError, match=r"the upcard HK goes to the dealer \(seat 3\), not to seat 2"):
        stich.parse(text)


def test_E_4_other_seats_see_that_the_dealer_discarded_not_the_card():
    s, discard = _ordered_up()
    for seat in (0, 1, 2):
        text = stich.position_text(s, seat)
        assert "3 discards" in text and discard not in text.split("history:")[1]
        worlds = {str(stich.parse(text, seed=k).state.discard) for k in range(40)}
        assert len(worlds) > 1                      # the rebuilt discard is drawn, not the true one
        for k in range(5):
            rebuilt = stich.parse(text, seed=k).state
            assert str(rebuilt.discard) in rebuilt.kitty and str(rebuilt.upcard) in rebuilt.hand(3)
    own = stich.position_text(s, 3)
    assert f"3 discard {discard}" in own
    assert {str(stich.parse(own, seed=k).state.discard) for k in range(10)} == {discard}


def test_E_4_the_dealers_discard_must_be_its_own_card():
    s, discard = _ordered_up()
    own = stich.position_text(s, 3)
    hand = next(ln for ln in own.splitlines() if ln.startswith("hand:"))
    card = hand.split()[1]
    bad = own.replace(f"3 discard {discard}", f"3 discard {card}")   # a card it still holds
    with pytest.raises(ValueError, match="given twice"):
        stich.parse(bad)


def test_a_discards_entry_out_of_turn_is_refused():
    s, _ = _ordered_up()
    text = stich.position_text(s, 1).replace("3 discards", "2 discards")
    with pytest.raises(ValueError, match=r"history entry 1 \('2 discards'\): seat 2 cannot act here, seat 3 is to act"):
        stich.parse(text)


def test_analyse_the_example(capsys):
    from stich.__main__ import main
    assert main(["analyse", str(EXAMPLES / "position_euchre.txt"), "--method", "ismcts", "--iterations", "2000"]) == 0
    out = capsys.readouterr().out
    assert "seat 2 to act" in out and "kitty: 4 unknown" in out and "discard" not in out.split("search:")[0]
