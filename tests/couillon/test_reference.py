"""Self-checks of the pure-Python reference (tests/reference/) against hand-worked examples.

Every expectation below was worked out by hand from docs/rules/*.md; ruling ids are cited.
"""

import pytest

from reference import cards
from reference.couillon import RefCouillon, RefCouillonMatch
from reference.perft import perft_couillon
from reference.rules import RefContract

pytestmark = pytest.mark.rules


# ----- cards (G-1) ------------------------------------------------------------------------------

def test_deck_sizes_and_uniqueness():
    sizes = {"german24": 24, "german32": 32, "german36": 36, "french24": 24,
             "french32": 32, "french36": 36, "french52": 52}
    for name, size in sizes.items():
        deck = cards.DECKS[name]
        assert len(deck) == size == len(set(deck))
    assert set(cards.german24) < set(cards.german32) < set(cards.german36)
    assert set(cards.french24) < set(cards.french32) < set(cards.french36) < set(cards.french52)
    assert "EZ" in cards.german24 and "E8" not in cards.german24 and "E6" in cards.german36
    assert "CT" in cards.french24 and "C2" in cards.french52 and "C6" not in cards.french32


def test_card_ids():
    assert cards.card_id("EA", "german32") == 14
    assert cards.card_id("HZ", "german32") == 2 * 16 + 10
    assert cards.card_id("SU", "german24") == 3 * 16 + 11
    assert cards.card_id("DQ", "french24") == 3 * 16 + 12
    assert cards.card_id("S2", "french52") == 16 + 2


@pytest.mark.parametrize("text, deck, expected", [
    ("EO", None, "EO"), ("OE", None, "EO"), ("QS", None, "SQ"), ("SQ", None, "SQ"),
    ("H10", "german32", "HZ"), ("10H", "french24", "HT"), ("E10", None, "EZ"), ("10C", None, "CT"),
    ("\u2663O", None, "EO"),          # acorns; O is German only
    ("\u2660Q", None, "SQ"),          # spades; Q is French only
    ("\u2666U", None, "SU"),          # bells; U is German only
    ("\u2666J", None, "DJ"),
    ("A\u2665", None, "HA"),          # hearts mean H in both alphabets
    ("\u2660A", "german32", "GA"), ("\u2660A", "french24", "SA"),
    ("\u26637", "german32", "E7"), ("\u26637", "french32", "C7"),
    ("10\u2663", "french24", "CT"),
])
def test_parse_accepts(text, deck, expected):
    assert cards.parse(text, deck) == expected


@pytest.mark.parametrize("text, deck", [
    ("", None), ("E", None), ("XX", None), ("EQ", None), ("CO", None), ("E1", None),
    ("EOO", None), ("E 10 0", None), ("\u2660A", None), ("10H", None), ("\u26637", None),
    ("SZ", "french24"), ("E8", "german24"), ("C2", "french32"), ("EO", "french52"),
])
def test_parse_rejects(text, deck):
    with pytest.raises(ValueError):
        cards.parse(text, deck)


def test_parse_error_quotes_input():
    with pytest.raises(ValueError, match="'XQ'"):
        cards.parse("XQ")


# ----- Mucken (U-2, U-3, U-4, U-10) ---------------------------------------------------------------

def test_muck_trumps_and_order():
    muck = RefContract.mucken("Muck")
    assert muck.trump_order == ["EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU",
                                "HA", "HZ", "HK", "H9"]
    long = RefContract.mucken("Muck", long_deck=True)
    assert long.trump_order[-2:] == ["H8", "H7"] and len(long.trumps) == 14
    assert len(long.deck) == 32
    assert muck.winner(["EA", "HA"]) == 1          # U-3: the heart ace is a trump
    assert muck.winner(["HA", "SU"]) == 1          # every Unter is above the heart ace
    assert muck.winner(["SO", "EU"]) == 0          # every Ober is above every Unter
    assert muck.winner(["GO", "HO", "EO", "SO"]) == 2
    assert muck.winner(["EK", "EZ", "E9"]) == 1    # plain: A Z K 9
    assert muck.winner(["E9", "GA", "SA"]) == 0    # off-suit aces do not win


