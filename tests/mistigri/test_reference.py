"""Self-checks of the pure-Python Mistigri / Moench reference (tests/reference/mistigri.py) against
hand-worked deals. Every expectation was worked out by hand from docs/rules/ (M-1 .. M-12,
G-1, G-4) and tests/reference/SPEC.md "Mistigri / Moench deal"; tricks are written beside each deal.

Conventions: 4 players, german32, dealer 3 (forehand 0), stake 5 unless said otherwise.
Mistigri rank order (M-1): A K O U Z 9 8 7 -- the ten sits below the Unter/Ober.
"""

import copy
import functools

import pytest

from reference.cards import DECKS
from reference.mistigri import RefMistigri, RefMistigriMatch, check_options, deck_of
from reference.perft import perft_mistigri
from helpers.play import play

pytestmark = pytest.mark.rules

EU_ALL = ["EU:E", "EU:G", "EU:H", "EU:S"]


def make(hands, turned, top="", dealer=3, options=None, pot=0, side_pot=0):
    """A deal whose talon starts with `top` (top first); the rest of the talon follows in deck
    order."""
    deck = deck_of(check_options(options))
    hands = [h.split() for h in hands]
    top = top.split()
    used = {c for h in hands for c in h} | {turned} | set(top)
    talon = top + [c for c in DECKS[deck] if c not in used]
    return RefMistigri(hands, turned, talon, dealer, options, pot, side_pot)


# Scripted actions, unchecked (the reference's apply judges them): separated by commas, or (runw,
# for actions without spaces) by whitespace.
run = functools.partial(play, check=False)
runw = functools.partial(play, sep=None, check=False)


def check_conservation(state, pot_before, side_before):
    """G-4: the seats' chip changes plus the change of pot and side pot sum to zero."""
    after = state.pot + state.side_pot
    assert sum(state.returns()) + after - (pot_before + side_before) == 0


ALL_JOIN = "join join join join"
ALL_KEEP = "keep keep keep keep"

# MAIN, turned H7 (hearts trump: EU HA HK HO HU HZ H9 H8). All join, all keep, no flush.
# T1 (0) G7 H9 G9 HU -> 3: seat 1 void in leaves must trump; seat 2 must follow with G9 although
#    its HO would win; seat 3 void must over-trump H9 (HU, not H8).
# T2 (3) SZ SA S8 S7 -> 0: seat 0 must head SZ with SA.
# T3 (0) GA HA EU:G H8 -> 2: seat 2 can only beat HA with the Mistigri; naming leaves makes GA a
#    trump and HA plain at once, so seat 3 (no leaves) may play any card.
# T4 (2) HO SO HZ SK -> 2 (leaves trump: HO plain, HZ lower than HO).
# T5 (2) EK E7 EA E8 -> 0.
# tricks [2, 0, 2, 1]; seat 1 took none (Loo).
MAIN = ["G7 GA SA EA HZ", "H9 HA SK S8 E8", "G9 EU HO S7 EK", "HU H8 SZ E7 SO"]
MAIN_PLAY = "G7 H9 G9 HU SZ SA S8 S7 GA HA EU:G H8 HO SO HZ SK EK E7 EA E8"


# ----- options, deck, antes, turned card (M-1, M-3, M-4, G-3) -------------------------------------

def test_options_validated():
    assert check_options(None)["players"] == 4
    for bad in ({"colour": 1}, {"players": 2}, {"players": 7}, {"players": True},
                {"deck": "german24"}, {"deck": "french24"}, {"stake": 0}, {"chips": -1},
                {"monch": "yes"}, {"club_law": 1}, {"deals": 0}, {"deals": 2.0}):
        with pytest.raises(ValueError):
            check_options(bad)
    assert deck_of(check_options({})) == "german32"
    assert deck_of(check_options({"monch": True})) == "german36"
    assert deck_of(check_options({"monch": True, "players": 5})) == "german36"
    assert deck_of(check_options({"monch": True, "players": 6})) == "french52"
    assert deck_of(check_options({"monch": True, "deck": "french32"})) == "french32"
    assert deck_of(check_options({"players": 6})) == "german32"  # 31 cards needed, 32 there


def test_bad_deals_rejected():
    with pytest.raises(ValueError):  # EU twice
        RefMistigri([h.split() for h in MAIN], "H7",
                    [c for c in DECKS["german32"] if c not in " ".join(MAIN + ["H7"]).split()
                     and c != "E7"] + ["EU"], 3)
    with pytest.raises(ValueError):  # 4 hands for 3 players
        make(MAIN, "H7", options={"players": 3})
    with pytest.raises(ValueError):  # German card in a French deal
        make(MAIN, "H7", options={"deck": "french32"})
    with pytest.raises(ValueError):
        make(MAIN, "H7", dealer=4)
    with pytest.raises(ValueError):
        make(MAIN, "H7", pot=-1)


