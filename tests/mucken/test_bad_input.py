"""Mucken's bad input gives a clear Python exception with an informative message, never a crash
(G-1, G-3, U-1, U-5, U-9, U-12; the engine-wide checks are in tests/common/test_bad_input.py)."""

from __future__ import annotations

import re
import textwrap

import pytest
from helpers.isolated import run_script
from helpers.random_play import finished_deal

import stich

pytestmark = pytest.mark.rules

GAME = stich.Couillon()   # a deal of another game, which Mucken objects reject

# ----- Mucken (G-1, G-3, U-1, U-5, U-9, U-12) ---------------------------------------------------

MUCKEN = stich.Mucken()
# A deal without a Sie; dealer 3, forehand 0 (used below with seed 0).
MUCKEN_HANDS = ["EU GA HA H9 EK SZ", "GU EA E9 GZ HZ SK", "HU GO G9 EO HK SO", "SU SA S9 EZ GK HO"]
MUCKEN_AUCTION_LEGAL = ("legal: Wenz, Geier, Muck, Schneider-Wenz, Schneider-Geier, Schneider-Muck, "
                        "Wenz-Tout, Geier-Tout, Muck-Tout, pass")


def mucken_deal(**options):
    return stich.Mucken(**options).deal(seed=0, dealer=3, hands=MUCKEN_HANDS)


def test_mucken_unknown_option():
    with pytest.raises(ValueError, match=r"unknown option\(s\) for Mucken: player, trump; valid options: "
                                         r"players \(default 4\), long_deck \(default False\), .*"
                                         r"target \(default 21\), hanger \(default False\)"):
        stich.Mucken(player=6, trump="H")
    with pytest.raises(ValueError, match=r"unknown option\(s\) for Mucken: kontra_doubles"):
        stich.Mucken(kontra_doubles=True)          # a Couillon option


@pytest.mark.parametrize("option, value", [
    ("players", 5), ("players", 3), ("players", "4"), ("players", 4.0), ("players", True), ("players", None),
    ("long_deck", 1), ("long_deck", "yes"), ("long_deck", None),
    ("ranking", "wenz"), ("ranking", "GEIER_OVER_WENZ"), ("ranking", None), ("ranking", 0),
    ("games", "Muck"), ("games", ("Muck",)), ("games", ("Muck", "Geier")), ("games", ("Geier", "Wenz")),
    ("games", ("Muck", "Geier", "Wenz", "Ramsch")), ("games", None),
    ("kontra_takes_over", 1), ("kontra_takes_over", "yes"),
    ("if_all_pass", "redeal"), ("if_all_pass", "Ramsch"), ("if_all_pass", None), ("if_all_pass", True),
    ("ramsch_double", 0), ("ramsch_double", None),
    ("ramsch_stichzwang", "True"), ("ramsch_stichzwang", 1),
    ("target", 0), ("target", -21), ("target", 1001), ("target", True), ("target", "21"), ("target", 21.0),
    ("target", None), ("target", 2**40),
    ("hanger", 1), ("hanger", "no"),
])
def test_mucken_bad_option_value(option, value):
    # engine: target=2**40 raises pybind11's TypeError "incompatible constructor arguments"
    with pytest.raises(ValueError, match=rf"{option}\b.*got {re.escape(repr(value))}"):
        stich.Mucken(**{option: value})


def test_mucken_good_option_values():
    assert stich.Mucken(games=["Muck", "Wenz"]).options["games"] == ("Muck", "Wenz")
    assert stich.Mucken(target=31, hanger=True).options["target"] == 31
    for value in ("ramsch", "throw_in", "must_play", "one_point"):
        assert stich.Mucken(if_all_pass=value).options["if_all_pass"] == value


def test_mucken_six_players_with_long_deck():
    with pytest.raises(ValueError, match=r"players=6 needs the short deck: 32 cards do not split into 6 hands"):
        stich.Mucken(players=6, long_deck=True)
    with pytest.raises(ValueError, match=r"players=6 needs the short deck"):
        stich.Mucken(long_deck=True, players=6, target=31)


