"""Bad input gives a clear Python exception with an informative message, never a crash.

ValueError for bad values (IllegalActionError, a ValueError, for actions), TypeError for values
of the wrong type, IndexError for seats and locations out of range (G-1, G-3, DESIGN "Public API").
"""

from __future__ import annotations

import random
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import stich

pytestmark = pytest.mark.rules

GAME = stich.Couillon()
TRUMP_LEGAL = "legal: Clubs, Spades, Hearts, Diamonds, reveal"


def finished(seed=1):
    s = GAME.deal(seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    return s


# ----- card text --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["XQ", "", "E", "Q", "EOO", "S 9", "10", "\u2660"])
def test_bad_card_text(text):
    with pytest.raises(ValueError, match=f"bad card text '{text}'.*accepted"):
        stich.Card(text)


@pytest.mark.parametrize("make", [
    lambda: stich.CardSet("EO XQ"),
    lambda: stich.CardSet(["EO", "XQ"]),
    lambda: stich.Deck("german24").parse("EO XQ"),
    lambda: stich.Contract.couillon("H").legal("CA XQ", []),
])
def test_bad_card_text_in_sets(make):
    with pytest.raises(ValueError, match="'XQ'"):
        make()


@pytest.mark.parametrize("bad, exc, fragment", [
    (5, TypeError, "card text"),
    (None, TypeError, "card text"),
    (3.5, TypeError, "card text"),
])
def test_card_wrong_type(bad, exc, fragment):
    with pytest.raises(exc, match=fragment):
        stich.Card(bad)


def test_cardset_wrong_item_type():
    with pytest.raises(TypeError, match="expected a Card or card text"):
        stich.CardSet(["EO", 5])


# ----- illegal actions --------------------------------------------------------------------------

def test_illegal_action_is_a_value_error():
    assert issubclass(stich.IllegalActionError, ValueError)


@pytest.mark.parametrize("text", ["XX", "Mit", "Kontra", "pass", "CA", "Club", ""])
def test_illegal_action_text(text):
    s = GAME.deal(seed=1)
    with pytest.raises(stich.IllegalActionError, match=f"'{text}' is not a legal action for seat 1; {TRUMP_LEGAL}$"):
        s.apply(text)
    assert s == GAME.deal(seed=1)          # nothing changed


def test_illegal_card_play_lists_legal_cards():
    s = GAME.deal(seed=0, hands=["SA ST HT DK D9", "CA CK CJ SJ HA", "C9 S9 DQ HJ DJ", "CQ CT SK HK HQ"])
    s.apply("Hearts")                       # the Mit lies in the talon: play starts
    with pytest.raises(stich.IllegalActionError, match="'SA' is not a legal action for seat 1; legal: CJ, CK, CA, SJ, HA$"):
        s.apply("SA")                       # seat 0's card
    s.apply("CA")
    with pytest.raises(stich.IllegalActionError, match="'S9' is not a legal action for seat 2; legal: C9, HJ$"):
        s.apply("S9")                       # C-5: seat 2 holds a club


def test_wrong_action_object():
    other = GAME.deal(seed=2, hands={2: "SQ"})
    other.apply("Clubs")
    mit = other.legal_actions()[0]
    assert mit.text == "Mit"
    s = GAME.deal(seed=1)
    # The message should name the action by its text, not only by its internal id.
    with pytest.raises(stich.IllegalActionError, match=f"Mit.*{TRUMP_LEGAL}"):
        s.apply(mit)


@pytest.mark.parametrize("action_id", [999, 64 + 16, 14])
def test_action_id_not_legal(action_id):
    s = GAME.deal(seed=1)
    with pytest.raises(stich.IllegalActionError, match=TRUMP_LEGAL):
        s.apply(action_id)


@pytest.mark.parametrize("action_id", [-1, -(2**40), 2**16, 2**70])
def test_action_id_out_of_range(action_id):
    s = GAME.deal(seed=1)
    with pytest.raises(stich.IllegalActionError, match=f"out of range.*{TRUMP_LEGAL}"):
        s.apply(action_id)


@pytest.mark.parametrize("bad", [None, 3.5, ["CA"], b"CA"])
def test_apply_wrong_type(bad):
    s = GAME.deal(seed=1)
    with pytest.raises(TypeError, match="apply\\(\\) takes an Action, its text or its id"):
        s.apply(bad)


@pytest.mark.parametrize("action", ["CA", "pass", 14, 68])
def test_apply_after_the_end(action):
    s = finished()
    assert s.legal_actions() == [] and s.current_player is None
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        s.apply(action)


def test_apply_action_object_after_the_end():
    s = finished()
    a = GAME.deal(seed=1).legal_actions()[0]
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        s.apply(a)


# ----- deal(hands=...) --------------------------------------------------------------------------

@pytest.mark.parametrize("hands, fragment", [
    (["CA CK CA"], "card CA appears twice in 'CA CK CA'"),
    (["CA", "QS", "SQ"], "card SQ is given to more than one"),
    ({0: "CA", 3: "AC"}, "card CA is given to more than one"),
    (["CA CK CQ CJ CT C9"], "seat 0 was given 6 cards; a Couillon hand has 5"),
    (["C8"], "bad card text 'C8' for the french24 deck: that card is not in this deck"),
    (["S2"], "'S2' for the french24 deck"),
    (["EO"], "'EO' for the french24 deck"),                      # German text in a French game
    (["HZ"], "'HZ' for the french24 deck"),
    ([[stich.Card("EO")]], "German notation.*french24"),          # German Card objects
    ([stich.CardSet("EO GU")], "German notation.*french24"),
    ({4: "CA"}, "seat 0..3, got 4"),
    ({-1: "CA"}, "seat 0..3, got -1"),
    ({"north": "CA"}, "seat 0..3, got 'north'"),
    ({True: "CA"}, "seat 0..3, got True"),
    (["", "", "", "", "CA"], "seat 0..3, got 4"),
])
def test_bad_hands(hands, fragment):
    with pytest.raises(ValueError, match=fragment):
        GAME.deal(seed=1, hands=hands)


@pytest.mark.parametrize("hands, fragment", [
    ("CA CK", "one entry per seat"),
    (stich.CardSet("CA CK", deck="french24"), "one entry per seat"),
    ([5], "hand of seat 0 must be card text"),
    ([[5]], "expected a Card or card text"),
])
def test_hands_wrong_type(hands, fragment):
    with pytest.raises(TypeError, match=fragment):
        GAME.deal(seed=1, hands=hands)


# ----- seeds, dealers, options ------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [4, -1, 99, "0", 1.0, True, None])
def test_bad_dealer(dealer):
    with pytest.raises(ValueError, match=f"dealer must be a seat 0..3, got {dealer!r}"):
        GAME.deal(seed=1, dealer=dealer)
    with pytest.raises(ValueError, match="dealer must be a seat 0..3"):
        GAME.match(seed=1, dealer=dealer)


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_seed_out_of_range(seed):
    with pytest.raises(ValueError, match=rf"seed must be in 0..2\*\*64-1, got {seed}"):
        GAME.deal(seed=seed)
    with pytest.raises(ValueError, match="seed must be in"):
        GAME.random_playouts(3, seed=seed)
    with pytest.raises(ValueError, match="seed must be in"):
        GAME.match(seed=seed)


@pytest.mark.parametrize("seed", [1.0, 1.5, True, False, "7", b"7", [1]])
def test_seed_wrong_type(seed):
    with pytest.raises(TypeError, match=r"seed must be an int in 0..2\*\*64-1 or None, got "):
        GAME.deal(seed=seed)


def test_unknown_option():
    with pytest.raises(ValueError, match=r"unknown option\(s\) for Couillon: players, target; "
                                         r"valid options: kontra_doubles \(default False\)"):
        stich.Couillon(target=21, players=6)


@pytest.mark.parametrize("value", [1, "True", None, 0.0])
def test_bad_option_value(value):
    with pytest.raises(ValueError, match=f"option kontra_doubles of Couillon must be True or False, got {value!r}"):
        stich.Couillon(kontra_doubles=value)


def test_random_playouts_negative():
    with pytest.raises(ValueError, match="number of deals must be an int >= 0"):
        GAME.random_playouts(-1, seed=1)


# ----- seats, views, perft ----------------------------------------------------------------------

@pytest.mark.parametrize("seat", [4, -1, 99])
def test_hand_seat_out_of_range(seat):
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        GAME.deal(seed=1).hand(seat)


@pytest.mark.parametrize("seat", [99, 4, -1])
def test_view_seat_out_of_range(seat):
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        GAME.deal(seed=1).view(seat)


def test_seat_wrong_type():
    s = GAME.deal(seed=1)
    with pytest.raises(TypeError):
        s.hand("0")
    with pytest.raises(TypeError):
        s.view(None)


def test_view_location_errors():
    v = GAME.deal(seed=1).view(0)
    with pytest.raises(IndexError, match="location 5 out of range 0..4"):
        v.known(5)
    with pytest.raises(IndexError, match="location -1 out of range 0..4"):
        v.size(-1)
    with pytest.raises(ValueError, match="unknown location 'pile'; locations: seat0, seat1, seat2, seat3, talon"):
        v.forbidden("pile")


@pytest.mark.parametrize("loc", [2**64, -(2**70)])
def test_view_location_huge_int(loc):
    v = GAME.deal(seed=1).view(0)
    with pytest.raises(IndexError, match="out of range 0..4"):   # engine: RuntimeError "Unable to cast"
        v.known(loc)


@pytest.mark.parametrize("depth", [-1, -100])
def test_perft_negative_depth(depth):
    with pytest.raises(ValueError, match=f"perft depth must be >= 0, got {depth}"):
        stich.perft(GAME.deal(seed=1), depth)


def test_perft_wrong_state():
    with pytest.raises(TypeError):
        stich.perft("not a state", 1)


# ----- contracts --------------------------------------------------------------------------------

@pytest.mark.parametrize("make, exc, fragment", [
    (lambda: stich.Contract.mucken("Solo"), ValueError,
     "unknown Mucken game 'Solo'; accepted: Muck, Geier, Wenz, Ramsch"),
    (lambda: stich.Contract.mucken("Muck", stichzwang=True), ValueError, "stichzwang applies to Ramsch only.*Muck"),
    (lambda: stich.Contract.mucken("Wenz", stichzwang=True), ValueError, "stichzwang applies to Ramsch only.*Wenz"),
    (lambda: stich.Contract.couillon("X"), ValueError, "unknown trump suit 'X'; accepted: C, S, H, D"),
    (lambda: stich.Contract.couillon("E"), ValueError, "unknown trump suit 'E'; accepted: C, S, H, D"),
    (lambda: stich.Contract.couillon("Hearts"), ValueError, "unknown trump suit 'Hearts'"),
    (lambda: stich.Contract.mistigri("C"), ValueError, "unknown trump suit 'C'; accepted: E, G, H, S"),
    (lambda: stich.Contract.mistigri("E", deck="french32"), ValueError, "unknown trump suit 'E'; accepted: C, S, H, D"),
    (lambda: stich.Contract.mistigri("E", deck="german24"), ValueError,
     "not played with the german24 deck; accepted: german32, french32, german36, french36, french52"),
    (lambda: stich.Contract.mistigri("E", deck="skat"), ValueError, "unknown deck 'skat'; accepted: german24"),
    (lambda: stich.Deck("skat"), ValueError, "unknown deck 'skat'"),
    (lambda: stich.Contract.couillon("H").winner([]), ValueError, "non-empty trick"),
    (lambda: stich.Contract.couillon("H").legal("CA", ["CK", "CK"]), ValueError, "CK appears twice"),
    (lambda: stich.Contract.couillon("H").legal("CA", ["CA"]), ValueError, "CA is both in the hand and in the trick"),
    (lambda: stich.Contract.couillon("H").legal("EO", []), ValueError, "'EO' for the french24 deck"),
    (lambda: stich.Contract.couillon("H").points(stich.Card("EO")), ValueError, "German notation.*french24"),
    (lambda: stich.Contract.couillon("H").forbidden(["CA"], "CA"), ValueError, "already in the trick"),
])
def test_contract_errors(make, exc, fragment):
    with pytest.raises(exc, match=fragment):
        make()


# ----- match ------------------------------------------------------------------------------------

def test_match_errors():
    m = GAME.match(seed=1)
    with pytest.raises(ValueError, match="not finished"):
        m.record(m.next_deal())
    with pytest.raises(ValueError, match="dealt by seat 1 but the match expects seat 0"):
        m.record(finished_with_dealer(1))
    with pytest.raises(TypeError):
        m.record("deal")


def finished_with_dealer(dealer):
    s = GAME.deal(seed=5, dealer=dealer)
    rng = random.Random(5)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
    return s


# ----- nothing crashes the interpreter ----------------------------------------------------------

FUZZ = textwrap.dedent(r"""
    import random, pickle, stich
    g = stich.Couillon()
    rng = random.Random(7)
    over = g.deal(seed=3)
    while not over.is_terminal:
        over.apply(over.legal_actions()[0])
    surprising = set()
    junk = [None, -1, 0, 1, 63, 64, 75, 2**15, 2**16, 2**63, 2**64, -2**70, 1.5, "", " ", "XX", "CA",
            "\u2660", "\u2660\u2660", "10", "1010", "\x00", "\udcff", b"CA", [], ["CA"], ["CA", None], {}, {0: 1},
            stich.Card("EO"), stich.CardSet("EO GU"), stich.CardSet.from_bits(0), object()]
    calls = [
        lambda x: stich.Card(x), lambda x: stich.Card(x, deck="french24"), lambda x: stich.CardSet(x),
        lambda x: stich.CardSet(x, deck="french52"), lambda x: stich.Deck(x), lambda x: stich.Deck("french24").parse(x),
        lambda x: stich.Deck("german32").flush_value(x), lambda x: stich.Contract.couillon(x),
        lambda x: stich.Contract.couillon("H").legal(x, []), lambda x: stich.Contract.couillon("H").legal("CA", x),
        lambda x: stich.Contract.couillon("H").winner(x), lambda x: stich.Contract.couillon("H").points(x),
        lambda x: stich.Contract.couillon("H").forbidden(x, "CA"), lambda x: stich.Contract.mistigri("E", x),
        lambda x: g.deal(seed=x), lambda x: g.deal(seed=1, dealer=x), lambda x: g.deal(seed=1, hands=x),
        lambda x: g.deal(seed=1, hands=[x]), lambda x: g.deal(seed=1, hands={x: "CA"}),
        lambda x: g.deal(seed=1).apply(x), lambda x: g.deal(seed=1).hand(x), lambda x: g.deal(seed=1).view(x),
        lambda x: g.deal(seed=1).view(0).known(x), lambda x: g.deal(seed=1).action_text(x),
        lambda x: stich.perft(over, x), lambda x: g.random_playouts(3, seed=x),
        lambda x: g.match(seed=1).record(x), lambda x: stich.Couillon(kontra_doubles=x),
        lambda x: str(stich.CardSet.from_bits(0) | x), lambda x: stich.CardSet("EO") == x,
    ]
    n = 0
    for call in calls:
        for x in junk:
            try:
                call(x)
            except (ValueError, TypeError, IndexError, OverflowError):
                pass
            except Exception as e:   # not a crash, but reported
                surprising.add(type(e).__name__)
            n += 1
    # random actions, texts and ids against live states
    for seed in range(30):
        s = g.deal(seed=seed)
        while not s.is_terminal:
            for junk_action in (rng.randrange(-5, 80), rng.choice(["pass", "Mit", "Re", "CA", "HT"])):
                try:
                    s.apply(junk_action)
                except (ValueError, TypeError):
                    pass
                except Exception as e:
                    surprising.add(type(e).__name__)
            if not s.is_terminal:
                s.apply(rng.choice(s.legal_actions()))
    print("survived", n, sorted(surprising))
""")


def test_nothing_crashes_the_interpreter(tmp_path):
    # The child imports the same stich as this process (installed, or the sanitizer build) and
    # inherits the environment (LD_PRELOAD of the sanitizer run).
    package_parent = Path(stich.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(package_parent), "PYTHONDONTWRITEBYTECODE": "1"}
    script = tmp_path / "fuzz.py"
    script.write_text(FUZZ, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "survived" in proc.stdout