def test_turned_card_sets_trump_and_antes():
    s = make(MAIN, "H7")
    assert s.trump == "H" and s.turned == "H7"
    assert s.pot == 20 and s.side_pot == 0  # every seat antes the stake
    assert s.current_player() == 0 and s.legal_actions() == ["pass", "join"]
    with pytest.raises(ValueError):
        s.returns()
    s = make(MAIN, "S9", pot=7, options={"stake": 2})
    assert s.trump == "S" and s.pot == 15
    # H7 is in the talon now and never drawn as turned card
    assert "H7" in s.talon


def test_turned_mistigri_makes_acorns_trump_and_is_out_of_play():
    hands = ["GA GK SA HA HZ", "H9 HK SK S8 E8", "G9 EA HO S7 EK", "HU H8 SZ E7 SO"]
    s = make(hands, "EU")
    assert s.trump == "E" and s.turned == "EU"
    assert all("EU" not in h for h in s.hands) and "EU" not in s.talon
    # French: the jack of clubs turned makes clubs trump
    fr = ["SA SK SQ ST S9", "HA HK HQ HT H9", "DA DK DQ DT D9", "CA CK CQ C9 C8"]
    s = make(fr, "CJ", options={"deck": "french32"})
    assert s.trump == "C" and s.mistigri == "CJ"
    assert "CJ" not in s.talon and all("CJ" not in h for h in s.hands)
    s = make(hands, "EU", top="EZ GO")
    run(s, "join, join, pass, pass, discard HA HZ, keep")
    assert s.hands[0] == {"GA", "GK", "SA", "EZ", "GO"}
    assert s.flushes == {} and s.phase == "play"
    assert s.contract.trump_order[:3] == ["EU", "EA", "EK"]
    # acorns are trump: seat 0 leads GA, seat 1 (no leaves) must trump with its acorn E8
    s.apply("GA")
    assert s.legal_actions() == ["E8"]


def test_pot_cap_on_antes_monch():
    s = make(MAIN, "H7", options={"monch": True}, pot=30)
    assert (s.pot, s.side_pot) == (40, 10)
    s = make(MAIN, "H7", options={"monch": True}, pot=0, side_pot=30)
    assert (s.pot, s.side_pot) == (40, 10)
    s = make(MAIN, "H7", options={"monch": True}, pot=0, side_pot=7)
    assert (s.pot, s.side_pot) == (27, 0)
    s = make(MAIN, "H7", pot=30)  # no cap without monch
    assert (s.pot, s.side_pot) == (50, 0)


# ----- bidding (M-5) --------------------------------------------------------------------------------

def test_club_law():
    e_trump = make(MAIN, "E9", options={"club_law": True})
    assert e_trump.trump == "E" and e_trump.legal_actions() == ["join"]
    with pytest.raises(ValueError):
        e_trump.apply("pass")
    assert make(MAIN, "E9").legal_actions() == ["pass", "join"]  # option off
    assert make(MAIN, "H7", options={"club_law": True}).legal_actions() == ["pass", "join"]
    # a turned Mistigri makes acorns trump: club law applies
    hands = ["GA GK SA HA HZ", "H9 HK SK S8 E8", "G9 EA HO S7 EK", "HU H8 SZ E7 SO"]
    assert make(hands, "EU", options={"club_law": True}).legal_actions() == ["join"]
    fr = ["SA SK SQ ST S9", "HA HK HQ HT H9", "DA DK DQ DT D9", "CA CK CQ C9 C8"]
    s = make(fr, "C7", options={"deck": "french32", "club_law": True})
    assert s.legal_actions() == ["join"]


def test_bidding_order_from_forehand():
    s = make(MAIN, "H7", dealer=1)
    order = []
    for _ in range(4):
        order.append(s.current_player())
        s.apply("join")
    assert order == [2, 3, 0, 1]
    assert s.phase == "exchange" and s.joined == [0, 1, 2, 3]
    assert s.current_player() == 2  # exchange too runs from forehand


def test_nobody_joins_pot_carries():
    s = runw(make(MAIN, "H7", pot=3), "pass pass pass pass")
    assert s.is_terminal() and s.current_player() is None and s.legal_actions() == []
    assert s.returns() == [-5, -5, -5, -5] and s.pot == 23
    check_conservation(s, 3, 0)
    with pytest.raises(ValueError):
        s.apply("pass")


def test_nobody_joins_monch_dealer_paid_by_rearhand():
    # dealer 3, rearhand 2
    s = runw(make(MAIN, "H7", options={"monch": True}), "pass pass pass pass")
    assert s.returns() == [-5, -5, -10, 0] and s.pot == 20
    # dealer 0, rearhand 3; the pot is capped at 40
    s = runw(make(MAIN, "H7", dealer=0, options={"monch": True}, pot=25), "pass pass pass pass")
    assert s.returns() == [0, -5, -5, -10]
    assert (s.pot, s.side_pot) == (40, 5)
    check_conservation(s, 25, 0)
    # 3 players, dealer 0: rearhand is seat 2
    three = ["G7 GA SA EA HZ", "H9 HA SK S8 E8", "G9 EU HO S7 EK"]
    s = runw(make(three, "H7", dealer=0, options={"monch": True, "players": 3}), "pass pass pass")
    assert s.returns() == [0, -5, -10] and s.pot == 15


