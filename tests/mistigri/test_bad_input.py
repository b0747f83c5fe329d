"""Bad input to Mistigri / Mönch gives a clear Python exception with an informative message, never a
crash (G-1, G-3, M-1 .. M-12; docs/rules/README.md, docs/rules/mistigri.md).

ValueError for bad values (IllegalActionError, a ValueError, for actions), TypeError for values
of the wrong type, IndexError for seats and locations out of range. Every illegal action leaves
the state as it was.
"""

from __future__ import annotations

import re
import textwrap

import pytest
from helpers.isolated import run_script

import stich
from helpers.random_play import finished_deal
from helpers.play import texts

pytestmark = pytest.mark.rules

GAME = stich.Mistigri()
DECK_CHOICES = "one of None, 'german32', 'french32', 'german36', 'french36', 'french52'"

# dealer 0, turned H7 (hearts trump); no flush. Bidding 1, 2, 3, 0.
HANDS = ["EZ G9 SO S7 HO", "GA GZ SA E8 H9", "EA EK GK S9 HZ", "EO GO SK S8 HU"]


def rejected(state, action, pattern, exc=stich.IllegalActionError):
    """`action` raises `exc` matching `pattern` and leaves the state unchanged."""
    before = state.clone()
    with pytest.raises(exc, match=pattern):
        state.apply(action)
    assert state == before


def exchange_state(game=GAME, hands=HANDS, turned="H7", bids=("join",) * 4, seed=1):
    s = game.deal(seed=seed, hands=hands, turned=turned)
    for b in bids:
        s.apply(b)
    return s


def play_state():
    """Seats 1, 2 and 3 joined (seat 0 passed), everybody kept: seat 1 to lead."""
    s = exchange_state(bids=("join", "join", "join", "pass"))
    for _ in range(3):
        s.apply("keep")
    assert s.phase == "play" and s.current_player == 1
    return s


# ----- options (G-3, M-1, M-3, M-12) -------------------------------------------------------------

def test_unknown_option():
    with pytest.raises(ValueError, match=r"unknown option\(s\) for Mistigri: colour, mönch; valid options: "
                                         r"players \(default 4\), deck \(default None\), chips \(default 25\), "
                                         r"stake \(default 5\), monch \(default False\), club_law \(default False\), "
                                         r"deals \(default None\)"):
        stich.Mistigri(colour=1, mönch=True)


@pytest.mark.parametrize("players", [2, 7, 0, -4, 1])
def test_bad_player_count(players):
    with pytest.raises(ValueError, match=f"option players of Mistigri must be one of 3, 4, 5, 6, got {players}$"):
        stich.Mistigri(players=players)


@pytest.mark.parametrize("deck", ["german24", "french24", "skat", "French32", "german 32", "", 32])
def test_bad_deck(deck):
    with pytest.raises(ValueError, match=f"option deck of Mistigri must be {DECK_CHOICES}, got {deck!r}$"):
        stich.Mistigri(deck=deck)


def test_deck_too_small_for_six_players():
    # german24 would not hold six hands and a turned card: it is no Mistigri deck at all, with or
    # without Mönch. The smallest Mistigri decks (32 cards) leave six players a talon of one card.
    for monch in (False, True):
        with pytest.raises(ValueError, match=f"option deck of Mistigri must be {DECK_CHOICES}, got 'german24'"):
            stich.Mistigri(players=6, deck="german24", monch=monch)
    assert len(stich.Mistigri(players=6, deck="german32").deal(seed=1).talon) == 1
    with pytest.raises(ValueError, match="Mistigri is not played with the german24 deck; accepted: german32"):
        stich.Contract.mistigri("H", deck="german24")


# The accepted ranges, defined once in the C++ option schema (MistigriDef).
MAX_CHIPS = stich.Mistigri.OPTIONS["chips"].high
MAX_DEALS = stich.Mistigri.OPTIONS["deals"].high
MAX_POT = stich.Mistigri.DEAL_PARAMS["pot"].high


@pytest.mark.parametrize("stake", [0, -5, MAX_CHIPS + 1, 10**20])
def test_bad_stake(stake):
    # The message names the option, the accepted range and the value, like every other option error.
    with pytest.raises(ValueError, match=rf"option stake of Mistigri must be an int in 1\.\.{MAX_CHIPS}, got {stake}$"):
        stich.Mistigri(stake=stake)