@pytest.mark.parametrize("game, hands, fragment", [
    (MUCKEN, ["CA"], "bad card text 'CA' for the german24 deck"),                 # French text
    (MUCKEN, ["EO SQ"], "bad card text 'SQ' for the german24 deck"),
    (MUCKEN, ["HT"], "bad card text 'HT' for the german24 deck"),
    (MUCKEN, ["DA"], "bad card text 'DA' for the german24 deck"),
    (MUCKEN, [[stich.Card("CA", deck="french24")]], "French notation.*german24"),  # French Card objects
    (MUCKEN, [stich.CardSet("CA CK", deck="french24")], "French notation.*german24"),
    (MUCKEN, ["E8"], "'E8' for the german24 deck: that card is not in this deck"),  # long-deck cards
    (MUCKEN, ["EO GO HO SO EU GU HU"], "seat 0 was given 7 cards; a Mucken hand has 6"),
    (MUCKEN, [None, "EA EZ EK E9 GA GZ GK"], "seat 1 was given 7 cards; a Mucken hand has 6"),
    (stich.Mucken(players=6), ["EO GO HO SO EU"], "seat 0 was given 5 cards; a Mucken hand has 4"),
    (stich.Mucken(long_deck=True), ["EA EZ EK EO EU E9 E8 E7 GA"], "seat 0 was given 9 cards; a Mucken hand has 8"),
    (MUCKEN, ["EO GO EO"], "card EO appears twice in 'EO GO EO'"),               # duplicates
    (MUCKEN, ["EZ E10"], "card EZ appears twice in 'EZ E10'"),
    (MUCKEN, ["EO", "OE"], "card EO is given to more than one seat"),
    (MUCKEN, {1: "GU", 3: "GU HA"}, "card GU is given to more than one seat"),
])
def test_mucken_bad_hands(game, hands, fragment):
    with pytest.raises(ValueError, match=fragment):
        game.deal(seed=1, hands=hands)


@pytest.mark.parametrize("game, hands, error, fragment", [
    (GAME, {4: "CA"}, IndexError, "seat 0..3, got 4"),
    (GAME, {-1: "CA"}, IndexError, "seat 0..3, got -1"),
    (GAME, ["", "", "", "", "CA"], IndexError, "seat 0..3, got 4"),
    (GAME, {"north": "CA"}, TypeError, r"seat 0..3 \(an int\), got 'north'"),
    (GAME, {True: "CA"}, TypeError, r"seat 0..3 \(an int\), got True"),
    (MUCKEN, {4: "EO"}, IndexError, "seat 0..3, got 4"),
    (stich.Mucken(players=6), {6: "EO"}, IndexError, "seat 0..5, got 6"),
    (MUCKEN, ["", "", "", "", "EO"], IndexError, "seat 0..3, got 4"),
])
def test_seat_out_of_range_is_index_error(game, hands, error, fragment):
    """docs/api.md: IndexError for a seat out of range, TypeError for one that is not an int; the
    state methods (hand, view) raise the same."""
    with pytest.raises(error, match=fragment):
        game.deal(seed=1, hands=hands)
    with pytest.raises(IndexError, match=f"seat {game.num_players} out of range"):
        game.deal(seed=1).hand(game.num_players)


@pytest.mark.parametrize("bock", [1, 0, "True", None, 1.0])
def test_mucken_bock_not_a_bool(bock):
    with pytest.raises(ValueError, match=f"bock must be True or False, got {re.escape(repr(bock))}"):
        MUCKEN.deal(seed=1, bock=bock)


@pytest.mark.parametrize("players, dealer", [(4, 4), (4, -1), (6, 6), (6, "1")])
def test_mucken_bad_dealer(players, dealer):
    g = stich.Mucken(players=players)
    error = IndexError if isinstance(dealer, int) else TypeError   # a value of another type: the bindings' type check
    in_range = f"dealer must be a seat 0..{players - 1}, got {dealer!r}"
    message = in_range if isinstance(dealer, int) else f"dealer must be an int, got {dealer!r}"
    with pytest.raises(error, match=re.escape(message)):
        g.deal(seed=1, dealer=dealer)
    with pytest.raises(error, match=re.escape(message)):
        g.match(seed=1, dealer=dealer)


@pytest.mark.parametrize("text", ["Kontra", "Re", "Sup", "Hirsch", "EU", "Ramsch", "Sie", "Solo", "Schneider", ""])
def test_mucken_not_an_auction_action(text):
    s = mucken_deal()
    with pytest.raises(stich.IllegalActionError, match=f"'{text}' is not a legal action for seat 0; {MUCKEN_AUCTION_LEGAL}$"):
        s.apply(text)
    assert s == mucken_deal()                       # nothing changed


@pytest.mark.parametrize("first, too_low", [
    ("Geier", "Wenz"), ("Geier", "Geier"), ("Muck", "Geier"), ("Schneider-Wenz", "Muck"),
    ("Muck-Tout", "Geier-Tout"), ("Muck-Tout", "Muck-Tout"),
])
def test_mucken_game_too_low(first, too_low):
    s = mucken_deal()
    s.apply(first)
    before = s.clone()
    with pytest.raises(stich.IllegalActionError, match=f"'{too_low}' is not a legal action for seat 1; legal: "):
        s.apply(too_low)
    assert s == before


