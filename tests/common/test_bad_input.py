"""Bad input gives a clear Python exception with an informative message, never a crash.

ValueError for bad values (IllegalActionError, a ValueError, for actions), TypeError for values
of the wrong type, IndexError for seats and locations out of range (G-1, G-3, DESIGN "Public API").
"""

from __future__ import annotations

import re
import textwrap

import pytest
from helpers.isolated import run_script

import stich
from helpers.random_play import finished_deal

pytestmark = pytest.mark.rules

GAME = stich.Couillon()
TRUMP_LEGAL = "legal: Clubs, Spades, Hearts, Diamonds, reveal"


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
    s = finished_deal(GAME)
    assert s.legal_actions() == [] and s.current_player is None
    with pytest.raises(stich.IllegalActionError, match="the deal is over"):
        s.apply(action)


def test_apply_action_object_after_the_end():
    s = finished_deal(GAME)
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

@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("dealer", [4, -1, 99, "0", 1.0, True, None])
def test_bad_dealer(dealer, name):
    """A seat out of range is an IndexError, one of the wrong type a TypeError (docs/api.md)."""
    game = stich.GAMES[name]()
    in_range = isinstance(dealer, int) and not isinstance(dealer, bool)   # else the bindings' type check
    error = IndexError if in_range else TypeError
    message = f"dealer must be a seat 0..{game.num_players - 1}, got {dealer!r}" if in_range else f"dealer must be an int, got {dealer!r}"
    with pytest.raises(error, match=re.escape(message)):
        game.deal(seed=1, dealer=dealer)
    with pytest.raises(error, match=re.escape(message)):
        game.match(seed=1, dealer=dealer)


@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_seed_out_of_range(seed, name):
    game = stich.GAMES[name]()
    message = rf"^seed must be an int in 0..2\*\*64-1, got {seed}$"   # the bindings' one check
    with pytest.raises(ValueError, match=message):
        game.deal(seed=seed)
    with pytest.raises(ValueError, match=message):
        game.random_playouts(3, seed=seed)
    with pytest.raises(ValueError, match=message):
        game.match(seed=seed)


@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("seed", [1.0, 1.5, True, False, "7", b"7", [1]])
def test_seed_wrong_type(seed, name):
    with pytest.raises(TypeError, match=r"^seed must be an int in 0..2\*\*64-1, got "):
        stich.GAMES[name]().deal(seed=seed)


def test_unknown_option():
    with pytest.raises(ValueError, match=r"unknown option\(s\) for Couillon: players, target; "
                                         r"valid options: kontra_doubles \(default False\)"):
        stich.Couillon(target=21, players=6)


@pytest.mark.parametrize("value", [1, "True", None, 0.0])
def test_bad_option_value(value):
    with pytest.raises(ValueError, match=f"option kontra_doubles of Couillon must be True or False, got {value!r}"):
        stich.Couillon(kontra_doubles=value)


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_random_playouts_negative(name):
    with pytest.raises(stich.InvalidArgumentError, match=r"^n \(the number of deals\) must be an int >= 0, got -1$"):
        stich.GAMES[name]().random_playouts(-1, seed=1)
    with pytest.raises(TypeError, match=r"^n must be an int, got 2.0$"):
        stich.GAMES[name]().random_playouts(2.0, seed=1)


@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("card_id", [-1, 64, 256 + 3, 2**40])
def test_card_ids_out_of_range_are_refused_by_the_core(name, card_id):
    """The rules' deal takes card ids (the Python layer parses card text into them): the core's one
    check (fixed_cards) refuses an id that is no card before it could wrap to another card."""
    rules = stich.GAMES[name]()._rules
    with pytest.raises(stich.InvalidArgumentError, match=rf"^card id {card_id} is no card \(ids are 0..63\)$"):
        rules.deal(1, 0, [[card_id]])
    with pytest.raises(stich.InvalidArgumentError, match=rf"^card id {card_id} is no card"):
        rules._deal_cards(1, 0, [[card_id]])


@pytest.mark.parametrize("name", list(stich.GAMES))
def test_more_hands_than_seats_are_refused_by_the_core(name):
    game = stich.GAMES[name]()
    hands = [[] for _ in range(game.num_players + 1)]
    with pytest.raises(stich.InvalidArgumentError, match=rf"^hands \(one list a seat\): at most {game.num_players}, got {len(hands)}$"):
        game._rules.deal(1, 0, hands)


# ----- seats, views, perft ----------------------------------------------------------------------