@pytest.mark.parametrize("chips", [-1, MAX_CHIPS + 1, -10**20])
def test_bad_chips(chips):
    with pytest.raises(ValueError, match=rf"option chips of Mistigri must be an int in 0\.\.{MAX_CHIPS}, got {chips}$"):
        stich.Mistigri(chips=chips)


@pytest.mark.parametrize("deals", [0, -1, -100, MAX_DEALS + 1, 10**9])
def test_bad_deals(deals):
    with pytest.raises(ValueError, match=rf"option deals of Mistigri must be None or an int in 1\.\.{MAX_DEALS}, got {deals}$"):
        stich.Mistigri(deals=deals)


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 2}, "option players of Mistigri must be one of 3, 4, 5, 6, got 2"),
    ({"players": 300}, "option players of Mistigri must be one of 3, 4, 5, 6, got 300"),
    ({"chips": MAX_CHIPS + 1}, f"option chips of Mistigri must be an int in 0..{MAX_CHIPS}, got {MAX_CHIPS + 1}"),
    ({"stake": 0}, f"option stake of Mistigri must be an int in 1..{MAX_CHIPS}, got 0"),
    ({"deals": MAX_DEALS + 1}, f"option deals of Mistigri must be None or an int in 1..{MAX_DEALS}, got {MAX_DEALS + 1}"),
])
def test_engine_rules_name_the_accepted_range(kwargs, message):
    # One schema: the core's rules give callers of the core module the same message as the game.
    for make in (stich._core.MistigriRules, stich.Mistigri):
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            make(**kwargs)


@pytest.mark.parametrize("option, value, accepted", [
    ("monch", 1, "True or False"),
    ("monch", 0, "True or False"),
    ("monch", "yes", "True or False"),
    ("monch", None, "True or False"),
    ("club_law", 1, "True or False"),
    ("club_law", 0, "True or False"),
    ("players", True, "one of 3, 4, 5, 6"),
    ("players", 4.0, "one of 3, 4, 5, 6"),
    ("players", "4", "one of 3, 4, 5, 6"),
    ("stake", True, r"an int in 1\.\.30000"),
    ("stake", 5.0, r"an int in 1\.\.30000"),
    ("chips", False, r"an int in 0\.\.30000"),
    ("chips", "25", r"an int in 0\.\.30000"),
    ("deals", True, r"None or an int in 1\.\.2500"),
    ("deals", 2.0, r"None or an int in 1\.\.2500"),
])
def test_option_of_the_wrong_type(option, value, accepted):
    with pytest.raises(ValueError, match=f"option {option} of Mistigri must be {accepted}, got {value!r}$"):
        stich.Mistigri(**{option: value})


# ----- deal arguments ----------------------------------------------------------------------------

@pytest.mark.parametrize("hands, turned", [
    (["EU GA HU H8 SA"], "EU"),
    ({2: "HA H7"}, "H7"),
])
def test_turned_card_also_in_a_hand(hands, turned):
    # The message should say that the card is both in a hand and the turned card. (Engine: "card EU
    # is given to more than one seat", though only one seat was given it.)
    with pytest.raises(ValueError, match=f"{turned}.*turned card"):
        GAME.deal(seed=1, hands=hands, turned=turned)


@pytest.mark.parametrize("game, turned, fragment", [
    (GAME, "E6", "bad card text 'E6' for the german32 deck: that card is not in this deck"),
    (GAME, "CJ", "bad card text 'CJ' for the german32 deck"),
    (GAME, "XX", "bad card text 'XX' for the german32 deck"),
    (GAME, "", "bad card text '' for the german32 deck"),
    (GAME, "EA EK", "bad card text 'EA EK' for the german32 deck"),
    (stich.Mistigri(deck="french32"), "EU", "bad card text 'EU' for the french32 deck"),
    (stich.Mistigri(deck="french32"), "C6", "bad card text 'C6' for the french32 deck: that card is not in this deck"),
    (stich.Mistigri(deck="french36"), "C5", "'C5' for the french36 deck"),
    (GAME, stich.Card("CA"), "French notation.*german32"),
])
def test_turned_card_not_in_the_deck(game, turned, fragment):
    with pytest.raises(ValueError, match=fragment):
        game.deal(seed=1, turned=turned)


