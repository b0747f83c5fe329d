"""One test (or a few) per reading of docs/rules/mucken.md (U-1 .. U-13), through the public
Python API (tests/reference/SPEC.md "Mucken deal").

Situations are forced with constructed deals (``deal(hands=[...])`` pins every seat's cards) and
scripted actions; every eye count and value below was worked out by hand, trick by trick, in the
comments beside each deal. Conventions: dealer 3 (forehand 0) unless said otherwise; teams are
seat % 2; "T3 (2) EA EZ EK E9 -> 0 (25)" means trick 3, led by seat 2, cards in playing order,
won by seat 0, worth 25 eyes.
"""

from __future__ import annotations

import functools
import random

import pytest

import stich
from stich.games import game_of
from helpers.random_play import finish_randomly
from helpers.play import cs as cards_in, play as play_all, rotated, texts
from mucken.deals import (
    WENZ61, WENZ61_PLAY, WENZ60, WENZ60_PLAY, G91, G91_PLAY, G89, G89_PLAY, G90, G90_PLAY, G91B,
    G91B_PLAY, MUCK_SWEEP, MUCK_SWEEP_PLAY, NINES, NINES_PLAY, ONE61, ONE61_PLAY, ONE60,
    ONE60_PLAY, ONE96, ONE96_PLAY, ONE3, ONE3_PLAY, RAMSCH_EYES, RAMSCH_EYES_PLAY, RAMSCH_TRICKS,
    RAMSCH_TRICKS_PLAY, RAMSCH_TRUMPS, RAMSCH_TRUMPS_PLAY, RAMSCH_EO, RAMSCH_EO_PLAY, TEAM_SWEEP,
    TEAM_SWEEP_PLAY, SIX, SIX_PLAY, LONG, LONG_PLAY, MUST90, MUST90_PLAY,
)

pytestmark = pytest.mark.rules

GAME = stich.Mucken()
ALL_PASS = "pass pass pass pass"
GAMES_BY_ID = ["Wenz", "Geier", "Muck", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
               "Wenz-Tout", "Geier-Tout", "Muck-Tout"]
SIE_CARDS = "EO GO HO SO EU GU"
cs = functools.partial(cards_in, deck="german24")
play = functools.partial(play_all, sep=None)   # several actions to an argument, separated by spaces


# ----- helpers ----------------------------------------------------------------------------------

def cards(line: str, start: int = 0, stop: int | None = None) -> str:
    """Cards ``start``..``stop`` (by count) of a play line."""
    return " ".join(line.split()[start:stop])


def dealt(hands, dealer=3, bock=False, **options):
    """A deal of stich.Mucken(**options) with every seat's cards pinned (hands)."""
    return stich.Mucken(**options).deal(seed=0, dealer=dealer, hands=hands, bock=bock)


def team_returns(winners: int, value: int, players: int = 4) -> list[int]:
    return [value if s % 2 == winners else -value for s in range(players)]


def assert_order(k, order: str):
    """Every card of ``order`` (high to low) beats each card after it, whichever is led."""
    cards = order.split()
    for i, hi in enumerate(cards):
        for lo in cards[i + 1:]:
            assert k.winner([lo, hi]) == 1, (lo, hi)
            assert k.winner([hi, lo]) == 0, (hi, lo)


# ----- hand-worked deals -------------------------------------------------------------------------

# Sie: seat 1 holds the four Obers, EU and GU.
SIE = ["EA EZ EK E9 GA GZ", SIE_CARDS, "GK G9 HA HZ HK HU", "H9 SA SZ SK SU S9"]


# ----- U-1: players, teams, decks ---------------------------------------------------------------

def test_U_1_four_players_short_deck():
    assert GAME.num_players == 4 and GAME.deck == stich.Deck("german24") and len(GAME.deck) == 24
    assert GAME.deck.cards == cs("EA EZ EK EO EU E9 GA GZ GK GO GU G9 HA HZ HK HO HU H9 SA SZ SK SO SU S9")
    for seed in range(20):
        s = GAME.deal(seed=seed, dealer=seed % 4)
        if s.is_terminal:
            continue
        hands = [s.hand(i) for i in range(4)]
        assert [len(h) for h in hands] == [6, 6, 6, 6]
        union = hands[0] | hands[1] | hands[2] | hands[3]
        assert union == GAME.deck.cards
        assert s.forehand == (seed % 4 + 1) % 4 and s.current_player == s.forehand


def test_U_1_partners_opposite():
    s = play(dealt(WENZ61), "Wenz pass pass pass pass pass")
    assert s.player_team == 0 and s.announcer == 0
    play(s, cards(WENZ61_PLAY, 0, 4))                       # T1: seat 0 wins
    assert s.team_tricks == [1, 0] and s.team_eyes == [8, 0]
    play(s, cards(WENZ61_PLAY, 4, 16))                     # T2, T3 to seat 0, T4 to seat 1
    assert s.team_tricks == [3, 1] and s.team_eyes == [61, 28]
    play(s, cards(WENZ61_PLAY, 16))                       # T5, T6 to seat 3: counted with seat 1
    assert s.team_tricks == [3, 3] and s.team_eyes == [61, 59]
    assert s.returns() == [2, -2, 2, -2]


def test_U_1_six_players_alternating_teams():
    g = stich.Mucken(players=6)
    assert g.num_players == 6 and len(g.deck) == 24
    s = g.deal(seed=0, dealer=5, hands=SIX)
    assert s.num_players == 6 and s.forehand == 0
    assert [len(s.hand(i)) for i in range(6)] == [4] * 6
    play(s, "Muck pass pass pass pass pass")
    assert (s.phase, s.announcer, s.player_team) == ("doubling", 0, 0)
    order = []
    for _ in range(3):                              # the defenders 1, 3, 5 in order
        order.append(s.current_player)
        play(s, "pass")
    assert order == [1, 3, 5] and s.phase == "play" and s.current_player == 0
    play(s, "EA EZ EK E9 SA SK")
    assert s.team_tricks == [1, 0] and s.team_eyes == [40, 0]
    play(s, "GA")
    assert sorted(texts(s)) == ["HA", "HO", "SZ"]    # seat 1 holds no plain Gras: anything
    play(s, "HO GK G9 GZ S9")
    assert s.team_tricks == [1, 1] and s.team_eyes == [40, 28] and s.current_player == 1
    play(s, "HA EU HZ HK H9 EO GO SZ SO GU HU SU")
    assert s.is_terminal and s.team_tricks == [3, 1] and s.team_eyes == [92, 28]
    assert s.returns() == [3, -3, 3, -3, 3, -3]     # defenders 28 <= 29: Schneider, 3


def test_U_1_six_players_random_deals():
    g = stich.Mucken(players=6)
    for seed in range(20):
        s = g.deal(seed=seed, dealer=seed % 6)
        hands = [s.hand(i) for i in range(6)]
        assert [len(h) for h in hands] == [4] * 6
        union = hands[0]
        for h in hands[1:]:
            assert not (union & h)
            union = union | h
        assert union == g.deck.cards
        assert not s.is_terminal and s.sie_seat is None   # 4 cards cannot hold a Sie
        finish_randomly(s, random.Random(seed))
        assert sum(s.team_tricks) == 4 and sum(s.team_eyes) == 120
        r = s.returns()
        assert r[0] == r[2] == r[4] and r[1] == r[3] == r[5] and r[0] == -r[1]


def test_U_1_long_deck():
    g = stich.Mucken(long_deck=True)
    assert g.deck == stich.Deck("german32") and len(g.deck) == 32
    s = g.deal(seed=0, dealer=3, hands=LONG)
    assert [len(s.hand(i)) for i in range(4)] == [8] * 4
    play(s, "Muck pass pass pass pass pass EO GU SU")
    assert sorted(texts(s)) == ["H7", "H8"]          # the heart 8 and 7 are trumps in Muck
    play(s, "H8 GO HK H9")
    assert texts(s) == ["H7"]
    play(s, cards(LONG_PLAY, 7))
    assert s.is_terminal and s.team_tricks == [8, 0] and s.team_eyes == [120, 0]
    assert s.returns() == [3, -3, 3, -3]            # Schwarz
    for seed in range(10):
        s = finish_randomly(g.deal(seed=seed, dealer=seed % 4), random.Random(seed))
        assert sum(s.team_tricks) in (0, 8) and sum(s.team_eyes) in (0, 120)


def test_U_1_long_deck_hands_need_the_long_deck():
    with pytest.raises(ValueError, match="'E8' for the german24 deck"):
        GAME.deal(seed=0, hands=LONG)
    with pytest.raises(ValueError, match="seat 0 was given 8 cards; a Mucken hand has 6"):
        GAME.deal(seed=0, hands=["EO GO HO SO EU HU HA HZ"])


def test_U_1_six_players_with_long_deck_rejected():
    with pytest.raises(ValueError, match=r"players=6 needs the short deck.*32 cards"):
        stich.Mucken(players=6, long_deck=True)
    assert stich.Mucken(players=6).options["long_deck"] is False
    assert stich.Mucken(long_deck=True).options["players"] == 4