@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("seat", [4, -1, 99])
def test_hand_seat_out_of_range(seat, name):
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        stich.GAMES[name]().deal(seed=1).hand(seat)


@pytest.mark.parametrize("name", list(stich.GAMES))
@pytest.mark.parametrize("seat", [99, 4, -1])
def test_view_seat_out_of_range(seat, name):
    with pytest.raises(IndexError, match=f"seat {seat} out of range 0..3"):
        stich.GAMES[name]().deal(seed=1).view(seat)


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
        m.record(finished_deal(GAME, 5, 1))
    with pytest.raises(TypeError):
        m.record("deal")


# ----- nothing crashes the interpreter ----------------------------------------------------------

FUZZ = textwrap.dedent(r"""
    import random, pickle, stich
    from helpers.fuzzing import junk_on_live_states, try_each
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
    n = sum(try_each(call, junk, surprising) for call in calls)
    # random actions, texts and ids against live states
    junk_on_live_states((g.deal(seed=seed) for seed in range(30)),
                        lambda rng: (rng.randrange(-5, 80), rng.choice(["pass", "Mit", "Re", "CA", "HT"])),
                        rng, surprising)
    print("survived", n, sorted(surprising))
""")


def test_nothing_crashes_the_interpreter(tmp_path):
    proc = run_script(FUZZ, tmp_path, "fuzz.py")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "survived" in proc.stdout


# ----- objects made by __new__ without __init__ --------------------------------------------------

UNINITIALISED = textwrap.dedent(r"""
    import inspect, pickle, stich
    from stich import _core
    MESSAGE = "made by __new__ without __init__"
    SKIP = {"__init__", "__new__", "__setstate__", "__init_subclass__", "__subclasshook__", "__class__",
            "__dir__", "__getattribute__", "__setattr__", "__delattr__", "__reduce__", "__reduce_ex__",
            "__sizeof__", "__format__", "__getstate__"}
    classes = [c for _, c in inspect.getmembers(_core, inspect.isclass) if type(c).__name__ == "pybind11_type"]
    functions = [f for _, f in inspect.getmembers(_core, callable) if not inspect.isclass(f)]
    good = stich.Couillon().deal(seed=1)
    args = [(), (0,), ("EO",), (good,), (0, 0), ("EO", "EO"), (good, 0), (0, 0, 0)]
    problems, checked = [], 0
    for cls in classes:
        blank = cls.__new__(cls)
        hits = 0
        for use in (repr, str, hash, len, iter, bool, int, lambda o: o == good, lambda o: pickle.dumps(o)):
            try:
                use(blank)
            except TypeError as e:
                hits += MESSAGE in str(e)
            except Exception as e:
                problems.append(f"{cls.__name__} {use}: {type(e).__name__}: {e}")
        own = {n for k in cls.__mro__ if type(k).__name__ == "pybind11_type" for n in vars(k)}
        for name in sorted(own - SKIP):
            if isinstance(inspect.getattr_static(cls, name), staticmethod):
                continue
            try:
                attr = getattr(blank, name)
            except TypeError as e:   # a property
                hits += MESSAGE in str(e)
                continue
            if not callable(attr) or isinstance(attr, type):
                continue
            for a in args:
                try:
                    attr(*a)
                except TypeError as e:
                    hits += MESSAGE in str(e)
                except Exception as e:
                    problems.append(f"{cls.__name__}.{name}{a}: {type(e).__name__}: {e}")
                else:
                    if name not in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
                        problems.append(f"{cls.__name__}.{name}{a} returned")
        # as an argument of every function and of the Python wrappers
        for f in functions + [stich.ismcts, stich.position_text, lambda o: good.is_consistent_with(o),
                              lambda o: stich.Card(o), lambda o: stich.CardSet([o]), lambda o: good.apply(o)]:
            for a in ((blank,), (blank, 1), (good, blank)):
                try:
                    f(*a)
                except (TypeError, ValueError, IndexError, AttributeError) as e:
                    hits += MESSAGE in str(e)
        if not hits:
            problems.append(f"{cls.__name__}: no use said it was uninitialised")
        checked += 1
    # pickling makes its objects through __new__ and __setstate__, which still works
    for obj in (stich.Card("EO"), stich.CardSet("SA SQ"), stich.Deck("french52")):
        assert pickle.loads(pickle.dumps(obj)) == obj
    print("checked", checked, "problems", problems)
""")


