"""One test (or a few) per ruling for Mistigri and Mönch (M-1 .. M-12, docs/rules/mistigri.md), with
the G rulings (docs/rules/README.md) where they touch this game, through the public Python API
(see also tests/reference/SPEC.md "Mistigri / Mönch deal").

Situations are forced with constructed deals: ``deal(hands=[...], turned=...)`` pins every seat's
five cards and the turned card, so the talon is what is left (its order comes from the seed; where a
draw matters the test reads ``state.talon`` first). Every expected number was worked out by hand and
is written beside the deal.

Conventions unless said otherwise: 4 players, german32, stake 5, dealer 0, so forehand is seat 1
and rearhand seat 3; bidding and exchange go 1, 2, 3, 0. The antes put 20 chips into the pot.
Mistigri rank order in every suit: A K O U Z 9 8 7 (the ten below the Unter); the Mistigri EU is the
highest trump.
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

import stich
from helpers.random_play import finish_randomly
from helpers.play import cs as cards_in, play, text_set, texts, view_key

pytestmark = pytest.mark.rules

GAME = stich.Mistigri()
MONCH = stich.Mistigri(monch=True)            # german36 by default
MONCH32 = stich.Mistigri(monch=True, deck="german32")
G36 = stich.Mistigri(deck="german36")
CLUB_LAW = stich.Mistigri(club_law=True)
DECKS = ("german32", "french32", "german36", "french36", "french52")
EU_ALL = ["EU:E", "EU:G", "EU:H", "EU:S"]
cs = functools.partial(cards_in, deck="german32")


# ----- helpers ----------------------------------------------------------------------------------

def dealt(hands, turned, game=GAME, dealer=0, seed=1, pot=0, side_pot=0):
    """A deal with every seat's five cards (hands) and the turned card pinned."""
    return game.deal(seed=seed, dealer=dealer, hands=hands, turned=turned, pot=pot, side_pot=side_pot)


def all_cards_of(state) -> list:
    cards = [c for seat in range(state.num_players) for c in state.hand(seat)]
    cards += list(state.talon) + [state.turned]
    for seat in range(state.num_players):
        cards += list(state.discards(seat))
    return cards


# MAIN (dealer 3, forehand 0; turned H7, hearts trump: EU HA HK HO HU HZ H9 H8). All join, all keep,
# no flush. The play, trick by trick (leader first):
# T1 (0) G7 H9 G9 HU -> 3: seat 1 has no leaves and must trump; seat 2 must follow with G9 although
#    its HO would win; seat 3 has no leaves and must over-trump H9 (HU, not H8).
# T2 (3) SZ SA S8 S7 -> 0: seat 0 must head SZ with SA.
# T3 (0) GA HA EU:G H8 -> 2: seat 2 beats HA only with the Mistigri; naming leaves makes GA a trump
#    and HA plain at once, so seat 3 (no leaves) may play any card.
# T4 (2) HO SO HZ SK -> 2 (leaves trump: HO plain, HZ lower than HO).
# T5 (2) EK E7 EA E8 -> 0.
# Tricks [2, 0, 2, 1]; seat 1 took none (Loo). With the pot P at play: floor(P/5) a trick.
MAIN = ["G7 GA SA EA HZ", "H9 HA SK S8 E8", "G9 EU HO S7 EK", "HU H8 SZ E7 SO"]
MAIN_PLAY = "G7 H9 G9 HU SZ SA S8 S7 GA HA EU:G H8 HO SO HZ SK EK E7 EA E8".split()


def main_deal(pot=0, game=GAME):
    s = dealt(MAIN, "H7", game=game, dealer=3, pot=pot)
    return play(s, "join, join, join, join, keep, keep, keep, keep")


# ----- M-1: players, decks, the Mistigri ---------------------------------------------------------

def test_M_1_default_four_players_german32():
    assert GAME.options == {"players": 4, "deck": None, "chips": 25, "stake": 5, "monch": False,
                            "club_law": False, "deals": None}
    assert GAME.num_players == 4 and GAME.deck == stich.Deck("german32") and len(GAME.deck) == 32
    assert {str(c)[1] for c in GAME.deck.cards} == set("AKOUZ987")
    s = GAME.deal(seed=21)
    assert s.num_players == 4 and s.dealer == 0 and s.forehand == 1 and s.current_player == 1
    assert [len(s.hand(i)) for i in range(4)] == [5] * 4 and len(s.talon) == 11
    cards = all_cards_of(s)
    assert len(cards) == 32 and stich.CardSet(cards, deck="german32") == GAME.deck.cards


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_M_1_players_and_decks(players, deck):
    g = stich.Mistigri(players=players, deck=deck)
    assert g.num_players == players and g.deck == stich.Deck(deck)
    s = g.deal(seed=players, dealer=players - 1)
    assert s.num_players == players and s.forehand == 0 and s.current_player == 0
    assert all(len(s.hand(i)) == 5 for i in range(players))
    assert len(s.talon) == len(g.deck) - 5 * players - 1
    cards = all_cards_of(s)
    assert len(cards) == len(g.deck) and stich.CardSet(cards, deck=deck) == g.deck.cards
    assert s.pot == 5 * players


@pytest.mark.parametrize("players, deck", [(3, "german36"), (4, "german36"), (5, "german36"), (6, "french52")])
def test_M_1_monch_default_deck_by_player_count(players, deck):
    g = stich.Mistigri(players=players, monch=True)
    assert g.deck == stich.Deck(deck)
    assert len(g.deal(seed=1).talon) == len(g.deck) - 5 * players - 1
    # an explicit deck wins over the default
    assert stich.Mistigri(players=players, monch=True, deck="french32").deck == stich.Deck("french32")


@pytest.mark.parametrize("deck, mistigri", [("german32", "EU"), ("german36", "EU"), ("french32", "CJ"),
                                            ("french36", "CJ"), ("french52", "CJ")])
def test_M_1_the_mistigri_of_each_deck(deck, mistigri):
    suits = "EGHS" if deck.startswith("german") else "CSHD"
    for trump in suits:
        k = stich.Contract.mistigri(trump, deck=deck)
        assert mistigri in k.trumps
        assert k.winner([f"{trump}A", mistigri]) == 1          # above the trump ace
        other = f"{suits[(suits.index(trump) + 1) % 4]}A"
        assert k.winner([other, mistigri]) == 1                 # trumps a plain ace
    # the other jacks/Unters are ordinary cards
    jack = "GU" if deck.startswith("german") else "SJ"
    assert jack not in stich.Contract.mistigri("H", deck=deck).trumps


def test_M_1_french_mistigri_in_play():
    # french32, turned D7 (diamonds trump). Seat 1 leads DA; seat 2 has no diamond but the jack of
    # clubs: it must play it (a trump that beats DA) and names a suit.
    g = stich.Mistigri(deck="french32")
    hands = ["CA CK SA SK HA", "DA C7 S7 H7 C8", "CJ S8 H8 H9 C9", "DK SQ HQ CQ ST"]
    s = play(dealt(hands, "D7", game=g), "join, join, join, pass, keep, keep, keep", "DA")
    assert text_set(s) == {"CJ:C", "CJ:S", "CJ:H", "CJ:D"}
    play(s, "CJ:S")
    assert s.trump == "S"
    assert text_set(s) == {"DK"}          # DA is a plain diamond now: seat 3 follows diamonds
    play(s, "DK")
    assert s.tricks_won == [0, 0, 1, 0]


@pytest.mark.parametrize("deck", ["german24", "french24"])
def test_M_1_too_small_deck_rejected(deck):
    with pytest.raises(ValueError, match=f"option deck of Mistigri must be one of None, 'german32'.*got '{deck}'"):
        stich.Mistigri(deck=deck)
    with pytest.raises(ValueError, match=f"not played with the {deck} deck"):
        stich.Contract.mistigri("H" if deck.startswith("german") else "C", deck=deck)