def test_muck_following():
    muck = RefContract.mucken("Muck")
    # U-4: the Ober is a trump, not an acorn, so it does not follow an acorn lead.
    assert muck.legal({"EO", "EK", "H9"}, ["EA"]) == {"EK"}
    # A trump lead (H9 is a heart, hence trump) must be answered with a trump: Unter and hearts.
    assert muck.legal({"SU", "HA", "E9"}, ["H9"]) == {"SU", "HA"}
    assert muck.legal({"E9", "GA"}, ["HO"]) == {"E9", "GA"}
    # No duty to head or to trump when void.
    assert muck.legal({"EO", "G9"}, ["SA"]) == {"EO", "G9"}
    assert muck.legal({"E9", "EA"}, ["EK"]) == {"E9", "EA"}
    assert muck.legal({"EO", "G9"}, []) == {"EO", "G9"}


def test_geier_and_wenz():
    geier = RefContract.mucken("Geier")
    assert geier.trumps == {"EO", "GO", "HO", "SO"}
    assert geier.winner(["EA", "HA"]) == 0         # hearts are a plain suit in Geier
    assert geier.winner(["EK", "EU"]) == 0 and geier.winner(["E9", "EU"]) == 1  # U between K and 9
    assert geier.legal({"HO", "E9"}, ["HA"]) == {"HO", "E9"}  # HO is no heart
    wenz = RefContract.mucken("Wenz")
    assert wenz.trumps == {"EU", "GU", "HU", "SU"}
    assert wenz.trump_order == ["EU", "GU", "HU", "SU"]
    assert wenz.winner(["EK", "EO"]) == 0          # EO is a plain acorn below the king
    assert wenz.winner(["E9", "EO"]) == 1          # ... and above the nine
    assert wenz.winner(["EA", "SU"]) == 1
    assert wenz.legal({"EO", "GA"}, ["E9"]) == {"EO"}  # EO follows acorns in Wenz
    assert wenz.legal({"EU", "GA"}, ["E9"]) == {"EU", "GA"}  # EU does not


def test_mucken_points():
    muck = RefContract.mucken("Muck")
    assert muck.points(cards.german24) == 120
    assert RefContract.mucken("Wenz", long_deck=True).points(cards.german32) == 120
    assert muck.points("EA") == 11 and muck.points("HZ") == 10 and muck.points("SK") == 4
    assert muck.points(["GO", "GU", "G9"]) == 5


def test_ramsch_stichzwang_cascade():
    plain = RefContract.mucken("Ramsch")
    zwang = RefContract.mucken("Ramsch", stichzwang=True)
    with pytest.raises(ValueError):
        RefContract.mucken("Muck", stichzwang=True)
    # (1) must head when following: EK is winning, EA heads it.
    assert zwang.legal({"EA", "E9", "GA"}, ["EZ", "EK"]) == {"EA"}
    assert plain.legal({"EA", "E9", "GA"}, ["EZ", "EK"]) == {"EA", "E9"}
    # (2) follow even when unable to head.
    assert zwang.legal({"EK", "E9", "HO"}, ["EA"]) == {"EK", "E9"}
    # (3) void in the led suit: must over-trump the winning HU if able (EU does, SU does not).
    assert zwang.legal({"EU", "SU", "H9", "GA"}, ["EA", "HU"]) == {"EU"}
    assert plain.legal({"EU", "SU", "H9", "GA"}, ["EA", "HU"]) == {"EU", "SU", "H9", "GA"}
    # (4) cannot over-trump: any trump.
    assert zwang.legal({"SU", "H9", "GA"}, ["EA", "HU"]) == {"SU", "H9"}
    # (5) no led card, no trump.
    assert zwang.legal({"GA", "G9"}, ["EA", "HU"]) == {"GA", "G9"}
    # A trump lead: must head with a trump if able.
    assert zwang.legal({"HA", "SO", "E9"}, ["HZ", "HK"]) == {"HA", "SO"}
    assert zwang.legal({"H9", "SO", "E9"}, ["HZ"]) == {"SO"}


