"""Self-checks of the pure-Python Mucken reference (tests/reference/mucken.py) against hand-worked
deals. Every expectation was worked out by hand from the readings U-1 .. U-13 of
docs/rules/mucken.md and tests/reference/SPEC.md "Mucken deal"; the trick-by-trick eyes are written beside each deal.

Conventions: dealer 3 (forehand 0) unless said otherwise; teams are seat % 2.
"""

import copy
import functools

import pytest

from reference.mucken import (
    MOVED_LINES, RefBobbl, RefMucken, normal_outcome, one_point_outcome, ramsch_loser,
    ref_tournament_table, schneider_outcome, tout_outcome,
)
from reference.perft import perft_mucken
from helpers.play import play
from mucken.deals import (
    WENZ61, WENZ61_PLAY, WENZ60, WENZ60_PLAY, G89, G89_PLAY, G90, G90_PLAY, G91, G91_PLAY, G91B,
    G91B_PLAY, MUST90, MUST90_PLAY, MUCK_SWEEP,
    MUCK_SWEEP_PLAY, NINES, NINES_PLAY, RAMSCH_EYES, RAMSCH_EYES_PLAY, RAMSCH_TRICKS,
    RAMSCH_TRICKS_PLAY, RAMSCH_TRUMPS, RAMSCH_TRUMPS_PLAY, RAMSCH_EO, RAMSCH_EO_PLAY, TEAM_SWEEP,
    TEAM_SWEEP_PLAY, SIX, SIX_PLAY, LONG, LONG_PLAY,
)

pytestmark = pytest.mark.rules


def ref_deal(hands, dealer=3, options=None, bock=False):
    """A reference deal with every seat's cards pinned (hands)."""
    return RefMucken([h.split() for h in hands], dealer, options, bock)


# Scripted actions separated by spaces, unchecked (the reference's apply judges them).
run = functools.partial(play, sep=None, check=False)


ALL_PASS = "pass pass pass pass"

# ----- hand-worked deals ------------------------------------------------------------------------

# The deals and their trick-by-trick eyes are in tests/mucken/deals.py.

# Sie: seat 1 holds EO GO HO SO EU GU.
SIE = ["EA EZ EK E9 GA GZ", "EO GO HO SO EU GU", "GK G9 HA HZ HK HU", "H9 SA SZ SK SU S9"]


# ----- auction (U-5) ----------------------------------------------------------------------------

def test_auction_take_over_and_equal_value_rule():
    s = ref_deal(WENZ61)
    assert s.current_player() == 0
    assert set(s.legal_actions()) == {"pass", "Wenz", "Geier", "Muck", "Schneider-Wenz",
                                      "Schneider-Geier", "Schneider-Muck", "Wenz-Tout",
                                      "Geier-Tout", "Muck-Tout"}
    s.apply("Wenz")
    assert s.current_player() == 1
    assert "Wenz" not in s.legal_actions()  # a later seat may not match
    assert "Geier" in s.legal_actions()
    with pytest.raises(ValueError):
        s.apply("Wenz")
    run(s, "Geier pass pass")  # seat 1 takes over; seats 2, 3 pass
    assert s.current_player() == 0
    assert "Geier" in s.legal_actions()  # the earlier seat may match ...
    assert "Wenz" not in s.legal_actions()  # ... but not go below
    s.apply("Geier")
    assert s.holder == 0 and s.current_player() == 1  # seats 2 and 3 stay out
    assert "Geier" not in s.legal_actions() and "Muck" in s.legal_actions()
    s.apply("pass")
    assert s.phase == "doubling"
    assert (s.announcer, s.game) == (0, "Geier")


def test_auction_order_wraps_from_forehand():
    # dealer 1: order from forehand is 2, 3, 0, 1.
    s = ref_deal(WENZ61, dealer=1)
    assert s.current_player() == 2
    run(s, "pass Muck")
    assert s.current_player() == 0
    assert "Muck" not in s.legal_actions()  # seat 0 sits after seat 3 here
    run(s, "Schneider-Wenz pass")
    assert s.current_player() == 3  # seat 2 passed: skipped for good
    assert "Schneider-Wenz" in s.legal_actions()  # seat 3 sits before seat 0
    s.apply("Schneider-Wenz")
    assert s.current_player() == 0
    assert "Schneider-Wenz" not in s.legal_actions()
    s.apply("Schneider-Geier")
    assert s.current_player() == 3
    s.apply("pass")
    assert s.phase == "doubling" and (s.announcer, s.game) == (0, "Schneider-Geier")