# ----- U-2: eyes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["Muck", "Geier", "Wenz", "Ramsch"])
@pytest.mark.parametrize("long_deck", [False, True])
def test_U_2_card_eyes(game, long_deck):
    k = stich.Contract.mucken(game, long_deck=long_deck)
    ranks = "AZKOU987" if long_deck else "AZKOU9"
    eyes = {"A": 11, "Z": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
    for suit in "EGHS":
        assert [k.points(suit + r) for r in ranks] == [eyes[r] for r in ranks]
    deck = stich.Deck("german32" if long_deck else "german24")
    assert k.points(deck.cards) == 120


def test_U_2_eyes_of_played_deals_sum_to_120():
    rng = random.Random(2)
    for seed in range(60):
        s = finish_randomly(GAME.deal(seed=seed, dealer=seed % 4), rng)
        if s.game == "thrown in" or s.game == "Sie":
            continue
        assert sum(s.team_eyes) == 120 and sum(s.team_tricks) == 6


# ----- U-3: trumps --------------------------------------------------------------------------------

MUCK_TRUMPS = "EO GO HO SO EU GU HU SU HA HZ HK H9"


@pytest.mark.parametrize("game", ["Muck", "Ramsch"])
def test_U_3_muck_and_ramsch_trumps(game):
    k = stich.Contract.mucken(game)
    assert k.trumps == cs(MUCK_TRUMPS)
    assert_order(k, MUCK_TRUMPS)
    for suit in "EGS":
        assert_order(k, f"{suit}A {suit}Z {suit}K {suit}9")
        assert k.winner([f"{suit}A", "H9"]) == 1             # the lowest trump takes a plain ace
    assert k.winner(["EA", "GA"]) == 0                        # a plain card of another suit never wins
    kl = stich.Contract.mucken(game, long_deck=True)
    assert kl.trumps == cards_in(MUCK_TRUMPS + " H8 H7", "german32")
    assert_order(kl, MUCK_TRUMPS + " H8 H7")
    assert_order(kl, "EA EZ EK E9 E8 E7")
    assert len(k.trumps) == 12 and len(kl.trumps) == 14


def test_U_3_geier_trumps():
    k = stich.Contract.mucken("Geier")
    assert k.trumps == cs("EO GO HO SO")
    assert_order(k, "EO GO HO SO")
    for suit in "EGHS":                                       # hearts are a plain suit here
        assert_order(k, f"{suit}A {suit}Z {suit}K {suit}U {suit}9")
        assert k.winner([f"{suit}A", "SO"]) == 1
    assert k.winner(["EA", "HA"]) == 0 and k.winner(["EU", "EZ"]) == 1
    assert_order(stich.Contract.mucken("Geier", long_deck=True), "EA EZ EK EU E9 E8 E7")


def test_U_3_wenz_trumps():
    k = stich.Contract.mucken("Wenz")
    assert k.trumps == cs("EU GU HU SU")
    assert_order(k, "EU GU HU SU")
    for suit in "EGHS":
        assert_order(k, f"{suit}A {suit}Z {suit}K {suit}O {suit}9")
        assert k.winner([f"{suit}A", "SU"]) == 1
    assert k.winner(["E9", "H9"]) == 0                        # hearts do not trump in Wenz
    assert k.winner(["EO", "EK"]) == 1 and k.winner(["EO", "E9"]) == 0
    assert_order(stich.Contract.mucken("Wenz", long_deck=True), "EA EZ EK EO E9 E8 E7")


def test_U_3_trumps_in_a_deal():
    # WENZ61 T6: hearts are no trump in Wenz, so S9 (led) takes H9, E9 and GO.
    s = play(dealt(WENZ61), "Wenz pass pass pass pass pass", cards(WENZ61_PLAY, 0, 20))
    assert s.current_player == 3
    play(s, "S9 H9 E9 GO")
    assert s.team_eyes == [61, 59] and s.team_tricks == [3, 3]
    # ONE61 T2 as a one-point (Muck) game: seat 1's HU trumps the Eichel lead.
    s = play(dealt(ONE61, if_all_pass="one_point"), ALL_PASS, cards(ONE61_PLAY, 0, 4))
    assert s.current_player == 2
    play(s, "E9 EK GZ HU")
    assert s.current_player == 1 and s.team_eyes == [25, 16]


# ----- U-4: following ---------------------------------------------------------------------------

@pytest.mark.parametrize("game, hand, trick, legal", [
    ("Muck", "EO EZ E9 GA", "EK", "EZ E9"),          # EO is a trump, not an Eichel
    ("Muck", "EO EU GA SA", "EK", "EO EU GA SA"),    # no plain Eichel: anything, no duty to trump
    ("Muck", "EO HA GA", "HK", "EO HA"),             # trump lead: a trump (hearts are trumps)
    ("Muck", "EU GA", "SO", "EU"),
    ("Muck", "GA SA E9", "SO", "GA SA E9"),          # no trump: anything
    ("Muck", "EA E9 HA", "EK", "EA E9"),             # no duty to head the trick
    ("Muck", "H9 HA GA", "EK SO", "H9 HA GA"),       # void: no duty to trump or to over-trump
    ("Muck", "E9 EA", "EK SO", "E9 EA"),
    ("Geier", "EU GA HA", "EK", "EU"),               # the Unter belongs to its suit in Geier
    ("Geier", "HO HA GA", "HK", "HA"),               # hearts plain, HO a trump
    ("Geier", "EO EU HA", "GO", "EO"),               # EU is no trump in Geier
    ("Geier", "EU HA", "GO", "EU HA"),
    ("Wenz", "EO GA", "EK", "EO"),                   # the Ober belongs to its suit in Wenz
    ("Wenz", "EU HA GA", "HK", "HA"),
    ("Wenz", "EU HA GA", "SU", "EU"),
    ("Wenz", "HO HA", "SU", "HO HA"),
])
def test_U_4_following_rule(game, hand, trick, legal):
    assert stich.Contract.mucken(game).legal(hand, trick.split()) == cs(legal)


def test_U_4_not_following_shows_a_void():
    # ONE61 (a Muck game): T1 seat 0 leads G9, seat 1 throws EZ: it holds no plain Gras.
    s = play(dealt(ONE61, if_all_pass="one_point"), ALL_PASS, "G9")
    assert sorted(texts(s)) == sorted(["EZ", "HK", "HO", "HU", "SO", "S9"])
    assert "GZ" not in s.view(3).forbidden(1)
    play(s, "EZ")
    v = s.view(3)
    assert "GZ" in v.forbidden(1)                    # held by seat 0, unknown to seat 3
    assert "GO" not in v.forbidden(1) and "GU" not in v.forbidden(1)   # trumps may still be there
    assert s.is_consistent_with(v)


# ----- U-5: the auction ---------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_U_5_forehand_speaks_first_then_clockwise(dealer):
    s = dealt(rotated(WENZ61, dealer + 1), dealer=dealer)
    f = (dealer + 1) % 4
    assert s.phase == "auction" and s.current_player == f
    assert texts(s) == GAMES_BY_ID + ["pass"]          # no announcement yet: every game
    seen = []
    for _ in range(4):
        seen.append(s.current_player)
        play(s, "pass")
    assert seen == [f, (f + 1) % 4, (f + 2) % 4, dealer]


def test_U_5_later_seat_needs_a_strictly_higher_game():
    s = play(dealt(WENZ61), "Geier")
    assert s.current_player == 1 and s.auction_holder == 0
    assert texts(s) == GAMES_BY_ID[2:] + ["pass"]       # Geier itself is not enough for seat 1
    with pytest.raises(stich.IllegalActionError, match="'Geier' is not a legal action for seat 1"):
        s.apply("Geier")
    with pytest.raises(stich.IllegalActionError, match="'Wenz' is not a legal action for seat 1"):
        s.apply("Wenz")
    play(s, "Muck")
    assert s.auction_holder == 1 and s.current_player == 2
    assert texts(s) == GAMES_BY_ID[3:] + ["pass"]


def test_U_5_earlier_seat_may_match_an_equal_game():
    s = play(dealt(WENZ61), "Wenz Geier pass pass")
    assert s.current_player == 0 and s.auction_holder == 1
    assert texts(s) == GAMES_BY_ID[1:] + ["pass"]       # Geier again, not Wenz
    play(s, "Geier")                                    # the earlier seat takes it back
    assert s.auction_holder == 0 and s.current_player == 1   # seats 2 and 3 stay out
    assert texts(s) == GAMES_BY_ID[2:] + ["pass"]       # seat 1 must now go higher
    play(s, "pass")
    assert (s.phase, s.announcer, s.game, s.player_team) == ("doubling", 0, "Geier", 0)


def test_U_5_passed_seat_stays_out():
    s = play(dealt(WENZ61), "pass Wenz Geier Muck")
    assert s.current_player == 1                        # seat 0 passed: skipped for good
    assert texts(s) == GAMES_BY_ID[2:] + ["pass"]       # seat 1 sits before seat 3: may match Muck
    play(s, "pass")
    assert s.current_player == 2
    play(s, "Muck")
    assert s.auction_holder == 2 and s.current_player == 3
    assert "Muck" not in texts(s)
    play(s, "pass")
    assert (s.phase, s.announcer, s.game) == ("doubling", 2, "Muck")
    for seat in range(4):                               # the auction is public
        assert [a for _, a in s.view(seat).history] == ["pass", "Wenz", "Geier", "Muck", "pass", "Muck", "pass"]


def test_U_5_auction_ends_when_all_others_passed():
    s = play(dealt(WENZ61), "pass Wenz pass pass")
    # seat 0 has passed, seat 1 holds the game and is not asked again
    assert (s.phase, s.announcer, s.game, s.player_team) == ("doubling", 1, "Wenz", 1)
    assert s.current_player == 0 and texts(s) == ["Kontra", "pass"]
    s = play(dealt(WENZ61), "Muck-Tout pass pass pass")
    assert (s.phase, s.announcer, s.game) == ("doubling", 0, "Muck-Tout")
    s = play(dealt(WENZ61), "pass pass pass Schneider-Wenz")
    assert (s.phase, s.announcer, s.game, s.player_team) == ("doubling", 3, "Schneider-Wenz", 1)


def test_U_5_order_wraps_from_forehand():
    # Dealer 1: the order from forehand is 2, 3, 0, 1.
    s = play(dealt(rotated(WENZ61, 2), dealer=1), "Wenz pass Geier")
    assert s.current_player == 1 and "Geier" not in texts(s)   # seat 1 sits after seat 0
    play(s, "pass")
    assert s.current_player == 2 and "Geier" in texts(s)       # seat 2 sits before seat 0
    play(s, "Geier")
    assert s.current_player == 0                               # seat 3 passed: skipped
    assert texts(s) == GAMES_BY_ID[2:] + ["pass"]
    play(s, "pass")
    assert (s.phase, s.announcer, s.game) == ("doubling", 2, "Geier")


def test_U_5_six_players_auction():
    s = stich.Mucken(players=6).deal(seed=0, dealer=2, hands=SIX)   # order 3 4 5 0 1 2
    assert s.current_player == 3
    play(s, "Wenz")
    assert "Wenz" not in texts(s)
    play(s, "pass Geier pass pass pass")
    assert s.current_player == 3 and "Geier" in texts(s) and "Wenz" not in texts(s)
    play(s, "Geier")
    assert s.current_player == 5 and "Geier" not in texts(s)   # seat 4 passed
    play(s, "Muck pass")
    assert (s.phase, s.announcer, s.game, s.player_team) == ("doubling", 5, "Muck", 1)
    order = []
    for _ in range(3):
        order.append(s.current_player)
        play(s, "pass")
    assert order == [4, 0, 2] and s.phase == "play" and s.current_player == 3


@pytest.mark.parametrize("ranking, after, legal", [
    ("geier_over_wenz", "Wenz", ["Geier", "Muck", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
                                 "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("geier_over_wenz", "Schneider-Muck", ["Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("geier_over_wenz", "Geier-Tout", ["Muck-Tout"]),
    ("wenz_over_geier", "Geier", ["Wenz", "Muck", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
                                  "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_geier", "Wenz", ["Muck", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
                                 "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_geier", "Schneider-Wenz", ["Schneider-Muck", "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_geier", "Geier-Tout", ["Wenz-Tout", "Muck-Tout"]),
    ("wenz_over_muck", "Geier", ["Wenz", "Muck", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
                                 "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_muck", "Muck", ["Wenz", "Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
                                "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_muck", "Wenz", ["Schneider-Wenz", "Schneider-Geier", "Schneider-Muck",
                                "Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_muck", "Schneider-Wenz", ["Wenz-Tout", "Geier-Tout", "Muck-Tout"]),
    ("wenz_over_muck", "Muck-Tout", ["Wenz-Tout"]),
    ("wenz_over_muck", "Wenz-Tout", []),
])
def test_U_5_ranking_options(ranking, after, legal):
    s = play(dealt(WENZ61, ranking=ranking), after)
    assert texts(s) == legal + ["pass"]
    for g in GAMES_BY_ID:
        if g not in legal:
            with pytest.raises(stich.IllegalActionError):
                s.clone().apply(g)


def test_U_5_games_without_geier():
    no_geier = [g for g in GAMES_BY_ID if "Geier" not in g]
    s = dealt(WENZ61, games=("Muck", "Wenz"))
    assert texts(s) == no_geier + ["pass"]
    for g in ("Geier", "Schneider-Geier", "Geier-Tout"):
        with pytest.raises(stich.IllegalActionError, match=f"'{g}' is not a legal action for seat 0"):
            s.apply(g)
    play(s, "Wenz")
    assert texts(s) == no_geier[1:] + ["pass"]          # Muck is next above Wenz
    s = play(dealt(WENZ61, games=("Muck", "Wenz"), ranking="wenz_over_muck"), "Wenz")
    assert texts(s) == ["Schneider-Wenz", "Schneider-Muck", "Wenz-Tout", "Muck-Tout", "pass"]
    s = play(dealt(WENZ61, games=("Muck", "Wenz"), ranking="wenz_over_muck"), "Muck")
    assert texts(s) == ["Wenz", "Schneider-Wenz", "Schneider-Muck", "Wenz-Tout", "Muck-Tout", "pass"]


# ----- U-6: thresholds ----------------------------------------------------------------------------

def test_U_6_normal_game_61_wins_60_loses():
    s = play(dealt(WENZ61), "Wenz pass pass pass pass pass", WENZ61_PLAY)
    assert s.team_eyes == [61, 59] and s.winning_team == 0 and s.value == 2
    assert s.returns() == [2, -2, 2, -2]
    s = play(dealt(WENZ60), "Wenz pass pass pass pass pass", WENZ60_PLAY)
    assert s.team_eyes == [60, 60] and s.winning_team == 1 and s.value == 2   # 60 is not enough
    assert s.returns() == [-2, 2, -2, 2]
    # Seat 1 announces the same cards: its team has 59 (not Schneider, > 30) and loses.
    s = play(dealt(WENZ61), "pass Wenz pass pass pass pass", WENZ61_PLAY)
    assert s.player_team == 1 and s.returns() == [2, -2, 2, -2]


@pytest.mark.parametrize("hands, cards, eyes, value", [
    (G91, G91_PLAY, [91, 29], 3),     # defenders 29: Schneider
    (G90, G90_PLAY, [90, 30], 2),     # defenders 30: Schneider-free
    (G89, G89_PLAY, [89, 31], 2),
], ids=["91", "90", "89"])
def test_U_6_schneider_edge_for_the_player_party(hands, cards, eyes, value):
    s = play(dealt(hands), "Geier pass pass pass pass pass", cards)
    assert s.team_eyes == eyes and s.team_tricks == [4, 2]
    assert s.winning_team == 0 and s.value == value and s.returns() == team_returns(0, value)


@pytest.mark.parametrize("hands, cards, players_eyes, value", [
    (G91, G91_PLAY, 29, 3),           # the player party with 29: lost with Schneider
    (G90, G90_PLAY, 30, 3),           # with 30: still Schneider (free only with 31)
    (G89, G89_PLAY, 31, 2),           # with 31: Schneider-free
], ids=["29", "30", "31"])
def test_U_6_schneider_edge_for_the_defenders(hands, cards, players_eyes, value):
    s = play(dealt(hands), "pass Geier pass pass pass pass", cards)
    assert s.announcer == 1 and s.team_eyes[1] == players_eyes and s.team_tricks == [4, 2]
    assert s.winning_team == 0 and s.value == value and s.returns() == team_returns(0, value)


def test_U_6_schwarz():
    s = play(dealt(MUCK_SWEEP), "Muck pass pass pass pass pass", MUCK_SWEEP_PLAY)
    assert s.team_eyes == [120, 0] and s.team_tricks == [6, 0]
    assert s.value == 3 and s.returns() == [3, -3, 3, -3]
    # The player party without a trick: the defenders win Schwarz.
    s = play(dealt(MUCK_SWEEP), "pass Muck pass pass pass pass", MUCK_SWEEP_PLAY)
    assert s.player_team == 1 and s.team_tricks == [6, 0]
    assert s.value == 3 and s.returns() == [3, -3, 3, -3]
    # Five tricks and all the eyes, but a zero-eye trick for the defenders: Schneider, 3.
    s = play(dealt(NINES, dealer=0), "pass Wenz pass pass pass pass", NINES_PLAY)
    assert s.team_eyes == [120, 0] and s.team_tricks == [5, 1] and s.returns() == [3, -3, 3, -3]


@pytest.mark.parametrize("hands, cards, won", [(G91, G91_PLAY, True), (G90, G90_PLAY, False),
                                               (G89, G89_PLAY, False)], ids=["91", "90", "89"])
def test_U_6_schneider_game_needs_91(hands, cards, won):
    s = play(dealt(hands), "Schneider-Geier pass pass pass pass pass", cards)
    assert s.game == "Schneider-Geier" and s.value == 7
    assert s.winning_team == (0 if won else 1)
    assert s.returns() == team_returns(0 if won else 1, 7)


def test_U_6_schneider_game_defenders_win_with_30():
    # Seat 1 plays Schneider-Geier on G90: the players get 30, the defenders 90.
    s = play(dealt(G90), "pass Schneider-Geier pass pass pass pass", G90_PLAY)
    assert s.player_team == 1 and s.returns() == [7, -7, 7, -7]


def test_U_6_tout_lost_by_a_trick_of_four_nines():
    s = play(dealt(NINES, dealer=0), "pass Wenz-Tout pass pass pass pass")
    assert s.announcer == 2 and s.current_player == 1
    play(s, cards(NINES_PLAY, 0, 4))
    assert s.team_tricks == [0, 1] and s.team_eyes == [0, 0]      # four nines, no eyes
    play(s, cards(NINES_PLAY, 4))
    assert s.team_eyes == [120, 0] and s.team_tricks == [5, 1]
    assert s.winning_team == 1 and s.value == 10 and s.returns() == [-10, 10, -10, 10]
    # The same cards as a Schneider game are won.
    s = play(dealt(NINES, dealer=0), "pass Schneider-Wenz pass pass pass pass", NINES_PLAY)
    assert s.returns() == [7, -7, 7, -7]


def test_U_6_tout_won_with_every_trick():
    s = play(dealt(MUCK_SWEEP), "Muck-Tout pass pass pass pass pass", MUCK_SWEEP_PLAY)
    assert s.team_tricks == [6, 0] and s.value == 10 and s.returns() == [10, -10, 10, -10]


# ----- U-7: doubling ------------------------------------------------------------------------------

def test_U_7_kontra_re_sup_hirsch_by_the_right_seats():
    s = play(dealt(MUCK_SWEEP), "Muck pass pass pass")
    assert s.phase == "doubling" and s.doublings == 0
    steps = [(1, ["Kontra", "pass"], "pass"), (3, ["Kontra", "pass"], "Kontra"),
             (0, ["Re", "pass"], "pass"), (2, ["Re", "pass"], "Re"),
             (1, ["Sup", "pass"], "Sup"),             # closes the defenders' turn: seat 3 not asked
             (0, ["Hirsch", "pass"], "Hirsch")]
    for k, (seat, legal, say) in enumerate(steps):
        assert s.current_player == seat and texts(s) == legal, k
        for wrong in {"Kontra", "Re", "Sup", "Hirsch"} - set(legal):
            with pytest.raises(stich.IllegalActionError, match=f"'{wrong}' is not a legal action for seat {seat}"):
                s.apply(wrong)
        play(s, say)
    assert s.phase == "play" and s.current_player == 0 and s.doublings == 4
    play(s, MUCK_SWEEP_PLAY)
    assert s.value == 3 * 16 and s.returns() == [48, -48, 48, -48]


def test_U_7_defenders_speak_from_forehand():
    # Dealer 0, forehand 1; seat 2 announces: the defenders are 1 then 3, the players 2 then 0.
    s = play(dealt(NINES, dealer=0), "pass Wenz pass pass")
    assert s.current_player == 1
    play(s, "pass")
    assert s.current_player == 3
    play(s, "Kontra")
    assert s.current_player == 2 and texts(s) == ["Re", "pass"]
    play(s, "pass")
    assert s.current_player == 0
    play(s, "pass")
    assert s.phase == "play" and s.current_player == 1 and s.doublings == 1
    # Seat 1 announces (dealer 3): the defenders are 0 then 2.
    s = play(dealt(WENZ61), "pass Wenz pass pass")
    assert s.current_player == 0
    play(s, "pass")
    assert s.current_player == 2


@pytest.mark.parametrize("words, doublings", [
    ("pass pass", 0),
    ("Kontra pass pass", 1),
    ("pass Kontra Re pass pass", 2),
    ("Kontra pass Re Sup pass pass", 3),
    ("Kontra Re Sup Hirsch", 4),
])
def test_U_7_each_doubling_doubles(words, doublings):
    s = play(dealt(MUCK_SWEEP), "Muck pass pass pass", words)
    assert s.phase == "play" and s.doublings == doublings
    assert "Kontra" not in texts(s) and "Re" not in texts(s)
    play(s, MUCK_SWEEP_PLAY)
    assert s.value == 3 * 2 ** doublings                # Schwarz 3, x2 per word
    assert s.returns() == team_returns(0, 3 * 2 ** doublings)
    s = play(dealt(MUCK_SWEEP, bock=True), "Muck pass pass pass", words, MUCK_SWEEP_PLAY)
    assert s.value == 6 * 2 ** doublings


def test_U_7_six_players_doubling():
    s = stich.Mucken(players=6).deal(seed=0, dealer=5, hands=SIX)
    play(s, "Muck pass pass pass pass pass")
    play(s, "pass")
    assert s.current_player == 3
    play(s, "Kontra")                                   # closes the defenders' turn: 5 not asked
    assert s.current_player == 0 and texts(s) == ["Re", "pass"]
    play(s, "pass pass")
    assert s.current_player == 4
    play(s, "Re")
    assert s.current_player == 1 and texts(s) == ["Sup", "pass"]
    play(s, "pass pass pass")
    assert s.phase == "play" and s.doublings == 2
    play(s, SIX_PLAY)
    assert s.returns() == [12, -12, 12, -12, 12, -12]   # Schneider 3 x 4


def test_U_7_no_doubling_in_ramsch():
    s = play(dealt(WENZ61), ALL_PASS)
    assert s.phase == "play" and s.game == "Ramsch" and s.current_player == 0
    assert "Kontra" not in texts(s)
    with pytest.raises(stich.IllegalActionError, match="'Kontra' is not a legal action for seat 0"):
        s.apply("Kontra")


def test_U_7_kontra_takes_over_at_60_and_61():
    won = "Wenz pass pass pass"
    s = play(dealt(WENZ60), won, "Kontra pass pass", WENZ60_PLAY)
    assert s.team_eyes == [60, 60] and s.winning_team == 0 and s.returns() == [4, -4, 4, -4]
    s = play(dealt(WENZ61), won, "Kontra pass pass", WENZ61_PLAY)
    assert s.returns() == [4, -4, 4, -4]
    s = play(dealt(WENZ60), won, "pass Kontra Re pass pass", WENZ60_PLAY)
    assert s.returns() == [8, -8, 8, -8]
    # The defenders need 61 after their Kontra: seat 1 plays, team 0 has 60 and loses.
    s = play(dealt(WENZ60), "pass Wenz pass pass Kontra pass pass", WENZ60_PLAY)
    assert s.player_team == 1 and s.returns() == [-4, 4, -4, 4]
    s = play(dealt(WENZ61), "pass Wenz pass pass Kontra pass pass", WENZ61_PLAY)
    assert s.returns() == [4, -4, 4, -4]                # 61 for the defenders is enough


def test_U_7_kontra_takes_over_off():
    s = play(dealt(WENZ60, kontra_takes_over=False), "Wenz pass pass pass Kontra pass pass", WENZ60_PLAY)
    assert s.winning_team == 1 and s.returns() == [-4, 4, -4, 4]
    s = play(dealt(WENZ61, kontra_takes_over=False), "Wenz pass pass pass Kontra pass pass", WENZ61_PLAY)
    assert s.returns() == [4, -4, 4, -4]


def test_U_7_kontra_does_not_move_the_schneider_line():
    s = play(dealt(G90), "Schneider-Geier pass pass pass Kontra pass pass", G90_PLAY)
    assert s.returns() == [-14, 14, -14, 14]            # 90 is still not 91
    s = play(dealt(G91), "Schneider-Geier pass pass pass Kontra pass pass", G91_PLAY)
    assert s.returns() == [14, -14, 14, -14]


# After a Kontra that takes over, a normal game is read with the moved table (U-7): the player
# party wins with 60, "with Schneider" with 90; it is Schneider-free with 30 and loses "with
# Schneider" with 29 or fewer. (announcement, deal, the player party's eyes, team that wins,
# value after one Kontra, value after Kontra with kontra_takes_over=False).
SEAT0, SEAT1 = "Geier pass pass pass", "pass Geier pass pass"
KONTRA_LINES = {
    29: (SEAT1, G91, G91_PLAY, 0, 6, 6),        # lost with Schneider either way
    30: (SEAT1, G90, G90_PLAY, 0, 4, 6),        # Schneider-free after the takeover
    31: (SEAT1, G89, G89_PLAY, 0, 4, 4),
    59: ("pass Wenz pass pass", WENZ61, WENZ61_PLAY, 0, 4, 4),
    60: ("Wenz pass pass pass", WENZ60, WENZ60_PLAY, 0, 4, 4),   # won after the takeover
    61: ("Wenz pass pass pass", WENZ61, WENZ61_PLAY, 0, 4, 4),
    89: (SEAT0, G89, G89_PLAY, 0, 4, 4),
    90: (SEAT0, G90, G90_PLAY, 0, 6, 4),        # won with Schneider after the takeover
    91: (SEAT0, G91, G91_PLAY, 0, 6, 6),
}
NO_TAKEOVER_WINNER = {60: 1}                    # 60 eyes lose when Kontra only doubles


def check_kontra_line(eyes):
    announce, hands, cards_, winners, value, value_no_takeover = KONTRA_LINES[eyes]
    s = play(dealt(hands), announce, "Kontra pass pass", cards_)
    assert s.doublings == 1 and s.team_eyes[s.player_team] == eyes
    assert s.winning_team == winners and s.value == value and s.returns() == team_returns(winners, value)
    # kontra_takes_over=False: the usual table (61, 91, Schneider-free with 31), doubled
    s = play(dealt(hands, kontra_takes_over=False), announce, "Kontra pass pass", cards_)
    winners = NO_TAKEOVER_WINNER.get(eyes, winners)
    assert s.returns() == team_returns(winners, value_no_takeover)
    # Re doubles again and moves nothing
    s = play(dealt(hands), announce, "Kontra Re pass pass", cards_)
    assert s.returns() == team_returns(KONTRA_LINES[eyes][3], 2 * value)


@pytest.mark.parametrize("eyes", [29, 30, 31])
def test_U_7_kontra_swaps_schneider_lines_at_30(eyes):
    check_kontra_line(eyes)


@pytest.mark.parametrize("eyes", [59, 60, 61])
def test_U_7_kontra_swaps_schneider_lines_at_60(eyes):
    check_kontra_line(eyes)


@pytest.mark.parametrize("eyes", [89, 90, 91])
def test_U_7_kontra_swaps_schneider_lines_at_90(eyes):
    check_kontra_line(eyes)


def test_U_7_kontra_swaps_schneider_lines_issue_cases():
    # The issue's two cases: 30 eyes after Kontra are a plain loss, 90 a Schneider win.
    s = play(dealt(G90), SEAT1, "Kontra pass pass", G90_PLAY)
    assert s.team_eyes[s.player_team] == 30 and s.value == 4
    s = play(dealt(G90), SEAT0, "Kontra pass pass", G90_PLAY)
    assert s.team_eyes[s.player_team] == 90 and s.value == 6


def test_U_7_kontra_keeps_the_tout_target():
    # Wenz-Tout lost to one trick of four nines: Kontra only doubles (10 x 2).
    s = play(dealt(NINES, dealer=0), "pass Wenz-Tout pass pass Kontra pass pass", NINES_PLAY)
    assert s.team_eyes == [120, 0] and s.returns() == [-20, 20, -20, 20]


# ----- U-8: values --------------------------------------------------------------------------------

@pytest.mark.parametrize("bidding, hands, cards, dealer, returns", [
    ("Wenz pass pass pass pass pass", WENZ61, WENZ61_PLAY, 3, [2, -2, 2, -2]),
    ("Geier pass pass pass pass pass", G91, G91_PLAY, 3, [3, -3, 3, -3]),
    ("Muck pass pass pass pass pass", MUCK_SWEEP, MUCK_SWEEP_PLAY, 3, [3, -3, 3, -3]),
    ("Schneider-Geier pass pass pass pass pass", G91, G91_PLAY, 3, [7, -7, 7, -7]),
    ("Muck-Tout pass pass pass pass pass", MUCK_SWEEP, MUCK_SWEEP_PLAY, 3, [10, -10, 10, -10]),
    ("pass Wenz-Tout pass pass Kontra Re pass pass", NINES, NINES_PLAY, 0, [-40, 40, -40, 40]),
], ids=["normal", "schneider", "schwarz", "schneider-game", "tout", "tout-lost-kontra-re"])
def test_U_8_values_and_bock(bidding, hands, cards, dealer, returns):
    s = play(dealt(hands, dealer=dealer), bidding, cards)
    assert s.returns() == returns and s.value == abs(returns[0])
    b = play(dealt(hands, dealer=dealer, bock=True), bidding, cards)
    assert b.bock is True and b.returns() == [2 * r for r in returns]


def test_U_8_only_the_winners_are_credited_per_seat():
    s = play(dealt(WENZ61), "Wenz pass pass pass pass pass", WENZ61_PLAY)
    assert s.winning_team == 0 and s.value == 2
    assert s.returns() == [s.value, -s.value, s.value, -s.value]


# ----- U-9: nobody announces ---------------------------------------------------------------------

def test_U_9_ramsch_by_default():
    s = play(dealt(WENZ61), ALL_PASS)
    assert (s.phase, s.game, s.announcer, s.player_team, s.doublings) == ("play", "Ramsch", None, None, 0)
    assert s.current_player == 0


def test_U_9_throw_in():
    g = stich.Mucken(if_all_pass="throw_in")
    s = play(g.deal(seed=0, dealer=3, hands=WENZ61), ALL_PASS)
    assert s.is_terminal and s.current_player is None and s.legal_actions() == []
    assert s.returns() == [0, 0, 0, 0] and s.value == 0 and s.winning_team is None
    assert s.next_bock is True and s.game == "thrown in"
    s = play(g.deal(seed=0, dealer=3, hands=WENZ61), "Wenz pass pass pass pass pass", WENZ61_PLAY)
    assert s.next_bock is False
    s = play(g.deal(seed=0, dealer=3, hands=WENZ61, bock=True), "Wenz pass pass pass pass pass", WENZ61_PLAY)
    assert s.bock is True and s.next_bock is False and s.returns() == [4, -4, 4, -4]


def test_U_9_throw_in_makes_the_next_deal_bock_in_a_match():
    g = stich.Mucken(if_all_pass="throw_in")
    m = g.match(seed=7, dealer=0)
    s = m.next_deal()
    assert s.dealer == 0 and s.bock is False and not s.is_terminal
    play(s, ALL_PASS)
    m.record(s)
    assert m.dealer == 1 and m.bock is True and m.points == [0, 0] and m.deals_played == 1
    nxt = m.next_deal()
    assert nxt.dealer == 1 and nxt.bock is True
    # The Bock deal, scripted: forehand (seat 2) sweeps a Muck: Schwarz 3, doubled.
    s = play(g.deal(seed=0, dealer=1, hands=rotated(MUCK_SWEEP, 2), bock=True),
             "Muck pass pass pass pass pass", MUCK_SWEEP_PLAY)
    assert s.returns() == [6, -6, 6, -6]
    m.record(s)
    assert m.points == [6, 0] and m.bock is False and m.dealer == 2
    assert m.next_deal().bock is False


def test_U_9_must_play():
    g = stich.Mucken(if_all_pass="must_play")
    s = play(g.deal(seed=0, dealer=3, hands=WENZ60), ALL_PASS)
    assert s.phase == "must_play" and s.current_player == 2          # EO is at seat 2
    assert texts(s) == ["Wenz", "Geier", "Muck"]
    for bad in ("pass", "Kontra", "Schneider-Wenz", "Muck-Tout"):
        with pytest.raises(stich.IllegalActionError, match=f"'{bad}' is not a legal action for seat 2"):
            s.apply(bad)
    play(s, "Wenz")
    assert (s.phase, s.announcer, s.player_team, s.game) == ("play", 2, 0, "must-play Wenz")
    assert s.current_player == 0 and "Kontra" not in texts(s)          # no doubling
    with pytest.raises(stich.IllegalActionError, match="'Kontra' is not a legal action for seat 0"):
        s.apply("Kontra")
    play(s, WENZ60_PLAY)
    assert s.team_eyes == [60, 60] and s.doublings == 0
    assert s.winning_team == 0 and s.returns() == [2, -2, 2, -2]       # 60 wins a must-play game
    s = play(g.deal(seed=0, dealer=3, hands=WENZ60, bock=True), ALL_PASS, "Wenz", WENZ60_PLAY)
    assert s.returns() == [4, -4, 4, -4]


def test_U_9_must_play_without_geier():
    s = play(dealt(WENZ60, if_all_pass="must_play", games=("Muck", "Wenz")), ALL_PASS)
    assert texts(s) == ["Wenz", "Muck"]


def test_U_9_must_play_schneider_free_with_30():
    # EO at seat 1 in both deals: team 1 must play; it takes 30 (G90) or 29 (G91B).
    s = play(dealt(G90, if_all_pass="must_play"), ALL_PASS)
    assert s.current_player == 1
    play(s, "Geier", G90_PLAY)
    assert s.team_eyes == [90, 30] and s.returns() == [2, -2, 2, -2]
    s = play(dealt(G91B, if_all_pass="must_play"), ALL_PASS, "Geier", G91B_PLAY)
    assert s.team_eyes == [91, 29] and s.returns() == [3, -3, 3, -3]


def test_U_9_must_play_schneider_from_90_eyes():
    # The issue's reproduction, verbatim (tests/mucken/deals.py MUST90 works it out trick by trick).
    s = stich.Mucken(if_all_pass="must_play").deal(seed=0, dealer=0, hands=[
        "EA EU E9 GO HK H9", "GA HA HO HZ SA SU", "EO GU GZ G9 SZ S9", "EK EZ GK HU SK SO"])
    assert [set(str(s.hand(i)).split()) for i in range(4)] == [set(h.split()) for h in MUST90]
    for a in ("pass pass pass pass Muck GA GZ GK EU GO HA GU SO H9 HZ EO HU SZ SK HK SA EA HO S9 EZ "
              "SU G9 EK E9").split():
        s.apply(a)
    assert s.game == "must-play Muck" and s.team_eyes == [90, 30]
    assert s.returns() == [3, -3, 3, -3]
    # 89 is a plain win, 91 a Schneider win (EO at seat 0 in both).
    s = play(dealt(G89, if_all_pass="must_play"), ALL_PASS, "Geier", G89_PLAY)
    assert s.team_eyes == [89, 31] and s.returns() == [2, -2, 2, -2]
    s = play(dealt(G91, if_all_pass="must_play"), ALL_PASS, "Geier", G91_PLAY)
    assert s.team_eyes == [91, 29] and s.returns() == [3, -3, 3, -3]
    s = play(dealt(MUST90, dealer=0, if_all_pass="must_play", bock=True), ALL_PASS, "Muck", MUST90_PLAY)
    assert s.returns() == [6, -6, 6, -6]


def test_U_9_must_play_shows_the_eichel_ober_at_once():
    s = play(dealt(WENZ60, if_all_pass="must_play"), ALL_PASS)
    # The EO holder is the one seat asked to choose: everyone knows where EO is.
    for observer in (0, 1, 3):
        v = s.view(observer)
        assert "EO" in v.known(2), observer
        assert all("EO" in v.forbidden(o) for o in (0, 1, 3) if o != observer), observer
    # A deal where seat 1 holds EO (and so must choose) is not the same situation for seat 0.
    other = [WENZ60[0], "GU EA EO GZ HZ SK", "HU GK G9 E9 HK SO", WENZ60[3]]
    o = play(dealt(other, if_all_pass="must_play"), ALL_PASS)
    assert o.current_player == 1 and o.view(0).history == s.view(0).history
    assert not o.is_consistent_with(s.view(0))


def test_U_9_must_play_eichel_ober_known_after_the_choice():
    s = play(dealt(WENZ60, if_all_pass="must_play"), ALL_PASS, "Wenz")
    for observer in (0, 1, 3):
        v = s.view(observer)
        assert "EO" in v.known(2), observer
        assert all("EO" in v.forbidden(o) for o in (0, 1, 3) if o != observer), observer
        assert s.is_consistent_with(v)
    play(s, cards(WENZ60_PLAY, 0, 15))          # T4 (0) EK EA EO: EO is played
    assert "EO" in s.view(0).played and "EO" not in s.view(0).known(2)


def test_U_9_one_point():
    g = stich.Mucken(if_all_pass="one_point")
    s = play(g.deal(seed=0, dealer=3, hands=ONE61), ALL_PASS)
    assert (s.phase, s.announcer, s.player_team, s.doublings) == ("play", 3, 1, 0)
    assert s.game == "one point (Muck)" and s.current_player == 0 and "Kontra" not in texts(s)
    play(s, ONE61_PLAY)
    assert s.team_eyes == [59, 61] and s.value == 1 and s.returns() == [-1, 1, -1, 1]
    s = play(g.deal(seed=0, dealer=3, hands=ONE60), ALL_PASS)
    assert s.announcer == 0 and s.player_team == 0
    play(s, ONE60_PLAY)
    assert s.team_eyes == [60, 60] and s.winning_team == 1 and s.returns() == [-1, 1, -1, 1]


@pytest.mark.parametrize("hands, cards, eyes, returns", [
    (MUCK_SWEEP, MUCK_SWEEP_PLAY, [120, 0], [1, -1, 1, -1]),     # Schwarz: still 1
    (ONE96, ONE96_PLAY, [24, 96], [-1, 1, -1, 1]),               # players win with Schneider: 1
    (ONE3, ONE3_PLAY, [3, 117], [-1, 1, -1, 1]),                 # players lose with Schneider: 1
], ids=["schwarz", "schneider-won", "schneider-lost"])
def test_U_9_one_point_is_one_whatever_schneider(hands, cards, eyes, returns):
    s = play(dealt(hands, if_all_pass="one_point"), ALL_PASS, cards)
    assert s.team_eyes == eyes and s.value == 1 and s.returns() == returns
    b = play(dealt(hands, if_all_pass="one_point", bock=True), ALL_PASS, cards)
    assert b.value == 2 and b.returns() == [2 * r for r in returns]


def test_U_9_one_point_the_other_team_knows_it_lacks_eo():
    s = play(dealt(ONE61, if_all_pass="one_point"), ALL_PASS)
    for observer in range(4):
        v = s.view(observer)
        for seat in (0, 2):                              # team 0 defends: none of its seats has EO
            if seat != observer:
                assert "EO" in v.forbidden(seat), (observer, seat)
        assert s.is_consistent_with(v)


# ----- U-10: Ramsch -------------------------------------------------------------------------------

def test_U_10_more_eyes_loses():
    s = play(dealt(RAMSCH_EYES, dealer=1), ALL_PASS, RAMSCH_EYES_PLAY)
    assert s.game == "Ramsch" and s.team_eyes == [61, 59] and s.team_tricks == [2, 4]
    assert s.winning_team == 1 and s.returns() == [-4, 4, -4, 4]


def test_U_10_tie_more_tricks_loses():
    s = play(dealt(RAMSCH_TRICKS), ALL_PASS, RAMSCH_TRICKS_PLAY)
    assert s.team_eyes == [60, 60] and s.team_tricks == [4, 2]
    assert s.winning_team == 1 and s.returns() == [-4, 4, -4, 4]


def test_U_10_tie_more_trumps_loses():
    s = play(dealt(RAMSCH_TRUMPS), ALL_PASS, RAMSCH_TRUMPS_PLAY)
    assert s.team_eyes == [60, 60] and s.team_tricks == [3, 3]        # trumps taken 4 : 8
    assert s.winning_team == 0 and s.returns() == [4, -4, 4, -4]


def test_U_10_tie_eichel_ober_loses():
    s = play(dealt(RAMSCH_EO), ALL_PASS, RAMSCH_EO_PLAY)
    assert s.team_eyes == [60, 60] and s.team_tricks == [3, 3]        # trumps 6 : 6, EO to team 1
    assert s.winning_team == 0 and s.returns() == [4, -4, 4, -4]


def test_U_10_durchmarsch():
    s = play(dealt(MUCK_SWEEP), ALL_PASS, MUCK_SWEEP_PLAY)
    assert s.team_eyes == [120, 0] and s.winning_team == 0 and s.value == 10
    assert s.returns() == [10, -10, 10, -10]
    s = play(dealt(MUCK_SWEEP, ramsch_double=False), ALL_PASS, MUCK_SWEEP_PLAY)
    assert s.returns() == [10, -10, 10, -10]            # 10 either way
    s = play(dealt(MUCK_SWEEP, bock=True), ALL_PASS, MUCK_SWEEP_PLAY)
    assert s.returns() == [20, -20, 20, -20]


def test_U_10_team_sweep_is_no_durchmarsch():
    s = play(dealt(TEAM_SWEEP), ALL_PASS, cards(TEAM_SWEEP_PLAY, 0, 20))
    assert s.current_player == 0 and s.team_tricks == [5, 0]
    play(s, "G9 E9 GA S9")
    assert s.team_eyes == [120, 0] and s.team_tricks == [6, 0]
    assert s.winning_team == 1 and s.returns() == [-4, 4, -4, 4]


@pytest.mark.parametrize("double, bock, value", [(True, False, 4), (False, False, 2),
                                                 (True, True, 8), (False, True, 4)])
def test_U_10_ramsch_double(double, bock, value):
    s = play(dealt(RAMSCH_TRICKS, ramsch_double=double, bock=bock), ALL_PASS, RAMSCH_TRICKS_PLAY)
    assert s.value == value and s.returns() == team_returns(1, value)


@pytest.mark.parametrize("hand, trick, legal", [
    ("EA E9 HA", "EK", "EA"),               # follow and head
    ("EZ E9 HA", "EA", "EZ E9"),            # cannot head: any Eichel
    ("GA HA H9", "EK", "HA H9"),            # void: trump (any trump heads a plain card)
    ("GA HA H9", "EK HK", "HA"),            # over-trump if able
    ("GA HA H9", "EK EO", "HA H9"),         # cannot over-trump: any trump
    ("GA SA", "EK HK", "GA SA"),            # void, no trump: anything
    ("EA E9 HA", "EK HK", "EA E9"),         # follow even if the trick is trumped
    ("EU H9 GA", "SO", "EU H9"),            # trump lead, none higher: any trump
    ("EO EU H9", "SO", "EO"),               # trump lead: head it
    ("EO E9", "GK", "EO"),                  # EO is no Eichel: void in Gras, must trump
])
def test_U_10_ramsch_stichzwang_cascade(hand, trick, legal):
    k = stich.Contract.mucken("Ramsch", stichzwang=True)
    assert k.legal(hand, trick.split()) == cs(legal)


@pytest.mark.parametrize("trick, card, ramsch, plain", [
    ("EK", "E9", "EA EZ", ""),                         # did not head: no higher Eichel
    ("EK", "HA", "EA EZ E9", "EA EZ E9"),              # trumped: no plain Eichel (EK is in the trick)
    ("EK HK", "E9", "", ""),                           # nobody could head the trump with an Eichel
    ("SO", "H9", "EO GO HO", ""),                      # did not head a trump lead: no higher Ober
])
def test_U_10_what_stichzwang_proves(trick, card, ramsch, plain):
    k = stich.Contract.mucken("Ramsch", stichzwang=True)
    assert k.forbidden(trick.split(), card) - cs(trick) == cs(ramsch)
    assert stich.Contract.mucken("Ramsch").forbidden(trick.split(), card) - cs(trick) == cs(plain)


def test_U_10_stichzwang_in_a_deal_and_option_off():
    # RAMSCH_EYES T1: seat 2 leads EA; seat 3 must trump; seat 0 follows; seat 1 must beat GU.
    s = play(dealt(RAMSCH_EYES, dealer=1), ALL_PASS, "EA")
    assert sorted(texts(s)) == sorted(["GU", "HZ", "HU", "HO", "HA"])
    play(s, "GU")
    assert sorted(texts(s)) == sorted(["E9", "EZ", "EK"])
    play(s, "E9")
    assert texts(s) == ["EO"]
    off = play(dealt(RAMSCH_EYES, dealer=1, ramsch_stichzwang=False), ALL_PASS, "EA")
    assert sorted(texts(off)) == sorted(["GU", "HZ", "HU", "HO", "HA", "SK"])
    play(off, "SK E9")
    assert sorted(texts(off)) == sorted(["EO", "GZ", "H9", "S9", "SU", "SA"])


# ----- U-11: Sie ----------------------------------------------------------------------------------

def test_U_11_sie_shown_at_once():
    s = dealt(SIE)
    assert s.is_terminal and s.phase == "over" and s.current_player is None and s.legal_actions() == []
    assert s.game == "Sie" and s.sie_seat == 1 and s.winning_team == 1
    assert s.returns() == [-21, 21, -21, 21]
    for seat in range(4):
        assert s.view(seat).known(1) == cs(SIE_CARDS)   # shown to everybody
    assert dealt(SIE, target=31).returns() == [-31, 31, -31, 31]
    assert dealt(SIE, bock=True).returns() == [-21, 21, -21, 21]   # the Bobbl, not a doubled value
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        s.apply("pass")


def test_U_11_sie_needs_both_unters_and_no_wenz_over_muck():
    hands = list(SIE)
    hands[1], hands[2] = "EO GO HO SO EU HU", "GK G9 HA HZ HK GU"
    s = dealt(hands)
    assert not s.is_terminal and s.sie_seat is None and s.phase == "auction"
    s = dealt(SIE, ranking="wenz_over_muck")
    assert not s.is_terminal and s.sie_seat is None and s.phase == "auction"
    for ranking in ("geier_over_wenz", "wenz_over_geier"):
        assert dealt(SIE, ranking=ranking).sie_seat == 1


def test_U_11_sie_in_the_long_deck():
    hands = ["EO GO HO SO EU GU HA HZ", "HU HK EA EZ EK E9 E8 E7", "SU H9 GA GZ GK G9 G8 G7",
             "H8 H7 SA SZ SK S9 S8 S7"]
    s = dealt(hands, long_deck=True)
    assert s.is_terminal and s.sie_seat == 0 and s.returns() == [21, -21, 21, -21]


def test_U_11_no_world_deals_a_hidden_sie():
    """A hand dealt as a Sie is shown and ends the deal, so in a deal that goes on no hidden hand
    was one: with_world refuses such a world (the sampler keeps the same rule) and takes the same
    cards dealt otherwise."""
    s = next(s for s in (GAME.deal(seed=k) for k in range(100)) if not s.hand(0) & cs(SIE_CARDS))
    assert not s.is_terminal
    rest = list(s.view(0).unknown - cs(SIE_CARDS))
    sie, a, b = cs(SIE_CARDS), stich.CardSet(rest[:6]), stich.CardSet(rest[6:])
    for world in ([s.hand(0), sie, a, b], [s.hand(0), a, b, sie]):
        with pytest.raises(ValueError, match="breaks a rule of the game"):
            s.with_world(0, world)
    swap = stich.CardSet([SIE_CARDS.split()[0], rest[0]])
    w = s.with_world(0, [s.hand(0), sie ^ swap, a ^ swap, b])   # five of the Sie: a hand like any other
    assert w.hand(1) == sie ^ swap and not w.is_terminal and w.view(0) == s.view(0)


def test_U_11_sie_wins_the_bobbl_outright():
    m = GAME.match(seed=3, dealer=3)
    s = play(dealt(WENZ61), "Wenz pass pass pass pass pass", WENZ61_PLAY)
    m.record(s)
    assert m.points == [2, 0] and m.dealer == 0
    sie = dealt(rotated(SIE, 1), dealer=0)               # seat 2 holds the Sie
    assert sie.sie_seat == 2 and sie.is_terminal
    m.record(sie)
    assert m.is_over and m.winner == 0 and m.bobbl_won == [1, 0]
    assert m.bobbl_points == [[23, 0]] and m.bobbl_winners == [0]


# ----- U-12: Bobbl, hanger, tournament ------------------------------------------------------------

def sweep(game: stich.Mucken, dealer: int, contract: str, bock: bool = False):
    """Forehand holds MUCK_SWEEP's first hand, announces ``contract`` and takes every trick."""
    s = game.deal(seed=dealer, dealer=dealer, hands=rotated(MUCK_SWEEP, dealer + 1), bock=bock)
    return play(s, f"{contract} pass pass pass pass pass", MUCK_SWEEP_PLAY)


# (contract, winning team = forehand's team, points after the deal); dealers 0, 1, 2, 3, 0, ...
# Muck-Tout 10, Schneider-Muck 7, Muck 3 (Schwarz).
BOBBL = [("Muck-Tout", 1, [0, 10]), ("Schneider-Muck", 0, [7, 10]), ("Muck", 1, [7, 13]),
         ("Muck-Tout", 0, [17, 13]), ("Schneider-Muck", 1, [17, 20]), ("Muck", 0, [20, 20]),
         ("Muck", 1, [20, 23]), ("Muck-Tout", 0, [30, 23]), ("Muck-Tout", 1, [30, 33])]


@pytest.mark.parametrize("target, deals", [(21, 7), (31, 9)])
def test_U_12_bobbl_to_target_with_dealer_rotation(target, deals):
    g = stich.Mucken(target=target)
    m = g.match(seed=1, dealer=0)
    assert m.points == [0, 0] and m.dealer == 0 and not m.is_over and m.winner is None
    for i, (contract, winners, points) in enumerate(BOBBL[:deals]):
        dealer = i % 4
        assert m.dealer == dealer and m.deals_played == i and not m.is_over
        assert m.next_deal().dealer == dealer
        s = sweep(g, dealer, contract)
        assert s.winning_team == winners == (dealer + 1) % 2
        m.record(s)
        if i < deals - 1:
            assert m.points == points and m.bobbl_won == [0, 0], i
    final = BOBBL[deals - 1][2]
    assert m.is_over and m.winner == 1 and m.bobbl_won == [0, 1]
    assert m.bobbl_points == [final] and m.bobbl_winners == [1]
    assert m.points == [0, 0] and m.deals_played == deals and m.dealer == deals % 4
    with pytest.raises(ValueError, match="over"):
        m.next_deal()


def test_U_12_bobbl_points_go_to_the_winners_only():
    g = stich.Mucken()
    m = g.match(seed=1, dealer=3)
    s = play(g.deal(seed=0, dealer=3, hands=WENZ60), "Wenz pass pass pass pass pass", WENZ60_PLAY)
    m.record(s)
    assert m.points == [0, 2]                          # the defenders win 2, the players get nothing


def test_U_12_hanger_best_of_three():
    g = stich.Mucken(target=21, hanger=True)
    m = g.match(seed=2, dealer=0)
    # Each Bobbl: the favoured team plays Muck-Tout (10) on its deals, the other Muck (3).
    # Bobbl 1 (dealers 0..0): team 1 10, team 0 3, team 1 20, team 0 6, team 1 30 -> team 1.
    # Bobbl 2 (dealers 1..1): team 0 wins 30 : 6.  Bobbl 3 (dealers 2..2): team 1 wins 30 : 6.
    favoured = [1, 0, 1]
    dealer = 0
    for b, fav in enumerate(favoured):
        for k in range(5):
            assert not m.is_over and m.dealer == dealer
            team = (dealer + 1) % 2
            s = sweep(g, dealer, "Muck-Tout" if team == fav else "Muck")
            m.record(s)
            dealer = (dealer + 1) % 4
            if k < 4:
                assert m.bobbl_winners == favoured[:b]
        expected_points = [30, 6] if fav == 0 else [6, 30]
        assert m.bobbl_points[-1] == expected_points and m.points == [0, 0]
        assert m.bobbl_winners == favoured[:b + 1]
        assert m.is_over == (b == 2)
    assert m.winner == 1 and m.bobbl_won == [1, 2] and m.deals_played == 15
    results = stich.bobbl_results(m, "A", "B")
    assert [tuple(r) for r in results] == [("A", "B", 6, 30, "B"), ("A", "B", 30, 6, "A"),
                                           ("A", "B", 6, 30, "B")]
    table = stich.tournament_table(results, "bobbl")
    assert [r.pair for r in table] == ["B", "A"] and table[0].bobbl_won == 2


def test_U_12_hanger_two_nil():
    g = stich.Mucken(hanger=True)
    m = g.match(seed=2, dealer=3)
    # Team 0 plays Muck-Tout (10) on its deals (dealers 3 and 1), team 1 Muck (3) on the others.
    # Bobbl 1: 10:0, 10:3, 20:3, 20:6, 30:6.  Bobbl 2 (dealer 0 first): 0:3, 10:3, 10:6, 20:6,
    # 20:9, 30:9.
    while not m.is_over:
        d = m.dealer
        m.record(sweep(g, d, "Muck-Tout" if (d + 1) % 2 == 0 else "Muck"))
        assert m.deals_played <= 11
        if m.deals_played == 5:
            assert not m.is_over and m.bobbl_won == [1, 0] and m.points == [0, 0]
    assert m.winner == 0 and m.bobbl_won == [2, 0] and m.deals_played == 11
    assert m.bobbl_points == [[30, 6], [30, 9]] and m.bobbl_winners == [0, 0]


def test_U_12_no_hanger_one_bobbl():
    g = stich.Mucken()
    m = g.match(seed=2, dealer=3)
    for d in (3, 0, 1):                                  # team 0: 10, team 1: 3, team 0: 20 ...
        m.record(sweep(g, d, "Muck-Tout" if (d + 1) % 2 == 0 else "Muck"))
    assert not m.is_over and m.points == [20, 3]
    m.record(sweep(g, 2, "Muck"))
    assert m.points == [20, 6]
    m.record(sweep(g, 3, "Muck"))
    assert m.is_over and m.winner == 0 and m.bobbl_points == [[23, 6]]


# Three pairs: A beat B 21:5, C beat A 21:10, B beat C 21:20, B beat A 22:18.
# A: 1 won (opponents 5 in it), 28 in lost Bobbl, plus 49, minus 48 -> plus-minus +1.
# B: 2 won (opponents 38), 5 in lost, plus 48, minus 59 -> -11.
# C: 1 won (opponents 10), 20 in lost, plus 41, minus 31 -> +10.
TOURNAMENT = [("A", "B", 21, 5, "A"), ("A", "C", 10, 21, "C"), ("B", "C", 21, 20, "B"), ("B", "A", 22, 18, "B")]


@pytest.mark.parametrize("method, order", [
    ("bobbl", ["B", "A", "C"]),        # B 2 won; A and C 1 each, A scored more in its lost Bobbl
    ("plus", ["A", "B", "C"]),         # 49, 48, 41
    ("plus_minus", ["C", "A", "B"]),   # +10, +1, -11
])
def test_U_12_tournament_table_methods(method, order):
    table = stich.tournament_table(TOURNAMENT, method)
    assert [r.pair for r in table] == order
    rows = {r.pair: r for r in table}
    assert (rows["A"].bobbl_won, rows["A"].goals_in_lost, rows["A"].opponent_goals_in_won) == (1, 28, 5)
    assert (rows["B"].bobbl_won, rows["B"].goals_in_lost, rows["B"].opponent_goals_in_won) == (2, 5, 38)
    assert (rows["C"].bobbl_won, rows["C"].goals_in_lost, rows["C"].opponent_goals_in_won) == (1, 20, 10)
    assert (rows["A"].plus, rows["B"].plus, rows["C"].plus) == (49, 48, 41)
    assert (rows["A"].plus_minus, rows["B"].plus_minus, rows["C"].plus_minus) == (1, -11, 10)


def test_U_12_tournament_table_last_tie_break():
    # D and E: one Bobbl won, 12 in the lost one; E's won Bobbl conceded 4, D's 9 -> E first,
    # although D appears first. F (9 in its lost Bobbl) and G (4) follow.
    results = [("D", "F", 21, 9, "D"), ("E", "G", 21, 4, "E"), ("D", "G", 12, 21, "G"), ("E", "F", 12, 21, "F")]
    assert [r.pair for r in stich.tournament_table(results, "bobbl")] == ["E", "D", "F", "G"]


def test_U_12_bobbl_results_from_a_match():
    g = stich.Mucken()
    m = g.match(seed=5, dealer=0)
    for d in (0, 1, 2):                                  # team 1 Muck-Tout 10, team 0 Muck 3 ...
        m.record(sweep(g, d, "Muck-Tout" if (d + 1) % 2 == 1 else "Muck"))
    m.record(sweep(g, 3, "Muck"))
    m.record(sweep(g, 0, "Muck"))
    assert m.is_over and m.winner == 1 and m.bobbl_points == [[6, 23]]
    res = stich.bobbl_results(m, "us", "them")
    assert res == [stich.BobblResult("us", "them", 6, 23, "them")]


# ----- U-13: Bock after Ramsch, Bock rounds, glasses ----------------------------------------------

def ramsch(game: stich.Mucken, dealer: int, bock: bool = False):
    """A Ramsch deal (everyone passes on RAMSCH_EYES moved round the table), played to the end."""
    s = game.deal(seed=0, dealer=dealer, hands=rotated(RAMSCH_EYES, dealer - 1), bock=bock)
    return play(s, ALL_PASS, RAMSCH_EYES_PLAY)


def thrown_in(game: stich.Mucken, dealer: int, bock: bool = False):
    return play(game.deal(seed=0, dealer=dealer, hands=rotated(WENZ61, dealer + 1), bock=bock), ALL_PASS)


def test_U_13_defaults_keep_bock_after_throw_in_only():
    assert GAME.options["bock_after"] == ("throw_in",)
    assert (GAME.options["bock_round"], GAME.options["glasses"]) == (False, False)
    s = ramsch(GAME, 1)
    assert s.game == "Ramsch" and s.returns() == [-4, 4, -4, 4] and s.next_bock is False
    g = stich.Mucken(if_all_pass="throw_in", bock_after=())
    s = thrown_in(g, 3)
    assert s.game == "thrown in" and s.next_bock is False
    m = g.match(seed=1, dealer=3)
    m.record(s)
    assert m.bock is False and m.bock_deals == 0


def test_U_13_bock_after_ramsch():
    g = stich.Mucken(bock_after=("ramsch",))
    assert g.options["bock_after"] == ("ramsch",)
    m = g.match(seed=1, dealer=1)
    s = ramsch(g, 1)
    assert s.game == "Ramsch" and s.next_bock is True and s.returns() == [-4, 4, -4, 4]
    m.record(s)
    assert m.bock is True and m.bock_deals == 1 and m.points == [0, 4]
    assert m.next_deal().bock is True
    b = ramsch(g, 2, bock=True)                       # the Bock Ramsch counts 8 and brings Bock again
    assert b.returns() == [8, -8, 8, -8] and b.next_bock is True
    m.record(b)
    assert m.bock_deals == 1 and m.points == [8, 4]
    # A Durchmarsch is a Ramsch too.
    d = play(g.deal(seed=0, dealer=3, hands=MUCK_SWEEP), ALL_PASS, MUCK_SWEEP_PLAY)
    assert d.value == 10 and d.next_bock is True
    # An announced game brings no Bock.
    w = play(g.deal(seed=0, dealer=3, hands=WENZ61), "Wenz pass pass pass pass pass", WENZ61_PLAY)
    assert w.next_bock is False
    both = stich.Mucken(if_all_pass="throw_in", bock_after=["ramsch", "throw_in"])
    assert both.options["bock_after"] == ("throw_in", "ramsch") and thrown_in(both, 3).next_bock is True


def test_U_13_bock_round():
    g = stich.Mucken(if_all_pass="throw_in", bock_round=True, target=31)
    m = g.match(seed=4, dealer=0)
    m.record(thrown_in(g, 0))
    assert m.bock_deals == 4                          # one Bock deal per seat: a round
    for dealer in (1, 2, 3):
        assert m.bock is True and m.next_deal().bock is True
        s = sweep(g, dealer, "Muck", bock=True)
        assert s.value == 6
        m.record(s)
    assert m.bock_deals == 1
    m.record(thrown_in(g, 0, bock=True))              # a throw-in inside the round adds a round
    assert m.bock_deals == 4
    for dealer in (1, 2, 3, 0):
        m.record(sweep(g, dealer, "Muck", bock=True))
    assert m.bock is False and m.bock_deals == 0 and m.next_deal().bock is False
    with pytest.raises(ValueError, match="expects a deal without Bock"):
        m.record(sweep(g, 1, "Muck", bock=True))
    six = stich.Mucken(players=6, if_all_pass="throw_in", bock_round=True).match(seed=1, dealer=0)
    six.record(play(stich.Mucken(players=6, if_all_pass="throw_in", bock_round=True)
                    .deal(seed=0, dealer=0), "pass " * 6))
    assert six.bock_deals == 6


def sie_for_team(game: stich.Mucken, dealer: int, team: int):
    """A Sie deal whose Sie seat is in ``team``."""
    hands = rotated(SIE, dealer + 1)                      # SIE's seat 1 is forehand + 1
    seat = (dealer + 2) % 4
    if seat % 2 != team:
        hands = hands[1:] + hands[:1]
    s = game.deal(seed=0, dealer=dealer, hands=hands)
    assert s.is_terminal and s.sie_seat % 2 == team
    return s


def test_U_13_glasses_bobbl_to_nil_counts_two():
    for glasses, won, over in ((False, [1, 0], False), (True, [2, 0], True)):
        g = stich.Mucken(hanger=True, glasses=glasses)
        m = g.match(seed=1, dealer=0)
        m.record(sie_for_team(g, 0, 0))              # 21 : 0
        assert m.bobbl_won == won and m.is_over == over, glasses
        assert m.bobbl_points == [[21, 0]]
        if over:
            assert m.winner == 0


def test_U_13_glasses_only_to_nil():
    g = stich.Mucken(hanger=True, glasses=True)
    m = g.match(seed=1, dealer=3)
    m.record(play(g.deal(seed=0, dealer=3, hands=WENZ60), "Wenz pass pass pass pass pass", WENZ60_PLAY))
    assert m.points == [0, 2]
    m.record(sie_for_team(g, 0, 0))                   # 21 : 2, one Bobbl
    assert m.bobbl_won == [1, 0] and not m.is_over
    m.record(sie_for_team(g, 1, 1))                   # 0 : 21, glasses: two more for team 1
    assert m.bobbl_won == [1, 2] and m.is_over and m.winner == 1
    assert m.bobbl_points == [[21, 2], [0, 21]]


def test_U_13_glasses_tournament_table():
    results = [("A", "B", 21, 0, "A"), ("B", "C", 21, 3, "B"), ("C", "B", 21, 10, "C")]
    plain = stich.tournament_table(results)
    assert [(r.pair, r.bobbl_won) for r in plain] == [("B", 1), ("C", 1), ("A", 1)]
    glasses = stich.tournament_table(results, glasses=True)
    assert [(r.pair, r.bobbl_won) for r in glasses] == [("A", 2), ("B", 1), ("C", 1)]
    with pytest.raises(ValueError, match="glasses of tournament_table must be True or False, got 1"):
        stich.tournament_table(results, glasses=1)


@pytest.mark.parametrize("options, accepted", [
    ({"bock_after": "ramsch"}, "bock_after"),
    ({"bock_after": ("ramsch", "ramsch")}, "bock_after"),
    ({"bock_after": ("sie",)}, "bock_after"),
    ({"bock_after": None}, "bock_after"),
    ({"bock_round": 1}, "bock_round"),
    ({"glasses": "yes"}, "glasses"),
])
def test_U_13_options_validated(options, accepted):
    with pytest.raises(ValueError, match=f"option {accepted} of Mucken must be"):
        stich.Mucken(**options)


@pytest.mark.parametrize("options", [
    {"bock_after": ("ramsch",)}, {"bock_after": ()}, {"bock_after": ("throw_in", "ramsch")},
    {"bock_round": True, "glasses": True, "if_all_pass": "throw_in"},
])
def test_U_13_options_in_notation_and_game_of(options):
    g = stich.Mucken(**options)
    state = g.deal(seed=3, dealer=1)
    assert game_of(state).options == g.options
    text = stich.position_text(state)
    assert stich.parse(text).game.options == g.options and str(stich.parse(text)) == text