def test_mucken_game_too_low_lists_the_higher_games():
    s = mucken_deal()
    s.apply("Schneider-Muck")
    with pytest.raises(stich.IllegalActionError,
                       match="'Muck' is not a legal action for seat 1; legal: Wenz-Tout, Geier-Tout, Muck-Tout, pass$"):
        s.apply("Muck")


def test_mucken_geier_not_played():
    s = mucken_deal(games=("Muck", "Wenz"))
    with pytest.raises(stich.IllegalActionError, match="'Geier' is not a legal action for seat 0; legal: Wenz, Muck, "
                                                       "Schneider-Wenz, Schneider-Muck, Wenz-Tout, Muck-Tout, pass$"):
        s.apply("Geier")


def test_mucken_acting_after_passing():
    # Seat 0 passes: it is out of the auction for good (U-5); the turn never comes back to it.
    s = mucken_deal()
    for a in ("pass", "Wenz", "pass", "Geier"):
        s.apply(a)
    assert s.current_player == 1                    # seat 0 skipped
    with pytest.raises(stich.IllegalActionError, match="'Wenz' is not a legal action for seat 1"):
        s.apply("Wenz")
    s.apply("pass")
    # seats 0, 1, 2 have passed: seat 3 won the auction; seat 0 may only double now
    assert s.phase == "doubling" and s.current_player == 0
    with pytest.raises(stich.IllegalActionError, match="'Muck-Tout' is not a legal action for seat 0; legal: Kontra, pass$"):
        s.apply("Muck-Tout")
    with pytest.raises(stich.IllegalActionError, match="'Re' is not a legal action for seat 0; legal: Kontra, pass$"):
        s.apply("Re")


def test_mucken_must_play_cannot_pass():
    s = mucken_deal(if_all_pass="must_play")
    for _ in range(4):
        s.apply("pass")
    with pytest.raises(stich.IllegalActionError, match="'pass' is not a legal action for seat 2; legal: Wenz, Geier, Muck$"):
        s.apply("pass")
    with pytest.raises(stich.IllegalActionError, match="'Schneider-Muck' is not a legal action for seat 2"):
        s.apply("Schneider-Muck")


def test_mucken_wrong_card_in_play():
    s = mucken_deal()
    for a in ("Wenz", "pass", "pass", "pass", "pass", "pass"):
        s.apply(a)
    with pytest.raises(stich.IllegalActionError, match="'GU' is not a legal action for seat 0"):
        s.apply("GU")                               # seat 1's card
    with pytest.raises(stich.IllegalActionError, match="'E8' is not a legal action for seat 0"):
        s.apply("E8")                               # not in the short deck
    s.apply("EU")
    with pytest.raises(stich.IllegalActionError, match="'EA' is not a legal action for seat 1; legal: GU$"):
        s.apply("EA")                               # a trump lead must be answered with a trump


@pytest.mark.parametrize("action", ["pass", "Wenz", "Kontra", "EO", 73])
def test_mucken_apply_after_the_end(action):
    s = mucken_deal(if_all_pass="throw_in")
    for _ in range(4):
        s.apply("pass")
    assert s.is_terminal
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        s.apply(action)
    sie = MUCKEN.deal(seed=0, hands=["", "EO GO HO SO EU GU"])
    assert sie.is_terminal
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        sie.apply(action)


@pytest.mark.parametrize("make, fragment", [
    (lambda: stich.Contract.mucken("Muck").legal("E8", []), "'E8' for the german24 deck"),
    (lambda: stich.Contract.mucken("Ramsch", stichzwang=True).legal("CA", []), "'CA' for the german24 deck"),
    (lambda: stich.Contract.mucken("Geier").points(stich.Card("CA", deck="french24")), "French notation.*german24"),
    (lambda: stich.Contract.mucken("Schafkopf"), "unknown Mucken game 'Schafkopf'; accepted: Muck, Geier, Wenz, Ramsch"),
    (lambda: stich.Contract.mucken("Geier", stichzwang=True), "stichzwang applies to Ramsch only.*Geier"),
])
def test_mucken_contract_errors(make, fragment):
    with pytest.raises(ValueError, match=fragment):
        make()