def test_auction_ends_when_all_others_passed():
    s = ref_deal(WENZ61)
    run(s, "pass Wenz pass pass")
    # seat 0 passed for good, seat 1 is the holder and is not asked again
    assert s.phase == "doubling"
    assert (s.announcer, s.game) == (1, "Wenz")
    assert s.current_player() == 0  # defenders from forehand: 0, then 2
    run(s, "pass pass")
    assert s.phase == "play" and s.current_player() == 0


def test_holder_is_skipped_and_auction_continues():
    s = ref_deal(WENZ61)
    run(s, "Wenz Geier Muck")
    assert s.current_player() == 3
    s.apply("pass")
    assert s.current_player() == 0  # seats 0 and 1 are still in
    s.apply("pass")
    assert s.current_player() == 1
    s.apply("Schneider-Wenz")
    assert s.current_player() == 2
    s.apply("pass")
    assert (s.phase, s.announcer, s.game) == ("doubling", 1, "Schneider-Wenz")


# ----- everyone passes (U-9) --------------------------------------------------------------------

def test_all_pass_ramsch_starts_play_without_doubling():
    s = run(ref_deal(G91B), ALL_PASS)
    assert (s.phase, s.game, s.announcer) == ("play", "Ramsch", None)
    assert s.current_player() == 0
    # Stichzwang (default): seat 1 must head EZ with EA; seat 2 (no plain E) must trump.
    s.apply("EZ")
    assert s.legal_actions() == ["EA"]
    s.apply("EA")
    assert set(s.legal_actions()) == {"HO", "EU", "HK"}
    s2 = run(ref_deal(G91B, options={"ramsch_stichzwang": False}), ALL_PASS + " EZ")
    assert set(s2.legal_actions()) == {"EA", "EK"}
    s2.apply("EK")
    assert set(s2.legal_actions()) == {"HO", "EU", "G9", "GK", "HK", "SZ"}


def test_all_pass_throw_in():
    s = run(ref_deal(WENZ61, options={"if_all_pass": "throw_in"}), ALL_PASS)
    assert s.is_terminal() and s.current_player() is None
    assert s.returns() == [0, 0, 0, 0]
    assert s.next_bock is True and s.value == 0 and s.game is None
    s = run(ref_deal(WENZ61, options={"if_all_pass": "throw_in"}, bock=True), ALL_PASS)
    assert s.next_bock is True and s.returns() == [0, 0, 0, 0]
    s = run(ref_deal(WENZ61, options={"if_all_pass": "throw_in"}), "Wenz pass pass pass")
    assert s.next_bock is False


def test_all_pass_must_play_by_eo_holder():
    opts = {"if_all_pass": "must_play"}
    s = run(ref_deal(WENZ60, options=opts), ALL_PASS)
    assert s.phase == "must_play" and s.current_player() == 2  # EO is at seat 2
    assert set(s.legal_actions()) == {"Muck", "Geier", "Wenz"}
    with pytest.raises(ValueError):
        s.apply("pass")
    s.apply("Wenz")
    assert (s.phase, s.announcer, s.game) == ("play", 2, "Wenz")  # no Kontra
    run(s, WENZ60_PLAY)
    assert s.team_eyes == [60, 60]
    assert s.returns() == [2, -2, 2, -2]  # 60 wins the must-play game
    s = run(ref_deal(WENZ60, options={"if_all_pass": "must_play", "games": ("Muck", "Wenz")}),
            ALL_PASS)
    assert set(s.legal_actions()) == {"Muck", "Wenz"}


def test_must_play_schneider_free_with_30():
    # EO at seat 1: team 1 plays. G91B gives it 29 eyes, G90 30.
    s = run(ref_deal(G91B, options={"if_all_pass": "must_play"}), ALL_PASS + " Geier " + G91B_PLAY)
    assert s.team_eyes == [91, 29] and s.returns() == [3, -3, 3, -3]
    s = run(ref_deal(G90, options={"if_all_pass": "must_play"}), ALL_PASS + " Geier " + G90_PLAY)
    assert s.team_eyes == [90, 30] and s.returns() == [2, -2, 2, -2]
    # Announced normally, 30 eyes are not Schneider-free: defenders win with Schneider.
    s = run(ref_deal(G90), "pass Geier pass pass pass pass " + G90_PLAY)
    assert s.announcer == 1 and s.returns() == [3, -3, 3, -3]