def test_exactly_one_joins_takes_pot():
    s = runw(make(MAIN, "H7", pot=4), "pass join pass pass")
    assert s.is_terminal() and s.joined == [1]
    assert s.returns() == [-5, 19, -5, -5] and s.pot == 0
    check_conservation(s, 4, 0)
    # dealer 1: order 2 3 0 1, seat 0 joins
    s = runw(make(MAIN, "H7", dealer=1), "pass pass join pass")
    assert s.returns() == [15, -5, -5, -5]
    # monch: it takes the capped pot; the side pot then tops the empty pot up
    s = runw(make(MAIN, "H7", options={"monch": True}, pot=30, side_pot=5), "join pass pass pass")
    assert s.returns() == [35, -5, -5, -5]
    assert (s.pot, s.side_pot) == (15, 0)
    check_conservation(s, 30, 5)


# ----- exchange (M-6) -------------------------------------------------------------------------------

def test_exchange_sizes_and_talon_running_out():
    # talon (11 cards) top first: GK SU GO S9 HK EZ EO GU G8 GZ E9
    s = make(MAIN, "H7", top="GK SU GO S9 HK EZ EO GU G8 GZ E9")
    runw(s, ALL_JOIN)
    actions = s.legal_actions()
    assert len(actions) == 32 and actions[0] == "keep"  # keep + every subset of 1..5 cards
    assert "discard EA G7 GA HZ SA" in actions
    assert "discard SA EA" not in actions  # canonical text: ascending card id
    s.apply("discard SA HZ GA G7 EA")  # applied texts are normalised
    assert s.history[-1] == "discard EA G7 GA HZ SA"
    assert s.hands[0] == {"GK", "SU", "GO", "S9", "HK"}
    assert s.discarded[0] == 5 and len(s.talon) == 6
    run(s, "discard E8 H9 HA S8 SK")
    assert s.hands[1] == {"EZ", "EO", "GU", "G8", "GZ"} and s.talon == ["E9"]
    assert s.current_player() == 2
    assert s.legal_actions() == ["keep", "discard EU", "discard EK", "discard G9", "discard HO",
                                 "discard S7"]  # one card left to draw
    with pytest.raises(ValueError):
        s.apply("discard S7 EK")
    run(s, "discard S7")
    assert s.hands[2] == {"G9", "EU", "HO", "EK", "E9"} and s.talon == []
    assert s.legal_actions() == ["keep"]  # the talon is empty: nothing can be drawn
    s.apply("keep")
    assert s.discarded == [5, 5, 1, 0]
    assert s.phase == "play" and s.flush_winner is None and s.current_player() == 0


def test_exchange_only_joined_seats_from_forehand():
    s = runw(make(MAIN, "H7", dealer=0, top="GK SU GO"), "join pass join join")
    # dealer 0: order 1 2 3 0; seat 2 passed
    assert s.joined == [0, 1, 3] and s.current_player() == 1
    run(s, "discard E8")
    assert s.current_player() == 3 and "GK" in s.hands[1]
    run(s, "discard E7 SO")
    assert s.hands[3] == {"HU", "H8", "SZ", "SU", "GO"}
    assert s.current_player() == 0
    s.apply("keep")
    assert s.phase == "play" and s.current_player() == 1  # first joined seat after the dealer
    assert s.hands[2] == {"G9", "EU", "HO", "S7", "EK"}  # untouched


def test_monch_exchange_limit_four():
    s = runw(make(MAIN, "H7", options={"monch": True}), ALL_JOIN)
    actions = s.legal_actions()
    assert len(actions) == 1 + 5 + 10 + 10 + 5  # at most 4 cards
    assert not any(len(a.split()) == 6 for a in actions)
    with pytest.raises(ValueError):
        s.apply("discard EA G7 GA HZ SA")


# MONCH5: 5 players, german36 (monch default), dealer 4 (forehand 0), turned S7 (spades trump).
# Talon (10) top first: EU E7 GU G8 G7 HU H8 H7 SU S8.
MONCH5 = ["EA EK EO E9 G6", "GA GK GO G9 H6", "HA HK HO H9 S6", "SA SK SO S9 E6", "EZ GZ HZ SZ E8"]
MONCH5_TALON = "EU E7 GU G8 G7 HU H8 H7 SU S8"


def monch5():
    s = make(MONCH5, "S7", top=MONCH5_TALON, dealer=4, options={"monch": True, "players": 5})
    assert s.deck_name == "german36" and len(s.talon) == 10
    return runw(s, "join join join join join")