def test_forbidden_inference():
    muck = RefContract.mucken("Muck")
    # G9 on an acorn lead proves no acorn (the EA in the trick counts as an acorn too).
    assert muck.forbidden(["EA"], "G9") == {"EA", "EZ", "EK", "E9"}
    assert muck.forbidden(["EA"], "EK") == set()
    assert muck.forbidden([], "EK") == set()
    zwang = RefContract.mucken("Ramsch", stichzwang=True)
    # E9 under EK proves no card that heads EK.
    assert zwang.forbidden(["EK"], "E9") == {"EA", "EZ"}
    # GA on an acorn lead proves no acorn and no trump at all.
    assert zwang.forbidden(["EK"], "GA") == {"EA", "EZ", "EK", "E9"} | zwang.trumps
    # An under-trump proves no acorn and no trump that beats the winning HU.
    assert zwang.forbidden(["EA", "HU"], "SU") == {"EA", "EZ", "EK", "E9", "EO", "GO", "HO",
                                                   "SO", "EU", "GU"}


# ----- Couillon (C-1, C-3, C-5) -------------------------------------------------------------------

def test_couillon_orders():
    plain_h = RefContract.couillon("H")
    assert plain_h.trump_order == ["HA", "HK", "HQ", "HJ", "HT", "H9"]
    assert plain_h.winner(["SA", "SQ"]) == 0
    assert plain_h.winner(["SJ", "ST", "S9", "SQ"]) == 3   # A K Q J T 9
    assert plain_h.winner(["SA", "H9"]) == 1
    mit_h = RefContract.couillon("H", mit=True)
    assert mit_h.trump_order == ["HA", "SQ", "HK", "HQ", "HJ", "HT", "H9"]
    assert mit_h.winner(["HK", "SQ"]) == 1                # the Mit is above the trump king
    assert mit_h.winner(["HA", "SQ"]) == 0                # ... and below the trump ace
    assert mit_h.winner(["SA", "SQ"]) == 1                # it trumps a spade lead
    assert mit_h.winner(["SQ", "H9", "HK"]) == 0
    mit_s = RefContract.couillon("S", mit=True)
    assert mit_s.trump_order == ["SA", "SQ", "SK", "SJ", "ST", "S9"]
    assert mit_s.winner(["SK", "SQ"]) == 1
    assert RefContract.couillon("S").winner(["SK", "SQ"]) == 0
    assert plain_h.points(cards.french24) == 40 == mit_h.points(cards.french24)
    assert mit_h.points("SQ") == 2


def test_couillon_following():
    plain_h = RefContract.couillon("H")
    mit_h = RefContract.couillon("H", mit=True)
    # Holding the led suit: the led suit or a trump.
    assert plain_h.legal({"SK", "HT", "C9"}, ["SA"]) == {"SK", "HT"}
    # A declared Mit is no spade: a hand with only the Mit and a club is void in spades.
    assert mit_h.legal({"SQ", "C9"}, ["SA"]) == {"SQ", "C9"}
    assert plain_h.legal({"SQ", "C9"}, ["SA"]) == {"SQ"}
    # Void: anything.
    assert plain_h.legal({"C9", "DA"}, ["SA"]) == {"C9", "DA"}
    # Trump lead: must trump if able; the Mit is a trump.
    assert plain_h.legal({"H9", "C9"}, ["HA"]) == {"H9"}
    assert mit_h.legal({"SQ", "C9", "SA"}, ["HK"]) == {"SQ"}
    assert mit_h.legal({"HA", "C9"}, ["SQ"]) == {"HA"}     # a Mit lead is a trump lead
    # No duty to head.
    assert plain_h.legal({"SK", "S9"}, ["SQ"]) == {"SK", "S9"}
    assert plain_h.forbidden(["SA"], "C9") == {"SA", "SK", "SQ", "SJ", "ST", "S9"}


# ----- Mistigri (M-1, M-2, M-8, M-9) --------------------------------------------------------------