def test_M_1_every_deck_holds_six_hands_and_a_turned_card():
    # 6 players need 31 cards: the 32-card decks leave a talon of one card.
    for deck in DECKS:
        assert len(stich.Deck(deck)) >= 31
    for deck in ("german32", "french32"):
        s = stich.Mistigri(players=6, deck=deck).deal(seed=2)
        assert len(s.talon) == 1


# ----- M-2: flush values -------------------------------------------------------------------------

@pytest.mark.parametrize("deck", DECKS)
def test_M_2_flush_values(deck):
    d = stich.Deck(deck)
    for c in d.cards:
        rank = str(c)[1]
        expected = 11 if rank == "A" else 10 if rank in "KOUZQJT" else int(rank)
        assert d.flush_value(c) == expected, c
    assert sum(d.flush_value(c) for c in d.cards) == {32: 4 * 75, 36: 4 * 81, 52: 4 * 95}[len(d)]


# turned S7 (spades trump); seats 1 and 2 join with non-trump flushes, 3 and 0 pass.
# Seat 2: EU GA GK G9 G8 = 10 + 11 + 10 + 9 + 8 = 48 (the Mistigri counts 10).
# Seat 1 with H8: HA HK HO H9 H8 = 48, a tie: the seat nearer forehand (1) wins; so EU <= 10.
# Seat 1 with H7: 47 < 48: seat 2 wins; so EU >= 10.
@pytest.mark.parametrize("fifth, winner", [("H8", 1), ("H7", 2)])
def test_M_2_mistigri_counts_ten_in_a_flush(fifth, winner):
    hands = ["EO EZ SO SU E8", f"HA HK HO H9 {fifth}", "EU GA GK G9 G8", "EA EK SA SK E7"]
    s = play(dealt(hands, "S7"), "join, join, pass, pass, keep, keep")
    assert s.outcome == "flush" and s.flush_winner == winner
    # winner: -5 + 20; the other joined seat pays a stake: -10; passed seats -5; pot 5.
    expected = [-5, -10, -10, -5]
    expected[winner] = 15
    assert s.returns() == expected and s.pot == 5


def test_M_2_french_courts_count_ten():
    # french32, turned S7. Seat 1: HK HQ HJ H8 H7 = 45; seat 2: DA DT D9 D8 D7 = 45: a tie, which
    # seat 1 wins as the nearer to forehand. Courts worth less than 10 would hand it to seat 2.
    g = stich.Mistigri(deck="french32")
    hands = ["CA CK SA SK C7", "HK HQ HJ H8 H7", "DA DT D9 D8 D7", "CQ CT SQ SJ C8"]
    s = play(dealt(hands, "S7", game=g), "join, join, pass, pass, keep, keep")
    assert s.flush_winner == 1 and s.returns() == [-5, 15, -10, -5]


# ----- M-3: chips, antes, the remainder ----------------------------------------------------------

def test_M_3_antes_go_into_the_pot():
    s = GAME.deal(seed=2)
    assert s.pot == 20 and s.side_pot == 0
    assert s.returns() == [0, 0, 0, 0]                    # nothing is settled before the end
    assert GAME.deal(seed=2, pot=7).pot == 27
    assert stich.Mistigri(players=3, stake=3).deal(seed=2, pot=4).pot == 13
    assert stich.Mistigri(players=6).deal(seed=2).pot == 30
    s = play(GAME.deal(seed=2, pot=7), "pass, pass, pass, pass")
    assert s.returns() == [-5, -5, -5, -5] and s.pot == 27


@pytest.mark.parametrize("carried, returns, pot_after", [
    (0, [3, -10, 3, -1], 5),     # P 20, 4 a trick: 20 paid out, Loo 5 in
    (3, [3, -10, 3, -1], 8),     # P 23, 4 a trick: 3 stay, Loo 5 in
    (4, [3, -10, 3, -1], 9),     # P 24, 4 a trick: 4 stay
    (5, [5, -10, 5, 0], 5),      # P 25, 5 a trick: 25 paid out
    (9, [5, -10, 5, 0], 9),      # P 29, 5 a trick: 4 stay
])
def test_M_3_remainder_stays_in_the_pot(carried, returns, pot_after):
    s = play(main_deal(pot=carried), *MAIN_PLAY)
    assert s.outcome == "played" and s.tricks_won == [2, 0, 2, 1]
    assert s.returns() == returns and s.pot == pot_after
    assert sum(s.returns()) + s.pot == carried           # G-4: the pot absorbs the rest


def test_M_3_stake_option_sets_antes_and_penalties():
    g = stich.Mistigri(stake=2)
    s = play(dealt(MAIN, "H7", game=g, dealer=3), "join, join, join, join, keep, keep, keep, keep", *MAIN_PLAY)
    # P = 8, floor(8/5) = 1 a trick; Loo 2: [-2+2, -2-2, -2+2, -2+1]; pot 8 - 5 + 2 = 5.
    assert s.returns() == [0, -4, 0, -1] and s.pot == 5


def test_M_3_match_starts_with_chips():
    assert GAME.match(seed=1).chips == [25, 25, 25, 25]
    assert stich.Mistigri(chips=40, players=3).match(seed=1).chips == [40, 40, 40]
    m = GAME.match(seed=1)
    assert m.pot == 0 and m.side_pot == 0 and m.next_deal().pot == 20


# ----- M-4: the turned card ----------------------------------------------------------------------

@pytest.mark.parametrize("turned", ["EA", "G8", "HZ", "S7"])
def test_M_4_turned_card_is_trump_and_out_of_play(turned):
    rng = random.Random(4)
    for seed in range(15):
        s = GAME.deal(seed=seed, dealer=seed % 4, turned=turned)
        assert s.turned == turned and s.trump == turned[0]
        assert all(turned not in s.hand(i) for i in range(4)) and turned not in [str(c) for c in s.talon]
        for seat in range(4):
            v = s.view(seat)
            for loc in v.location_names:      # everyone knows it is in no hand, talon or pile
                assert turned in v.forbidden(loc)
        while not s.is_terminal:
            assert turned not in text_set(s)
            s.apply(rng.choice(s.legal_actions()))
            assert s.turned == turned and all(turned not in s.hand(i) for i in range(4))
        assert s.turned == turned


def test_M_4_turned_mistigri_makes_acorns_trump_and_stays_out():
    # Turned EU: acorns trump. Seat 1 leads GA; seat 2 has no leaves and must trump with E7.
    hands = ["EK GO HU SU H8", "GA G9 SA S9 H7", "E7 HA HK SK S8", "EA GK HO SO S7"]
    s = dealt(hands, "EU")
    assert s.trump == "E" and s.turned == "EU"
    play(s, "join, join, pass, pass, keep, keep", "GA")
    assert texts(s) == ["E7"]
    play(s, "E7")
    assert s.tricks_won == [0, 0, 1, 0] and s.trump == "E"
    # The French Mistigri turned: clubs trump.
    f = stich.Mistigri(deck="french32").deal(seed=3, turned="CJ")
    assert f.trump == "C"


def test_M_4_turned_mistigri_is_never_played():
    rng = random.Random(5)
    for seed in range(40):
        s = GAME.deal(seed=seed, turned="EU")
        assert s.trump == "E"
        while not s.is_terminal:
            assert not any(t.startswith("EU") for t in texts(s))
            s.apply(rng.choice(s.legal_actions()))
            assert s.trump == "E"           # nobody can name another trump
        assert all("EU" not in s.hand(i) for i in range(4))


# ----- M-5: bidding ------------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_M_5_nobody_joins_pot_carries(dealer):
    s = GAME.deal(seed=4, dealer=dealer, pot=6)
    order = []
    while not s.is_terminal:
        order.append(s.current_player)
        assert texts(s) == ["pass", "join"]
        s.apply("pass")
    assert order == [(dealer + 1 + i) % 4 for i in range(4)]
    assert s.outcome == "nobody joined" and s.joined == []
    assert s.returns() == [-5, -5, -5, -5] and s.pot == 26 and s.side_pot == 0
    assert s.current_player is None and s.tricks_won == [0, 0, 0, 0]
    # the hands stay hidden
    for seat in range(4):
        for other in range(4):
            if other != seat:
                assert len(s.view(seat).known(other)) == 0