def test_uninitialised_objects_raise_type_error(tmp_path):
    """Every class of stich._core made by cls.__new__(cls) without __init__: its methods,
    properties and slots, and the functions it is passed to, raise TypeError instead of reading
    a value that was never made (repr(), view() and ismcts() crashed the interpreter)."""
    proc = run_script(UNINITIALISED, tmp_path, "uninitialised.py")
    assert proc.returncode == 0, proc.stderr[-3000:]
    checked = int(re.search(r"checked (\d+)", proc.stdout).group(1))
    # Alphabet, Card, CardSet, Deck, Action, InfoSet, Contract, and every game's Rules, State, Match
    assert checked >= 7 + 3 * len(stich.GAMES), proc.stdout
    assert proc.stdout.strip().endswith("problems []"), proc.stdout[-3000:]


# ----- messages quote the input like repr() -----------------------------------------------------

def test_nul_in_text_quoted():
    """A NUL used to cut the message short (apply('pass\\x00') said "'pass"): every echo of input
    text is quoted like Python's repr()."""
    state = GAME.deal(seed=1)
    cases = [
        (lambda: state.apply("pass\x00"), stich.IllegalActionError,
         r"^'pass\\x00' is not a legal action for seat 1; " + TRUMP_LEGAL + "$"),
        (lambda: stich.Card("E\x00O"), ValueError, r"^bad card text 'E\\x00O': not a German card"),
        (lambda: stich.Card("S\x00X", deck="german24"), ValueError, r"^bad card text 'S\\x00X' for the german24 deck: not a card"),
        (lambda: stich.CardSet("EO G\x00U"), ValueError, r"^bad card text 'G\\x00U' for the german36 deck"),
        (lambda: stich.Deck("german\x0024"), ValueError, r"^unknown deck 'german\\x0024'; accepted: german24, "),
        (lambda: stich.Contract.mucken("Mu\x00ck"), ValueError, r"^unknown Mucken game 'Mu\\x00ck'; accepted: Muck"),
        (lambda: stich.Contract.couillon("\x00"), ValueError, r"^unknown trump suit '\\x00'; accepted: C, S, H, D$"),
        (lambda: state.view(0).known("tal\x00on"), ValueError, r"^unknown location 'tal\\x00on'; locations: seat0"),
        (lambda: stich.Mistigri(deck="x\x00"), ValueError, r"got 'x\\x00'$"),
        (lambda: stich.parse("stich position 1\ngame: Couillon\ndealer: 0\nseat: 1\nhand: HK\nhistory: 1 pa\x00ss\n"),
         ValueError, r"^line 6 \(history\): history entry 0 \('1 pa\\x00ss'\): 'pa\\x00ss' is not a legal action for seat 1"),
        (lambda: state.apply("it's\n"), stich.IllegalActionError, r"""^"it's\\n" is not a legal action"""),   # repr's quotes
    ]
    for call, error, pattern in cases:
        with pytest.raises(error, match=pattern):
            call()
    assert state == GAME.deal(seed=1)


def test_bad_card_message_says_its_prefix_once():
    with pytest.raises(ValueError) as e:
        stich.parse("stich position 1\ngame: Mucken\ndealer: 0\nseat: 1\nhand: SX EK\nhistory: -\n")
    assert str(e.value).startswith("line 5 (hand): bad card text 'SX' for the german24 deck: not a card. Accepted:")
    assert str(e.value).count("SX") == 1 and str(e.value).count("german24") == 1


def test_deck_given_by_name_or_deck():
    """Card/CardSet/Contract take a deck by name or as a Deck; anything else (bytes too) is a
    TypeError that lists the names."""
    german24 = stich.Deck("german24")
    assert stich.Card("EO", deck=german24) == stich.Card("EO", deck="german24")
    assert stich.CardSet("EO GU", deck=german24) == stich.CardSet("EO GU", deck="german24")
    assert stich.Contract.mistigri("E", deck=stich.Deck("german32")).trumps == \
        stich.Contract.mistigri("E", deck="german32").trumps
    assert stich.Deck(german24) == german24 and german24 != "german24" and german24 != 24
    names = "names: german24, german32, german36, french24, french32, french36, french52"
    for bad in (b"german24", 24, None, ["german24"]):
        with pytest.raises(TypeError, match=f"a deck is given by its name \\(a str\\) or as a Deck, got .*; {names}$"):
            stich.Deck(bad)
        if bad is not None:
            with pytest.raises(TypeError, match=names):
                stich.Card("EO", deck=bad)
            with pytest.raises(TypeError, match=names):
                stich.CardSet("EO", deck=bad)