def test_monch_reshuffle_of_earlier_discards():
    s = monch5()
    run(s, "discard E9 EO EK G6")
    assert s.hands[0] == {"EA", "EU", "E7", "GU", "G8"}
    run(s, "discard G9 GO GK H6")
    assert s.hands[1] == {"GA", "G7", "HU", "H8", "H7"}
    assert s.talon == ["SU", "S8"]
    # talon 2 + 8 earlier discards: still at most 4
    assert len(s.legal_actions()) == 31
    run(s, "discard H9 HO HK")
    # draws SU S8, then the 8 earlier discards become the talon (default hook: ascending card id
    # E9 EO EK G6 G9 GO GK H6) and it draws E9; its own discards are not in the new talon.
    assert s.hands[2] == {"HA", "S6", "SU", "S8", "E9"}
    assert s.reshuffles == 1
    assert s.talon == ["EO", "EK", "G6", "G9", "GO", "GK", "H6"]
    assert sorted(s.discard_pile) == ["H9", "HK", "HO"]
    assert len(s.legal_actions()) == 31  # seat 3: talon 7 + 3 discards, at most 4
    run(s, "keep, keep")
    assert s.phase == "play" and s.flushes == {}  # SA SK SO S9 E6: E6 is no wild card


def test_monch_reshuffle_hook_sets_the_order():
    s = monch5()
    seen = []

    def hook(cards_):
        seen.append(list(cards_))
        return list(reversed(cards_))

    s.reshuffle = hook
    run(s, "discard E9 EO EK G6, discard G9 GO GK H6, discard H9 HO HK")
    assert seen == [["E9", "EO", "EK", "G6", "G9", "GO", "GK", "H6"]]
    assert s.hands[2] == {"HA", "S6", "SU", "S8", "H6"}
    assert s.talon == ["GK", "GO", "G9", "G6", "EK", "EO", "E9"]
    # a hook that loses cards is rejected
    s = monch5()
    s.reshuffle = lambda cards_: cards_[1:]
    run(s, "discard E9 EO EK G6, discard G9 GO GK H6")
    with pytest.raises(ValueError):
        s.apply("discard H9 HO HK")


def test_monch_reshuffle_takes_all_earlier_discards():
    s = monch5()
    run(s, "keep, discard G9 GO GK H6")  # draws EU E7 GU G8; talon 6 left
    run(s, "discard H9 HO HK S6")  # draws G7 HU H8 H7; talon SU S8
    assert s.talon == ["SU", "S8"]
    assert s.discard_pile == ["G9", "GO", "GK", "H6", "H9", "HO", "HK", "S6"]
    run(s, "discard S9 SO SK SA")  # SU S8 from the talon, then G9 GO from seats 1 and 2's discards
    assert s.hands[3] == {"E6", "SU", "S8", "G9", "GO"}
    assert s.talon == ["GK", "H6", "H9", "HO", "HK", "S6"]
    assert sorted(s.discard_pile) == sorted(["S9", "SO", "SK", "SA"])


def test_monch_reshuffle_happens_when_a_draw_finds_the_talon_empty():
    # seat 2 empties the talon exactly; nothing is reshuffled yet. Seat 3's draw then finds it
    # empty, and the discards of seats 0, 1 and 2 (all earlier seats) form the new talon.
    s = monch5()
    s.reshuffle = lambda cards_: list(reversed(cards_))
    run(s, "discard E9 EO EK G6, discard G9 GO GK H6, discard H9 HO")
    assert s.talon == [] and s.reshuffles == 0
    assert s.hands[2] == {"HA", "HK", "S6", "SU", "S8"}
    assert len(s.legal_actions()) == 31  # 0 in the talon + 10 discards, at most 4
    run(s, "discard E6")
    assert s.reshuffles == 1 and s.hands[3] == {"SA", "SK", "SO", "S9", "HO"}
    assert s.talon == ["H9", "H6", "GK", "GO", "G9", "G6", "EK", "EO", "E9"]
    assert s.discard_pile == ["E6"]

# ----- flush (M-2, M-7) -----------------------------------------------------------------------------

def test_flush_of_with_mistigri_wild():
    s = make(MAIN, "H7")
    assert s.flush_of({"GA", "GK", "GO", "G9", "G8"}) == ("G", 48)
    assert s.flush_of({"EU", "SA", "SK", "SO", "SZ"}) == ("S", 51)  # Mistigri counts 10
    assert s.flush_of({"EU", "EA", "EK", "EO", "E9"}) == ("E", 50)  # printed acorns anyway
    assert s.flush_of({"SA", "SK", "SO", "SZ", "E9"}) is None
    assert s.flush_of({"GU", "SA", "SK", "SO", "SZ"}) is None  # only EU is wild
    assert s.flush_of({"EU", "SA", "SK", "SO", "H8"}) is None
    fr = make(["SA SK SQ ST S9", "HA HK HQ HT H9", "DA DK DQ DT D9", "CA CK CQ C9 C8"], "D7",
              options={"deck": "french32"})
    assert fr.flush_of({"CJ", "HA", "HK", "HQ", "HT"}) == ("H", 51)
    assert fr.flush_of({"DA", "DK", "DQ", "DT", "D9"}) == ("D", 50)


def test_flush_drawn_in_exchange_wins_pot():
    # seat 0 keeps G7 GA, draws GK GO GU: 7 + 11 + 10 + 10 + 10 = 48
    s = make(MAIN, "H7", top="GK GO GU", pot=3)
    run(s, "join, join, join, pass, discard EA HZ SA, keep, keep")
    assert s.flush_winner == 0 and s.flushes == {0: ("G", 48)}
    assert s.is_terminal()
    assert s.returns() == [-5 + 23, -10, -10, -5]  # other joined seats pay a stake each
    assert s.pot == 10
    check_conservation(s, 3, 0)