def test_must_play_schneider_from_90():
    # U-9: 90 eyes win a must-play game "with Schneider" (the deal: EO at seat 2, Muck).
    s = run(ref_deal(MUST90, dealer=0, options={"if_all_pass": "must_play"}),
            ALL_PASS + " Muck " + MUST90_PLAY)
    assert s.announcer == 2 and s.team_eyes == [90, 30] and s.returns() == [3, -3, 3, -3]
    s = run(ref_deal(G89, options={"if_all_pass": "must_play"}), ALL_PASS + " Geier " + G89_PLAY)
    assert s.announcer == 0 and s.team_eyes == [89, 31] and s.returns() == [2, -2, 2, -2]
    s = run(ref_deal(G91, options={"if_all_pass": "must_play"}), ALL_PASS + " Geier " + G91_PLAY)
    assert s.team_eyes == [91, 29] and s.returns() == [3, -3, 3, -3]


def test_all_pass_one_point():
    s = run(ref_deal(MUCK_SWEEP, options={"if_all_pass": "one_point"}), ALL_PASS)
    assert (s.phase, s.announcer, s.game) == ("play", 0, "Muck")  # EO holder's team, no doubling
    run(s, MUCK_SWEEP_PLAY)
    assert s.team_eyes == [120, 0] and s.team_tricks == [6, 0]
    assert s.value == 1 and s.returns() == [1, -1, 1, -1]  # Schwarz still 1
    s = run(ref_deal(MUCK_SWEEP, options={"if_all_pass": "one_point"}, bock=True),
            ALL_PASS + " " + MUCK_SWEEP_PLAY)
    assert s.returns() == [2, -2, 2, -2]
    assert one_point_outcome(61) == (True, 1) and one_point_outcome(60) == (False, 1)


# ----- Sie (U-11) -------------------------------------------------------------------------------

def test_sie():
    s = ref_deal(SIE)
    assert s.is_terminal() and s.current_player() is None and s.legal_actions() == []
    assert (s.game, s.announcer) == ("Sie", 1)
    assert s.returns() == [-21, 21, -21, 21]
    assert ref_deal(SIE, options={"target": 31}).returns() == [-31, 31, -31, 31]
    assert ref_deal(SIE, bock=True).returns() == [-21, 21, -21, 21]  # Sie is not doubled
    s = ref_deal(SIE, options={"ranking": "wenz_over_muck"})  # no Sie there
    assert not s.is_terminal() and s.phase == "auction"


def test_sie_needs_both_unters():
    hands = list(SIE)
    hands[1], hands[2] = "EO GO HO SO EU HU", "GK G9 HA HZ HK GU"
    assert not ref_deal(hands).is_terminal()


# ----- doubling (U-7) ---------------------------------------------------------------------------

def test_kontra_re_sup_hirsch_order_and_value():
    s = run(ref_deal(MUCK_SWEEP), "Muck pass pass pass")
    assert s.phase == "doubling" and s.current_player() == 1
    assert s.legal_actions() == ["Kontra", "pass"]
    s.apply("pass")
    assert s.current_player() == 3
    s.apply("Kontra")
    assert s.current_player() == 0 and s.legal_actions() == ["Re", "pass"]
    s.apply("pass")
    assert s.current_player() == 2
    s.apply("Re")
    assert s.current_player() == 1 and s.legal_actions() == ["Sup", "pass"]
    s.apply("Sup")  # closes the step: seat 3 is not asked
    assert s.current_player() == 0 and s.legal_actions() == ["Hirsch", "pass"]
    s.apply("Hirsch")
    assert s.phase == "play" and s.current_player() == 0
    assert (s.kontra, s.re, s.sup, s.hirsch) == (True, True, True, True)
    run(s, MUCK_SWEEP_PLAY)
    assert s.value == 3 * 16 and s.returns() == [48, -48, 48, -48]  # Schwarz 3, x2 four times
    s = run(ref_deal(MUCK_SWEEP, bock=True), "Muck pass pass pass pass Kontra pass Re Sup Hirsch "
            + MUCK_SWEEP_PLAY)
    assert s.returns() == [96, -96, 96, -96]


def test_doubling_step_where_all_pass_ends_it():
    s = run(ref_deal(MUCK_SWEEP), "Muck pass pass pass pass pass")
    assert s.phase == "play" and not s.kontra
    s = run(ref_deal(MUCK_SWEEP), "Muck pass pass pass Kontra pass pass")
    assert s.phase == "play" and s.kontra and not s.re  # no Sup after an unanswered Kontra
    s = run(ref_deal(MUCK_SWEEP), "Muck pass pass pass Kontra Re pass pass")
    assert s.phase == "play" and s.re and not s.sup
    run(s, MUCK_SWEEP_PLAY)
    assert s.returns() == [12, -12, 12, -12]