def test_mistigri_orders():
    g = RefContract.mistigri("G")
    assert g.trump_order == ["EU", "GA", "GK", "GO", "GU", "GZ", "G9", "G8", "G7"]
    assert g.winner(["GA", "EU"]) == 1                    # the Mistigri beats the trump ace
    assert g.winner(["EA", "EU"]) == 1                    # and trumps its printed suit
    assert g.winner(["HZ", "HU"]) == 1                    # M-1: A K O U Z 9 8 7
    assert g.winner(["HZ", "H9"]) == 0
    assert g.winner(["HZ", "HK"]) == 1
    e = RefContract.mistigri("E")
    assert e.trump_order[:3] == ["EU", "EA", "EK"] and len(e.trumps) == 8
    d = RefContract.mistigri("D", deck="french32")
    assert d.winner(["DA", "CJ"]) == 1 and "CJ" in d.trumps
    assert d.winner(["CQ", "CT"]) == 0
    f52 = RefContract.mistigri("H", deck="french52")
    assert len(f52.deck) == 52 and f52.winner(["S2", "S3"]) == 1
    assert len(RefContract.mistigri("S", deck="german36").deck) == 36
    assert g.points(cards.german32) == 0
    assert g.flush_value("EA") == 11 and g.flush_value("EU") == 10 and g.flush_value("G8") == 8
    with pytest.raises(ValueError):
        RefContract.mistigri("C", deck="german32")
    with pytest.raises(ValueError):
        RefContract.mistigri("E", deck="german24")


def test_mistigri_cascade():
    g = RefContract.mistigri("G")
    # The Mistigri belongs to the trump suit: it answers a trump lead ...
    assert g.legal({"EU", "E9"}, ["GK"]) == {"EU"}
    # ... and does not follow acorns: EK heads E9, EU is not an acorn.
    assert g.legal({"EU", "E7", "EK"}, ["E9"]) == {"EK"}
    assert g.legal({"EU", "E7"}, ["E9"]) == {"E7"}       # step 2: follow though unable to head
    # Void in acorns: trumps that beat the winner.
    assert g.legal({"EU", "GA", "H7"}, ["EA"]) == {"EU", "GA"}
    # Must over-trump the winning GU.
    assert g.legal({"GO", "G7", "E8"}, ["H9", "GU"]) == {"GO"}
    assert g.legal({"G8", "G7", "E8"}, ["H9", "GU"]) == {"G8", "G7"}
    assert g.legal({"E8", "S7"}, ["H9", "GU"]) == {"E8", "S7"}
    # A Mistigri lead is a trump lead.
    assert g.legal({"GA", "H9"}, ["EU"]) == {"GA"}
    # H9 under a Mistigri lead proves no trump at all (the led EU itself included).
    assert g.forbidden(["EU"], "H9") == {"EU", "GA", "GK", "GO", "GU", "GZ", "G9", "G8", "G7"}


# ----- Couillon deal (C-2 .. C-6, G-4) -------------------------------------------------------------

def play_out(deal, actions):
    for a in actions:
        assert a in deal.legal_actions(), (a, deal.legal_actions())
        deal.apply(a)


# Dealer 3, forehand 0; seat 0 holds five hearts, H9 and SQ are in the talon.
SWEEP = dict(
    hands=[["HA", "HK", "HQ", "HJ", "HT"], ["CQ", "CJ", "CT", "C9", "SJ"],
           ["CA", "CK", "SA", "SK", "DA"], ["ST", "S9", "DK", "DQ", "DJ"]],
    talon=["H9", "SQ", "D9", "DT"], dealer=3, reveal_card="HT")


def play_first_legal(deal):
    while not deal.is_terminal():
        deal.apply(deal.legal_actions()[0])


def test_couillon_sweep_scores_two():
    deal = RefCouillon(**SWEEP)
    assert deal.current_player() == 0
    assert deal.legal_actions() == ["Clubs", "Spades", "Hearts", "Diamonds", "reveal"]
    deal.apply("Hearts")
    assert deal.current_player() == 0                    # SQ in the talon: no Mit phase
    assert set(deal.legal_actions()) == {"HA", "HK", "HQ", "HJ", "HT"}
    play_first_legal(deal)
    assert deal.current_player() is None and deal.legal_actions() == []
    assert deal.team_points == [38, 0] and deal.tricks_taken == [5, 0]
    assert deal.score_moves() == [-2, 0]
    assert deal.returns() == [2, -2, 2, -2]