# FLUSHES, turned H7 (hearts trump): seat 0 leaves 48, seat 1 hearts (trump) 47,
# seat 2 spades with the Mistigri 51, seat 3 nothing.
FLUSHES = ["GA GK GO G9 G8", "HK HO HZ H9 H8", "SA SK SO SZ EU", "EA EK GU S9 E8"]


def test_two_flushes_trump_flush_wins():
    s = runw(make(FLUSHES, "H7"), ALL_JOIN + " " + ALL_KEEP)
    assert s.flushes == {0: ("G", 48), 1: ("H", 47), 2: ("S", 51)}
    assert s.flush_winner == 1  # the trump flush beats more points
    assert s.returns() == [-10, 15, -10, -10] and s.pot == 15
    # seat 1 passes: the higher points win, passed seats pay nothing more
    s = runw(make(FLUSHES, "H7"), "join pass join join " + "keep keep keep")
    assert s.flush_winner == 2 and 1 not in s.flushes
    assert s.returns() == [-10, -5, 15, -10] and s.pot == 10


def test_two_flushes_points_then_nearer_forehand():
    equal = ["GA GK GO G9 G8", "HK HO E7 H9 H8", "SA SK SO S9 S8", "EA EK GU SZ E8"]
    s = runw(make(equal, "H7"), ALL_JOIN + " " + ALL_KEEP)
    assert s.flushes == {0: ("G", 48), 2: ("S", 48)}
    assert s.flush_winner == 0  # dealer 3: seat 0 is forehand
    s = runw(make(equal, "H7", dealer=1), ALL_JOIN + " " + ALL_KEEP)
    assert s.flush_winner == 2  # dealer 1: seat 2 is forehand, seat 0 third
    assert s.returns() == [-10, -10, 15, -10]
    # a trump flush made with the Mistigri (spades trump) beats a higher plain flush:
    # seat 0 leaves 48, seat 1 hearts 47, seat 2 SU SZ S9 S8 + EU 47
    low = ["GA GK GO G9 G8", "HK HO HZ H9 H8", "SU SZ S9 S8 EU", "EA EK GU SA E8"]
    s = runw(make(low, "S7"), ALL_JOIN + " " + ALL_KEEP)
    assert s.trump == "S" and s.flushes[2] == ("S", 47) and s.flush_winner == 2
    s = runw(make(low, "H7"), ALL_JOIN + " " + ALL_KEEP)
    assert s.flush_winner == 1


def test_flush_penalties_monch_exemptions():
    # MISTI: seat 2 holds the Mistigri without a flush.
    misti = ["GA GK GO G9 G8", "HK HO HZ H9 H8", "EU SA SK E9 G7", "EA EK GU S9 E8"]
    s = runw(make(misti, "H7", pot=30), ALL_JOIN + " " + ALL_KEEP)
    assert s.flush_winner == 1 and s.returns() == [-10, 45, -10, -10] and s.pot == 15
    opts = {"monch": True, "deck": "german32"}
    s = make(misti, "H7", pot=30, side_pot=10, options=opts)
    assert (s.pot, s.side_pot) == (40, 20)
    runw(s, ALL_JOIN + " " + ALL_KEEP)
    # seat 1 takes 40; seat 0 (lower flush) and seat 2 (Mistigri) pay nothing; seat 3 pays 5;
    # the pot of 5 is topped up to 25 from the side pot of 20.
    assert s.returns() == [-5, 35, -5, -10]
    assert (s.pot, s.side_pot) == (25, 0)
    check_conservation(s, 30, 10)
    # FLUSHES under monch: seats 0 and 2 both have flushes, seat 3 alone pays
    s = runw(make(FLUSHES, "H7", options=opts), ALL_JOIN + " " + ALL_KEEP)
    assert s.returns() == [-5, 15, -5, -10] and s.pot == 5


# ----- play (M-8, M-9) ------------------------------------------------------------------------------

def main_play(options=None, pot=0, side_pot=0, upto=None):
    s = runw(make(MAIN, "H7", options=options, pot=pot, side_pot=side_pot),
             ALL_JOIN + " " + ALL_KEEP)
    assert s.phase == "play"
    plays = MAIN_PLAY.split()
    for action in plays[:upto]:
        s.apply(action)
    return s


def test_cascade_trick_one():
    s = main_play(upto=0)
    assert s.current_player() == 0
    assert s.legal_actions() == ["EA", "G7", "GA", "HZ", "SA"]  # a lead: anything
    s.apply("G7")
    assert s.legal_actions() == ["H9", "HA"]  # void in leaves: trump (any trump beats G7)
    s.apply("H9")
    # a trump already lies on the plain lead: seat 2 must still follow suit, though G9 cannot
    # head the trick and HO could
    assert s.legal_actions() == ["G9"]
    s.apply("G9")
    assert s.legal_actions() == ["HU"]  # void: must over-trump H9 (H8 is not allowed)
    s.apply("HU")
    assert s.trick_winners == [3] and s.current_player() == 3