@pytest.mark.parametrize("game, redraws, error, fragment", [
    (GAME, "EA", ValueError, "only Mönch has"),
    (stich.Mistigri(monch=True), "EA EA", ValueError, "card EA appears twice"),
    (stich.Mistigri(monch=True), "E5", ValueError, "bad card text 'E5' for the german36 deck"),
    (stich.Mistigri(monch=True, deck="french52", players=6),
     [f"{s}{r}" for s in "CSHD" for r in "AKQJT98"][:25], ValueError, "at most 24 cards"),
    (stich.Mistigri(monch=True), 5, TypeError, "card"),
])
def test_bad_redraws(game, redraws, error, fragment):
    with pytest.raises(error, match=fragment):
        game.deal(seed=1, redraws=redraws)


@pytest.mark.parametrize("turned", [5, ["EA"], 1.5])
def test_turned_card_of_the_wrong_type(turned):
    with pytest.raises(TypeError, match="expected a Card or card text"):
        GAME.deal(seed=1, turned=turned)


@pytest.mark.parametrize("name, value", [
    ("pot", -1), ("pot", -100), ("pot", MAX_POT + 1), ("pot", True), ("pot", 1.5), ("pot", "5"), ("pot", None),
    ("side_pot", -1), ("side_pot", None), ("side_pot", False), ("side_pot", MAX_POT + 1),
])
def test_bad_pot(name, value):
    with pytest.raises(ValueError, match=rf"{name} must be an int in 0\.\.{MAX_POT}, got {re.escape(repr(value))}$"):
        GAME.deal(seed=1, **{name: value})


@pytest.mark.parametrize("game, hands, fragment", [
    (GAME, ["EU GA HU H8 SA EA"], "seat 0 was given 6 cards; a Mistigri hand has 5"),
    (GAME, {3: "EA EK EO EU EZ E9"}, "seat 3 was given 6 cards; a Mistigri hand has 5"),
    (GAME, ["CA"], "bad card text 'CA' for the german32 deck"),        # French text in a German deck
    (GAME, ["SQ"], "bad card text 'SQ' for the german32 deck"),
    (GAME, ["HT"], "bad card text 'HT' for the german32 deck"),
    (GAME, ["CJ"], "bad card text 'CJ' for the german32 deck"),
    (GAME, [stich.CardSet("CA CK", deck="french32")], "French notation.*german32"),
    (GAME, ["E6"], "'E6' for the german32 deck: that card is not in this deck"),
    (stich.Mistigri(deck="french32"), ["EU"], "bad card text 'EU' for the french32 deck"),
    (stich.Mistigri(deck="french32"), ["HZ"], "bad card text 'HZ' for the french32 deck"),
    (GAME, ["EA EK EA"], "EA"),
    (GAME, ["EA", "EA"], "card EA is given to more than one seat"),
])
def test_bad_hands(game, hands, fragment):
    with pytest.raises(ValueError, match=fragment):
        game.deal(seed=1, hands=hands)


@pytest.mark.parametrize("game, hands, fragment", [
    (GAME, {4: "EA"}, "a seat in hands must be a seat 0..3, got 4"),
    (GAME, ["", "", "", "", "EA"], "a seat in hands must be a seat 0..3, got 4"),
    (stich.Mistigri(players=3), {3: "EA"}, "a seat in hands must be a seat 0..2, got 3"),
    (GAME, {-1: "EA"}, "a seat in hands must be a seat 0..3, got -1"),
])
def test_hands_seat_out_of_range_is_index_error(game, hands, fragment):
    with pytest.raises(IndexError, match=fragment):
        game.deal(seed=1, hands=hands)


@pytest.mark.parametrize("hands, fragment", [
    ("EA EK", "hands must be a list with one entry per seat"),
    ([5], "the hand of seat 0 must be card text"),
    ([[5]], "expected a Card or card text"),
])
def test_hands_of_the_wrong_type(hands, fragment):
    with pytest.raises(TypeError, match=fragment):
        GAME.deal(seed=1, hands=hands)


# ----- illegal actions: bidding ------------------------------------------------------------------

@pytest.mark.parametrize("text", ["keep", "discard EA", "EA", "EU:H", "Pass!", "", "discards 2"])
def test_bidding_accepts_only_pass_and_join(text):
    s = GAME.deal(seed=1)
    rejected(s, text, f"'{text}' is not a legal action for seat 1; legal: pass, join$")