def test_couillon_mit_kontra_re():
    hands = [["HA", "HK", "HQ", "HJ", "HT"], ["CQ", "CJ", "CT", "C9", "SJ"],
             ["CA", "CK", "SA", "SQ", "DA"], ["ST", "S9", "DK", "DQ", "DJ"]]
    talon = ["H9", "SK", "D9", "DT"]
    for doubles, expected in ((False, 5), (True, 12)):
        deal = RefCouillon(hands, talon, 3, "HT", kontra_doubles=doubles)
        deal.apply("Hearts")
        assert deal.current_player() == 2 and deal.legal_actions() == ["Mit", "pass"]
        deal.apply("Mit")
        assert deal.current_player() == 1 and deal.legal_actions() == ["Kontra", "pass"]
        deal.apply("pass")
        assert deal.current_player() == 3
        deal.apply("Kontra")
        assert deal.current_player() == 0 and deal.legal_actions() == ["Re", "pass"]
        deal.apply("pass")
        assert deal.current_player() == 2
        deal.apply("Re")
        assert deal.current_player() == 0 and deal.contract.trumps >= {"SQ"}
        deal.apply("HA")
        deal.apply("C9")
        assert deal.legal_actions() == ["SQ"]              # the declared Mit must answer trumps
        play_first_legal(deal)
        assert deal.tricks_taken == [5, 0]
        # 2 (all tricks) + 1 (Mit) + 1 (Kontra) + 1 (Re); or (2 + 1) * 2 * 2 when doubling.
        assert deal.score_moves() == [-expected, 0]
        assert deal.returns() == [expected, -expected, expected, -expected]


def test_couillon_kontra_both_pass_and_first_re_ends():
    hands = [["HA", "HK", "HQ", "HJ", "HT"], ["CQ", "CJ", "CT", "C9", "SQ"],
             ["CA", "CK", "SA", "SJ", "DA"], ["ST", "S9", "DK", "DQ", "DJ"]]
    talon = ["H9", "SK", "D9", "DT"]
    deal = RefCouillon(hands, talon, 3, "HT")
    deal.apply("reveal")
    assert deal.trump == "H"
    assert deal.current_player() == 1
    deal.apply("Mit")                                     # declarer seat 1, opponents 0 then 2
    assert deal.current_player() == 0
    deal.apply("pass")
    assert deal.current_player() == 2
    deal.apply("pass")
    assert deal.phase == "play" and deal.current_player() == 0
    assert not deal.kontra and not deal.re
    deal2 = RefCouillon(hands, talon, 3, "HT")
    deal2.apply("reveal")
    deal2.apply("Mit")
    deal2.apply("Kontra")                                 # seat 0: ends the Kontra phase
    assert deal2.phase == "re" and deal2.current_player() == 1  # declarer's team from forehand
    deal2.apply("pass")
    assert deal2.current_player() == 3
    deal2.apply("pass")
    assert deal2.phase == "play" and deal2.kontra and not deal2.re
    deal3 = RefCouillon(hands, talon, 3, "HT")
    deal3.apply("reveal")
    deal3.apply("pass")                                   # Mit not declared: straight to play
    assert deal3.phase == "play" and not deal3.mit_declared and "SQ" not in deal3.contract.trumps
    with pytest.raises(ValueError):
        deal3.apply("Kontra")


# 20-20: dealer 3, forehand 0, hearts named; tricks CA CK CQ CJ / DA DK DQ DJ to team 0,
# SJ SA SQ SK and HA HK HQ HJ to team 1, the four tens (0 points) to team 0.
TIE_HANDS = [["CA", "DA", "SJ", "HJ", "HT"], ["CK", "DK", "SA", "HA", "ST"],
             ["CQ", "DQ", "SQ", "HK", "CT"], ["CJ", "DJ", "SK", "HQ", "DT"]]
TIE_TALON = ["C9", "S9", "H9", "D9"]


def test_couillon_equal_points_is_zero():
    deal = RefCouillon(TIE_HANDS, TIE_TALON, 3, "HT")
    play_out(deal, ["Hearts", "pass",
                    "CA", "CK", "CQ", "CJ",
                    "DA", "DK", "DQ", "DJ",
                    "SJ", "SA", "SQ", "SK",
                    "HA", "HK", "HQ", "HJ",
                    "ST", "CT", "DT", "HT"])
    assert deal.is_terminal()
    assert deal.team_points == [20, 20] and deal.tricks_taken == [3, 2]
    assert deal.score_moves() == [0, 0]
    assert deal.returns() == [0, 0, 0, 0]