def test_cascade_must_head_and_under_trump():
    s = main_play(upto=5)  # T2: SZ led by seat 3
    assert s.legal_actions() == ["SA"]  # must head SZ
    s.apply("SA")
    assert s.legal_actions() == ["S8", "SK"]  # cannot head SA: any spade
    # under-trump: seat 1 holds HU HA, seat 3 only H9 H8 below HA
    under = ["G7 GA SA EA HZ", "HU HA SK S8 E8", "G9 EU HO S7 EK", "H9 H8 SZ E7 SO"]
    s = runw(make(under, "H7"), ALL_JOIN + " " + ALL_KEEP + " G7")
    assert s.legal_actions() == ["HU", "HA"]
    runw(s, "HA G9")
    assert s.legal_actions() == ["H8", "H9"]  # cannot beat HA: any trump (even under it)
    # the ten is below the Unter/Ober (M-1): HZ led, HU heads it
    s = runw(make(under, "H7"), ALL_JOIN + " " + ALL_KEEP + " HZ")
    assert s.legal_actions() == ["HU", "HA"]


def test_mistigri_names_suit_mid_trick():
    s = main_play(upto=10)  # T3: GA HA led/played
    assert s.current_player() == 2
    assert s.legal_actions() == EU_ALL  # only the Mistigri beats HA
    base = copy.deepcopy(s)
    s.apply("EU:G")
    assert s.trump == "G"
    # leaves are trump at once: GA (the lead) is a trump now, HA plain; seat 3 has no leaves
    assert s.legal_actions() == ["E7", "H8", "SO"]
    for named, expected in (("EU:H", ["H8"]), ("EU:S", ["SO"]), ("EU:E", ["E7"])):
        t = copy.deepcopy(base)
        t.apply(named)
        assert t.trump == named[-1] and t.legal_actions() == expected


def test_mistigri_needs_named_suit():
    s = main_play(upto=10)
    for bad in ("EU", "EU:X", "EU:"):
        with pytest.raises(ValueError):
            s.apply(bad)


def test_full_main_deal_and_payout():
    s = main_play()
    assert s.is_terminal() and s.current_player() is None
    assert s.trump == "G"  # the named trump stays for the rest of the deal
    assert s.trick_winners == [3, 0, 2, 2, 0] and s.tricks_won == [2, 0, 2, 1]
    # P = 20: 4 a trick; seat 1 took none: Loo penalty 5
    assert s.returns() == [-5 + 8, -10, -5 + 8, -5 + 4]
    assert s.pot == 5
    check_conservation(s, 0, 0)


def test_payout_floor_and_remainder():
    s = main_play(pot=7)
    assert s.play_pot == 27 and s.per_trick == 5
    # 25 paid out, 2 stay, plus the Loo stake
    assert s.returns() == [5, -10, 5, 0] and s.pot == 7
    check_conservation(s, 7, 0)


def test_trick_play_legal_sequence_main():
    s = main_play(upto=0)
    expected = [
        ["EA", "G7", "GA", "HZ", "SA"], ["H9", "HA"], ["G9"], ["HU"],
        ["E7", "H8", "SZ", "SO"], ["SA"], ["S8", "SK"], ["S7"],
        ["EA", "GA", "HZ"], ["HA"], EU_ALL, ["E7", "H8", "SO"],
        ["EK", "HO"], ["E7", "SO"], ["HZ"], ["E8", "SK"],
        ["EK"], ["E7"], ["EA"], ["E8"],
    ]
    for action, legal in zip(MAIN_PLAY.split(), expected):
        assert s.legal_actions() == legal, action
        s.apply(action)


# LEAD: seat 0 holds the Mistigri and leads it in trick 1 (hearts turned).
LEAD = ["EU G7 SA EA HZ", "H9 HA SK S8 E8", "G9 GA HO S7 EK", "HU H8 SZ E7 SO"]


def test_mistigri_lead_makes_named_suit_led():
    s = runw(make(LEAD, "H7"), ALL_JOIN + " " + ALL_KEEP)
    assert s.legal_actions() == EU_ALL + ["EA", "G7", "HZ", "SA"]
    base = copy.deepcopy(s)
    s.apply("EU:S")
    assert s.trump == "S"
    assert s.legal_actions() == ["S8", "SK"]  # spades led: HA H9 are plain now
    s.apply("SK")
    assert s.legal_actions() == ["S7"]
    s.apply("S7")
    assert s.legal_actions() == ["SZ", "SO"]
    s.apply("SO")
    assert s.trick_winners == [0]
    t = copy.deepcopy(base)
    t.apply("EU:H")
    assert t.legal_actions() == ["H9", "HA"]
    t = copy.deepcopy(base)
    t.apply("EU:G")
    assert t.legal_actions() == ["E8", "H9", "HA", "S8", "SK"]  # no leaves: anything
    t.apply("HA")
    assert t.legal_actions() == ["G9", "GA"]