def test_doubling_defenders_from_forehand_when_forehand_defends():
    s = run(ref_deal(NINES, dealer=0), "pass Wenz-Tout pass pass")
    assert s.current_player() == 1  # forehand, a defender, speaks first
    s.apply("pass")
    assert s.current_player() == 3


def test_kontra_takes_over_at_60_and_61():
    won = "Wenz pass pass pass "
    s = run(ref_deal(WENZ61), won + "pass pass " + WENZ61_PLAY)
    assert s.team_eyes == [61, 59] and s.returns() == [2, -2, 2, -2]
    s = run(ref_deal(WENZ60), won + "pass pass " + WENZ60_PLAY)
    assert s.team_eyes == [60, 60] and s.returns() == [-2, 2, -2, 2]  # 60 is not enough
    s = run(ref_deal(WENZ60), won + "Kontra pass pass " + WENZ60_PLAY)
    assert s.returns() == [4, -4, 4, -4]  # after Kontra the players win with 60
    s = run(ref_deal(WENZ61), won + "Kontra pass pass " + WENZ61_PLAY)
    assert s.returns() == [4, -4, 4, -4]
    s = run(ref_deal(WENZ60, options={"kontra_takes_over": False}), won + "Kontra pass pass " + WENZ60_PLAY)
    assert s.returns() == [-4, 4, -4, 4]
    s = run(ref_deal(WENZ60), won + "pass Kontra Re pass pass " + WENZ60_PLAY)
    assert s.returns() == [8, -8, 8, -8]


@pytest.mark.parametrize("hands, cards, announce, players_eyes, returns", [
    (G91, G91_PLAY, "pass Geier pass pass", 29, [6, -6, 6, -6]),    # lost with Schneider
    (G90, G90_PLAY, "pass Geier pass pass", 30, [4, -4, 4, -4]),    # Schneider-free
    (G89, G89_PLAY, "pass Geier pass pass", 31, [4, -4, 4, -4]),
    (G89, G89_PLAY, "Geier pass pass pass", 89, [4, -4, 4, -4]),
    (G90, G90_PLAY, "Geier pass pass pass", 90, [6, -6, 6, -6]),    # won with Schneider
    (G91, G91_PLAY, "Geier pass pass pass", 91, [6, -6, 6, -6]),
], ids=["29", "30", "31", "89", "90", "91"])
def test_kontra_takes_over_moves_the_schneider_lines(hands, cards, announce, players_eyes, returns):
    s = run(ref_deal(hands), f"{announce} Kontra pass pass {cards}")
    assert s.team_eyes[team_of_announcer(s)] == players_eyes and s.returns() == returns
    # without the takeover Kontra only doubles the usual table
    s = run(ref_deal(hands, options={"kontra_takes_over": False}), f"{announce} Kontra pass pass {cards}")
    usual = {29: 6, 30: 6, 31: 4, 89: 4, 90: 4, 91: 6}[players_eyes]
    assert abs(s.returns()[0]) == usual


def team_of_announcer(s):
    return s.announcer % 2


# ----- values (U-6, U-8) ------------------------------------------------------------------------

def test_normal_game_schneider_and_schwarz_values():
    s = run(ref_deal(G91B), "Geier pass pass pass pass pass " + G91B_PLAY)
    assert s.team_eyes == [91, 29] and s.team_tricks == [4, 2]
    assert s.returns() == [3, -3, 3, -3]  # defenders <= 29: Schneider
    s = run(ref_deal(G90), "Geier pass pass pass pass pass " + G90_PLAY)
    assert s.team_eyes == [90, 30] and s.returns() == [2, -2, 2, -2]
    s = run(ref_deal(MUCK_SWEEP), "Muck pass pass pass pass pass " + MUCK_SWEEP_PLAY)
    assert s.team_tricks == [6, 0] and s.value == 3  # Schwarz
    # the defenders' side: players at 29 / 30 / 31
    s = run(ref_deal(G91B), "pass Geier pass pass pass pass " + G91B_PLAY)
    assert s.announcer == 1 and s.returns() == [3, -3, 3, -3]
    assert normal_outcome(31, 2, 4) == (False, 2)
    assert normal_outcome(30, 2, 4) == (False, 3)
    assert normal_outcome(0, 0, 6) == (False, 3)
    assert normal_outcome(61, 3, 3) == (True, 2) and normal_outcome(60, 3, 3) == (False, 2)
    assert normal_outcome(91, 4, 2) == (True, 3) and normal_outcome(90, 4, 2) == (True, 2)
    assert normal_outcome(120, 6, 0) == (True, 3)
    # the moved table (must-play, Kontra that takes over): 60 wins, 90 is Schneider, 30 is free
    assert normal_outcome(60, 3, 3, MOVED_LINES) == (True, 2)
    assert normal_outcome(59, 3, 3, MOVED_LINES) == (False, 2)
    assert normal_outcome(89, 4, 2, MOVED_LINES) == (True, 2)
    assert normal_outcome(90, 4, 2, MOVED_LINES) == (True, 3)
    assert normal_outcome(30, 1, 5, MOVED_LINES) == (False, 2)
    assert normal_outcome(29, 1, 5, MOVED_LINES) == (False, 3)