# Dealer 1, forehand 2 (team 0) names clubs; the dealer's team 1 wins 29 to 8.
DEALER_HANDS = [["SJ", "ST", "HJ", "HQ", "DQ"], ["CJ", "CT", "SA", "HA", "DA"],
                ["CA", "S9", "H9", "D9", "HT"], ["CK", "CQ", "SK", "HK", "DK"]]
DEALER_TALON = ["C9", "SQ", "DT", "DJ"]
DEALER_PLAY = ["CA", "CQ", "DQ", "CT",
               "S9", "SK", "SJ", "SA",
               "HA", "H9", "HK", "HQ",
               "DA", "D9", "DK", "HJ",
               "CJ", "HT", "CK", "ST"]


def test_couillon_dealer_team_rule():
    named = RefCouillon(DEALER_HANDS, DEALER_TALON, 1, "HT")
    play_out(named, ["Clubs"] + DEALER_PLAY)
    assert named.team_points == [8, 29] and named.tricks_taken == [1, 4]
    # The dealer's team wins after a named trump: forehand's team moves one point away from 0.
    assert named.score_moves() == [1, -1]
    assert named.returns() == [-2, 2, -2, 2]
    # The same play after a reveal (forehand's last card CA): no dealer-team point.
    revealed = RefCouillon(DEALER_HANDS, DEALER_TALON, 1, "CA")
    play_out(revealed, ["reveal"] + DEALER_PLAY)
    assert revealed.trump == "C" and revealed.team_points == [8, 29]
    assert revealed.score_moves() == [0, -1]
    assert revealed.returns() == [-1, 1, -1, 1]


def test_couillon_illegal_and_bad_setup():
    deal = RefCouillon(**SWEEP)
    with pytest.raises(ValueError):
        deal.apply("HA")                                  # trump phase first
    deal.apply("Hearts")
    with pytest.raises(ValueError):
        deal.apply("CQ")                                  # not seat 0's card
    deal.apply("AH")                                      # rank-first text is accepted
    assert deal.trick == [(0, "HA")]
    with pytest.raises(ValueError):
        RefCouillon(SWEEP["hands"], SWEEP["talon"], 3, "CA")  # not in forehand's hand
    with pytest.raises(ValueError):
        RefCouillon(SWEEP["hands"], ["H9", "SQ", "D9", "HA"], 3, "HT")


def test_couillon_match():
    match = RefCouillonMatch(dealer=1)
    assert match.scores == [13, 13] and match.winner() is None
    deal = match.new_deal(DEALER_HANDS, DEALER_TALON, "HT")
    play_out(deal, ["Clubs"] + DEALER_PLAY)
    match.apply_deal(deal)
    assert match.scores == [14, 12] and match.dealer == 2
    for _ in range(11):
        match.apply_moves([0, -1])
    assert match.scores == [14, 1] and not match.is_over()
    assert match.dealer == (2 + 11) % 4
    match.apply_moves([0, -2])
    assert match.scores == [14, -1] and match.winner() == 1 and match.is_over()
    with pytest.raises(ValueError):
        match.apply_moves([0, 0])


def test_perft_small():
    deal = RefCouillon(**SWEEP)
    assert perft_couillon(deal, 0) == 1
    assert perft_couillon(deal, 1) == 5
    # SQ in the talon: after any trump forehand has 5 cards to lead.
    assert perft_couillon(deal, 2) == 25
    assert deal.phase == "trump"                          # perft leaves the state untouched
    # A deal one card from its end counts each remaining leaf once, also past the end.
    end = RefCouillon(**SWEEP)
    play_out(end, ["Hearts"])
    while len(end.history) < 20:
        end.apply(end.legal_actions()[0])
    assert perft_couillon(end, 1) == 1 and perft_couillon(end, 5) == 1
    end.apply(end.legal_actions()[0])
    assert end.is_terminal() and perft_couillon(end, 3) == 1


def test_perft_tie_deal_depth3():
    # Named Hearts (trump phase), then SQ holder seat 2 (Mit / pass), then play or Kontra.
    deal = RefCouillon(TIE_HANDS, TIE_TALON, 3, "HT")
    deal.apply("Hearts")
    # Mit -> Kontra phase (2 actions); pass -> seat 0 leads (5 cards).
    assert perft_couillon(deal, 2) == 2 + 5