def test_mucken_match_errors():
    m = MUCKEN.match(seed=1)
    s = m.next_deal()
    assert not s.is_terminal
    with pytest.raises(ValueError, match="not finished"):
        m.record(s)
    with pytest.raises(ValueError, match="dealt by seat 1 but the match expects seat 0"):
        m.record(finished_deal(MUCKEN, 5, 1))
    with pytest.raises(TypeError):
        m.record("deal")
    with pytest.raises(TypeError):
        m.record(finished_deal(GAME))                        # a Couillon deal
    assert m.points == [0, 0] and m.deals_played == 0


def test_mucken_match_rejects_a_deal_of_other_rules():
    # A six-player deal (or one of another target) cannot be booked in a four-player match.
    m = MUCKEN.match(seed=1)
    with pytest.raises(ValueError, match="rules|players|option"):   # engine: booked silently
        m.record(finished_deal(stich.Mucken(players=6), 5, 0))
    assert m.points == [0, 0] and m.deals_played == 0


def test_mucken_match_rejects_a_deal_without_its_bock():
    # After a throw-in the match expects a Bock deal (U-9); a plain deal would be booked at half value.
    g = stich.Mucken(if_all_pass="throw_in")
    m = g.match(seed=1)
    s = m.next_deal()
    for _ in range(4):
        s.apply("pass")
    m.record(s)
    assert m.bock is True and m.dealer == 1
    with pytest.raises(ValueError, match="[Bb]ock"):                  # engine: booked silently
        m.record(finished_deal(g, 5, 1))
    assert m.points == [0, 0] and m.deals_played == 1


def test_mucken_match_over():
    g = stich.Mucken(target=1)
    m = g.match(seed=1, dealer=0)
    while not m.is_over:
        m.record(finished_deal(g, m.deals_played, m.dealer))
        assert m.deals_played < 20
    with pytest.raises(ValueError, match="the match is over"):
        m.next_deal()
    with pytest.raises(ValueError, match="the match is over"):
        m.record(finished_deal(g, 5, m.dealer))


@pytest.mark.parametrize("results, method, exc, fragment", [
    ([("A", "B", 21, 5, "A")], "points", ValueError,
     "method of tournament_table must be one of 'bobbl', 'plus', 'plus_minus', got 'points'"),
    ([("A", "B", 21, 5)], "bobbl", ValueError, r"a Bobbl result is \(pair_a, pair_b, points_a, points_b, winner\)"),
    ([("A", "B", 21, 5, "C")], "bobbl", ValueError, "the winner must be one of two different pairs"),
    ([("A", "A", 21, 5, "A")], "bobbl", ValueError, "the winner must be one of two different pairs"),
    ([("A", "B", -1, 21, "B")], "plus", ValueError, "points must be ints >= 0"),
    ([("A", "B", 21.0, 5, "A")], "plus", ValueError, "points must be ints >= 0"),
])
def test_tournament_table_errors(results, method, exc, fragment):
    with pytest.raises(exc, match=fragment):
        stich.tournament_table(results, method)


MUCKEN_FUZZ = textwrap.dedent(r"""
    import random, stich
    from helpers.fuzzing import junk_on_live_states, try_each
    rng = random.Random(3)
    surprising = set()
    games = [stich.Mucken(), stich.Mucken(players=6), stich.Mucken(long_deck=True),
             stich.Mucken(if_all_pass="must_play"), stich.Mucken(if_all_pass="one_point")]
    junk = [None, -1, 0, 63, 64, 72, 73, 77, 78, 79, 2**16, 2**64, 1.5, "", "pass", "Kontra", "Re", "Sup",
            "Hirsch", "Muck", "Muck-Tout", "muck", "Sie", "EO", "E8", "CA", "\u2660A", b"EO", ["EO"], object()]
    n = 0
    for g in games:
        for call in (lambda x: g.deal(seed=1, hands=[x]), lambda x: g.deal(seed=1, dealer=x),
                     lambda x: g.deal(seed=1, bock=x), lambda x: g.deal(seed=1).hand(x),
                     lambda x: g.deal(seed=1).view(x), lambda x: g.match(seed=1).record(x)):
            n += try_each(call, junk, surprising)
        junk_on_live_states((g.deal(seed=seed, dealer=seed % g.num_players) for seed in range(15)),
                            lambda rng: (rng.choice(junk), rng.randrange(-3, 90)), rng, surprising)
    print("survived", n, sorted(surprising))
""")


def test_mucken_nothing_crashes_the_interpreter(tmp_path):
    proc = run_script(MUCKEN_FUZZ, tmp_path, "fuzz_mucken.py")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "survived" in proc.stdout
