"""Names for suits and ranks (G-1). Card ids are ``suit * 16 + rank``."""

from __future__ import annotations

from enum import IntEnum


class Suit(IntEnum):
    """Suit lanes; German and French suits share them (Eichel ~ clubs, Gras ~ spades,
    Herz ~ hearts, Schellen ~ diamonds)."""

    ACORNS = 0
    LEAVES = 1
    HEARTS = 2
    BELLS = 3
    CLUBS = 0
    SPADES = 1
    DIAMONDS = 3


class Rank(IntEnum):
    """Rank codes, the same in both alphabets."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    UNTER = 11
    OBER = 12
    KING = 13
    ACE = 14
    JACK = 11
    QUEEN = 12