def test_schneider_game_at_90_and_91():
    s = run(ref_deal(G91B), "Schneider-Geier pass pass pass pass pass " + G91B_PLAY)
    assert s.returns() == [7, -7, 7, -7]
    s = run(ref_deal(G90), "Schneider-Geier pass pass pass pass pass " + G90_PLAY)
    assert s.returns() == [-7, 7, -7, 7]
    s = run(ref_deal(G91B), "Schneider-Geier pass pass pass Kontra pass pass " + G91B_PLAY)
    assert s.returns() == [14, -14, 14, -14]
    assert schneider_outcome(91) == (True, 7) and schneider_outcome(90) == (False, 7)


def test_tout_lost_by_a_trick_of_four_nines():
    s = run(ref_deal(NINES, dealer=0), "pass Wenz-Tout pass pass pass pass " + NINES_PLAY)
    assert s.trick_winners[0] == 1
    assert s.team_eyes == [120, 0] and s.team_tricks == [5, 1]
    assert s.returns() == [-10, 10, -10, 10]
    # the same cards as a normal Wenz: Schneider win; as a Schneider-Wenz: won
    s = run(ref_deal(NINES, dealer=0), "pass Wenz pass pass pass pass " + NINES_PLAY)
    assert s.returns() == [3, -3, 3, -3]
    s = run(ref_deal(NINES, dealer=0), "pass Schneider-Wenz pass pass pass pass " + NINES_PLAY)
    assert s.returns() == [7, -7, 7, -7]
    s = run(ref_deal(MUCK_SWEEP), "Muck-Tout pass pass pass pass pass " + MUCK_SWEEP_PLAY)
    assert s.returns() == [10, -10, 10, -10]
    assert tout_outcome(0) == (True, 10) and tout_outcome(1) == (False, 10)


def test_bock_doubles():
    s = run(ref_deal(WENZ61, bock=True), "Wenz pass pass pass pass pass " + WENZ61_PLAY)
    assert s.returns() == [4, -4, 4, -4]
    s = run(ref_deal(WENZ61, bock=True), "Wenz pass pass pass Kontra pass pass " + WENZ61_PLAY)
    assert s.returns() == [8, -8, 8, -8]
    s = run(ref_deal(WENZ60, options={"if_all_pass": "must_play"}, bock=True),
            ALL_PASS + " Wenz " + WENZ60_PLAY)
    assert s.returns() == [4, -4, 4, -4]


# ----- Ramsch (U-10) ----------------------------------------------------------------------------

def test_ramsch_more_eyes_loses():
    s = run(ref_deal(RAMSCH_EYES, dealer=1), ALL_PASS + " " + RAMSCH_EYES_PLAY)
    assert s.team_eyes == [61, 59] and s.team_tricks == [2, 4]
    assert s.returns() == [-4, 4, -4, 4]
    assert not s.durchmarsch


def test_ramsch_tie_more_tricks_loses():
    s = run(ref_deal(RAMSCH_TRICKS), ALL_PASS + " " + RAMSCH_TRICKS_PLAY)
    assert s.team_eyes == [60, 60] and s.team_tricks == [4, 2]
    assert s.returns() == [-4, 4, -4, 4]


def test_ramsch_tie_more_trumps_loses():
    s = run(ref_deal(RAMSCH_TRUMPS), ALL_PASS + " " + RAMSCH_TRUMPS_PLAY)
    assert s.team_eyes == [60, 60] and s.team_tricks == [3, 3] and s.team_trumps == [4, 8]
    assert s.returns() == [4, -4, 4, -4]


def test_ramsch_tie_eo_loses():
    s = run(ref_deal(RAMSCH_EO), ALL_PASS + " " + RAMSCH_EO_PLAY)
    assert s.team_eyes == [60, 60] and s.team_tricks == [3, 3] and s.team_trumps == [6, 6]
    assert s.eo_team == 1
    assert s.returns() == [4, -4, 4, -4]