@pytest.mark.parametrize("turned", ["EA", "E7", "EU"])
def test_pass_under_club_law_with_acorns_trump(turned):
    s = stich.Mistigri(club_law=True).deal(seed=1, turned=turned)
    for seat in (1, 2, 3, 0):
        rejected(s, "pass", f"'pass' is not a legal action for seat {seat}; legal: join$")
        s.apply("join")


def test_pass_under_club_law_french_clubs():
    s = stich.Mistigri(club_law=True, deck="french32").deal(seed=1, turned="C9")
    rejected(s, "pass", "'pass' is not a legal action for seat 1; legal: join$")


def test_bidding_after_the_round():
    s = GAME.deal(seed=1, hands=HANDS, turned="H7")
    for bid in ("join", "join", "join", "pass"):
        s.apply(bid)
    # the round is over: seat 1 exchanges now and cannot bid again
    rejected(s, "join", "'join' is not a legal action for seat 1; legal: keep, discard ")
    rejected(s, "pass", "'pass' is not a legal action for seat 1; legal: keep, discard ")
    t = GAME.deal(seed=1)
    for _ in range(4):
        t.apply("pass")
    rejected(t, "join", r"the deal is over; no action can be applied \('join'\)")


# ----- illegal actions: exchange -----------------------------------------------------------------

def test_discarding_a_card_not_in_hand():
    s = exchange_state()
    rejected(s, "discard EA", "'discard EA' is not a legal action for seat 1; legal: keep, discard ")
    rejected(s, "discard GA EA", "'discard GA EA' is not a legal action for seat 1")
    rejected(s, "discard GA GA", "'discard GA GA' is not a legal action for seat 1")
    rejected(s, "discard XX", "'discard XX' is not a legal action for seat 1")
    rejected(s, "discard CJ", "'discard CJ' is not a legal action for seat 1")
    rejected(s, "discards 2", "'discards 2' is not a legal action for seat 1")


def test_discarding_more_than_the_talon_holds():
    # 6 players, german32: a talon of one card.
    g = stich.Mistigri(players=6, deck="german32")
    s = g.deal(seed=1, turned="S7")
    for _ in range(6):
        s.apply("join")
    assert len(s.talon) == 1
    two = "discard " + " ".join(str(c) for c in list(s.hand(1))[:2])
    rejected(s, two, f"'{two}' is not a legal action for seat 1; legal: keep, discard ")
    s.apply("discard " + str(list(s.hand(1))[0]))
    one = "discard " + str(list(s.hand(2))[0])
    rejected(s, one, f"'{one}' is not a legal action for seat 2; legal: keep$")


def test_monch_discarding_five():
    s = exchange_state(game=stich.Mistigri(monch=True, deck="german32"))
    rejected(s, "discard GA GZ SA E8 H9", "'discard GA GZ SA E8 H9' is not a legal action for seat 1")


def test_exchange_out_of_turn():
    s = exchange_state()
    rejected(s, "discard EA EK", "'discard EA EK' is not a legal action for seat 1")   # seat 2's cards
    s.apply("keep")
    rejected(s, "discard GA", "'discard GA' is not a legal action for seat 2")          # seat 1's card


def test_public_action_ids_are_not_actions():
    # The ids of what others see of an exchange ('keep', 'discards N') cannot be applied, and the
    # message should not call them 'keep' while offering 'keep'. (Engine: "'keep' is not legal for
    # seat 1 here; legal: keep, ...".)
    s = exchange_state()
    with pytest.raises(stich.IllegalActionError) as info:
        s.apply(102)
    assert "'keep' is not legal" not in str(info.value)
    rejected(s, 104, "'discards 2' is not legal for seat 1 here; legal: keep")


# ----- illegal actions: play ---------------------------------------------------------------------

def test_bare_mistigri_without_a_suit():
    hands = ["EZ G9 SO S7 HO", "EU GZ SA E8 H9", "EA EK GK S9 HZ", "EO GO SK S8 HU"]
    s = exchange_state(hands=hands, bids=("join", "join", "join", "pass"))
    for _ in range(3):
        s.apply("keep")
    legal = ", ".join(texts(s))
    assert legal.endswith("EU:E, EU:G, EU:H, EU:S")
    for text in ("EU", "EU:", "EU:X", "EU:C", "EU:HH", "CJ:H", "EU H"):
        rejected(s, text, f"'{text}' is not a legal action for seat 1; legal: {legal}$")
    s.apply("EU:h")                                       # the suit letter in any case
    assert s.trump == "H"


