"""Card, CardSet and Deck (G-1 card text, M-2 flush values: docs/rules/; SPEC "Cards")."""

from __future__ import annotations

import copy
import pickle
import re

import pytest

import stich
from stich import Alphabet, Card, CardSet, Deck

pytestmark = pytest.mark.rules

DECK_SIZES = {"german24": 24, "german32": 32, "german36": 36,
              "french24": 24, "french32": 32, "french36": 36, "french52": 52}


# ----- parsing (G-1) ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, deck, canonical, card_id", [
    # suit first, both alphabets; without a deck German wins when the text reads as German
    ("EO", None, "EO", 12), ("HZ", None, "HZ", 42), ("SU", None, "SU", 59), ("G7", None, "G7", 23),
    ("SQ", None, "SQ", 28), ("CJ", None, "CJ", 11), ("DT", None, "DT", 58), ("H2", None, "H2", 34),
    ("SA", None, "SA", 62),                        # reads as German: Schellen-Ass
    # rank first
    ("OE", None, "EO", 12), ("QS", None, "SQ", 28), ("AS", None, "SA", 62), ("9S", None, "S9", 57),
    # the ten as 10
    ("E10", None, "EZ", 10), ("10H", "german32", "HZ", 42), ("10C", None, "CT", 10), ("D10", None, "DT", 58),
    ("H10", "french24", "HT", 42),
    # lower case and surrounding blanks
    ("eo", None, "EO", 12), ("sq", None, "SQ", 28), ("  HA ", "french24", "HA", 46),
    # Unicode suit symbols, black and white; the alphabet follows the rank letter or the deck
    ("\u2663O", None, "EO", 12), ("\u2660Q", None, "SQ", 28), ("\u2666U", None, "SU", 59),
    ("\u2666J", None, "DJ", 59), ("A\u2665", None, "HA", 46), ("\u2667O", None, "EO", 12),
    ("\u2660A", "german32", "GA", 30), ("\u2660A", "french24", "SA", 30),
    ("\u26637", "german32", "E7", 7), ("\u26637", "french32", "C7", 7), ("10\u2663", "french24", "CT", 10),
    # the deck decides the alphabet: S is Schellen in German decks, spades in French ones
    ("SA", "german24", "SA", 62), ("SA", "french24", "SA", 30), ("S9", "french24", "S9", 25),
])
def test_parse_forms(text, deck, canonical, card_id):
    c = Card(text, deck=deck)
    assert str(c) == canonical
    assert c.id == card_id
    assert (c.suit, c.rank) == (card_id // 16, card_id % 16)
    assert repr(c) == f"Card('{canonical}')"


def test_alphabets():
    assert Card("EO").alphabet == Alphabet.GERMAN
    assert Card("SQ").alphabet == Alphabet.FRENCH
    assert Card("SA", deck="french52").alphabet == Alphabet.FRENCH
    assert Card("SA").alphabet == Alphabet.GERMAN
    for name in DECK_SIZES:
        assert Deck(name).alphabet == (Alphabet.GERMAN if name.startswith("german") else Alphabet.FRENCH)
    # German letters O U Z and French Q J T name the same rank codes
    assert [Card(t).rank for t in ("EO", "EU", "EZ")] == [Card(t).rank for t in ("CQ", "CJ", "CT")] == [12, 11, 10]
    assert stich.Rank.QUEEN == stich.Rank.OBER == 12 and stich.Suit.SPADES == stich.Suit.LEAVES == 1


@pytest.mark.parametrize("text", ["", "X", "XQ", "E", "EOO", "E1", "E 10", "QQ", "\u2660", "1E", "E11", "CO", "EQ"])
def test_bad_text_quotes_input(text):
    with pytest.raises(ValueError, match=re.escape(f"bad card text '{text}'")) as e:
        Card(text)
    assert "accepted" in str(e.value)


@pytest.mark.parametrize("text, deck", [
    ("SZ", "french24"), ("CO", "french24"), ("EO", "french52"),   # wrong alphabet
    ("E8", "german24"), ("C2", "french32"), ("C6", "french32"), ("S8", "french24"),   # not in the deck
    ("SQ", "german32"), ("\u2660Q", "german36"),
])
def test_bad_text_for_a_deck(text, deck):
    with pytest.raises(ValueError, match=f"'{text}' for the {deck} deck") as e:
        Card(text, deck=deck)
    msg = str(e.value)
    assert "suits " + ("E G H S" if deck.startswith("german") else "C S H D") in msg
    assert "rank first" in msg and "'10'" in msg


def test_not_in_deck_says_so():
    with pytest.raises(ValueError, match="not in this deck"):
        Card("E8", deck="german24")
    with pytest.raises(ValueError, match="not in this deck"):
        Card("D2", deck="french36")
    assert str(Card("D2", deck="french52")) == "D2"


def test_card_equality_hash_order():
    assert Card("EO") == Card("OE") == "EO" == Card("eo")
    assert Card("EO") != "OE" and Card("EO") != "eo"   # a str only when it is the canonical text (docs/api.md)
    assert Card("EO") != Card("CQ")           # same id, other alphabet
    assert Card("EO") != "XX" and Card("EO") != 12
    assert hash(Card("EO")) == hash(Card("OE"))
    assert len({Card("EO"), Card("OE"), Card("\u2663O"), Card("GO")}) == 2
    assert sorted([Card("HA"), Card("EO"), Card("E9"), Card("GU")]) == [Card("E9"), Card("EO"), Card("GU"), Card("HA")]


def test_card_pickle_and_copy():
    for c in (Card("EO"), Card("SQ"), Card("SA", deck="french24"), Card("D2")):
        for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
            d = pickle.loads(pickle.dumps(c, protocol=proto))
            assert d == c and d.alphabet == c.alphabet and d.id == c.id and str(d) == str(c)
        assert copy.deepcopy(c) == c


# ----- CardSet ----------------------------------------------------------------------------------

def test_cardset_construction_forms_agree():
    want = CardSet("EO GU HA")
    assert len(want) == 3 and want.alphabet == Alphabet.GERMAN
    assert CardSet("HA, EO,GU") == want
    assert CardSet(["EO", "GU", "HA"]) == want
    assert CardSet([Card("EO"), Card("GU"), "HA"]) == want
    assert CardSet(want) == want
    assert CardSet("OE UG AH") == want
    assert CardSet("EO GU HA", deck="german24") == want
    assert Deck("german24").cards_of("EO GU HA") == want
    assert want.bits == (1 << 12) | (1 << 27) | (1 << 46)
    assert CardSet.from_bits(want.bits, Alphabet.GERMAN) == want


def test_cardset_french_text_list_agree():
    # G-1: a text and a list of the same card texts denote the same cards.
    assert CardSet("SA SQ") == CardSet("SA SQ", deck="french24")
    assert str(CardSet("SA SQ")) == "SA SQ" and CardSet("SA SQ").alphabet == Alphabet.FRENCH
    assert CardSet(["SA", "SQ"]) == CardSet("SA SQ")          # engine bug: reads SA as Schellen-Ass


def test_cardset_rejects_mixed_alphabets():
    with pytest.raises(ValueError):
        CardSet("EO SQ")
    with pytest.raises(ValueError, match="German and French"):
        CardSet("EO") | CardSet("SQ")
    with pytest.raises(ValueError):                            # engine bug: silently gives CQ SQ
        CardSet([Card("EO"), Card("SQ")])


def test_cardset_duplicates_rejected():
    with pytest.raises(ValueError, match="EO appears twice"):
        CardSet("EO GU EO")
    with pytest.raises(ValueError, match="EO appears twice"):
        CardSet(["EO", "OE"])
    with pytest.raises(ValueError, match="appears twice"):
        CardSet([Card("SQ"), Card("QS")])


def test_cardset_membership_and_len():
    s = CardSet("EO GU HA")
    assert "EO" in s and "OE" in s and Card("GU") in s and "HA" in s
    assert "SA" not in s and Card("CQ") not in s and "XX" not in s and 12 not in s
    assert len(s) == 3 and bool(s) and not CardSet() and len(CardSet()) == 0
    assert len(CardSet("", deck="french24")) == 0


def test_cardset_iteration_order_stable():
    s = CardSet("S9 HA EO E7 GU SZ EA HZ")
    order = ["EA", "EO", "E7", "GU", "HA", "HZ", "SZ", "S9"]   # by suit, then high rank code first
    assert [str(c) for c in s] == order
    assert [str(c) for c in CardSet(reversed(order))] == order
    assert [str(c) for c in s] == [str(c) for c in s]
    assert str(s) == " ".join(order) and repr(s) == f"CardSet('{' '.join(order)}')"
    f = CardSet("D9 SQ CA HT CT")
    assert str(f) == "CA CT SQ HT D9" and [c.id for c in f] == [14, 10, 28, 42, 57]


def test_cardset_operations():
    a, b = CardSet("EO GU HA"), CardSet("HA SZ")
    assert a | b == CardSet("EO GU HA SZ")
    assert a & b == CardSet("HA")
    assert a - b == CardSet("EO GU")
    assert a ^ b == CardSet("EO GU SZ")
    assert a | "S9" == CardSet("EO GU HA S9")
    assert a - ["EO"] == CardSet("GU HA")
    assert (a & CardSet("SZ")) == CardSet() and not (a & CardSet("SZ"))
    assert CardSet("EO") <= a and a >= CardSet("EO GU") and not (a <= b)
    # operands are not changed
    assert a == CardSet("EO GU HA") and b == CardSet("HA SZ")
    f = CardSet("SA SQ", deck="french24")
    assert (f | "HT") == CardSet("SA SQ HT", deck="french24") and (f | "HT").alphabet == Alphabet.FRENCH


def test_cardset_equality_and_hashing():
    a = CardSet("EO GU HA")
    assert a == CardSet("HA GU EO") and a == "EO GU HA" and a != "EO GU" and a != "XX"
    assert a != "GU EO HA"                         # a str only in the canonical order (docs/api.md)
    assert hash(a) == hash(CardSet("HA GU EO"))
    assert CardSet("EO") != CardSet("CQ")          # same bits, other alphabet
    d = {a: 1, CardSet("SA SQ"): 2}
    assert d[CardSet("HA EO GU")] == 1 and d[CardSet(["QS", "AS"], deck="french24")] == 2
    assert len({CardSet("EO GU"), CardSet("GU EO"), CardSet("EO")}) == 2
    assert CardSet() == CardSet("", deck="french24")   # the empty set has no alphabet


def test_cardset_pickle_and_copy():
    for s in (CardSet("EO GU HA"), CardSet("SA SQ"), CardSet(), Deck("french52").cards):
        for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
            t = pickle.loads(pickle.dumps(s, protocol=proto))
            assert t == s and t.alphabet == s.alphabet and str(t) == str(s) and hash(t) == hash(s)
        assert copy.copy(s) == s and copy.deepcopy(s) == s


# ----- Deck -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, size", DECK_SIZES.items())
def test_deck_sizes(name, size):
    d = Deck(name)
    assert d.name == name and len(d) == size and len(d.cards) == size and len(list(d)) == size
    assert len({c.id for c in d}) == size
    assert all(c in d for c in d) and all(c.alphabet == d.alphabet for c in d)
    assert [str(c) for c in d] == [str(c) for c in d.cards]
    assert repr(d) == f"Deck('{name}')"
    ranks = sorted({c.rank for c in d}, reverse=True)
    expected = {24: [14, 13, 12, 11, 10, 9], 32: [14, 13, 12, 11, 10, 9, 8, 7],
                36: [14, 13, 12, 11, 10, 9, 8, 7, 6], 52: list(range(14, 1, -1))}[size]
    assert ranks == expected
    assert sorted({c.suit for c in d}) == [0, 1, 2, 3]


def test_deck_contents():
    assert str(Deck("german24").cards) == ("EA EK EO EU EZ E9 GA GK GO GU GZ G9 "
                                           "HA HK HO HU HZ H9 SA SK SO SU SZ S9")
    assert Deck("german24").cards <= Deck("german32").cards <= Deck("german36").cards
    assert Deck("french24").cards <= Deck("french32").cards <= Deck("french36").cards <= Deck("french52").cards
    assert "E8" in Deck("german32") and "E8" not in Deck("german24") and "E6" in Deck("german36")
    assert "C2" in Deck("french52") and "C6" not in Deck("french32") and "EO" not in Deck("french52")
    assert Deck("french24") == Deck("french24") != Deck("german24")
    assert hash(Deck("french24")) == hash(Deck("french24"))


def test_deck_parse_keeps_order():
    d = Deck("french24")
    cards = d.parse("SQ CA 10H")
    assert [str(c) for c in cards] == ["SQ", "CA", "HT"]
    assert [str(c) for c in d.parse(["D9", Card("CA"), "QS"])] == ["D9", "CA", "SQ"]
    assert str(d.card("qs")) == "SQ" and d.card("SA").id == 30
    assert Deck("german24").card("SA").id == 62
    with pytest.raises(ValueError, match="appears twice"):
        d.parse("SQ QS")
    with pytest.raises(ValueError, match="'SZ'"):
        d.parse("CA SZ")


def test_unknown_deck():
    with pytest.raises(ValueError, match="unknown deck 'french53'; accepted: german24, german32, german36, "
                                         "french24, french32, french36, french52"):
        Deck("french53")


def test_flush_values_M_2():
    g = Deck("german32")
    assert [g.flush_value(f"E{r}") for r in "AKOUZ987"] == [11, 10, 10, 10, 10, 9, 8, 7]
    assert g.flush_value("EU") == 10                 # the Mistigri counts 10
    assert Deck("german36").flush_value("H6") == 6
    f = Deck("french52")
    assert [f.flush_value(f"C{r}") for r in "AKQJT98765432"] == [11, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2]
    assert f.flush_value("CJ") == 10
    assert sum(Deck("french32").flush_value(c) for c in Deck("french32")) == 4 * (11 + 40 + 9 + 8 + 7)
    with pytest.raises(ValueError):
        g.flush_value("CQ")