def test_ramsch_loser_function():
    assert ramsch_loser([61, 59], [2, 4], [0, 0], 1) == 0
    assert ramsch_loser([60, 60], [2, 4], [9, 0], 0) == 1
    assert ramsch_loser([60, 60], [3, 3], [5, 7], 1) == 1
    assert ramsch_loser([60, 60], [3, 3], [6, 6], 0) == 0


def test_durchmarsch_and_team_sweep():
    s = run(ref_deal(MUCK_SWEEP), ALL_PASS + " " + MUCK_SWEEP_PLAY)
    assert s.game == "Ramsch" and s.durchmarsch
    assert s.returns() == [10, -10, 10, -10]
    s = run(ref_deal(MUCK_SWEEP, options={"ramsch_double": False}), ALL_PASS + " " + MUCK_SWEEP_PLAY)
    assert s.returns() == [10, -10, 10, -10]  # not halved, not doubled
    s = run(ref_deal(MUCK_SWEEP, bock=True), ALL_PASS + " " + MUCK_SWEEP_PLAY)
    assert s.returns() == [20, -20, 20, -20]
    s = run(ref_deal(TEAM_SWEEP), ALL_PASS + " " + TEAM_SWEEP_PLAY)
    assert s.trick_winners == [0, 0, 0, 0, 0, 2] and not s.durchmarsch
    assert s.team_eyes == [120, 0] and s.returns() == [-4, 4, -4, 4]


def test_ramsch_double_and_bock():
    play = ALL_PASS + " " + RAMSCH_TRICKS_PLAY
    assert run(ref_deal(RAMSCH_TRICKS), play).value == 4
    assert run(ref_deal(RAMSCH_TRICKS, options={"ramsch_double": False}), play).value == 2
    assert run(ref_deal(RAMSCH_TRICKS, bock=True), play).value == 8
    s = run(ref_deal(RAMSCH_TRICKS, options={"ramsch_double": False}, bock=True), play)
    assert s.returns() == [-4, 4, -4, 4]


# ----- 6 players, long deck (U-1) ---------------------------------------------------------------

def test_six_players():
    s = ref_deal(SIX, dealer=5, options={"players": 6})
    assert s.current_player() == 0
    run(s, "Muck pass pass pass pass pass")
    assert s.phase == "doubling" and s.current_player() == 1
    run(s, "pass pass")
    assert s.current_player() == 5
    s.apply("pass")
    assert s.phase == "play"
    run(s, "EA EZ EK E9 SA SK GA")
    assert set(s.legal_actions()) == {"HO", "HA", "SZ"}  # seat 1 is void in G
    run(s, SIX_PLAY.split(" ", 7)[7])
    assert s.trick_winners == [0, 1, 0, 0]
    assert s.team_eyes == [92, 28] and s.team_tricks == [3, 1]
    assert s.returns() == [3, -3, 3, -3, 3, -3]


def test_six_player_auction_and_defenders():
    s = ref_deal(SIX, dealer=2, options={"players": 6})  # order from forehand: 3 4 5 0 1 2
    assert s.current_player() == 3
    run(s, "Wenz")
    assert "Wenz" not in s.legal_actions()
    run(s, "pass Geier pass pass pass")
    assert s.current_player() == 3 and "Geier" in s.legal_actions()
    run(s, "Geier")
    assert s.current_player() == 5 and "Geier" not in s.legal_actions()
    run(s, "Muck pass")
    assert (s.phase, s.announcer, s.game) == ("doubling", 5, "Muck")
    order = []
    for _ in range(3):
        order.append(s.current_player())
        s.apply("pass")
    assert order == [4, 0, 2] and s.phase == "play"


def test_long_deck():
    s = ref_deal(LONG, options={"long_deck": True})
    run(s, "Muck pass pass pass pass pass EO GU SU")
    assert set(s.legal_actions()) == {"H8", "H7"}  # H8 and H7 are trumps in Muck
    run(s, "H8 GO HK H9")
    assert s.legal_actions() == ["H7"]
    run(s, LONG_PLAY.split(" ", 7)[7])
    assert len(s.trick_winners) == 8 and s.team_eyes == [120, 0]
    assert s.returns() == [3, -3, 3, -3]
    with pytest.raises(ValueError):
        ref_deal(LONG)  # 8-card hands need the long deck