def test_french_mistigri_needs_a_french_suit():
    g = stich.Mistigri(deck="french32")
    hands = ["CA CK SA SK HA", "CJ DA S7 H7 C8", "C7 S8 H8 H9 C9", "DK SQ HQ CQ ST"]
    s = g.deal(seed=1, hands=hands, turned="D7")
    for _ in range(4):
        s.apply("join")
    for _ in range(4):
        s.apply("keep")
    assert s.phase == "play" and s.current_player == 1
    for text in ("CJ", "CJ:E", "CJ:G", "EU:H", "CJ:X"):
        rejected(s, text, f"'{text}' is not a legal action for seat 1; legal: .*CJ:C, CJ:S, CJ:H, CJ:D$")
    s.apply("CJ:S")
    assert s.trump == "S"


def test_playing_out_of_turn():
    s = play_state()
    rejected(s, "EA", "'EA' is not a legal action for seat 1; legal: ")     # seat 2's card
    rejected(s, "HU", "'HU' is not a legal action for seat 1; legal: ")     # seat 3's card
    s.apply("GA")
    rejected(s, "GZ", "'GZ' is not a legal action for seat 2; legal: GK$")  # seat 1 again: not its turn


def test_playing_after_passing():
    s = play_state()                          # seat 0 passed
    for card in ("EZ", "G9", "SO", "S7", "HO"):
        rejected(s, card, f"'{card}' is not a legal action for seat 1")
    while not s.is_terminal:
        assert s.current_player != 0
        for card in ("EZ", "SO"):
            rejected(s, card, f"'{card}' is not a legal action for seat {s.current_player}")
        s.apply(s.legal_actions()[0])
    assert s.hand(0) == stich.CardSet("EZ G9 SO S7 HO", deck="german32")


def test_not_following_suit():
    s = play_state()
    s.apply("GA")
    rejected(s, "EA", "'EA' is not a legal action for seat 2; legal: GK$")   # M-9: seat 2 holds GK


def test_bidding_and_exchange_words_during_play():
    s = play_state()
    for text in ("pass", "join", "keep", "discard GA"):
        rejected(s, text, f"'{text}' is not a legal action for seat 1")


# ----- finished deals, wrong types ---------------------------------------------------------------

@pytest.mark.parametrize("action", ["pass", "keep", "EA", 68, "EU:H"])
def test_apply_after_the_end(action):
    s = finished_deal(GAME)
    assert s.legal_actions() == [] and s.current_player is None
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        s.apply(action)


@pytest.mark.parametrize("bad", [None, 3.5, ["EA"], b"EA"])
def test_apply_wrong_type(bad):
    s = GAME.deal(seed=1)
    with pytest.raises(TypeError, match=r"apply\(\) takes an Action, its text or its id"):
        s.apply(bad)


@pytest.mark.parametrize("action_id", [-1, 2**16, 2**70])
def test_action_id_out_of_range(action_id):
    s = GAME.deal(seed=1)
    rejected(s, action_id, "out of range.*legal: pass, join")


@pytest.mark.parametrize("seat", [4, -1, 99])
def test_seat_out_of_range(seat):
    s = GAME.deal(seed=1)
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        s.hand(seat)
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        s.view(seat)
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        s.discards(seat)


def test_view_location_errors():
    v = GAME.deal(seed=1).view(0)
    with pytest.raises(ValueError, match="unknown location 'pile'; locations: seat0, seat1, seat2, seat3, talon, discards"):
        v.known("pile")
    with pytest.raises(IndexError, match="location 6 out of range 0..5"):
        v.size(6)
    with pytest.raises(IndexError, match="out of range 0..5"):
        v.forbidden(2**64)


# ----- matches -----------------------------------------------------------------------------------

def test_match_errors():
    m = GAME.match(seed=1)
    with pytest.raises(ValueError, match="the deal is not finished"):
        m.record(m.next_deal())
    s = GAME.deal(seed=5, dealer=2)
    while not s.is_terminal:
        s.apply("pass")
    with pytest.raises(ValueError, match="dealt by seat 2 but the match expects seat 0"):
        m.record(s)
    other = stich.Mistigri(monch=True).deal(seed=5)
    while not other.is_terminal:
        other.apply("pass")
    with pytest.raises(ValueError, match="other rules than the match's"):
        m.record(other)
    with pytest.raises(TypeError):
        m.record("deal")
    assert m.chips == [25] * 4 and m.deals_played == 0