@pytest.mark.parametrize("players, dealer, returns", [
    (4, 0, [0, -5, -5, -10]),
    (4, 2, [-5, -10, 0, -5]),
    (4, 3, [-5, -5, -10, 0]),
    (3, 0, [0, -5, -10]),
    (6, 5, [-5, -5, -5, -5, -10, 0]),
])
def test_M_5_nobody_joins_monch_dealer_paid_by_rearhand(players, dealer, returns):
    g = stich.Mistigri(players=players, monch=True)
    s = play(g.deal(seed=7, dealer=dealer), *["pass"] * players)
    assert s.outcome == "nobody joined"
    assert s.returns() == returns
    assert s.pot == 5 * players and s.side_pot == 0      # the pot is untouched (<= 40)
    # without monch the dealer gets nothing
    plain = play(stich.Mistigri(players=players).deal(seed=7, dealer=dealer), *["pass"] * players)
    assert plain.returns() == [-5] * players
    # the dealer receives one stake, whatever the stake: with stake 3, 3 chips
    for stake in (1, 3, 30000):
        other = play(stich.Mistigri(players=players, monch=True, stake=stake).deal(seed=7, dealer=dealer),
                     *["pass"] * players)
        assert other.returns() == [r * stake // 5 for r in returns]


@pytest.mark.parametrize("joiner", range(4))
def test_M_5_exactly_one_joins_takes_the_pot(joiner):
    s = GAME.deal(seed=8, dealer=0, pot=7)
    hands = [s.hand(i) for i in range(4)]
    talon = s.talon
    while not s.is_terminal:
        s.apply("join" if s.current_player == joiner else "pass")
    assert s.outcome == "one joined" and s.joined == [joiner]
    expected = [-5, -5, -5, -5]
    expected[joiner] = -5 + 27
    assert s.returns() == expected and s.pot == 0
    assert s.phase == "over" and s.tricks_won == [0, 0, 0, 0] and s.flush_winner is None
    assert [s.hand(i) for i in range(4)] == hands and s.talon == talon      # no exchange, no play


def test_M_5_one_joins_monch_pot_refilled_from_side_pot():
    # pot 30 + antes 20 = 50 -> capped to 40, side pot 10 + 10. Seat 1 takes 40; the empty pot is topped up
    # with the whole side pot: pot 20, side 0.
    s = MONCH.deal(seed=8, pot=30, side_pot=10)
    assert s.pot == 40 and s.side_pot == 20
    play(s, "join, pass, pass, pass")
    assert s.returns() == [-5, 35, -5, -5] and s.pot == 20 and s.side_pot == 0


@pytest.mark.parametrize("game, turned, legal", [
    (CLUB_LAW, "EA", ["join"]),
    (CLUB_LAW, "E7", ["join"]),
    (CLUB_LAW, "EU", ["join"]),                     # turned Mistigri: acorns trump
    (CLUB_LAW, "H7", ["pass", "join"]),
    (CLUB_LAW, "SA", ["pass", "join"]),
    (GAME, "E7", ["pass", "join"]),
    (stich.Mistigri(club_law=True, deck="french32"), "C7", ["join"]),
    (stich.Mistigri(club_law=True, deck="french32"), "CJ", ["join"]),
    (stich.Mistigri(club_law=True, deck="french32"), "D7", ["pass", "join"]),
])
def test_M_5_club_law(game, turned, legal):
    s = game.deal(seed=9, turned=turned)
    for _ in range(4):
        assert texts(s) == legal
        s.apply("join")
    assert s.joined == [0, 1, 2, 3]


def test_M_5_club_law_everyone_joins_and_plays():
    rng = random.Random(9)
    for seed in range(20):
        s = CLUB_LAW.deal(seed=seed, turned="EK")
        finish_randomly(s, rng)
        assert s.joined == [0, 1, 2, 3] and s.outcome in ("flush", "played")


def test_M_5_pass_is_hidden_and_final():
    s = play(dealt(MAIN, "H7", dealer=3), "pass, join, join, join")
    assert s.joined == [1, 2, 3] and s.phase == "exchange" and s.current_player == 1
    for seat in range(4):
        assert s.view(seat).history[:1] == [(0, "pass")]
        if seat != 0:
            assert len(s.view(seat).known(0)) == 0          # the hand of a passed seat stays hidden


# ----- M-6: the exchange -------------------------------------------------------------------------

# EX: turned H7; the talon is EU E9 E7 GU G8 G7 HA HK H8 SU SZ in the seed's order.
EX = ["EZ G9 SO S7 HO", "GA GZ SA E8 H9", "EA EK GK S9 HZ", "EO GO SK S8 HU"]


def test_M_6_exchange_is_one_action_and_others_see_only_its_size():
    s = play(dealt(EX, "H7", seed=11), "join, join, join, join")
    assert s.phase == "exchange" and s.current_player == 1
    assert len(texts(s)) == 32                    # every subset of five cards: the talon has 11
    top = s.talon[:2]
    rest = s.talon[2:]
    s.apply("discard GA GZ")                      # any order; canonical is "discard GZ GA"
    assert s.hand(1) == cs("SA E8 H9") | stich.CardSet(top, deck="german32")
    assert s.discards(1) == cs("GA GZ") and s.talon == rest
    assert s.phase == "exchange" and s.current_player == 2
    for seat in (0, 2, 3):
        v = s.view(seat)
        assert v.history[-1] == (1, "discards 2")
        assert len(v.known(1)) == 0 and v.size(1) == 5
        assert len(v.known("discards")) == 0 and v.size("discards") == 2
        assert v.size("talon") == 9
        for c in top:                              # the drawn cards are hidden
            assert c not in v.forbidden(1)
        assert s.is_consistent_with(v)
    assert s.view(0).history == s.view(2).history == s.view(3).history
    own = s.view(1)
    assert own.hand == s.hand(1) and own.known("discards") == cs("GA GZ")
    assert all(c in own.forbidden("talon") for c in top)
    play(s, "keep")
    for seat in range(4):
        assert s.view(seat).history[-1] == (2, "keep")
    # the same exchange typed in canonical order gives the same state
    t = play(dealt(EX, "H7", seed=11), "join, join, join, join", "discard GZ GA", "keep")
    assert t == s


@pytest.mark.parametrize("text", ["discard GA GZ", "discard GZ GA", "discard AG ZG", "discard G10 GA",
                                  "Discard ga  gz", "discard \u2660A \u2660Z"])
def test_M_6_discard_text_in_any_order_and_form(text):
    # G-1 forms (rank first, '10', the suit symbols: \u2660 is leaves in a German deck)
    s = play(dealt(EX, "H7", seed=11), "join, join, join, join")
    s.apply(text)
    assert s.discards(1) == cs("GA GZ")
    assert s.view(2).history[-1] == (1, "discards 2")


def test_M_6_own_exchange_recorded_in_own_history():
    # The discarding seat's own history must show what it discarded. (Engine bug: the text is built
    # from the hand of the seat to act when the view is made: 'discard EA GK' here.)
    s = play(dealt(EX, "H7", seed=11), "join, join, join, join", "discard GZ GA")
    assert s.view(1).history[-1] == (1, "discard GZ GA")
    play(s, "discard S9", "keep", "keep")
    assert s.view(1).history[4] == (1, "discard GZ GA")
    assert s.view(2).history[5] == (2, "discard S9")


def test_M_6_draws_are_hidden():
    # Two deals alike but for the talon order: seat 1 draws different cards, and nobody else can tell.
    a = play(dealt(EX, "H7", seed=11), "join, join, join, pass", "discard GZ GA")
    b = None
    for seed in range(12, 60):
        b = play(dealt(EX, "H7", seed=seed), "join, join, join, pass", "discard GZ GA")
        if b.hand(1) != a.hand(1):
            break
    assert b.hand(1) != a.hand(1)
    for seat in (0, 2, 3):
        assert view_key(a.view(seat)) == view_key(b.view(seat))
        assert b.is_consistent_with(a.view(seat)) and a.is_consistent_with(b.view(seat))
    assert not b.is_consistent_with(a.view(1))      # seat 1 knows what it drew


def test_M_6_talon_runs_out():
    s = play(dealt(EX, "H7", seed=11), "join, join, join, join")
    assert max(len(t.split()) - 1 for t in texts(s)) == 5
    s.apply("discard GA GZ SA E8 H9")              # talon 11 -> 6
    assert len(s.talon) == 6 and len(texts(s)) == 32
    s.apply("discard EA EK GK S9 HZ")              # talon 6 -> 1
    assert len(s.talon) == 1 and s.current_player == 3
    assert len(texts(s)) == 6                      # at most one card
    assert set(texts(s)) == {"keep"} | {f"discard {c}" for c in s.hand(3)}
    with pytest.raises(stich.IllegalActionError, match="'discard EO GO' is not a legal action for seat 3"):
        s.apply("discard EO GO")
    s.apply("discard SK")                          # talon 1 -> 0
    assert s.talon == [] and s.current_player == 0
    assert texts(s) == ["keep"]
    assert sum(len(s.hand(i)) for i in range(4)) == 20
    assert len(s.discards(1)) == 5 and len(s.discards(2)) == 5 and s.discards(3) == cs("SK")


# 6 players, german32: the hands and turned card leave one card, EU, for the talon.
SIX = ["SK SO SU E7 H7", "GA GK GO G9 SZ", "EA EK EO EZ HA", "HK HO HU HZ S9", "H9 H8 E9 E8 S8",
       "GU GZ G8 G7 SA"]
SIX_GAME = stich.Mistigri(players=6, deck="german32")


def test_M_6_six_players_talon_of_one_card():
    s = play(dealt(SIX, "S7", game=SIX_GAME), "join, join, pass, pass, join, pass")
    assert [str(c) for c in s.talon] == ["EU"]
    assert sorted(texts(s)) == sorted(["keep"] + [f"discard {c}" for c in s.hand(1)])
    play(s, "discard SZ")
    assert s.hand(1) == cs("GA GK GO G9 EU")
    assert texts(s) == ["keep"]                   # seat 2: nothing left to draw


def test_M_7_flush_made_by_drawing_the_mistigri():
    # Seat 1 draws the Mistigri for GA GK GO G9: a leaves flush (50). Pot 30: seat 1 -5 + 30 = 25;
    # seats 2 and 5 joined and pay a stake (-10); the passed seats -5; the pot keeps 10.
    s = play(dealt(SIX, "S7", game=SIX_GAME), "join, join, pass, pass, join, pass", "discard SZ", "keep, keep")
    assert s.outcome == "flush" and s.flush_winner == 1
    assert s.returns() == [-5, 25, -10, -5, -5, -10] and s.pot == 10


def test_M_6_monch_at_most_four_cards():
    s = play(MONCH.deal(seed=12), "join, join, join, join")
    assert len(s.talon) == 15
    sizes = [len(t.split()) - 1 for t in texts(s)]
    assert len(sizes) == 31 and max(sizes) == 4
    five = "discard " + " ".join(str(c) for c in s.hand(1))
    with pytest.raises(stich.IllegalActionError, match="is not a legal action for seat 1"):
        s.apply(five)
    plain = play(G36.deal(seed=12), "join, join, join, join")
    assert len(texts(plain)) == 32                 # without Mönch five cards may go


# 5 players, german32, turned S7: 26 cards pinned, the talon is EU E9 E8 E7 S9 S8 (seed's order).
RESHUFFLE = ["G9 G8 G7 SU SZ", "EA EK EO EZ GA", "GK GO GU GZ HA", "HK HO HU HZ SA", "H9 H8 H7 SK SO"]


def test_M_6_monch_reshuffles_the_earlier_discards():
    g = stich.Mistigri(players=5, monch=True, deck="german32")
    s = play(dealt(RESHUFFLE, "S7", game=g, seed=13), "join, join, pass, pass, pass")
    talon = s.talon
    assert stich.CardSet(talon, deck="german32") == cs("EU E9 E8 E7 S9 S8")
    play(s, "discard EZ EO EK EA")                 # draws the top four; two left
    assert s.hand(1) == cs("GA") | stich.CardSet(talon[:4], deck="german32")
    # seat 2 may discard four: two from the talon, two from seat 1's reshuffled discards
    assert max(len(t.split()) - 1 for t in texts(s)) == 4 and len(texts(s)) == 31
    play(s, "discard GZ GU GO GK")
    hand2 = s.hand(2)
    assert len(hand2) == 5 and "HA" in hand2
    assert stich.CardSet(talon[4:], deck="german32") <= hand2
    from_seat1 = hand2 & cs("EA EK EO EZ")
    assert len(from_seat1) == 2
    assert not (hand2 & cs("GK GO GU GZ"))         # never its own discards back
    assert stich.CardSet(s.talon, deck="german32") == cs("EA EK EO EZ") - from_seat1
    assert len(s.discards(1)) == 0 and s.discards(2) == cs("GK GO GU GZ")
    for seat in range(5):
        v = s.view(seat)
        assert v.size("talon") == 2 and v.size("discards") == 4
        assert s.is_consistent_with(v)
    assert len(s.view(1).known("discards")) == 0    # its discards went back into the talon
    # without Mönch seat 2 can draw only the two cards left
    p = play(dealt(RESHUFFLE, "S7", game=stich.Mistigri(players=5, deck="german32"), seed=13),
             "join, join, pass, pass, pass", "discard EZ EO EK EA")
    assert max(len(t.split()) - 1 for t in texts(p)) == 2 and len(texts(p)) == 16


def test_M_6_monch_redraws_pin_the_draws_from_reshuffled_discards():
    # Mistigri.deal(redraws=...) fixes what is drawn from reshuffled discards, in draw order (how a
    # typed position after a reshuffle is rebuilt); the rest of the pile stays shuffled.
    g = stich.Mistigri(players=5, monch=True, deck="german32")
    s = play(dealt(RESHUFFLE, "S7", game=g, seed=13), "join, join, pass, pass, pass")
    pinned = g.deal(seed=13, hands=RESHUFFLE, turned="S7", redraws="EO EA")
    play(pinned, "join, join, pass, pass, pass")
    assert pinned.talon == s.talon
    talon = s.talon
    play(pinned, "discard EZ EO EK EA", "discard GZ GU GO GK")
    assert pinned.hand(2) == cs("HA EO EA") | stich.CardSet(talon[4:], deck="german32")
    assert stich.CardSet(pinned.talon, deck="german32") == cs("EK EZ")
    # a pinned card that is not in the pile leaves the draws to the shuffle
    absent = g.deal(seed=13, hands=RESHUFFLE, turned="S7", redraws="GA")
    play(absent, "join, join, pass, pass, pass", "discard EZ EO EK EA", "discard GZ GU GO GK")
    play(s, "discard EZ EO EK EA", "discard GZ GU GO GK")
    assert absent.hand(2) == s.hand(2) and absent.talon == s.talon


def test_M_6_monch_redraws_are_not_part_of_a_resampled_world():
    # The pinned draws belong to the true deal: a world sampled for a search does not keep them.
    g = stich.Mistigri(players=5, monch=True, deck="german32")
    pinned = play(g.deal(seed=13, hands=RESHUFFLE, turned="S7", redraws="EO EA"),
                  "join, join, pass, pass, pass", "discard EZ EO EK EA")
    plain = play(g.deal(seed=13, hands=RESHUFFLE, turned="S7"), "join, join, pass, pass, pass", "discard EZ EO EK EA")
    assert pinned != plain
    for seed in range(5):
        assert pinned.resample(2, seed) == plain.resample(2, seed)


# ----- M-7: flushes ------------------------------------------------------------------------------

# FL: turned H7 (hearts trump). Seat 2 holds a spades flush.
FL = ["GU GZ G8 HA HK", "GA GK EA SA E8", "SK SO SU S9 S8", "EK EO GO G9 HZ"]

def test_M_7_no_world_holds_a_flush_once_the_play_started():
    """A hand that was a flush when the exchange ended would have ended the deal (M-7): in the card
    play, with_world refuses a world that gives another seat one, and every sampled world keeps
    the rule (it replays through the checked rules when pickled)."""
    refused = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = GAME.deal(seed=seed)
        while not s.is_terminal and s.phase != "play":
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal:
            continue
        seat = s.current_player
        joined = [j for j in s.joined if j != seat]
        if not joined:
            continue
        other = joined[0]
        world = list(s.view(seat).sample_worlds(1, seed)[0])
        names = s.view(seat).location_names
        for suit in "EGHS":   # move five of a suit into the other seat's hand, as many of its cards out
            mine = stich.CardSet([c for c in world[other] if str(c)[0] == suit])
            want = [c for loc in range(len(world)) if loc not in (seat, other) for c in world[loc] if str(c)[0] == suit]
            need = 5 - len(mine)
            if len(want) < need:
                continue
            give, take = want[:need], list(world[other] - mine)[:need]
            moved = [set(w) for w in world]
            for c, d in zip(give, take):
                loc = next(l for l in range(len(world)) if c in moved[l])
                moved[loc] = (moved[loc] - {c}) | {d}
                moved[other] = (moved[other] - {d}) | {c}
            flush = [stich.CardSet(list(w)) for w in moved]
            try:
                s.with_world(seat, flush)
            except ValueError as e:
                if "not consistent" in str(e):
                    continue   # a card the seat knows is not there
                assert "breaks a rule of the game" in str(e), (names, e)
                refused += 1
            else:
                raise AssertionError(f"a world with a flush for seat {other} in the play was accepted: {s!s} {flush}")
            break
        for w in s.view(seat).sample_worlds(20, seed):
            hand = s.with_world(seat, list(w)).hand(other)
            assert len({str(c)[0] for c in hand if str(c) != "EU"}) > 1 or len(hand) < 5
    assert refused >= 10, refused



@pytest.mark.parametrize("carried", [0, 3])
def test_M_7_flush_wins_the_pot_and_the_others_pay(carried):
    s = play(dealt(FL, "H7", pot=carried), "join, join, join, pass, keep, keep, keep")
    assert s.outcome == "flush" and s.flush_winner == 2 and s.phase == "over"
    assert s.tricks_won == [0, 0, 0, 0]
    # seat 2: -5 + (20 + carried); seats 1 and 3 joined: -5 - 5; seat 0 passed: -5; pot 10.
    assert s.returns() == [-5, -10, 15 + carried, -10] and s.pot == 10


def test_M_7_flush_with_the_mistigri():
    hands = ["GU GZ G8 HA HK", "GA GK EA SA E8", "EU SK SO SU S9", "EK EO GO G9 HZ"]
    s = play(dealt(hands, "H7"), "join, join, join, pass, keep, keep, keep")
    assert s.outcome == "flush" and s.flush_winner == 2
    assert s.returns() == [-5, -10, 15, -10]
    # five acorns with the Mistigri among them are a flush as well
    hands = ["GU GZ G8 HA HK", "GA GK SA S8 G7", "EU EA EK EO EZ", "SK SO SU S9 HZ"]
    s = play(dealt(hands, "H7"), "join, join, join, pass, keep, keep, keep")
    assert s.flush_winner == 2


def test_M_7_four_of_a_suit_and_another_card_is_no_flush():
    hands = ["GU GZ G8 HA HK", "GA GK EA SA E8", "EU SK SO SU GO", "EK EO G7 G9 HZ"]
    s = play(dealt(hands, "H7"), "join, join, join, pass, keep, keep, keep")
    assert s.phase == "play" and s.flush_winner is None and s.outcome != "flush"


def test_M_7_only_joined_seats_flush():
    s = play(dealt(FL, "H7"), "join, pass, join, join, keep, keep, keep")   # seat 2 (the flush) passed
    assert s.phase == "play" and s.flush_winner is None


# TF: seat 1 spades flush SA SK SO SU SZ (51); seat 2 trump flush HO HU HZ H9 H8 (47).
TF = ["EO EZ GA GK E9", "SA SK SO SU SZ", "HO HU HZ H9 H8", "EA EK GO G9 G8"]


def test_M_7_trump_flush_beats_more_points():
    s = play(dealt(TF, "H7"), "join, join, join, pass, keep, keep, keep")
    assert s.flush_winner == 2
    # the losing flush pays like any other joined seat
    assert s.returns() == [-5, -10, 15, -10] and s.pot == 10


def test_M_7_monch_losing_flush_pays_nothing():
    s = play(dealt(TF, "H7", game=MONCH32), "join, join, join, pass, keep, keep, keep")
    assert s.flush_winner == 2
    assert s.returns() == [-5, -5, 15, -10] and s.pot == 5


# Dealer 2: forehand 3, then 0, 1, 2. Seat 3: GA GK G9 G8 G7 = 45; seat 0: spades 45 or 46.
@pytest.mark.parametrize("spades, winner, returns", [
    ("SA SK S9 S8 S7", 3, [-10, -10, -5, 15]),    # 45 = 45: seat 3 is nearer forehand
    ("SA SK SZ S8 S7", 0, [15, -10, -5, -10]),    # 46 > 45: the higher flush wins
])
def test_M_7_higher_flush_points_then_nearer_forehand(spades, winner, returns):
    hands = [spades, "EA EK EO HA HK", "EZ E9 E8 GO GU", "GA GK G9 G8 G7"]
    s = play(dealt(hands, "H7", dealer=2), "join, join, join, pass, keep, keep, keep")
    assert s.flush_winner == winner and s.returns() == returns and s.pot == 10


def test_M_7_two_trump_flushes_then_points():
    # 6 players, french52, turned H2 (hearts trump), all join and keep. Seat 1: H3 H4 H5 H6 H7 (25,
    # trump); seat 2: HA HK HQ HJ HT (51, trump); seat 3: DA DK DQ DJ DT (51, plain). Seat 2 wins:
    # pot 30, -5 + 30 = 25; the five other joined seats pay 5 (pot 25).
    hands = ["C2 C3 S4 D5 D6", "H3 H4 H5 H6 H7", "HA HK HQ HJ HT", "DA DK DQ DJ DT", "S2 S3 S5 C4 C5",
             "S6 S7 S8 C6 C7"]
    for game, returns, pot in ((stich.Mistigri(players=6, deck="french52"), [-10, -10, 25, -10, -10, -10], 25),
                               (stich.Mistigri(players=6, monch=True), [-10, -5, 25, -5, -10, -10], 15)):
        s = play(dealt(hands, "H2", game=game), *["join"] * 6, *["keep"] * 6)
        assert s.flush_winner == 2 and s.returns() == returns and s.pot == pot


# Mönch, german36, turned H6 (hearts trump). Seat 1: trump flush HA HK HO HU HZ; seat 2: leaves
# flush; seat 3: holds the Mistigri (no flush); seat 0: neither. All join.
MX = ["EA EK S6 G9 G8", "HA HK HO HU HZ", "GA GK GO GU GZ", "EU E9 S9 S8 G6"]


def test_M_7_monch_exemptions():
    s = play(dealt(MX, "H6", game=MONCH), "join, join, join, join, keep, keep, keep, keep")
    # seat 1 takes 20; seat 2 (losing flush) and seat 3 (Mistigri) pay nothing; seat 0 pays 5.
    assert s.flush_winner == 1
    assert s.returns() == [-10, 15, -5, -5] and s.pot == 5
    p = play(dealt(MX, "H6", game=G36), "join, join, join, join, keep, keep, keep, keep")
    assert p.flush_winner == 1
    assert p.returns() == [-10, 15, -10, -10] and p.pot == 15


# ----- M-8: play, the Mistigri, the named trump --------------------------------------------------

def test_M_8_only_joined_seats_play():
    # Seats 0 and 1 pass: seat 2 (first joined after the dealer) leads, tricks of two cards.
    # T1 SA S8 -> 2; T2 SK S9 -> 2; T3 SO HZ -> 3 (no spade: must trump); T4 G9 GK -> 2 (must head);
    # T5 GO G8 -> 2. Tricks [0, 0, 4, 1]; P 20, 4 a trick: seat 2 -5 + 16, seat 3 -5 + 4; pot 0.
    hands = ["E9 E8 GU GZ HA", "EA EK EO EZ GA", "SA SK SO GK GO", "S9 S8 G9 G8 HZ"]
    s = play(dealt(hands, "H7"), "pass, join, join, pass, keep, keep")
    assert s.phase == "play" and s.current_player == 2
    script = [("SA", None), ("S8", None), ("SK", None), ("S9", None), ("SO", None), ("HZ", {"HZ"}),
              ("G9", None), ("GK", {"GK", "GO"}), ("GO", None), ("G8", None)]
    for card, legal in script:
        assert s.current_player in (2, 3)
        if legal is not None:
            assert text_set(s) == legal
        play(s, card)
        assert len(s.trick) <= 1 or s.is_terminal
    assert s.hand(0) == cs(hands[0]) and s.hand(1) == cs(hands[1])
    assert s.tricks_won == [0, 0, 4, 1]
    assert s.returns() == [-5, -5, 11, -1] and s.pot == 0


# M8: turned H7 (hearts trump). Seat 2's only trump is the Mistigri; seat 0 passes.
M8 = ["EK EO GO GU SU", "HA H9 E9 GA G9", "EU E8 SA SK S9", "HK GK G8 SO S8"]


def test_M_8_mistigri_is_the_highest_trump():
    s = play(dealt(M8, "H7"), "join, join, join, pass, keep, keep, keep", "HA")
    assert text_set(s) == set(EU_ALL)          # a trump lead: only the Mistigri beats the ace
    play(s, "EU:H")                             # the old trump named again
    assert s.trump == "H"
    assert text_set(s) == {"HK"}
    play(s, "HK")
    assert s.tricks_won == [0, 0, 1, 0] and s.current_player == 2


def test_M_8_mistigri_is_no_acorn():
    s = play(dealt(M8, "H7"), "join, join, join, pass, keep, keep, keep", "E9")
    assert text_set(s) == {"E8"}               # follows acorns: the Mistigri is a trump, not an acorn
    play(s, "E8")
    assert text_set(s) == {"HK"}               # seat 3 has no acorn: trumps


def test_M_8_named_trump_holds_for_the_rest_of_the_deal():
    s = play(dealt(M8, "H7"), "join, join, join, pass, keep, keep, keep", "HA", "EU:S")
    assert s.trump == "S"
    assert text_set(s) == {"HK"}               # HA is a plain heart now: seat 3 follows hearts
    play(s, "HK", "SK")                         # seat 2 won, leads a (now) trump
    assert text_set(s) == {"SO", "S8"}         # nothing beats SK: any trump
    play(s, "S8")
    assert text_set(s) == {"H9", "E9", "GA", "G9"}   # seat 1: no spade; H9 is no trump any more
    play(s, "H9")
    assert s.tricks_won == [0, 0, 2, 0] and s.trump == "S"


# MT: turned H7. Seat 1 leads GA; seat 2 (no leaves, the Mistigri its only trump) must play it;
# seat 3 has no leaves: what it may play depends on the suit named, at once.
MT = ["EK EO GO GU SU", "GA G9 H9 E9 SA", "EU E8 E7 SK S9", "HK HZ SO S8 EA"]


@pytest.mark.parametrize("named, legal", [
    ("S", {"SO", "S8"}),                        # spades trump: any spade (none beats the Mistigri)
    ("H", {"HK", "HZ"}),                        # hearts stay trump
    ("E", {"EA"}),                              # acorns trump
    ("G", {"HK", "HZ", "SO", "S8", "EA"}),      # leaves trump: GA is a trump, seat 3 has none: any card
])
def test_M_8_trump_changes_mid_trick(named, legal):
    s = play(dealt(MT, "H7"), "join, join, join, pass, keep, keep, keep", "GA")
    assert text_set(s) == set(EU_ALL)
    play(s, f"EU:{named}")
    assert s.trump == named and [str(c) for c in s.trick] == ["GA", "EU"]
    assert text_set(s) == legal
    play(s, sorted(legal)[0])
    assert s.tricks_won == [0, 0, 1, 0]


# ML: turned H7. Seat 1 leads the Mistigri.
ML = ["EK EO GO GU SU", "EU HA GA G9 E9", "SA S9 HK H9 E8", "HZ H8 GK EA E7"]


@pytest.mark.parametrize("named, seat2, seat3", [
    ("S", {"SA", "S9"}, {"HZ", "H8", "GK", "EA", "E7"}),   # spades led and trump; seat 3 has none
    ("H", {"HK", "H9"}, {"HZ", "H8"}),
    ("G", {"SA", "S9", "HK", "H9", "E8"}, {"GK"}),
])
def test_M_8_mistigri_lead_makes_the_named_suit_led(named, seat2, seat3):
    s = play(dealt(ML, "H7"), "join, join, join, pass, keep, keep, keep", f"EU:{named}")
    assert s.trump == named
    assert text_set(s) == seat2
    play(s, sorted(seat2)[0])
    assert text_set(s) == seat3
    play(s, sorted(seat3)[0])
    assert s.tricks_won == [0, 1, 0, 0] and s.current_player == 1


def test_M_8_named_trump_rules_later_tricks():
    # After EU:S seat 1 leads GA: seat 2 has no leaves and must trump with a spade, not a heart.
    s = play(dealt(ML, "H7"), "join, join, join, pass, keep, keep, keep", "EU:S", "SA", "HZ", "GA")
    assert text_set(s) == {"S9"}


# ----- M-9: following (the cascade) --------------------------------------------------------------

@pytest.mark.parametrize("hand, trick, legal", [
    ("GA G7 HA", ["G9"], "GA"),                  # (1) head with the led suit
    ("GU G7", ["GZ"], "GU"),                     # the Unter is above the ten
    ("G8 G7 HA", ["G9"], "G8 G7"),               # (2) any led-suit card
    ("GA G7 HA", ["G9", "H8"], "GA G7"),         # plain lead trumped: follow suit, no duty to head
    ("HO H8 SA", ["G9", "HU"], "HO"),            # (3) over-trump
    ("HZ H8 SA", ["G9", "HU"], "HZ H8"),         # (4) any trump (Z below U)
    ("SA EA", ["G9", "HU"], "SA EA"),            # (5) any card
    ("EU SA", ["G9"], "EU"),                     # the Mistigri is a trump
    ("EU G7", ["G9"], "G7"),                     # ... and no acorn
    ("EU HA S7", ["HK"], "EU HA"),               # trump lead: trumps that beat it
    ("EU E7", ["EA"], "E7"),
    ("HA H9", ["HK", "EU"], "HA H9"),            # nothing beats the Mistigri: any trump
])
def test_M_9_cascade(hand, trick, legal):
    k = stich.Contract.mistigri("H")
    assert k.legal(hand, trick) == cs(legal)


# CZ: turned H7. T1 seat 1 leads G9; seat 2 (no leaves) must trump; seat 3 follows leaves without
# having to head the trump; seat 0 (no leaves) must over-trump if it can.
@pytest.mark.parametrize("hands, legal0, winner", [
    # HK beats HU: seat 0 must over-trump, and wins
    (["HK H9 SO SU EK", "G9 SA SK E9 E8", "HU H8 S9 S8 E7", "GA G7 HO HZ EA"], {"HK"}, 0),
    # nothing beats HU (Z and 9 are below U): any trump; seat 2 keeps the trick
    (["HZ H9 SO SU EK", "G9 SA SK E9 E8", "HU H8 S9 S8 E7", "GA G7 HO HK EA"], {"HZ", "H9"}, 2),
    # no leaves, no trump: any card
    (["EA E7 SO SU EK", "G9 SA SK E9 E8", "HU H8 S9 S8 EO", "GA G7 HO HK HZ"], {"EA", "E7", "SO", "SU", "EK"}, 2),
])
def test_M_9_trump_on_a_plain_lead(hands, legal0, winner):
    s = play(dealt(hands, "H7"), "join, join, join, join, keep, keep, keep, keep", "G9")
    assert text_set(s) == {"HU", "H8"}            # no leaves: trump (both beat G9)
    play(s, "HU")
    assert text_set(s) == {"GA", "G7"}            # GA would not head the trump: no duty, both legal
    play(s, "G7")
    assert text_set(s) == legal0
    play(s, sorted(legal0)[0])
    expected = [0, 0, 0, 0]
    expected[winner] = 1
    assert s.tricks_won == expected


def test_M_9_the_cascade_in_a_deal():
    s = main_deal()
    k_by_trump = {t: stich.Contract.mistigri(t) for t in "EGHS"}
    for card in MAIN_PLAY:
        seat = s.current_player
        trick = [str(c) for c in s.trick]
        expected = k_by_trump[s.trump].legal(s.hand(seat), trick)
        offered = {a[:2] for a in texts(s)}
        assert offered == {str(c) for c in expected}
        play(s, card)
    assert s.tricks_won == [2, 0, 2, 1]


# ----- M-10: payout ------------------------------------------------------------------------------

def test_M_10_payout_per_trick_and_loo():
    s = main_deal()
    assert s.phase == "play" and s.pot == 20
    play(s, *MAIN_PLAY)
    # P 20, 4 a trick: seat 0 -5 + 8, seat 1 -5 - 5 (Loo), seat 2 -5 + 8, seat 3 -5 + 4; pot 5.
    assert s.tricks_won == [2, 0, 2, 1]
    assert s.returns() == [3, -10, 3, -1] and s.pot == 5 and s.outcome == "played"


def test_M_10_passed_seats_pay_no_loo():
    # Only seats 2 and 3 play (test_M_8_only_joined_seats_play); seats 0 and 1 took no trick but
    # lose only their ante.
    hands = ["E9 E8 GU GZ HA", "EA EK EO EZ GA", "SA SK SO GK GO", "S9 S8 G9 G8 HZ"]
    s = play(dealt(hands, "H7"), "pass, join, join, pass, keep, keep",
             "SA, S8, SK, S9, SO, HZ, G9, GK, GO, G8")
    assert s.returns()[:2] == [-5, -5]


@pytest.mark.parametrize("pot, side_pot, pot_after, side_after", [
    (30, 0, 40, 10),     # 50 -> 40 + 10
    (15, 0, 35, 0),
    (20, 0, 40, 0),
    (0, 50, 40, 30),     # 20 topped up with 20 from the side pot
    (0, 10, 30, 0),
])
def test_M_10_monch_pot_cap_after_the_antes(pot, side_pot, pot_after, side_after):
    s = MONCH.deal(seed=14, pot=pot, side_pot=side_pot)
    assert (s.pot, s.side_pot) == (pot_after, side_after)
    plain = G36.deal(seed=14, pot=pot, side_pot=side_pot)
    assert (plain.pot, plain.side_pot) == (pot + 20, side_pot)      # no cap without Mönch


# MP: Mönch german36, turned H6. Seat 1 wins all five tricks, seat 2 none (Loo); 3 and 0 pass.
MP = ["EA EK EO EZ E9", "HA HK HO HU GA", "G7 G6 S7 S6 E6", "SA SK SO SU SZ"]
MP_PLAY = "HA, E6, HK, S7, HO, S6, HU, G7, GA, G6"


@pytest.mark.parametrize("game, pot, side_pot, returns, pot_after, side_after", [
    # pot 50 -> 40 + side 10; 8 a trick: seat 1 -5 + 40; pot 0 + 5 (Loo) -> topped up to 15.
    (MONCH, 30, 0, [-5, 35, -10, -5], 15, 0),
    # side 40 + 10 = 50; after play the pot of 5 is topped up to 40 from it: side 15.
    (MONCH, 30, 40, [-5, 35, -10, -5], 40, 15),
    # without Mönch: P 50, 10 a trick: seat 1 -5 + 50; pot 5.
    (G36, 30, 0, [-5, 45, -10, -5], 5, 0),
])
def test_M_10_monch_payout_from_the_capped_pot(game, pot, side_pot, returns, pot_after, side_after):
    s = play(dealt(MP, "H6", game=game, pot=pot, side_pot=side_pot), "join, join, pass, pass, keep, keep", MP_PLAY)
    assert s.tricks_won == [0, 5, 0, 0]
    assert s.returns() == returns and (s.pot, s.side_pot) == (pot_after, side_after)
    assert sum(returns) + pot_after + side_after == pot + side_pot


# ----- M-11: the Mönch keeps still ---------------------------------------------------------------

# K11: german36, turned H6 (hearts trump). Seat 1 leads HA to the first trick.
@pytest.mark.parametrize("seat2, monch_legal, plain_legal", [
    ("EU HK G6 S6 E6", {"HK"}, set(EU_ALL)),                    # the other trump instead
    ("EU G8 G6 S6 E6", {"G8", "G6", "S6", "E6"}, set(EU_ALL)),  # no other trump: any other card
])
def test_M_11_monch_keeps_still_under_the_trump_ace(seat2, monch_legal, plain_legal):
    hands = ["SA SK SO SU SZ", "HA GA G9 E9 S9", seat2, "G7 S7 S8 E7 E8"]
    s = play(dealt(hands, "H6", game=MONCH), "join, join, join, pass, keep, keep, keep", "HA")
    assert text_set(s) == monch_legal
    p = play(dealt(hands, "H6", game=G36), "join, join, join, pass, keep, keep, keep", "HA")
    assert text_set(p) == plain_legal


def test_M_11_only_the_first_trick():
    # T1 GA (no keep-still), seat 2 follows with G6; T2 seat 1 leads HA: the Mistigri must go.
    hands = ["SA SK SO SU SZ", "GA HA G9 E9 S9", "EU G8 G6 S6 E6", "G7 S7 S8 E7 E8"]
    s = play(dealt(hands, "H6", game=MONCH), "join, join, join, pass, keep, keep, keep", "GA")
    assert text_set(s) == {"G8", "G6"}
    play(s, "G6", "G7", "HA")
    assert text_set(s) == set(EU_ALL)


def test_M_11_only_under_the_trump_ace():
    hands = ["SA SK SO SU SZ", "HK GA G9 E9 S9", "EU G8 G6 S6 E6", "G7 S7 S8 E7 E8"]
    s = play(dealt(hands, "H6", game=MONCH), "join, join, join, pass, keep, keep, keep", "HK")
    assert text_set(s) == set(EU_ALL)


def test_M_11_whoever_leads_the_first_trick():
    # Forehand passes; seat 2 leads the trump ace; seat 3 holds the Mistigri and keeps it back.
    hands = ["SA SK SO SU SZ", "G7 S7 S8 E7 E8", "HA GA G9 E9 S9", "EU G8 G6 S6 E6"]
    s = play(dealt(hands, "H6", game=MONCH), "pass, join, join, pass, keep, keep", "HA")
    assert s.current_player == 3
    assert text_set(s) == {"G8", "G6", "S6", "E6"}


def test_M_11_nothing_inferred_about_the_mistigri():
    # Seat 2 plays G6 to the trump ace: it has no trump, except perhaps the Mistigri, which under
    # M-11 may be kept back. Without Mönch the same play proves the Mistigri absent too.
    hands = ["EU HK HO SA SK", "HA GA G9 E9 S9", "G6 G8 S6 E6 E7", "G7 S7 S8 E8 EK"]
    for game, eu_inferred in ((MONCH, False), (G36, True)):
        s = play(dealt(hands, "H6", game=game), "join, join, join, pass, keep, keep, keep", "HA")
        v = s.view(1)
        assert "HU" not in v.forbidden(2) and "EU" not in v.forbidden(2)
        play(s, "G6")
        v = s.view(1)
        for trump in ("HK", "HO", "HU", "HZ"):
            assert trump in v.forbidden(2)
        assert ("EU" in v.forbidden(2)) == eu_inferred
        assert s.is_consistent_with(v)
        play(s, "S7")                               # seat 3: no trump either
        v = s.view(2)
        assert "HU" in v.forbidden(3) and ("EU" in v.forbidden(3)) == eu_inferred
        assert s.is_consistent_with(v)


# ----- M-12: matches -----------------------------------------------------------------------------

def test_M_12_match_of_a_fixed_number_of_deals():
    g = stich.Mistigri(deals=3)
    m = g.match(seed=1, dealer=1)
    assert m.chips == [25] * 4 and m.pot == 0 and m.dealer == 1 and m.deals_played == 0 and not m.is_over
    for k in range(1, 4):
        s = m.next_deal()
        assert s.dealer == m.dealer and s.pot == 20 * k
        while not s.is_terminal:
            s.apply("pass")
        m.record(s)
        assert m.chips == [25 - 5 * k] * 4 and m.pot == 20 * k and m.deals_played == k
        assert m.dealer == (1 + k) % 4 and m.is_over == (k == 3)
    with pytest.raises(ValueError, match="the match is over"):
        m.next_deal()


def test_M_12_match_ends_when_a_seat_has_no_chips():
    g = stich.Mistigri(chips=10)
    m = g.match(seed=2)
    for k in (1, 2):
        s = m.next_deal()
        while not s.is_terminal:
            s.apply("pass")
        m.record(s)
        assert m.chips == [10 - 5 * k] * 4 and m.is_over == (k == 2)


def test_M_12_chips_below_zero_end_the_match_after_the_deal():
    # chips 12, dealer 3: MAIN gives [3, -10, 3, -1] (seat 1: 2 chips left, the match goes on);
    # then all pass: [-5] * 4 -> seat 1 at -3: over.
    g = stich.Mistigri(chips=12)
    m = g.match(seed=3, dealer=3)
    s = play(dealt(MAIN, "H7", game=g, dealer=m.dealer, pot=m.pot),
             "join, join, join, join, keep, keep, keep, keep", *MAIN_PLAY)
    m.record(s)
    assert m.chips == [15, 2, 15, 11] and m.pot == 5 and m.dealer == 0 and not m.is_over
    s = m.next_deal()
    assert s.pot == 25 and s.dealer == 0
    play(s, "pass, pass, pass, pass")
    m.record(s)
    assert m.chips == [10, -3, 10, 6] and m.pot == 25 and m.is_over


def test_M_12_match_of_seats_without_chips():
    # chips=0: without `deals` the seats are out of chips before the first deal; with `deals` the
    # match is played for that many deals.
    m = stich.Mistigri(chips=0).match(seed=5)
    assert m.is_over and m.deals_played == 0 and m.chips == [0] * 4
    with pytest.raises(ValueError, match="the match is over"):
        m.next_deal()
    m = stich.Mistigri(chips=0, deals=2).match(seed=5)
    for k in (1, 2):
        assert not m.is_over
        s = m.next_deal()
        play(s, "pass, pass, pass, pass")
        m.record(s)
        assert m.chips == [-5 * k] * 4 and m.pot == 20 * k
    assert m.is_over


def test_M_12_monch_match_rearhand_broke():
    # Mönch, chips 8: nobody joins; the dealer (0) gets 5 from rearhand (3): [8, 3, 3, -2].
    m = stich.Mistigri(monch=True, chips=8).match(seed=4)
    s = m.next_deal()
    play(s, "pass, pass, pass, pass")
    m.record(s)
    assert m.chips == [8, 3, 3, -2] and m.is_over


def test_M_12_match_carries_side_pot():
    g = stich.Mistigri(monch=True, deals=5)
    m = g.match(seed=5)
    for k in range(1, 4):
        s = m.next_deal()
        play(s, "pass, pass, pass, pass")
        m.record(s)
    # pot 20, 40, then 60 -> 40 + side 20
    assert m.pot == 40 and m.side_pot == 20
    assert m.next_deal().pot == 40 and m.next_deal().side_pot == 40


# ----- what the views know -----------------------------------------------------------------------

def test_view_void_in_the_led_suit_is_inferred():
    s = main_deal()
    v = s.view(0)
    assert "GK" not in v.forbidden(1) and "GK" not in v.forbidden(2)       # GK is in the talon
    play(s, "G7", "H9")                         # seat 1 trumps a leaves lead: no leaves
    v = s.view(0)
    for c in ("GK", "GO", "GU", "GZ", "G8"):
        assert c in v.forbidden(1)
    assert "HO" not in v.forbidden(1)            # nothing proven about its trumps
    play(s, "G9")                                # seat 2 follows: nothing proven
    assert "GK" not in s.view(0).forbidden(2)
    play(s, "HU")                                # seat 3 over-trumps: no leaves
    v = s.view(0)
    assert "GK" in v.forbidden(3) and "HO" not in v.forbidden(3)
    for seat in range(4):
        assert s.is_consistent_with(s.view(seat))


def test_view_after_a_named_trump():
    # MT: GA led, the Mistigri names spades. Seat 3 plays SO: it has no leaves (the led suit); as
    # hearts are no longer trump nothing is proven about them (HA lies in the talon).
    s = play(dealt(MT, "H7"), "join, join, join, pass, keep, keep, keep", "GA")
    v = s.view(1)
    assert "GK" not in v.forbidden(3) and "HA" not in v.forbidden(3)
    play(s, "EU:S")
    for seat in range(4):
        v = s.view(seat)
        assert v.history[-1] == (2, "EU:S") and "EU" in v.played
    play(s, "SO")
    v = s.view(1)
    assert "GK" in v.forbidden(3) and "G8" in v.forbidden(3)
    assert "HA" not in v.forbidden(3)
    assert s.is_consistent_with(v)


@pytest.mark.parametrize("game", [GAME, MONCH, CLUB_LAW, stich.Mistigri(players=3),
                                  stich.Mistigri(players=6, monch=True), SIX_GAME,
                                  stich.Mistigri(players=5, monch=True, deck="german32")])
def test_views_consistent_and_returns_conserve_chips(game):
    rng = random.Random(15)
    for seed in range(60):
        pot, side = rng.randrange(0, 60), rng.randrange(0, 30)
        s = game.deal(seed=seed, dealer=seed % game.num_players, pot=pot, side_pot=side)
        while not s.is_terminal:
            if seed < 10:
                for seat in range(game.num_players):
                    v = s.view(seat)
                    assert s.is_consistent_with(v)
                    assert v.hand == s.hand(seat)
            s.apply(rng.choice(s.legal_actions()))
        assert sum(s.returns()) + s.pot + s.side_pot == pot + side
        assert len(s.returns()) == game.num_players


# ----- G-2 / G-4 ---------------------------------------------------------------------------------

def test_G_2_seeded_deals_and_playouts():
    a, b = GAME.deal(seed=17, dealer=2), GAME.deal(seed=17, dealer=2)
    assert a == b and a.talon == b.talon and a.turned == b.turned
    assert GAME.deal(seed=18) != GAME.deal(seed=17)
    r = GAME.random_playouts(100, seed=3)
    assert r.shape == (100, 4) and r.dtype == np.int32
    assert np.array_equal(r, GAME.random_playouts(100, seed=3))
    assert not np.array_equal(r, GAME.random_playouts(100, seed=4))


def test_G_4_returns_of_random_playouts():
    r = GAME.random_playouts(2000, seed=5)
    # every seat antes 5; the pot starts empty, so the seats lose at most the antes in total
    assert (r.sum(axis=1) <= 0).all()
    assert (r >= -10).all()                     # ante plus one penalty at most
    assert (r.max(axis=1) > 0).any()