def test_long_deck_sie_possible():
    hands = ["EO GO HO SO EU GU HA HZ", "HU HK EA EZ EK E9 E8 E7", "SU H9 GA GZ GK G9 G8 G7",
             "H8 H7 SA SZ SK S9 S8 S7"]
    assert ref_deal(hands, options={"long_deck": True}).returns() == [21, -21, 21, -21]


# ----- options: ranking, games, validation ------------------------------------------------------

def test_ranking_wenz_over_geier():
    s = run(ref_deal(WENZ61), "Geier")
    assert "Wenz" not in s.legal_actions()
    s = run(ref_deal(WENZ61, options={"ranking": "wenz_over_geier"}), "Geier")
    assert "Wenz" in s.legal_actions() and "Geier" not in s.legal_actions()
    s = run(ref_deal(WENZ61, options={"ranking": "wenz_over_geier"}), "Schneider-Wenz")
    assert "Schneider-Geier" not in s.legal_actions() and "Schneider-Muck" in s.legal_actions()
    s = run(ref_deal(WENZ61, options={"ranking": "wenz_over_geier"}), "Geier-Tout")
    assert set(s.legal_actions()) == {"pass", "Wenz-Tout", "Muck-Tout"}


def test_ranking_wenz_over_muck():
    opts = {"ranking": "wenz_over_muck"}
    s = run(ref_deal(WENZ61, options=opts), "Muck")
    assert "Wenz" in s.legal_actions() and "Geier" not in s.legal_actions()
    s = run(ref_deal(WENZ61, options=opts), "Muck-Tout")
    assert set(s.legal_actions()) == {"pass", "Wenz-Tout"}
    s = run(ref_deal(WENZ61, options=opts), "Schneider-Wenz")
    assert "Schneider-Muck" not in s.legal_actions() and "Geier-Tout" in s.legal_actions()


def test_games_without_geier():
    opts = {"games": ("Muck", "Wenz")}
    s = ref_deal(WENZ61, options=opts)
    assert set(s.legal_actions()) == {"pass", "Wenz", "Muck", "Schneider-Wenz", "Schneider-Muck",
                                      "Wenz-Tout", "Muck-Tout"}
    with pytest.raises(ValueError):
        s.apply("Geier")
    s.apply("Wenz")
    assert "Muck" in s.legal_actions()
    s = run(ref_deal(WENZ61, options={"games": ("Muck", "Wenz"), "ranking": "wenz_over_muck"}), "Wenz")
    assert "Muck" not in s.legal_actions()


@pytest.mark.parametrize("options", [
    {"foo": 1}, {"players": 5}, {"players": True}, {"ranking": "muck_over_all"},
    {"games": ("Muck",)}, {"games": ("Geier", "Wenz")}, {"games": "Muck"},
    {"if_all_pass": "redeal"}, {"target": 25}, {"long_deck": "yes"}, {"hanger": 1},
    {"players": 6, "long_deck": True},
])
def test_bad_options(options):
    with pytest.raises(ValueError):
        ref_deal(WENZ61, options=options)


def test_bad_setup_and_illegal_actions():
    with pytest.raises(ValueError):
        ref_deal(WENZ61, dealer=4)
    with pytest.raises(ValueError):
        ref_deal(["EU GA HA H9 EK SZ", "GU EA E9 GZ HZ SK", "HU GO G9 EO HK SO", "SU SA S9 EZ GK GK"])
    with pytest.raises(ValueError):
        ref_deal(WENZ61[:3])
    s = ref_deal(WENZ61)
    with pytest.raises(ValueError):
        s.returns()
    with pytest.raises(ValueError):
        s.apply("Kontra")
    run(s, "Wenz pass pass pass pass pass")
    with pytest.raises(ValueError):
        s.apply("GU")  # not seat 0's card
    s.apply("EU")
    with pytest.raises(ValueError):
        s.apply("EA")  # seat 1 must follow the trump lead with GU
    run(s, WENZ61_PLAY.split(" ", 1)[1])
    with pytest.raises(ValueError):
        s.apply("pass")


# ----- Bobbl and tournament (U-12) --------------------------------------------------------------

def test_bobbl_to_21():
    b = RefBobbl(21)
    for team, value in [(0, 10), (1, 7), (0, 7), (0, 3), (1, 2)]:
        b.book_result(team, value)
        assert not b.is_over
    assert b.points == [20, 9]
    b.book_result(0, 2)
    assert b.is_over and b.winner == 0 and b.bobbl_won == [1, 0]
    assert b.points == [22, 9] and b.records == [(22, 9, 0)]
    with pytest.raises(ValueError):
        b.book_result(1, 2)
    b = RefBobbl(31)
    for team, value in [(0, 10), (1, 7), (0, 7), (0, 3), (1, 2), (0, 2)]:
        b.book_result(team, value)
    assert not b.is_over and b.points == [22, 9]