def test_first_joined_seat_after_dealer_leads_and_small_tricks():
    s = runw(make(MAIN, "H7"), "pass join pass join keep keep")
    assert s.joined == [1, 3] and s.current_player() == 1
    s.apply("E8")
    assert s.current_player() == 3 and s.legal_actions() == ["E7"]
    s.apply("E7")
    assert s.trick_winners == [1] and s.current_player() == 1  # tricks of two cards


# ----- M-11 (monch): the Mistigri keeps still --------------------------------------------------------

# M11, turned H7: seat 0 holds the trump ace HA, seat 1 the Mistigri and H9.
M11 = ["HA G7 SA EA HZ", "H9 EU SK S8 E8", "G9 GA HO S7 EK", "HU H8 SZ E7 SO"]


def test_m11_mistigri_keeps_still_after_trump_ace_lead():
    s = runw(make(M11, "H7", options={"monch": True}), ALL_JOIN + " " + ALL_KEEP)
    assert s.deck_name == "german36"
    s.apply("HA")
    assert s.legal_actions() == ["H9"]  # the cascade on the hand without the Mistigri
    runw(s, "H9")
    assert s.legal_actions() == ["HO"]
    runw(s, "HO")
    assert s.legal_actions() == ["H8", "HU"]
    runw(s, "H8")
    assert s.trick_winners == [0]
    s.apply("HZ")  # second trick: the Mistigri is free again
    assert s.legal_actions() == EU_ALL
    # without monch the Mistigri must head the trump ace
    s = runw(make(M11, "H7", options={"deck": "german36"}), ALL_JOIN + " " + ALL_KEEP + " HA")
    assert s.legal_actions() == EU_ALL


def test_m11_only_for_the_trump_ace():
    s = runw(make(M11, "H7", options={"monch": True}), ALL_JOIN + " " + ALL_KEEP + " HZ")
    assert s.legal_actions() == EU_ALL  # HZ is no ace: EU must head it
    # a plain ace: seat 1 holds SK S8, must follow spades anyway
    s = runw(make(M11, "H7", options={"monch": True}), ALL_JOIN + " " + ALL_KEEP + " SA")
    assert s.legal_actions() == ["S8", "SK"]
    # a Mistigri holder void in trumps after the ace lead plays any other card
    void = ["HA G7 SA EA HZ", "GK EU SK S8 E8", "G9 GA HO S7 EK", "HU H8 SZ E7 SO"]
    s = runw(make(void, "H7", options={"monch": True}), ALL_JOIN + " " + ALL_KEEP + " HA")
    assert s.legal_actions() == ["E8", "GK", "S8", "SK"]


def test_m11_applies_to_first_leader_not_forehand():
    # dealer 2: forehand 3 passes, seat 0 is the first joined seat after the dealer and leads HA
    s = runw(make(M11, "H7", dealer=2, options={"monch": True}),
             "pass join join join keep keep keep HA")
    assert s.legal_actions() == ["H9"]


# ----- monch payout with pot cap (M-10) -------------------------------------------------------------

def test_monch_play_payout_cap_and_side_pot():
    s = main_play(options={"monch": True}, pot=35, side_pot=3)
    assert s.play_pot == 40 and s.per_trick == 8
    assert s.returns() == [-5 + 16, -10, -5 + 16, -5 + 8]
    assert (s.pot, s.side_pot) == (23, 0)  # 5 left (Loo) + 18 from the side pot
    check_conservation(s, 35, 3)
    s = main_play(options={"monch": True}, pot=35, side_pot=60)
    assert (s.pot, s.side_pot) == (40, 40)
    check_conservation(s, 35, 60)


# ----- 3 players, French deck -----------------------------------------------------------------------

# FR3: 3 players, french32, dealer 2 (forehand 0), turned D7 (diamonds trump).
# T1 (0) CA C7 C8 -> 0: the jack of clubs is a trump, not a club: seat 1 must play C7.
# T2 (0) S9 SK ST -> 1 (T below K).  T3 (1) CJ:H HK H8 -> 1 (hearts trump now).
# T4 (1) HA DA DQ -> 1 (diamonds plain now).  T5 (1) D9 S7 CK -> 1.
FR3 = ["CA CK DQ S9 H8", "CJ HA SK D9 C7", "DA ST HK C8 S7"]
FR3_PLAY = "CA C7 C8 S9 SK ST CJ:H HK H8 HA DA DQ D9 S7 CK"


def test_three_players_french_deal():
    s = make(FR3, "D7", dealer=2, options={"players": 3, "deck": "french32"})
    assert s.pot == 15 and s.trump == "D" and len(s.talon) == 16
    runw(s, "join join join keep keep keep")
    expected = [
        ["CK", "CA", "S9", "H8", "DQ"], ["C7"], ["C8"],
        ["CK", "S9", "H8", "DQ"], ["SK"], ["S7", "ST"],
        ["CJ:C", "CJ:S", "CJ:H", "CJ:D", "HA", "D9"], ["HK"], ["H8"],
        ["HA", "D9"], ["S7", "DA"], ["CK", "DQ"],
        ["D9"], ["S7"], ["CK"],
    ]
    for action, legal in zip(FR3_PLAY.split(), expected):
        assert s.legal_actions() == legal, action
        s.apply(action)
    assert s.trump == "H"
    assert s.trick_winners == [0, 1, 1, 1, 1] and s.tricks_won == [1, 4, 0]
    assert s.returns() == [-5 + 3, -5 + 12, -10] and s.pot == 5
    check_conservation(s, 0, 0)