def test_match_over():
    m = stich.Mistigri(deals=1).match(seed=1)
    s = m.next_deal()
    while not s.is_terminal:
        s.apply("pass")
    m.record(s)
    assert m.is_over
    with pytest.raises(ValueError, match="the match is over"):
        m.next_deal()
    with pytest.raises(ValueError, match="the match is over"):
        m.record(s)


@pytest.mark.parametrize("call", [
    lambda text: GAME.deal(seed=1).apply(text),
    lambda text: GAME.deal(seed=1, turned=text),
    lambda text: GAME.deal(seed=1, hands=[text]),
])
def test_undecodable_text(call):
    # A str with a lone surrogate cannot be UTF-8 encoded: a ValueError (UnicodeError) or TypeError,
    # not pybind11's internal "RuntimeError: Unable to cast Python instance ... to C++ type '?'".
    with pytest.raises((ValueError, TypeError)):
        call("\udcff")


# ----- nothing crashes the interpreter ----------------------------------------------------------

FUZZ = textwrap.dedent(r"""
    import random, stich
    from helpers.fuzzing import junk_on_live_states, try_each
    rng = random.Random(11)
    games = [stich.Mistigri(), stich.Mistigri(monch=True), stich.Mistigri(players=6, deck="german32", monch=True),
             stich.Mistigri(players=3, deck="french52", club_law=True)]
    junk = [None, -1, 0, 1, 63, 64, 67, 68, 69, 70, 101, 102, 107, 108, 2**15, 2**16, 2**63, 2**64, -2**70, 1.5,
            "", " ", "XX", "EU", "EU:", "EU:H", "EU:X", "CJ:S", "discard", "discard ", "discard EU EU EU EU EU EU",
            "discard " + "EA " * 40, "discards 3", "keep", "pass", "join", "\u2660", "\x00", b"EU",
            [], ["EA"], {}, {0: 1}, stich.Card("EO"), stich.CardSet("EO GU"), object()]
    actions = ["EU", "EU:", "EU:X", "CJ:S", "discard", "discard EU EU", "discards 3", "keep", "pass", "join",
               "EA", "HZ", "SA", "discard EA EK EO EU EZ E9", 102, 104, 69, 70 + 31]
    surprising = set()
    calls = [
        lambda g, x: type(g)(players=x), lambda g, x: type(g)(deck=x), lambda g, x: type(g)(stake=x),
        lambda g, x: type(g)(chips=x), lambda g, x: type(g)(deals=x), lambda g, x: type(g)(monch=x),
        lambda g, x: g.deal(seed=x), lambda g, x: g.deal(seed=1, dealer=x), lambda g, x: g.deal(seed=1, hands=x),
        lambda g, x: g.deal(seed=1, hands=[x]), lambda g, x: g.deal(seed=1, turned=x),
        lambda g, x: g.deal(seed=1, pot=x), lambda g, x: g.deal(seed=1, side_pot=x),
        lambda g, x: g.deal(seed=1).apply(x), lambda g, x: g.deal(seed=1).hand(x),
        lambda g, x: g.deal(seed=1).discards(x), lambda g, x: g.deal(seed=1).view(x),
        lambda g, x: g.deal(seed=1).view(0).known(x), lambda g, x: g.deal(seed=1).action_text(x),
        lambda g, x: g.random_playouts(2, seed=x), lambda g, x: g.match(seed=1).record(x),
        lambda g, x: stich.Contract.mistigri(x), lambda g, x: stich.Contract.mistigri("H", deck=x),
    ]
    def views_consistent(s):
        for seat in range(s.num_players):
            assert s.is_consistent_with(s.view(seat))

    n = 0
    for g in games:
        n += sum(try_each(lambda x: call(g, x), junk, surprising) for call in calls)
        # junk actions against live states, in every phase
        states = [g.deal(seed=seed, dealer=seed % g.num_players, pot=rng.randrange(0, 100), side_pot=rng.randrange(0, 50))
                  for seed in range(25)]
        junk_on_live_states(states, lambda rng: (rng.randrange(-5, 120), rng.choice(actions)), rng, surprising,
                            views_consistent)
    print("survived", n, sorted(surprising))
""")


def test_nothing_crashes_the_interpreter(tmp_path):
    proc = run_script(FUZZ, tmp_path, "fuzz.py")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "survived" in proc.stdout
    assert proc.stdout.strip().endswith("[]"), proc.stdout     # only ValueError/TypeError/IndexError