def test_bobbl_books_deals():
    b = RefBobbl(21)
    b.book(run(ref_deal(WENZ61, options={"if_all_pass": "throw_in"}), ALL_PASS))
    assert b.points == [0, 0] and b.next_bock
    b.book(run(ref_deal(WENZ61, bock=True), "Wenz pass pass pass pass pass " + WENZ61_PLAY))
    assert b.points == [4, 0] and not b.next_bock
    b.book(run(ref_deal(NINES, dealer=0), "pass Wenz-Tout pass pass pass pass " + NINES_PLAY))
    assert b.points == [4, 10]
    with pytest.raises(ValueError):
        b.book(ref_deal(WENZ61))  # not finished
    b.book(ref_deal(SIE))  # Sie wins the Bobbl outright
    assert b.is_over and b.winner == 1 and b.bobbl_won == [0, 1]


def test_bobbl_hanger_best_of_three():
    b = RefBobbl(21, hanger=True)
    b.book_result(0, 21)
    assert b.bobbl_won == [1, 0] and not b.is_over and b.points == [0, 0]
    b.book_result(1, 10)
    b.book_result(0, 4)
    b.book_result(1, 11)
    assert b.bobbl_won == [1, 1] and not b.is_over and b.points == [0, 0]
    b.book_result(1, 7)
    b.book_result(0, 20)
    b.book_result(1, 14)
    assert b.is_over and b.winner == 1 and b.bobbl_won == [1, 2]
    assert b.records == [(21, 0, 0), (4, 21, 1), (20, 21, 1)]
    b = RefBobbl(21, hanger=True)
    b.book_result(0, 21)
    b.book_result(0, 21)
    assert b.is_over and b.winner == 0 and len(b.records) == 2


RESULTS = [
    ("A", "B", 21, 15, "A"),
    ("C", "D", 21, 18, "C"),
    ("A", "C", 12, 21, "C"),
    ("B", "D", 21, 20, "B"),
    ("E", "F", 21, 10, "E"),
    ("F", "E", 21, 12, "F"),
]


def test_tournament_table_bobbl():
    # (won, goals in lost Bobbl, opponent goals in won Bobbl)
    assert ref_tournament_table(RESULTS) == [
        ("C", (2, 0, 30)),
        ("B", (1, 15, 20)),   # more goals in its lost Bobbl than A, E, F
        ("E", (1, 12, 10)),   # ties A on goals, fewer opponent goals
        ("A", (1, 12, 15)),
        ("F", (1, 10, 12)),
        ("D", (0, 38, 0)),
    ]


def test_tournament_table_plus_and_plus_minus():
    assert ref_tournament_table(RESULTS, "plus") == [
        ("C", (42,)), ("D", (38,)), ("B", (36,)), ("A", (33,)), ("E", (33,)), ("F", (31,))]
    assert ref_tournament_table(RESULTS, "plus_minus") == [
        ("C", (12,)), ("E", (2,)), ("F", (-2,)), ("A", (-3,)), ("D", (-4,)), ("B", (-5,))]
    with pytest.raises(ValueError):
        ref_tournament_table(RESULTS, "goals")
    with pytest.raises(ValueError):
        ref_tournament_table([("A", "B", 21, 3, "C")])


# ----- perft -------------------------------------------------------------------------------------

def test_perft_mucken_auction_counts():
    s = ref_deal(WENZ61)
    before = copy.deepcopy(s.__dict__)
    assert perft_mucken(s, 0) == 1
    assert perft_mucken(s, 1) == 10
    # after `pass` seat 1 has 10 actions; after the i-th lowest game (i = 0..8) it has 9 - i
    assert perft_mucken(s, 2) == 10 + 45
    assert s.__dict__ == before
    s = ref_deal(WENZ61, options={"games": ("Muck", "Wenz")})
    assert perft_mucken(s, 2) == 7 + 21


def test_perft_mucken_play_and_terminal():
    s = run(ref_deal(WENZ61), ALL_PASS)
    assert perft_mucken(s, 1) == 6
    s = run(ref_deal(WENZ61), "Wenz pass pass pass pass pass " + WENZ61_PLAY.rsplit(" ", 4)[0])
    assert perft_mucken(s, 10) == 1  # one card each is left
    assert perft_mucken(ref_deal(SIE), 3) == 1