def test_monch_six_players_french52():
    deck = DECKS["french52"]
    hands = [deck[5 * i:5 * i + 5] for i in range(6)]
    s = RefMistigri(hands, deck[30], deck[31:], 5, {"monch": True, "players": 6})
    assert s.deck_name == "french52" and s.mistigri == "CJ"
    assert s.turned == "HT" and s.trump == "H" and len(s.talon) == 21
    assert (s.pot, s.side_pot) == (30, 0)
    runw(s, "join join pass pass pass pass")
    assert s.phase == "exchange" and s.joined == [0, 1]
    runw(s, "keep keep")
    # seat 0: CA CK CQ CJ CT (51), seat 1: C9 C8 C7 C6 C5 (35); the lower flush pays nothing
    assert s.flushes == {0: ("C", 51), 1: ("C", 35)}
    assert s.flush_winner == 0 and s.returns() == [25, -5, -5, -5, -5, -5]
    assert (s.pot, s.side_pot) == (0, 0)


# ----- match (M-12) ---------------------------------------------------------------------------------

def deck_order_deal(match):
    deck = DECKS[deck_of(match.options)]
    n = match.n
    hands = [deck[5 * i:5 * i + 5] for i in range(n)]
    return match.new_deal(hands, deck[5 * n], deck[5 * n + 1:])


def test_match_monch_until_a_seat_is_out():
    m = RefMistigriMatch(4, chips=25, stake=5, deals=None, options={"monch": True})
    expected = [
        ([25, 20, 20, 15], 20, 0),   # dealer 0, rearhand 3 pays the dealer
        ([15, 20, 15, 10], 40, 0),   # dealer 1, rearhand 0
        ([10, 10, 15, 5], 40, 20),   # dealer 2, rearhand 1; pot 60 capped
        ([5, 5, 5, 5], 40, 40),      # dealer 3, rearhand 2
        ([5, 0, 0, -5], 40, 60),     # dealer 0 again; seats at 0 and below end the match
    ]
    for i, (chips, pot, side) in enumerate(expected):
        assert not m.is_over()
        d = deck_order_deal(m)
        assert d.dealer == i % 4
        runw(d, "pass pass pass pass")
        m.book(d)
        assert (m.chips, m.pot, m.side_pot) == (chips, pot, side)
    assert m.is_over() and m.deals_played == 5 and m.dealer == 1
    with pytest.raises(ValueError):
        deck_order_deal(m)


def test_match_pot_carries_and_fixed_deals():
    m = RefMistigriMatch(3, chips=25, stake=5, deals=2)
    d = deck_order_deal(m)
    runw(d, "pass pass pass")
    m.book(d)
    assert m.chips == [20, 20, 20] and m.pot == 15
    d = deck_order_deal(m)
    assert d.dealer == 1 and d.pot == 30  # carried 15 + antes
    runw(d, "pass join pass")  # dealer 1: order 2 0 1, seat 0 joins alone
    m.book(d)
    assert m.chips == [45, 15, 15] and m.pot == 0
    assert m.is_over()
    with pytest.raises(ValueError):
        m.book_returns([0, 0, 0], 0, 0)


def test_match_rejects_wrong_dealer_and_unfinished_deal():
    m = RefMistigriMatch(4)
    d = deck_order_deal(m)
    with pytest.raises(ValueError):
        m.book(d)
    other = make(MAIN, "H7", dealer=2)
    runw(other, "pass pass pass pass")
    with pytest.raises(ValueError):
        m.book(other)


# ----- perft ----------------------------------------------------------------------------------------

def test_perft_mistigri_bidding_and_exchange():
    s = make(MAIN, "H7")
    assert perft_mistigri(s, 0) == 1
    assert perft_mistigri(s, 1) == 2
    assert perft_mistigri(s, 4) == 16
    # 1 sequence with nobody, 4 with one seat joined end the deal; 11 reach the exchange,
    # where the first joined seat has keep + 31 discards
    assert perft_mistigri(s, 5) == 1 + 4 + 11 * 32
    club = make(MAIN, "E9", options={"club_law": True})
    assert perft_mistigri(club, 4) == 1 and perft_mistigri(club, 5) == 32
    assert s.phase == "bidding" and s.history == []  # untouched


def test_perft_mistigri_play():
    s = main_play(upto=0)
    assert perft_mistigri(s, 1) == 5
    # replies of seat 1: G7 -> H9 HA; GA -> H9 HA; SA -> S8 SK; EA -> E8; HZ -> HA
    assert perft_mistigri(s, 2) == 8
    s = main_play(upto=10)
    assert perft_mistigri(s, 1) == 4
    # seat 3 after EU:E -> E7; EU:G -> E7 H8 SO; EU:H -> H8; EU:S -> SO
    assert perft_mistigri(s, 2) == 6
    assert perft_mistigri(main_play(), 3) == 1
